// The edits her content lists share (a service's tiers, her social links and reels, a portfolio section), as new
// arrays: React state and the query cache compare by reference, so a list is never changed in place.

/** The list with the item at `index` replaced by `update(item)`. */
export const updateAt = <T>(list: readonly T[], index: number, update: (item: T) => T): T[] =>
  list.map((item, at) => (at === index ? update(item) : item));

/** The list without the item at `index`. */
export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);

// The shape of her portfolio as one value: runway shows and print concepts added, removed and reordered
// in the words (metadata) and the media (content) together, so a save never stores a show without its photos or
// photos of a concept that is gone. Pure functions of the draft: the editor keeps the result until she saves.
import { moveItem, type MediaItem, type Portfolio } from '@studio/shared/domain';
import { slugOf } from './service-form';

/** An address name not yet taken: the name's slug, then -2, -3...; never digits only (the map would reorder it). */
export function freshKey(name: string, taken: Iterable<string>, fallback: string): string {
  const used = new Set(taken);
  let base = slugOf(name) || fallback;
  if (/^\d+$/.test(base)) base = `${fallback}-${base}`;
  let key = base;
  for (let n = 2; used.has(key); n += 1) key = `${base}-${n}`;
  return key;
}

/** The record with its keys in the given order (JSON keeps an object's key order: it is the shows' order). */
const inOrder = <T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> =>
  Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k] as T]));

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export const showIds = (p: Portfolio) => Object.keys(p.meta.RUNWAY_SECTION_MAP);

export function addShow(p: Portfolio, title: string): { portfolio: Portfolio; id: string } {
  const id = freshKey(title, [...showIds(p), ...Object.keys(p.content.runway)], 'show');
  return {
    id,
    portfolio: {
      meta: { ...p.meta, RUNWAY_SECTION_MAP: { ...p.meta.RUNWAY_SECTION_MAP, [id]: title.trim() } },
      content: { ...p.content, runway: { ...p.content.runway, [id]: p.content.runway[id] ?? [] } },
    },
  };
}

/** The show goes with its subtitle and its media; `removed` are the media whose files go once this is saved. */
export function removeShow(p: Portfolio, id: string): { portfolio: Portfolio; removed: MediaItem[] } {
  return {
    removed: p.content.runway[id] ?? [],
    portfolio: {
      meta: {
        ...p.meta,
        RUNWAY_SECTION_MAP: without(p.meta.RUNWAY_SECTION_MAP, id),
        RUNWAY_SECTION_SUBTITLES: without(p.meta.RUNWAY_SECTION_SUBTITLES, id),
      },
      content: { ...p.content, runway: without(p.content.runway, id) },
    },
  };
}

export function moveShow(p: Portfolio, from: number, to: number): Portfolio {
  const order = moveItem(showIds(p), from, to);
  return {
    meta: {
      ...p.meta,
      RUNWAY_SECTION_MAP: inOrder(p.meta.RUNWAY_SECTION_MAP, order),
      RUNWAY_SECTION_SUBTITLES: inOrder(p.meta.RUNWAY_SECTION_SUBTITLES, order),
    },
    content: { ...p.content, runway: { ...inOrder(p.content.runway, order), ...p.content.runway } },
  };
}

export const conceptKeyOf = (p: Portfolio, name: string) => p.meta.PRINT_CONCEPT_KEY_MAP[name] ?? '';

export function addConcept(p: Portfolio, name: string): { portfolio: Portfolio; key: string } {
  const trimmed = name.trim();
  const key = freshKey(
    trimmed,
    [...Object.values(p.meta.PRINT_CONCEPT_KEY_MAP), ...Object.keys(p.content.print)],
    'concept',
  );
  return {
    key,
    portfolio: {
      meta: {
        ...p.meta,
        PRINT_CONCEPTS: [...p.meta.PRINT_CONCEPTS, trimmed],
        PRINT_CONCEPT_KEY_MAP: { ...p.meta.PRINT_CONCEPT_KEY_MAP, [trimmed]: key },
        PRINT_CONCEPT_DETAILS: {
          ...p.meta.PRINT_CONCEPT_DETAILS,
          [key]: { style: '', wardrobe: '', setting: '', purpose: '' },
        },
      },
      content: { ...p.content, print: { ...p.content.print, [key]: p.content.print[key] ?? [] } },
    },
  };
}

/** Renames the concept at `index`; its address name (the page's address) stays. */
export function renameConcept(p: Portfolio, index: number, name: string): Portfolio {
  const old = p.meta.PRINT_CONCEPTS[index];
  if (old === undefined) return p;
  const key = conceptKeyOf(p, old);
  const map = without(p.meta.PRINT_CONCEPT_KEY_MAP, old);
  return {
    ...p,
    meta: {
      ...p.meta,
      PRINT_CONCEPTS: p.meta.PRINT_CONCEPTS.map((n, i) => (i === index ? name : n)),
      PRINT_CONCEPT_KEY_MAP: { ...map, [name]: key },
    },
  };
}

export function removeConcept(p: Portfolio, index: number): { portfolio: Portfolio; removed: MediaItem[] } {
  const name = p.meta.PRINT_CONCEPTS[index];
  if (name === undefined) return { portfolio: p, removed: [] };
  const key = conceptKeyOf(p, name);
  return {
    removed: p.content.print[key] ?? [],
    portfolio: {
      meta: {
        ...p.meta,
        PRINT_CONCEPTS: p.meta.PRINT_CONCEPTS.filter((_, i) => i !== index),
        PRINT_CONCEPT_KEY_MAP: without(p.meta.PRINT_CONCEPT_KEY_MAP, name),
        PRINT_CONCEPT_DETAILS: without(p.meta.PRINT_CONCEPT_DETAILS, key),
      },
      content: { ...p.content, print: without(p.content.print, key) },
    },
  };
}

export function moveConcept(p: Portfolio, from: number, to: number): Portfolio {
  return { ...p, meta: { ...p.meta, PRINT_CONCEPTS: moveItem(p.meta.PRINT_CONCEPTS, from, to) } };
}

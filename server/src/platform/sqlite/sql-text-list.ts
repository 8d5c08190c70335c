// A fixed list of words (a domain constant such as the closed booking statuses) written into SQL as `'A', 'B'`, so a
// query and the code that decides in the domain read the same list. Only plain words are taken: never anything a
// request carries, which always goes in as a bound parameter.
export function sqlTextList(values: readonly string[]): string {
  if (values.length === 0) throw new Error('An SQL list needs at least one value.');
  for (const value of values) {
    if (!/^[A-Za-z][A-Za-z -]*$/.test(value)) throw new Error(`Not a plain word for an SQL list: ${value}`);
  }
  return values.map((value) => `'${value}'`).join(', ');
}

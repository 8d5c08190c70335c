// What production Firestore does and the emulator does not: refuse a query that no index serves. The emulator answers
// every query, so a store's new query with no composite index in firestore.indexes.json would pass every test here and
// fail on Google with FAILED_PRECONDITION. The guard works out the index a query needs from the request the client
// library is about to send and refuses the query in the test, naming the index entry to add.
//
// Firestore's rules, as its documentation states them: equality filters alone are served by merging the single-field
// indexes; one order (or one inequality field, which orders by itself) with no equality is served by that field's
// single-field index; anything else needs a composite index listing the equality fields first, then the orders in
// their directions. A field whose single-field indexes a `fieldOverrides` entry removed serves nothing on its own.
import { Query } from '@google-cloud/firestore';

export type Order = 'ASCENDING' | 'DESCENDING';

export interface IndexField {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: Array<{ order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: string }>;
}

export interface IndexSpec {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

/** The parts of a RunQueryRequest's structuredQuery the guard reads. */
interface StructuredQuery {
  from?: Array<{ collectionId?: string; allDescendants?: boolean }>;
  where?: FilterProto;
  orderBy?: Array<{ field: { fieldPath: string }; direction?: Order }>;
}

type FilterProto = {
  compositeFilter?: { op: string; filters: FilterProto[] };
  fieldFilter?: { field: { fieldPath: string }; op: string };
  unaryFilter?: { field: { fieldPath: string }; op: string };
};

const EQUALITY = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const ARRAY = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);
const DOCUMENT_NAME = '__name__';

interface Filters {
  equalities: Map<string, 'value' | 'array'>;
  inequalities: Set<string>;
}

function readFilters(filter: FilterProto | undefined, into: Filters): Filters {
  if (!filter) return into;
  if (filter.compositeFilter) {
    if (filter.compositeFilter.op !== 'AND')
      throw new Error('The index guard does not know OR queries yet: teach it before the stores use one.');
    for (const f of filter.compositeFilter.filters) readFilters(f, into);
    return into;
  }
  const single = filter.fieldFilter ?? filter.unaryFilter;
  if (!single) return into;
  const field = single.field.fieldPath;
  if (EQUALITY.has(single.op)) into.equalities.set(field, 'value');
  else if (ARRAY.has(single.op)) into.equalities.set(field, 'array');
  else into.inequalities.add(field);
  return into;
}

/** What a query asks of the indexes: single-field indexes only, or one composite index. */
export type IndexNeed =
  | { kind: 'single'; collectionGroup: string; fields: Array<{ fieldPath: string; mode: Order | 'CONTAINS' | 'ANY' }> }
  | { kind: 'composite'; index: CompositeIndex; equalityCount: number };

export function indexNeededBy(query: StructuredQuery): IndexNeed {
  const from = query.from?.[0] ?? {};
  const collectionGroup = from.collectionId ?? '';
  const { equalities, inequalities } = readFilters(query.where, { equalities: new Map(), inequalities: new Set() });
  // The document name closes every index by itself, so an order on it last adds nothing to ask for.
  const orders = (query.orderBy ?? []).map((o) => ({
    fieldPath: o.field.fieldPath,
    order: o.direction ?? 'ASCENDING',
  }));
  while (orders.at(-1)?.fieldPath === DOCUMENT_NAME) orders.pop();
  // Firestore orders by each inequality field the query did not order by, after the explicit orders, by name.
  const direction: Order = orders.at(-1)?.order ?? 'ASCENDING';
  for (const field of [...inequalities].sort()) {
    if (!orders.some((o) => o.fieldPath === field)) orders.push({ fieldPath: field, order: direction });
  }
  const equalityFields = [...equalities].filter(([field]) => !orders.some((o) => o.fieldPath === field));

  if (orders.length === 0 || (equalityFields.length === 0 && orders.length === 1)) {
    return {
      kind: 'single',
      collectionGroup,
      fields: [
        ...equalityFields.map(([fieldPath, how]) => ({
          fieldPath,
          mode: how === 'array' ? ('CONTAINS' as const) : ('ANY' as const),
        })),
        ...orders.map((o) => ({ fieldPath: o.fieldPath, mode: o.order })),
      ],
    };
  }
  return {
    kind: 'composite',
    index: {
      collectionGroup,
      queryScope: from.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
      fields: [
        ...equalityFields
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([fieldPath, how]): IndexField =>
            how === 'array' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: 'ASCENDING' },
          ),
        ...orders,
      ],
    },
    equalityCount: equalityFields.length,
  };
}

const withoutName = (fields: IndexField[]) =>
  fields.at(-1)?.fieldPath === DOCUMENT_NAME ? fields.slice(0, -1) : fields;

/** Whether one index of the spec serves the composite need: the equality fields first (in any order), then the orders. */
function compositeServed(need: CompositeIndex, equalityCount: number, spec: IndexSpec): boolean {
  const wanted = need.fields;
  return spec.indexes.some((index) => {
    if (index.collectionGroup !== need.collectionGroup || index.queryScope !== need.queryScope) return false;
    const fields = withoutName(index.fields);
    if (fields.length !== wanted.length) return false;
    const head = fields.slice(0, equalityCount);
    const equalitiesMatch = wanted
      .slice(0, equalityCount)
      .every((w) =>
        head.some((f) => f.fieldPath === w.fieldPath && (w.arrayConfig ? f.arrayConfig === 'CONTAINS' : !!f.order)),
      );
    const ordersMatch = wanted
      .slice(equalityCount)
      .every(
        (w, i) => fields[equalityCount + i]?.fieldPath === w.fieldPath && fields[equalityCount + i]?.order === w.order,
      );
    return equalitiesMatch && ordersMatch;
  });
}

/** Why the spec cannot serve the query, or null when it can. */
export function missingIndex(query: StructuredQuery, spec: IndexSpec): string | null {
  const need = indexNeededBy(query);
  if (need.kind === 'single') {
    for (const field of need.fields) {
      const override = spec.fieldOverrides?.find(
        (o) => o.collectionGroup === need.collectionGroup && o.fieldPath === field.fieldPath,
      );
      if (!override) continue;
      const kept = override.indexes.some((i) =>
        field.mode === 'CONTAINS'
          ? i.arrayConfig === 'CONTAINS'
          : field.mode === 'ANY'
            ? !!i.order
            : i.order === field.mode,
      );
      if (!kept)
        return `Firestore cannot run this query: firestore.indexes.json's fieldOverrides removes the single-field index on ${need.collectionGroup}.${field.fieldPath} it needs.`;
    }
    return null;
  }
  if (compositeServed(need.index, need.equalityCount, spec)) return null;
  return `Firestore needs a composite index for this query that firestore.indexes.json lacks; add to "indexes": ${JSON.stringify(need.index)}`;
}

/**
 * Makes every query this process's Firestore client runs pass through missingIndex first: a query no index serves
 * throws before it is sent, as Google's Firestore would refuse it. Returns a function that takes the guard off.
 */
export function guardQueries(spec: IndexSpec): () => void {
  const proto = Query.prototype as unknown as {
    toProto: (...args: unknown[]) => { structuredQuery?: StructuredQuery };
  };
  const original = proto.toProto;
  proto.toProto = function guardedToProto(this: unknown, ...args: unknown[]) {
    const request = original.apply(this, args);
    if (request.structuredQuery) {
      const missing = missingIndex(request.structuredQuery, spec);
      if (missing) throw new Error(missing);
    }
    return request;
  };
  return () => {
    proto.toProto = original;
  };
}

// Weakened copies of firestore.rules, one condition removed in each: every condition joined by && (at any depth of
// parentheses, in an allow statement or a function) is replaced by `true`, and so is every allow statement's and
// every function's whole condition. rules-mutation.test.ts requires the cases to notice each one.

export interface RulesMutant {
  /** Where and what was removed, e.g. "L84 request.resource.data.isAvailable is bool". */
  label: string;
  rules: string;
}

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Splits source[start, end) at top-level occurrences of `op` ('&&' or '||'); answers the parts' spans. */
function splitTop(source: string, start: number, end: number, op: string): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let depth = 0;
  let quote: string | undefined;
  let from = start;
  for (let i = start; i < end; i++) {
    const ch = source[i] ?? '';
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (OPEN.has(ch)) depth++;
    else if (CLOSE.has(ch)) depth--;
    else if (depth === 0 && source.startsWith(op, i)) {
      parts.push([from, i]);
      from = i + op.length;
      i += op.length - 1;
    }
  }
  parts.push([from, end]);
  return parts;
}

function hasTopLevel(source: string, start: number, end: number, ch: string): boolean {
  return splitTop(source, start, end, ch).length > 1;
}

/** Trims whitespace from a span. */
function trimSpan(source: string, [s, e]: [number, number]): [number, number] {
  while (s < e && /\s/.test(source[s] ?? '')) s++;
  while (e > s && /\s/.test(source[e - 1] ?? '')) e--;
  return [s, e];
}

/** The span inside a fully parenthesised expression "( ... )", or undefined. */
function innerOfGroup(source: string, [s, e]: [number, number]): [number, number] | undefined {
  if (source[s] !== '(' || source[e - 1] !== ')') return undefined;
  let depth = 0;
  for (let i = s; i < e; i++) {
    if (OPEN.has(source[i] ?? '')) depth++;
    else if (CLOSE.has(source[i] ?? '')) depth--;
    if (depth === 0 && i < e - 1) return undefined;
  }
  return [s + 1, e - 1];
}

/** Every condition of an expression that can be removed (replaced by true): the spans of && operands. */
function removableConditions(source: string, span: [number, number], out: Array<[number, number]>): void {
  const [start, end] = trimSpan(source, span);
  // A conditional (a ? b : c) binds looser than && and ||: only its parenthesised parts are split.
  const conditional = hasTopLevel(source, start, end, '?');
  for (const disjunct of conditional ? [[start, end] as [number, number]] : splitTop(source, start, end, '||')) {
    const conjuncts = conditional ? [disjunct] : splitTop(source, disjunct[0], disjunct[1], '&&');
    for (const conjunct of conjuncts) {
      const c = trimSpan(source, conjunct);
      if (conjuncts.length > 1) out.push(c);
    }
  }
  // Parenthesised groups anywhere in the expression hold conditions of their own.
  let depth = 0;
  let groupStart = -1;
  let quote: string | undefined;
  for (let i = start; i < end; i++) {
    const ch = source[i] ?? '';
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') {
      if (depth === 0) groupStart = i;
      depth++;
    } else if (ch === ')') {
      depth--;
      if (depth === 0 && groupStart >= 0) {
        const inner = innerOfGroup(source, [groupStart, i + 1]);
        if (inner && (hasTopLevel(source, ...inner, '&&') || hasTopLevel(source, ...inner, '||')))
          removableConditions(source, inner, out);
        groupStart = -1;
      }
    }
  }
}

/** The span of an expression that starts at `from` and ends before the first top-level ';'. */
function expressionEnd(source: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < source.length; i++) {
    const ch = source[i] ?? '';
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (OPEN.has(ch)) depth++;
    else if (CLOSE.has(ch)) depth--;
    else if (ch === ';' && depth === 0) return i;
  }
  throw new Error(`no ';' after offset ${from}`);
}

/** Removes // comments (keeping offsets: they become spaces) so the scanner never reads a quote inside one. */
function blankComments(source: string): string {
  return source.replace(/\/\/[^\n]*/g, (c) => ' '.repeat(c.length));
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function rulesMutants(rules: string): RulesMutant[] {
  const source = blankComments(rules);
  const spans: Array<{ span: [number, number]; whole: boolean }> = [];
  const heads = /\ballow\s+[a-z, ]+:\s*if\s+|\bfunction\s+\w+\([^)]*\)\s*\{\s*return\s+/g;
  for (let m = heads.exec(source); m; m = heads.exec(source)) {
    const start = m.index + m[0].length;
    const end = expressionEnd(source, start);
    const whole = trimSpan(source, [start, end]);
    if (source.slice(...whole).trim() !== 'true') spans.push({ span: whole, whole: true });
    const parts: Array<[number, number]> = [];
    removableConditions(source, whole, parts);
    for (const p of parts) spans.push({ span: p, whole: false });
  }
  const seen = new Set<string>();
  const mutants: RulesMutant[] = [];
  for (const { span, whole } of spans) {
    const key = `${span[0]}:${span[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    mutants.push({
      label: `L${lineOf(rules, span[0])} ${whole ? 'whole condition: ' : ''}${squash(rules.slice(...span))}`,
      rules: `${rules.slice(0, span[0])}true${rules.slice(span[1])}`,
    });
  }
  return mutants;
}

/**
 * The compact encodings of the listing columns (catalog.listing), written by main and read by
 * the page. JSON of one long string parses far faster than an array of many short strings or
 * numbers (one allocation, no per-element work), and is a fraction of the bytes, so columns
 * travel as joined strings and the page splits them once.
 * No imports beyond this folder: the renderer bundles it.
 */

/** Strings joined by SEPARATOR; one holding SEPARATOR itself is left empty in `joined` and sent whole in `odd`. */
export interface TextColumn {
  joined: string;
  /** [position, value] of the strings that hold SEPARATOR. */
  odd: [number, string][];
}

const SEPARATOR = '\n';

export function joinTexts(values: readonly string[]): TextColumn {
  const odd: [number, string][] = [];
  const clean = values.map((value, position) => {
    if (!value.includes(SEPARATOR)) return value;
    odd.push([position, value]);
    return '';
  });
  return { joined: clean.join(SEPARATOR), odd };
}

/** The strings of `column`, `count` of them. */
export function splitTexts(column: TextColumn, count: number): string[] {
  const values = count === 0 ? [] : column.joined.split(SEPARATOR);
  if (values.length !== count) throw new Error(`A listing column holds ${values.length} strings where ${count} were expected`);
  for (const [position, value] of column.odd) values[position] = value;
  return values;
}

/*
 * Posting lists: per term the ascending positions of the brands holding it, each value
 * `(position - previous position) * 2 + named`, written in base 32, high digits first: a
 * continuation digit is '0'..'O', the last digit '^'..'}'. Neither range holds '"', '\\' or a
 * control character (JSON escapes none of them) nor the space that separates terms' lists. A
 * delta under 16 (a common word) takes one byte, against 2–6 as a JSON number.
 */
const CONTINUATION = 0x30;
const LAST = 0x5e;
/** Between two terms' lists in `CatalogListingColumns.postings`. */
export const POSTINGS_SEPARATOR = ' ';

/** Most code units one value takes: a value below 2^30 (positions are far fewer) has at most six base-32 digits. */
export const MAX_POSTING_CHARS = 6;

/** Writes one posting value (a non-negative integer below 2^30) into `out` from `at`; returns where the next goes. */
export function encodePosting(value: number, out: Uint16Array, at: number): number {
  let digits = 1;
  for (let rest = value >>> 5; rest > 0; rest >>>= 5) digits++;
  const end = at + digits;
  out[end - 1] = LAST + (value & 31);
  let rest = value >>> 5;
  for (let i = end - 2; i >= at; i--, rest >>>= 5) out[i] = CONTINUATION + (rest & 31);
  return end;
}

/** Calls `each(position, named)` for every entry of one term's encoded list. */
export function forEachPosting(list: string, each: (position: number, named: boolean) => void): void {
  let position = 0;
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const code = list.charCodeAt(i);
    if (code < LAST) {
      value = value * 32 + (code - CONTINUATION);
      continue;
    }
    value = value * 32 + (code - LAST);
    position += Math.floor(value / 2);
    each(position, (value & 1) === 1);
    value = 0;
  }
}

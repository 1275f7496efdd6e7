/**
 * Where each entry of a products page's `data` array lies in the body's bytes, found without
 * parsing it, so a catalog sync can hash every brand's bytes and parse only the brands whose
 * bytes it has not stored before.
 *
 * A strict scanner of the JSON grammar (RFC 8259) over the raw bytes. It answers only for a body
 * it fully understands: one top-level object, whose member names have no escapes, with exactly
 * one member "data" that is an array, nothing but JSON whitespace around it, nesting at most
 * MAX_DEPTH deep. Anything else (a byte-order mark, a truncated body, a control character in a
 * string, a bad escape or number, a duplicate "data") is null and the page is parsed whole, so
 * JSON.parse stays the one judge of what a body means. An entry's range starts and ends on an
 * ASCII byte, so decoding it alone as UTF-8 gives exactly the text it had inside the whole body.
 */
export interface PageEntries {
  /** [start, end) of each `data` entry, in order. */
  starts: number[];
  ends: number[];
  /** [start, end) of the `data` array itself, brackets included. */
  dataStart: number;
  dataEnd: number;
}

/** Deeper nesting inside an entry is left to JSON.parse (a brand is about four levels deep). */
const MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const DATA = Buffer.from('"data"');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');
/** The characters JSON allows after a backslash, `u` apart. */
const SIMPLE_ESCAPES = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/**
 * `known` may vouch for an entry without its bytes being scanned: given the entry's index and
 * where it starts, it answers where it ends (-1: scan it). It must answer only for bytes equal to
 * a whole JSON object seen before (their hash), and they are then that entry: an object's bytes
 * end at its matching brace whatever follows them.
 */
export function splitPageEntries(body: Uint8Array, known?: (index: number, start: number) => number): PageEntries | null {
  let i = skipSpace(body, 0);
  if (body[i] !== OPEN_BRACE) return null;
  i = skipSpace(body, i + 1);
  let found: PageEntries | null = null;
  if (body[i] === CLOSE_BRACE) return null;
  for (;;) {
    if (body[i] !== QUOTE) return null;
    const keyStart = i;
    i = stringEnd(body, i);
    if (i < 0) return null;
    // A name spelled with an escape could be "data" in disguise: not understood.
    for (let k = keyStart + 1; k < i - 1; k++) if (body[k] === BACKSLASH) return null;
    const isData = i - keyStart === DATA.length && DATA.equals(body.subarray(keyStart, i));
    i = skipSpace(body, i);
    if (body[i] !== COLON) return null;
    i = skipSpace(body, i + 1);
    if (isData) {
      if (found !== null || body[i] !== OPEN_BRACKET) return null;
      found = { starts: [], ends: [], dataStart: i, dataEnd: 0 };
      i = skipSpace(body, i + 1);
      if (body[i] === CLOSE_BRACKET) {
        i++;
      } else {
        for (;;) {
          const start = i;
          const vouched = known ? known(found.starts.length, start) : -1;
          i = vouched > start ? vouched : valueEnd(body, i, 1);
          if (i < 0) return null;
          found.starts.push(start);
          found.ends.push(i);
          i = skipSpace(body, i);
          if (body[i] === CLOSE_BRACKET) {
            i++;
            break;
          }
          if (body[i] !== COMMA) return null;
          i = skipSpace(body, i + 1);
        }
      }
      found.dataEnd = i;
    } else {
      i = valueEnd(body, i, 1);
      if (i < 0) return null;
    }
    i = skipSpace(body, i);
    if (body[i] === CLOSE_BRACE) break;
    if (body[i] !== COMMA) return null;
    i = skipSpace(body, i + 1);
  }
  return skipSpace(body, i + 1) === body.length ? found : null;
}

function skipSpace(b: Uint8Array, i: number): number {
  let c = b[i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
  return i;
}

/** The index just past the value starting at `i`, or -1 when it is not a JSON value. */
function valueEnd(b: Uint8Array, i: number, depth: number): number {
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    if (depth > MAX_DEPTH) return -1;
    const object = c === OPEN_BRACE;
    const close = object ? CLOSE_BRACE : CLOSE_BRACKET;
    i = skipSpace(b, i + 1);
    if (b[i] === close) return i + 1;
    for (;;) {
      if (object) {
        if (b[i] !== QUOTE) return -1;
        i = stringEnd(b, i);
        if (i < 0) return -1;
        i = skipSpace(b, i);
        if (b[i] !== COLON) return -1;
        i = skipSpace(b, i + 1);
      }
      i = valueEnd(b, i, depth + 1);
      if (i < 0) return -1;
      i = skipSpace(b, i);
      if (b[i] === close) return i + 1;
      if (b[i] !== COMMA) return -1;
      i = skipSpace(b, i + 1);
    }
  }
  if (c === MINUS || isDigit(c)) return numberEnd(b, i);
  if (c === TRUE[0]) return literalEnd(b, i, TRUE);
  if (c === FALSE[0]) return literalEnd(b, i, FALSE);
  if (c === NULL[0]) return literalEnd(b, i, NULL);
  return -1;
}

/**
 * Past the closing quote of the string opening at `i`; bytes from 0x80 up pass as they are
 * (decoded later, as in the whole body). The hot loop of the scanner: most of a page is text.
 */
function stringEnd(b: Uint8Array, i: number): number {
  const length = b.length;
  for (i++; i < length; i++) {
    const c = b[i]!;
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = b[i + 1];
      if (e === 0x75) {
        for (let k = 2; k < 6; k++) if (!isHex(b[i + k])) return -1;
        i += 5;
      } else if (e !== undefined && SIMPLE_ESCAPES.has(e)) {
        i++;
      } else {
        return -1;
      }
    }
  }
  return -1;
}

/** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
function numberEnd(b: Uint8Array, i: number): number {
  if (b[i] === MINUS) i++;
  if (b[i] === ZERO) i++;
  else if (isDigit(b[i])) while (isDigit(b[i])) i++;
  else return -1;
  if (b[i] === DOT) {
    i++;
    if (!isDigit(b[i])) return -1;
    while (isDigit(b[i])) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === PLUS || b[i] === MINUS) i++;
    if (!isDigit(b[i])) return -1;
    while (isDigit(b[i])) i++;
  }
  return i;
}

function literalEnd(b: Uint8Array, i: number, literal: Buffer): number {
  for (let k = 0; k < literal.length; k++) if (b[i + k] !== literal[k]) return -1;
  return i + literal.length;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= NINE;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

// Hand-made R serialization streams (XDR, 'X\n') for the reader's tests, written from the format
// as R Internals describes it: big-endian 32-bit words, one flags word per item
// (type | object 1<<8 | attributes 1<<9 | tag 1<<10 | levels << 12), then the item's body.
export const UTF8 = 1 << 3;
export const LATIN1 = 1 << 2;
export const ASCII = 1 << 6;

/** int(...xs) -> their big-endian 32-bit words. */
export function int(...xs) {
  const b = Buffer.alloc(4 * xs.length);
  xs.forEach((x, i) => b.writeInt32BE(x, 4 * i));
  return b;
}

/** stream(...parts) -> one Buffer of the parts (Buffers or nested arrays of them). */
export const stream = (...parts) => Buffer.concat(parts.flat(Infinity));

export const flags = (type, { levels = 0, attr = false, tag = false } = {}) =>
  type | (attr ? 1 << 9 : 0) | (tag ? 1 << 10 : 0) | (levels << 12);

/** header(version, encoding): 'X\n', version, writer R 4.2.1, oldest reader 3.5.0, [encoding]. */
export const header = (version = 3, encoding = 'UTF-8') => [
  Buffer.from('X\n'), int(version, 0x040201, 0x030500),
  version === 3 ? [int(encoding.length), Buffer.from(encoding, 'latin1')] : [],
];

export const NULL = int(254);

/** charsxp(bytes | string | null, levels): a CHARSXP; a string is written as UTF-8, null is NA. */
export function charsxp(s, levels = UTF8) {
  if (s === null) return int(flags(9), -1);
  const bytes = typeof s === 'string' ? Buffer.from(s, 'utf8') : Buffer.from(s);
  return [int(flags(9, { levels }), bytes.length), bytes];
}

export const symbol = (name) => [int(flags(1)), charsxp(name, ASCII)];
export const ref = (index) => int((index << 8) | 255);

/** pairlist([[tagItem, valueItem], ...]): tagged cells, then NULL. */
export const pairlist = (cells) => [...cells.map(([tag, value]) => [int(flags(2, { tag: true })), tag, value]), NULL];

/** vector(type, n, body, attributes?): flags (with the attribute bit when given), length, body, attributes. */
export const vector = (type, n, body, attributes) =>
  [int(flags(type, { attr: Boolean(attributes) }), n), body, attributes ?? []];

export const strsxp = (strings, attributes) => vector(16, strings.length, strings.map((s) => charsxp(s)), attributes);
export const intsxp = (xs, attributes) => vector(13, xs.length, int(...xs), attributes);
export function realsxp(xs, attributes) {
  const b = Buffer.alloc(8 * xs.length);
  xs.forEach((x, i) => b.writeDoubleBE(x, 8 * i));
  return vector(14, xs.length, b, attributes);
}
export const vecsxp = (items, attributes) => vector(19, items.length, items, attributes);

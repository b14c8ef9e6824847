// A reader of R's serialization format, XDR binary ('X\n'), versions 2 and 3: enough to read the
// data a package ships (character, numeric, logical, raw vectors, lists, pairlists, attributes,
// symbols, references, environments). Spec: R Internals, "Serialization Formats", and
// R_Unserialize / ReadItem in R's src/main/serialize.c.
// Non-goals: the ASCII and native-binary formats, closures, byte code, external pointers,
// ALTREP objects other than compact integer sequences; these throw an Error naming the type.
//
// Values come back as plain objects:
//   NULL -> null; a symbol -> { type: 'symbol', name }
//   vectors -> { type, value, attributes }: 'character' (string or null for NA), 'list',
//     'expression' (arrays), 'integer' / 'logical' (Int32Array, NA = -2^31), 'double' (Float64Array),
//     'raw' (Uint8Array); a pairlist -> { type: 'pairlist', value: [{ tag, value }], attributes }
//   attributes -> an object keyed by attribute name ({} when there are none).

const TYPES = {
  1: 'symbol', 2: 'pairlist', 4: 'environment', 9: 'char', 10: 'logical', 13: 'integer',
  14: 'double', 16: 'character', 19: 'list', 20: 'expression', 24: 'raw', 238: 'altrep',
  241: 'baseenv', 242: 'emptyenv', 250: 'basenamespace', 253: 'globalenv', 254: 'null',
  255: 'ref',
};
// Every other type code, named for the error message.
const UNSUPPORTED = {
  3: 'closure', 5: 'promise', 6: 'language', 7: 'special', 8: 'builtin', 15: 'complex', 17: '...',
  21: 'bytecode', 22: 'externalptr', 23: 'weakref', 25: 'S4', 247: 'persistent', 248: 'package',
  249: 'namespace', 251: 'missingarg', 252: 'unboundvalue',
};
// CHARSXP encoding bits, in the "levels" part of the flags (R's Defn.h).
const BYTES_MASK = 1 << 1;
const LATIN1_MASK = 1 << 2;
const UTF8_MASK = 1 << 3;
const ASCII_MASK = 1 << 6;

const utf8 = new TextDecoder('utf-8', { fatal: true });
// ISO-8859-1 is the first 256 code points: one byte, one character (WHATWG's 'latin1' is cp1252).
const latin1 = (bytes) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = 0;
    this.refs = []; // symbols and environments, in the order read (a reference is 1-based)
    this.nativeEncoding = '';
  }

  need(n, what) {
    if (this.pos + n > this.bytes.length) {
      throw new Error(`R data ends early: ${what} needs ${n} bytes at offset ${this.pos}, ` +
        `${this.bytes.length - this.pos} left`);
    }
  }

  int() {
    this.need(4, 'an integer');
    const v = this.view.getInt32(this.pos); // XDR: big-endian
    this.pos += 4;
    return v;
  }

  take(n) {
    this.need(n, 'a string or raw vector');
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  length() {
    const n = this.int();
    if (n >= 0) return n;
    if (n !== -1) throw new Error(`R data: negative vector length ${n} at offset ${this.pos - 4}`);
    const upper = this.int(); // long vectors: two more words, upper then lower half
    const lower = this.int() >>> 0;
    return upper * 2 ** 32 + lower;
  }

  header() {
    const magic = latin1(this.take(2));
    if (magic !== 'X\n') {
      throw new Error(`R data: expected the XDR format 'X\\n', found ${JSON.stringify(magic)}` +
        ' (only XDR binary is read)');
    }
    const version = this.int();
    this.int(); // version of R that wrote it
    this.int(); // oldest version of R that can read it
    if (version === 3) this.nativeEncoding = latin1(this.take(this.int()));
    else if (version !== 2) throw new Error(`R data: serialization version ${version}, expected 2 or 3`);
    return version;
  }

  item() {
    const flags = this.int();
    const code = flags & 0xff;
    const type = TYPES[code];
    if (!type) {
      const name = UNSUPPORTED[code] ?? 'unknown';
      throw new Error(`R data: type ${code} (${name}) at offset ${this.pos - 4} is not supported`);
    }
    const levels = flags >>> 12;
    const hasAttr = (flags & (1 << 9)) !== 0;
    const hasTag = (flags & (1 << 10)) !== 0;
    switch (type) {
      case 'null': return null;
      case 'globalenv': case 'baseenv': case 'emptyenv': case 'basenamespace':
        return { type: 'environment', name: type };
      case 'ref': return this.ref(flags >>> 8 || this.int());
      case 'symbol': {
        const symbol = { type: 'symbol', name: this.item() };
        this.refs.push(symbol);
        return symbol;
      }
      case 'environment': return this.environment();
      case 'pairlist': return this.pairlist(hasAttr, hasTag);
      case 'char': return this.char(levels, hasAttr);
      case 'altrep': return this.altrep();
      default: {
        const value = this.vector(type);
        return { type, value, attributes: hasAttr ? this.attributes() : {} };
      }
    }
  }

  ref(index) {
    if (index < 1 || index > this.refs.length) {
      throw new Error(`R data: reference ${index} but only ${this.refs.length} objects to refer to`);
    }
    return this.refs[index - 1];
  }

  vector(type) {
    const n = this.length();
    switch (type) {
      case 'character': case 'list': case 'expression':
        return Array.from({ length: n }, () => this.item());
      case 'raw': return this.take(n).slice();
      case 'double': {
        this.need(8 * n, 'the double vector');
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) out[i] = this.view.getFloat64(this.pos + 8 * i);
        this.pos += 8 * n;
        return out;
      }
      default: { // integer, logical
        this.need(4 * n, `the ${type} vector`);
        const out = new Int32Array(n);
        for (let i = 0; i < n; i++) out[i] = this.view.getInt32(this.pos + 4 * i);
        this.pos += 4 * n;
        return out;
      }
    }
  }

  // A CHARSXP: length -1 is NA; the encoding bits say how to turn its bytes into text.
  char(levels, hasAttr) {
    const n = this.int();
    if (n < -1) throw new Error(`R data: string length ${n} at offset ${this.pos - 4}`);
    const text = n === -1 ? null : this.decode(this.take(n), levels);
    if (hasAttr) this.item(); // written by old versions of R only; R ignores it too
    return text;
  }

  decode(bytes, levels) {
    if (levels & (LATIN1_MASK | BYTES_MASK)) return latin1(bytes);
    const encoding = levels & (UTF8_MASK | ASCII_MASK) ? 'UTF-8' : this.nativeEncoding || 'UTF-8';
    if (/^(latin1|ISO-?8859-1)$/i.test(encoding)) return latin1(bytes);
    if (!/^UTF-?8$/i.test(encoding)) {
      throw new Error(`R data: strings in the native encoding ${encoding} are not supported`);
    }
    try {
      return utf8.decode(bytes);
    } catch {
      throw new Error(`R data: a string marked ${encoding} is not valid UTF-8 (offset ${this.pos - bytes.length})`);
    }
  }

  // Pairlists write attributes and tag before each element, then the rest of the list
  // as the next item; read them in a loop so long lists do not nest the stack.
  pairlist(hasAttr, hasTag) {
    const list = { type: 'pairlist', value: [], attributes: hasAttr ? this.attributes() : {} };
    for (;;) {
      const tag = hasTag ? this.item() : null;
      list.value.push({ tag: tag && tag.name, value: this.item() });
      const next = this.int();
      if ((next & 0xff) === 254) return list;
      if ((next & 0xff) !== 2) throw new Error(`R data: a pairlist ends in type ${next & 0xff}, not NULL`);
      if (next & (1 << 9)) throw new Error('R data: attributes inside a pairlist are not supported');
      hasTag = (next & (1 << 10)) !== 0;
    }
  }

  attributes() {
    return toAttributes(this.item());
  }

  environment() {
    const env = { type: 'environment', locked: this.int() !== 0 };
    this.refs.push(env); // registered before its contents, which may refer back to it
    env.enclos = this.item();
    env.frame = this.item();
    env.hashtab = this.item();
    env.attributes = toAttributes(this.item());
    return env;
  }

  // ALTREP: class info, state, attributes. R writes 1:n this way (compact_intseq).
  altrep() {
    const info = this.item();
    const state = this.item();
    const attributes = this.item();
    const name = info?.value?.[0]?.value?.name;
    if (name !== 'compact_intseq') throw new Error(`R data: ALTREP class ${name} is not supported`);
    const [n, start, step] = state.value;
    const value = Int32Array.from({ length: n }, (_, i) => start + i * step);
    return { type: 'integer', value, attributes: toAttributes(attributes) };
  }
}

// An attribute pairlist (or NULL) -> { name: value }.
function toAttributes(list) {
  if (list === null) return {};
  if (list.type !== 'pairlist') throw new Error('R data: attributes are not a pairlist');
  return Object.fromEntries(list.value.map(({ tag, value }) => [tag, value]));
}

/** unserialize(bytes) -> the value, from an uncompressed XDR stream ('X\n' header). */
export function unserialize(bytes) {
  const reader = new Reader(bytes);
  reader.header();
  const value = reader.item();
  if (reader.pos !== bytes.length) {
    throw new Error(`R data: ${bytes.length - reader.pos} bytes left after the value`);
  }
  return value;
}

/** byName(list) -> { name: element } for a list or vector with a names attribute. */
export function byName(x) {
  const names = x?.attributes?.names?.value;
  if (!names) throw new Error('R data: expected a named list');
  return Object.fromEntries(names.map((name, i) => [name, x.value[i]]));
}

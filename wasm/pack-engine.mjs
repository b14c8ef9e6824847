// node wasm/pack-engine.mjs <emscripten output> <packed output> <factory name> [facade bundle]
// Rewrites one engine for the folder build's page: the wasm that SINGLE_FILE
// embeds as base64 moves into a string literal with one character per byte,
// set as <factory>.wasmText, and the base64 payload is emptied.
// Why: gzip packs base64 ~40% worse than the bytes themselves (6 bits per
// character break every byte pattern); one character per byte keeps them, and
// the engine stays one classic script that works from file://.
// The characters are U+0000..U+00FF in a UTF-8 file: U+0080 and above take two
// bytes there, and the few a JS string or an HTML <script> cannot hold are
// written as \xNN (four). So the bytes are renamed first: the 122 most frequent
// byte values of this wasm become the 122 characters that are one plain ASCII
// byte, the next 128 the two-byte ones and the 6 rarest the escaped ones (~6 KB
// less gzipped for the lean SIMD engine than the bytes as they are).
// <factory>.wasmByteOf, 512 hex digits, undoes it: byte = wasmByteOf[char code].
// The page's loader (wasm/js/engines.js, unpackWasm) turns the string back into
// bytes and hands them to Emscripten as Module.wasmBinary, so nothing is fetched.
// The page that loads the file must be UTF-8 (ours are); dist/attention-core.js,
// the public file, keeps plain-ASCII base64.
// With a facade bundle (the full engines), its text is set as
// <factory>.facadeSource: section 13's Blob worker is built from the full
// engine's text and this (site/src/worker/core-source.js), so the facade's
// text travels with the engine that needs it instead of in the first paint.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const [input, output, factory, facade] = process.argv.slice(2);
const PREFIX = 'wasmBinaryFile="data:application/octet-stream;base64,';
const js = readFileSync(input, 'utf8');
const start = js.indexOf(PREFIX);
const end = js.indexOf('"', start + PREFIX.length);
if (start < 0 || end < 0 || js.indexOf(PREFIX, end) >= 0) {
  throw new Error(`pack-engine: ${input} does not hold exactly one embedded wasm (${PREFIX}...)`);
}
const bytes = Buffer.from(js.slice(start + PREFIX.length, end), 'base64');
// NUL (HTML turns it into U+FFFD), CR (HTML turns it into LF), LF, ' and \ (JS),
// and < (so no "</script" or "<!--" can appear when the file is inlined).
const ESCAPED = [0x00, 0x0a, 0x0d, 0x27, 0x5c, 0x3c];
const ascii = [...Array(128).keys()];
const CHEAPEST_FIRST = [...ascii.filter((c) => !ESCAPED.includes(c)), ...ascii.map((c) => c + 128), ...ESCAPED];
const counts = new Array(256).fill(0);
for (const b of bytes) counts[b]++;
const byFrequency = [...Array(256).keys()].sort((a, b) => counts[b] - counts[a] || a - b);
const charOf = new Array(256);
const byteOf = new Array(256);
byFrequency.forEach((b, rank) => {
  charOf[b] = CHEAPEST_FIRST[rank];
  byteOf[CHEAPEST_FIRST[rank]] = b;
});
let text = '';
for (const b of bytes) {
  const c = charOf[b];
  text += ESCAPED.includes(c) ? `\\x${c.toString(16).padStart(2, '0')}` : String.fromCharCode(c);
}
const byteTable = byteOf.map((b) => b.toString(16).padStart(2, '0')).join('');
mkdirSync(dirname(output), { recursive: true }); // a fresh clone has no dist/ yet
const facadeSource = facade ? `${factory}.facadeSource = ${JSON.stringify(readFileSync(facade, 'utf8')).replace(/</g, '\\u003c')};\n` : '';
writeFileSync(output, `${js.slice(0, start + PREFIX.length)}${js.slice(end)}\n${factory}.wasmText = '${text}';\n${factory}.wasmByteOf = '${byteTable}';\n${facadeSource}`, 'utf8');

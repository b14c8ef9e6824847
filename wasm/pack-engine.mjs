// node wasm/pack-engine.mjs <emscripten output> <packed output> <factory name> [facade bundle]
// Rewrites one engine for the folder build's page: its wasm (the base64 that
// SINGLE_FILE embeds, emptied here, or the .wasm beside a lean engine) goes into
// a string literal with one character per byte, set as <factory>.wasmText.
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
// A lean engine (no facade bundle) also has its JS glue minified by esbuild
// (Emscripten's own minifier, Closure, is not in Debian's emscripten): 9.3 -> 6.9 KB
// gzipped for the SIMD engine. A full engine's glue is left as Emscripten wrote
// it: section 13's Blob worker rebuilds it from the factory's text, which names a
// variable of its enclosing closure (_scriptDir) that minifying would rename.
// With a facade bundle (the full engines: wasm/js/facade.js), it is set as the
// function <factory>.facade(), which runs the bundle and returns its atlasFacade:
// the page takes the trainer and model API from there (wasm/js/engines.js), so
// they travel with the engine that needs them instead of in the first paint, and
// section 13's Blob worker is built from the full engine's text and this function's
// (site/src/worker/core-source.js).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { transformSync } from 'esbuild';

const [input, output, factory, facade] = process.argv.slice(2);
// The wasm: embedded as base64 (SINGLE_FILE: the full engines, whose build-folder
// copies also go into attention-core.js) or, for a lean engine, the .wasm file
// Emscripten wrote beside the script.
const PREFIX = 'wasmBinaryFile="data:application/octet-stream;base64,';
const js = readFileSync(input, 'utf8');
const start = js.indexOf(PREFIX);
const end = js.indexOf('"', start + PREFIX.length);
let glue = js;
let bytes;
if (start >= 0 && end >= 0 && js.indexOf(PREFIX, end) < 0) {
  bytes = Buffer.from(js.slice(start + PREFIX.length, end), 'base64');
  glue = `${js.slice(0, start + PREFIX.length)}${js.slice(end)}`;
} else if (start < 0 && existsSync(input.replace(/\.js$/, '.wasm'))) {
  bytes = readFileSync(input.replace(/\.js$/, '.wasm'));
} else {
  throw new Error(`pack-engine: ${input} holds neither exactly one embedded wasm (${PREFIX}...) nor a .wasm beside it`);
}
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
if (!facade) glue = transformSync(glue, { minify: true, target: 'es2019', legalComments: 'none' }).code;
const byteTable = byteOf.map((b) => b.toString(16).padStart(2, '0')).join('');
mkdirSync(dirname(output), { recursive: true }); // a fresh clone has no dist/ yet
const facadeMaker = facade ? `${factory}.facade = function () {\n${readFileSync(facade, 'utf8')}\nreturn atlasFacade;\n};\n` : '';
writeFileSync(output, `${glue}\n${factory}.wasmText = '${text}';\n${factory}.wasmByteOf = '${byteTable}';\n${facadeMaker}`, 'utf8');

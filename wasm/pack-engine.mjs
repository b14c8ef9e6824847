// node wasm/pack-engine.mjs <emscripten output> <packed output> <factory name> [facade bundle]
// Rewrites one engine for the folder build's page: the wasm that SINGLE_FILE
// embeds as base64 moves into a string literal with one character per byte
// (U+0000..U+00FF, the few that a JS string or an HTML <script> cannot hold
// written as \xNN), set as <factory>.wasmLatin1; the base64 payload is emptied.
// Why: gzip packs base64 ~40% worse than the bytes themselves (6 bits per
// character break every byte pattern); one character per byte keeps them, and
// the engine stays one classic script that works from file://. The page's
// loader (wasm/js/engines.js, packedFactory) turns the string back into bytes
// and hands them to Emscripten as Module.wasmBinary, so nothing is fetched.
// The string is UTF-8 in the file: a page that loads it must be UTF-8 (ours
// are); dist/attention-core.js, the public file, keeps plain-ASCII base64.
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
const ESCAPED = new Set([0x00, 0x0a, 0x0d, 0x27, 0x5c, 0x3c]);
let text = '';
for (const b of bytes) text += ESCAPED.has(b) ? `\\x${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b);
mkdirSync(dirname(output), { recursive: true }); // a fresh clone has no dist/ yet
const facadeSource = facade ? `${factory}.facadeSource = ${JSON.stringify(readFileSync(facade, 'utf8')).replace(/</g, '\\u003c')};\n` : '';
writeFileSync(output, `${js.slice(0, start + PREFIX.length)}${js.slice(end)}\n${factory}.wasmLatin1 = '${text}';\n${facadeSource}`, 'utf8');

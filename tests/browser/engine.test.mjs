// The folder build downloads only the engines this browser can run (first and lean): the SIMD
// one in Chromium, the scalar one where WebAssembly.validate says no to SIMD, to
// exception handling or to bulk memory (the SIMD engine uses all three), over http under the strict
// Content-Security-Policy and from file://.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// A browser without WASM SIMD: its WebAssembly.validate rejects SIMD modules.
function withoutSimd() {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => !new Uint8Array(bytes).includes(0xfd) && validate(bytes);
}

// A browser with SIMD but without WASM exception handling (Chrome 91-94, Firefox 89-99):
// its WebAssembly.validate rejects a try block (opcode 0x06, empty block type 0x40).
function withoutExceptions() {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const b = new Uint8Array(bytes);
    return !b.some((v, i) => v === 0x06 && b[i + 1] === 0x40) && validate(bytes);
  };
}

// A browser with SIMD and exception handling but without bulk memory (none shipped one; the check
// costs nothing): its WebAssembly.validate rejects memory.fill (0xfc 0x0b).
function withoutBulkMemory() {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) => {
    const b = new Uint8Array(bytes);
    return !b.some((v, i) => v === 0xfc && b[i + 1] === 0x0b) && validate(bytes);
  };
}

for (const [label, initScript, expected] of [['with WASM SIMD', null, 'simd'], ['without WASM SIMD', withoutSimd, 'scalar'],
  ['with WASM SIMD but without its exception handling', withoutExceptions, 'scalar'],
  ['with WASM SIMD but without bulk memory', withoutBulkMemory, 'scalar']]) {
  test(`${label}, over http under the strict CSP: only atlas-engine-${expected}-first.js, then atlas-engine-${expected}.js, are loaded and figures draw`, async () => {
    const { page, errors, violations } = await browser.open('http', { csp: true, initScript });
    await showSection(page, 'self-attention');
    assert.equal(await page.evaluate(async () => (await window.createAttentionCore()).engine), expected); // the lean one
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname.split('/').pop()));
    const cores = loaded.filter((name) => /^atlas-engine|^attention-core/.test(name));
    assert.deepEqual(cores, [`atlas-engine-${expected}-first.js`, `atlas-engine-${expected}.js`]);
    assert.ok(await page.locator('#self-attention [data-chart] svg').count() > 0);
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
  });
}

test('without WASM SIMD from file:// the scalar engine runs the page', async () => {
  const { page, errors, outside } = await browser.open('file', { initScript: withoutSimd });
  await showSection(page, 'patterns');
  assert.equal(await page.evaluate(async () => (await window.createAttentionCore()).engine), 'scalar');
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

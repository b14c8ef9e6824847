// The page degrades with a clear message when the browser cannot run the core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

test('without WebAssembly the page says why the figures are missing, and the prose stays readable', async () => {
  const { page, outside } = await browser.open('file', { initScript: () => { delete window.WebAssembly; } });
  const status = page.locator('#core-status');
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'error');
  assert.match(await status.textContent(), /could not start .*The figures need WebAssembly\./);
  assert.equal(await page.locator('#self-attention h2').isVisible(), true);
  assert.equal(await page.locator('main > section[data-state="ready"]').count(), 0, 'no section claims to have drawn');
  assert.deepEqual(outside, []);
});

// Developer tool: screenshots of dist/ in Debian's Chromium, to look at what a
// learner sees. Usage: node tools/screenshot.mjs [url-or-file] [out.png] [width] [#section]
// Defaults: dist/index.html over file://, /tmp/atlas.png, 1280 px, whole page. SCHEME=dark for dark mode.
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [target = 'dist/index.html', out = '/tmp/atlas.png', width = '1280', selector] = process.argv.slice(2);
const url = /^[a-z]+:/.test(target) ? target : pathToFileURL(resolve(target)).href;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: process.env.SCHEME || 'light' });
page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
await page.goto(url);
if (selector) {
  const el = page.locator(selector);
  await el.scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state, selector, { timeout: 10000 }).catch(() => {});
  await page.waitForTimeout(300);
  const box = await el.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  const top = box.y + scrollY;
  // Long sections are saved in 1400 px slices (out-1.png, out-2.png, ...) so each stays legible.
  const slices = Math.ceil(box.height / 1400);
  for (let k = 0; k < slices; k++) {
    const path = slices === 1 ? out : out.replace(/\.png$/, `-${k + 1}.png`);
    const height = Math.min(1400, box.height - k * 1400);
    await page.screenshot({ path, fullPage: true, clip: { x: box.x, y: top + k * 1400, width: box.width, height } });
    console.log(path);
  }
} else {
  await page.waitForTimeout(800);
  await page.screenshot({ path: out, fullPage: true });
  console.log(out);
}
await browser.close();

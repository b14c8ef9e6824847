// Shared setup for the Chromium tests: Debian's Chromium through
// playwright-core, dist/ served over http (tools/serve.mjs) or opened from
// file://, every request outside dist/ blocked and recorded, and console
// errors collected. Usage:
//   const b = await openBrowser();  const s = await b.open('file');  ...  await b.close();
//   s.page, s.errors (console errors + page errors), s.outside (blocked URLs)
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../../tools/serve.mjs';

export const DIST = resolve(new URL('../../dist', import.meta.url).pathname);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export async function openBrowser() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const servers = [];

  async function open(mode, { path = 'index.html', width = 1280, height = 900, headers = {} } = {}) {
    let base;
    if (mode === 'http') {
      const server = await startServer(DIST, 0, headers);
      servers.push(server);
      base = `http://127.0.0.1:${server.address().port}/`;
    } else {
      base = `${pathToFileURL(DIST).href}/`;
    }
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = [];
    const outside = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await page.goto(base + path);
    return { page, errors, outside, base, context };
  }

  return {
    open,
    async close() {
      await browser.close();
      await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
    },
  };
}

// Scrolls a section into view (sections start lazily) and waits until it has drawn.
export async function showSection(page, id) {
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForFunction((sid) => document.getElementById(sid)?.dataset.state === 'ready', id);
  return page.locator(`#${id}`);
}

// The numbers drawn in a chart's cells, in order (empty strings for hidden values).
export function cellTexts(locator) {
  return locator.locator('g.cell text').allTextContents();
}

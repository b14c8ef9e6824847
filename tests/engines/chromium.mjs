// Chromium behind the same page object as the other engines (page.mjs), for
// make check's smoke of every section (smoke.test.mjs): Debian's Chromium through
// playwright-core with the flags of the Chromium level (tests/browser/harness.mjs).
// Console errors and uncaught errors arrive as events from the moment a page starts.
import { launchChromium } from '../browser/harness.mjs';
import { makePage } from './page.mjs';

export async function openChromium() {
  const { browser, close } = await launchChromium();
  return {
    name: `Chromium ${browser.version()}`,
    async open(url) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const events = [];
      page.on('console', (m) => { if (m.type() === 'error') events.push(m.text()); });
      page.on('pageerror', (e) => events.push(e.message));
      await page.goto(url);
      const enterFrame = (selector) => async (fn, arg) => (await (await page.waitForSelector(selector)).contentFrame()).evaluate(fn, arg);
      return makePage({ evaluate: (fn, arg) => page.evaluate(fn, arg), events, enterFrame, close: () => context.close() });
    },
    close,
  };
}

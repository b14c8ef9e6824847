// Firefox for the other-engine level: Debian's firefox-esr, headless, driven by
// puppeteer-core over WebDriver BiDi (no browser download: executablePath).
// Console errors and uncaught errors arrive as events from the moment a page starts.
//   const ff = await openFirefox();  const page = await ff.open(url);  ...  await ff.close();
import puppeteer from 'puppeteer-core';
import { FIREFOX, requireInstalled } from './requirements.mjs';
import { makePage } from './page.mjs';
import { within } from '../browser/harness.mjs';

export async function openFirefox() {
  requireInstalled('firefox');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, protocolTimeout: 600000 });
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    async open(url) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const events = [];
      page.on('console', (m) => { if (m.type() === 'error') events.push(m.text()); });
      page.on('pageerror', (e) => events.push(e.message));
      await page.goto(url);
      const enterFrame = (selector) => async (fn, arg) => {
        const frame = await (await page.waitForSelector(selector)).contentFrame();
        return frame.evaluate(fn, arg);
      };
      return makePage({ evaluate: (fn, arg) => page.evaluate(fn, arg), events, enterFrame, close: () => page.close() });
    },
    // A Firefox that does not exit when asked is killed, so its test file ends (see launchChromium).
    async close() {
      if (!await within(browser.close(), 10000)) browser.process()?.kill('SIGKILL');
    },
  };
}

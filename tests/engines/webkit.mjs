// WebKit for the other-engine level: WebKitGTK's MiniBrowser (Debian's
// libwebkit2gtk-4.1-0), which needs a display and refuses --headless, so it runs
// under an Xvfb started here on a display Xvfb picks itself (-displayfd) and
// stopped by close(). selenium-webdriver talks to WebKitWebDriver on a free port.
// Classic WebDriver has no console events: after each load an error listener is
// added with executeScript (page.mjs recordErrors), so an error thrown while the
// page loads is not seen; the checks also require every section to reach 'ready'.
// One browser window: open(url) navigates it (one page at a time).
//   const wk = await openWebKit();  const page = await wk.open(url);  ...  await wk.close();
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, By } from 'selenium-webdriver';
import { WEBKIT_DRIVER, XVFB, miniBrowser, requireInstalled } from './requirements.mjs';
import { makePage, recordErrors } from './page.mjs';

const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));

// Starts Xvfb on the first free display; -> { display: ':N', stop() }.
function startXvfb() {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let log = '';
  xvfb.stderr.on('data', (d) => { log += d; });
  return new Promise((done, fail) => {
    let number = '';
    xvfb.stdio[3].on('data', (d) => {
      number += d;
      if (number.includes('\n')) done({ display: `:${number.trim()}`, stop: () => xvfb.kill() });
    });
    xvfb.on('exit', (code) => fail(new Error(`Xvfb exited (${code}) before it gave a display: ${log.trim()}`)));
  });
}

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

// Starts WebKitWebDriver on `display` and waits until it answers /status; -> { url, stop() }.
async function startDriver(display) {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    if (await fetch(`${url}/status`).then((r) => r.ok, () => false)) return { url, stop: () => driver.kill() };
    await sleep(100);
  }
  driver.kill();
  throw new Error('WebKitWebDriver did not answer within 30 s');
}

// Runs fn(arg) in the current document (fn may be async): -> its JSON result, or throws its error.
function runner(session) {
  return async (fn, arg) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn})(arguments[0]))
        .then((value) => done({ value }), (e) => done({ error: String(e) + ' ' + ((e && e.stack) || '') }));`;
    const result = await session.executeAsyncScript(script, arg ?? null);
    if (result.error) throw new Error(`in WebKit: ${result.error}`);
    return result.value;
  };
}

export async function openWebKit() {
  requireInstalled('webkit');
  const stops = []; // what to stop, in the order started
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const xvfb = await startXvfb();
    stops.push(xvfb.stop);
    const driver = await startDriver(xvfb.display);
    stops.push(driver.stop);
    const session = await new Builder().usingServer(driver.url).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
    }).build();
    stops.push(() => session.quit().catch(() => {}));
    await session.manage().setTimeouts({ script: 600000, pageLoad: 120000 });
    await session.manage().window().setRect({ width: 1280, height: 900 });
    const version = (await session.getCapabilities()).get('browserVersion');
    const evaluate = runner(session);
    const enterFrame = (selector) => async (fn, arg) => {
      await session.switchTo().frame(await session.findElement(By.css(selector)));
      try {
        return await evaluate(fn, arg);
      } finally {
        await session.switchTo().defaultContent();
      }
    };
    return {
      name: `WebKitGTK ${version}`,
      async open(url) {
        await session.get(url);
        await evaluate(recordErrors);
        return makePage({ evaluate, enterFrame, close: async () => {} });
      },
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

// The engine-neutral page the checks (checks.mjs) drive. Each engine's harness
// supplies evaluate(fn, arg): fn runs in the page (it may be async; it sees only
// its argument, which must be JSON) and its JSON result comes back. This adds
// waitFor, frames and the error record on top:
//   page.evaluate(fn, arg)  page.waitFor(fn, arg, { timeout })  page.frame('iframe')
//   await page.errors()     (console errors, uncaught errors, unhandled rejections)
//   await page.close()

// Runs in a page or frame: keeps its uncaught errors, unhandled rejections and
// console.error calls in window.__engineErrors (once; a second call keeps the first record).
// Not kept: the error event by which the ResizeObserver spec says that some resize
// notifications wait for the next frame (they are delivered then; no script failed);
// WebKit fires it when a trained view first lays out, and the consoles of Chromium and
// Firefox, which the other harnesses read, do not show it either.
export function recordErrors() {
  if (window.__engineErrors) return;
  const seen = [];
  window.__engineErrors = seen;
  window.addEventListener('error', (e) => {
    if (/^ResizeObserver loop completed with undelivered notifications/.test(e.message)) return;
    seen.push(e.message || `failed to load ${e.target?.src || e.target?.href || 'a resource'}`);
  }, true);
  window.addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection: ${e.reason?.message || e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => {
    seen.push(args.map(String).join(' '));
    error(...args);
  };
}

const readRecord = () => window.__engineErrors || ['the error record is gone (the page navigated?)'];

const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));

// evaluate: the engine's; events: errors the engine reported itself (may be null);
// enterFrame(selector) -> the evaluate of that iframe's document; close: closes the page.
export function makePage({ evaluate, events = null, enterFrame, close }) {
  return {
    evaluate,
    // Polls fn(arg) in the page until it returns something truthy and gives that value back;
    // after `timeout` ms it throws, naming what it waited for.
    async waitFor(fn, arg = null, { timeout = 60000, interval = 100, what = String(fn) } = {}) {
      const end = Date.now() + timeout;
      for (;;) {
        const value = await evaluate(fn, arg);
        if (value) return value;
        if (Date.now() > end) throw new Error(`waited ${timeout / 1000} s in vain for ${what}`);
        await sleep(interval);
      }
    },
    // The same page object for an iframe's document (its errors are those recorded after
    // the frame loaded: call recordErrors in it first).
    frame(selector) {
      return makePage({ evaluate: enterFrame(selector), enterFrame, close: async () => {} });
    },
    async errors() {
      return [...(events || []), ...(events ? [] : await evaluate(readRecord))];
    },
    close,
  };
}

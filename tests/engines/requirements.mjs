// What the other-engine level (make test-engines) needs: Debian's firefox-esr for
// Firefox; WebKitWebDriver, MiniBrowser and Xvfb for WebKitGTK; the npm drivers
// puppeteer-core and selenium-webdriver; and a built dist/. `make deps` installs
// them (the Makefile's APT_PACKAGES and package.json). Run as a script it prints
// one line naming whatever is missing and exits 1, so the level fails instead of
// passing without a browser; the engine harnesses throw the same line.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST } from './site.mjs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';

// MiniBrowser lives in libwebkit2gtk-4.1-0's private folder, under the machine's multiarch triplet.
export function miniBrowser() {
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const path = join(lib, dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(path)) return path;
  }
  return null;
}

const require = createRequire(import.meta.url);
const hasModule = (name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
};

const NEEDS = {
  firefox: [
    [() => existsSync(FIREFOX), `${FIREFOX} (Debian package firefox-esr)`],
    [() => hasModule('puppeteer-core'), 'puppeteer-core (npm)'],
  ],
  webkit: [
    [() => existsSync(WEBKIT_DRIVER), `${WEBKIT_DRIVER} (Debian package webkit2gtk-driver)`],
    [() => miniBrowser() !== null, '/usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser (Debian package libwebkit2gtk-4.1-0)'],
    [() => existsSync(XVFB), `${XVFB} (Debian package xvfb)`],
    [() => hasModule('selenium-webdriver'), 'selenium-webdriver (npm)'],
  ],
  site: [[() => existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, 'attention-atlas.html')), 'dist/ (make dist)']],
};

// What is missing of the given needs (NEEDS' keys), as one line, or '' when nothing is.
export function missing(needs = ['site', 'firefox', 'webkit']) {
  const absent = needs.flatMap((e) => NEEDS[e]).filter(([present]) => !present()).map(([, what]) => what);
  return absent.length ? `Other engines level cannot run, missing: ${absent.join(', ')}. make deps installs them.` : '';
}

export function requireInstalled(engine) {
  const line = missing([engine]);
  if (line) throw new Error(line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = missing();
  if (line) {
    console.error(line);
    process.exit(1);
  }
}

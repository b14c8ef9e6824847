// make check's browser smoke: in Chromium, over http and from file://, every
// section draws with no console error and one control of each redraws its
// figure (the 'sections' check of checks.mjs, as the other engines run it).
// The full Chromium level is tests/browser/ (make test-browser).
import { engineTests } from './checks.mjs';
import { openChromium } from './chromium.mjs';

engineTests('Chromium smoke (playwright-core)', openChromium, { http: ['sections'], file: ['sections'] });

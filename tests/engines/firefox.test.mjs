// The other-engine level in Firefox (firefox-esr over WebDriver BiDi, firefox.mjs):
// every check of checks.mjs over http and from file://, but for the sandboxed embed
// from file://: Firefox lets no null-principal (sandboxed) frame load a file:// script
// or stylesheet ("Security Error: Content at moz-nullprincipal:... may not load or link
// to file://..."), so that embed works only from a web server, as a course page has it.
import { engineTests, CHECKS } from './checks.mjs';
import { openFirefox } from './firefox.mjs';

engineTests('Firefox (firefox-esr, puppeteer-core over WebDriver BiDi)', openFirefox,
  { http: CHECKS, file: CHECKS.filter((name) => name !== 'embed') });

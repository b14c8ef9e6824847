// The other-engine level in WebKit (WebKitGTK's MiniBrowser under Xvfb, webkit.mjs):
// every check of checks.mjs over http.
import { engineTests, CHECKS } from './checks.mjs';
import { openWebKit } from './webkit.mjs';

engineTests('WebKit (WebKitGTK MiniBrowser, selenium-webdriver)', openWebKit, { http: CHECKS });

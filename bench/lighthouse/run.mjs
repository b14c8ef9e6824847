// Lighthouse part of `make bench`: Lighthouse 12.2.3 (this folder's own package, installed by
// `make bench` only) against dist/ served by tools/serve.mjs in a process of its own (bench/browser.mjs), in
// Debian's Chromium. Mobile (Lighthouse's default: a simulated slow 4G and a 4x slower CPU)
// three times, reported as the median run by performance score; desktop once. Prints the
// scores, the largest contentful paint and its element, first contentful paint and total
// blocking time. Asserts nothing.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { serve } from '../browser.mjs';

function summary(lhr) {
  const audit = (id) => lhr.audits[id];
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint').numericValue,
    fcp: audit('first-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
  };
}

// The largest contentful paint's element in a phone-sized viewport, from the page's own
// PerformanceObserver: Lighthouse 12.2.3's LCP-element audit fails on Debian's current Chromium
// (its trace gatherer: "Cannot read properties of undefined (reading 'frame_sequence')").
async function lcpElement(url) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        const el = last.element;
        window.__lcp = el ? `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}> "${(el.textContent || '').trim().slice(0, 50)}"` : '(removed)';
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    return await page.evaluate(() => window.__lcp || 'none');
  } finally {
    await browser.close();
  }
}

// -> { mobile: [summary x runs], desktop: summary, version, element }
export async function lighthouseBench({ dist, runs = 3 }) {
  const server = await serve(dist);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const mobile = [];
    let version = '';
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(`${server.base}index.html`, options);
      version = lhr.lighthouseVersion;
      mobile.push(summary(lhr));
    }
    const { lhr } = await lighthouse(`${server.base}index.html`, options, desktopConfig);
    return { mobile, desktop: summary(lhr), version, element: await lcpElement(`${server.base}index.html`) };
  } finally {
    await chrome.kill();
    server.close();
  }
}

export function printLighthouse({ mobile, desktop, version, element }) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const line = (r) => `performance ${r.score}, LCP ${s(r.lcp)}, FCP ${s(r.fcp)}, TBT ${r.tbt.toFixed(0)} ms`;
  const sorted = [...mobile].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(`\n== Lighthouse ${version}, index.html over http (tools/serve.mjs, compressed)`);
  console.log(`   mobile, median of ${mobile.length} runs: ${line(median)}`);
  console.log(`     runs: ${mobile.map((r) => `${r.score} / LCP ${s(r.lcp)}`).join('; ')}`);
  console.log(`     LCP element (412 x 823, the page's PerformanceObserver): ${element}`);
  console.log(`   desktop: ${line(desktop)}`);
}

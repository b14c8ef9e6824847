// The closing summary links to every section, and the references are a
// proper list, each work with its identifier as text (arXiv id or address): the
// page links to nothing outside itself, so nothing in it fails offline.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const SECTION_IDS = ['self-attention', 'patterns', 'multi-head', 'positional-encoding', 'position-effect', 'causal',
  'cross-attention', 'head-roles', 'distance', 'layers', 'entropy', 'flow', 'learn', 'rope', 'grouped-query', 'kv-cache',
  'tiling', 'windows'];
test('the summary links to every section in order, and every link points to an existing section', async () => {
  const { page, errors, outside } = await browser.open('file');
  const links = await page.locator('#summary .summary-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links, SECTION_IDS.map((id) => `#${id}`));
  const present = await page.evaluate((ids) => ids.filter((id) => document.getElementById(id)?.matches('section.chapter')), SECTION_IDS);
  const missing = SECTION_IDS.filter((id) => !present.includes(id));
  assert.deepEqual(missing, [], 'summary links to missing sections');
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('following a summary link scrolls to that section', async () => {
  const { page } = await browser.open('http');
  await page.locator('#summary a[href="#entropy"]').click();
  assert.ok(page.url().endsWith('#entropy'));
  assert.equal(await page.locator('#entropy').isVisible(), true);
});

test('the references list at least 22 works, each with a year, a venue and its arXiv id or address as text; the page links nowhere outside', async () => {
  const { page } = await browser.open('file');
  const items = await page.locator('#references ol.references > li').evaluateAll((lis) => lis.map((li) => ({
    id: li.id, text: li.textContent, source: li.querySelector('.source')?.textContent, venue: li.querySelector('.venue')?.textContent,
  })));
  assert.ok(items.length >= 22, `${items.length} references`);
  for (const { text, source, venue } of items) {
    assert.match(text, /\((19|20)\d\d\)/, `a year in: ${text}`);
    assert.ok(venue && venue.trim().length > 0, `a venue in: ${text}`);
    assert.match(source, /^(arXiv:\d{4}\.\d{4,5}|aclanthology\.org\/|cdn\.openai\.com\/|transformer-circuits\.pub\/)/, `${source} in: ${text}`);
  }
  // Other text links to these anchors (#ref-<first author><year>): they must not move.
  const ids = items.map((i) => i.id);
  for (const id of ['abnar2020', 'bahdanau2015', 'beltagy2020', 'child2019', 'clark2019', 'elhage2021', 'garg2019',
    'jain2019', 'olsson2022', 'press2022', 'radford2018', 'radford2019', 'raffel2020', 'shaw2018', 'tenney2019',
    'vaswani2017', 'voita2019', 'wang2020', 'wiegreffe2019', 'yeh2023', 'zaheer2020', 'zhai2023']) {
    assert.ok(ids.includes(`ref-${id}`), `#ref-${id} exists`);
  }
  // The prose cites through the list, and nothing on the page links out of it.
  const outside = await page.locator('a[href^="http"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(outside, []);
  const cited = await page.locator('main > section:not(#references) a[href^="#ref-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
  assert.ok(cited.length >= 30 && cited.every((id) => ids.includes(id)), `${cited.length} citations, each to an entry`);
  const text = items.map((i) => i.text).join('\n');
  for (const author of ['Dao', 'Milakov', 'Jiang', 'Xiao', 'Vaswani', 'Bahdanau', 'Child', 'Beltagy', 'Zaheer', 'Wang', 'Press', 'Clark', 'Voita', 'Tenney',
    'Olsson', 'Abnar', 'Jain', 'Wiegreffe', 'Radford', 'Zhai', 'Elhage', 'Garg', 'Shaw', 'Raffel', 'Yeh']) {
    assert.match(text, new RegExp(`^\\s*${author},`, 'm'), `${author} is cited first-author`);
  }
});

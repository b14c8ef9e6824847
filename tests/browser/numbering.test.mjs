// One convention for people: layers and heads count from 1 on the page, in
// links and in exported JSON (the core's arrays count from 0), and a JSON
// export of a trained view records that view's own controls, typed as numbers
// where they are numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, openTrained, downloadBytes } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

async function jsonOf(page, figure) {
  const [file] = await Promise.all([page.waitForEvent('download'), figure.locator('.figure-tools button', { hasText: 'JSON' }).click()]);
  return JSON.parse((await downloadBytes(file)).toString('utf8'));
}

test('a trained view: layer=2 in the link is "Layer 2" on the page and layer: 2 in its JSON, with its own text and unit', async () => {
  const { page, errors } = await browser.open('http', { path: 'index.html?multi-head.view=trained&trained-multi-head.layer=2#multi-head' });
  const section = await showSection(page, 'multi-head');
  await page.waitForFunction(() => document.querySelector('#multi-head [data-trained]')?.dataset.state === 'ready');
  assert.match(await section.locator('[data-chart="trained-heads"] .panel-title').first().textContent(), /^Layer 2, head 1$/);
  const figure = section.locator('[data-trained] figure').filter({ has: page.locator('[data-chart="trained-heads"]') });
  const json = await jsonOf(page, figure);
  const text = await section.locator('[data-trained] input[name="text"]').inputValue();
  assert.deepEqual({ text: json.inputs.text, unit: json.inputs.unit, layer: json.inputs.layer }, { text, unit: 'characters', layer: 2 });
  assert.equal(json.inputs.seed, undefined, 'not the random-weights controls');
  assert.deepEqual(errors, []);
});

test('section 12: the layer picker counts from 1 in the link and in the JSON, as its labels do', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'flow');
  const picker = section.locator('select[name="layer"]');
  const chosen = await picker.evaluate((s) => s.selectedOptions[0].textContent);
  assert.match(chosen, new RegExp(`^${await picker.inputValue()} · `), 'the value is the number the label starts with');
  await picker.selectOption('5');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('flow.layer') === '5');
  const json = await jsonOf(page, section.locator('figure').first());
  assert.equal(json.inputs.layer, 5);
  assert.equal(typeof json.inputs.seed, 'number');
  assert.deepEqual(errors, []);
});

test('the self-attention trained view picks its head counted from 1 and draws the head it names', async () => {
  const { page, errors } = await browser.open('http');
  const section = await openTrained(page, 'self-attention');
  const panel = section.locator('[data-trained]');
  await panel.locator('select[name="layer"]').selectOption('1');
  await panel.locator('select[name="head"]').selectOption('1');
  assert.match(await panel.textContent(), /layer 1, head 1: on your text/);
  assert.deepEqual(errors, []);
});

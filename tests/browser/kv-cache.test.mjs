// Section 16 in a real Chromium: the Austen model loads on the first Generate
// (not before), the continuation, its attention rows and the work per
// character are the core's own numbers (m.generate in the page), the check
// reports the largest cached-vs-recomputed difference, the controls redraw,
// asking for more than the context is refused next to "Characters to
// generate", and it all works over http with the strict CSP and from file://.
// The layer, head, top-k and length choices come from the loaded model's config;
// a link's layer and head are restored; the Practice questions wait for the model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, setValue, tableNumbers } from './harness.mjs';

// The numbers of a figure's "Show numbers" table; small weights print as 1.8e−5, with d3's minus sign.
async function numbers(figure) {
  await tableNumbers(figure); // opens the table
  return figure.locator('.numbers table').first().locator('tbody tr')
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent.replace('\u2212', '-')))));
}

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const DEFAULTS = { prompt: 'It is a truth universally acknowledged, that a single man', steps: 60, temperature: 0.8, topK: 10, seed: 1 };

// What the page's own core generates for these settings (the expected numbers).
function expected(page, settings, layer, head) {
  return page.evaluate(async ({ s, layer: l, head: h }) => {
    const core = await window.createAttentionCore({ full: true });
    const m = core.loadModel(window.attentionAtlasModel);
    const g = m.generate(s.prompt, { steps: s.steps, temperature: s.temperature, topK: s.topK, seed: s.seed });
    m.dispose();
    return {
      text: g.characters.map((c) => c.character).join(''),
      last: Array.from(g.characters[g.characters.length - 1].attention[l].data.subarray(h * (s.prompt.length + s.steps - 1), (h + 1) * (s.prompt.length + s.steps - 1))),
      maxDifference: g.maxDifference,
      full: g.characters.map((c) => c.multiplyAddsFull),
      cached: g.characters.map((c) => c.multiplyAddsCached),
    };
  }, { s: settings, layer, head });
}

for (const mode of ['http', 'file']) {
  test(`kv-cache (${mode}): Generate loads the model, draws the core's continuation, attention and work, and refuses too many characters`, async () => {
    const { page, errors, outside } = await browser.open(mode, mode === 'http' ? { csp: true } : {});
    const requests = [];
    page.on('request', (r) => { if (r.url().endsWith('atlas-model.js')) requests.push(r.url()); });
    const section = await showSection(page, 'kv-cache');
    assert.deepEqual(requests, [], 'no request for the model before Generate');
    await section.locator('[data-action="generate"]').click();
    await page.waitForFunction(() => document.getElementById('kv-cache').dataset.generated === 'true', null, { timeout: 60000 });
    assert.equal(requests.length, 1);

    const want = await expected(page, DEFAULTS, 2, 0);
    const shown = await section.locator('[data-generated]').textContent();
    assert.equal(shown, DEFAULTS.prompt + want.text);
    assert.match(await section.locator('figcaption .provenance').first().textContent(), /^Trained model: 3 layers × 4 heads/);
    // The check decodes the other way as well when the page is idle: 'checking…' until then.
    const check = await section.locator('[data-kv-check][data-state="ready"]').textContent();
    assert.match(check, new RegExp(`Largest difference .*: ${want.maxDifference.toExponential(1).replace('+', '\\+')}`));
    assert.ok(want.maxDifference <= 3e-5, "float32 rounding: within 1e-6 of logits under 30 (tests/core/model/kv_cache_test.cpp)");

    const attentionFigure = section.locator('figure').nth(0);
    const rows = await numbers(attentionFigure);
    assert.equal(rows.length, DEFAULTS.steps);
    const lastRow = rows[rows.length - 1].slice(0, 20); // the table shows the first columns: the prompt's
    lastRow.forEach((v, j) => assert.ok(Math.abs(v - want.last[j]) < 5e-3, `last row, key ${j}: ${v} vs ${want.last[j]}`));

    const workFigure = section.locator('figure').nth(1);
    const work = await tableNumbers(workFigure);
    assert.equal(work.length, DEFAULTS.steps);
    work.forEach(([full, cached], k) => {
      assert.ok(Math.abs(full - want.full[k] / 1e6) < 1e-4 && Math.abs(cached - want.cached[k] / 1e6) < 1e-4, `step ${k}: ${full}, ${cached}`);
    });
    assert.ok(want.full.every((f, k) => k === 0 || want.cached[k] < f / 10), 'a cached step costs far less than recomputing');

    // The layer, head and top-k choices come from the loaded model's config (1-based, as the page shows them).
    const config = await page.evaluate(async () => {
      const core = await window.createAttentionCore({ full: true });
      const m = core.loadModel(window.attentionAtlasModel);
      const { layers, heads, vocab, context } = m.config;
      m.dispose();
      return { layers, heads, vocab: vocab.length, context };
    });
    assert.deepEqual(await section.locator('select[name="layer"] option').evaluateAll((o) => o.map((x) => x.value)),
      Array.from({ length: config.layers }, (_, i) => String(i + 1)));
    assert.equal(await section.locator('select[name="head"] option').count(), config.heads);
    assert.equal(await section.locator('input[name="topK"]').getAttribute('max'), String(config.vocab + 1));
    assert.equal(await section.locator('input[name="steps"]').getAttribute('max'), String(config.context - 1));
    await section.locator('select[name="head"]').selectOption('2');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    const head2 = await expected(page, DEFAULTS, 2, 1);
    const rows2 = await numbers(attentionFigure);
    assert.ok(Math.abs(rows2[rows2.length - 1][0] - head2.last[0]) < 5e-3, 'the head control redraws');

    await setValue(section.locator('input[name="steps"]'), '100');
    const error = section.locator('[data-error-for="steps"]');
    await error.waitFor({ state: 'visible' });
    assert.match(await error.textContent(), /prompt plus continuation must fit the model's context of 128 characters/);

    await setValue(section.locator('input[name="steps"]'), '20');
    await section.locator('[data-error-for="steps"]').waitFor({ state: 'hidden' });
    // The new generation's check follows it (when the page is idle): its own steps and difference.
    const want20 = await expected(page, { ...DEFAULTS, steps: 20 }, 2, 1);
    await section.locator('[data-kv-check][data-state="ready"]', { hasText: 'Over all 20 steps' }).waitFor();
    assert.match(await section.locator('[data-kv-check]').textContent(), new RegExp(`: ${want20.maxDifference.toExponential(1).replace('+', '\\+')} \\(float32`));
    // Fewer characters are the first ones of the generation shown before, and more than it had are
    // generated anew: each is what the core gives for that many, totals included.
    const millions = (counts) => (counts.reduce((a, b) => a + b) / 1e6).toFixed(2);
    assert.equal(await section.locator('[data-generated]').textContent(), DEFAULTS.prompt + want20.text);
    for (const steps of [64, 33]) {
      await setValue(section.locator('input[name="steps"]'), String(steps));
      const want = await expected(page, { ...DEFAULTS, steps }, 2, 1);
      assert.equal(await section.locator('[data-generated]').textContent(), DEFAULTS.prompt + want.text, `${steps} characters`);
      assert.equal((await numbers(attentionFigure)).length, steps);
      const line = await section.locator('[data-kv-check][data-state="ready"]', { hasText: `Over all ${steps} steps` }).textContent();
      assert.ok(line.startsWith(`Over all ${steps} steps: ${millions(want.cached)} M multiply-adds with the cache, ${millions(want.full)} M without.`), line);
      assert.match(line, new RegExp(`: ${want.maxDifference.toExponential(1).replace('+', '\\+')} \\(float32`));
    }
    await setValue(section.locator('input[name="prompt"]'), 'Caf\u00e9 society');
    await section.locator('[data-error-for="prompt"]').waitFor({ state: 'visible' });
    assert.match(await section.locator('[data-error-for="prompt"]').textContent(), /does not know/);
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
  });
}

test('kv-cache: a link\'s layer and head (counted from 1) are restored when the model loads; the Practice questions wait for it', async () => {
  const { page, errors } = await browser.open('http', { path: 'index.html?trained-kv-cache.layer=1&trained-kv-cache.head=3#kv-cache' });
  const section = await showSection(page, 'kv-cache');
  const card = section.locator('#exercise-kv-cache-work-without-cache');
  assert.match(await card.locator('.exercise-prompt').textContent(), /press Generate above/);
  await section.locator('[data-action="generate"]').click();
  await page.waitForFunction(() => document.getElementById('kv-cache').dataset.generated === 'true', null, { timeout: 60000 });
  // The Practice questions that waited for the model are drawn once it is there.
  await card.locator('.exercise-prompt', { hasText: 'The trained model continues' }).waitFor();
  assert.equal(await section.locator('#exercise-kv-cache-strongest-key .exercise-figure canvas.active, #exercise-kv-cache-strongest-key .exercise-figure g.cell').count() > 0, true);
  assert.equal(await section.locator('[data-kv-title]').textContent(), 'layer 1, head 3: each generated character’s weights');
  assert.equal(await section.locator('select[name="layer"]').inputValue(), '1');
  assert.deepEqual(errors, []);
});

// The "Trained model" views of sections 1, 3, 8, 9, 10 and 12 in a real
// Chromium: the weights load only when a trained view is first opened (no
// request for atlas-model.js before), each view draws the core's numbers for
// the shipped model, switches back, reports unknown characters and bad text,
// and works over http (with the strict CSP), from file:// and in the single file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection, openTrained, press, drawnCells, tableNumbers, singleFileFolder } from './harness.mjs';

let browser;
let lonely; // a folder holding only the single file
before(async () => {
  browser = await openBrowser();
  lonely = await singleFileFolder();
});
after(async () => {
  await browser.close();
  await lonely.remove();
});

const BADGE = /^Trained model: 3 layers × 4 heads, \d+k parameters, Austen, \d\.\d\d nats\/char held out$/;

function modelRequests(page) {
  const seen = [];
  page.on('request', (r) => { if (r.url().endsWith('atlas-model.js')) seen.push(r.url()); });
  return seen;
}

// What the page's core says for the shipped model on a text (the expected numbers).
function expected(page, text) {
  return page.evaluate(async (t) => {
    const core = await window.createAttentionCore({ full: true }); // the lean core of the first paint has no model
    const m = core.loadModel(window.attentionAtlasModel || JSON.parse(document.getElementById('atlas-model-data').textContent));
    const r = m.run(t);
    const best = r.heads.reduce((a, b) => (b.previousToken > a.previousToken ? b : a));
    const out = {
      n: r.tokens.length, words: r.words.labels.length, tokens: r.tokens.map((t) => t.replace(/ /g, '·')), unknown: r.unknown, best,
      weights: Array.from(r.attention[best.layer][best.head].data),
      heads: r.heads, layers: m.config.layers, parameters: m.config.parameters, heldOutLoss: m.meta.heldOutLoss,
      offsets: core.modelLayers(r.attention).meanByOffset.map((c) => Array.from(c)),
    };
    m.dispose();
    return out;
  }, text);
}

// The trained head's 22 x 22 cells are more than the 400 drawn as SVG: they are painted on canvas.
const cellCount = async (chart) => (await drawnCells(chart)).fills.length;

for (const mode of ['http', 'file']) {
  test(`self-attention trained view (${mode}): loads the model on first use, draws the strongest previous-token head and its query-key plane, words, unknown characters, switches back`, async () => {
    const { page, errors, outside, violations } = await browser.open(mode, mode === 'http' ? { csp: true } : {});
    const requests = modelRequests(page);
    const section = await showSection(page, 'self-attention');
    assert.equal(await section.locator('[data-view-choice="trained"]').textContent(), 'Trained model');
    assert.deepEqual(requests, [], 'no request for atlas-model.js before a trained view opens');
    assert.equal(await page.evaluate(() => typeof window.attentionAtlasModel), 'undefined');

    await openTrained(page, 'self-attention');
    assert.equal(requests.length, 1, 'atlas-model.js is requested once, on first use');
    const panel = section.locator('[data-trained]');
    assert.ok(await section.locator('[data-view="base"]').first().isHidden(), 'the random-weights view is hidden');
    const text = 'The cat sat on the mat';
    assert.equal(await panel.locator('input[name="text"]').inputValue(), text, 'the trained view reads the section’s sentence');
    const want = await expected(page, text);
    const badges = await panel.locator('[data-model-badge]').allTextContents();
    assert.equal(badges.length, 2);
    for (const badge of badges) assert.match(badge, BADGE);
    assert.ok(badges[0].includes(`${want.heldOutLoss.toFixed(2)} nats/char`) && badges[0].includes(`${Math.round(want.parameters / 1000)}k parameters`));
    // The curriculum's phases that only widen the alphabet are one stage, and the stages add up to the steps.
    // The view leads with what to notice; the recipe is folded under "How this model was trained".
    assert.match(await panel.locator('.trained-lead').textContent(), /^What to notice: /);
    const disclosure = panel.locator('details.trained-about');
    assert.equal(await disclosure.locator('summary').textContent(), 'How this model was trained');
    assert.equal(await disclosure.evaluate((d) => d.open), false, 'folded until asked for');
    assert.ok(await panel.locator('[data-model-about]').isHidden());
    await disclosure.locator('summary').click();
    assert.ok(await panel.locator('[data-model-about]').isVisible());
    const about = await panel.locator("[data-model-about]").textContent();
    const [, total, first, second, passages, firstLoss, secondLoss] = about.match(/for (\d+) steps on .*: (\d+) steps on batches of \d+ windows of 32 characters, \d+% with a string of \d+-\d+ distinct random characters written twice in a row, drawn from the \d+, then \d+, \d+ and \d+ most frequent characters \([\d, and]+ steps\); then (\d+) steps on batches of \d+ windows of 128 characters, \d+% of them with a span of \d+-\d+ characters of the text copied later in the window.*The induction scores of section 8 say whether one did\. Written twice in one window, (\d+) passages of the held-out text \(32 to 60 characters\) cost it ([\d.]+) nats per character the first time and ([\d.]+) the second .*\.$/);
    assert.equal(Number(first) + Number(second), Number(total));
    // what the model does with a repeat of text: the scores make model measured, from the meta
    const repeats = await page.evaluate(async () => {
      const core = await window.createAttentionCore({ full: true });
      const m = core.loadModel(window.attentionAtlasModel);
      const t = m.meta.textRepeats;
      m.dispose();
      return t;
    });
    assert.equal(Number(passages), repeats.passages);
    assert.equal(firstLoss, repeats.firstLoss.toFixed(2));
    assert.equal(secondLoss, repeats.secondLoss.toFixed(2));
    // The held-out loss beside its baselines, read from the data that travels with the weights.
    const baselines = await page.evaluate(() => window.attentionAtlasModel.baselines);
    assert.ok(want.heldOutLoss < baselines.bigram && baselines.bigram < baselines.unigram, 'the model beats bigram counts, which beat unigram counts');
    assert.ok(about.includes(`only how often each character occurs needs ${baselines.unigram.toFixed(2)} nats`), about);
    assert.ok(about.includes(`knows the character before ${baselines.bigram.toFixed(2)}`), about);

    // The default head is the strongest previous-token head, and its cells are the core's weights.
    assert.equal(await panel.locator('select[name="layer"]').inputValue(), String(want.best.layer + 1), "the controls count from 1; the core's indices from 0");
    assert.equal(await panel.locator('select[name="head"]').inputValue(), String(want.best.head + 1));
    const head = panel.locator('[data-chart="trained-head"]');
    assert.equal(await cellCount(head), want.n * want.n);
    // Its title says what the head does on this text in plain words (section 1 names no role yet).
    const title = await panel.locator('[data-head-title]').textContent();
    assert.equal(title, `layer ${want.best.layer + 1}, head ${want.best.head + 1}: on your text, each character after the first gives on average ${want.best.previousToken.toFixed(2)} of its weight to the one just before`);
    // Every row and every column keeps its label (one character each, upright).
    assert.deepEqual(await head.locator('.row-labels text').allTextContents(), want.tokens);
    assert.deepEqual(await head.locator('.col-labels text').allTextContents(), want.tokens);
    // Its numbers ("Show numbers", two decimals) are the core's weights.
    const shown = (await tableNumbers(head.locator('xpath=ancestor::figure[1]'))).flat();
    assert.equal(shown.length, want.n * want.n);
    shown.forEach((v, i) => assert.ok(Math.abs(v - want.weights[i]) <= 0.005 + 1e-12, `cell ${i}: ${v} vs ${want.weights[i]}`));
    assert.ok(shown.every((v, i) => (i % want.n) <= Math.floor(i / want.n) || v === 0), 'causal: nothing above the diagonal');

    // The query-key plane: one query and one key per character; pointing at a query links its top keys.
    const plane = panel.locator('[data-chart="trained-qk"]');
    assert.equal(await plane.locator('g.point[data-group="0"]').count(), want.n);
    assert.equal(await plane.locator('g.point[data-group="1"]').count(), want.n);
    assert.match(await panel.locator('[data-qk-note]').textContent(), /keeps \d+% of the variance.*not a distance/);
    await plane.locator('svg').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await plane.locator('.links line').count(), 2, 'query 1 (“h”) sees keys 0 and 1, both with weight > 0');
    assert.match(await plane.locator('.readout').textContent(), /^query “h” gives most weight to “[Th]” \(\d+%\), “[Th]” \(\d+%\)$/);

    // By words: one row per word.
    await panel.locator('select[name="unit"]').selectOption('words');
    assert.equal(await cellCount(head), want.words * want.words);

    // Unknown characters are named beside the text; bad text gets a message there, the figure stays.
    const field = panel.locator('input[name="text"]');
    await field.fill('A snowman ☃ and a € sign');
    const unknown = panel.locator('.trained-unknown');
    assert.ok(await unknown.isVisible());
    assert.match(await unknown.textContent(), /“☃”, “€”/);
    assert.deepEqual((await expected(page, 'A snowman ☃ and a € sign')).unknown, ['☃', '€']);
    // By characters, each unknown one is drawn as the symbol the model reads instead, as the note says.
    await panel.locator('select[name="unit"]').selectOption('characters');
    const read = await head.locator('.row-labels text').allTextContents();
    assert.equal(read.filter((l) => l === '\uFFFD').length, 2);
    assert.ok(!read.includes('☃') && !read.includes('€'));
    await panel.locator('select[name="unit"]').selectOption('words');
    await field.fill('x');
    assert.match(await panel.locator('[data-error-for="text"]').textContent(), /2/);
    assert.equal(await cellCount(head), 49, 'the last good figure stays (7 words)');
    await field.fill(text);
    assert.ok(await unknown.isHidden());
    assert.ok(await panel.locator('[data-error-for="text"]').isHidden());

    // Switching back shows the random-weights figure again, unchanged in size.
    await section.locator('[data-view-choice="base"]').click();
    assert.ok(await panel.isHidden());
    assert.equal(await section.locator('[data-chart="weights"] g.cell').count(), 36);
    assert.equal(await section.locator('[data-view-choice="base"]').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(errors, []);
    assert.deepEqual(outside, []);
    assert.deepEqual(await violations(), []);
  });
}

test('every other trained view draws the core’s numbers, loads the model only once, and switches back (http)', async () => {
  const { page, errors, outside } = await browser.open('http');
  const requests = modelRequests(page);

  const mh = await openTrained(page, 'multi-head');
  const text = await mh.locator('[data-trained] input[name="text"]').inputValue();
  const want = await expected(page, text);
  assert.equal(await mh.locator('[data-chart="trained-heads"] .panel').count(), 4);
  await mh.locator('[data-trained] select[name="layer"]').selectOption('3');
  assert.match(await mh.locator('[data-chart="trained-heads"] .panel-title').first().textContent(), /^Layer 3, head 1$/);
  // The view's controls have their own names in the address (counted from 1, as the titles), so no other view reads them as its own.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('trained-multi-head.layer') === '3');

  const hr = await openTrained(page, 'head-roles');
  for (const key of ['previousToken', 'firstToken', 'induction', 'textInduction']) {
    assert.equal(await hr.locator(`[data-chart="trained-rank-${key}"] g.bar`).count(), 12, `${key}: one bar per head`);
  }
  // The best head of each role, each head drawn once: a head best at two roles gets one panel naming both.
  const best = hr.locator('[data-chart="trained-best"] .panel-title');
  const hrText = await hr.locator('[data-trained] input[name="text"]').inputValue();
  const hrWant = await expected(page, hrText);
  const roles = [['previousToken', 'previous-token'], ['firstToken', 'first-token'], ['induction', 'induction (random repeats)'],
    ['textInduction', 'induction (text repeats)']];
  const winners = new Map();
  for (const [key, name] of roles) {
    const h = hrWant.heads.reduce((a, b) => (b[key] > a[key] ? b : a));
    const id = `layer ${h.layer + 1}, head ${h.head + 1}`;
    winners.set(id, [...(winners.get(id) || []), name]);
  }
  const titles = [...winners].map(([id, names]) => `Best ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} head: ${id}`);
  assert.deepEqual(await best.allTextContents(), titles);
  assert.equal(new Set(titles).size, titles.length, 'no head drawn twice');

  // One click puts a repeated random string in; the best induction head then draws its stripe:
  // in the second copy, most of each row on the character after the same one in the first copy.
  await hr.getByRole('button', { name: 'A repeated random string' }).click();
  const example = await hr.locator('[data-trained-example]').getAttribute('data-trained-example');
  assert.equal(await hr.locator('[data-trained] input[name="text"]').inputValue(), example);
  const stripe = await page.evaluate(async (t) => {
    const core = await window.createAttentionCore({ full: true });
    const m = core.loadModel(window.attentionAtlasModel);
    const r = m.run(t);
    const h = r.heads.reduce((a, b) => (b.induction > a.induction ? b : a));
    const a = r.attention[h.layer][h.head];
    const segment = t.match(/(\w{6,})\W.*\1/)[1];
    const [first, second] = [t.indexOf(segment), t.lastIndexOf(segment)];
    let sum = 0;
    for (let k = 0; k < segment.length; k++) sum += a.data[(second + k) * a.cols + first + k + 1];
    m.dispose();
    return { mean: sum / segment.length, title: `layer ${h.layer + 1}, head ${h.head + 1}` };
  }, example);
  assert.ok(stripe.mean > 0.5, `the stripe holds ${stripe.mean.toFixed(2)} of each second-copy row`);
  assert.ok((await best.allTextContents()).some((t) => t.includes('induction') && t.endsWith(stripe.title)));
  const ranked = await hr.locator('[data-chart="trained-rank-induction"] g.bar').evaluateAll((bars) => bars.map((b) => b.textContent));
  assert.equal(ranked.length, 12);

  const di = await openTrained(page, 'distance');
  const diWant = await expected(page, await di.locator('[data-trained] input[name="text"]').inputValue());
  assert.equal(await di.locator('[data-chart="trained-offsets"] g.series').count(), diWant.layers);
  // Offsets on a logarithmic axis that keeps 0: the first five offsets get a fifth of the axis or more
  // (on a linear axis over ~90 offsets they got 50 px); no markers on that many points.
  const tickAt = (t) => di.locator('[data-chart="trained-offsets"] .axis.x .tick').filter({ hasText: new RegExp(`^${t}$`) })
    .evaluate((g) => Number(g.getAttribute('transform').match(/translate\(([\d.]+)/)[1]));
  const axisWidth = await di.locator('[data-chart="trained-offsets"] .axis.x .domain').evaluate((p) => p.getBBox().width);
  assert.ok(diWant.offsets[0].length > 32);
  assert.ok((await tickAt(5)) - (await tickAt(0)) > axisWidth / 5, 'offsets 0-5 are not squeezed');
  assert.equal(await di.locator('[data-chart="trained-offsets"] g.series circle').count(), 0);

  const ly = await openTrained(page, 'layers');
  assert.equal(await ly.locator('[data-chart="trained-distance"] g.series circle').count(), 3);
  assert.equal(await ly.locator('[data-chart="trained-entropy"] g.series circle').count(), 3);
  for (const name of ['trained-distance', 'trained-entropy']) {
    const ticks = await ly.locator(`[data-chart="${name}"] .axis.y .tick text`).allTextContents();
    assert.equal(Number(ticks[0]), 0, `${name}: the value axis starts at 0`);
  }

  const fl = await openTrained(page, 'flow');
  assert.equal(await fl.locator('[data-trained] select[name="unit"]').inputValue(), 'words');
  assert.deepEqual(await fl.locator('[data-chart="trained-arrows"] g.word text').allTextContents(), ['Dogs', 'love', 'to', 'play', 'fetch']);
  assert.ok(await fl.locator('[data-chart="trained-arrows"] path.arrow').count() > 0);
  assert.equal(await fl.locator('[data-chart="trained-rollout"] .panel').count(), 3);
  await fl.locator('[data-view-choice="base"]').click();
  assert.ok(await fl.locator('[data-chart="flow-arrows"]').isVisible());

  assert.equal(requests.length, 1, 'six trained views, one load');
  assert.ok(want.heads.length === 12);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

test('the view shown is in the address: a link opens the trained view with its settings, Reset goes back, a bad value is noted', async () => {
  const { page, errors, context } = await browser.open('http', { path: 'index.html?multi-head.view=trained&trained-multi-head.layer=2#multi-head' });
  const section = await showSection(page, 'multi-head');
  await page.waitForFunction(() => document.querySelector('#multi-head [data-trained]')?.dataset.state === 'ready');
  assert.equal(await section.locator('[data-view-choice="trained"]').getAttribute('aria-pressed'), 'true');
  assert.match(await section.locator('[data-chart="trained-heads"] .panel-title').first().textContent(), /^Layer 2, head 1$/);

  // Copy link carries the view; Reset puts the section back on its base view.
  await section.locator('[data-view-choice="base"]').click();
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('multi-head.view'));
  await press(section.locator('[data-view-choice="trained"]'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('multi-head.view') === 'trained');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.locator('.section-tools button', { hasText: 'Copy link' }).click();
  await section.locator('.section-tools .copy-status', { hasText: 'Copied.' }).waitFor();
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  assert.equal(link.searchParams.get('multi-head.view'), 'trained');
  assert.equal(link.searchParams.get('trained-multi-head.layer'), '2', 'and the trained view’s own settings, counted from 1 as the page does');
  await section.locator('.section-tools button', { hasText: 'Reset' }).click();
  assert.equal(await section.locator('[data-view-choice="base"]').getAttribute('aria-pressed'), 'true');
  assert.ok(await section.locator('[data-trained]').isHidden());
  assert.equal(await section.locator('[data-trained] select[name="layer"]').inputValue(), '1', 'Reset covers the trained view’s controls');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('trained-multi-head.layer'));

  const bad = await browser.open('http', { path: 'index.html?distance.view=weights#distance' });
  const di = await showSection(bad.page, 'distance');
  assert.match(await di.locator('.link-note').textContent(), /view = “weights”: .* must be one of: base, trained\./);
  assert.ok(await di.locator('[data-trained]').isHidden());
  assert.deepEqual([...errors, ...bad.errors], []);
});

test('single file from file://: the model is inside but not run at load, and a trained view reads it on first use', async () => {
  const { page, errors, outside } = await browser.open('file', { dir: lonely.dir, path: 'attention-atlas.html' });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const section = await showSection(page, 'self-attention');
  assert.equal(await page.evaluate(() => typeof window.attentionAtlasModel), 'undefined', 'not parsed at load');
  assert.equal(await page.locator('script[type="application/json"]#atlas-model-data').count(), 1);
  await openTrained(page, 'self-attention');
  assert.match(await section.locator('[data-model-badge]').first().textContent(), BADGE);
  assert.ok(await cellCount(section.locator('[data-chart="trained-head"]')) > 0);
  assert.deepEqual(requests.filter((url) => !/^(data|blob):/.test(url)), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outside, []);
});

// Section 13 (learn) in a real Chromium, in every context the trainer must
// run in: over http with a strict CSP (worker file), from file:// and as the
// single file (a worker built from the core's text), and embedded in a
// sandboxed frame without and with the CSP (Blob worker; no worker at all, so
// short slices on the page). In each: Start makes the loss fall and the head
// figures change, the mode line names the mode, and Pause, Step, the timeline and
// head ablation work. Runs train a couple of hundred steps, not thousands. (How long
// the main thread is blocked while training is measured by make bench, bench/train.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, STRICT_CSP } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const LABELS = {
  worker: 'Training in a background worker.',
  blob: 'Training in a worker built in the page.',
  page: 'Training on the page itself, in short slices.',
};

// A course page that embeds the section in a sandboxed frame, served at base/course.html.
async function openSandboxed(csp) {
  const s = await browser.open('http', { csp, path: 'LICENSES.txt' });
  const body = '<!doctype html><title>Course</title>'
    + '<iframe sandbox="allow-scripts" src="embed.html?section=learn" width="1100" height="2600"></iframe>';
  await s.page.route(`${s.base}course.html`, (route) => route.fulfill({
    status: 200, contentType: 'text/html', body, headers: csp ? { 'Content-Security-Policy': STRICT_CSP } : {},
  }));
  await s.page.goto(`${s.base}course.html`);
  await s.page.waitForFunction(() => document.querySelector('iframe')?.contentWindow);
  const frame = s.page.frames().find((f) => f.url().includes('embed.html'));
  return { ...s, frame };
}

async function openPage(mode, options) {
  const s = await browser.open(mode, options);
  return { ...s, frame: s.page.mainFrame() };
}

const CONTEXTS = [
  { name: 'http with the strict CSP', mode: 'worker', open: () => openPage('http', { csp: true }) },
  { name: 'file://', mode: 'blob', open: () => openPage('file', {}) },
  { name: 'the single file from file://', mode: 'blob', open: () => openPage('file', { path: 'attention-atlas.html' }) },
  { name: 'a sandboxed embed', mode: 'blob', open: () => openSandboxed(false) },
  { name: 'a sandboxed embed with the strict CSP', mode: 'page', open: () => openSandboxed(true), blobRefused: true },
];

const attr = (frame, name) => frame.evaluate((n) => document.getElementById('learn').dataset[n], name);
const untilStep = (frame, step) => frame.waitForFunction((k) => Number(document.getElementById('learn').dataset.step) >= k,
  step, { timeout: 120000, polling: 100 });
const lossAt = async (section) => Number((await section.locator('[data-learn="progress"]').textContent()).match(/loss ([\d.]+) nats/)[1]);
// The pixels of the first attention panel (its cells are painted on a canvas).
const panelPixels = (section) => section.locator('[data-chart="learn-attention"] .panel canvas').first()
  .evaluate((canvas) => canvas.toDataURL());
// The figures redraw over several frames; data-drawing is present until they are done.
const nextFrame = (frame) => frame.waitForFunction(() => !document.getElementById('learn').hasAttribute('data-drawing'));

for (const context of CONTEXTS) {
  test(`learn (${context.name}): trains in mode '${context.mode}' without blocking; Pause, Step, timeline and ablation work`, async () => {
    const { frame, errors, outside, violations, page } = await context.open();
    const section = frame.locator('#learn');
    await section.scrollIntoViewIfNeeded();
    await frame.waitForFunction(() => document.getElementById('learn')?.dataset.phase === 'idle', null, { timeout: 60000 });
    assert.equal(await attr(frame, 'mode'), context.mode);
    assert.equal(await section.locator('[data-learn="mode"]').textContent(), LABELS[context.mode]);
    assert.match(await section.locator('[data-config="parameters"]').textContent(), /^\d{4,}$/, 'the parameter count comes from the core');
    await nextFrame(frame);
    const loss0 = await lossAt(section);
    const pixels0 = await panelPixels(section);
    assert.equal(await section.locator('[data-chart="learn-attention"] .panel').count(), 4, 'a panel per head');
    assert.match(await section.locator('[data-chart="learn-attention"] .panel').first().locator('svg.heatmap-svg').getAttribute('aria-label'),
      /, 24 by 24 cells,/, 'a panel is the 24 x 24 attention of the probe');

    // Start: the loss falls and the attention panels change.
    await section.locator('[data-action="start"]').click();
    await untilStep(frame, 150);
    await nextFrame(frame);
    assert.ok(await lossAt(section) < loss0, 'the probe loss falls');
    assert.notDeepEqual(await panelPixels(section), pixels0, 'the attention panels change');

    // Pause stops the steps; Step adds exactly one.
    await section.locator('[data-action="pause"]').click();
    await frame.waitForFunction(() => document.getElementById('learn').dataset.phase === 'paused');
    await page.waitForTimeout(300);
    const paused = Number(await attr(frame, 'step'));
    await page.waitForTimeout(500);
    assert.equal(Number(await attr(frame, 'step')), paused, 'no steps while paused');
    await section.locator('[data-action="step"]').click();
    await untilStep(frame, paused + 1);
    await page.waitForTimeout(300);
    assert.equal(Number(await attr(frame, 'step')), paused + 1);

    // The timeline goes back to step 0 and shows its attention again.
    const slider = section.locator('input[name="snapshot"]');
    assert.ok(Number(await slider.getAttribute('max')) >= 6, 'a snapshot every 25 steps is kept');
    await slider.fill('0');
    await nextFrame(frame);
    assert.equal(await section.locator('[data-learn="shown"]').textContent(), '0');
    assert.deepEqual(await panelPixels(section), pixels0, 'step 0 is drawn as it was');
    await slider.fill(await slider.getAttribute('max'));
    await nextFrame(frame);
    assert.equal(await section.locator('[data-learn="shown"]').textContent(), String(paused + 1));

    // Ablation: switching a head off re-evaluates at the same step without it.
    await section.locator('[data-learn="ablation"] input').nth(2).uncheck();
    await frame.waitForFunction(() => /^With L2 H1 off/.test(document.querySelector('[data-learn="ablation-readout"]').textContent));
    await nextFrame(frame);
    assert.equal(await section.locator('[data-chart="learn-attention"] .panel-title').nth(2).textContent(), 'Layer 2 · head 1 (off)');
    assert.match(await section.locator('[data-learn="ablation-readout"]').textContent(), /repeat loss [\d.]+ nats .*\([\d.]+ with every head/);
    const readout = section.locator('[data-learn="ablation-readout"]');
    const off = Number(await readout.getAttribute('data-loss-repeat'));
    const on = Number(await readout.getAttribute('data-loss-baseline'));
    assert.ok(Number.isFinite(off) && Number.isFinite(on) && off !== on, `the repeat loss changes without the head (${off} vs ${on})`);
    await section.locator('[data-learn="ablation"] input').nth(2).check();
    await frame.waitForFunction(() => /^Every head in use/.test(document.querySelector('[data-learn="ablation-readout"]').textContent));

    assert.deepEqual(errors.filter((e) => !(context.blobRefused && /Creating a worker from 'blob:/.test(e))), []);
    const seen = await violations();
    if (context.blobRefused) {
      assert.ok(seen.every((v) => /^worker-src blocked blob/.test(v)), `only the refused Blob worker: ${seen}`);
    } else {
      assert.deepEqual(seen, []);
    }
    assert.deepEqual(outside, []);
    await page.context().close();
  });
}

test('learn: switching off the head that passed 0.4 raises the repeat loss; 1 layer has two heads; bad and diverging learning rates say so', async () => {
  const { page, errors } = await openPage('http', { csp: true });
  const section = page.locator('#learn');
  await section.scrollIntoViewIfNeeded();
  const phase = (p) => page.waitForFunction((want) => document.getElementById('learn').dataset.phase === want, p, { timeout: 60000 });
  await phase('idle');

  // Train seed 1 until an induction score passes 0.4, then switch that head off.
  await section.locator('[data-action="start"]').click();
  await page.waitForFunction(() => document.getElementById('learn').dataset.passedStep, null, { timeout: 240000, polling: 200 });
  await section.locator('[data-action="pause"]').click();
  await phase('paused');
  await nextFrame(page.mainFrame());
  const passed = (await section.locator('[data-learn="progress"]').textContent()).match(/\(head L(\d) H(\d)\)/);
  assert.ok(passed, 'the progress line names the head');
  assert.ok(await section.locator('.line-chart .mark-passed').count() >= 1, 'the step is marked on the loss curve');
  const k = (Number(passed[1]) - 1) * 2 + (Number(passed[2]) - 1);
  await section.locator('[data-learn="ablation"] input').nth(k).uncheck();
  await page.waitForFunction(() => /^With L\d H\d off/.test(document.querySelector('[data-learn="ablation-readout"]').textContent));
  const [, off, on] = (await section.locator('[data-learn="ablation-readout"]').textContent()).match(/repeat loss ([\d.]+) nats .*\(([\d.]+) with every head/);
  assert.ok(Number(off) > Number(on) + 0.1, `repeat loss without the induction head ${off} > with it ${on}`);

  // One layer: a new run with two heads, two panels and two switches.
  await section.locator('select[name="layers"]').selectOption('1');
  await phase('idle');
  await nextFrame(page.mainFrame());
  assert.equal(await section.locator('[data-config="layers"]').textContent(), '1');
  assert.equal(await section.locator('[data-chart="learn-attention"] .panel').count(), 2);
  assert.equal(await section.locator('[data-learn="ablation"] input').count(), 2);
  assert.equal(await section.locator('input[name="snapshot"]').getAttribute('max'), '0', 'a new run starts a new timeline');

  // A learning rate the core refuses: a message next to the field. One far too high: the run stops and says why.
  await section.locator('input[name="learningRate"]').fill('0');
  await section.locator('[data-action="restart"]').click();
  const lrError = section.locator('[data-error-for="learningRate"]');
  await lrError.waitFor({ state: 'visible' });
  assert.match(await lrError.textContent(), /Learning rate must be a number from 0.0001 to 10/);
  await section.locator('input[name="learningRate"]').fill('10');
  await section.locator('[data-action="restart"]').click();
  await phase('idle');
  await section.locator('[data-action="start"]').click();
  await phase('stopped');
  assert.match(await section.locator('[data-error-for="run"]').textContent(), /learning rate .* too high.*Press New run/);
  assert.equal(await section.locator('[data-action="start"]').isDisabled(), true);
  assert.doesNotMatch(await section.locator('[data-learn="progress"]').textContent(), /NaN|Infinity/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

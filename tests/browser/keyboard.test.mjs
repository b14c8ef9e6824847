// Without a mouse: a line chart and a bar chart are reached with Tab and
// walked with the arrow keys, each key press announced once with the values
// the core computed; heatmaps take Home/End/PageUp/PageDown; linked panels
// update their readouts but only the focused one speaks; a tap shows a readout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showSection } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const announced = (page) => page.locator('#atlas-announcer').textContent();

test('a line chart is walked with the arrow keys and announces the values of the core', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'layers');
  const svg = section.locator('[data-chart="stats"] svg');
  await svg.focus();
  assert.equal(await svg.evaluate((el) => el === document.activeElement), true, 'focusable');
  const expected = await page.evaluate(async () => {
    const core = await window.createAttentionCore();
    const words = core.tokenize(document.querySelector('#layers input[name="sentence"]').value);
    const seed = Number(document.querySelector('#layers input[name="seed"]').value);
    const noise = Number(document.querySelector('#layers input[name="noise"]').value);
    const r = core.layerEvolution(words.length, { seed, noise });
    return { distance: Array.from(r.meanDistance), entropy: Array.from(r.meanEntropy) };
  });
  await page.keyboard.press('ArrowRight'); // first press: the first layer
  assert.match(await announced(page), new RegExp(`^layer 1: mean attention distance \\(words\\) ${expected.distance[0].toFixed(2)} · mean entropy \\(nats\\) ${expected.entropy[0].toFixed(2)}$`));
  await page.keyboard.press('ArrowRight');
  assert.match(await announced(page), new RegExp(`^layer 2: .* ${expected.distance[1].toFixed(2)} · .* ${expected.entropy[1].toFixed(2)}$`));
  await page.keyboard.press('End');
  assert.match(await announced(page), new RegExp(`^layer 6: .* ${expected.distance[5].toFixed(2)} `));
  assert.equal(await section.locator('[data-chart="stats"] .readout').textContent(), await announced(page), 'the visible readout says the same');
  assert.deepEqual(errors, []);
});

test('a bar chart is walked with the arrow keys', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'entropy');
  await section.locator('[data-chart="temperature"] svg').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await announced(page), /^key 1: weight \d\.\d{3}$/);
  assert.equal(await section.locator('[data-chart="temperature"] g.bar.active').count(), 1);
  assert.deepEqual(errors, []);
});

test('heatmaps: Home/End/PageUp/PageDown move the cursor, and one key press is one announcement', async () => {
  const { page, errors } = await browser.open('http');
  const section = await showSection(page, 'patterns');
  const first = section.locator('.panel').first();
  await first.locator('svg.heatmap-svg').focus();
  await page.keyboard.press('ArrowDown'); // first press: cell (0, 0)
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  assert.match(await announced(page), /^1 → 9: /);
  await page.keyboard.press('PageDown');
  assert.match(await announced(page), /^9 → 9: /);
  await page.keyboard.press('Home');
  assert.match(await announced(page), /^9 → 0: /);
  await page.keyboard.press('Control+Home');
  assert.match(await announced(page), /^0 → 0: /);
  // Seven linked panels show the cell, but there is one live region and it is the only one.
  const readouts = await section.locator('.readout').allTextContents();
  assert.equal(readouts.filter((r) => r.startsWith('0 → 0')).length, 7);
  assert.equal(await section.locator('.readout[aria-live], .chart [aria-live]').count(), 0, 'no chart readout is a live region of its own');
  assert.deepEqual(errors, []);
});

test('a tap on a touch screen shows the readout', async () => {
  const touch = await browser.open('http', { width: 375, height: 800 });
  const section = await showSection(touch.page, 'self-attention');
  const cell = section.locator('g.cell').nth(7);
  await cell.scrollIntoViewIfNeeded(); // the tap below aims at a point on screen
  const box = await cell.boundingBox();
  await touch.page.evaluate(({ x, y }) => {
    const target = document.elementFromPoint(x, y);
    for (const type of ['pointerdown', 'pointerup']) {
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerType: 'touch' }));
    }
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  assert.match(await section.locator('[data-chart="weights"] .readout').textContent(), /^“cat” \(query 2\) takes [\d.]+% of its output from “cat” \(key 2\)$/);
  assert.deepEqual(touch.errors, []);
});

// A section's controls wait in a template until it starts (ui/live-parts.js). A Tab from the
// section before must not pass them: in a section whose first focusable element is a control,
// focus lands on that control even when the section had not started before the Tab.
test('Tab into a section that has not started lands on its first control', async () => {
  const { page, errors } = await browser.open('http');
  await page.waitForFunction(() => document.getElementById('core-status')?.dataset.state === 'ready');
  const focusable = 'a[href], button, input, select, textarea, [tabindex]';
  const id = await page.evaluate((focusable) => {
    const all = (root) => [...root.querySelectorAll(focusable)].filter((el) => el.tabIndex >= 0 && !el.closest('[hidden]'));
    // A waiting section with no focusable element before its controls' template.
    const target = [...document.querySelectorAll('main > section[data-state="waiting"]')].find((s) => {
      const template = s.querySelector('template[data-live]');
      return template && all(s).every((el) => template.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    if (!target) return null;
    // Its last element that takes focus (not one in a closed disclosure), far below the viewport.
    const before = all(target.previousElementSibling).reverse();
    if (!before.some((el) => { el.focus({ preventScroll: true }); return document.activeElement === el; })) return null;
    return target.id;
  }, focusable);
  assert.ok(id, 'a section whose first focusable element is one of its controls');
  assert.equal(await page.locator(`#${id}`).getAttribute('data-state'), 'waiting');
  await page.keyboard.press('Tab');
  // A section before it that had not started either gains its own parts after that element
  // (Embed, Practice): Tab on through them to the section.
  for (let k = 0; k < 60 && await page.evaluate((id) => !document.activeElement.closest(`#${id}`)
    && document.activeElement.closest('section') === document.getElementById(id).previousElementSibling, id); k++) {
    await page.keyboard.press('Tab');
  }
  const landed = await page.evaluate(({ id, focusable }) => {
    const first = [...document.getElementById(id).querySelectorAll(focusable)].find((el) => el.tabIndex >= 0);
    return { first: first === document.activeElement, tag: document.activeElement.tagName, in: document.activeElement.closest('section')?.id };
  }, { id, focusable });
  assert.deepEqual(landed, { first: true, tag: landed.tag, in: id });
  assert.match(landed.tag, /^(INPUT|SELECT|TEXTAREA|BUTTON)$/);
  assert.deepEqual(errors, []);
});

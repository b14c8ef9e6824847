// Section 13's attention panels label every one of the probe's 24 rows and columns,
// as the trained views do: on a laptop screen two panels side by side beside the loss,
// on a phone one per row, and neither scrolls sideways nor lets labels overlap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, showNumbers } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Per panel: its labels, the row headers of its "Show numbers" table, whether its chart
// scrolls, and the column labels that overlap the next one. Runs in the page.
function panels(section) {
  return [...section.querySelectorAll('[data-chart="learn-attention"] .panel')].map((panel) => {
    const texts = (sel) => [...panel.querySelectorAll(`${sel} text`)];
    const cols = texts('.col-labels').map((t) => t.getBoundingClientRect());
    const chart = panel.querySelector('.panel-chart');
    const box = panel.getBoundingClientRect();
    return {
      rows: texts('.row-labels').map((t) => t.textContent),
      cols: texts('.col-labels').map((t) => t.textContent),
      overlaps: cols.slice(1).filter((r, k) => r.left < cols[k].right - 0.5).length,
      scrolls: chart.scrollWidth > chart.clientWidth + 1,
      top: Math.round(box.top),
    };
  });
}

for (const [width, perRow] of [[1280, 2], [375, 1]]) {
  test(`learn at ${width} px: every row and column of each attention panel is labelled, ${perRow} panel(s) a row, none scrolls`, async () => {
    const { page, errors } = await browser.open('http', { width, height: 900 });
    const section = page.locator('#learn');
    await section.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('learn')?.dataset.phase === 'idle', null, { timeout: 60000 });
    await page.waitForFunction(() => !document.getElementById('learn').hasAttribute('data-drawing'));
    const figure = section.locator('figure').filter({ has: page.locator('[data-chart="learn-attention"]') });
    const tables = await showNumbers(figure);
    const headers = await tables.evaluateAll((all) => all.map((t) => [...t.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent)));
    const drawn = await section.evaluate(panels);
    assert.equal(drawn.length, 4, 'a panel per head');
    const caption = await figure.locator('figcaption').textContent();
    drawn.forEach((p, k) => {
      assert.equal(p.rows.length, 24, `panel ${k}: 24 row labels`);
      assert.deepEqual(p.rows, headers[k], `panel ${k}: each row has its own token`);
      assert.deepEqual(p.cols, headers[k], `panel ${k}: and each column`);
      assert.ok(p.rows.every((l) => [...l].length === 1), `panel ${k}: one character each: ${p.rows.join(' ')}`);
      assert.ok(caption.includes(`${p.rows[0]} the start`), 'the caption names the start token\'s label');
      assert.equal(p.overlaps, 0, `panel ${k}: no column label over the next`);
      assert.equal(p.scrolls, false, `panel ${k}: fits its column`);
    });
    assert.equal(drawn.filter((p) => p.top === drawn[0].top).length, perRow, `${perRow} panel(s) side by side`);
    if (width === 1280) {
      // The loss and the first row of panels in view together (issue 27 item 1 still holds).
      await section.locator('.learn-watch').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const inView = await section.evaluate((s) => {
        const loss = s.querySelector('[data-chart="learn-loss"]').getBoundingClientRect();
        const panel = s.querySelector('[data-chart="learn-attention"] .panel').getBoundingClientRect();
        return loss.bottom <= innerHeight && panel.bottom <= innerHeight;
      });
      assert.ok(inView, 'loss and the first panels on one screen');
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

// The checks of the other-engine level, the same in every engine: every section
// draws with no console error and one control of each redraws its figure;
// section 13 trains until a head's induction score passes 0.4; a trained view
// opens; section 18 runs the trained model under every window (filled in while the
// page is idle: WebKit has no requestIdleCallback, ui/idle.js); the single file draws every section; a section embedded in a frame
// sandboxed with allow-scripts draws; a figure's CSV, SVG and PNG exports hold
// the core's numbers and are well formed. firefox.test.mjs and webkit.test.mjs (and
// make check's smoke.test.mjs, in Chromium, the first check alone)
// register them with their engine, modes and checks. Sections are found on the page
// (main > section[id]), so a new section is checked without a change here.
// Waits are generous (a loaded machine, a first compile of the engine): a wait
// that runs out fails the test, but no duration is ever asserted.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSite } from './site.mjs';
import { recordErrors } from './page.mjs';

const LONG = 300000;

// --- Run in the page (each sees only its argument) ---------------------------------------

const coreState = () => {
  const state = document.getElementById('core-status')?.dataset.state;
  return ['ready', 'error'].includes(state) && state;
};

// { live: sections with a module (main.js marks them with data-state), unmarked: sections with a chart but no module }
function sectionsOnPage() {
  const all = [...document.querySelectorAll('main > section[id]')];
  return {
    live: all.filter((s) => s.dataset.state).map((s) => s.id),
    unmarked: all.filter((s) => !s.dataset.state && s.querySelector('[data-chart]')).map((s) => s.id),
  };
}

const scrollTo = (id) => {
  document.getElementById(id).scrollIntoView();
  return true;
};

const sectionState = (id) => {
  const state = document.getElementById(id)?.dataset.state;
  return ['ready', 'error'].includes(state) && state;
};

const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));

// A hash of what a section's visible charts draw (their SVG and their canvases' pixels);
// '' while it equals `unlike`, so waitFor can wait for a change.
function drawing({ id, unlike = null }) {
  let h = 2166136261;
  const add = (text) => {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  };
  for (const chart of document.getElementById(id).querySelectorAll('[data-chart]')) {
    if (!chart.getClientRects().length) continue;
    add(chart.innerHTML);
    for (const canvas of chart.querySelectorAll('canvas')) if (canvas.width && canvas.height) add(canvas.toDataURL());
  }
  return String(h) === unlike ? '' : String(h);
}

// Moves one visible control of a section as a reader would (its value, then input and change
// events): the seed if it has one, else the first slider, number, menu, checkbox or text field.
// -> { name, from, to }, or null if the section has no control of these kinds.
function moveControl(id) {
  const usable = [...document.getElementById(id).querySelectorAll('input[name], select[name]')]
    .filter((el) => el.getClientRects().length > 0 && !el.disabled && !('pageSwitch' in el.dataset));
  const kinds = [(el) => el.name === 'seed', (el) => el.type === 'range', (el) => el.type === 'number',
    (el) => el.tagName === 'SELECT', (el) => el.type === 'checkbox', (el) => el.type === 'text'];
  const el = kinds.map((kind) => usable.find(kind)).find(Boolean);
  if (!el) return null;
  const value = () => String(el.type === 'checkbox' ? el.checked : el.value);
  const from = value();
  if (el.tagName === 'SELECT') el.selectedIndex = (el.selectedIndex + 1) % el.options.length;
  else if (el.type === 'checkbox') el.checked = !el.checked;
  else if (el.type === 'text') el.value = `${el.value} and more`;
  else {
    const step = Number(el.step) || 1;
    const max = el.max === '' ? Infinity : Number(el.max);
    const v = Number(el.value);
    el.value = String(Number((v + step <= max ? v + step : v - step).toFixed(10)));
  }
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return { name: el.name, from, to: value() };
}

const shownErrors = (id) => [...document.getElementById(id).querySelectorAll('[data-error-for]:not([hidden])')]
  .map((e) => `${e.dataset.errorFor}: ${e.textContent}`);

const click = (selector) => {
  document.querySelector(selector).click();
  return true;
};

// --- Steps -----------------------------------------------------------------------------

async function coreReady(page) {
  assert.equal(await page.waitFor(coreState, null, { timeout: LONG, what: 'the core to start' }), 'ready', 'the core starts');
}

async function showSection(page, id) {
  await page.evaluate(scrollTo, id);
  return page.waitFor(sectionState, id, { timeout: LONG, what: `section ${id} to draw` });
}

// Scrolls to every section in page order and waits until each has drawn; -> their ids.
async function drawEverySection(page) {
  await coreReady(page);
  const { live, unmarked } = await page.evaluate(sectionsOnPage);
  assert.ok(live.length >= 13, `sections with a module: ${live.join(', ')}`);
  assert.deepEqual(unmarked, [], 'every section with a figure has a module');
  const states = {};
  for (const id of live) states[id] = await showSection(page, id);
  assert.deepEqual(Object.keys(states).filter((id) => states[id] !== 'ready'), [], 'sections that failed to draw');
  return live;
}

// What a section draws once it stops changing (figures drawn over several frames settle first).
async function steadyDrawing(page, id) {
  let last = await page.evaluate(drawing, { id });
  for (let i = 0; i < 600; i++) {
    await page.evaluate(frames);
    const now = await page.evaluate(drawing, { id });
    if (now === last) return now;
    last = now;
  }
  throw new Error(`section ${id} never stopped redrawing`);
}

// A section whose figure is drawn on demand (section 16 loads the model on its Generate button)
// is started first: its controls redraw once there is a figure.
const pressGenerate = (id) => {
  const button = document.querySelector(`#${id} [data-action="generate"]`);
  if (button) button.click();
  return Boolean(button);
};

async function controlRedraws(page, id) {
  await page.evaluate(scrollTo, id);
  const empty = await page.evaluate(drawing, { id });
  if (await page.evaluate(pressGenerate, id)) {
    await page.waitFor(drawing, { id, unlike: empty }, { timeout: LONG, what: `section ${id} to draw after its button` });
  }
  const before = await steadyDrawing(page, id);
  const moved = await page.evaluate(moveControl, id);
  assert.ok(moved, `section ${id} has a control this test can move`);
  await page.waitFor(drawing, { id, unlike: before }, { timeout: LONG, what: `section ${id} to redraw after ${moved.name} ${moved.from} -> ${moved.to}` });
  assert.deepEqual(await page.evaluate(shownErrors, id), [], `section ${id}: ${moved.name} ${moved.from} -> ${moved.to} is accepted`);
}

// --- The tests -------------------------------------------------------------------------

// Registers, under `title`, the checks `plan` names for each mode: { http: [...], file: [...] },
// each a list of CHECKS' names.
export const CHECKS = ['sections', 'learn', 'trained', 'windows', 'single', 'embed', 'export'];
export function engineTests(title, openEngine, plan) {
  describe(title, () => {
    let engine;
    let site;
    before(async () => {
      site = await openSite();
      engine = await openEngine();
    });
    after(async () => {
      await engine?.close();
      await site?.close();
    });

    for (const [mode, names] of Object.entries(plan)) {
      const check = (name, ...args) => (names.includes(name) ? test(...args) : undefined);
      check('sections', `every section draws with no console error, and one control of each redraws its figure (${mode})`, async (t) => {
        const page = await engine.open(site.url(mode, 'index.html'));
        const ids = await drawEverySection(page);
        for (const id of ids) await controlRedraws(page, id);
        assert.deepEqual(await page.errors(), []);
        // Firefox ESR and WebKitGTK validate WASM SIMD, exception handling and bulk memory (engines.js).
        assert.equal(await page.evaluate(async () => (await window.createAttentionCore()).engine), 'simd');
        t.diagnostic(`${engine.name}: ${ids.length} sections drew on the SIMD engine, each redrew after one control moved`);
        await page.close();
      });

      check('learn', `section 13 trains until a head's induction score passes 0.4 (${mode})`, async (t) => {
        const page = await engine.open(site.url(mode, 'index.html#learn'));
        await coreReady(page);
        await page.evaluate(scrollTo, 'learn');
        await page.waitFor(() => document.getElementById('learn').dataset.phase === 'idle', null, { timeout: LONG, what: 'section 13 to be ready to train' });
        await page.evaluate(click, '#learn [data-action="start"]');
        const passed = await page.waitFor(() => {
          const d = document.getElementById('learn').dataset;
          return d.passedStep && { step: Number(d.passedStep), seconds: Number(d.passedSeconds), mode: d.mode };
        }, null, { timeout: LONG, interval: 500, what: 'an induction score of 0.4' });
        await page.evaluate(click, '#learn [data-action="pause"]');
        const progress = await page.evaluate(() => document.querySelector('#learn [data-learn="progress"]').textContent);
        assert.match(progress, new RegExp(`first reached 0\\.4 at step ${passed.step} \\(head L\\d H\\d\\)`));
        assert.deepEqual(await page.errors(), []);
        t.diagnostic(`${engine.name}: induction head at step ${passed.step}, after ${passed.seconds.toFixed(1)} s of training (mode ${passed.mode})`);
        await page.close();
      });

      check('trained', `a trained view opens and draws the model's attention for its text (${mode})`, async () => {
        const page = await engine.open(site.url(mode, 'index.html'));
        await coreReady(page);
        assert.equal(await showSection(page, 'self-attention'), 'ready');
        await page.evaluate(click, '#self-attention [data-view-choice="trained"]');
        const state = await page.waitFor(() => {
          const s = document.querySelector('#self-attention [data-trained]')?.dataset.state;
          return ['ready', 'error'].includes(s) && s;
        }, null, { timeout: LONG, what: 'the trained view' });
        assert.equal(state, 'ready');
        const seen = await page.evaluate(async () => {
          const panel = document.querySelector('#self-attention [data-trained]');
          const core = await window.createAttentionCore({ full: true });
          const m = core.loadModel(window.attentionAtlasModel || JSON.parse(document.getElementById('atlas-model-data').textContent));
          const n = m.run(panel.querySelector('input[name="text"]').value).tokens.length;
          m.dispose();
          return {
            n,
            label: panel.querySelector('[data-chart="trained-head"] svg.heatmap-svg').getAttribute('aria-label'),
            badge: panel.querySelector('[data-model-badge]').textContent,
          };
        });
        assert.match(seen.label, new RegExp(`, ${seen.n} by ${seen.n} cells,`), 'one row and column per character of the text');
        assert.match(seen.badge, /^Trained model: \d+ layers × \d+ heads/);
        assert.deepEqual(await page.errors(), []);
        await page.close();
      });

      check('windows', `section 18 runs the trained model under every window, for two passages (${mode})`, async () => {
        const page = await engine.open(site.url(mode, 'index.html'));
        await coreReady(page);
        assert.equal(await showSection(page, 'windows'), 'ready');
        await page.evaluate(click, '#windows [data-action="load-model"]');
        // The readout once the chosen passage is drawn and every one of its windows has run ('' until
        // then): a choice may be drawn in the next frame (ui/frame.js), and until then the readout is
        // the previous passage's, complete.
        const complete = () => {
          const r = document.querySelector('#windows [data-loss-readout]');
          const chosen = document.querySelector('#windows select[name="passage"]').value;
          const shown = [...document.querySelectorAll('#windows [data-passage]')].find((p) => !p.hidden);
          return r?.dataset.state === 'ready' && shown?.dataset.passage === chosen ? r.textContent : '';
        };
        for (const passage of [null, '2']) {
          if (passage) {
            await page.evaluate((value) => {
              const select = document.querySelector('#windows select[name="passage"]');
              select.value = value;
              select.dispatchEvent(new Event('input', { bubbles: true }));
              return true;
            }, passage);
          }
          const readout = await page.waitFor(complete, null, { timeout: LONG, what: `every window of passage ${passage ?? 1}` });
          const full = await page.evaluate(async () => {
            const text = [...document.querySelectorAll('#windows [data-passage]')].find((p) => !p.hidden).textContent;
            const core = await window.createAttentionCore({ full: true });
            const m = core.loadModel(window.attentionAtlasModel || JSON.parse(document.getElementById('atlas-model-data').textContent));
            const loss = m.loss(text).loss.toFixed(3);
            m.dispose();
            return loss;
          });
          assert.match(readout, new RegExp(`^Full causal attention: ${full.replace('.', '\\.')} nats per character\\. Window of 8: \\d\\.\\d{3}, `
            + 'with \\d sinks \\d\\.\\d{3}; window of 64: \\d\\.\\d{3}, with sinks \\d\\.\\d{3}\\.'), `passage ${passage ?? 1}`);
        }
        assert.deepEqual(await page.errors(), []);
        await page.close();
      });

      check('single', `the single file, alone in its folder, draws every section with no console error (${mode})`, async () => {
        const page = await engine.open(site.url(mode, 'attention-atlas.html', { single: true }));
        await drawEverySection(page);
        assert.deepEqual(await page.errors(), []);
        await page.close();
      });

      check('embed', `a section embedded in a frame sandboxed with allow-scripts draws (${mode})`, async () => {
        // The example course page is the host (same folder, same mode); its frames are swapped for one.
        const page = await engine.open(site.url(mode, 'examples/course-page.html'));
        await page.evaluate((src) => {
          const frame = document.createElement('iframe');
          frame.id = 'engine-embed';
          frame.setAttribute('sandbox', 'allow-scripts');
          Object.assign(frame, { src, width: 1000, height: 1400 });
          document.body.replaceChildren(frame);
          return true;
        }, site.url(mode, 'embed.html?section=self-attention'));
        const inner = page.frame('#engine-embed');
        await inner.waitFor(() => /embed\.html/.test(location.href) && document.readyState === 'complete', null, { timeout: LONG, what: 'the frame to load' });
        await inner.evaluate(recordErrors); // after its load: errors while it loads show as a section that never gets ready
        assert.equal(await inner.waitFor(sectionState, 'self-attention', { timeout: LONG, what: 'the embedded section' }), 'ready');
        const seen = await inner.evaluate(async () => {
          const root = document.getElementById('self-attention');
          const words = (await window.createAttentionCore()).tokenize(root.querySelector('input[name="sentence"]').value);
          let parent = 'readable';
          try {
            parent = typeof window.parent.document;
          } catch {
            parent = 'opaque';
          }
          return { origin: window.origin, parent, words: words.length, cells: root.querySelectorAll('[data-chart="weights"] g.cell').length };
        });
        assert.equal(seen.origin, 'null', 'the sandbox gives the frame an opaque origin');
        assert.equal(seen.parent, 'opaque');
        assert.equal(seen.cells, seen.words ** 2, 'one cell per pair of words');
        assert.deepEqual([...await page.errors(), ...await inner.errors()], []);
        await page.close();
      });

      check('export', `a figure's CSV and SVG hold the core's numbers and its PNG is twice as wide (${mode})`, async () => {
        const page = await engine.open(site.url(mode, 'index.html'));
        await coreReady(page);
        assert.equal(await showSection(page, 'self-attention'), 'ready');
        const out = await page.evaluate(exportSelfAttention);
        const lines = out.csv.trim().split('\r\n').map((line) => line.split(','));
        assert.deepEqual(lines[0], ['chart', 'panel', 'row_title', 'row_index', 'row', 'column_title', 'column_index', 'column', 'value', 'blocked', 'row_note']);
        assert.deepEqual(lines.slice(1).map((f) => Number(f[8])), out.weights, 'the very numbers of the core, one line each');
        assert.deepEqual(lines.slice(1, 1 + out.words.length).map((f) => f[7]), out.words);
        assert.equal(out.svg.error, '');
        assert.deepEqual(out.svg.values, out.weights, 'the SVG\'s cells carry the same numbers');
        assert.equal(out.png.type, 'image/png');
        assert.deepEqual(out.png.head.slice(1, 4), [...Buffer.from('PNG')]);
        assert.equal(Buffer.from(out.png.head).readUInt32BE(16), 2 * out.svg.width, 'twice the width of the SVG');
        assert.deepEqual(await page.errors(), []);
        await page.close();
      });
    }
  });
}

// In the page: presses the first figure's CSV, SVG and PNG buttons and keeps the files the page
// builds (URL.createObjectURL sees each); the browser's own download is cancelled, as it is not
// under test. Also computes the core's weights for the section's controls, to compare.
async function exportSelfAttention() {
  const made = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    made.push(blob);
    return create(blob);
  };
  document.addEventListener('click', (e) => { if (e.target.closest?.('a[download]')) e.preventDefault(); }, true);
  const root = document.getElementById('self-attention');
  const figure = root.querySelector('figure');
  const press = async (label) => {
    const k = made.length;
    [...figure.querySelectorAll('.figure-tools button')].find((b) => b.textContent === label).click();
    for (let i = 0; i < 3000 && made.length === k; i++) await new Promise((done) => setTimeout(done, 20));
    if (made.length === k) throw new Error(`${label} built no file`);
    return made[k];
  };
  const csv = await (await press('CSV')).text();
  const svgText = await (await press('SVG')).text();
  const png = await press('PNG');
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const core = await window.createAttentionCore();
  const words = core.tokenize(root.querySelector('input[name="sentence"]').value);
  const r = core.selfAttention(words, { dModel: Number(root.querySelector('input[name="dModel"]').value), seed: Number(root.querySelector('input[name="seed"]').value) });
  return {
    csv, words, weights: Array.from(r.weights.data),
    svg: {
      error: doc.querySelector('parsererror')?.textContent || '',
      values: Array.from(doc.querySelectorAll('g[data-value]'), (g) => Number(g.getAttribute('data-value'))),
      width: Number(doc.documentElement.getAttribute('width')),
    },
    png: { type: png.type, head: Array.from(new Uint8Array(await png.arrayBuffer()).subarray(0, 24)) },
  };
}

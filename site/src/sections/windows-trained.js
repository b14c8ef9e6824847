// Section 18, the trained Austen model under a window: on the button's click the
// model loads (the page's one loader, ../trained/load.js); then, for the chosen
// held-out passage, m.run(text, { matrices: false }) with full causal attention (its
// loss and head reports, without the attention matrices this figure does not draw) and
// m.loss(text, { mask: core.windowMask(n, { window, sinks }) }) for each window
// (the same forward pass without the per-head reports), with no sinks and with the
// chosen number of sinks. Every loss and every head's first-position weight is the
// model's own (r.loss, r.heads[].firstToken).
//   const t = windowsTrained(el, core);  t.bind(controls);  t.update(state);
import { modelLoader } from '../trained/load.js';
import { badgeText } from '../trained/badge.js';
import { headName } from '../trained/units.js';
import { lineChart } from '../charts/line.js';
import { barChart } from '../charts/bars.js';
import { whenIdle } from '../ui/idle.js';

export const WINDOWS = [8, 12, 16, 24, 32, 48, 64];

export function windowsTrained(el, core) {
  const button = el.querySelector('[data-action="load-model"]');
  const status = el.querySelector('[data-windows-status]');
  const figure = el.querySelector('[data-windows-figure]');
  const revealed = [el.querySelector('[data-windows-controls]'), el.querySelector('[data-windows-passages]'), figure];
  const readout = el.querySelector('[data-loss-readout]');
  const lossChart = lineChart(el.querySelector('[data-chart="window-loss"]'), {
    xTitle: 'window w (characters)', yTitle: 'nats per character', markers: true, format: '.3f', xTicks: WINDOWS,
  });
  const firstChart = barChart(el.querySelector('[data-chart="first-weight"]'), {
    yTitle: 'mean weight on position 0', yDomain: [0, 1], format: '.2f',
    readout: (b) => `${b.label}: mean weight ${b.value.toFixed(3)} on the first character`,
  });
  let m = null;
  let controls = null;
  // Every run is kept: a passage or a number of sinks chosen again draws at once. A new
  // choice is up to 15 runs of the model (a full m.run and 14 m.loss): one frame holds at
  // most one run, so a choice draws the full run (bars and reference line) at once and its
  // windows' losses fill in while the page is idle, w by w (fillIn). Once the first view is
  // complete the other choices are run ahead, one run per task while the page is idle
  // (fillAhead), every passage's full run first.
  const runs = new Map(); // 'passage' -> its full run; 'passage/window/sinks' -> its loss
  const remember = (key, compute) => {
    if (!runs.has(key)) runs.set(key, compute());
    return runs.get(key);
  };
  const known = (passage, w, sinks) => runs.get(`${passage}/${w}/${sinks}`);
  const fullRun = (passage, text) => remember(`${passage}`, () => {
    const r = m.run(text, { matrices: false });
    // A model API without masks ignores the option and would draw the full loss for every window.
    if (r.losses == null) throw new Error('this build of the model cannot run under a mask (m.run(text, { mask }))');
    return r;
  });
  const lossUnder = (passage, text, w, sinks) => remember(`${passage}/${w}/${sinks}`,
    () => m.loss(text, { mask: core.windowMask(Array.from(text).length, { window: w, sinks }) }).loss);
  function fillAhead() {
    const options = (name) => Array.from(el.querySelector(`[name="${name}"]`).options, (o) => o.value);
    // Every passage's full run first: a new passage then draws its bars and reference line
    // without running the model in its frame, and its windows fill in as they would anyway.
    const passages = options('passage').map((passage) => [passage, el.querySelector(`[data-passage="${passage}"]`).textContent]);
    const todo = passages.map(([passage, text]) => () => fullRun(passage, text));
    for (const [passage, text] of passages) {
      for (const sinks of [0, ...options('modelSinks').map(Number)]) {
        for (const w of WINDOWS) todo.push(() => lossUnder(passage, text, w, sinks));
      }
    }
    const next = () => {
      try {
        todo.shift()?.();
      } catch {
        return; // the choice that needs this run shows the error when it is made
      }
      if (todo.length) whenIdle(next);
    };
    whenIdle(next);
  }
  const say = (text, failed = false) => {
    status.textContent = text;
    status.hidden = !text;
    status.dataset.state = failed ? 'error' : 'ready';
  };

  // fill: run the first window still missing (fillIn's idle callbacks); a choice's own frame
  // runs at most the full run, and draws the windows known so far.
  function draw(state, fill) {
    if (!m) return;
    figure.hidden = false;
    el.querySelectorAll('[data-passage]').forEach((p) => { p.hidden = p.dataset.passage !== String(state.passage); });
    const text = el.querySelector(`[data-passage="${state.passage}"]`).textContent;
    const sinks = Number(state.modelSinks); // a <select>: its state is the option's string
    const full = fullRun(state.passage, text);
    // The losses run so far, w by w; in a frame of fillIn's, the next one missing.
    const next = WINDOWS.flatMap((w) => [[w, 0], [w, sinks]]).find(([w, extra]) => known(state.passage, w, extra) === undefined);
    if (next && fill) lossUnder(state.passage, text, ...next);
    const under = (extra) => {
      const values = WINDOWS.map((w) => known(state.passage, w, extra));
      const end = values.indexOf(undefined);
      return end < 0 ? values : values.slice(0, end);
    };
    const plain = under(0);
    const withSinks = under(sinks);
    const done = plain.length === WINDOWS.length && withSinks.length === WINDOWS.length;
    readout.dataset.state = done ? 'ready' : 'computing';
    if (!done) fillIn();
    lossChart.update({
      x: WINDOWS,
      series: [{ name: 'window w', values: Float64Array.from(plain) }, { name: `window w + ${sinks} sinks`, values: Float64Array.from(withSinks) }],
      refs: [{ y: full.loss, label: `full ${full.loss.toFixed(3)}` }],
    });
    firstChart.update({
      labels: full.heads.map((h) => `${h.layer + 1}.${h.head + 1}`),
      values: Float64Array.from(full.heads.map((h) => h.firstToken)),
    });
    const top = full.heads.reduce((best, h) => (h.firstToken > best.firstToken ? h : best));
    const unknown = full.unknown.length ? ` Characters the model does not know: ${full.unknown.join(' ')}.` : '';
    if (!done) {
      const count = plain.length + withSinks.length;
      readout.textContent = `Full causal attention: ${full.loss.toFixed(3)} nats per character. Running the model under `
        + `each window: ${count} of ${2 * WINDOWS.length} runs…`;
      return;
    }
    readout.textContent = `Full causal attention: ${full.loss.toFixed(3)} nats per character. Window of ${WINDOWS[0]}: `
      + `${plain[0].toFixed(3)}, with ${sinks} sinks ${withSinks[0].toFixed(3)}; window of ${WINDOWS[WINDOWS.length - 1]}: `
      + `${plain[plain.length - 1].toFixed(3)}, with sinks ${withSinks[withSinks.length - 1].toFixed(3)}. `
      + `Most weight on the first character: ${headName(top.layer, top.head)}, ${top.firstToken.toFixed(3)} on average.${unknown}`;
  }

  // When the page is next idle (after the frame that drew the choice, and after any input
  // waiting), the current choice is drawn again with one more of its windows run: a dragged
  // control is answered first, the windows fill in once it rests. When the first view is
  // complete (the first time), the run-ahead starts.
  let filling = false;
  let aheadStarted = false;
  function fillIn() {
    if (filling) return;
    filling = true;
    whenIdle(() => {
      filling = false;
      update(controls.state, true);
      if (readout.dataset.state === 'ready' && !aheadStarted) {
        aheadStarted = true;
        fillAhead();
      }
    });
  }

  function update(state, fill = false) {
    try {
      draw(state, fill);
      controls?.clearErrors();
    } catch (error) {
      controls?.error(error.field === 'sinks' ? 'modelSinks' : 'passage', error.message);
      figure.hidden = true;
    }
  }

  button.addEventListener('click', async () => {
    button.disabled = true;
    say('Loading the trained model…');
    try {
      m = await modelLoader(core)();
    } catch (error) {
      say(`The trained model could not be loaded (${error.message}).`, true);
      button.disabled = false;
      return;
    }
    el.querySelectorAll('[data-model-badge]').forEach((b) => { b.textContent = badgeText(m); });
    revealed.forEach((part) => { part.hidden = false; });
    button.hidden = true;
    say('');
    update(controls.state);
    el.dataset.state = 'ready';
  });

  return {
    bind(c) { controls = c; },
    update,
  };
}

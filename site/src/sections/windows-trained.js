// Section 18, the trained Austen model under a window: on the button's click the
// model loads (the page's one loader, ../trained/load.js); then, for the chosen
// held-out passage, m.run(text) with full causal attention and
// m.run(text, { mask: core.windowMask(n, { window, sinks }) }) for each window,
// with no sinks and with the chosen number of sinks. Every loss and every head's
// first-position weight is the model's own (r.loss, r.heads[].firstToken).
//   const t = windowsTrained(el, core);  t.bind(controls);  t.update(state);
import { modelLoader } from '../trained/load.js';
import { badgeText } from '../trained/badge.js';
import { headName } from '../trained/units.js';
import { lineChart } from '../charts/line.js';
import { barChart } from '../charts/bars.js';

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
  const runs = new Map(); // passage (and sinks) -> what the model gave for it
  const remember = (key, compute) => {
    if (!runs.has(key)) runs.set(key, compute());
    return runs.get(key);
  };

  const say = (text, failed = false) => {
    status.textContent = text;
    status.hidden = !text;
    status.dataset.state = failed ? 'error' : 'ready';
  };

  function draw(state) {
    if (!m) return;
    figure.hidden = false;
    el.querySelectorAll('[data-passage]').forEach((p) => { p.hidden = p.dataset.passage !== String(state.passage); });
    const text = el.querySelector(`[data-passage="${state.passage}"]`).textContent;
    const n = Array.from(text).length;
    const sinks = Number(state.modelSinks); // a <select>: its state is the option's string
    // Each passage's runs are kept: choosing a passage or a number of sinks again draws
    // at once (a new choice is 8 or 15 runs of the model, about 20 ms each in Chromium).
    const full = remember(`${state.passage}`, () => {
      const r = m.run(text);
      // A model API without masks ignores the option and would draw the full loss for every window.
      if (r.losses == null) throw new Error('this build of the model cannot run under a mask (m.run(text, { mask }))');
      return r;
    });
    const under = (options) => WINDOWS.map((window) => m.run(text, { mask: core.windowMask(n, { window, ...options }) }).loss);
    const plain = remember(`${state.passage}/0`, () => under({}));
    const withSinks = remember(`${state.passage}/${sinks}`, () => under({ sinks }));
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
    readout.textContent = `Full causal attention: ${full.loss.toFixed(3)} nats per character. Window of ${WINDOWS[0]}: `
      + `${plain[0].toFixed(3)}, with ${sinks} sinks ${withSinks[0].toFixed(3)}; window of ${WINDOWS[WINDOWS.length - 1]}: `
      + `${plain[plain.length - 1].toFixed(3)}, with sinks ${withSinks[withSinks.length - 1].toFixed(3)}. `
      + `Most weight on the first character: ${headName(top.layer, top.head)}, ${top.firstToken.toFixed(3)} on average.${unknown}`;
  }

  function update(state) {
    try {
      draw(state);
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

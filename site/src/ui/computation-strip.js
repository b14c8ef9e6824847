// computationStrip(figure, source) fills a <figure data-strip> (prose and step
// list in the section's HTML) with the computation behind one attention
// weight: the input x_i, q_i and k_j, their elementwise products and sum, the
// scaling by sqrt(d_k), the row of scaled scores, the softmax into the row of
// weights, and the output o_i as the weighted sum of the values. Every number
// comes from the section's core result through `source`; nothing is computed here.
//
//   const strip = computationStrip(figureEl, (row, tag) => view | null);
//   strip.attach(heatmapChart, tag);   // click, tap or Enter opens it; hover and focus move it
//   strip.refresh();                   // after the section recomputed: redraw (or close if gone)
//
// source(row, tag) -> null when the row does not exist, or
//   { labels (m words), X (n x d_model), Q (n x d_k), K (m x d_k), trace (core.attentionTrace of the row),
//     head (optional name, e.g. 'head 2'), heads (optional: the number of heads h) }
// Markup: <li data-step="input|project|products|scale|softmax|output"> in the figure, each with its
// title and two sentences of prose; [data-strip-summary]; <details> around the steps;
// [data-action="close-strip"] (Escape closes too). On narrow screens the steps start collapsed under
// one summary line.
import { vectorRows } from '../charts/vector.js';
import { rowBars } from '../charts/row-bars.js';
import { primeWidth } from '../charts/width.js';

const NARROW = '(max-width: 40rem)';
const f3 = (v) => v.toFixed(3);
const pct = (v) => `${(v * 100).toFixed(1)}%`;
const rowOf = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);

// One step's slot: a chart's element and its one-line text, inserted after the step's title.
function slot(figure, step) {
  const li = figure.querySelector(`[data-step="${step}"]`);
  const el = document.createElement('div');
  el.className = 'strip-chart';
  const line = document.createElement('p');
  line.className = 'strip-line';
  li.firstElementChild.after(el, line);
  return { el, line };
}

// Each step's chart.
const vectors = (el) => vectorRows(el, { maxCell: 22 });
const CHARTS = {
  input: vectors,
  project: vectors,
  products: vectors,
  scale: (el) => rowBars(el, { label: 'scaled scores' }),
  softmax: (el) => rowBars(el, { domain: [0, 1], label: 'weights' }),
  output: vectors,
};

export function computationStrip(figure, source) {
  // The steps' charts, made when the strip first opens: hidden until then, it has no width to
  // measure (and measuring it at load was a forced layout of the article). Every slot is in the
  // page, and every width read (one layout, primeWidth), before any chart is made: a chart
  // measuring itself after the one before it changed the page forced a layout each.
  let steps = null;
  function stepCharts() {
    if (steps) return steps;
    const slots = Object.keys(CHARTS).map((step) => ({ step, ...slot(figure, step) }));
    slots.forEach(({ el }) => primeWidth(el));
    steps = Object.fromEntries(slots.map(({ step, el, line }) => [step, { chart: CHARTS[step](el), line }]));
    return steps;
  }
  const summary = figure.querySelector('[data-strip-summary]');
  const details = figure.querySelector('details');
  let pinned = null; // { row, col, tag, chart }: the chosen cell and the heatmap it was chosen in
  let cache = new Map(); // `${tag}:${row}` -> view

  function view(row, tag) {
    const key = `${tag}:${row}`;
    if (!cache.has(key)) cache.set(key, source(row, tag));
    return cache.get(key);
  }

  function draw(cell) {
    const v = view(cell.row, cell.tag);
    if (!v || cell.col >= v.labels.length) {
      close();
      return;
    }
    const steps = stepCharts();
    const j = cell.col;
    const t = v.trace;
    const query = v.labels[cell.row];
    const key = v.labels[j];
    const x = rowOf(v.X, cell.row);
    const excluded = Array.from(t.blocked, (b) => b === 1);
    const allowed = excluded.filter((e) => !e).length;
    const dK = t.products.cols;
    const weight = t.weights[j];
    const where = v.head ? ` in ${v.head}` : '';

    summary.textContent = excluded[j]
      ? `“${query}” → “${key}”${where}: excluded by the mask, weight exactly 0.`
      : `“${query}” → “${key}”${where}: weight ${f3(weight)}, the softmax of the scaled score ${f3(t.scaled[j])}.`;

    steps.input.chart.update([{ label: 'x_i', values: x }]);
    steps.input.line.textContent = `x_i, the input for “${query}”: ${x.length} numbers (d_model = ${x.length}).`;

    steps.project.chart.update([{ label: 'q_i', values: rowOf(v.Q, cell.row) }, { label: 'k_j', values: rowOf(v.K, j) }]);
    const width = v.heads ? `d_k = d_model / h = ${x.length} / ${v.heads} = ${dK}` : `d_k = ${dK}`;
    steps.project.line.textContent = `q_i = x_i W_Q (for “${query}”) and k_j = x_j W_K (for “${key}”)${where}: ${dK} numbers each (${width}).`;

    steps.products.chart.update([{ label: 'q_i * k_j', values: rowOf(t.products, j), note: `Σ ${f3(t.raw[j])}`, active: true }]);
    steps.products.line.textContent = `The ${dK} products q_i[c] · k_j[c] add up to the raw score q_i · k_j = ${f3(t.raw[j])}.`;

    steps.scale.chart.update({ labels: v.labels, values: t.scaled, active: j, excluded });
    steps.scale.line.textContent = `${f3(t.raw[j])} / √${dK} = ${f3(t.raw[j])} / ${f3(t.scale)} = ${f3(t.scaled[j])}, one of the row's ${t.scaled.length} scaled scores${allowed < excluded.length ? ` (${excluded.length - allowed} masked, crossed out)` : ''}.`;

    steps.softmax.chart.update({ labels: v.labels, values: t.weights, active: j, excluded });
    steps.softmax.line.textContent = excluded[j]
      ? `“${key}” comes after “${query}”: it is left out of the softmax and gets weight exactly 0; the other ${allowed} weights sum to 1.`
      : `softmax over the ${allowed} allowed keys: w_ij = ${f3(weight)} (${pct(weight)}), the value in the heatmap’s cell; the row sums to 1.`;

    steps.output.chart.update([
      ...v.labels.map((label, k) => ({
        label: `${f3(t.weights[k])} × v(${label})`, values: rowOf(t.weighted, k), active: k === j, muted: excluded[k],
      })),
      { label: 'o_i = Σ', values: t.output, active: true },
    ]);
    steps.output.line.textContent = `o_i = Σ_j w_ij v_j: a mixture of ${allowed} value vectors, ${pct(weight)} of it from “${key}”.`;
  }

  function open(cell) {
    const wasHidden = figure.hidden;
    figure.hidden = false;
    if (wasHidden && details) details.open = !window.matchMedia(NARROW).matches;
    draw(cell);
  }

  function close() {
    figure.hidden = true;
    pinned = null;
  }

  figure.querySelector('[data-action="close-strip"]')?.addEventListener('click', close);
  // Escape closes it from anywhere in its section: inside the strip, and on the
  // heatmap whose cell opened it (where the keyboard is after Enter on a cell).
  (figure.closest('section') || figure).addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || figure.hidden) return;
    const inside = figure.contains(document.activeElement);
    close();
    // Focus was in the strip, now hidden: back to the figure the learner chose the cell in.
    if (inside) figure.closest('.strip-pair, section')?.querySelector('.chart svg[tabindex]')?.focus();
  });

  return {
    attach(chart, tag = '') {
      chart.onSelect((cell) => {
        if (!cell) return;
        pinned = { row: cell.row, col: cell.col, tag, chart };
        open(pinned);
      });
      chart.onHover((cell) => {
        if (!pinned) return;
        if (cell) {
          draw({ row: cell.row, col: cell.col, tag });
        } else {
          draw(pinned); // back to the chosen cell, outlined again in its own heatmap
          if (pinned) pinned.chart.highlight(pinned.row, pinned.col);
        }
      });
      return this;
    },
    refresh() {
      cache = new Map();
      if (pinned) draw(pinned);
      return this;
    },
  };
}

// The figures of section 13, drawn from the kept evaluations (learn-history.js):
// the probe losses over training, each head's previous-token and induction
// scores over training, and every head's attention at the step shown. Every
// number comes from trainer.evaluate() in the core; this module only lays them out.
import { lineChart } from '../charts/line.js';
import { heatmapGrid } from '../charts/grid.js';

// Token ids -> labels: 0 = start, 1 = separator, 2.. = the symbols A, B, ... One character
// each, so the attention panels' column labels stand upright in cells of 11 px (heatmap.js,
// labelAll) and every row and column keeps its label.
const SYMBOLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const tokenLabel = (t) => (t === 0 ? '^' : t === 1 ? '|' : SYMBOLS[t - 2] || String(t));

// The narrowest attention panel that labels all of a 24-token probe (the trainer's default
// context): 24 cells of 11 px, the row labels and the two axis titles (35 px) and a margin (8 px).
const PANEL = 24 * 11 + 35 + 8;
export const headName = (h) => `L${h.layer + 1} H${h.head + 1}`;

// What a task's two probe regions are called (tasks.hpp: region 1 and 2), and whether
// the section speaks of induction heads for it.
export const taskWords = (task) => (task === 'reverse'
  ? { first: 'segment', repeat: 'reversed copy', induction: false }
  : { first: 'first copy', repeat: 'repeat', induction: true });

// The loss axis of a run: from 0 to a quarter above its loss at step 0 (rounded up to half a
// nat), fixed while it trains so the curve does not rescale; higher values are drawn at the top.
export const lossTop = (first) => Math.ceil(first.loss * 1.25 * 2) / 2;

export function learnFigures(root) {
  const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
  const loss = lineChart(chart('learn-loss'), { xTitle: 'training step', yTitle: 'loss (nats)', height: 240, xFormat: String });
  const previousToken = lineChart(chart('learn-previous'), { xTitle: 'training step', yTitle: 'previous-token score', yDomain: [0, 1], height: 220 });
  const induction = lineChart(chart('learn-induction'), { xTitle: 'training step', yTitle: 'induction score', yDomain: [0, 1], height: 220 });
  const attention = heatmapGrid(chart('learn-attention'), {
    // Canvas cells (svgLimit 0): the panels redraw several times a second while training,
    // and 4 x 576 SVG cells would take far longer than a frame. labelAll: every token keeps
    // its label (a panel narrower than PANEL, which the grid avoids, would scroll sideways).
    linked: true, minPanel: PANEL, maxCell: 16, svgLimit: 0, labelAll: true, rowTitle: 'query', colTitle: 'key',
    readout: (c) => `query ${c.row} (${c.rowLabel}) → key ${c.col} (${c.colLabel}): ${(c.value * 100).toFixed(1)}%`,
  });

  // stages(list, index, passed, run) -> the drawing split in stages (functions), one chart
  // or attention panel each, which the section runs on successive animation frames: while training,
  // no single frame has to lay out every chart. list: kept evaluations; index:
  // the one shown; passed: { step, ... } or null; run: { until (the step the run pauses at,
  // 0: none), previous ({ list, words }: the last run's kept evaluations and its task's words, drawn faint, or null), words (taskWords) }.
  return {
    stages(list, index, passed, { until = 0, previous = null, words = taskWords('induction') } = {}) {
      const x = list.map((e) => e.step);
      const shown = list[index];
      const last = x[x.length - 1];
      // The step axis reaches the step the run pauses at, or a little past the last one.
      const xDomain = [0, Math.max(until, last, previous ? previous.list[previous.list.length - 1].step : 0, 25)];
      const marks = [{ x: shown.step, label: `shown: ${shown.step}`, kind: 'shown' }];
      if (passed && words.induction) marks.unshift({ x: passed.step, label: `induction ≥ 0.4 at ${passed.step}`, kind: 'passed' });
      const values = (pick) => Float64Array.from(list, pick);
      const perHead = (score) => shown.heads.map((h, k) => ({ name: headName(h), values: values((e) => e.heads[k][score]) }));
      const labels = shown.tokens.map(tokenLabel);
      const panels = shown.heads.map((h) => ({
        title: `Layer ${h.layer + 1} · head ${h.head + 1}${h.ablated ? ' (off)' : ''}`,
        note: `previous-token ${h.previousToken.toFixed(2)} · induction ${h.induction.toFixed(2)}`,
        matrix: shown.attention[h.layer][h.head],
        rowLabels: labels,
        colLabels: labels,
      }));
      // A run with another number of heads builds its panels once, in one stage.
      const panelStages = attention.count === panels.length
        ? panels.map((p, i) => () => attention.updatePanel(i, p))
        : [() => attention.update(panels)];
      const earlier = previous ? [{
        name: `${previous.words.repeat}, previous run`, kind: 'previous',
        x: previous.list.map((e) => e.step), values: Float64Array.from(previous.list, (e) => e.lossRepeat),
      }] : [];
      return [
        () => loss.update({
          x,
          xDomain,
          yDomain: [0, lossTop(list[0])],
          marks,
          series: [
            { name: 'all predicted tokens', values: values((e) => e.loss) },
            { name: words.first, values: values((e) => e.lossFirst) },
            { name: words.repeat, values: values((e) => e.lossRepeat) },
            ...earlier,
          ],
        }),
        () => previousToken.update({ x, xDomain, marks: marks.slice(-1), series: perHead('previousToken') }),
        () => induction.update({ x, xDomain, marks: marks.slice(-1), series: perHead('induction'), refs: [{ y: 0.4, label: '0.4' }] }),
        ...panelStages,
      ];
    },
  };
}

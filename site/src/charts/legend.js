// drawLegend(group, { color, domain, diverging, blocked, note, width, format }) draws a
// colour scale's legend inside a chart's SVG (so exported images keep it): a
// gradient bar with the domain's ends (and 0, marked, for a diverging scale),
// a hatched swatch when some cells are blocked, and a note saying whose scale
// it is ("this panel's own scale", "one scale for every panel"), wrapped onto as
// many lines as the width needs (a phone's narrow panel cuts nothing). -> its height.
// color: a d3 scale; domain: [lo, hi]; hatch: the fill of a blocked cell;
// format: value -> tick text (default 3 significant digits, signed when diverging).
import { format as d3format, range } from 'd3';
import { attrs, set, setText, texts } from './writes.js';

const BAR = { height: 10, width: 160 };
const LINE = 13; // px per line of the note (11 px text)
const CHAR = 6.2; // px per character of 11 px text, a little above the average, so lines never overrun
const tick = d3format('.3~g');

// Greedy word wrap of the note into lines of at most `chars` characters.
function wrap(text, chars) {
  const lines = [];
  for (const word of String(text || '').split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= chars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function drawLegend(group, { id, color, domain, diverging, hatch, note, width, format }) {
  const label = format || ((v) => (diverging && v > 0 ? `+${tick(v)}` : tick(v))); // a diverging scale shows its sign
  const lines = wrap(note, Math.max(12, Math.floor((width - 8) / CHAR)));
  const shift = Math.max(0, lines.length - 1) * LINE; // the bar moves down under a note of several lines
  // Every write below is made only where the value changed (writes.js): a heatmap redrawn with
  // the same scale keeps its legend untouched, and the browser does not lay it out again.
  set(group, { 'data-note-lines': lines.length });
  const barWidth = Math.max(80, Math.min(BAR.width, width - 8));
  const [lo, hi] = domain;
  const stops = range(11).map((k) => lo + ((hi - lo) * k) / 10);
  const gradient = group.selectAll('linearGradient').data([0]).join('linearGradient');
  attrs(gradient, 'id', `${id}-legend`);
  const stopEls = gradient.selectAll('stop').data(stops).join('stop');
  attrs(stopEls, 'offset', (_, k) => `${k * 10}%`);
  attrs(stopEls, 'stop-color', (v) => color(v));
  const bar = group.selectAll('rect.legend-bar').data([0]).join('rect').attr('class', 'legend-bar');
  set(bar, { y: 14 + shift, width: barWidth, height: BAR.height, fill: `url(#${id}-legend)` });
  const ticks = diverging ? [lo, 0, hi] : [lo, hi];
  const x = (v) => ((v - lo) / (hi - lo || 1)) * barWidth;
  group.selectAll('g.legend-tick').data(ticks).join((enter) => {
    const g = enter.append('g').attr('class', 'legend-tick');
    g.append('line');
    g.append('text');
    return g;
  }).each(function drawTick(v, k) {
    const g = this;
    set(g, { transform: `translate(${x(v)},${shift})` });
    set(g.querySelector('line'), { y1: diverging && v === 0 ? 11 : 14, y2: 14 + BAR.height + 3 });
    g.classList.toggle('zero', diverging && v === 0);
    const text = g.querySelector('text');
    set(text, { y: 14 + BAR.height + 14, 'text-anchor': ['start', diverging ? 'middle' : 'end', 'end'][k] });
    setText(text, label(v));
  });
  const noteEl = group.selectAll('text.legend-note').data([0]).join((enter) => enter.append('text').attr('class', 'legend-note').attr('y', 9));
  const spans = noteEl.selectAll('tspan').data(lines).join((enter) => enter.append('tspan').attr('x', 0));
  attrs(spans, 'dy', (_, k) => (k === 0 ? 0 : LINE));
  texts(spans, (d) => d);
  const swatch = group.selectAll('g.legend-blocked').data(hatch ? [hatch] : []).join((enter) => {
    const g = enter.append('g').attr('class', 'legend-blocked');
    g.append('rect').attr('width', 12).attr('height', BAR.height);
    g.append('text').attr('x', 16).attr('y', BAR.height - 1).text('blocked / not computed');
    return g;
  });
  // Beside the bar when it fits, else on a line of its own below it.
  const below = width < barWidth + 200;
  const base = 14 + shift + BAR.height + 18;
  attrs(swatch, 'transform', below ? `translate(0,${base + 4})` : `translate(${barWidth + 14},${14 + shift})`);
  attrs(swatch.select('rect'), 'fill', (d) => d);
  return hatch && below ? base + BAR.height + 8 : base;
}

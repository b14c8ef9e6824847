// drawLegend(group, { color, domain, diverging, blocked, note, width }) draws a
// colour scale's legend inside a chart's SVG (so exported images keep it): a
// gradient bar with the domain's ends (and 0, marked, for a diverging scale),
// a hatched swatch when some cells are blocked, and a note saying whose scale
// it is ("this panel's own scale", "one scale for every panel"). -> its height.
// color: a d3 scale; domain: [lo, hi]; hatch: the fill of a blocked cell.
import { format as d3format, range } from 'd3';

const BAR = { height: 10, width: 160 };
const tick = d3format('.3~g');

export function drawLegend(group, { id, color, domain, diverging, hatch, note, width }) {
  const barWidth = Math.max(80, Math.min(BAR.width, width - 8));
  const [lo, hi] = domain;
  const stops = range(11).map((k) => lo + ((hi - lo) * k) / 10);
  const gradient = group.selectAll('linearGradient').data([0]).join('linearGradient').attr('id', `${id}-legend`);
  gradient.selectAll('stop').data(stops).join('stop')
    .attr('offset', (_, k) => `${k * 10}%`).attr('stop-color', (v) => color(v));
  group.selectAll('rect.legend-bar').data([0]).join('rect').attr('class', 'legend-bar')
    .attr('y', 14).attr('width', barWidth).attr('height', BAR.height).attr('fill', `url(#${id}-legend)`);
  const ticks = diverging ? [lo, 0, hi] : [lo, hi];
  const x = (v) => ((v - lo) / (hi - lo || 1)) * barWidth;
  group.selectAll('g.legend-tick').data(ticks).join((enter) => {
    const g = enter.append('g').attr('class', 'legend-tick');
    g.append('line');
    g.append('text');
    return g;
  }).attr('transform', (v) => `translate(${x(v)},0)`).each(function drawTick(v, k) {
    const g = this;
    g.querySelector('line').setAttribute('y1', diverging && v === 0 ? 11 : 14);
    g.querySelector('line').setAttribute('y2', 14 + BAR.height + 3);
    g.classList.toggle('zero', diverging && v === 0);
    const text = g.querySelector('text');
    text.setAttribute('y', 14 + BAR.height + 14);
    text.setAttribute('text-anchor', ['start', diverging ? 'middle' : 'end', 'end'][k]);
    text.textContent = diverging && v > 0 ? `+${tick(v)}` : tick(v); // a diverging scale shows its sign
  });
  group.selectAll('text.legend-note').data([note]).join('text').attr('class', 'legend-note')
    .attr('y', 9).text((d) => d);
  const swatch = group.selectAll('g.legend-blocked').data(hatch ? [hatch] : []).join((enter) => {
    const g = enter.append('g').attr('class', 'legend-blocked');
    g.append('rect').attr('width', 12).attr('height', BAR.height);
    g.append('text').attr('x', 16).attr('y', BAR.height - 1).text('blocked / not computed');
    return g;
  });
  // Beside the bar when it fits, else on a line of its own below it.
  const below = width < barWidth + 200;
  const base = 14 + BAR.height + 18;
  swatch.attr('transform', below ? `translate(0,${base + 4})` : `translate(${barWidth + 14},14)`)
    .select('rect').attr('fill', (d) => d);
  return hatch && below ? base + BAR.height + 8 : base;
}

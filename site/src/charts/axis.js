// drawAxis(g, orient, scale, { ticks, format, values }): a bottom or left axis drawn into g
// as D3's axisBottom / axisLeft draw it (the same elements, classes and attributes), but
// writing only what changed. D3's axis rewrites every tick each time it is called, and each
// write makes the browser lay the chart out again: with four charts whose axes move on each
// step of a slider (section 14's d), the axes were a quarter of the step.
//   ticks: how many ticks to aim for (scale.ticks); format: a d3-format specifier for them;
//   values, with format a function: ticks at exactly these values.
//   drawAxis(xAxis, 'bottom', x, { ticks: 5 });   drawAxis(yAxis, 'left', y, { ticks: 4, format: '.0s' });
import { select } from 'd3';
import { set, setText } from './writes.js';

const TICK = 6;     // tick length, px
const PADDING = 3;  // between a tick and its label, px

export function drawAxis(g, orient, scale, { ticks = 10, format, values } = {}) {
  const node = typeof g.node === 'function' ? g.node() : g;
  const left = orient === 'left';
  const offset = window.devicePixelRatio > 1 ? 0 : 0.5; // crisp 1px lines, as D3 does
  const at = values ?? scale.ticks(ticks);
  const label = values ? (format ?? String) : scale.tickFormat(ticks, format);
  set(node, { fill: 'none', 'font-size': 10, 'font-family': 'sans-serif', 'text-anchor': left ? 'end' : 'middle' });
  let domain = node.querySelector(':scope > path.domain');
  if (!domain) {
    domain = select(node).insert('path', ':first-child').attr('class', 'domain').attr('stroke', 'currentColor').node();
  }
  const range = scale.range();
  const [r0, r1] = [+range[0] + offset, +range[range.length - 1] + offset];
  set(domain, { d: left ? `M${-TICK},${r0}H${offset}V${r1}H${-TICK}` : `M${r0},${TICK}V${offset}H${r1}V${TICK}` });
  const tick = select(node).selectAll(':scope > g.tick').data(at).join((enter) => {
    const t = enter.append('g').attr('class', 'tick').attr('opacity', 1);
    t.append('line').attr('stroke', 'currentColor').attr(left ? 'x2' : 'y2', left ? -TICK : TICK);
    t.append('text').attr('fill', 'currentColor').attr(left ? 'x' : 'y', left ? -(TICK + PADDING) : TICK + PADDING)
      .attr('dy', left ? '0.32em' : '0.71em');
    return t;
  });
  tick.each(function drawTick(v) {
    const p = +scale(v) + offset;
    set(this, { transform: left ? `translate(0,${p})` : `translate(${p},0)` });
    setText(this.lastChild, label(v));
  });
}

// Horizontal reference lines with labels (e.g. the ln n ceiling), shared by
// lineChart and barChart. group: a D3 <g>; refs: [{ y, label }]; width: plot
// width; y: the y scale. labelAt 'inside' puts the label above the line at its
// right end; 'right' puts it in the right margin, level with the line.
import { select } from 'd3';
import { set, setText } from './writes.js';

export function drawRefs(group, refs, width, y, labelAt = 'inside') {
  group.selectAll('g.ref').data(refs || []).join((enter) => {
    const g = enter.append('g').attr('class', 'ref');
    g.append('line');
    g.append('text');
    return g;
  }).each(function drawRef(r) {
    const [line, label] = this.childNodes;
    set(line, { x1: 0, x2: width, y1: y(r.y), y2: y(r.y) }); // only what changed (writes.js)
    setText(label, r.label);
    if (labelAt === 'right') set(label, { x: width + 4, y: y(r.y), dy: '0.35em' });
    else set(label, { x: width - 4, y: y(r.y) - 4, 'text-anchor': 'end' });
  });
}

// Vertical marks at x values (e.g. "the step where a score first passed 0.4"),
// drawn by lineChart. marks: [{ x, label, kind }]; kind becomes a class
// (mark-<kind>) so each mark can be styled; height: plot height; x: the x scale
// (its range is the plot's width).
export function drawMarks(group, marks, height, x) {
  group.selectAll('g.mark').data(marks || []).join((enter) => {
    const g = enter.append('g');
    g.append('line');
    g.append('text');
    return g;
  }).attr('class', (m) => `mark mark-${m.kind || 'default'}`).each(function drawMark(m, i) {
    const g = select(this);
    g.select('line').attr('x1', x(m.x)).attr('x2', x(m.x)).attr('y1', 0).attr('y2', height);
    // Labels sit right of their line, or left of it in the right half of the plot,
    // each mark's a line lower than the one before (m.row, default its index), so
    // two marks close together do not write over each other.
    const right = x(m.x) > x.range()[1] / 2;
    g.select('text').text(m.label).attr('x', x(m.x) + (right ? -4 : 4)).attr('y', 10 + 13 * (m.row ?? i))
      .attr('text-anchor', right ? 'end' : 'start');
  });
}

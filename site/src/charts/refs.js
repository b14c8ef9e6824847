// Horizontal reference lines with labels (e.g. the ln n ceiling), shared by
// lineChart and barChart. group: a D3 <g>; refs: [{ y, label }]; width: plot
// width; y: the y scale. labelAt 'inside' puts the label above the line at its
// right end; 'right' puts it in the right margin, level with the line.
import { select } from 'd3';

export function drawRefs(group, refs, width, y, labelAt = 'inside') {
  group.selectAll('g.ref').data(refs || []).join((enter) => {
    const g = enter.append('g').attr('class', 'ref');
    g.append('line');
    g.append('text');
    return g;
  }).each(function drawRef(r) {
    const g = select(this);
    g.select('line').attr('x1', 0).attr('x2', width).attr('y1', y(r.y)).attr('y2', y(r.y));
    const label = g.select('text').text(r.label);
    if (labelAt === 'right') label.attr('x', width + 4).attr('y', y(r.y)).attr('dy', '0.35em');
    else label.attr('x', width - 4).attr('y', y(r.y) - 4).attr('text-anchor', 'end');
  });
}

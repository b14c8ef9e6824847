// svgCells(group, { hatchFill }): a heatmap's cells as SVG, one <g class="cell">
// (rect + number) per value inside `group`, redrawn in place (heatmap.js uses it
// for figures of up to svgLimit cells and paints larger ones on canvas). hatchFill:
// the fill of a blocked cell (the heatmap's hatch pattern).
import { textOn } from './colors.js';

export function svgCells(group, { hatchFill }) {
  // The number in a cell is black or white, whichever contrasts more with the cell: against any
  // fill one of the two reaches at least 4.58:1 (WCAG AA), which no softer pair of inks guarantees.
  // Remembered per fill: parsing each cell's colour twice was a tenth of a large grid's redraw.
  const inks = new Map();
  const inkOn = (fill) => {
    let ink = inks.get(fill);
    if (!ink) {
      if (inks.size > 4096) inks.clear();
      ink = textOn(fill, '#000', '#fff');
      inks.set(fill, ink);
    }
    return ink;
  };

  // One <g class="cell"> (rect + text) per value, bound to the values themselves:
  // the join keeps the groups already drawn and only adds or removes the
  // difference. Positions and sizes are set on new groups, or on all when the
  // cell size or column count changed; colour, text and class only where they
  // differ from what the cell shows, which `painted` remembers (reading the
  // attributes back from the DOM cost as much as setting them).
  let drawnGeometry = '';
  let painted = []; // per cell: { value, fill, ink, label, blocked } as its nodes show them

  // paint(matrix, blocked (matrix or null), cell (px), color(value), texts (the numbers, or null
  // where they do not fit)) draws the cells;
  // clear() removes them (the chart switched to canvas).
  return {
    paint(matrix, blockedMatrix, cell, color, texts) {
      const { cols, data: values } = matrix;
      const blocked = blockedMatrix ? blockedMatrix.data : null;
      const side = String(Math.max(1, cell - 1));
      const middle = (cell - 1) / 2;
      const cells = group.selectAll('g.cell').data(values);
      cells.exit().remove();
      painted.length = Math.min(painted.length, values.length);
      const added = cells.enter().append('g').attr('class', 'cell');
      added.append('rect');
      added.append('text').attr('dy', '0.35em').attr('class', 'value');
      const all = added.merge(cells);
      const geometry = `${cell} ${cols}`;
      (geometry === drawnGeometry ? added : all).each(function place(_, k) {
        const [rect, text] = this.childNodes;
        const [x, y] = [(k % cols) * cell, Math.floor(k / cols) * cell];
        rect.setAttribute('x', String(x));
        rect.setAttribute('y', String(y));
        rect.setAttribute('width', side);
        rect.setAttribute('height', side);
        text.setAttribute('x', String(x + middle));
        text.setAttribute('y', String(y + middle));
      });
      drawnGeometry = geometry;
      all.each(function paint(value, k) {
        const isBlocked = blocked ? blocked[k] === 1 : false;
        const [rect, text] = this.childNodes;
        const colour = color(value);
        const now = {
          value, blocked: isBlocked, fill: isBlocked ? hatchFill : colour, ink: inkOn(colour),
          label: isBlocked || !texts ? '' : texts[k],
        };
        const was = painted[k] || {};
        painted[k] = now;
        if (was.blocked !== now.blocked) this.classList.toggle('blocked', isBlocked);
        // data-value keeps the exact number drawn, for tests and assistive tools, even when the text is hidden.
        if (!Object.is(was.value, value)) this.setAttribute('data-value', String(value));
        if (was.fill !== now.fill) rect.setAttribute('fill', now.fill);
        // Through the CSSOM, not a style attribute: the strict CSP (style-src 'self') blocks those.
        if (was.ink !== now.ink) text.style.fill = now.ink;
        if (was.label !== now.label) text.textContent = now.label;
      });
    },
    clear() {
      group.selectAll('g.cell').remove();
      drawnGeometry = '';
      painted = [];
    },
  };
}

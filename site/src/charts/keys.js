// Where a key press moves a chart's cursor. Heatmaps: arrows move one cell,
// Home/End go to the first/last column of the row, PageUp/PageDown to the
// first/last row of the column, Ctrl+Home/Ctrl+End to the corners (as in a
// spreadsheet or an ARIA grid). Line and bar charts are one row of points.
// -> { row, col } or null when the key is not ours. The first key press on a
// chart with no cursor yet lands on the first cell instead of moving.
export function gridMove(event, from, rows, cols) {
  if (!from) {
    return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)
      ? { row: 0, col: 0 } : null;
  }
  const clamp = (v, n) => Math.min(n - 1, Math.max(0, v));
  const { row, col } = from;
  const ctrl = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowUp': return { row: clamp(row - 1, rows), col };
    case 'ArrowDown': return { row: clamp(row + 1, rows), col };
    case 'ArrowLeft': return { row, col: clamp(col - 1, cols) };
    case 'ArrowRight': return { row, col: clamp(col + 1, cols) };
    case 'Home': return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End': return ctrl ? { row: rows - 1, col: cols - 1 } : { row, col: cols - 1 };
    case 'PageUp': return { row: 0, col };
    case 'PageDown': return { row: rows - 1, col };
    default: return null;
  }
}

// One row of n points (a line chart's x positions, a bar chart's bars): -> index or null.
export function rowMove(event, from, n) {
  const move = gridMove(event, from < 0 ? null : { row: 0, col: from }, 1, n);
  return move ? move.col : null;
}

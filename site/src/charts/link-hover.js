// Links heatmaps of the same shape: pointing at (i, j) in one highlights (i, j)
// in all the others, so one query/key pair can be compared across them.
// charts: an array, or a function giving the current array (a grid whose panels
// come and go); members: the charts to listen to (default: all of them; a grid
// links each panel it adds).
export function linkHover(charts, members = charts) {
  const current = typeof charts === 'function' ? charts : () => charts;
  members.forEach((chart) => chart.onHover((cell) => {
    current().forEach((other) => {
      if (other !== chart) other.highlight(cell ? cell.row : -1, cell ? cell.col : -1);
    });
  }));
}

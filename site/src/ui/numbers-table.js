// "Show numbers": the figure's numbers as real HTML tables, one per chart or
// panel, with <th scope> headers and a caption. This is the way into the
// heatmaps for screen reader users: a data table is the one structure every
// screen reader (NVDA, JAWS, VoiceOver, TalkBack, Narrator) reads in browse
// mode, announcing each cell with its row and column headers under its table
// commands (Ctrl+Alt+arrows, VO+arrows). An SVG grid (role="grid") would need
// focus/application mode and its support in SVG is uneven, so the SVG stays
// one labelled image, walkable with the keyboard, and the table carries the values.
// Large matrices show their first MAX rows and columns (the CSV has them all).
import { format as d3format } from 'd3';

const MAX = 64;

function th(text, scope) {
  const cell = document.createElement('th');
  cell.scope = scope;
  cell.textContent = text;
  return cell;
}

function tableFor({ chart, table: t }) {
  const fmt = d3format(t.format || '.3f');
  const { rows, cols, data } = t.values;
  const [shownRows, shownCols] = [Math.min(rows, MAX), Math.min(cols, MAX)];
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  const what = [t.caption, t.rowTitle && t.colTitle ? `rows: ${t.rowTitle}; columns: ${t.colTitle}` : t.rowTitle || t.colTitle]
    .filter(Boolean).join(' · ');
  const cut = shownRows < rows || shownCols < cols ? ` (first ${shownRows} of ${rows} rows, ${shownCols} of ${cols} columns; the CSV has all)` : '';
  caption.textContent = `${what || chart}${cut}`;
  const head = document.createElement('tr');
  head.append(th(t.rowTitle || '', 'col'));
  for (let j = 0; j < shownCols; j++) head.append(th(t.colLabels[j], 'col'));
  if (t.rowNotes) head.append(th('note', 'col'));
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  for (let i = 0; i < shownRows; i++) {
    const tr = document.createElement('tr');
    tr.append(th(t.rowLabels[i], 'row'));
    for (let j = 0; j < shownCols; j++) {
      const k = i * cols + j;
      const td = document.createElement('td');
      if (t.blocked && t.blocked.data[k] === 1) td.textContent = 'blocked';
      else td.textContent = Number.isNaN(data[k]) ? '–' : fmt(data[k]);
      tr.append(td);
    }
    if (t.rowNotes) {
      const td = document.createElement('td');
      td.textContent = t.rowNotes[i];
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(caption, thead, tbody);
  // A wide table scrolls inside a region that the keyboard can reach and that says what it is.
  const scroller = document.createElement('div');
  scroller.className = 'table-scroll';
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', caption.textContent);
  scroller.append(table);
  return scroller;
}

// Fills `box` with one table per chart table of the figure.
export function renderNumbers(box, tables) {
  box.replaceChildren(...tables.map(tableFor));
}

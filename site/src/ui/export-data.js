// A figure's numbers as files: CSV of what is drawn (one line per number, with
// its chart, panel, row and column labels) and JSON with the inputs that
// produced it. The tables come from the charts themselves (charts/registry.js),
// so the numbers are the core's, at full precision, never recomputed here.
import { chartOf } from '../charts/registry.js';

// [{ chart: name, table }] of one chart element ([data-chart]).
export function chartTables(el) {
  const chart = chartOf(el);
  return chart ? chart.tables().map((table) => ({ chart: el.dataset.chart, table })) : [];
}

// [{ chart: name, table }] for every chart in the figure, in page order.
export function figureTables(figure) {
  return Array.from(figure.querySelectorAll('[data-chart]')).flatMap(chartTables);
}

// The first chart's name identifies a figure (figure-only embeds, file names).
export const figureName = (figure) => figure.querySelector('[data-chart]')?.dataset.chart || 'figure';

// Quotes a CSV field when needed; a field that a spreadsheet would run as a
// formula (=, +, -, @ at the start of a label a learner typed) gets a leading apostrophe.
function field(value) {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = ['chart', 'panel', 'row_title', 'row_index', 'row', 'column_title', 'column_index',
  'column', 'value', 'blocked', 'row_note'];

export function toCsv(tables) {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { chart, table: t } of tables) {
    const { rows, cols, data } = t.values;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const k = i * cols + j;
        const v = data[k];
        const blocked = t.blocked ? (t.blocked.data[k] === 1 ? 1 : 0) : '';
        lines.push([chart, t.caption, t.rowTitle, i, t.rowLabels[i], t.colTitle, j, t.colLabels[j],
          Number.isNaN(v) ? '' : String(v), blocked, t.rowNotes ? t.rowNotes[i] : ''].map(field).join(','));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

// provenance: the figure's label (random weights / formula / illustration / trained model);
// part: the one chart of the figure exported alone (left out for the whole figure).
export function toJson({ section, figure, part = null, title, provenance, inputs, tables }) {
  return JSON.stringify({
    source: 'Attention Atlas',
    section,
    figure,
    ...(part ? { part } : {}),
    title,
    provenance,
    inputs,
    charts: tables.map(({ chart, table: t }) => ({
      chart, panel: t.caption, rowTitle: t.rowTitle, colTitle: t.colTitle, rowLabels: t.rowLabels, colLabels: t.colLabels,
      rowNotes: t.rowNotes, rows: t.values.rows, cols: t.values.cols,
      values: Array.from(t.values.data, (v) => (Number.isNaN(v) ? null : v)),
      blocked: t.blocked ? Array.from(t.blocked.data) : null,
    })),
  }, null, 1);
}

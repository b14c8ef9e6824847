// Which chart a container holds, so page-level tools (export, "Show numbers",
// figure-only embeds) can ask a figure's charts for what they draw without
// each section wiring them up. A chart factory calls registerChart(container,
// api) once; tools call chartOf(element). Weak keys: a removed chart is forgotten.
//
// Every registered chart answers tables() -> [{ caption, rowTitle, colTitle,
// rowLabels, colLabels, values (rows x cols, row-major), blocked (same shape,
// 1 = not drawn as a value) or null, format }]: the numbers it draws, exactly
// as the core gave them, with the labels it shows.
const charts = new WeakMap();

export function registerChart(container, api) {
  charts.set(container, api);
  return api;
}

export function chartOf(element) {
  return charts.get(element) || null;
}

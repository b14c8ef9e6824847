// Gives every <figure> of a section its tools, under the caption: Download SVG
// (self-contained), PNG (twice the size on screen), CSV (every number drawn,
// with its labels) and JSON (the inputs and the numbers), and "Show numbers"
// (the same numbers as tables). Nothing per figure is needed from a section:
// its charts answer tables() (charts/registry.js) and its controls give the
// inputs (controlsOf(section).inputs(), plus what the section adds with
// controls.describe()). A figure without a chart element gets no tools.
//
// In a frame, downloads work only if the embedding page's sandbox has
// allow-downloads (the Atlas snippet does); a frame cannot see its own sandbox
// flags, so in any frame the tools also offer to copy the CSV and JSON.
import { figureTables, figureName, toCsv, toJson } from './export-data.js';
import { figureSvg, svgToPng } from './export-image.js';
import { renderNumbers } from './numbers-table.js';
import { copyButton } from './copy.js';
import { controlsOf } from './controls.js';

function button(text, label, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// A trained view's figure records its own controls (text, unit, layer, head), not the section's.
function describe(section, figure, controls) {
  const provenance = figure.querySelector('.provenance')?.textContent.trim() || '';
  const title = section.querySelector('h2')?.textContent.trim() || section.id;
  const trained = figure.closest('[data-trained]')?.querySelector('.controls[id^="trained-"]');
  const own = (trained && controlsOf(trained)) || controls;
  return {
    section: section.id, figure: figureName(figure), title, provenance,
    inputs: own ? own.inputs() : {},
    header: ['Attention Atlas', title, provenance].filter(Boolean).join(' · '),
  };
}

function framedNote(getCsv, getJson) {
  const box = document.createElement('div');
  box.className = 'framed-note';
  const text = document.createElement('p');
  text.textContent = 'Shown in a frame: downloads work only if the page around it allows them. If nothing downloads, copy the data instead.';
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.hidden = true;
  area.rows = 4;
  area.className = 'embed-code';
  area.setAttribute('aria-label', 'The figure’s data, to copy');
  const csv = copyButton('Copy CSV', getCsv, area);
  const json = copyButton('Copy JSON', getJson, area);
  box.append(text, csv.button, json.button, csv.status, json.status, area);
  return box;
}

function addTools(section, figure, controls) {
  const base = `atlas-${section.id}-${figureName(figure)}`;
  const info = () => describe(section, figure, controls);
  const csv = () => toCsv(figureTables(figure));
  const json = () => toJson({ ...info(), tables: figureTables(figure) });
  const svg = () => figureSvg(figure, info().header);
  const what = info().title;

  const tools = document.createElement('div');
  tools.className = 'figure-tools';
  const label = document.createElement('span');
  label.className = 'figure-tools-label';
  label.textContent = 'Download';
  tools.append(label,
    button('SVG', `Download this figure of “${what}” as SVG`, () => download(new Blob([svg().svg], { type: 'image/svg+xml' }), `${base}.svg`)),
    button('PNG', `Download this figure of “${what}” as PNG`, async () => download(await svgToPng(svg(), 2), `${base}.png`)),
    button('CSV', `Download the numbers of this figure of “${what}” as CSV`, () => download(new Blob([csv()], { type: 'text/csv' }), `${base}.csv`)),
    button('JSON', `Download the inputs and numbers of this figure of “${what}” as JSON`, () => download(new Blob([json()], { type: 'application/json' }), `${base}.json`)));

  const numbers = document.createElement('details');
  numbers.className = 'numbers';
  const summary = document.createElement('summary');
  summary.textContent = 'Show numbers';
  const box = document.createElement('div');
  box.className = 'numbers-body';
  numbers.append(summary, box);
  const refresh = () => { if (numbers.open) renderNumbers(box, figureTables(figure)); };
  numbers.addEventListener('toggle', refresh);
  // Controls redraw synchronously on input; the next frame's tables are the new numbers.
  ['input', 'click'].forEach((type) => section.addEventListener(type, () => requestAnimationFrame(refresh)));

  figure.append(tools);
  if (window.parent !== window) figure.append(framedNote(csv, json));
  figure.append(numbers);
}

// Every figure with a chart element gets them, also one whose chart registers
// later (a trained view built on first use, section 13 drawing in stages):
// the tables are read when a tool is used, not now.
export function addFigureTools(section, controls) {
  section.querySelectorAll('figure').forEach((figure) => {
    if (figure.querySelector('[data-chart]')) addTools(section, figure, controls);
  });
}

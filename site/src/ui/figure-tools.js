// Gives every <figure> of a section its tools, under the caption: Download SVG
// (self-contained), PNG (twice the size on screen), CSV (every number drawn,
// with its labels) and JSON (the inputs and the numbers), the image's
// background (as shown, or white or none in the light palette), for a figure of
// several charts which of them to export (the whole figure or one chart alone),
// and "Show numbers" (the same numbers as tables). Nothing per figure is needed
// from a section: its charts answer tables() (charts/registry.js) and its
// controls give the inputs (controlsOf(section).inputs(), plus what the section
// adds with controls.describe()). A figure without a chart element gets no tools.
// A PNG of a large figure takes a moment: its button says so while it is drawn,
// and the page stays responsive (the work waits for a frame to show that first).
//
// In a frame, downloads work only if the embedding page's sandbox has
// allow-downloads (the Atlas snippet does); a frame cannot see its own sandbox
// flags, so in any frame the tools also offer to copy the CSV and JSON.
import { figureTables, chartTables, figureName, toCsv, toJson } from './export-data.js';
import { figureSvg, svgToPng } from './export-image.js';
import { BACKGROUNDS, inPalette } from './export-palette.js';
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

// A labelled <select> of [value, text] choices: { box, select }.
function choice(id, label, options) {
  const box = document.createElement('span');
  box.className = 'figure-tools-choice';
  const lab = document.createElement('label');
  lab.htmlFor = id;
  lab.textContent = label;
  const select = document.createElement('select');
  select.id = id;
  for (const [value, text] of options) select.add(new Option(text, value));
  box.append(lab, select);
  return { box, select };
}

// Runs `work` (async) with `b` saying it is busy, after a frame has shown that.
async function busy(b, status, what, work) {
  const text = b.textContent;
  b.disabled = true;
  b.setAttribute('aria-busy', 'true');
  b.textContent = `${text}…`;
  status.textContent = `Drawing the ${what}…`;
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  try {
    await work();
    status.textContent = '';
  } catch (error) {
    status.textContent = `The ${what} could not be made: ${error.message}`;
  } finally {
    b.disabled = false;
    b.removeAttribute('aria-busy');
    b.textContent = text;
  }
}

// A trained view's figure records its own controls (text, unit, layer, head), not the section's.
function describe(section, figure, controls, part) {
  const provenance = figure.querySelector('.provenance')?.textContent.trim() || '';
  const title = section.querySelector('h2')?.textContent.trim() || section.id;
  const trained = figure.closest('[data-trained]')?.querySelector('.controls[id^="trained-"]');
  const own = (trained && controlsOf(trained)) || controls;
  return {
    section: section.id, figure: figureName(figure), part: part ? part.dataset.chart : null, title, provenance,
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

let nextId = 0;

function addTools(section, figure, controls) {
  const id = `ft${nextId++}`;
  const charts = Array.from(figure.querySelectorAll('[data-chart]'));
  const parts = charts.length > 1
    ? choice(`${id}-part`, 'Export', [['', 'whole figure'], ...charts.map((c) => [c.dataset.chart, `${c.dataset.chart.replace(/-/g, ' ')} alone`])])
    : null;
  const background = choice(`${id}-bg`, 'Background', BACKGROUNDS);
  const part = () => charts.find((c) => c.dataset.chart === parts?.select.value) || null;
  const base = () => (part() ? `atlas-${section.id}-${part().dataset.chart}-alone` : `atlas-${section.id}-${figureName(figure)}`);
  const info = () => describe(section, figure, controls, part());
  const tables = () => (part() ? chartTables(part()) : figureTables(figure));
  const csv = () => toCsv(tables());
  const json = () => toJson({ ...info(), tables: tables() });
  // White and transparent backgrounds are drawn in the light palette, whatever the screen shows.
  const svg = () => {
    const bg = background.select.value;
    return inPalette(bg !== 'page', () => figureSvg(figure, info().header, { part: part(), background: bg }));
  };
  const what = info().title;

  const tools = document.createElement('div');
  tools.className = 'figure-tools';
  const label = document.createElement('span');
  label.className = 'figure-tools-label';
  label.textContent = 'Download';
  const status = document.createElement('span');
  status.className = 'copy-status';
  status.setAttribute('role', 'status');
  const svgButton = button('SVG', `Download this figure of “${what}” as SVG`,
    () => busy(svgButton, status, 'SVG', async () => download(new Blob([(await svg()).svg], { type: 'image/svg+xml' }), `${base()}.svg`)));
  const pngButton = button('PNG', `Download this figure of “${what}” as PNG`,
    () => busy(pngButton, status, 'PNG', async () => download(await svgToPng(await svg(), 2), `${base()}.png`)));
  tools.append(label, svgButton, pngButton,
    button('CSV', `Download the numbers of this figure of “${what}” as CSV`, () => download(new Blob([csv()], { type: 'text/csv' }), `${base()}.csv`)),
    button('JSON', `Download the inputs and numbers of this figure of “${what}” as JSON`, () => download(new Blob([json()], { type: 'application/json' }), `${base()}.json`)),
    ...(parts ? [parts.box] : []), background.box, status);

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

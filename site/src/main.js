// Page entry: loads the attention core, then starts each section when it
// comes near the viewport (so a long article does not compute every figure up
// front). At the top of the article the core is first the small first engine
// (section 1's functions); every other section runs on the lean core, loaded
// once the first screen is drawn (docs/performance.md, "What loads when").
// Each section module exports { id, init(root, core, { loadModel }) }; adding a
// section = one partial in site/sections/ + one module in ./sections/ + one
// line in ./sections/index.js.
//
// The same bundle runs embed.html (one section for an <iframe>, chosen by
// ?section=<id>, or one figure with &figure=<name>; see ui/embed-mode.js) and,
// on the full page, gives every section an "Embed" disclosure with its
// copy-paste snippet as it starts. A section's controls wait in <template data-live>
// until it starts (ui/live-parts.js). Once a section has started, it gets its tools without
// any code of its own: Reset and Copy link after its controls, and under each
// figure Download SVG / PNG / CSV / JSON and "Show numbers" (ui/section-tools.js,
// ui/figure-tools.js). A section with a module is marked data-state="waiting"
// until it starts, then "ready" (or "error"): tests use that to find and check
// every live section. A section whose partial has a trained view gets its
// "Trained model" switch as it starts (trained/mount.js); the model's weights
// load only when that switch is used. Each section with exercises gets its
// Practice part as it starts (exercises/mount.js); the page's progress, the
// "Check yourself" part and a SCORM launch start once (exercises/start.js).
// Both come in their own script once the first screen is drawn (exercises/lazy.js).
import { sections } from './sections/index.js';
import { mountEmbed } from './ui/embed-mode.js';
import { addEmbedButton } from './ui/embed-button.js';
import { controlsOf, linkValues } from './ui/controls.js';
import { addFigureTools } from './ui/figure-tools.js';
import { addSectionTools } from './ui/section-tools.js';
import { setUpTheme } from './ui/theme.js';
import { fitFormulas } from './ui/fit-formulas.js';
import { modelLoader } from './trained/load.js';
import { addViewControl, mountTrained } from './trained/mount.js';
import { primeWidths } from './charts/width.js';
import { primeColours } from './charts/colors.js';
import { onPrint } from './ui/print.js';
import { mountPractice, startPractice } from './exercises/lazy.js';
import './shared.js'; // what the Practice script takes from app.js
import { mountLiveParts } from './ui/live-parts.js';
import { whenIdle } from './ui/idle.js';
import { opensAtTop } from './first-screen.js';

const STATUS_ID = 'core-status';

function setStatus(text, failed = false) {
  const el = document.getElementById(STATUS_ID);
  if (!el) return;
  el.textContent = text;
  el.dataset.state = failed ? 'error' : 'ready';
}

const NEAR_PX = 400; // a section starts this close to the viewport
const FIRST_SECTION = 'self-attention'; // what the first engine computes (wasm/bindings_first.cpp)

// Whether each section is within NEAR_PX of the viewport now, read in one layout (before any
// starts: a read after a section drew would lay the page out again).
const nearNow = (roots) => roots.map((root) => {
  const box = root.getBoundingClientRect();
  return box.top < window.innerHeight + NEAR_PX && box.bottom > -NEAR_PX;
});

// The sections not started yet: root -> its start(). Printing starts them all (ui/print.js).
const waiting = new Map();
const startAll = () => [...waiting.values()].forEach((start) => start());

// Starts a section now if it is near the viewport, else when it comes near (or the page is
// printed). The observer's first report waits for a rendered frame, which in a page still
// loading can take 100 ms and more.
function startWhenNear(root, near, start) {
  if (near || !('IntersectionObserver' in window)) {
    start();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) once();
  }, { rootMargin: `${NEAR_PX}px 0px` });
  function once() {
    observer.disconnect();
    waiting.delete(root);
    start();
  }
  waiting.set(root, once);
  observer.observe(root);
}

// A Tab can move focus into a section that has not started, past its controls still in their
// template (a section whose first focusable element is a control: its next one is further
// down). keydown comes before the browser moves focus: the section holding the focus and the
// one the Tab goes to start first, so the Tab reaches their controls.
function startOnTab(event) {
  if (event.key !== 'Tab') return;
  const here = document.activeElement?.closest('main > section');
  if (!here) return;
  const there = event.shiftKey ? here.previousElementSibling : here.nextElementSibling;
  [here, there].forEach((root) => waiting.get(root)?.());
}

async function main() {
  const embedTemplate = document.getElementById('embed-sections');
  setUpTheme(embedTemplate ? null : document.querySelector('.masthead'));
  if (embedTemplate && !mountEmbed(embedTemplate)) return;
  fitFormulas(document.querySelector('main'));
  const live = sections
    .map((section) => ({ section, root: document.getElementById(section.id) }))
    .filter(({ root }) => root);
  live.forEach(({ root }) => { root.dataset.state = 'waiting'; });
  startPractice();

  let core;
  try {
    // createAttentionCore is the global of atlas-core-loader.js (./core-loader.js, a classic script).
    // At the top of the article (./first-screen.js) the page starts on the first engine, which
    // computes section 1 alone (a third of the lean engine's bytes); every other section starts on
    // the lean core, asked for as section 1 starts (coreFor, below). The core loader's download
    // already started by the same rule.
    core = await window.createAttentionCore({ first: opensAtTop() });
  } catch (error) {
    setStatus(`The attention core could not start (${error.message}). The figures need WebAssembly.`, true);
    return;
  }
  setStatus(embedTemplate
    ? 'Every number here is computed in your browser.'
    : 'Attention core ready: every figure below is computed in your browser.');
  let leanCore = core.first ? null : Promise.resolve(core);
  const lean = () => (leanCore ??= window.createAttentionCore());
  // Section 1 runs on the first core; as it starts, the lean core is asked for while the page is
  // idle, so the next section need not wait for it (a phone at the top shows no section yet: none).
  const coreFor = (root) => {
    if (root.id !== FIRST_SECTION) return lean();
    if (core.first) whenIdle(lean, { timeout: 1000 });
    return core;
  };
  const loadModel = modelLoader(core); // the trained model loads on the first "Trained model" click
  const article = document.querySelector('main') || document.body;
  const near = nearNow(live.map(({ root }) => root));
  // Every chart's first width read in one layout: the sections near now, here; a later one as it
  // starts. Not the whole article: a width read in a content-visibility section off screen lays
  // that section out (all of them at load: 0.8 s at a phone's 4x slower CPU).
  const nearRoots = live.filter((_, k) => near[k]).map(({ root }) => root);
  nearRoots.forEach(mountLiveParts); // their controls first (ui/live-parts.js): they move the charts
  nearRoots.forEach(primeWidths);
  onPrint(startAll);
  document.addEventListener('keydown', startOnTab);
  primeColours(article, ['--heat-low', '--heat-high', '--heat-neg', '--hatch']); // one style pass for their colours
  // A section without figures (summary, references) gets its Embed disclosure as it comes near.
  if (!embedTemplate) {
    const plain = [...article.querySelectorAll('main > section[id]')].filter((s) => !live.some(({ root }) => root === s));
    plain.forEach((root) => startWhenNear(root, false, () => addEmbedButton(root, () => linkValues(root))));
  }
  live.forEach(({ section, root }, k) => {
    startWhenNear(root, near[k], async () => {
      try {
        if (!near[k]) { // a later section: its controls, then its widths (those near now had both above)
          mountLiveParts(root); // at once, not after the core: a Tab that started the section reaches them
          primeWidths(root);
        }
        const sectionCore = await coreFor(root);
        if (!embedTemplate) addEmbedButton(root, () => linkValues(root));
        addViewControl(root); // before the section binds its controls: the view is one of them
        section.init(root, sectionCore, { loadModel }); // loadModel: for a section drawn from the trained model (16)
        mountTrained(root, sectionCore, loadModel);
        addSectionTools(root, controlsOf(root), { embed: Boolean(embedTemplate) });
        addFigureTools(root, controlsOf(root));
        mountPractice(root, sectionCore);
        root.dataset.state = 'ready';
      } catch (error) {
        root.dataset.state = 'error';
        const note = document.createElement('p');
        note.className = 'status';
        note.dataset.state = 'error';
        note.textContent = `This section's figures could not start (${error.message}). The rest of the page still works.`;
        root.querySelector('h2')?.after(note);
        console.error(`Section ${section.id} failed to start`, error);
      }
    });
  });
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', main);
} else {
  main();
}

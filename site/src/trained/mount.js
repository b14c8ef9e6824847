// Gives a section its "Random weights | Trained model" switch (or whatever its
// partial labels the two choices) and, on the first switch to the trained
// view, loads the model, builds the shared controls and starts the section's
// trained view. Markup contract, in the section's partial:
//   <div class="view-switch" data-view-switch> two <button data-view-choice="base|trained"> </div>
//   <div data-view="base"> ...the section's own controls and figures... </div>
//   <div class="trained-view" data-view="trained" data-trained="<view name>" hidden>
//     <p class="trained-lead"> what to notice </p>
//     <details class="trained-about"><summary>How this model was trained</summary><p data-model-about></p></details>
//     <div data-trained-controls></div> <p data-trained-status>
//     optional <button data-trained-example="text">: one click puts that text in the view's text field
//     figures whose captions start with <span class="provenance" data-kind="trained" data-model-badge>
//   </div>
// The section's sentence (if it has one) becomes the trained view's text when
// the view opens, so the model reads the learner's own sentence.
// Which view is shown is a control like any other (in the address as
// <section>.view=trained, in Copy link, back to the base view on Reset):
// addViewControl(root), called before the section binds its controls, puts a
// hidden <select name="view" data-page-switch> beside the buttons; the buttons
// set it, and the view follows it. The section's own code never sees it.
import { views } from './views/index.js';
import { trainedControls } from './controls.js';
import { aboutText, badgeText } from './badge.js';
import { heldOutBaselines } from './load.js';
import { controlsOf } from '../ui/controls.js';

const MAX_CHARACTERS = 128;
const FALLBACK_TEXT = 'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.';

function setStatus(el, text, failed = false) {
  el.textContent = text;
  el.hidden = !text;
  el.dataset.state = failed ? 'error' : 'ready';
}

export function addViewControl(root) {
  const switcher = root.querySelector('[data-view-switch]');
  if (!switcher) return;
  const select = document.createElement('select');
  select.name = 'view';
  select.hidden = true;
  select.dataset.pageSwitch = '';
  select.setAttribute('aria-label', switcher.getAttribute('aria-label') || 'View');
  // A figure-only embed of a trained figure (ui/embed-mode.js) starts on the view that has it.
  const only = root.querySelector('[data-only-figure]')?.closest('[data-view]')?.dataset.view;
  const choices = [...switcher.querySelectorAll('[data-view-choice]')];
  const start = Math.max(0, choices.findIndex((b) => b.dataset.viewChoice === only));
  choices.forEach((b, i) => select.add(new Option(b.textContent, b.dataset.viewChoice, i === start, i === start)));
  switcher.append(select);
}

export function mountTrained(root, core, loadModel) {
  const panel = root.querySelector('[data-trained]');
  const switcher = root.querySelector('[data-view-switch]');
  const choice = switcher?.querySelector('select[name="view"]');
  const view = panel && views[panel.dataset.trained];
  if (!panel || !choice || !view) return;
  const bases = root.querySelectorAll('[data-view="base"]');
  const status = panel.querySelector('[data-trained-status]');
  const sentence = () => {
    const field = root.querySelector('[data-view="base"] input[name="sentence"]');
    return field ? field.value.trim().slice(0, MAX_CHARACTERS) : FALLBACK_TEXT;
  };
  let controls = null;
  let copied = null; // the section sentence last handed to the trained view

  function fail(message) {
    setStatus(status, message, true);
    panel.dataset.state = 'error';
  }

  function begin(m) {
    panel.querySelectorAll('[data-model-badge]').forEach((el) => { el.textContent = badgeText(m); });
    panel.querySelectorAll('[data-model-about]').forEach((el) => { el.textContent = aboutText(m, heldOutBaselines(m)); });
    copied = sentence();
    const first = m.run(copied.length >= 2 ? copied : FALLBACK_TEXT);
    controls = trainedControls(panel.querySelector('[data-trained-controls]'), {
      prefix: root.id, text: copied, layers: m.config.layers, heads: m.config.heads, ...view.choices(first),
    });
    const draw = view.init(panel, { core, m, setText: (text) => controls.set('text', text) });
    const update = () => {
      const { state } = controls;
      let run;
      try {
        run = m.run(state.text);
      } catch (error) {
        controls.error('text', error.message);
        return;
      }
      controls.clearErrors();
      controls.setUnknown(run.unknown);
      draw(run, state);
    };
    controls.onChange(update);
    panel.querySelectorAll('[data-trained-example]').forEach((button) => {
      button.addEventListener('click', () => controls.set('text', button.dataset.trainedExample));
    });
    update();
  }

  async function start() {
    setStatus(status, 'Loading the trained model…');
    panel.dataset.state = 'loading';
    let m;
    try {
      m = await loadModel();
    } catch (error) {
      fail(`The trained model could not be loaded (${error.message}).`);
      return;
    }
    try {
      begin(m);
    } catch (error) {
      fail(`The trained view could not start (${error.message}). The rest of the page still works.`);
      console.error(`Trained view of ${root.id} failed to start`, error);
      return;
    }
    setStatus(status, '');
    panel.dataset.state = 'ready';
  }

  function show(choice) {
    const trained = choice === 'trained';
    bases.forEach((el) => { el.hidden = trained; });
    panel.hidden = !trained;
    root.dataset.view = choice;
    switcher.querySelectorAll('[data-view-choice]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.viewChoice === choice)));
    if (!trained) return;
    if (!panel.dataset.state) start();
    else if (controls && sentence() !== copied && sentence().length >= 2) {
      copied = sentence();
      controls.set('text', copied);
    }
  }

  switcher.addEventListener('click', (event) => {
    const button = event.target.closest('[data-view-choice]');
    if (!button || button.dataset.viewChoice === choice.value) return;
    choice.value = button.dataset.viewChoice;
    choice.dispatchEvent(new Event('input', { bubbles: true })); // the address, then show()
  });
  choice.addEventListener('input', () => show(choice.value));
  controlsOf(root)?.onReset(() => controls?.reset()); // the section's Reset covers the trained view's controls too
  if (choice.value !== 'base') show(choice.value); // a link that opens the trained view
}

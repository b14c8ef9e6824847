// The text lines of section 13 (textContent only; every number comes from the
// core's evaluations). words: taskWords(task) of learn-figures.js.
import { headName } from './learn-figures.js';

const nats = (v) => v.toFixed(3);

// "Step 300: loss ... (first copy ..., repeat ...)." and, for the induction task, when
// some head's induction score first reached 0.4 (passed: learn-history.js's, or null).
export function showProgress(el, e, passed, words) {
  const induction = !words.induction ? ''
    : passed ? ` An induction score first reached 0.4 at step ${passed.step} (head ${headName(passed)}), after ${passed.seconds.toFixed(1)} s of training here.`
      : ' No head has an induction score of 0.4 yet.';
  el.textContent = `Step ${e.step}: loss ${nats(e.loss)} nats (${words.first} ${nats(e.lossFirst)}, ${words.repeat} ${nats(e.lossRepeat)}).${induction}`;
}

// The ablation readout for evaluation e. It keeps both losses unrounded too (data-loss-repeat,
// data-loss-baseline): early in training a head's share can be below the 0.001 nats the text
// shows. baseline ({ step, lossRepeat } with every head in use) is compared only at e's own step.
export function showAblation(el, e, baseline, words) {
  const off = e.heads.filter((h) => h.ablated).map(headName);
  const base = baseline && baseline.step === e.step ? baseline : null;
  el.dataset.lossRepeat = String(e.lossRepeat);
  el.dataset.lossBaseline = base ? String(base.lossRepeat) : '';
  if (!off.length) {
    el.textContent = `Every head in use: ${words.repeat} loss ${nats(e.lossRepeat)} nats at step ${e.step}.`;
    return;
  }
  const was = base ? ` (${nats(base.lossRepeat)} with every head in use, at the same step)` : '';
  el.textContent = `With ${off.join(', ')} off: ${words.repeat} loss ${nats(e.lossRepeat)} nats at step ${e.step}${was}.`;
}

// snapshotHistory({ cap }): the evaluations section 13 keeps, one per kept step,
// for its curves and its timeline. Memory stays bounded: past `cap` snapshots,
// every other older one is dropped (the first and the newest are kept), so a
// long run keeps a coarser but complete history. A second evaluation at the
// same step (after Pause or an ablation toggle) replaces the first: the history
// shows the model as it is now at that step.
//
// Also records the first kept evaluation in which some head's induction score
// reached `threshold` (0.4), before any thinning can drop it.
export function snapshotHistory({ cap = 240, threshold = 0.4 } = {}) {
  let list = [];
  let passed = null;

  const finite = (e) => [e.loss, e.lossFirst, e.lossRepeat].every(Number.isFinite)
    && e.heads.every((h) => Number.isFinite(h.previousToken) && Number.isFinite(h.induction));

  return {
    // Adds an evaluation; seconds = training time so far. false if it had a non-finite number.
    add(evaluation, seconds) {
      if (!finite(evaluation)) return false;
      const last = list[list.length - 1];
      if (last && last.step === evaluation.step) list[list.length - 1] = evaluation;
      else list.push(evaluation);
      if (list.length > cap) list = list.filter((_, i) => i % 2 === 0 || i === list.length - 1);
      if (!passed) {
        const head = evaluation.heads.find((h) => h.induction >= threshold && !h.ablated);
        if (head) passed = { step: evaluation.step, layer: head.layer, head: head.head, seconds };
      }
      return true;
    },
    clear() {
      list = [];
      passed = null;
    },
    // Forgets what came after `step` (a run carried on from a checkpoint at that step).
    rewind(step) {
      list = list.filter((e) => e.step <= step);
      if (passed && passed.step > step) passed = null;
    },
    get list() { return list; },
    get passed() { return passed; },
    // The index of the kept snapshot nearest to `step`.
    nearest(step) {
      let best = 0;
      list.forEach((e, i) => { if (Math.abs(e.step - step) < Math.abs(list[best].step - step)) best = i; });
      return best;
    },
  };
}

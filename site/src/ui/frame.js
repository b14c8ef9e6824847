// perFrame(fn, keyOf) -> a function taking fn's arguments that redraws at most
// once per animation frame for each control. A slider being dragged fires input
// events faster than the screen refreshes; drawing each one queues work the
// reader never sees. The first call after a quiet frame runs at once (a single
// click or key press answers without waiting); calls that arrive while a frame
// is still being filled wait for the next requestAnimationFrame, where the
// latest call of each control (fn's first argument: the control's name) runs,
// in the order the controls last changed. keyOf(...args) names what a call
// redraws (default: one thing), so two parts of a section changed in one frame
// both get drawn.
// Each control, not only the latest: a section's update may do work only for the
// control that changed (a new sentence is tokenized only when the sentence
// changed), so a sentence typed and a second control moved within one frame
// (Reset, a link, a quick learner) must both reach it, or the figure would keep
// the old sentence. A dragged slider is one control: still one draw a frame.
//
//   const redraw = perFrame(update, (changed) => (changed === 'n' ? 'decays' : 'alibi'));
//   bindControls(root, redraw);
export function perFrame(fn, keyOf = () => '') {
  const waiting = new Map(); // key -> Map(control -> its latest arguments), in the order they changed
  let busy = false; // this frame already drew

  function nextFrame() {
    if (waiting.size === 0) {
      busy = false;
      return;
    }
    const calls = [...waiting.values()].flatMap((byControl) => [...byControl.values()]);
    waiting.clear();
    calls.forEach((args) => fn(...args));
    requestAnimationFrame(nextFrame);
  }

  return (...args) => {
    if (busy) {
      const key = keyOf(...args);
      if (!waiting.has(key)) waiting.set(key, new Map());
      const byControl = waiting.get(key);
      byControl.delete(args[0]); // to the end: the order the controls last changed
      byControl.set(args[0], args);
      return;
    }
    busy = true;
    fn(...args);
    requestAnimationFrame(nextFrame);
  };
}

// perFrame(fn, keyOf) -> a function taking fn's arguments that redraws at most
// once per animation frame. A slider being dragged fires input events faster
// than the screen refreshes; drawing each one queues work the reader never
// sees. The first call after a quiet frame runs at once (a single click or key
// press answers without waiting); calls that arrive while a frame is still
// being filled wait for the next requestAnimationFrame and only the latest one
// per key runs there. keyOf(...args) names what a call redraws (default: one
// thing), so two parts of a section changed in one frame both get drawn.
//
//   const redraw = perFrame(update, (changed) => (changed === 'n' ? 'decays' : 'alibi'));
//   bindControls(root, redraw);
export function perFrame(fn, keyOf = () => '') {
  const waiting = new Map(); // key -> the latest arguments for the next frame
  let busy = false; // this frame already drew

  function nextFrame() {
    if (waiting.size === 0) {
      busy = false;
      return;
    }
    const calls = [...waiting.values()];
    waiting.clear();
    calls.forEach((args) => fn(...args));
    requestAnimationFrame(nextFrame);
  }

  return (...args) => {
    if (busy) {
      waiting.set(keyOf(...args), args);
      return;
    }
    busy = true;
    fn(...args);
    requestAnimationFrame(nextFrame);
  };
}

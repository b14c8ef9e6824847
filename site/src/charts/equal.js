// drawsSame(a, b): two chart updates whose data draw the same picture: the same
// fields with equal values, arrays compared element by element. A grid redraws every
// panel when one control changes, and most panels did not change; a chart that is
// handed what it already shows can skip its redraw (each SVG attribute written, even
// with the value it had, makes the browser lay the figure out again).
// A typed array passed again (the same object, or inside the same object) counts as
// changed: it may have been written in place since, and its old values are gone.
export function drawsSame(a, b) {
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (a === b || !ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  }
  // Objects are compared by content even when they are the same one (they may hold a typed array).
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && drawsSame(a[key], b[key]));
}

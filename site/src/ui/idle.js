// whenIdle(fn): runs fn once the browser has nothing more urgent to do
// (requestIdleCallback; a 50 ms timer where there is none, as in Safari). For
// work a reader need not wait for: runs a later choice will need.
export function whenIdle(fn) {
  return (window.requestIdleCallback ?? ((f) => setTimeout(f, 50)))(fn);
}

// afterQuiet(fn, ms) -> a function that runs fn(...args) once it has not been called
// for `ms` ms, and then when the page is idle: for work a figure can print a moment
// later (a check under it) that would otherwise delay every frame of a dragged slider,
// since an idle callback that runs longer than the frame's idle time holds the next frame.
export function afterQuiet(fn, ms = 300) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => whenIdle(() => fn(...args)), ms);
  };
}

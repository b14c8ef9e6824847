// pagePort(): two connected ends with the Worker's postMessage /
// addEventListener('message') surface, for running trainerLoop on the page
// itself (mode 3 of ./start.js). Messages are delivered on a later task
// (setTimeout 0), as a worker's would be, so neither side runs inside the other's call.
function end() {
  const listeners = [];
  return {
    listeners,
    addEventListener(type, fn) { if (type === 'message') listeners.push(fn); },
    removeEventListener(type, fn) {
      const i = listeners.indexOf(fn);
      if (i >= 0) listeners.splice(i, 1);
    },
  };
}

export function pagePort() {
  const page = end();
  const loop = end();
  const connect = (from, to) => {
    from.postMessage = (data) => setTimeout(() => to.listeners.forEach((fn) => fn({ data })), 0);
  };
  connect(page, loop);
  connect(loop, page);
  return { page, loop };
}

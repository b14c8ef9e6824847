// startTrainer(core, onMessage) -> Promise<{ mode, label, send(message), stop(), onDeath }>
// Starts the training loop (./loop.js) the best way this page allows, trying in turn:
//   'worker'  the worker file trainer-worker.js beside the page (http, also under
//             a strict CSP, whose worker-src falls back to script-src 'self'); it
//             loads the full engine of the page's kind itself (./entry.js)
//   'blob'    a worker built in the page from the full engine's own text (file://, the
//             single file, a sandboxed frame: where a worker file cannot start)
//   'page'    the page itself, in slices of a few ms that yield to the browser
//             (a sandboxed frame under a strict CSP starts no worker at all)
// The last two need the full engine on the page (../full-core.js), which the
// first does not: over http the page itself never loads the trainer.
// A worker counts as started when its loop says 'ready'; an error event, a
// throwing constructor, a 'failed' message or no answer within READY_MS moves on.
// A started worker that later reports an error event calls runner.onDeath(reason)
// (set by the caller); startOnPage(core, onMessage) is mode 3 alone, for the
// caller to carry a run on there when its worker died.
import { trainerLoop } from './loop.js';
import { pagePort } from './page-port.js';
import { coreWorkerSource } from './core-source.js';
import { loadFullCore } from '../full-core.js';
import { isSingleFile } from '../ui/url-state.js';

const READY_MS = 15000;
const PAGE_SLICE_MS = 8;

export const MODE_LABELS = {
  worker: 'Training in a background worker',
  blob: 'Training in a worker built in the page',
  page: 'Training on the page itself, in short slices',
};

// Resolves with the worker once it is ready, or null if it cannot start.
function tryWorker(makeWorker) {
  return new Promise((resolve) => {
    let worker;
    let url = null;
    try {
      ({ worker, url } = makeWorker());
    } catch {
      resolve(null);
      return;
    }
    const done = (ok) => {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      if (url) URL.revokeObjectURL(url);
      if (!ok) worker.terminate();
      resolve(ok ? worker : null);
    };
    const onMessage = (event) => {
      if (event.data?.type === 'ready') done(true);
      else if (event.data?.type === 'failed') done(false);
    };
    const onError = (event) => {
      event.preventDefault?.();
      done(false);
    };
    const timer = setTimeout(() => done(false), READY_MS);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

// The page's engine kind travels in the address's fragment (./entry.js reads it).
const fileWorker = (engine) => ({ worker: new Worker(`trainer-worker.js#${engine}`) });

function blobWorker(engine) {
  const source = `${coreWorkerSource(engine)}\n(${trainerLoop.toString()})(self, createAttentionCore({ engine: '${engine}' }), 50);\n`;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return { worker: new Worker(url), url };
}

function fromWorker(mode, worker, onMessage) {
  const runner = {
    mode, label: MODE_LABELS[mode], send: (m) => worker.postMessage(m), stop: () => worker.terminate(), onDeath: () => {},
  };
  worker.addEventListener('message', (event) => onMessage(event.data));
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    runner.onDeath(event.message || 'it failed without a message');
  });
  return runner;
}

export async function startTrainer(core, onMessage) {
  // The single file has no trainer-worker.js beside it: asking for one only logs a failed load.
  const file = isSingleFile() ? null : await tryWorker(() => fileWorker(core.engine));
  if (file) return fromWorker('worker', file, onMessage);
  const full = await loadFullCore(core);
  const blob = await tryWorker(() => blobWorker(full.engine));
  if (blob) return fromWorker('blob', blob, onMessage);
  return startOnPage(core, onMessage);
}

export async function startOnPage(core, onMessage) {
  const full = await loadFullCore(core);
  const { page, loop } = pagePort();
  trainerLoop(loop, Promise.resolve(full), PAGE_SLICE_MS);
  await new Promise((resolve) => {
    const ready = (event) => {
      if (event.data.type !== 'ready') return;
      page.removeEventListener('message', ready);
      resolve();
    };
    page.addEventListener('message', ready);
  });
  page.addEventListener('message', (event) => onMessage(event.data));
  return { mode: 'page', label: MODE_LABELS.page, send: (m) => page.postMessage(m), stop: () => {}, onDeath: () => {} };
}

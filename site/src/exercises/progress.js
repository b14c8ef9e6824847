// What the learner has answered, per exercise: { correct, attempts, shown, seed }.
// An exercise's key is `<section>/<id>@<version>`: raising an exercise's
// version (its question changed) gives it a fresh record instead of an old
// answer. Kept in localStorage where the page may store; where it may not (a
// sandboxed frame, a privacy mode that throws) in memory for this visit. A
// SCORM launch swaps the place it is kept for the LMS's cmi.suspend_data
// (scorm.js, useStorage). Nothing here leaves the browser.
//
//   progress.get(key)  progress.record(key, { correct, shown, seed })  progress.forget()
//   progress.onChange((key) => ...)   progress.persistent: whether it outlives the visit
export const STORAGE_KEY = 'attention-atlas:progress';

export const keyOf = (exercise) => `${exercise.section}/${exercise.id}@${exercise.version}`;

function localBackend() {
  try {
    const storage = window.localStorage;
    const probe = `${STORAGE_KEY}:probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return {
      persistent: true,
      read: () => storage.getItem(STORAGE_KEY),
      write: (text) => storage.setItem(STORAGE_KEY, text),
    };
  } catch {
    return null; // SecurityError in an opaque-origin frame; quota or privacy errors elsewhere
  }
}

function memoryBackend() {
  let text = null;
  return { persistent: false, read: () => text, write: (next) => { text = next; } };
}

function parse(text) {
  try {
    const value = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export function createProgress(backend = localBackend() || memoryBackend()) {
  let store = backend;
  let records = parse(store.read());
  const listeners = [];
  const save = () => {
    try {
      store.write(JSON.stringify(records));
    } catch {
      // A full or revoked storage: keep going in memory.
    }
  };
  const changed = (key) => listeners.forEach((fn) => fn(key));
  return {
    get: (key) => records[key] || null,
    all: () => ({ ...records }),
    // One answer to the exercise `key`: counts the attempt, keeps "right" once earned
    // (a later wrong try or a new question does not take it back), notes a shown answer.
    record(key, { correct = false, shown = false, seed }) {
      const before = records[key] || { correct: false, attempts: 0, shown: false };
      records[key] = {
        correct: before.correct || (correct && !shown),
        attempts: before.attempts + (shown ? 0 : 1),
        shown: before.shown || shown,
        seed,
      };
      save();
      changed(key);
      return records[key];
    },
    forget() {
      records = {};
      save();
      changed(null);
    },
    // Moves the records to another place (the LMS): what it holds wins, then is kept there.
    useStorage(next) {
      store = next;
      records = parse(store.read());
      changed(null);
    },
    onChange(fn) {
      listeners.push(fn);
    },
    get persistent() {
      return store.persistent;
    },
  };
}

let page = null;
// The page's one store (created on first use, so node tests can build their own).
export function pageProgress() {
  page ??= createProgress();
  return page;
}

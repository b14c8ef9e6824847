// The page as a SCORM 1.2 SCO (the attention-atlas-scorm12.zip of `make dist`).
// Launched by a course platform, it finds the LMS's API object in a parent
// frame (or the opener's), and then:
// - LMSInitialize; a first launch sets cmi.core.lesson_status to "incomplete";
// - keeps the progress store (./progress.js) in cmi.suspend_data, so a learner
//   resumes where they left off (the LMS's record wins over this browser's);
// - after every answer sets cmi.core.score.raw (percent of the exercises on the
//   page answered right), .min 0 and .max 100, and the status: "passed" once the
//   score reaches the mastery score (cmi.student_data.mastery_score, from the
//   manifest's adlcp:masteryscore), "failed" when every exercise has been tried
//   and it has not; without a mastery score, "completed" when every exercise
//   has been tried; then LMSCommit;
// - LMSFinish when the page goes away.
// Without an LMS (the file opened from the disk, or on a website) none of this
// runs and the page works as the single file does.
import { keyOf } from './progress.js';

const MAX_DEPTH = 8; // SCORM 1.2 run-time guidance: look up a bounded number of parents

// The nearest window.API up the frames, then from the opener's frames; null if none.
export function findApi(win = window) {
  const climb = (start) => {
    let w = start;
    for (let depth = 0; w && depth <= MAX_DEPTH; depth++) {
      try {
        if (w.API && typeof w.API.LMSInitialize === 'function') return w.API;
      } catch {
        return null; // a parent of another origin: no API can be reached through it
      }
      if (w.parent === w) break;
      w = w.parent;
    }
    return null;
  };
  return climb(win.parent !== win ? win.parent : null) || (win.opener ? climb(win.opener) : null);
}

const ok = (result) => result === true || result === 'true';

// -> { persistent, read, write } for progress.useStorage, or null without an LMS.
// exercises: those on this page (the article's, or one section's in a one-section package).
export function connectScorm(progress, exercises, api = findApi()) {
  if (!api || !ok(api.LMSInitialize(''))) return null;
  const get = (name) => String(api.LMSGetValue(name) ?? '');
  const mastery = Number.parseFloat(get('cmi.student_data.mastery_score'));
  if (['', 'not attempted'].includes(get('cmi.core.lesson_status'))) api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  let finished = false;

  function report() {
    const records = exercises.map((e) => progress.get(keyOf(e)));
    const right = records.filter((r) => r?.correct).length;
    const tried = records.filter((r) => r && (r.attempts > 0 || r.shown)).length;
    const raw = exercises.length ? Math.round((100 * right) / exercises.length) : 0;
    api.LMSSetValue('cmi.core.score.min', '0');
    api.LMSSetValue('cmi.core.score.max', '100');
    api.LMSSetValue('cmi.core.score.raw', String(raw));
    let status = 'incomplete';
    if (Number.isFinite(mastery)) {
      if (raw >= mastery) status = 'passed';
      else if (tried === exercises.length) status = 'failed';
    } else if (tried === exercises.length) {
      status = 'completed';
    }
    api.LMSSetValue('cmi.core.lesson_status', status);
  }

  const storage = {
    persistent: true,
    read: () => get('cmi.suspend_data') || null,
    write(text) {
      api.LMSSetValue('cmi.suspend_data', text);
      report();
      api.LMSCommit('');
    },
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    api.LMSCommit('');
    api.LMSFinish('');
  };
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  api.LMSCommit('');
  return { storage, finish, mastery };
}

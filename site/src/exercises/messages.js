// Tells the page that embeds this one (a course page) about each answer:
// { type: 'attention-atlas:exercise', section, exercise, correct, attempts, score, total }
// score: how many of this section's exercises have been answered right so far,
// total: how many it has. Posted only from inside a frame, to any origin ('*'):
// a sandboxed frame has no origin to name, and the message holds nothing private.
// The receiver checks event.source (README, "Assign a section").
export const EXERCISE_MESSAGE = 'attention-atlas:exercise';

export function postAnswer({ section, exercise, correct, attempts, score, total }) {
  if (window.parent === window) return;
  window.parent.postMessage({ type: EXERCISE_MESSAGE, section, exercise, correct, attempts, score, total }, '*');
}

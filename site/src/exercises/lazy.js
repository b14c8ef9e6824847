// The Practice parts come in their own script, dist/atlas-practice.js
// (./bundle.js), loaded once the page is idle after its first screen: it is a
// fifth of app.js, and no reader answers a question before the figures above
// it have drawn. The page calls these stand-ins at once (site/src/main.js, the
// sections that hand over their state); each waits for the script and calls
// its namesake, in the order they were called.
import { addScript, currentScriptBase } from '../add-script.js';
import { whenIdle } from '../ui/idle.js';
import { PRACTICE_SCRIPT } from './practice-file.js';

const base = currentScriptBase(); // app.js's URL: the Practice script sits beside it
const LATEST_MS = 1000; // loaded by then even in a page that is never idle (an embed out of view)

let loading = null;
const practice = () => {
  if (!loading) {
    loading = new Promise((resolve) => { whenIdle(resolve, { timeout: LATEST_MS }); }).then(() => addScript(PRACTICE_SCRIPT, base));
    loading.catch((error) => console.error(`The Practice questions could not load (${error.message}); the figures still work.`));
  }
  return loading;
};
const later = (name) => (...args) => practice().then((p) => p[name](...args), () => null);

export const startPractice = later('startPractice');
export const mountPractice = later('mountPractice');
export const provideExerciseContext = later('provideExerciseContext');
export const retryWaiting = later('retryWaiting');

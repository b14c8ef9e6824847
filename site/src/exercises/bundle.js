// Entry of dist/atlas-practice.js, the Practice parts as a classic script
// defining the global atlasPractice (site/build.mjs), loaded by ./lazy.js. Its
// imports from outside site/src/exercises/ are app.js's own modules, handed
// over as window.atlasShared (../shared.js): the page keeps one copy of each
// chart helper, of the announcer and of the full core's loader.
export { mountPractice, provideExerciseContext, retryWaiting } from './mount.js';
export { startPractice } from './start.js';

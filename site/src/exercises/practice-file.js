// The Practice script (dist/atlas-practice.js): its file, the global it defines
// and the id of its inert block in the single file. Shared by the page's loader
// of it (./lazy.js) and the build (site/build-practice.mjs, site/build.mjs).
export const PRACTICE_SCRIPT = { file: 'atlas-practice.js', global: 'atlasPractice', id: 'atlas-practice' };

// app.js's modules that the Practice script (dist/atlas-practice.js,
// ./exercises/bundle.js) imports, handed over as window.atlasShared, so both
// scripts use the one copy of each and of its state (the announcer's live
// region, the full core's loader). site/build-practice.mjs builds the Practice
// script with every import from site/src/exercises/ to a module outside it
// taken from here, by its path under site/src/, and stops if one is missing.
import * as announce from './charts/announce.js';
import * as grid from './charts/grid.js';
import * as heatmap from './charts/heatmap.js';
import * as fullCore from './full-core.js';
import * as kvRows from './sections/kv-rows.js';
import * as urlState from './ui/url-state.js';

window.atlasShared = Object.freeze({
  'charts/announce.js': announce,
  'charts/grid.js': grid,
  'charts/heatmap.js': heatmap,
  'full-core.js': fullCore,
  'sections/kv-rows.js': kvRows,
  'ui/url-state.js': urlState,
});

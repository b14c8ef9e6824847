// The four engine files CMake writes into dist/ (CMakeLists.txt, atlas_engine):
// SIMD or scalar, each lean (attention and the lessons: the article's first
// paint) or full (lean + the trainer and the trained model, loaded when first
// needed). Shared by the page's core loader, section 13's worker file and
// Blob worker, and the single-file build, so the names live in one place.
//   engineFile('simd', true) -> { file: 'atlas-engine-simd-full.js', global: 'createAtlasEngineSimdFull',
//                                 id: 'atlas-engine-simd-full' }
// `id` is the inert block that carries the engine in the single file (build-single.mjs).
export const ENGINES = ['simd', 'scalar'];

export function engineFile(engine, full) {
  const name = `atlas-engine-${engine}${full ? '-full' : ''}`;
  const global = `createAtlasEngine${engine[0].toUpperCase()}${engine.slice(1)}${full ? 'Full' : ''}`;
  return { file: `${name}.js`, global, id: name };
}

// The six engine files CMake writes into dist/ (CMakeLists.txt, atlas_engine):
// SIMD or scalar, each in three sizes: first (section 1's functions alone: the
// article's first screen), lean (attention and every lesson) or full (lean +
// the trainer and the trained model, loaded when first needed). Shared by the
// page's core loader, section 13's worker file and Blob worker, and the
// single-file build, so the names live in one place.
//   engineFile('simd', 'full') -> { file: 'atlas-engine-simd-full.js', global: 'createAtlasEngineSimdFull',
//                                   id: 'atlas-engine-simd-full' }
// `id` is the inert block that carries the engine in the single file (build-single.mjs).
export const ENGINES = ['simd', 'scalar'];

const capital = (word) => word[0].toUpperCase() + word.slice(1);

export function engineFile(engine, size = 'lean') {
  const suffix = size === 'lean' ? '' : size;
  const name = `atlas-engine-${engine}${suffix ? `-${suffix}` : ''}`;
  return { file: `${name}.js`, global: `createAtlasEngine${capital(engine)}${suffix ? capital(suffix) : ''}`, id: name };
}

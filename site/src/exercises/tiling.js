// Section 17's exercises: a causal mask lets the tiled computation skip whole
// tiles (how many, for given block sizes), and the traffic count of Algorithm 1
// falls as the fast memory M grows while standard attention's does not. Inputs
// as the section's figures take them: core.tilingLesson and core.attentionIo.
import { firstAccepted } from './random.js';

const count = (x) => Math.round(x).toLocaleString('en-US');

const skippedTiles = {
  id: 'skipped-tiles',
  section: 'tiling',
  version: 1,
  kind: 'estimate',
  title: 'Tiles the mask skips',
  tolerance: 0,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const n = rng.int(8, 24);
      const blockRows = rng.int(2, 6);
      const blockCols = rng.int(2, 6);
      const t = core.tilingLesson({ n, d: 8, blockRows, blockCols, causal: true, seed: 1 });
      if (t.tiled.skippedTiles === 0) return null;
      return {
        inputs: { n, blockRows, blockCols },
        prompt: `Causal attention over n = ${n} tokens, computed in tiles of ${blockRows} queries × ${blockCols} keys (${t.tiled.rowBlocks} × ${t.tiled.colBlocks} = ${t.tiled.tiles} tiles). How many tiles lie wholly above the diagonal, so that the tiled computation skips them without computing a score?`,
        figure: null,
        answer: { type: 'number', value: t.tiled.skippedTiles, tolerance: 0, label: 'tiles skipped' },
        check: (value) => ({
          correct: value === t.tiled.skippedTiles,
          why: `${t.tiled.skippedTiles} of the ${t.tiled.tiles} tiles are skipped: a tile is skipped when its first key comes after its last query, so every score in it is masked. Smaller blocks hug the diagonal and skip closer to half.`,
        }),
        solution: `${t.tiled.skippedTiles} tiles.`,
      };
    });
  },
};

const moreMemory = {
  id: 'traffic-and-memory',
  section: 'tiling',
  version: 1,
  kind: 'predict',
  title: 'Four times the fast memory',
  minMargin: 0.05,
  generate(core, seed) {
    return firstAccepted(seed, this.id, (rng) => {
      const N = rng.pick([2048, 4096, 8192]);
      const exponent = rng.int(12, 15);
      const [small, large] = [2 ** exponent, 2 ** (exponent + 2)];
      const a = core.attentionIo([N], { d: 64, M: small });
      const b = core.attentionIo([N], { d: 64, M: large });
      const options = ['both counts fall', 'only the tiled count falls', 'only the standard count falls', 'neither changes'];
      const tiledFalls = b.tiled[0] < a.tiled[0];
      const standardFalls = b.standard[0] < a.standard[0];
      const index = tiledFalls && standardFalls ? 0 : tiledFalls ? 1 : standardFalls ? 2 : 3;
      const margin = (a.tiled[0] - b.tiled[0]) / a.tiled[0];
      if (margin < this.minMargin) return null; // M so large that the keys already fit in one block
      return {
        inputs: { N, small, large },
        prompt: `Attention over N = ${N} tokens, d = 64. The fast memory grows from M = ${count(small)} to ${count(large)} numbers. What happens to the reads and writes of slow memory, counted for standard attention (Algorithm 0) and the tiled one (Algorithm 1)?`,
        figure: null,
        answer: { type: 'choice', options, index },
        margin,
        check: (choice) => ({
          correct: choice === index,
          why: `Standard: ${count(a.standard[0])} both times (it never uses the fast memory). Tiled: ${count(a.tiled[0])} -> ${count(b.tiled[0])}: larger key blocks (B_c = ⌈M/4d⌉) mean fewer passes over Q, O, ℓ and m.`,
        }),
        solution: `${options[index]}: standard ${count(a.standard[0])}, tiled ${count(a.tiled[0])} -> ${count(b.tiled[0])}.`,
      };
    });
  },
};

export default [skippedTiles, moreMemory];

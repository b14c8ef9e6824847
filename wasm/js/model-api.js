// The trained-model API (docs/api.md): core.loadModel(attentionAtlasModel),
// where the global attentionAtlasModel comes from dist/atlas-model.js (a
// classic script, loaded only when a trained view first opens), or a
// Uint8Array of a model file. m.run(text, { mask }) returns every head's
// attention on the text with its scores, m.loss(text, { mask }) the loss alone;
// m.queryKey(text, layer, head) the head's queries and keys in one plane; m.logits(text) the next-character
// scores; m.generate(prompt, options) continues the prompt with the KV cache.
// Every Error about an argument carries it in error.field (docs/api.md).
import * as arg from './args.js';
import { unwrap } from './unwrap.js';

function fileError(message) {
  const error = arg.argumentError('source', message);
  error.name = 'ModelFileError';
  return error;
}

function base64Bytes(text) {
  let binary;
  try {
    binary = atob(text);
  } catch {
    throw fileError('The model file is not valid base64 text');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function modelBytes(source) {
  if (source instanceof Uint8Array) return source;
  if (source && typeof source === 'object' && source.format === 'attention-atlas-model' && typeof source.base64 === 'string') {
    return base64Bytes(source.base64);
  }
  throw fileError('loadModel needs the attentionAtlasModel object of atlas-model.js or the Uint8Array of a model file');
}

// The core's generation (wasm/api_model.cpp: typed arrays, and each layer's attention rows
// one after another) -> docs/api.md's object per character; its attention matrices are
// views into the layer's array, character k's (H x t) rows after character k - 1's.
function expandGeneration(g) {
  const prompt = Array.from(g.prompt);
  let at = 0;
  const characters = Array.from(g.characters, (character, k) => {
    const cols = prompt.length + k; // the positions before it: the prompt and the k characters generated so far
    const size = g.heads * cols;
    const attention = g.attention.map((rows) => ({ rows: g.heads, cols, data: rows.subarray(at, at + size) }));
    at += size;
    const difference = g.difference[k];
    return {
      character,
      probability: g.probability[k],
      samplingProbability: g.samplingProbability[k],
      attention,
      multiplyAddsCached: g.multiplyAddsCached[k],
      multiplyAddsFull: g.multiplyAddsFull[k],
      difference: Number.isNaN(difference) ? null : difference,
    };
  });
  const { maxDifference, totalMultiplyAddsCached, totalMultiplyAddsFull } = g;
  return { prompt, characters, maxDifference, totalMultiplyAddsCached, totalMultiplyAddsFull };
}

export function modelApi(raw, limits) {
  return {
    loadModel(source) {
      const handle = new raw.ModelHandle();
      const loaded = handle.load(modelBytes(source));
      if (loaded && typeof loaded.error === 'string') {
        handle.delete();
        throw fileError(loaded.error);
      }
      const config = Object.freeze(unwrap(handle.config(), 'source'));
      let meta;
      try {
        meta = Object.freeze(JSON.parse(unwrap(handle.meta(), 'source')));
      } catch {
        handle.delete();
        throw fileError('The model file has a meta record that is not valid JSON');
      }
      // Each head's induction score on text repeats (passages of the held-out text written
      // twice), measured by `make model` and kept in the meta (tools/model/train_model.cpp;
      // Catch2 recomputes it from the weights): a text the learner types need not repeat.
      const textInduction = Array.isArray(meta.textRepeats?.induction) ? meta.textRepeats.induction : [];
      let disposed = false;
      const live = () => {
        if (disposed) throw arg.argumentError('model', 'This model was disposed; load it again with core.loadModel()');
        return handle;
      };
      const layer = (v) => arg.integer(v, 'layer', 0, arg.INT_MAX);
      // options { mask: n x n Matrix, 1 = blocked } -> the mask, or null
      const maskOf = (options) => {
        const o = arg.options(options, 'options');
        return o.mask === undefined || o.mask === null ? null : arg.matrix(o.mask, 'mask');
      };
      const head = (v) => arg.integer(v, 'head', 0, arg.INT_MAX);
      return {
        config,
        meta,
        // text (2..context characters), options { mask: n x n Matrix, 1 = blocked, matrices = true }
        //   -> { tokens, unknown, loss, losses, heads, attention, words } (matrices false: without
        //   attention and words, and without converting their matrices to double and to JS)
        run(text, options) {
          const matrices = arg.boolean(arg.options(options, 'options').matrices ?? true, 'matrices');
          const r = unwrap(live().run(arg.text(text, 'text'), maskOf(options), matrices), 'text');
          for (const h of r.heads) h.textInduction = textInduction[h.layer * config.heads + h.head] ?? null;
          return r;
        },
        // run's { tokens, unknown, loss, losses } alone, from the same forward pass: a loss under
        // many masks (section 18) without every head's matrices and reports
        loss(text, options) {
          return unwrap(live().loss(arg.text(text, 'text'), maskOf(options)), 'text');
        },
        // text (1..context characters) -> Matrix (n x V): row t scores the character after position t
        logits(text) { return unwrap(live().logits(arg.text(text, 'text')), 'text'); },
        // prompt, { steps = 40, temperature = 1, topK = all, seed = 1, cache = true, compare = true }
        //   -> { prompt, characters: [{ character, probability, samplingProbability, attention,
        //        multiplyAddsCached, multiplyAddsFull, difference }], maxDifference,
        //        totalMultiplyAddsCached, totalMultiplyAddsFull } (docs/api.md)
        generate(prompt, options) {
          const o = arg.options(options, 'options');
          const vocab = config.vocab.length + 1; // with the unknown symbol
          const settings = {
            steps: arg.integer(o.steps ?? 40, 'steps', 1, config.context),
            temperature: arg.number(o.temperature ?? 1, 'temperature'),
            topK: arg.integer(o.topK ?? vocab, 'topK', 1, vocab),
            seed: arg.seed(o.seed ?? 1, limits),
            cache: arg.boolean(o.cache ?? true, 'cache'),
            compare: arg.boolean(o.compare ?? true, 'compare'),
          };
          return expandGeneration(unwrap(live().generate(arg.text(prompt, 'prompt'), settings), 'prompt'));
        },
        // -> { queries (n x 2), keys (n x 2), explained }
        queryKey(text, layerIndex, headIndex) {
          return unwrap(live().queryKey(arg.text(text, 'text'), layer(layerIndex), head(headIndex)), 'text');
        },
        dispose() {
          if (!disposed) handle.delete();
          disposed = true;
        },
      };
    },
  };
}

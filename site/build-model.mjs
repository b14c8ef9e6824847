// Turns the committed model file site/model/austen.atlm (written by `make model`)
// into dist/atlas-model.js: a classic script defining the global
// attentionAtlasModel (and module.exports in Node), which the page loads only
// when a "Trained model" view first opens. Returns the training text's
// provenance note for LICENSES.txt (from site/model/austen-corpus.json) and the
// model object's JSON, which the single file carries as a data block.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { provenanceNote } from '../tools/corpus/provenance.mjs';

import { MODEL_SCRIPT } from './src/trained/load.js';

export async function writeModelScript(root, dist) {
  const bytes = await readFile(join(root, 'site', 'model', 'austen.atlm'));
  const corpus = JSON.parse(await readFile(join(root, 'site', 'model', 'austen-corpus.json'), 'utf8'));
  // What the held-out loss compares with: unigram and bigram counts on the training text, scored on the
  // held-out text (tools/corpus/entropy.mjs crossEntropies, written by `make model`), in nats per character.
  const b = corpus.baselines;
  const baselines = b ? { unigram: b.unigram.nats, bigram: b.bigram.nats } : undefined;
  const model = { format: 'attention-atlas-model', version: 1, name: 'austen', base64: bytes.toString('base64'), baselines };
  const json = JSON.stringify(model);
  const script = '// Attention Atlas: the character model trained on Jane Austen by `make model` (see LICENSES.txt).\n'
    + `var attentionAtlasModel = ${json};\n`
    + "if (typeof module === 'object' && module && module.exports) module.exports = attentionAtlasModel;\n";
  await writeFile(join(dist, MODEL_SCRIPT), script);
  return { note: provenanceNote(corpus), json };
}

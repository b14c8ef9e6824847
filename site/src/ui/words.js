// Keeps a section's words in step with its sentence field: the core tokenizes
// the text only when that field changed (or nothing is cached yet); bad text
// puts the core's message beside the field and gives null, so the section
// keeps its last good figure.
//   const readWords = wordReader(core);               // field 'sentence'
//   const next = readWords(changed, state, controls); if (!next) return;
export function wordReader(core, field = 'sentence') {
  let words = null;
  return function readWords(changed, state, controls) {
    if (changed !== field && words) return words;
    try {
      words = core.tokenize(state[field]);
      controls.error(field, '');
      return words;
    } catch (error) {
      controls.error(field, error.message);
      return null;
    }
  };
}

// Section 8, head specialization: a sentence and the learner's content-word
// marks -> core.headRoles -> four hand-built heads as linked small multiples.
// State: the controls' object, plus `marked` (one flag per word) from the token buttons.
import { bindControls } from '../ui/controls.js';
import { heatmapGrid } from '../charts/grid.js';
import { tokenToggles } from '../ui/token-toggles.js';

const HEADS = [
  { key: 'previous', title: 'Previous word', note: () => 'Row i → word i − 1; the first word → itself.' },
  { key: 'determiners', title: 'Determiner → noun', note: determinerNote },
  { key: 'content', title: 'Content words', note: (r, words) => `Every row spreads over the marked words: ${listed(words, r.marked)}.` },
  { key: 'broad', title: 'Broad', note: () => 'Every row is uniform, 1/n per word.' },
];

function determinerNote(r, words) {
  if (!r.determiner.includes(true)) return 'No determiner, so each word attends to itself.';
  return `Each determiner (${listed(words, r.determiner)}) → the next word that is not a function word; other words → themselves.`;
}

function listed(words, flags) {
  const chosen = words.filter((_, i) => flags[i]);
  return chosen.length ? chosen.join(', ') : 'none, so each word attends to itself';
}

export default {
  id: 'head-roles',
  init(root, core) {
    const grid = heatmapGrid(root.querySelector('[data-chart="heads"]'), {
      linked: true,
      minPanel: 400,
      rowTitle: 'query',
      colTitle: 'key',
      readout: (c) => `“${c.rowLabel}” (query ${c.row + 1}) → “${c.colLabel}” (key ${c.col + 1}): ${(c.value * 100).toFixed(1)}%`,
    });
    let words = null; // the last sentence that tokenized

    // marked: one flag per word, or undefined for the core's default content marking.
    function draw(state, marked) {
      const r = core.headRoles(words, { marked });
      state.marked = r.marked;
      toggles.update(words, r.marked);
      grid.update(HEADS.map((h) => ({
        title: h.title, note: h.note(r, words), matrix: r[h.key], rowLabels: words, colLabels: words,
      })));
    }

    function update(changed, state) {
      try {
        words = core.tokenize(state.sentence);
        controls.error('sentence', '');
      } catch (error) {
        controls.error('sentence', error.message);
        return;
      }
      draw(state, undefined); // a new sentence starts from the default marking
    }

    const controls = bindControls(root, update).onReset(() => draw(controls.state, undefined)); // the default marking, even if the sentence was already the default
    const toggles = tokenToggles(root.querySelector('[data-tokens]'), {
      onToggle(i) {
        const { state } = controls;
        draw(state, state.marked.map((m, k) => (k === i ? !m : m)));
      },
    });
    update('sentence', controls.state);
  },
};

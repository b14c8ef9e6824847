// Section 8, head specialization: a sentence and the learner's content-word
// marks -> core.headRoles -> four hand-built heads as linked small multiples.
// The token buttons set the hidden control `marked`, so the marking is in the address like any
// control: '' is the core's default marking, else one 0/1 per word ("10110"); a new sentence
// goes back to ''.
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
    let shown = []; // the flags drawn last

    // marked: one flag per word, or undefined for the core's default content marking.
    function draw(marked) {
      const r = core.headRoles(words, { marked });
      shown = r.marked;
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
      if (changed === 'sentence' && state.marked !== '') {
        controls.set('marked', ''); // a new sentence starts from the default marking (and redraws)
        return;
      }
      const flags = state.marked.split('');
      if (state.marked !== '' && (flags.length !== words.length || flags.some((f) => f !== '0' && f !== '1'))) {
        controls.error('marked', `The marks must be one 0 or 1 per word of the sentence (${words.length}); `
          + `“${state.marked}” is not, so the default marking is shown`);
        draw(undefined);
        return;
      }
      controls.error('marked', '');
      draw(state.marked === '' ? undefined : flags.map((f) => f === '1'));
    }

    const controls = bindControls(root, update);
    const toggles = tokenToggles(root.querySelector('[data-tokens]'), {
      onToggle(i) {
        controls.set('marked', shown.map((m, k) => ((k === i ? !m : m) ? '1' : '0')).join(''));
      },
    });
    update('link', controls.state); // the first draw keeps any marking the address gave
  },
};

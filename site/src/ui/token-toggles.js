// tokenToggles(container, { onToggle }) shows one toggle button per word, so a
// learner can mark words with the mouse or the keyboard (Tab, then Space or
// Enter). Each button has aria-pressed; its text is set with textContent
// (D3 .text), never as HTML. Buttons are kept across updates (joined by
// index), so keyboard focus stays on the word that was just toggled.
//
//   const toggles = tokenToggles(el, { onToggle: (i) => ... });
//   toggles.update(words, pressed);   // pressed: one boolean per word
import { select } from 'd3';

export function tokenToggles(container, { onToggle }) {
  const root = select(container).classed('token-toggles', true);
  return {
    update(words, pressed) {
      root.selectAll('button').data(words.map((word, index) => ({ word, index }))).join('button')
        .attr('type', 'button')
        .attr('class', 'token')
        .attr('aria-pressed', (d) => String(Boolean(pressed[d.index])))
        .text((d) => d.word)
        .on('click', (_, d) => onToggle(d.index));
      return this;
    },
  };
}

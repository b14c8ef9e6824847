// headSwitches(container, onToggle): one checkbox per head ("L1 H1", ...),
// checked = the head is in use. update(heads) builds them for a run's heads and
// sets each from the core's `ablated` flag; onToggle(layer, head, off) is called
// when the learner switches one. Labels are set with textContent.
import { headName } from './learn-figures.js';

export function headSwitches(container, onToggle) {
  let boxes = [];

  function build(heads) {
    container.replaceChildren();
    boxes = heads.map((h) => {
      const label = document.createElement('label');
      label.className = 'choice';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = true;
      box.dataset.layer = String(h.layer);
      box.dataset.head = String(h.head);
      box.addEventListener('change', () => onToggle(h.layer, h.head, !box.checked));
      label.append(box, document.createTextNode(headName(h)));
      container.append(label);
      return box;
    });
  }

  return {
    update(heads) {
      if (boxes.length !== heads.length) build(heads);
      heads.forEach((h, i) => { boxes[i].checked = !h.ablated; });
    },
    enable(on) {
      boxes.forEach((b) => { b.disabled = !on; });
    },
  };
}

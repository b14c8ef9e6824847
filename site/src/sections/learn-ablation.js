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

const nats = (v) => v.toFixed(3);
const signed = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(3)}`;
const names = (heads) => heads.map(headName).join(' and ');

// ablationStudy(table, summary): the core's study of the run at one step
// (trainer.ablation(): the repeat loss with each head and each pair switched
// off) as a table of rows "heads off | repeat loss | change", and a sentence
// on what it shows: the pairs that back each other up (the core's `backup`),
// else the head whose loss matters most alone. `words.repeat` names the
// predictable part of the task ('repeat' or 'reversed copy').
export function ablationStudy(table, summary) {
  return {
    clear() {
      table.replaceChildren();
      summary.textContent = '';
      delete table.dataset.step;
    },
    update(study, words) {
      const head = document.createElement('tr');
      for (const text of ['Switched off', `${words.repeat} loss (nats)`, 'change']) {
        const th = document.createElement('th');
        th.scope = 'col';
        th.textContent = text;
        head.append(th);
      }
      const rows = [{ heads: [], lossRepeat: study.lossRepeat, rise: 0 }, ...study.singles, ...study.pairs].map((e) => {
        const tr = document.createElement('tr');
        if (e.backup) tr.className = 'backup';
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = e.heads.length ? names(e.heads) : 'none (every head in use)';
        const loss = document.createElement('td');
        loss.textContent = nats(e.lossRepeat);
        const rise = document.createElement('td');
        rise.textContent = e.heads.length ? signed(e.rise) : '';
        tr.append(th, loss, rise);
        return tr;
      });
      const caption = document.createElement('caption');
      caption.textContent = `At step ${study.step}, computed by the core on the probe batch`;
      table.replaceChildren(caption, head, ...rows);
      table.dataset.step = String(study.step);
      const backups = study.pairs.filter((p) => p.backup);
      const single = study.singles.reduce((a, b) => (b.rise > a.rise ? b : a));
      if (backups.length) {
        summary.textContent = backups.map((p) => {
          const [a, b] = p.heads.map((h) => study.singles.find((s) => s.heads[0].layer === h.layer && s.heads[0].head === h.head));
          return `${names(p.heads)} back each other up: switched off alone, they raise the ${words.repeat} loss by `
            + `${signed(a.rise)} and ${signed(b.rise)} nats; both off, by ${signed(p.rise)} nats. Switch both off to see that the circuit is needed.`;
        }).join(' ');
      } else {
        summary.textContent = `No two heads back each other up at step ${study.step}. Alone, ${headName(single.heads[0])} matters most `
          + `(${signed(single.rise)} nats when switched off).`;
      }
    },
  };
}

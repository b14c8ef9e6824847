// Writes to the page that happen only where the value differs: an attribute or a text
// set again, even to the value it has, makes the browser restyle and lay the figure out
// again (a redraw of a grid whose panels mostly did not change was mostly that).
//   setIfChanged(node, name, value)   one attribute (a string)
//   set(target, { name: value })      attributes of a node or a D3 selection; null removes one
//   setText(target, text)             its text
const nodeOf = (target) => (typeof target.node === 'function' ? target.node() : target);

export function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export function set(target, attrs) {
  const node = nodeOf(target);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) node.removeAttribute(name);
    else setIfChanged(node, name, String(value));
  }
}

export function setText(target, text) {
  const node = nodeOf(target);
  if (node.textContent !== text) node.textContent = text;
}

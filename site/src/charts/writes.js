// Writes to the page that happen only where the value differs: an attribute or a text
// set again, even to the value it has, makes the browser restyle and lay the figure out
// again (a redraw of a grid whose panels mostly did not change was mostly that).
//   setIfChanged(node, name, value)   one attribute (a string)
//   set(target, { name: value })      attributes of a node or a D3 selection; null removes one
//   setText(target, text)             its text (one text node, kept)
//   setStyles(node, { name: value })  inline style properties (custom ones too), strings
const nodeOf = (target) => (typeof target.node === 'function' ? target.node() : target);

export function setIfChanged(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export function setStyles(node, styles) {
  for (const [name, value] of Object.entries(styles)) if (node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

export function set(target, attrs) {
  const node = nodeOf(target);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) node.removeAttribute(name);
    else setIfChanged(node, name, String(value));
  }
}

// A node holding one text node keeps it and changes its data: textContent would replace it,
// and the browser then restyles the new node and builds its layout object again (section 16's
// labels, about 90 a step: style 0.4 -> 0.2 ms a step).
export function setText(target, text) {
  const node = nodeOf(target);
  const only = node.firstChild;
  if (only !== null && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.data !== text) only.data = text;
  } else if (node.textContent !== text) node.textContent = text;
}

// The same for every node of a D3 selection, where D3's own .attr, .text and .classed write
// each node every time. value: a constant or D3's (d, i, nodes) function; -> the selection.
//   attrs(points, 'transform', (i) => `translate(${x(i)},${y(i)})`)
//   texts(labels, (i) => names[i]);   classes(points, 'dim', (i) => i !== active)
const valueOf = (value, node, args) => (typeof value === 'function' ? value.apply(node, args) : value);

export function attrs(selection, name, value) {
  return selection.each(function write(...args) {
    const v = valueOf(value, this, args);
    if (v === null) this.removeAttribute(name);
    else setIfChanged(this, name, String(v));
  });
}

export function texts(selection, value) {
  return selection.each(function write(...args) { setText(this, String(valueOf(value, this, args))); });
}

// classList.toggle with a second argument changes nothing when the class is already as asked.
export function classes(selection, name, on) {
  return selection.each(function write(...args) { this.classList.toggle(name, Boolean(valueOf(on, this, args))); });
}

// largest(values, abs): the largest value (of |value| when abs) of a typed array or list,
// NaN left out; undefined when there is none (as d3.max). A plain indexed loop: d3.max's
// iterator took ~7 ns a value, over 1 ms a step for section 4's 512 x 512 matrices.
export function largest(values, abs = false) {
  let top = -Infinity;
  for (let k = 0; k < values.length; k++) {
    const v = abs ? Math.abs(values[k]) : values[k];
    if (v > top) top = v;
  }
  return top === -Infinity ? undefined : top;
}

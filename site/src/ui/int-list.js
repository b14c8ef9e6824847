// Parses a learner's list of whole numbers ("0, 1, 6, 7" or "0 5 20") for a
// control. Ranges against n or d are the core's to check; this only reads the
// text. Throws an Error whose message can be shown next to the control.
export function parseIntList(text, what = 'numbers', max = 6) {
  const parts = String(text).split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) throw new Error(`Type at least one of the ${what}, e.g. 0, 5, 20.`);
  if (parts.length > max) throw new Error(`Pick at most ${max} ${what}; got ${parts.length}.`);
  return parts.map((p) => {
    if (!/^\d+$/.test(p)) throw new Error(`“${p}” is not a whole number ≥ 0; list ${what} like 0, 5, 20.`);
    return Number(p);
  });
}

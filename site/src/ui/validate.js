// What a control accepts, in words for people: "Seed must be a whole number
// from 0 to 4,294,967,295." The rules come from the control's own attributes
// (min, max, step, maxlength, its options), so a field accepts exactly what
// its control says, and a link's value is checked by the same rules.
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

// The control's name as its label shows it, without the live value ("n = 10" -> "n").
export function labelOf(el) {
  const label = el.type === 'radio' ? el.closest('fieldset')?.querySelector('legend') : el.labels?.[0];
  if (!label) return el.getAttribute('aria-label') || el.name;
  const copy = label.cloneNode(true);
  copy.querySelectorAll('output, input, select').forEach((n) => n.remove());
  const text = copy.textContent.replace(/\s+/g, ' ').split('=')[0].trim();
  return text || el.name;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function numberProblem(el, raw) {
  const min = el.min === '' ? -Infinity : Number(el.min);
  const max = el.max === '' ? Infinity : Number(el.max);
  const step = el.step === 'any' ? 0 : Number(el.step || 1);
  const whole = step > 0 && Number.isInteger(step) && Number.isInteger(min === -Infinity ? 0 : min);
  const v = raw.trim() === '' ? NaN : Number(raw);
  const fits = Number.isFinite(v) && v >= min && v <= max
    && !(whole && (!Number.isInteger(v) || (v - (Number.isFinite(min) ? min : 0)) % step !== 0));
  if (fits) return null; // the message (its number formatting) only for a value that does not fit: this runs every step
  const kind = whole ? 'a whole number' : 'a number';
  const steps = whole && step > 1 ? ` in steps of ${number.format(step)}` : '';
  const range = Number.isFinite(min) && Number.isFinite(max) ? ` from ${number.format(min)} to ${number.format(max)}` : '';
  return `${capital(labelOf(el))} must be ${kind}${range}${steps}.`;
}

// -> null when `raw` (a string, as typed or as found in a link) is acceptable for el, else a message.
// The label is looked up only for a message: el.labels searches the document,
// and this runs on every input event of every control.
export function problemWith(el, raw) {
  const name = () => capital(labelOf(el));
  if (el.type === 'number' || el.type === 'range') return numberProblem(el, raw);
  if (el.type === 'checkbox') return ['0', '1'].includes(raw) ? null : `${name()} must be 1 (on) or 0 (off).`;
  if (el.type === 'radio' || el.tagName === 'SELECT') {
    const options = el.tagName === 'SELECT'
      ? Array.from(el.options, (o) => o.value)
      : Array.from((el.closest('fieldset') || el.closest('section') || document)
        .querySelectorAll(`input[type="radio"][name="${el.name}"]`), (r) => r.value);
    return options.includes(raw) ? null : `${name()} must be one of: ${options.join(', ')}.`;
  }
  if (el.maxLength > 0 && raw.length > el.maxLength) return `${name()} must be at most ${number.format(el.maxLength)} characters.`;
  return null;
}

// A message from the core or the facade ("globals must be an integer from 0 to
// 4; got 6") in the words of the page: the control's label instead of the
// argument's name, "a whole number" for "an integer", large numbers with
// thousands separators, and no "got number NaN" type talk.
export function humanize(message, el) {
  let text = String(message).replace(/\ban integer\b/g, 'a whole number')
    .replace(/\b\d{5,}\b/g, (digits) => number.format(Number(digits)))
    .replace(/;?\s*got (number|string|boolean|object|undefined) [^;.]*/g, '');
  if (el && text.startsWith(`${el.name} `)) text = `${capital(labelOf(el))}${text.slice(el.name.length)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

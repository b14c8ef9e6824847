// From a novel's lines, as the package stores them (one printed line each, "" between
// paragraphs), to the corpus text: chapters found, a stated part held out, whitespace normalised.
// Non-goals: any change of the characters themselves (no case folding, no quote or dash mapping);
// verse and letters become paragraphs like the prose around them.

const HEADING = /^chapter\s+([0-9]+|[ivxlc]+)$/i;

/** chapterStarts(lines) -> the indices of the lines that are chapter headings ("CHAPTER IV", "Chapter 4"). */
export function chapterStarts(lines) {
  return lines.flatMap((line, i) => (HEADING.test(line.trim()) ? [i] : []));
}

/**
 * splitLastChapters(lines, k) -> { kept, heldOut, chapters }: heldOut is the last k chapters
 * (from the heading of chapter (chapters - k + 1) to the end), kept is everything before it.
 */
export function splitLastChapters(lines, k) {
  const starts = chapterStarts(lines);
  if (!(Number.isInteger(k) && k >= 1 && k < starts.length)) {
    throw new Error(`splitLastChapters: k = ${k}, expected 1..${starts.length - 1} (the text has ${starts.length} chapters)`);
  }
  const at = starts[starts.length - k];
  return { kept: lines.slice(0, at), heldOut: lines.slice(at), chapters: starts.length };
}

/** cutFrom(lines, heading) -> the lines before the first line equal to heading (the whole text if absent). */
export function cutFrom(lines, heading) {
  const at = lines.findIndex((line) => line.trim() === heading);
  return at < 0 ? lines : lines.slice(0, at);
}

/**
 * paragraphs(lines) -> the text with one paragraph per line: the printed lines of a paragraph are
 * joined by one space, every run of spaces or tabs becomes one space (the texts put two after a
 * full stop, and indent verse), and the blank lines between paragraphs become one "\n".
 * The result ends with "\n" unless it is empty.
 */
export function paragraphs(lines) {
  const out = [];
  let current = [];
  for (const line of [...lines, '']) {
    const words = line.trim();
    if (words) current.push(words);
    else if (current.length) {
      out.push(current.join(' ').replace(/[ \t]+/g, ' '));
      current = [];
    }
  }
  return out.map((p) => `${p}\n`).join('');
}

/**
 * titlesInOrder(description, variables) -> [{ name, variable }]: the novels as the package's
 * DESCRIPTION names them ("Sense and Sensibility", ...), in its order, each matched to the data
 * variable that holds it (sensesensibility: letters only, lower case, without "and").
 */
export function titlesInOrder(description, variables) {
  const key = (s) => s.toLowerCase().replace(/\band\b/g, '').replace(/[^a-z]/g, '');
  const titles = [...description.replace(/\s+/g, ' ').matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const books = titles.map((name) => ({ name, variable: variables.find((v) => key(v) === key(name)) }));
  const missing = books.filter((b) => !b.variable).map((b) => b.name);
  const unnamed = variables.filter((v) => !books.some((b) => b.variable === v));
  if (missing.length || unnamed.length) {
    throw new Error(`titlesInOrder: no data for ${JSON.stringify(missing)}, no title for ${JSON.stringify(unnamed)}`);
  }
  return books;
}

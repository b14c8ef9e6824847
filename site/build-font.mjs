// Builds dist/fonts/atlas-math.woff2: TeX Gyre Pagella Math (Debian's
// fonts-texgyre-math, GUST Font License), an OpenType font with a MATH table,
// so Chromium's MathML stretches brackets, roots and sums and places scripts
// as the font designer meant. It is subset (python3-fonttools' subsetter, also
// from Debian) to the characters the page's <math> elements use plus ASCII,
// keeping the MATH table and the stretchy variants it points to, so the file
// stays small enough to inline in the single-file build.
import { execFileSync } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const MATH_FONT = '/usr/share/texmf/fonts/opentype/public/tex-gyre-math/texgyrepagella-math.otf';
const PYTHON = '/usr/bin/python3'; // Debian's, which has python3-fonttools (not a pyenv shim)

const ENTITIES = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&nbsp;': ' ' };

// Every character inside the partials' <math> elements (entities decoded), plus printable ASCII.
export function mathCharacters(partials) {
  const chars = new Set(Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)));
  for (const { text } of partials) {
    for (const [math] of text.matchAll(/<math[\s\S]*?<\/math>/g)) {
      const inner = math.replace(/<[^>]+>/g, '')
        .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
        .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
        .replace(/&\w+;/g, (e) => ENTITIES[e] || '');
      for (const c of inner) chars.add(c);
    }
  }
  ['\u2061', '\u2062', '\u2212', '\u221A', '\u2211', '\u2032'].forEach((c) => chars.add(c)); // invisible operators, minus, root, sum, prime
  return Array.from(chars).sort().join('');
}

export async function buildMathFont(dist, partials) {
  try {
    await stat(MATH_FONT);
  } catch {
    throw new Error(`build-font: ${MATH_FONT} is missing: apt-get install fonts-texgyre-math python3-fonttools (make deps does)`);
  }
  await mkdir(join(dist, 'fonts'), { recursive: true });
  const out = join(dist, 'fonts', 'atlas-math.woff2');
  execFileSync(PYTHON, ['-m', 'fontTools.subset', MATH_FONT, `--text=${mathCharacters(partials)}`, `--output-file=${out}`,
    '--flavor=woff2', '--layout-features=*', '--no-hinting', '--desubroutinize', '--name-IDs=*', '--drop-tables+=FFTM'],
  { stdio: 'inherit' });
  return out;
}

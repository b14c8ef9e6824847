// The training corpus of `make model`: Jane Austen's six novels, read from Debian's
// r-cran-janeaustenr without installing R, and written as
//   <outdir>/train.txt    every novel, in the package's order, less the held-out part
//   <outdir>/heldout.txt  the held-out part (HELD_OUT below)
//   <outdir>/corpus.json  source package and version, licence, books, characters per split,
//                         the held-out rule, the character inventory and entropy baselines
// Usage: node tools/corpus/austen.mjs <outdir>   (the .deb is cached in build/corpus/)
// The output depends only on the package's bytes: same .deb, same files.
// Non-goals: tokenisation and the model's vocabulary (the trainer keeps the most frequent characters).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchDeb, parseDcf, readCopyright, unpackDeb } from './debian.mjs';
import { report } from './entropy.mjs';
import { openLazyLoad } from './lazyload.mjs';
import { checkLicence } from './provenance.mjs';
import { cutFrom, paragraphs, splitLastChapters, titlesInOrder } from './text.mjs';

const PACKAGE = 'r-cran-janeaustenr';
const CACHE = resolve(dirname(fileURLToPath(import.meta.url)), '../../build/corpus');
const LIBRARY = 'usr/lib/R/site-library/janeaustenr';

// One novel's ending, never seen in training: about 1.1% of the text, small enough to evaluate in
// full at every checkpoint, and to commit beside the weights (public domain) so a test can
// recompute the held-out loss without the corpus. Persuasion is the last novel Austen finished.
const HELD_OUT = { book: 'Persuasion', lastChapters: 2 };
// Northanger Abbey's lines end with a modern publisher's note, not Austen's and not shown public domain.
const REMOVED = { book: 'Northanger Abbey', from: 'A NOTE ON THE TEXT' };

const codePoints = (s) => [...s].length;

function novelLines(db, variable) {
  const x = db.get(variable);
  if (x?.type !== 'character') throw new Error(`${PACKAGE}: ${variable} is ${x?.type}, expected a character vector`);
  if (x.value.includes(null)) throw new Error(`${PACKAGE}: ${variable} has NA lines`);
  return x.value;
}

function build(outdir) {
  const pkg = unpackDeb(fetchDeb(PACKAGE, CACHE), join(CACHE, 'package'));
  const copyright = readCopyright(join(pkg.dir, `usr/share/doc/${PACKAGE}/copyright`));
  const licence = checkLicence(copyright);
  const [description] = parseDcf(readFileSync(join(pkg.dir, LIBRARY, 'DESCRIPTION'), 'utf8'));
  const db = openLazyLoad(join(pkg.dir, LIBRARY, 'data/Rdata'));

  const books = titlesInOrder(description.Description, db.names).map(({ name, variable }) => {
    let lines = novelLines(db, variable);
    const all = lines.length;
    if (name === REMOVED.book) lines = cutFrom(lines, REMOVED.from);
    const split = name === HELD_OUT.book ? splitLastChapters(lines, HELD_OUT.lastChapters) : { kept: lines, heldOut: [] };
    return { name, variable, lines: all, train: paragraphs(split.kept), heldOut: paragraphs(split.heldOut), chapters: split.chapters };
  });
  const train = books.map((b) => b.train).join('');
  const heldOut = books.map((b) => b.heldOut).join('');
  const held = books.find((b) => b.name === HELD_OUT.book);
  const corpus = {
    source: {
      package: PACKAGE,
      version: pkg.version,
      sha256: pkg.sha256,
      upstream: copyright.upstream,
      upstreamVersion: description.Version,
      homepage: copyright.source,
      copyright: copyright.copyright,
      licence: copyright.licence,
      licenceText: copyright.licenceText,
      licenceCheck: licence,
      text: 'The novels are in the public domain (Jane Austen, 1775-1817; first published 1811-1818).',
    },
    books: books.map((b) => ({
      name: b.name, variable: b.variable, lines: b.lines,
      trainCharacters: codePoints(b.train), heldOutCharacters: codePoints(b.heldOut),
    })),
    heldOut: {
      rule: `the last ${HELD_OUT.lastChapters} of ${HELD_OUT.book}'s ${held.chapters} chapters ` +
        `(from the heading of chapter ${held.chapters - HELD_OUT.lastChapters + 1} to the end)`,
      ...HELD_OUT,
    },
    removed: `${REMOVED.book}: from the line "${REMOVED.from}" to the end (a modern publisher's note)`,
    normalisation: 'the printed lines of a paragraph joined by one space, runs of spaces and tabs made one space, ' +
      'one "\\n" after each paragraph; characters kept as they are (UTF-8)',
    characters: { train: codePoints(train), heldOut: codePoints(heldOut) },
    statistics: report(train, heldOut, 80),
  };
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'train.txt'), train);
  writeFileSync(join(outdir, 'heldout.txt'), heldOut);
  writeFileSync(join(outdir, 'corpus.json'), `${JSON.stringify(corpus, null, 2)}\n`);
  return corpus;
}

const outdir = process.argv[2];
if (!outdir) {
  console.error('usage: node tools/corpus/austen.mjs <outdir>');
  process.exit(2);
}
const corpus = build(outdir);
const { train, heldOutUnderTrain } = corpus.statistics;
console.log(`corpus: ${corpus.characters.train} training and ${corpus.characters.heldOut} held-out characters ` +
  `from ${corpus.source.package} ${corpus.source.version} (${corpus.source.licence}) in ${outdir}`);
console.log(`  unigram ${train.unigram.nats.toFixed(3)} nats/char, bigram ${train.bigram.nats.toFixed(3)}; ` +
  `held out under them ${heldOutUnderTrain.unigram.nats.toFixed(3)} and ${heldOutUnderTrain.bigram.nats.toFixed(3)}`);

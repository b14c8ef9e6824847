// Where the training text comes from and what its licence allows: the check `make corpus` makes
// before it writes anything, and the note dist/LICENSES.txt carries once a trained model ships.

// Licences whose text we know grants redistribution, with the one condition each sets.
const KNOWN = {
  MIT: {
    grant: 'copy, modify, merge, publish,\ndistribute',
    condition: 'The above copyright notice and this permission notice shall be',
    requires: 'the copyright notice and the permission notice go with every copy',
  },
};
KNOWN.Expat = KNOWN.MIT;

const words = (s) => s.replace(/\s+/g, ' ').trim();

/**
 * checkLicence({ licence, licenceText }) -> { licence, allows, requires }, or an Error when the
 * licence is not one we know allows redistribution, or its text is not that licence's text.
 */
export function checkLicence({ licence, licenceText }) {
  const known = KNOWN[licence];
  if (!known) throw new Error(`licence "${licence}": not known to allow redistribution; read it and decide by hand`);
  for (const phrase of [known.grant, known.condition]) {
    if (!words(licenceText).includes(words(phrase))) {
      throw new Error(`licence "${licence}": its text lacks "${words(phrase)}"; read it and decide by hand`);
    }
  }
  return { licence, allows: 'use, copy, modify, merge, publish, distribute, sublicense, sell', requires: known.requires };
}

/**
 * provenanceNote(corpus) -> the text for LICENSES.txt, from corpus.json's record
 * ({ source: { package, version, upstream, upstreamVersion, homepage, copyright, licence,
 * licenceText }, books: [{ name }] }): what the text is, where it came from, and the package's
 * licence in full (its one condition).
 */
export function provenanceNote({ source, books }) {
  return [
    `Training text of the trained model: Jane Austen's novels ${books.map((b) => b.name).join(', ')}.`,
    'The novels are in the public domain (Jane Austen, 1775-1817; first published 1811-1818).',
    `The text comes from the Debian package ${source.package} ${source.version},`,
    `a packaging of ${source.upstream} ${source.upstreamVersion} (${source.homepage}),`,
    `Copyright ${source.copyright}, under the ${source.licence} licence:`,
    '',
    source.licenceText,
    '',
  ].join('\n');
}

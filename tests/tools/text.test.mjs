// tools/corpus/text.mjs: paragraphs, chapters and the held-out split on small hand-written novels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chapterStarts, cutFrom, paragraphs, splitLastChapters, titlesInOrder } from '../../tools/corpus/text.mjs';

const novel = [
  'A NOVEL', '', 'CHAPTER I', '', 'It is a truth  universally', 'acknowledged.', '', '',
  'Chapter 2', '', '     "MY DEAR MADAM,', '   \tyours."', '', 'CHAPTER III', 'The end.', 'chapter of accidents',
];

test('paragraphs joins the printed lines of a paragraph with one space, one "\\n" after each', () => {
  assert.equal(paragraphs(novel.slice(0, 8)), 'A NOVEL\nCHAPTER I\nIt is a truth universally acknowledged.\n');
  assert.equal(paragraphs(['   "MY DEAR', '\tMADAM,"  ', '', '', '', 'Yes.']), '"MY DEAR MADAM,"\nYes.\n');
  assert.equal(paragraphs(['', '  ', '']), '');
  assert.equal(paragraphs(['été — £5']), 'été — £5\n');
});

test('chapterStarts finds heading lines in roman or arabic numerals, any case, and nothing else', () => {
  assert.deepEqual(chapterStarts(novel), [2, 8, 13]);
});

test('splitLastChapters(lines, k) holds out the last k chapters from their heading on', () => {
  const { kept, heldOut, chapters } = splitLastChapters(novel, 2);
  assert.equal(chapters, 3);
  assert.deepEqual(kept, novel.slice(0, 8));
  assert.deepEqual(heldOut, novel.slice(8));
  assert.deepEqual([...kept, ...heldOut], novel);
  assert.throws(() => splitLastChapters(novel, 3), /expected 1\.\.2 \(the text has 3 chapters\)/);
  assert.throws(() => splitLastChapters(novel, 0), /k = 0/);
});

test('cutFrom drops everything from a heading line on, and keeps a text without it', () => {
  assert.deepEqual(cutFrom(['Finis', '', 'A NOTE ON THE TEXT', 'Signet.'], 'A NOTE ON THE TEXT'), ['Finis', '']);
  assert.deepEqual(cutFrom(['Finis'], 'A NOTE ON THE TEXT'), ['Finis']);
});

test('titlesInOrder matches DESCRIPTION titles (even across lines) to data variables, in its order', () => {
  const description = 'These novels are "Sense and Sensibility", "Pride and\n    Prejudice", and "Emma".';
  assert.deepEqual(titlesInOrder(description, ['emma', 'prideprejudice', 'sensesensibility']), [
    { name: 'Sense and Sensibility', variable: 'sensesensibility' },
    { name: 'Pride and Prejudice', variable: 'prideprejudice' },
    { name: 'Emma', variable: 'emma' },
  ]);
  assert.throws(() => titlesInOrder(description, ['emma', 'prideprejudice', 'persuasion']),
    /no data for \["Sense and Sensibility"\], no title for \["persuasion"\]/);
});

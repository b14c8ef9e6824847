// dashPattern (site/src/ui/export-swatch.js) reads a legend key's dashes from its computed
// repeating gradient, so an exported arrow key stays dashed like the one on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dashPattern } from '../../site/src/ui/export-swatch.js';

const ink = 'rgb(0, 118, 127)';
const gap = 'rgba(0, 0, 0, 0)';

test('a repeating gradient of ink then gap is a dash array, ink first', () => {
  assert.deepEqual(dashPattern(`repeating-linear-gradient(90deg, ${ink} 0px, ${ink} 4px, ${gap} 4px, ${gap} 6px)`),
    { ink, dashes: [4, 2] });
});

test('a pattern that starts with its gap still starts the dash array with ink', () => {
  assert.deepEqual(dashPattern(`repeating-linear-gradient(90deg, ${gap} 0px, ${gap} 3px, ${ink} 3px, ${ink} 8px)`),
    { ink, dashes: [5, 3] });
});

test('stops with two positions and the keyword transparent read the same', () => {
  assert.deepEqual(dashPattern(`repeating-linear-gradient(90deg, ${ink} 0px 4px, transparent 4px 6px)`), { ink, dashes: [4, 2] });
});

test('neighbouring stops of one kind merge; a plain colour or a single run is no pattern', () => {
  const other = 'rgb(10, 20, 30)';
  assert.deepEqual(dashPattern(`repeating-linear-gradient(90deg, ${ink} 0px, ${ink} 2px, ${other} 2px, ${other} 5px, ${gap} 5px, ${gap} 7px)`),
    { ink, dashes: [5, 2] });
  assert.equal(dashPattern('none'), null);
  assert.equal(dashPattern(`linear-gradient(90deg, ${ink} 0px, ${gap} 4px)`), null);
  assert.equal(dashPattern(`repeating-linear-gradient(90deg, ${ink} 0px, ${ink} 4px)`), null);
});

// Section 4, positional encoding: n, d_model, chosen dimensions and positions
// -> core.positionSimilarity (one call) -> the encoding matrix, its chosen
// columns as curves, the similarity matrix PE PE^T and its chosen rows.
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { parseIntList } from '../ui/int-list.js';
import { heatmap } from '../charts/heatmap.js';
import { lineChart } from '../charts/line.js';

const MAX_HEIGHT = 480; // px: a 512-row matrix gets sub-pixel-free small cells, not a page-long figure

// Row r of a row-major matrix, as a view (no copy, no arithmetic on values).
const row = (m, r) => m.data.subarray(r * m.cols, (r + 1) * m.cols);

export default {
  id: 'positional-encoding',
  init(root, core) {
    const chart = (name) => root.querySelector(`[data-chart="${name}"]`);
    const encoding = heatmap(chart('encoding'), {
      diverging: true, domain: [-1, 1], rowTitle: 'position p', colTitle: 'dimension', maxHeight: MAX_HEIGHT,
      readout: (c) => `PE(position ${c.row}, dimension ${c.col}) = ${c.value.toFixed(3)}`,
    });
    const dimensions = lineChart(chart('dimensions'), { xTitle: 'position p', yTitle: 'PE(p, dim)', yDomain: [-1, 1] });
    const similarity = heatmap(chart('similarity'), {
      diverging: true, domain: 'auto', rowTitle: 'position p', colTitle: 'position q', maxHeight: MAX_HEIGHT,
      readout: (c) => `PE(${c.row}) · PE(${c.col}) = ${c.value.toFixed(3)}`,
    });
    const rows = lineChart(chart('rows'), { xTitle: 'position q', yTitle: 'PE(p) · PE(q)' });
    // The result the charts show, and the one before it, whose arrays the next call fills (reuse):
    // at length 512 a fresh similarity matrix was 2 MB of new pages a step.
    let [shown, spare] = [null, null];

    function update(changed, state) {
      const lists = {};
      for (const [name, what] of [['dims', 'dimensions'], ['positions', 'positions']]) {
        try {
          lists[name] = parseIntList(state[name], what);
        } catch (error) {
          controls.error(name, error.message);
          return;
        }
      }
      let result;
      try {
        result = core.positionSimilarity(state.length, state.dModel, { dims: lists.dims, positions: lists.positions, reuse: spare });
      } catch (error) {
        controls.fail({ field: error.field, message: error.message.replace(/^dims/, 'dimensions') }, changed, { n: 'length', d: 'dModel' });
        return;
      }
      [shown, spare] = [result, shown];
      controls.clearErrors();
      // Curves first: a line chart measures its width, which is free before the
      // heatmaps change the page and a forced reflow after (heatmaps measure on resize only).
      dimensions.update({ series: lists.dims.map((dim, r) => ({ name: `dimension ${dim}`, values: row(result.dimensions, r) })) });
      rows.update({ series: lists.positions.map((p, r) => ({ name: `similarity to position ${p}`, values: row(result.rows, r) })) });
      encoding.update({ matrix: result.encoding });
      similarity.update({ matrix: result.similarity });
    }

    const controls = bindControls(root, perFrame(update)); // one redraw per frame while a slider moves
    update('dims', controls.state);
  },
};

// Section 9, trained: for each real layer, the mean weight a query puts on the
// key d positions back (heads averaged), from core.modelLayers. The offset axis
// is logarithmic (symlog, so 0 stays): on 128 characters a linear one would
// squeeze the offsets 0-5, where the weight is, into a few pixels.
import { lineChart } from '../../charts/line.js';
import { byUnit } from '../units.js';

const TICKS = [0, 1, 2, 5, 10, 20, 50, 100];

export default {
  choices: () => ({}),
  init(panel, { core }) {
    const chart = lineChart(panel.querySelector('[data-chart="trained-offsets"]'), {
      xTitle: 'offset d (keys back, logarithmic axis)', yTitle: 'mean weight', yDomain: [0, 1], markers: 'auto',
      xScale: 'symlog', xTicks: ([, hi]) => TICKS.filter((t) => t <= hi),
    });
    return (run, state) => {
      const { attention } = byUnit(run, state.unit);
      const layers = core.modelLayers(attention);
      chart.update({ series: layers.meanByOffset.map((values, l) => ({ name: `layer ${l + 1}`, values })) });
    };
  },
};

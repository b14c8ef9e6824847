// Section 9, trained: for each real layer, the mean weight a query puts on the
// key d positions back (heads averaged), from core.modelLayers.
import { lineChart } from '../../charts/line.js';
import { byUnit } from '../units.js';

export default {
  choices: () => ({}),
  init(panel, { core }) {
    const chart = lineChart(panel.querySelector('[data-chart="trained-offsets"]'), {
      xTitle: 'offset d (keys back)', yTitle: 'mean weight', yDomain: [0, 1], markers: true,
    });
    return (run, state) => {
      const { attention } = byUnit(run, state.unit);
      const layers = core.modelLayers(attention);
      chart.update({ series: layers.meanByOffset.map((values, l) => ({ name: `layer ${l + 1}`, values })) });
    };
  },
};

// Section 10, trained: the real layers' mean attention distance and mean
// entropy (each averaged over the layer's heads), from core.modelLayers. Both
// value axes start at 0, so the heights of the points compare.
import { lineChart } from '../../charts/line.js';
import { byUnit } from '../units.js';

export default {
  choices: () => ({}),
  init(panel, { core, m }) {
    const common = { xTitle: 'layer', markers: true, height: 220, xTicks: Array.from({ length: m.config.layers }, (_, l) => l + 1) };
    const distance = lineChart(panel.querySelector('[data-chart="trained-distance"]'), { ...common, yTitle: 'mean distance (positions)', yDomain: 'zero' });
    const spread = lineChart(panel.querySelector('[data-chart="trained-entropy"]'), { ...common, yTitle: 'mean entropy (nats)', yDomain: 'zero' });
    return (run, state) => {
      const { attention } = byUnit(run, state.unit);
      const layers = core.modelLayers(attention);
      const x = attention.map((_, l) => l + 1);
      distance.update({ x, series: [{ name: 'mean distance', values: layers.meanDistance }] });
      spread.update({ x, series: [{ name: 'mean entropy', values: layers.meanEntropy }] });
    };
  },
};

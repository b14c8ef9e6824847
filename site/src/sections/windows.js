// Section 18, sliding windows and attention sinks. The receptive field: window,
// layers and sinks -> core.receptiveField (one call) -> which positions reach the
// last one after each layer. The trained model under a window is
// windows-trained.js, started by its button (it loads the model).
import { bindControls } from '../ui/controls.js';
import { perFrame } from '../ui/frame.js';
import { heatmap } from '../charts/heatmap.js';
import { windowsTrained } from './windows-trained.js';

const N = 64; // the receptive field figure's context

export default {
  id: 'windows',
  init(root, core) {
    const reachChart = heatmap(root.querySelector('[data-chart="reach"]'), {
      rowTitle: 'after layers', colTitle: 'position', format: '.0f', maxCell: 14, legend: false,
      svgLimit: 0, // canvas at every size: the window and the layers change many of its cells at once
      readout: (c) => `position ${c.colLabel} ${c.value ? 'reaches' : 'does not reach'} position ${N - 1} after ${c.rowLabel} layer${c.rowLabel === '1' ? '' : 's'}`,
    });
    const readout = root.querySelector('[data-reach-readout]');
    const positions = Array.from({ length: N }, (_, j) => String(j));
    const trained = windowsTrained(root.querySelector('[data-windows-trained]'), core);

    function update(changed, state) {
      if (['passage', 'modelSinks'].includes(changed)) {
        trained.update(state);
        return;
      }
      let rf;
      try {
        rf = core.receptiveField({ n: N, window: state.window, layers: state.layers, sinks: state.sinks });
      } catch (error) {
        controls.error(error.field || changed, error.message);
        return;
      }
      controls.clearErrors();
      reachChart.update({
        matrix: rf.reach, rowLabels: Array.from({ length: state.layers }, (_, l) => String(l + 1)), colLabels: positions,
      });
      const L = state.layers;
      readout.textContent = `After ${L} layer${L === 1 ? '' : 's'} of a window of ${state.window}`
        + `${state.sinks ? ` with ${state.sinks} sink${state.sinks === 1 ? '' : 's'}` : ''}, `
        + `${rf.span[L - 1]} of the ${N} positions reach position ${N - 1}; the farthest is ${rf.farthest[L - 1]} back.`;
    }

    const controls = bindControls(root, perFrame(update, (changed) => (['passage', 'modelSinks'].includes(changed) ? 'trained' : 'reach')))
      .describe(() => ({ n: N }));
    trained.bind(controls);
    update(null, controls.state);
  },
};

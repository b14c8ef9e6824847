// The frame a scatter or a line chart draws in: an SVG with a plot group (offset by the
// margins) holding the two axes, and the axis titles beside it.
//   const frame = plotFrame(root);   frame.svg, frame.plot (append the chart's own groups),
//                                    frame.xAxis, frame.yAxis
//   frame.place({ width, height, margin, label, xTitle, yTitle }) sizes and labels it, writing
//   only what changed (writes.js): a chart handed new values keeps its frame.
import { set, setText } from './writes.js';

export function plotFrame(root) {
  const svg = root.append('svg').attr('role', 'img').attr('tabindex', 0);
  const plot = svg.append('g');
  const xAxis = plot.append('g').attr('class', 'axis x');
  const yAxis = plot.append('g').attr('class', 'axis y');
  const title = () => svg.append('text').attr('class', 'axis-title').attr('text-anchor', 'middle');
  const [xTitle, yTitle] = [title(), title()];
  return {
    svg, plot, xAxis, yAxis,
    place({ width, height, margin, label, xTitle: xText, yTitle: yText }) {
      const [w, h] = [width - margin.left - margin.right, height - margin.top - margin.bottom];
      set(svg, { width, height, viewBox: `0 0 ${width} ${height}`, 'aria-label': label });
      set(plot, { transform: `translate(${margin.left},${margin.top})` });
      set(xAxis, { transform: `translate(0,${h})` });
      setText(xTitle, xText);
      set(xTitle, { x: margin.left + w / 2, y: height - 6 });
      setText(yTitle, yText);
      set(yTitle, { transform: `translate(14,${margin.top + h / 2}) rotate(-90)` });
    },
  };
}

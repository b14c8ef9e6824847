// The trained views, by the name a partial gives in data-trained="...". Each
// exports { choices(firstRun) -> initial { layer?, head?, unit? },
//           init(panel, { core, m }) -> draw(run, state) }.
import selfAttention from './self-attention.js';
import multiHead from './multi-head.js';
import headRoles from './head-roles.js';
import distance from './distance.js';
import layers from './layers.js';
import flow from './flow.js';

export const views = {
  'self-attention': selfAttention,
  'multi-head': multiHead,
  'head-roles': headRoles,
  distance,
  layers,
  flow,
};

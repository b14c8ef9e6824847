// The section modules, in page order. Each exports { id, init(root, core) }.
import selfAttention from './self-attention.js';
import layers from './layers.js';
import entropy from './entropy.js';
import flow from './flow.js';

export const sections = [selfAttention, layers, entropy, flow];

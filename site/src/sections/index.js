// The section modules, in page order. Each exports { id, init(root, core) }.
import selfAttention from './self-attention.js';
import patterns from './patterns.js';
import multiHead from './multi-head.js';

export const sections = [selfAttention, patterns, multiHead];

// The section modules, in page order. Each exports { id, init(root, core) }.
import selfAttention from './self-attention.js';
import crossAttention from './cross-attention.js';
import headRoles from './head-roles.js';
import distance from './distance.js';

export const sections = [selfAttention, crossAttention, headRoles, distance];

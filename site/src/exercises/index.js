// Every exercise, by section. A section's exercises live in ./<section id>.js
// (an array of exercise definitions, docs/exercises.md); adding a section's
// exercises is one file and one line here.
import selfAttention from './self-attention.js';
import patterns from './patterns.js';
import multiHead from './multi-head.js';
import positionalEncoding from './positional-encoding.js';
import positionEffect from './position-effect.js';
import causal from './causal.js';
import crossAttention from './cross-attention.js';
import headRoles from './head-roles.js';
import distance from './distance.js';
import layers from './layers.js';
import entropy from './entropy.js';
import flow from './flow.js';
import learn from './learn.js';
import rope from './rope.js';
import groupedQuery from './grouped-query.js';
import kvCache from './kv-cache.js';
import tiling from './tiling.js';
import windows from './windows.js';

export const exercises = [
  ...selfAttention, ...patterns, ...multiHead, ...positionalEncoding, ...positionEffect, ...causal,
  ...crossAttention, ...headRoles, ...distance, ...layers, ...entropy, ...flow, ...learn,
  ...rope, ...groupedQuery, ...kvCache,
  ...tiling, ...windows,
];

export const exercisesOf = (section) => exercises.filter((e) => e.section === section);

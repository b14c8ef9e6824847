// A portable seeded random generator: xoshiro256** (Blackman & Vigna 2018)
// seeded through splitmix64, with our own uniform and normal draws.
//
// Why not <random>: std::normal_distribution (and even uniform_real_distribution)
// are implementation-defined, so libstdc++ (native build) and libc++ (Emscripten)
// draw different numbers for the same seed. Everything here is integer
// arithmetic plus log/sqrt/cos/exp, so native and WASM agree to ~1e-15 and a
// figure is reproducible from its seed on any machine.
// Non-goals: cryptographic quality, jump-ahead, parallel streams.
#pragma once

#include <cstdint>

#include "atlas/attention/matrix.hpp"

namespace atlas {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next_u64();
  double uniform();  // [0, 1), 53 random bits
  double normal();   // standard normal N(0, 1), Box-Muller
  // Standard normal N(0, 1) by the ziggurat method (Marsaglia & Tsang 2000, in Doornik's 2005
  // form, 128 layers): one 64-bit draw, a multiply and a compare 99% of the time; 4 million draws
  // took 58-68 ms of WASM (Node 20) against normal()'s 158-207 ms. A stream of its own: it draws
  // other numbers than normal() does.
  double ziggurat();

 private:
  std::uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// (rows x cols) of independent N(0, stddev^2) draws, filled row by row.
Matrix normal_matrix(int rows, int cols, Rng& rng, double stddev = 1.0);
// The same by Rng::ziggurat(): for the d_model x d_model projections, four million draws at
// d_model = 1024.
Matrix ziggurat_matrix(int rows, int cols, Rng& rng, double stddev = 1.0);

// Mixes two 64-bit values into one seed (splitmix64 finaliser of a ^ rotl(b)):
// used to derive independent streams, e.g. one per word or per head.
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b);

}  // namespace atlas

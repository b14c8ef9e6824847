// Native side of `make bench`: times atlas::attention for the sizes given on
// the command line and prints JSON {"n": ns_per_call, ...}. Inputs are the same
// seeded matrices the JS side builds (bench/inputs.mjs describes them), so the
// three implementations do the same work. Not a test: no assertions.
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/random.hpp"

int main(int argc, char** argv) {
  const int d = 64;
  std::cout << "{";
  for (int a = 1; a < argc; ++a) {
    const int n = std::atoi(argv[a]);
    atlas::Rng rng(1);
    const atlas::Matrix Q = atlas::normal_matrix(n, d, rng), K = atlas::normal_matrix(n, d, rng),
                        V = atlas::normal_matrix(n, d, rng);
    // Repeat until ~0.3 s has passed so small sizes are not dominated by timer noise.
    using clock = std::chrono::steady_clock;
    long calls = 0;
    double checksum = 0.0;
    const auto start = clock::now();
    while (clock::now() - start < std::chrono::milliseconds(300)) {
      checksum += atlas::attention(Q, K, V).weights(0, 0);
      ++calls;
    }
    const double ns = std::chrono::duration<double, std::nano>(clock::now() - start).count() / calls;
    std::cout << (a > 1 ? ", " : "") << "\"" << n << "\": " << ns;
    if (checksum < 0) std::cerr << checksum;  // keeps the calls observable
  }
  std::cout << "}\n";
  return 0;
}

// Native side of `make bench`: times atlas::attention in double and in float for
// the sizes given on the command line and prints JSON
// {"n": {"double": ns_per_call, "float": ns_per_call}, ...}. d = 64; inputs are
// seeded N(0, 1) matrices of the same shapes the JS side times, so every column
// does the same work. Not a test: no assertions.
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "atlas/attention/attention.hpp"
#include "atlas/attention/random.hpp"

namespace {

// Repeats fn until ~0.3 s (and at least 3 calls) have passed, so small sizes are
// not dominated by timer noise. -> ns per call.
template <typename Fn>
double time_per_call(Fn&& fn) {
  using clock = std::chrono::steady_clock;
  fn();  // warm up caches and the allocator
  long calls = 0;
  double checksum = 0.0;
  const auto start = clock::now();
  while (calls < 3 || clock::now() - start < std::chrono::milliseconds(300)) {
    checksum += fn();
    ++calls;
  }
  if (checksum < 0) std::cerr << checksum;  // keeps the calls observable
  return std::chrono::duration<double, std::nano>(clock::now() - start).count() / calls;
}

}  // namespace

int main(int argc, char** argv) {
  const int d = 64;
  std::cout << "{";
  for (int a = 1; a < argc; ++a) {
    const int n = std::atoi(argv[a]);
    atlas::Rng rng(1);
    const atlas::Matrix Q = atlas::normal_matrix(n, d, rng), K = atlas::normal_matrix(n, d, rng),
                        V = atlas::normal_matrix(n, d, rng);
    const atlas::MatrixF Qf = Q.cast<float>(), Kf = K.cast<float>(), Vf = V.cast<float>();
    const double ns_double = time_per_call([&] { return atlas::attention(Q, K, V).weights(0, 0); });
    const double ns_float = time_per_call([&] { return double(atlas::attention_f32(Qf, Kf, Vf).weights(0, 0)); });
    std::cout << (a > 1 ? ", " : "") << "\"" << n << "\": {\"double\": " << ns_double
              << ", \"float\": " << ns_float << "}";
  }
  std::cout << "}\n";
  return 0;
}

#include "atlas/lessons/receptive_field.hpp"

#include "atlas/attention/check.hpp"
#include "atlas/attention/mask.hpp"

namespace atlas {

ReceptiveField receptive_field(int n, int window, int layers, int sinks) {
  require_in_range(n, 1, 1024, "n");
  require_in_range(layers, 1, 64, "layers");
  ReceptiveField out;
  out.mask = window_mask(n, window, sinks);
  out.reach = Matrix::Zero(layers, n);
  out.span = Vector::Zero(layers);
  out.farthest = Vector::Zero(layers);
  Vector reached = Vector::Zero(n);  // 1 where a position reaches the last one so far
  reached(n - 1) = 1.0;
  for (int l = 0; l < layers; ++l) {
    Vector next = reached;
    for (int i = 0; i < n; ++i) {
      if (reached(i) == 0.0) continue;
      for (int j = 0; j <= i; ++j) {
        if (out.mask(i, j) == 0.0) next(j) = 1.0;
      }
    }
    reached = next;
    out.reach.row(l) = reached.transpose();
    out.span(l) = reached.sum();
    int first = 0;
    while (reached(first) == 0.0) ++first;
    out.farthest(l) = n - 1 - first;
  }
  return out;
}

}  // namespace atlas

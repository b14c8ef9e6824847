// The shipped model's files (site/model/, written by `make model`) for the
// tests that run the trained Austen model.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "atlas/model/model_file.hpp"
#include "atlas/model/trained_model.hpp"
#include "atlas/model/transformer.hpp"

namespace atlas::test {

inline std::string read_source(const std::string& relative) {
  std::ifstream in(std::string(ATLAS_SOURCE_DIR) + "/" + relative, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + relative);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline std::vector<std::uint8_t> shipped_model_bytes() {
  const std::string s = read_source("site/model/austen.atlm");
  return std::vector<std::uint8_t>(s.begin(), s.end());
}

// The shipped weights as a bare Transformer (TrainedModel keeps its own private).
inline model::Transformer<float> shipped_transformer() {
  model::ModelFile file = model::read_model_file(shipped_model_bytes());
  model::Transformer<float> t(file.shape);
  t.parameters() = std::move(file.parameters);
  return t;
}

// The shipped model as the page loads it: read once per test binary.
inline const model::TrainedModel& shipped_trained_model() {
  static const model::TrainedModel m = model::TrainedModel::load(shipped_model_bytes());
  return m;
}

}  // namespace atlas::test

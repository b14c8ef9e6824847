// Prints the core's results for fixed inputs as JSON, for the WASM parity test
// (tests/wasm/parity.test.mjs): the same seeds must give the same matrices in
// the native build (g++, libstdc++) and in WASM (em++, libc++) within 1e-5.
// The cases here and in that test must stay the same.
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "atlas/attention/alibi.hpp"
#include "atlas/lessons/cross_attention.hpp"
#include "atlas/lessons/dirichlet.hpp"
#include "atlas/attention/embedding.hpp"
#include "atlas/lessons/layers.hpp"
#include "atlas/attention/multi_head.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/attention/self_attention.hpp"
#include "atlas/model/trained_model.hpp"
#include "atlas/model/trainer.hpp"

namespace {

void print(const std::string& key, const atlas::Matrix& m, bool last = false) {
  std::cout.precision(17);
  std::cout << "\"" << key << "\": [";
  for (Eigen::Index i = 0; i < m.size(); ++i) std::cout << (i ? "," : "") << m.data()[i];
  std::cout << "]" << (last ? "\n" : ",\n");
}

}  // namespace

int main() {
  const std::vector<std::string> words = {"The", "cat", "sat", "on", "the", "mat"};
  std::cout << "{\n";
  print("embed_d8_seed42", atlas::embed_words(words, 8, 42));
  atlas::SelfAttentionOptions options;
  options.d_model = 16;
  options.seed = 7;
  options.pe_strength = 1.0;
  options.causal = true;
  const auto r = atlas::self_attention(words, options);
  print("self_d16_seed7_pe1_causal_weights", r.result.weights);
  print("self_d16_seed7_pe1_causal_output", r.result.output);
  options.seed = 4294967295ULL;
  options.causal = false;
  options.pe_strength = 0.0;
  print("self_d16_seedmax_weights", atlas::self_attention(words, options).result.weights);
  print("dirichlet_3x6_c0.5_seed99", atlas::dirichlet_rows(3, 6, 0.5, 99));
  print("dirichlet_2x4_c3_seed5", atlas::dirichlet_rows(2, 4, 3.0, 5));
  print("layers_n5_seed7_noise1_layer4", atlas::layer_evolution(5, 7, 1.0).layers[3]);
  const atlas::Matrix X = atlas::embed_words(words, 16, 3);
  print("multihead_d16_h4_seed3_output", atlas::multi_head_attention(X, atlas::random_projections(16, 3), 4).output);
  atlas::CrossAttentionOptions cross;
  cross.seed = 11;
  print("cross_seed11_weights", atlas::cross_attention({"le", "chat"}, words, cross).result.weights);
  atlas::AlibiOptions alibi;
  alibi.seed = 2;
  print("alibi_h4_seed2_biased_head2", atlas::alibi_attention(words, alibi).biased[1]);
  // The trainer's first 60 losses for seed 1 (float arithmetic: native and
  // WASM round differently, so the parity test uses a looser tolerance).
  atlas::model::Trainer trainer{atlas::model::TrainerOptions{}};
  atlas::Matrix losses(1, 60);
  for (int s = 0; s < 60; ++s) losses(0, s) = trainer.step(1).loss;
  print("trainer_seed1_losses_60", losses);
  // The shipped model on one sentence: every head of layer 1, and the loss.
  std::ifstream file(std::string(ATLAS_SOURCE_DIR) + "/site/model/austen.atlm", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)), {});
  const auto model = atlas::model::TrainedModel::load(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  const auto run = model.run("It is a truth universally acknowledged.");
  atlas::Matrix heads(4, run.attention[1][0].size());
  for (int h = 0; h < 4; ++h) heads.row(h) = Eigen::Map<const Eigen::RowVectorXd>(run.attention[1][h].data(), run.attention[1][h].size());
  print("model_truth_layer1_heads", heads);
  // The same sentence written twice: every position's loss and every head's
  // attention, where the model's induction heads copy from the first copy.
  const auto twice = model.run("It is a truth universally acknowledged. It is a truth universally acknowledged.");
  atlas::Matrix twice_losses(1, static_cast<Eigen::Index>(twice.losses.size()));
  for (std::size_t t = 0; t < twice.losses.size(); ++t) twice_losses(0, static_cast<Eigen::Index>(t)) = twice.losses[t];
  print("model_twice_losses", twice_losses);
  const auto cells = twice.attention[0][0].size();
  atlas::Matrix twice_heads(static_cast<Eigen::Index>(twice.heads.size()), cells);
  for (const auto& h : twice.heads)
    twice_heads.row(h.layer * model.shape().heads + h.head) =
        Eigen::Map<const Eigen::RowVectorXd>(twice.attention[static_cast<std::size_t>(h.layer)][static_cast<std::size_t>(h.head)].data(), cells);
  print("model_twice_heads", twice_heads);
  print("model_truth_loss", atlas::Matrix::Constant(1, 1, run.loss), true);
  std::cout << "}\n";
  return 0;
}

#include "atlas/model/trained_model.hpp"

#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "atlas/attention/attention_distance.hpp"
#include "atlas/attention/check.hpp"
#include "atlas/attention/random.hpp"
#include "atlas/model/head_scores.hpp"
#include "atlas/model/model_file.hpp"
#include "atlas/model/tasks.hpp"

namespace atlas::model {
namespace {

constexpr int kRepeatProbes = 4;
constexpr std::uint64_t kRepeatStream = 0xa5e7u;

bool is_space(const std::string& c) { return c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\xC2\xA0"; }

Matrix head_matrix(const Activations<float>& activations, int layer, int head) {
  return activations.layers[static_cast<std::size_t>(layer)].attention[static_cast<std::size_t>(head)].cast<double>();
}

}  // namespace

std::vector<std::vector<int>> word_groups(const std::vector<std::string>& characters) {
  std::vector<std::vector<int>> groups;
  bool leading = true;       // only spaces so far: they will join the first word
  bool after_space = false;  // the last character was a space after a word
  for (int i = 0; i < static_cast<int>(characters.size()); ++i) {
    if (is_space(characters[static_cast<std::size_t>(i)])) {
      if (groups.empty()) groups.emplace_back();
      groups.back().push_back(i);
      after_space = !leading;
      continue;
    }
    if (groups.empty() || after_space) groups.emplace_back();
    groups.back().push_back(i);
    leading = after_space = false;
  }
  return groups;
}

Matrix aggregate_words(const Matrix& A, const std::vector<std::vector<int>>& groups) {
  const auto w = static_cast<Eigen::Index>(groups.size());
  Matrix out = Matrix::Zero(w, w);
  for (Eigen::Index a = 0; a < w; ++a)
    for (int i : groups[static_cast<std::size_t>(a)])
      for (Eigen::Index b = 0; b < w; ++b)
        for (int j : groups[static_cast<std::size_t>(b)]) out(a, b) += A(i, j);
  for (Eigen::Index a = 0; a < w; ++a) out.row(a) /= static_cast<double>(groups[static_cast<std::size_t>(a)].size());
  return out;
}

TrainedModel::TrainedModel(Transformer<float> model, CharacterSet characters, std::string meta)
    : model_(std::move(model)), characters_(std::move(characters)), meta_(std::move(meta)) {
  const ModelShape& s = model_.shape();
  const int repeat_length = (s.context - 1) / 2;  // of the probes [start, s, s]
  induction_.assign(static_cast<std::size_t>(s.layers * s.heads), 0.0);
  Activations<float> activations;
  for (int p = 0; p < kRepeatProbes; ++p) {
    model_.forward(repeat_probe(s.context, s.vocab, mix_seed(kRepeatStream, static_cast<std::uint64_t>(p))), activations);
    for (int l = 0; l < s.layers; ++l)
      for (int h = 0; h < s.heads; ++h)
        induction_[static_cast<std::size_t>(l * s.heads + h)] += induction_score(head_matrix(activations, l, h), repeat_length) / kRepeatProbes;
  }
}

TrainedModel TrainedModel::load(const std::vector<std::uint8_t>& bytes) {
  ModelFile file = read_model_file(bytes);
  CharacterSet characters = [&] {
    try {
      return CharacterSet::from_symbols(file.characters);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("The model file has a bad character list: ") + e.what());
    }
  }();
  if (characters.size() != file.shape.vocab) throw std::invalid_argument("The model file lists a different number of characters than its vocabulary");
  Transformer<float> model(file.shape);
  model.parameters() = std::move(file.parameters);
  return TrainedModel(std::move(model), std::move(characters), std::move(file.meta_json));
}

CharacterSet::Encoded TrainedModel::encode(const std::string& text, int shortest) const {
  CharacterSet::Encoded e = characters_.encode(text);
  const int n = static_cast<int>(e.ids.size()), context = model_.shape().context;
  if (n < shortest || n > context)
    throw ArgumentError("text", "text must have " + std::to_string(shortest) + " to " + std::to_string(context) + " characters; got " + std::to_string(n));
  return e;
}

ModelLoss TrainedModel::forward(const std::string& text, const Matrix* mask, Activations<float>& activations) const {
  CharacterSet::Encoded e = encode(text, 2);
  model_.forward(e.ids, activations, mask);  // a bad mask throws ArgumentError("mask")
  ModelLoss out{std::move(e.characters), std::move(e.ids), std::move(e.unknown), 0.0, model_.position_losses(activations)};
  double total = 0;
  for (double loss : out.losses) total += loss;
  out.loss = total / static_cast<double>(out.losses.size());
  return out;
}

ModelLoss TrainedModel::loss(const std::string& text, const Matrix* mask) const {
  Activations<float> activations;
  return forward(text, mask, activations);
}

ModelRun TrainedModel::run(const std::string& text, const Matrix* mask, bool matrices) const {
  const ModelShape& s = model_.shape();
  Activations<float> activations;
  ModelLoss scored = forward(text, mask, activations);
  ModelRun r;
  r.loss = scored.loss;
  r.losses = std::move(scored.losses);
  if (matrices) {
    r.words.characters = word_groups(scored.characters);
    for (const auto& group : r.words.characters) {
      std::string label;
      for (int i : group)
        if (!is_space(scored.characters[static_cast<std::size_t>(i)])) label += scored.characters[static_cast<std::size_t>(i)];
      r.words.labels.push_back(label.empty() ? "(spaces)" : label);
    }
    r.attention.resize(static_cast<std::size_t>(s.layers));
    r.words.attention.resize(static_cast<std::size_t>(s.layers));
  }
  for (int l = 0; l < s.layers; ++l)
    for (int h = 0; h < s.heads; ++h) {
      Matrix A = head_matrix(activations, l, h);
      r.heads.push_back(HeadReport{l, h, previous_token_score(A), first_token_score(A), induction_[static_cast<std::size_t>(l * s.heads + h)],
                                   mean_attention_distance(A), mean_row_entropy(A), false});
      if (!matrices) continue;
      r.words.attention[static_cast<std::size_t>(l)].push_back(aggregate_words(A, r.words.characters));
      r.attention[static_cast<std::size_t>(l)].push_back(std::move(A));
    }
  r.characters = std::move(scored.characters);
  r.ids = std::move(scored.ids);
  r.unknown = std::move(scored.unknown);
  return r;
}

QueryKeyPlane TrainedModel::query_key(const std::string& text, int layer, int head) const {
  const ModelShape& s = model_.shape();
  if (layer < 0 || layer >= s.layers) throw ArgumentError("layer", "layer must be 0 to " + std::to_string(s.layers - 1));
  if (head < 0 || head >= s.heads) throw ArgumentError("head", "head must be 0 to " + std::to_string(s.heads - 1));
  const CharacterSet::Encoded e = encode(text, 2);
  Activations<float> activations;
  model_.forward(e.ids, activations);
  const int n = static_cast<int>(e.ids.size()), K = s.d_model / s.heads;
  const auto& layer_activations = activations.layers[static_cast<std::size_t>(layer)];
  Matrix both(2 * n, K);
  both.topRows(n) = layer_activations.qkv.query.middleCols(head * K, K).cast<double>();
  both.bottomRows(n) = layer_activations.qkv.key.middleCols(head * K, K).cast<double>();
  const Eigen::RowVectorXd mean = both.colwise().mean();
  const Matrix centred = both.rowwise() - mean;
  const Matrix covariance = centred.transpose() * centred / static_cast<double>(2 * n);
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(covariance);  // eigenvalues ascending
  const Matrix axes = eig.eigenvectors().rightCols(2).rowwise().reverse();
  const Matrix plane = centred * axes;
  const double total = eig.eigenvalues().sum();
  return QueryKeyPlane{plane.topRows(n), plane.bottomRows(n), total > 0 ? eig.eigenvalues().tail(2).sum() / total : 0.0};
}

}  // namespace atlas::model

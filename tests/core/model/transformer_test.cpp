// The hand-written backward pass against central finite differences, in double,
// for every tensor of a small model; causality; the loss at initialisation.
#include <cmath>
#include <string>
#include <vector>

#include "atlas/attention/random.hpp"
#include "atlas/model/transformer.hpp"
#include "helpers.hpp"

using atlas::model::ModelShape;
using atlas::model::Activations;
using atlas::model::Transformer;

namespace {

std::vector<std::vector<int>> random_batch(int count, int length, int vocab, std::uint64_t seed) {
  atlas::Rng rng(seed);
  std::vector<std::vector<int>> out(static_cast<std::size_t>(count));
  for (auto& seq : out)
    for (int t = 0; t < length; ++t) seq.push_back(static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(vocab)));
  return out;
}

struct Tensor {
  std::string name;
  std::int64_t at, size;
};

std::vector<Tensor> tensors_of(const ModelShape& s, const atlas::model::Offsets& o) {
  const std::int64_t D = s.d_model, F = 4 * D;
  std::vector<Tensor> t{{"wte", o.wte, s.vocab * D}, {"wpe", o.wpe, s.context * D}};
  for (std::size_t l = 0; l < o.layer.size(); ++l) {
    const auto& L = o.layer[l];
    const std::string p = "layer " + std::to_string(l) + " ";
    for (const Tensor& x : std::vector<Tensor>{{p + "ln1 gain", L.ln1_g, D}, {p + "ln1 bias", L.ln1_b, D}, {p + "wq", L.wq, D * D},
                                               {p + "wk", L.wk, D * D}, {p + "wv", L.wv, D * D}, {p + "wo", L.wo, D * D}})
      t.push_back(x);
    if (s.mlp)
      for (const Tensor& x : std::vector<Tensor>{{p + "ln2 gain", L.ln2_g, D}, {p + "ln2 bias", L.ln2_b, D}, {p + "w1", L.w1, D * F},
                                                 {p + "b1", L.b1, F}, {p + "w2", L.w2, F * D}, {p + "b2", L.b2, D}})
        t.push_back(x);
  }
  t.push_back({"lnf gain", o.lnf_g, D});
  t.push_back({"lnf bias", o.lnf_b, D});
  t.push_back({"wu", o.wu, D * s.vocab});
  return t;
}

// Perturbs the LayerNorm gains and biases away from 1 and 0, so that their
// gradients (and the paths through them) are checked in general position.
void perturb(Transformer<double>& model, std::uint64_t seed) {
  atlas::Rng rng(seed);
  for (double& p : model.parameters()) p += 0.3 * rng.normal();
}

void check_gradients(const ModelShape& shape, bool ablate) {
  Transformer<double> model(shape);
  model.initialize(7);
  perturb(model, 8);
  if (ablate) model.set_ablated(shape.layers - 1, 0, true);
  const auto batch = random_batch(3, shape.context, shape.vocab, 9);
  std::vector<double> grad;
  model.loss_and_gradient(batch, &grad);
  const double eps = 1e-5;
  for (const Tensor& t : tensors_of(shape, model.offsets())) {
    double diff = 0, sum = 0;
    for (std::int64_t i = 0; i < t.size; ++i) {
      double& p = model.parameters()[static_cast<std::size_t>(t.at + i)];
      const double saved = p;
      p = saved + eps;
      const double up = model.loss_and_gradient(batch, nullptr);
      p = saved - eps;
      const double down = model.loss_and_gradient(batch, nullptr);
      p = saved;
      const double numeric = (up - down) / (2 * eps);
      const double analytic = grad[static_cast<std::size_t>(t.at + i)];
      diff += (numeric - analytic) * (numeric - analytic);
      sum += (numeric + analytic) * (numeric + analytic);
    }
    INFO(t.name << ": |numeric - analytic| / |numeric + analytic| = " << std::sqrt(diff / sum));
    if (sum == 0.0) {
      // Only the ablated head's slice may have no gradient at all; the test
      // model's tensors are all reached otherwise.
      FAIL("tensor " << t.name << " got no gradient");
    }
    CHECK(std::sqrt(diff / sum) < 1e-6);
  }
}

}  // namespace

TEST_CASE("every parameter's gradient matches central finite differences (attention only)", "[model]") {
  check_gradients(ModelShape{2, 2, 8, 6, 5, false}, false);
}

TEST_CASE("every parameter's gradient matches central finite differences (with MLP)", "[model]") {
  check_gradients(ModelShape{2, 2, 4, 5, 4, true}, false);
}

TEST_CASE("with a head ablated, gradients still match and the head's own weights get none", "[model]") {
  const ModelShape shape{2, 2, 8, 6, 5, false};
  check_gradients(shape, true);
  Transformer<double> model(shape);
  model.initialize(3);
  model.set_ablated(1, 0, true);
  std::vector<double> grad;
  model.loss_and_gradient(random_batch(2, 6, 5, 4), &grad);
  const auto& L = model.offsets().layer[1];
  const int D = shape.d_model, K = D / shape.heads;
  for (int r = 0; r < D; ++r)
    for (int c = 0; c < K; ++c) REQUIRE(grad[static_cast<std::size_t>(L.wq + r * D + c)] == 0.0);
}

TEST_CASE("changing a later token leaves every earlier position's prediction unchanged", "[model]") {
  Transformer<double> model(ModelShape{2, 2, 8, 10, 7, true});
  model.initialize(5);
  std::vector<int> tokens{1, 2, 3, 4, 5, 6, 0, 1, 2, 3};
  Activations<double> a, b;
  model.forward(tokens, a);
  tokens[6] = 5;
  model.forward(tokens, b);
  for (int t = 0; t < 6; ++t) REQUIRE((a.probs.row(t) - b.probs.row(t)).cwiseAbs().maxCoeff() == 0.0);
  REQUIRE((a.probs.row(6) - b.probs.row(6)).cwiseAbs().maxCoeff() > 0.0);
  for (const auto& layer : a.layers)
    for (const auto& A : layer.attention) {
      atlas::test::require_stochastic_rows(A, 1e-12);
      REQUIRE(A.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff() == 0.0);
    }
}

TEST_CASE("at initialisation the loss is close to ln(vocab), and float agrees with double", "[model]") {
  const ModelShape shape{2, 2, 32, 24, 16, false};
  Transformer<double> d(shape);
  Transformer<float> f(shape);
  d.initialize(1);
  f.initialize(1);
  const auto batch = random_batch(4, 24, 16, 2);
  const double loss = d.loss_and_gradient(batch, nullptr);
  REQUIRE(loss == Approx(std::log(16.0)).margin(0.1));
  REQUIRE(f.loss_and_gradient(batch, nullptr) == Approx(loss).margin(1e-5));
}

TEST_CASE("bad shapes and tokens are named", "[model]") {
  REQUIRE_THROWS_WITH(Transformer<float>(ModelShape{0, 2, 32, 24, 16, false}), Catch::Contains("layers"));
  REQUIRE_THROWS_WITH(Transformer<float>(ModelShape{2, 3, 32, 24, 16, false}), Catch::Contains("heads must divide dModel"));
  Transformer<float> m(ModelShape{1, 1, 4, 4, 4, false});
  Activations<float> c;
  REQUIRE_THROWS_WITH(m.forward({0, 1, 2, 3, 0}, c), Catch::Contains("1 to 4 tokens"));
  REQUIRE_THROWS_WITH(m.forward({0, 9}, c), Catch::Contains("tokens must be 0 to 3"));
  REQUIRE_THROWS_WITH(m.set_ablated(1, 0, true), Catch::Contains("layer must be 0 to 0"));
}

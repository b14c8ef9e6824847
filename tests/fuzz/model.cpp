// Fuzzes what the trainer and the model loader take from the page: a model
// file (read_model_file, TrainedModel::load), a saved trainer (Trainer::load)
// as arbitrary bytes, both as mutations of a valid file (so the fuzzer gets
// past the checksum and reaches every field) and as raw bytes; and the
// trainer's options; generate's options on a loaded model. Invariants: only
// std::invalid_argument is thrown; a file that loads gives finite weights and
// a model that runs and generates (the KV cache within 1e-4 of recomputing);
// a trainer that starts steps without NaN.
#include <cmath>
#include <vector>

#include "atlas/model/bytes.hpp"
#include "atlas/model/model_file.hpp"
#include "atlas/model/trained_model.hpp"
#include "atlas/model/trainer.hpp"
#include "fuzz_input.hpp"
#include "invariants.hpp"

namespace {

using namespace atlas::model;
using namespace atlas::fuzz;

// Flips, truncates or extends a valid file, then (usually) re-seals its checksum.
std::vector<std::uint8_t> mutate(FuzzedDataProvider& in, std::vector<std::uint8_t> bytes) {
  const int edits = in.ConsumeIntegralInRange(0, 8);
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    const std::size_t at = in.ConsumeIntegralInRange<std::size_t>(0, bytes.size() - 1);
    switch (in.ConsumeIntegralInRange(0, 3)) {
      case 0: bytes[at] = in.ConsumeIntegral<std::uint8_t>(); break;
      case 1: bytes.resize(at); break;
      case 2: bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), in.ConsumeIntegral<std::uint8_t>()); break;
      default: bytes[at] ^= 1u << in.ConsumeIntegralInRange(0, 7); break;
    }
  }
  if (bytes.size() >= 8 && in.ConsumeBool()) {
    const std::uint32_t sum = fnv1a(bytes.data(), bytes.size() - 4);
    for (int i = 0; i < 4; ++i) bytes[bytes.size() - 4 + i] = static_cast<std::uint8_t>(sum >> (8 * i));
  }
  return bytes;
}

std::vector<std::uint8_t> small_model_file() {
  const ModelShape shape{1, 2, 4, 8, 4, true};
  Transformer<float> m(shape);
  m.initialize(1);
  return write_model_file(ModelFile{shape, std::string(CharacterSet::kUnknown) + "ab ", "{\"x\":1}", m.parameters()});
}

std::vector<std::uint8_t> small_trainer_file() {
  TrainerOptions o;
  o.shape = ModelShape{1, 1, 4, 8, 4, false};
  o.batch = 1;
  Trainer t(o);
  t.step(1);
  return t.save();
}

void model_file(FuzzedDataProvider& in) {
  static const std::vector<std::uint8_t> valid = small_model_file();
  const std::vector<std::uint8_t> bytes = in.ConsumeBool() ? mutate(in, valid) : in.ConsumeBytes<std::uint8_t>(512);
  const TrainedModel m = TrainedModel::load(bytes);
  const ModelRun r = m.run(in.ConsumeRandomLengthString(16));
  check(std::isfinite(r.loss), "a loaded model's loss is finite");
  for (const auto& layer : r.attention)
    for (const auto& A : layer) require_distribution_rows(A, "model attention rows (float32: within 1e-5)", false, 1e-5);
  GenerateOptions options;
  options.steps = in.ConsumeIntegralInRange(-1, 9);
  options.temperature = number_in(in, 0.0, 3.0);
  options.top_k = in.ConsumeIntegralInRange(-1, 6);
  options.seed = in.ConsumeIntegral<std::uint64_t>();
  options.cache = in.ConsumeBool();
  options.compare = in.ConsumeBool();
  const Generation g = m.generate(in.ConsumeRandomLengthString(8), options);
  check(static_cast<int>(g.characters.size()) == options.steps, "generate writes `steps` characters");
  check(!options.compare || *g.max_difference <= 1e-4, "the KV cache agrees with recomputing");
}

void trainer_file(FuzzedDataProvider& in) {
  static const std::vector<std::uint8_t> valid = small_trainer_file();
  const std::vector<std::uint8_t> bytes = in.ConsumeBool() ? mutate(in, valid) : in.ConsumeBytes<std::uint8_t>(512);
  Trainer t = Trainer::load(bytes);
  const StepResult r = t.step(1);
  check(std::isfinite(r.loss), "a loaded trainer steps to a finite loss");
}

void options(FuzzedDataProvider& in) {
  TrainerOptions o;
  o.task = in.ConsumeBool() ? "induction" : in.ConsumeRandomLengthString(12);
  o.seed = in.ConsumeIntegral<std::uint64_t>();
  o.shape = ModelShape{atlas::fuzz::size(in, 1, 2, 8), atlas::fuzz::size(in, 1, 2, 16), atlas::fuzz::size(in, 2, 8, 256),
                       atlas::fuzz::size(in, 8, 12, 64), atlas::fuzz::size(in, 4, 8, 64), in.ConsumeBool()};
  o.batch = atlas::fuzz::size(in, 1, 2, 64);
  o.learning_rate = number(in);
  o.weight_decay = in.ConsumeBool() ? 0.01 : number(in);
  o.clip = in.ConsumeBool() ? 1.0 : number(in);
  Trainer t(o);
  const StepResult r = t.step(1);
  check(std::isfinite(r.loss), "the first step's loss is finite (or training stopped with a message)");
  for (const HeadReport& h : t.evaluate().heads) check(std::isfinite(h.entropy) && std::isfinite(h.induction), "head scores are finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange(0, 2)) {
    case 0: expect_ok_or_invalid([&] { model_file(in); }); break;
    case 1: expect_ok_or_invalid([&] { trainer_file(in); }); break;
    default: expect_ok_or_invalid([&] { options(in); }); break;
  }
  return 0;
}

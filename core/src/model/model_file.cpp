#include "atlas/model/model_file.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "atlas/model/bytes.hpp"
#include "atlas/model/shape_bytes.hpp"

namespace atlas::model {
namespace {
constexpr std::uint32_t kVersion = 1;
}

std::uint16_t to_half(float value) {
  std::uint32_t f;
  std::memcpy(&f, &value, 4);
  const std::uint32_t sign = (f >> 16) & 0x8000u;
  const std::uint32_t abs = f & 0x7fffffffu;
  if (abs >= 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
  if (abs >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds past 65504: infinity
  if (abs < 0x38800000u) {                                                    // subnormal half (or zero)
    const float scaled = std::fabs(value) * 16777216.0f;                     // 2^24: units of the smallest subnormal
    return static_cast<std::uint16_t>(sign | static_cast<std::uint32_t>(std::nearbyint(scaled)));
  }
  // Normal: rebias the exponent, round the 13 dropped mantissa bits to nearest even.
  const std::uint32_t rounded = abs + 0xfffu + ((abs >> 13) & 1u);
  return static_cast<std::uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
}

float from_half(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  float out;
  if (exp == 0) {
    out = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -out : out;
  }
  const std::uint32_t bits = exp == 31 ? (sign | 0x7f800000u | (mant << 13)) : (sign | ((exp + 112u) << 23) | (mant << 13));
  std::memcpy(&out, &bits, 4);
  return out;
}

std::vector<std::uint8_t> write_model_file(const ModelFile& file) {
  validate(file.shape);
  if (static_cast<std::int64_t>(file.parameters.size()) != parameter_count(file.shape))
    throw std::invalid_argument("the model's parameter count does not match its shape");
  ByteWriter w;
  w.tag("ATLM");
  w.u32(kVersion);
  write_shape(w, file.shape);
  w.text(file.characters);
  w.text(file.meta_json);
  w.u64(file.parameters.size());
  for (float p : file.parameters) {
    const std::uint16_t h = to_half(p);
    w.u8(static_cast<std::uint8_t>(h & 0xff));
    w.u8(static_cast<std::uint8_t>(h >> 8));
  }
  return w.finish();
}

ModelFile read_model_file(const std::vector<std::uint8_t>& bytes) {
  ByteReader r(bytes, "model file");
  r.expect_tag("ATLM");
  const std::uint32_t version = r.u32("version");
  if (version != kVersion) r.fail("has version " + std::to_string(version) + "; this page reads version 1");
  ModelFile f;
  f.shape = read_shape(r);
  try {
    validate(f.shape);
  } catch (const std::invalid_argument& e) {
    r.fail(std::string("has an invalid shape: ") + e.what());
  }
  f.characters = r.text("characters", 4 * 256);
  f.meta_json = r.text("meta", 1 << 20);
  const std::uint64_t count = r.u64("parameter count");
  if (count != static_cast<std::uint64_t>(parameter_count(f.shape))) r.fail("has a parameter count that does not match its shape");
  f.parameters.resize(count);
  for (float& p : f.parameters) {
    const std::uint16_t lo = r.u8("weights"), hi = r.u8("weights");
    p = from_half(static_cast<std::uint16_t>(lo | (hi << 8)));
    if (!std::isfinite(p)) r.fail("has a weight that is not a finite number");
  }
  r.expect_end();
  return f;
}

}  // namespace atlas::model

#include "atlas/model/bytes.hpp"

#include <cstring>
#include <stdexcept>

namespace atlas::model {

std::uint32_t fnv1a(const std::uint8_t* data, std::size_t size) {
  std::uint32_t h = 2166136261u;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
  return h;
}

void ByteWriter::u32(std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void ByteWriter::u64(std::uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void ByteWriter::f32(float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  u32(bits);
}
void ByteWriter::f64(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, 8);
  u64(bits);
}
void ByteWriter::text(const std::string& s) {
  u32(static_cast<std::uint32_t>(s.size()));
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}
void ByteWriter::tag(const char (&four)[5]) {
  for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<std::uint8_t>(four[i]));
}
std::vector<std::uint8_t> ByteWriter::finish() {
  u32(fnv1a(bytes_.data(), bytes_.size()));
  return bytes_;
}

ByteReader::ByteReader(const std::vector<std::uint8_t>& bytes, std::string kind) : bytes_(bytes), kind_(std::move(kind)) {
  if (bytes_.size() < 8) fail("is too short (" + std::to_string(bytes_.size()) + " bytes)");
  end_ = bytes_.size() - 4;
  std::uint32_t stored = 0;
  for (int i = 0; i < 4; ++i) stored |= static_cast<std::uint32_t>(bytes_[end_ + i]) << (8 * i);
  if (stored != fnv1a(bytes_.data(), end_)) fail("is damaged or truncated (its checksum does not match)");
}

void ByteReader::fail(const std::string& what) const { throw std::invalid_argument("The " + kind_ + " " + what); }

void ByteReader::need(std::size_t count, const char* field) {
  if (end_ - at_ < count) fail(std::string("is truncated: it ends inside '") + field + "'");
}
std::uint8_t ByteReader::u8(const char* field) {
  need(1, field);
  return bytes_[at_++];
}
std::uint32_t ByteReader::u32(const char* field) {
  need(4, field);
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes_[at_++]) << (8 * i);
  return v;
}
std::uint64_t ByteReader::u64(const char* field) {
  need(8, field);
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(bytes_[at_++]) << (8 * i);
  return v;
}
float ByteReader::f32(const char* field) {
  const std::uint32_t bits = u32(field);
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}
double ByteReader::f64(const char* field) {
  const std::uint64_t bits = u64(field);
  double v;
  std::memcpy(&v, &bits, 8);
  return v;
}
std::string ByteReader::text(const char* field, std::size_t max_length) {
  const std::uint32_t size = u32(field);
  if (size > max_length) fail(std::string("has a '") + field + "' longer than " + std::to_string(max_length) + " bytes");
  need(size, field);
  std::string s(bytes_.begin() + static_cast<std::ptrdiff_t>(at_), bytes_.begin() + static_cast<std::ptrdiff_t>(at_ + size));
  at_ += size;
  return s;
}
void ByteReader::expect_tag(const char (&four)[5]) {
  need(4, "file tag");
  for (int i = 0; i < 4; ++i)
    if (bytes_[at_ + i] != static_cast<std::uint8_t>(four[i])) fail(std::string("does not start with the tag '") + four + "'");
  at_ += 4;
}
void ByteReader::expect_end() {
  if (at_ != end_) fail("has " + std::to_string(end_ - at_) + " unexpected bytes at its end");
}

}  // namespace atlas::model

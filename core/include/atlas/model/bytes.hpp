// Little-endian byte writer and reader for the model's files (a saved trainer,
// the shipped weights). Every read is bounds-checked: a truncated or altered
// file throws std::invalid_argument naming the file kind and the field, never
// reads past the end. An FNV-1a checksum over the body detects altered bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace atlas::model {

class ByteWriter {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(v); }
  void u32(std::uint32_t v);
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void u64(std::uint64_t v);
  void f32(float v);
  void f64(double v);
  void text(const std::string& s);  // u32 length + bytes
  void tag(const char (&four)[5]);  // four ASCII characters
  // Appends the FNV-1a checksum of everything written so far.
  std::vector<std::uint8_t> finish();

 private:
  std::vector<std::uint8_t> bytes_;
};

class ByteReader {
 public:
  // kind: "saved trainer", "model file", ... (appears in every message).
  // Checks the trailing checksum first.
  ByteReader(const std::vector<std::uint8_t>& bytes, std::string kind);

  std::uint8_t u8(const char* field);
  std::uint32_t u32(const char* field);
  std::int32_t i32(const char* field) { return static_cast<std::int32_t>(u32(field)); }
  std::uint64_t u64(const char* field);
  float f32(const char* field);
  double f64(const char* field);
  std::string text(const char* field, std::size_t max_length);
  void expect_tag(const char (&four)[5]);
  // Throws unless every byte before the checksum was read.
  void expect_end();
  [[noreturn]] void fail(const std::string& what) const;

 private:
  const std::vector<std::uint8_t>& bytes_;
  std::string kind_;
  std::size_t at_ = 0, end_ = 0;
  void need(std::size_t count, const char* field);
};

std::uint32_t fnv1a(const std::uint8_t* data, std::size_t size);

}  // namespace atlas::model

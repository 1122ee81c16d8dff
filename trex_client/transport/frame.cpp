#include "trex_client/transport/frame.hpp"

#include <zlib.h>

#include <array>

namespace trexsearch::trex {
namespace {

constexpr std::size_t header_bytes = 8;

std::uint32_t read_be32(std::string_view bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    value = (value << 8) | static_cast<std::uint8_t>(bytes[offset + i]);
  }
  return value;
}

void append_be32(std::string& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((value >> shift) & 0xFFu));
  }
}

}  // namespace

bool is_compressed_frame(std::string_view message) {
  return message.size() >= header_bytes && read_be32(message, 0) == compressed_frame_magic;
}

std::string compress_frame(std::string_view json) {
  uLongf bound = compressBound(static_cast<uLong>(json.size()));
  std::string out;
  out.reserve(header_bytes + bound);
  append_be32(out, compressed_frame_magic);
  append_be32(out, static_cast<std::uint32_t>(json.size()));
  out.resize(header_bytes + bound);
  const int rc =
      compress(reinterpret_cast<Bytef*>(out.data() + header_bytes), &bound,
               reinterpret_cast<const Bytef*>(json.data()), static_cast<uLong>(json.size()));
  if (rc != Z_OK) {
    // Only Z_MEM_ERROR is possible with a compressBound-sized buffer.
    throw FrameError("zlib compress failed with code " + std::to_string(rc));
  }
  out.resize(header_bytes + bound);
  return out;
}

std::string decompress_frame(std::string_view frame, std::size_t max_uncompressed_bytes) {
  if (!is_compressed_frame(frame)) {
    throw FrameError("not a compressed frame (missing magic 0xABE85CEA)");
  }
  const std::uint32_t announced = read_be32(frame, 4);
  if (announced > max_uncompressed_bytes) {
    throw FrameError("compressed frame announces " + std::to_string(announced) +
                     " bytes, more than the limit of " + std::to_string(max_uncompressed_bytes));
  }
  std::string out(announced, '\0');
  uLongf size = announced;
  // A zero-length payload still needs a valid destination pointer for zlib.
  std::array<Bytef, 1> dummy{};
  Bytef* destination = announced > 0 ? reinterpret_cast<Bytef*>(out.data()) : dummy.data();
  if (announced == 0) size = static_cast<uLongf>(dummy.size());
  const int rc =
      uncompress(destination, &size, reinterpret_cast<const Bytef*>(frame.data() + header_bytes),
                 static_cast<uLong>(frame.size() - header_bytes));
  if (rc != Z_OK) {
    const char* reason = rc == Z_BUF_ERROR    ? "payload longer than announced"
                         : rc == Z_DATA_ERROR ? "corrupt zlib stream"
                                              : "zlib error";
    throw FrameError("cannot decompress frame: " + std::string(reason) + " (zlib code " +
                     std::to_string(rc) + ")");
  }
  if (announced == 0 ? size != 0 : size != announced) {
    throw FrameError("compressed frame announces " + std::to_string(announced) +
                     " bytes but holds " + std::to_string(size));
  }
  return out;
}

}  // namespace trexsearch::trex

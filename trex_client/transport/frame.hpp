#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace trexsearch::trex {

/// First four bytes (big-endian) of a compressed TRex message (trex-protocol.md §1.3).
inline constexpr std::uint32_t compressed_frame_magic = 0xABE85CEAu;
/// TRex's MAX_RPC_MSG_LEN: the largest request, raw or decompressed, it accepts (§1.4).
inline constexpr std::size_t max_rpc_message_bytes = 999'999;

/// A message that claims to be a compressed frame but cannot be decoded.
class FrameError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// True when `message` starts with the compression magic and has room for the header.
bool is_compressed_frame(std::string_view message);

/// magic + big-endian uncompressed length + zlib stream (default level), as TRex and
/// its Python client produce.
std::string compress_frame(std::string_view json);

/// The JSON text inside a compressed frame. Throws FrameError when the zlib stream is
/// corrupt, when its length differs from the header, or when the header announces more
/// than `max_uncompressed_bytes`.
std::string decompress_frame(std::string_view frame,
                             std::size_t max_uncompressed_bytes = std::size_t{64} * 1024 * 1024);

}  // namespace trexsearch::trex

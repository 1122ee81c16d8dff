// Fuzz body: what TRex (or anything listening on its port) sends back. Input layout,
// so seeds stay readable: "method1,method2,...\n" (the batch that was sent, ids
// id000001, id000002, ...) then the reply message, plain JSON or a zlib frame
// (trex-protocol.md §1.3). Every accepted element is decoded as its method's result.

#include <cstdint>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_bodies.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/transport/frame.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::fuzz {
namespace {

using trex::codec::ReplyElement;
using trex::codec::SentRequest;

/// A bounded batch: TRex clients never send more than a handful per message.
constexpr std::size_t kMaxBatch = 8;
/// Smaller than the client's 64 MiB so one fuzz input stays fast; same code path.
constexpr std::size_t kMaxUncompressed = std::size_t{1} << 20;

std::vector<SentRequest> sent_requests(std::string_view header) {
  std::vector<SentRequest> sent;
  while (sent.size() < kMaxBatch) {
    const std::size_t comma = header.find(',');
    std::string id = std::to_string(sent.size() + 1);
    id.insert(0, 8 - id.size(), '0');
    id.replace(0, 2, "id");
    sent.push_back({std::string(header.substr(0, comma)), id});
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return sent;
}

void decode(const ReplyElement& reply, std::uint8_t port) {
  namespace c = trex::codec;
  const std::string& method = reply.method();
  if (method == "api_sync_v2") {
    static_cast<void>(c::decode_api_handle(reply));
  } else if (method == "ping") {
    static_cast<void>(c::decode_ping(reply));
  } else if (method == "get_version") {
    static_cast<void>(c::decode_version(reply));
  } else if (method == "get_system_info") {
    static_cast<void>(c::decode_system_info(reply));
  } else if (method == "get_supported_cmds") {
    static_cast<void>(c::decode_supported_cmds(reply));
  } else if (method == "get_port_status") {
    static_cast<void>(c::decode_port_status(reply, port));
  } else if (method == "acquire") {
    static_cast<void>(c::decode_handler(reply));
  } else if (method == "start_traffic") {
    static_cast<void>(c::decode_start_traffic(reply));
  } else if (method == "get_port_stats") {
    static_cast<void>(c::decode_port_stats(reply, port));
  } else if (method == "get_global_stats") {
    static_cast<void>(c::decode_global_stats(reply));
  } else if (method == "get_pgid_stats") {
    // Per-stream counters and the latency part (histograms, hdrh strings): TRex's
    // biggest and most nested reply.
    static_cast<void>(c::decode_pgid_stats(reply));
    static_cast<void>(c::decode_pgid_latency(reply));
  } else if (method == "get_async_events") {
    static_cast<void>(c::decode_async_events(reply));
  } else {
    c::decode_done(reply);
  }
}

}  // namespace

void fuzz_trex_reply(std::string_view data) {
  const std::size_t newline = data.find('\n');
  if (newline == std::string_view::npos) return;
  const std::vector<SentRequest> sent = sent_requests(data.substr(0, newline));
  std::string_view message = data.substr(newline + 1);

  std::string text(message);
  if (trex::is_compressed_frame(message)) {
    try {
      text = trex::decompress_frame(message, kMaxUncompressed);
    } catch (const trex::FrameError&) {
      return;
    }
  }
  // Framing round trip: whatever text we got must survive compress + decompress.
  require_round_trip(trex::decompress_frame(trex::compress_frame(text), kMaxUncompressed) == text,
                     "zlib frame");

  std::vector<ReplyElement> replies;
  try {
    replies = trex::codec::parse_reply(text, "tcp://fuzz:4501", sent);
  } catch (const trex::TrexError&) {
    return;
  }
  require_round_trip(replies.size() == sent.size(), "batch size");
  for (std::size_t i = 0; i < replies.size(); ++i) {
    try {
      decode(replies[i], static_cast<std::uint8_t>(i));
    } catch (const trex::TrexError&) {
      // A malformed result is a protocol error for this element; try the others.
    }
  }
}

}  // namespace trexsearch::fuzz

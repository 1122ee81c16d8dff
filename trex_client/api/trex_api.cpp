#include "trex_client/api/trex_api.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <stop_token>

#include "measure/errors.hpp"
#include "trex_client/api/trex_api_batch.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/request_codec.hpp"
#include "trex_client/transport/rpc_stop.hpp"

namespace trexsearch::trex {

namespace {

// Python's BatchMessage splits at 500,000 characters of JSON (trex-protocol.md §1.4),
// comfortably below the server's 999,999-byte limit.
constexpr std::size_t batch_chunk_chars = 500'000;

// TRex answers -32001 "Try again later" while busy (e.g. RX configuration tasks);
// the command did not run. Like the Python client (trex-protocol.md §1.7), ask
// again every 0.3 s for up to max(timeout, 3 s).
constexpr int kTryAgainLater = -32001;
constexpr measure::Seconds kBusyRetryInterval{0.3};
constexpr measure::Seconds kBusyRetryMin{3.0};

// Whether the exchange can be sent again whole after a "busy" element: a single
// command did not run at all; in a batch the other elements did, which is harmless
// only when they just read.
bool can_resend(const std::vector<codec::SentRequest>& sent) {
  return sent.size() == 1 || std::all_of(sent.begin(), sent.end(), [](const auto& request) {
           return request.method.starts_with("get_") || request.method == "ping";
         });
}

// Waits `duration` unless the thread's RPC stop (RpcStopScope) is requested first;
// false then.
bool wait_unless_stopped(measure::Seconds duration) {
  const RpcStopScope* scope = RpcStopScope::current();
  const std::stop_token stop = scope != nullptr ? scope->token() : std::stop_token{};
  std::mutex mutex;
  std::condition_variable_any never;
  std::unique_lock lock(mutex);
  never.wait_for(lock, stop,
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(duration),
                 [] { return false; });
  return !stop.stop_requested();
}

}  // namespace

// TRex's "busy": the command it names did not run.
bool is_busy_reply(const TrexError& error) {
  return error.kind() == TrexErrorKind::rpc && error.rpc_code() == kTryAgainLater;
}

TrexApi::TrexApi(std::unique_ptr<RpcChannel> channel, measure::Seconds timeout)
    : channel_(std::move(channel)), timeout_(timeout) {
  if (!channel_) throw measure::ConfigError("trex channel", "null", "a TRex API needs a channel");
  set_timeout(timeout);
}

void TrexApi::set_timeout(measure::Seconds timeout) {
  if (!std::isfinite(timeout.count()) || timeout.count() <= 0.0) {
    throw measure::ConfigError("trex rpc timeout", measure::format_value(timeout.count()),
                               "must be > 0 [s]");
  }
  timeout_ = timeout;
}

std::string TrexApi::next_id() {
  // Eight characters of [a-z0-9] like the Python client's ids; a counter keeps them
  // unique within the session.
  static constexpr char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::uint64_t n = next_id_++;
  std::string id(8, '0');
  for (std::size_t i = 8; i-- > 0;) {
    id[i] = digits[n % 36];
    n /= 36;
  }
  return id;
}

void TrexApi::send(Batch& batch) {
  const std::string text =
      batch.texts.size() == 1 ? batch.texts.front() : codec::encode_batch(batch.texts);
  std::string method = batch.sent.size() == 1 ? batch.sent.front().method : "batch";
  if (batch.sent.size() > 1) {
    method = "batch[";
    for (std::size_t i = 0; i < batch.sent.size(); ++i) {
      method += (i > 0 ? "," : "") + batch.sent[i].method;
    }
    method += "]";
  }
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto deadline =
      started + std::chrono::duration_cast<Clock::duration>(std::max(timeout_, kBusyRetryMin));
  for (int attempt = 1;; ++attempt) {
    ++exchanges_;
    const std::string reply = channel_->exchange(text, method, timeout_);
    try {
      batch.replies = codec::parse_reply(reply, channel_->endpoint(), batch.sent);
      return;
    } catch (const TrexError& error) {
      if (!is_busy_reply(error) || !can_resend(batch.sent)) {
        throw;
      }
      if (Clock::now() + std::chrono::duration_cast<Clock::duration>(kBusyRetryInterval) >
          deadline) {
        throw TrexError(TrexErrorKind::rpc, channel_->endpoint(), method,
                        "TRex stayed busy (\"Try again later\") for " + std::to_string(attempt) +
                            " attempts over " +
                            measure::format_value(
                                std::chrono::duration<double>(Clock::now() - started).count()) +
                            " s",
                        kTryAgainLater, error.specific_err());
      }
    }
    if (!wait_unless_stopped(kBusyRetryInterval)) {
      throw TrexError(TrexErrorKind::transport, channel_->endpoint(), method,
                      "gave up waiting for a busy TRex: the job was asked to stop", std::nullopt,
                      {}, true);
    }
    ++busy_retries_;
  }
}

std::string TrexApi::api_sync_v2(const ApiVersion& version) {
  Batch batch;
  const std::string id = next_id();
  batch.add("api_sync_v2", id, codec::encode_api_sync_v2({id, ""}, version));
  send(batch);
  api_h_ = codec::decode_api_handle(batch.reply(0));
  return api_h_;
}

double TrexApi::ping() {
  Batch batch;
  const std::string id = next_id();
  batch.add("ping", id, codec::encode_plain({id, api_h_}, "ping"));
  send(batch);
  return codec::decode_ping(batch.reply(0));
}

VersionInfo TrexApi::get_version() {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_version", id, codec::encode_plain({id, api_h_}, "get_version"));
  send(batch);
  return codec::decode_version(batch.reply(0));
}

SystemInfo TrexApi::get_system_info() {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_system_info", id, codec::encode_plain({id, api_h_}, "get_system_info"));
  send(batch);
  return codec::decode_system_info(batch.reply(0));
}

std::vector<std::string> TrexApi::get_supported_cmds() {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_supported_cmds", id, codec::encode_plain({id, api_h_}, "get_supported_cmds"));
  send(batch);
  return codec::decode_supported_cmds(batch.reply(0));
}

PortStatus TrexApi::get_port_status(std::uint8_t port_id) {
  const std::uint8_t ids[] = {port_id};
  return get_port_statuses(ids).front();
}

std::vector<PortStatus> TrexApi::get_port_statuses(std::span<const std::uint8_t> port_ids) {
  if (port_ids.empty()) return {};
  Batch batch;
  for (std::uint8_t port_id : port_ids) {
    const std::string id = next_id();
    batch.add("get_port_status", id, codec::encode_get_port_status({id, api_h_}, port_id));
  }
  send(batch);
  std::vector<PortStatus> statuses;
  for (std::size_t i = 0; i < port_ids.size(); ++i) {
    statuses.push_back(codec::decode_port_status(batch.reply(i), port_ids[i]));
  }
  return statuses;
}

OwnedPort TrexApi::acquire(const AcquireRequest& request) {
  if (request.session_id == 0) {
    // TRex asserts (and aborts) on session id 0 (trex-protocol.md §2.0).
    throw measure::ConfigError("session_id", "0", "TRex requires a non-zero session id");
  }
  Batch batch;
  const std::string id = next_id();
  batch.add("acquire", id, codec::encode_acquire({id, api_h_}, request));
  send(batch);
  return OwnedPort{request.port_id, codec::decode_handler(batch.reply(0))};
}

void TrexApi::release(const OwnedPort& port) {
  Batch batch;
  const std::string id = next_id();
  batch.add("release", id, codec::encode_owned({id, api_h_}, "release", port));
  send(batch);
  codec::decode_done(batch.reply(0));
}

void TrexApi::set_service_mode(const OwnedPort& port, bool enabled) {
  Batch batch;
  const std::string id = next_id();
  batch.add("service", id, codec::encode_service({id, api_h_}, port, enabled));
  send(batch);
  codec::decode_done(batch.reply(0));
}

void TrexApi::remove_all_streams(const OwnedPort& port, std::string_view profile_id) {
  Batch batch;
  const std::string id = next_id();
  batch.add("remove_all_streams", id,
            codec::encode_owned({id, api_h_}, "remove_all_streams", port, profile_id));
  send(batch);
  codec::decode_done(batch.reply(0));
}

void TrexApi::add_stream(const OwnedPort& port, std::uint32_t stream_id, const StreamSpec& stream,
                         std::string_view profile_id) {
  const NumberedStream streams[] = {{stream_id, stream}};
  add_streams(port, streams, profile_id);
}

void TrexApi::add_streams(const OwnedPort& port, std::span<const NumberedStream> streams,
                          std::string_view profile_id) {
  Batch batch;
  std::size_t chars = 0;
  for (const NumberedStream& numbered : streams) {
    const std::string id = next_id();
    std::string text = codec::encode_add_stream({id, api_h_}, port, numbered.stream_id,
                                                numbered.stream, profile_id);
    if (!batch.texts.empty() && chars + text.size() > batch_chunk_chars) {
      send(batch);
      for (const codec::ReplyElement& reply : batch.replies) codec::decode_done(reply);
      batch = Batch{};
      chars = 0;
    }
    chars += text.size();
    batch.add("add_stream", id, std::move(text));
  }
  if (batch.texts.empty()) return;
  send(batch);
  for (const codec::ReplyElement& reply : batch.replies) codec::decode_done(reply);
}

StartTrafficReply TrexApi::start_traffic(const OwnedPort& port,
                                         const StartTrafficRequest& request) {
  const PortStart starts[] = {{port, request}};
  return start_traffic(starts).front();
}

std::vector<StartTrafficReply> TrexApi::start_traffic(std::span<const PortStart> starts) {
  return start_traffic(starts, {});
}

std::vector<StartTrafficReply> TrexApi::start_traffic(std::span<const PortStart> starts,
                                                      std::span<const OwnedPort> release) {
  if (starts.empty() && release.empty()) return {};
  Batch batch;
  for (const OwnedPort& port : release) {
    const std::string id = next_id();
    batch.add("remove_rx_filters", id,
              codec::encode_owned({id, api_h_}, "remove_rx_filters", port, "_"));
  }
  for (const PortStart& start : starts) {
    const std::string id = next_id();
    batch.add("start_traffic", id,
              codec::encode_start_traffic({id, api_h_}, start.port, start.request));
  }
  // The ping's server time closes the last start's hand-off window (about 0.2 ms).
  const std::string ping_id = next_id();
  batch.add("ping", ping_id, codec::encode_plain({ping_id, api_h_}, "ping"));
  send(batch);
  for (std::size_t i = 0; i < release.size(); ++i) codec::decode_done(batch.reply(i));
  std::vector<StartTrafficReply> replies;
  for (std::size_t i = release.size(); i + 1 < batch.size(); ++i) {
    replies.push_back(codec::decode_start_traffic(batch.reply(i)));
  }
  const double ping_ts = codec::decode_ping(batch.reply(batch.size() - 1));
  for (std::size_t i = 0; i < replies.size(); ++i) {
    replies[i].next_server_ts = i + 1 < replies.size() ? replies[i + 1].server_ts : ping_ts;
  }
  return replies;
}

void TrexApi::stop_traffic(const OwnedPort& port) {
  const OwnedPort ports[] = {port};
  stop_traffic(ports);
}

void TrexApi::stop_traffic(std::span<const OwnedPort> ports, std::string_view profile_id) {
  if (ports.empty()) return;
  Batch batch;
  for (const OwnedPort& port : ports) {
    const std::string id = next_id();
    batch.add("stop_traffic", id,
              codec::encode_owned({id, api_h_}, "stop_traffic", port, profile_id));
  }
  send(batch);
  for (const codec::ReplyElement& reply : batch.replies) codec::decode_done(reply);
}

void TrexApi::remove_rx_filters(std::span<const OwnedPort> ports, std::string_view profile_id) {
  if (ports.empty()) return;
  Batch batch;
  for (const OwnedPort& port : ports) {
    const std::string id = next_id();
    batch.add("remove_rx_filters", id,
              codec::encode_owned({id, api_h_}, "remove_rx_filters", port, profile_id));
  }
  send(batch);
  for (const codec::ReplyElement& reply : batch.replies) codec::decode_done(reply);
}

}  // namespace trexsearch::trex

// TrexApi's counter reads: port, global and per-stream (pg_id) statistics, alone or
// batched behind the stops that end a trial, and the async events.
#include "trex_client/api/trex_api.hpp"
#include "trex_client/api/trex_api_batch.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/request_codec.hpp"

namespace trexsearch::trex {

PortCounters TrexApi::get_port_stats(std::uint8_t port_id) {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_port_stats", id, codec::encode_get_port_stats({id, api_h_}, port_id));
  send(batch);
  return codec::decode_port_stats(batch.reply(0), port_id);
}

GlobalCounters TrexApi::get_global_stats() {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_global_stats", id, codec::encode_plain({id, api_h_}, "get_global_stats"));
  send(batch);
  return codec::decode_global_stats(batch.reply(0));
}

void TrexApi::add_stats_requests(Batch& batch, std::span<const std::uint8_t> port_ids,
                                 std::span<const std::uint32_t> pg_ids) {
  // TRex refuses more than 1152 pg_ids per call (MAX_ALLOWED_PGID_LIST_LEN).
  constexpr std::size_t max_pgids_per_call = 1152;
  std::string id = next_id();
  batch.add("get_global_stats", id, codec::encode_plain({id, api_h_}, "get_global_stats"));
  for (std::uint8_t port_id : port_ids) {
    id = next_id();
    batch.add("get_port_stats", id, codec::encode_get_port_stats({id, api_h_}, port_id));
  }
  // TRex's clock at the read, next to the per-stream counts: a trial's pace is judged
  // in TRex's time, not in the measurer's (docs/trials.md).
  id = next_id();
  batch.add("ping", id, codec::encode_plain({id, api_h_}, "ping"));
  for (std::size_t first = 0; first < pg_ids.size(); first += max_pgids_per_call) {
    id = next_id();
    batch.add("get_pgid_stats", id,
              codec::encode_get_pgid_stats(
                  {id, api_h_},
                  pg_ids.subspan(first, std::min(max_pgids_per_call, pg_ids.size() - first))));
  }
}

StatsSnapshot TrexApi::decode_stats(const Batch& batch, std::size_t first,
                                    std::span<const std::uint8_t> port_ids, std::size_t end) {
  StatsSnapshot snapshot;
  snapshot.global = codec::decode_global_stats(batch.reply(first));
  for (std::size_t i = 0; i < port_ids.size(); ++i) {
    snapshot.ports.push_back(codec::decode_port_stats(batch.reply(first + 1 + i), port_ids[i]));
  }
  snapshot.server_time_s = codec::decode_ping(batch.reply(first + 1 + port_ids.size()));
  for (std::size_t reply = first + port_ids.size() + 2; reply < std::min(end, batch.size());
       ++reply) {
    std::vector<PgCounters> part = codec::decode_pgid_stats(batch.reply(reply));
    snapshot.pgids.insert(snapshot.pgids.end(), std::make_move_iterator(part.begin()),
                          std::make_move_iterator(part.end()));
    std::vector<PgLatency> latency = codec::decode_pgid_latency(batch.reply(reply));
    snapshot.latency.insert(snapshot.latency.end(), std::make_move_iterator(latency.begin()),
                            std::make_move_iterator(latency.end()));
  }
  return snapshot;
}

StatsSnapshot TrexApi::get_stats(std::span<const std::uint8_t> port_ids,
                                 std::span<const std::uint32_t> pg_ids) {
  Batch batch;
  add_stats_requests(batch, port_ids, pg_ids);
  send(batch);
  return decode_stats(batch, 0, port_ids);
}

StatsSnapshot TrexApi::stop_and_get_stats(std::span<const OwnedPort> stop,
                                          std::string_view profile_id,
                                          std::span<const std::uint8_t> port_ids,
                                          std::span<const std::uint32_t> pg_ids) {
  Batch batch;
  for (const OwnedPort& port : stop) {
    const std::string id = next_id();
    batch.add("stop_traffic", id,
              codec::encode_owned({id, api_h_}, "stop_traffic", port, profile_id));
  }
  add_stats_requests(batch, port_ids, pg_ids);
  try {
    send(batch);
  } catch (const TrexError& error) {
    // TRex answers "Try again later" (-32001) to queries while busy, e.g. with
    // RX configuration (trex-protocol.md, error codes). Replies are checked in
    // order and the stops come first, so a busy read as the first error means
    // every stop ran. The batch cannot be sent again whole (its stops ran), so
    // the counters are read on their own, with the busy retry: still after the
    // stop, as in the batch. Before, such an answer failed the trial and the
    // job (seen in the fault soak under ASan).
    if (stop.empty() || !is_busy_reply(error) || !error.method().starts_with("get_")) {
      throw;
    }
    ++busy_retries_;
    return get_stats(port_ids, pg_ids);
  }
  for (std::size_t i = 0; i < stop.size(); ++i) codec::decode_done(batch.reply(i));
  return decode_stats(batch, stop.size(), port_ids);
}

std::vector<AsyncEvent> TrexApi::get_async_events(std::uint32_t session_id) {
  Batch batch;
  const std::string id = next_id();
  batch.add("get_async_events", id, codec::encode_get_async_events({id, api_h_}, session_id));
  send(batch);
  return codec::decode_async_events(batch.reply(0));
}

}  // namespace trexsearch::trex

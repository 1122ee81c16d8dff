#include "trex_client/api/astf_api.hpp"

#include <algorithm>

#include "trex_client/api/trex_api_batch.hpp"
#include "trex_client/codec/astf/astf_codec.hpp"

namespace trexsearch::trex {
namespace {

// TRex's Python client uploads a first fragment of 1000 characters, then fragments of
// 500,000 (trex-astf.md §1.5), below the 999,999-byte message limit.
constexpr std::size_t first_fragment_chars = 1000;
constexpr std::size_t fragment_chars = 500'000;

}  // namespace

std::string AstfApi::api_sync_v2() {
  ApiVersion version;
  version.name = std::string(astf_api_name);
  version.major = astf_api_major;
  version.minor = astf_api_minor;
  return api_.api_sync_v2(version);
}

AstfContext AstfApi::acquire(const std::string& user, std::uint32_t session_id, bool force) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("acquire", id, codec::encode_astf_acquire({id, api_.api_h_}, user, session_id, force));
  api_.send(batch);
  return codec::decode_astf_acquire(batch.reply(0));
}

void AstfApi::release(const AstfContext& context) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("release", id,
            codec::encode_astf_handler({id, api_.api_h_}, "release", context.handler));
  api_.send(batch);
}

AstfSync AstfApi::sync() {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("sync", id, codec::encode_astf_sync({id, api_.api_h_}));
  api_.send(batch);
  return codec::decode_astf_sync(batch.reply(0));
}

bool AstfApi::upload_profile(const AstfContext& context, std::string_view profile_id,
                             std::string_view json, const std::string& md5_hex) {
  std::size_t offset = 0;
  bool first = true;
  do {
    const std::size_t size =
        std::min(first ? first_fragment_chars : fragment_chars, json.size() - offset);
    const bool last = offset + size >= json.size();
    TrexApi::Batch batch;
    const std::string id = api_.next_id();
    // The md5 only on a first fragment that is not the last: TRex requires it there
    // and refuses it elsewhere (§1.5).
    batch.add("profile_fragment", id,
              codec::encode_profile_fragment({id, api_.api_h_}, context.handler, profile_id,
                                             json.substr(offset, size), first, last,
                                             first && !last ? md5_hex : std::string()));
    api_.send(batch);
    if (codec::decode_profile_fragment(batch.reply(0))) return true;
    offset += size;
    first = false;
  } while (offset < json.size());
  return false;
}

void AstfApi::profile_clear(const AstfContext& context, std::string_view profile_id) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("profile_clear", id,
            codec::encode_astf_profile_command({id, api_.api_h_}, "profile_clear", context.handler,
                                               profile_id));
  api_.send(batch);
}

void AstfApi::start(const AstfContext& context, const AstfStartRequest& request) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("start", id, codec::encode_astf_start({id, api_.api_h_}, context.handler, request));
  api_.send(batch);
}

void AstfApi::stop(const AstfContext& context, std::string_view profile_id) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add(
      "stop", id,
      codec::encode_astf_profile_command({id, api_.api_h_}, "stop", context.handler, profile_id));
  api_.send(batch);
}

void AstfApi::update(const AstfContext& context, std::string_view profile_id, double mult) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("update", id,
            codec::encode_astf_update({id, api_.api_h_}, context.handler, profile_id, mult));
  api_.send(batch);
}

std::vector<AstfCounterDesc> AstfApi::get_counter_desc(std::string_view profile_id) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("get_counter_desc", id,
            codec::encode_astf_counters({id, api_.api_h_}, "get_counter_desc", profile_id));
  api_.send(batch);
  return codec::decode_astf_counter_desc(batch.reply(0));
}

AstfCounterValues AstfApi::get_counter_values(std::string_view profile_id) {
  TrexApi::Batch batch;
  const std::string id = api_.next_id();
  batch.add("get_counter_values", id,
            codec::encode_astf_counters({id, api_.api_h_}, "get_counter_values", profile_id));
  api_.send(batch);
  return codec::decode_astf_counter_values(batch.reply(0));
}

AstfSnapshot AstfApi::read_counters(std::span<const std::uint8_t> port_ids,
                                    std::string_view profile_id) {
  TrexApi::Batch batch;
  api_.add_stats_requests(batch, port_ids, {});
  const std::string id = api_.next_id();
  batch.add("get_counter_values", id,
            codec::encode_astf_counters({id, api_.api_h_}, "get_counter_values", profile_id));
  api_.send(batch);
  AstfSnapshot snapshot;
  snapshot.stats = TrexApi::decode_stats(batch, 0, port_ids, batch.size() - 1);
  snapshot.counters = codec::decode_astf_counter_values(batch.reply(batch.size() - 1));
  return snapshot;
}

}  // namespace trexsearch::trex

#pragma once

// TRex's ASTF JSON-RPC requests and replies (trex-astf.md §1.2) <-> typed values. No
// JSON types in this header: like request_codec and reply_codec, text out, opaque
// reply elements in.

#include <string>
#include <string_view>
#include <vector>

#include "trex_client/api/astf_types.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/request_codec.hpp"

namespace trexsearch::trex::codec {

/// `acquire {user, force, session_id}`: the whole ASTF context.
std::string encode_astf_acquire(const RequestHead& head, const std::string& user,
                                std::uint32_t session_id, bool force);
/// An owned command whose params are `{handler}` (release).
std::string encode_astf_handler(const RequestHead& head, std::string_view method,
                                const std::string& handler);
/// An owned command whose params are `{handler, profile_id}` (stop, profile_clear).
std::string encode_astf_profile_command(const RequestHead& head, std::string_view method,
                                        const std::string& handler, std::string_view profile_id);
/// `sync {profile_id}`: any non-empty id makes TRex list every profile's state.
std::string encode_astf_sync(const RequestHead& head);
/// `profile_fragment {handler, profile_id, fragment, frag_first?, frag_last?, md5?}`;
/// `md5` empty: left out (TRex requires it only on a first fragment that is not the
/// last, §1.5).
std::string encode_profile_fragment(const RequestHead& head, const std::string& handler,
                                    std::string_view profile_id, std::string_view fragment,
                                    bool first, bool last, const std::string& md5);
/// `start` with every parameter TRex requires.
std::string encode_astf_start(const RequestHead& head, const std::string& handler,
                              const AstfStartRequest& request);
/// `update {handler, profile_id, mult}`.
std::string encode_astf_update(const RequestHead& head, const std::string& handler,
                               std::string_view profile_id, double mult);
/// `get_counter_desc` / `get_counter_values {profile_id}`.
std::string encode_astf_counters(const RequestHead& head, std::string_view method,
                                 std::string_view profile_id);

/// `acquire` -> the context's handler and its ports.
AstfContext decode_astf_acquire(const ReplyElement& reply);
/// `sync`.
AstfSync decode_astf_sync(const ReplyElement& reply);
/// `profile_fragment` -> whether TRex already holds this profile (`matches_loaded`).
bool decode_profile_fragment(const ReplyElement& reply);
/// `get_counter_desc`.
std::vector<AstfCounterDesc> decode_astf_counter_desc(const ReplyElement& reply);
/// `get_counter_values` / `get_total_counter_values`.
AstfCounterValues decode_astf_counter_values(const ReplyElement& reply);

}  // namespace trexsearch::trex::codec

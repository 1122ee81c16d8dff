#pragma once

// Codec-internal: a stream object as TRex's Python client writes it (what
// `stl-sim -f PROFILE -i PORT --json` prints) <-> NativeStream.

#include <json/json.h>

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex::codec {

/// Reads one stream: every key add_stream's `stream` takes (trex-protocol.md §2.7) and
/// the Python client's `name` and `next`, with the Python client's defaults for the
/// keys it may leave out. Fails, naming the field and the value, on an unknown key,
/// a packet that is not base64 or is outside 14..9238 bytes, and a field-engine
/// instruction TRex's add_stream would refuse (§2.8: its type, sizes, ranges, steps).
NativeStream read_native_stream(const FieldReader& field);

/// The same shape back: read_native_stream of it gives the same stream.
Json::Value encode_native_stream(const NativeStream& stream);

/// A profile's `trex_streams` (one list for every transmitting port, or lists keyed by
/// port id) and `mean_frame_size`; fails naming the key when the profile also has the
/// profile language's packet keys.
NativeStreams read_trex_streams(const FieldReader& root);

/// The same keys back into the profile `json`.
void encode_trex_streams(const NativeStreams& streams, Json::Value& json);

}  // namespace trexsearch::trex::codec

#pragma once

#include "trex_client/api/vm_instruction.hpp"
#include "trex_client/profile/packet_builder.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// The field-engine program realising `flows` on packets built from `headers`: per
/// varied field a flow_var over [value, value + count - 1] and a write_flow_var at the
/// field's offset (IPv6 addresses vary in their last 32 bits), then the checksum fix
/// the mode asks for. Empty when count is 1. Throws ConfigError ("flows.count",
/// "flows.vary") when a range would overflow its field or no field is named.
VmProgram build_flow_vm(const FlowSpec& flows, const HeaderStack& headers, ChecksumMode checksum);

}  // namespace trexsearch::trex

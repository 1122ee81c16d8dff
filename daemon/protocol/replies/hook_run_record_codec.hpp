#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "daemon/protocol/replies/hook_run_record.hpp"

namespace trexsearch::protocol {

Json::Value encode_hook_run_record(const HookRunRecord& run);
/// Throws ConfigError naming the field under `path`.
HookRunRecord decode_hook_run_record(const Json::Value& json, const std::string& path);
std::vector<HookRunRecord> decode_hook_run_records(const Json::Value& json,
                                                   const std::string& path);

Json::Value encode_hook_run_counts(const HookRunCounts& counts);
HookRunCounts decode_hook_run_counts(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::protocol

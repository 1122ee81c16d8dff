#pragma once

// Codec-internal: the structural check of an ASTF profile's JSON (trex-astf.md §2.1,
// TRex's scripts/astf_schema.json and CAstfJsonValidator::validate_program).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/profile/astf_profile.hpp"

namespace trexsearch::trex::codec {

/// Reports a bad field as measure::ConfigError("<source>:<path>", value, reason).
class AstfErrorPolicy final : public FieldErrorPolicy {
 public:
  explicit AstfErrorPolicy(std::string source) : source_(std::move(source)) {}
  [[noreturn]] void fail(const std::string& path, const std::string& value,
                         const std::string& reason) const override;

 private:
  std::string source_;
};

/// What the check learned of one template.
struct AstfTemplateFacts {
  AstfProtocol protocol = AstfProtocol::udp;
  double cps = 0;                      ///< [cps] client_template.cps
  std::optional<std::uint64_t> limit;  ///< client_template.limit
};

/// Checks the whole profile (buf_list, ip_gen_dist_list, program_list, templates >= 1,
/// indexes in range, IPv4 strings, cps >= 0.5, ...); fails through `root`'s policy.
std::vector<AstfTemplateFacts> check_astf_json(const FieldReader& root);

}  // namespace trexsearch::trex::codec

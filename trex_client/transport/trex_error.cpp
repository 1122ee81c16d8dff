#include "trex_client/transport/trex_error.hpp"

#include <utility>

namespace trexsearch::trex {
namespace {

std::string compose(TrexErrorKind kind, const std::string& endpoint, const std::string& method,
                    const std::string& detail, std::optional<int> code,
                    const std::string& specific_err) {
  std::string text = std::string("TRex ") + to_string(kind) + " error";
  if (!method.empty()) text += " in '" + method + "'";
  if (!endpoint.empty()) text += " at " + endpoint;
  text += ": " + detail;
  if (code) text += " (code " + std::to_string(*code) + ")";
  if (!specific_err.empty()) text += ": " + specific_err;
  return text;
}

}  // namespace

const char* to_string(TrexErrorKind kind) {
  switch (kind) {
    case TrexErrorKind::transport:
      return "transport";
    case TrexErrorKind::rpc:
      return "rpc";
    case TrexErrorKind::protocol:
      return "protocol";
  }
  return "unknown";
}

TrexError::TrexError(TrexErrorKind kind, std::string endpoint, std::string method,
                     std::string detail, std::optional<int> rpc_code, std::string specific_err,
                     bool timed_out)
    : std::runtime_error(compose(kind, endpoint, method, detail, rpc_code, specific_err)),
      kind_(kind),
      endpoint_(std::move(endpoint)),
      method_(std::move(method)),
      detail_(std::move(detail)),
      rpc_code_(rpc_code),
      specific_err_(std::move(specific_err)),
      timed_out_(timed_out) {}

bool TrexError::is_api_verification_failure() const {
  // TRex: "API verification failed - API handler provided mismatch for class: 'STL'"
  // (trex-protocol.md §3.2); sent with -32000 after a server restart.
  return kind_ == TrexErrorKind::rpc && specific_err_.starts_with("API verification failed");
}

bool TrexError::is_ownership_lost() const {
  return kind_ == TrexErrorKind::rpc && (specific_err_.starts_with("please acquire the port") ||
                                         specific_err_.starts_with("port is not owned by you") ||
                                         // ASTF's context (trex-astf.md §1.2).
                                         specific_err_.starts_with("must acquire the context"));
}

}  // namespace trexsearch::trex

#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace trexsearch::trex {

/// Which layer a TRex failure came from.
enum class TrexErrorKind {
  /// No (usable) exchange: timeout, socket failure, peer gone.
  transport,
  /// TRex answered with a JSON-RPC error object (code, message, specific_err).
  rpc,
  /// TRex answered something that is not a valid reply (bad frame, bad JSON, bad field).
  protocol,
};

/// "transport", "rpc" or "protocol".
const char* to_string(TrexErrorKind kind);

/// The one error family of trex_client. Carries where it happened (endpoint, method),
/// and for RPC errors the JSON-RPC code and TRex's human-readable `specific_err`.
class TrexError : public std::runtime_error {
 public:
  /// `detail` says what went wrong; for rpc errors it is the JSON-RPC `message`.
  TrexError(TrexErrorKind kind, std::string endpoint, std::string method, std::string detail,
            std::optional<int> rpc_code = std::nullopt, std::string specific_err = {},
            bool timed_out = false);

  TrexErrorKind kind() const noexcept { return kind_; }
  /// The server address, e.g. "tcp://127.0.0.1:4501".
  const std::string& endpoint() const noexcept { return endpoint_; }
  /// The RPC method (or "batch[a,b,...]") being called.
  const std::string& method() const noexcept { return method_; }
  /// What went wrong, without the context prefix.
  const std::string& detail() const noexcept { return detail_; }
  /// JSON-RPC error code for rpc errors (e.g. -32000).
  std::optional<int> rpc_code() const noexcept { return rpc_code_; }
  /// TRex's `specific_err` (empty when the server sent none).
  const std::string& specific_err() const noexcept { return specific_err_; }
  /// True for transport errors caused by the per-call deadline expiring.
  bool timed_out() const noexcept { return timed_out_; }

  /// TRex rejected the api handle: the server restarted (or never synced with us).
  bool is_api_verification_failure() const;
  /// TRex says the port is free or owned by someone else: we lost its ownership.
  bool is_ownership_lost() const;

 private:
  TrexErrorKind kind_;
  std::string endpoint_;
  std::string method_;
  std::string detail_;
  std::optional<int> rpc_code_;
  std::string specific_err_;
  bool timed_out_;
};

}  // namespace trexsearch::trex

#pragma once

#include <stdexcept>
#include <string>

namespace trexsearch::trex::emu {

/// JSON-RPC error codes TRex uses (trex-protocol.md §1.5).
namespace rpc_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int execute_error = -32000;
inline constexpr int try_again_later = -32001;
}  // namespace rpc_code

/// A command failed the way TRex fails it: code, message and specific_err.
class RpcFault : public std::runtime_error {
 public:
  RpcFault(int code, std::string message, std::string specific_err)
      : std::runtime_error(specific_err),
        code_(code),
        message_(std::move(message)),
        specific_err_(std::move(specific_err)) {}

  int code() const { return code_; }
  const std::string& message() const { return message_; }
  const std::string& specific_err() const { return specific_err_; }

 private:
  int code_;
  std::string message_;
  std::string specific_err_;
};

/// TRex's generate_parse_err: -32602 "Bad parameters for method".
[[noreturn]] inline void throw_parse_error(const std::string& specific) {
  throw RpcFault(rpc_code::invalid_params, "Bad parameters for method", specific);
}

/// TRex's generate_execute_err: -32000 "Failed To Execute Method".
[[noreturn]] inline void throw_execute_error(const std::string& specific) {
  throw RpcFault(rpc_code::execute_error, "Failed To Execute Method", specific);
}

}  // namespace trexsearch::trex::emu

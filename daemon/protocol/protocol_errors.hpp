#pragma once

#include <stdexcept>
#include <string>

#include "daemon/protocol/result_code.hpp"

namespace trexsearch::protocol {

/// A request the daemon understood but must refuse; carries the reply code.
/// The message is the reply text and says what was wrong and where.
class RequestError : public std::runtime_error {
 public:
  RequestError(ResultCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}

  ResultCode code() const noexcept { return code_; }

 private:
  ResultCode code_;
};

}  // namespace trexsearch::protocol

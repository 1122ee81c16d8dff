#pragma once

#include <stdexcept>
#include <string>

#include "daemon/service/result_code.hpp"

namespace trexsearch::service {

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

/// A valid request for something this daemon cannot do yet (PLR jobs, the trex
/// measurer): reply code `unsupported`. `field` is the spec path that asked for it.
class NotSupportedError : public RequestError {
 public:
  NotSupportedError(const std::string& field, const std::string& value, const std::string& reason)
      : RequestError(ResultCode::unsupported, field + " = " + value + ": " + reason) {}
};

}  // namespace trexsearch::service

#pragma once

#include <stdexcept>
#include <string>

#include "daemon/protocol/protocol_errors.hpp"

namespace trexsearch::service {

// The protocol's error reply and codes, as the service raises them.
using protocol::RequestError;
using protocol::ResultCode;

/// A valid request for something this daemon cannot do yet (PLR jobs, the trex
/// measurer): reply code `unsupported`. `field` is the spec path that asked for it.
class NotSupportedError : public RequestError {
 public:
  NotSupportedError(const std::string& field, const std::string& value, const std::string& reason)
      : RequestError(ResultCode::unsupported, field + " = " + value + ": " + reason) {}
};

}  // namespace trexsearch::service

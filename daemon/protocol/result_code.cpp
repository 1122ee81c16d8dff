#include "daemon/protocol/result_code.hpp"

namespace trexsearch::protocol {

std::string_view to_string(ResultCode code) {
  switch (code) {
    case ResultCode::success:
      return "success";
    case ResultCode::error:
      return "error";
    case ResultCode::unsupported:
      return "unsupported";
    case ResultCode::not_found:
      return "not_found";
    case ResultCode::bad_request:
      return "bad_request";
    case ResultCode::permission_denied:
      return "permission_denied";
    case ResultCode::conflict:
      return "conflict";
    case ResultCode::busy:
      return "busy";
  }
  return "unknown";
}

std::optional<ResultCode> result_code_from_int(int value) {
  if (value < 0 || value > static_cast<int>(ResultCode::busy)) return std::nullopt;
  return static_cast<ResultCode>(value);
}

}  // namespace trexsearch::protocol

#include "daemon/cli/command/command_failure_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"

namespace trexsearch::cli {

std::string encode_command_failure(const CommandFailure& failure) {
  Json::Value error(Json::objectValue);
  error["code"] = failure.code;
  error["message"] = failure.message;
  error["exit_code"] = failure.exit_code;
  Json::Value reply(Json::objectValue);
  reply["error"] = error;
  return codec::to_compact_json(reply);
}

}  // namespace trexsearch::cli

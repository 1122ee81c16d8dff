#include "daemon/cli/result_verdict_json.hpp"

namespace trexsearch::cli {

bool result_stopped_early(const Json::Value& search_result) {
  return search_result["goals"].isArray() && search_result["stop_reason"].isString() &&
         search_result["stop_reason"].asString() != "completed";
}

bool result_not_clean(const Json::Value& search_result) {
  if (search_result["tester_limited"].isBool()) return search_result["tester_limited"].asBool();
  for (const Json::Value& goal : search_result["goals"]) {
    if (goal["tester_limited"].isObject()) return true;
  }
  return false;
}

}  // namespace trexsearch::cli

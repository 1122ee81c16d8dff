#include "daemon/cli/analysis/goal_definition_codec.hpp"

#include <json/value.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/protocol/document_codec.hpp"

namespace trexsearch::cli {
namespace {

const Json::Value& json_or_null(const std::optional<protocol::Document>& document) {
  static const Json::Value null;
  return document ? protocol::json_of(*document) : null;
}

}  // namespace

std::optional<DefinitionDifference> definition_difference(
    const std::optional<protocol::Document>& base, const std::optional<protocol::Document>& other) {
  const Json::Value& theirs = json_or_null(base);
  const Json::Value& mine = json_or_null(other);
  if (mine == theirs) return std::nullopt;
  std::string key = "definition";
  if (mine.isObject() && theirs.isObject()) {
    for (const std::string& name : mine.getMemberNames()) {
      if (mine[name] != theirs[name]) {
        key = name;
        break;
      }
    }
  }
  return DefinitionDifference{key, codec::to_compact_json(theirs[key]),
                              codec::to_compact_json(mine[key])};
}

}  // namespace trexsearch::cli

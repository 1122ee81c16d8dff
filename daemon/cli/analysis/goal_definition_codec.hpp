#pragma once

#include <optional>
#include <string>

#include "daemon/protocol/document.hpp"

namespace trexsearch::cli {

// Two stored MLR goal definitions compared key by key for `compare`, which refuses
// jobs that searched different goals: the definitions are carried as the documents
// they were stored as, so only this codec looks inside.

/// Where two definitions differ: the first key of `other` whose value differs from
/// `base`'s ("definition" when they are not both objects), both values as compact JSON.
struct DefinitionDifference {
  std::string key;
  std::string base_text;
  std::string other_text;
};

/// The difference; nullopt when the definitions are equal (two absent ones are).
std::optional<DefinitionDifference> definition_difference(
    const std::optional<protocol::Document>& base, const std::optional<protocol::Document>& other);

}  // namespace trexsearch::cli

#pragma once

#include <json/value.h>

#include "daemon/protocol/document.hpp"

namespace trexsearch::protocol {

/// The JSON of a document, for codecs.
const Json::Value& json_of(const Document& document);
/// A document holding `json`.
Document make_document(Json::Value json);

}  // namespace trexsearch::protocol

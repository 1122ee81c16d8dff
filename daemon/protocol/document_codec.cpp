#include "daemon/protocol/document_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"

namespace trexsearch::protocol {

struct Document::Holder {
  Json::Value json;
};

Document::Document() : holder_(std::make_shared<Holder>(Holder{Json::Value(Json::objectValue)})) {}

bool operator==(const Document& left, const Document& right) {
  return left.holder_ == right.holder_ || left.holder_->json == right.holder_->json;
}

const Json::Value& json_of(const Document& document) { return document.holder().json; }

Document make_document(Json::Value json) {
  return Document(std::make_shared<const Document::Holder>(Document::Holder{std::move(json)}));
}

std::string to_pretty_text(const Document& document) {
  return codec::to_pretty_json(json_of(document));
}

std::string to_compact_text(const Document& document) {
  return codec::to_compact_json(json_of(document));
}

Document parse_document(std::string_view text, const std::string& what) {
  return make_document(codec::parse_strict_json(text, what));
}

}  // namespace trexsearch::protocol

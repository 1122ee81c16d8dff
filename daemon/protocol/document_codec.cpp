#include "daemon/protocol/document_codec.hpp"

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

}  // namespace trexsearch::protocol

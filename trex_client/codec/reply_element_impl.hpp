#pragma once

// Codec-internal: what a ReplyElement holds, and a reader for its result.

#include <json/json.h>

#include <string>

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/codec/reply_codec.hpp"

namespace trexsearch::trex::codec {

/// Bad result fields become TrexError(protocol) naming endpoint, method and field path.
class ReplyErrorPolicy final : public FieldErrorPolicy {
 public:
  ReplyErrorPolicy(std::string endpoint, std::string method)
      : endpoint_(std::move(endpoint)), method_(std::move(method)) {}
  [[noreturn]] void fail(const std::string& path, const std::string& value,
                         const std::string& reason) const override;

 private:
  std::string endpoint_;
  std::string method_;
};

struct ReplyElement::Impl {
  std::string method;
  Json::Value result;
  ReplyErrorPolicy policy;

  /// A reader of `result`, path "result".
  FieldReader reader() const { return FieldReader(result, "result", policy); }
};

}  // namespace trexsearch::trex::codec

#pragma once

#include <memory>

namespace trexsearch::protocol {

/// A JSON document carried through the protocol as it came: a request's arguments
/// until its command's codec reads them, a job or suite document until the job
/// spec codec resolves it (loads in % need TRex's port speed), a stored result
/// passed on to a client. Immutable and cheap to copy. Only codecs look inside
/// (document_codec.hpp), so nothing else in the daemon or the CLI handles JSON.
class Document {
 public:
  /// An empty JSON object.
  Document();

  /// The codecs' handle on the JSON inside (document_codec.cpp).
  struct Holder;
  explicit Document(std::shared_ptr<const Holder> holder) : holder_(std::move(holder)) {}
  const Holder& holder() const { return *holder_; }

  /// Same JSON value (deep comparison).
  friend bool operator==(const Document& left, const Document& right);

 private:
  std::shared_ptr<const Holder> holder_;
};

}  // namespace trexsearch::protocol

#pragma once

#include <memory>
#include <string>
#include <string_view>

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

/// The document as JSON text for people, indented (the CLI's `--json` output).
std::string to_pretty_text(const Document& document);
/// The document as one line of JSON text.
std::string to_compact_text(const Document& document);
/// A JSON text (a user's input file) as a document; ConfigError naming `what` and
/// the position when it is not strict JSON.
Document parse_document(std::string_view text, const std::string& what);

}  // namespace trexsearch::protocol

#pragma once

#include <string_view>
#include <vector>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/requests.hpp"

namespace trexsearch::protocol {

// Each request struct <-> its `arguments` object. Decoding is strict: a missing
// required field, a wrong type, a value out of range or an unknown key is a
// ConfigError naming `arguments.FIELD` and the offending value. A decoded then
// encoded request decodes to the same struct (tests/protocol).

Document encode_arguments(const VersionRequest& request);
Document encode_arguments(const StatusRequest& request);
Document encode_arguments(const HelpRequest& request);
Document encode_arguments(const SubmitRequest& request);
Document encode_arguments(const SubmitSuiteRequest& request);
Document encode_arguments(const ListRequest& request);
Document encode_arguments(const ListSuitesRequest& request);
Document encode_arguments(const ShowRequest& request);
Document encode_arguments(const CancelRequest& request);
Document encode_arguments(const DeleteRequest& request);
Document encode_arguments(const ResultRequest& request);
Document encode_arguments(const WatchRequest& request);
Document encode_arguments(const AnalyzeRequest& request);
Document encode_arguments(const ShowSuiteRequest& request);

void decode_arguments(const Document& arguments, VersionRequest& request);
void decode_arguments(const Document& arguments, StatusRequest& request);
void decode_arguments(const Document& arguments, HelpRequest& request);
void decode_arguments(const Document& arguments, SubmitRequest& request);
void decode_arguments(const Document& arguments, SubmitSuiteRequest& request);
void decode_arguments(const Document& arguments, ListRequest& request);
void decode_arguments(const Document& arguments, ListSuitesRequest& request);
void decode_arguments(const Document& arguments, ShowRequest& request);
void decode_arguments(const Document& arguments, CancelRequest& request);
void decode_arguments(const Document& arguments, DeleteRequest& request);
void decode_arguments(const Document& arguments, ResultRequest& request);
void decode_arguments(const Document& arguments, WatchRequest& request);
void decode_arguments(const Document& arguments, AnalyzeRequest& request);
void decode_arguments(const Document& arguments, ShowSuiteRequest& request);

/// The request struct `R` read from a request's arguments.
template <class R>
R decode_request(const Document& arguments) {
  R request;
  decode_arguments(arguments, request);
  return request;
}

/// A command's argument names as its codec reads them (the documented ones;
/// `submit` and `submit_suite` take a whole document, checked by its own codec).
struct CommandArguments {
  std::string_view command;
  std::vector<std::string_view> fields;
  /// True when the arguments are a document of their own (submit, submit_suite).
  bool document = false;
};
/// Every command of the protocol, in the order of docs/socket-api.md.
const std::vector<CommandArguments>& command_arguments();

}  // namespace trexsearch::protocol

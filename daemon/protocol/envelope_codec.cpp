#include "daemon/protocol/envelope_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/request_id_codec.hpp"

namespace trexsearch::protocol {
namespace {

// Checks a request's `version`: absent means this version; anything else but
// this version is refused, so a client written for a later protocol learns it
// at once instead of reading replies it misunderstands.
void check_version(const Json::Value& json, const RequestId& id) {
  if (!json.isMember("version")) return;
  const Json::Value& version = json["version"];
  if (!version.isInt() || version.asInt() != kProtocolVersion) {
    throw MalformedRequest(id, "version = " + codec::quote_json(version) +
                                   ": this daemon speaks protocol version " +
                                   std::to_string(kProtocolVersion));
  }
}

Json::Value parse_object_line(std::string_view line, const char* what) {
  try {
    return codec::parse_strict_json(line, what);
  } catch (const codec::JsonSyntaxError& error) {
    // JsonSyntaxError is an invalid_argument; the documented type is runtime_error.
    throw std::runtime_error(std::string("not a ") + what + ": " + error.what());
  }
}

}  // namespace

Response error_response(RequestId id, ResultCode code, std::string text) {
  Response response;
  response.id = std::move(id);
  response.result = code;
  response.text = std::move(text);
  return response;
}

Request parse_request(std::string_view line) {
  Json::Value json;
  try {
    json = codec::parse_strict_json(line, "request");
  } catch (const codec::JsonSyntaxError& error) {
    throw MalformedRequest({}, std::string("not valid JSON: ") + error.what());
  }
  if (!json.isObject()) {
    throw MalformedRequest({}, "a request must be a JSON object, got " + codec::quote_json(json));
  }
  Request request;
  if (json.isMember("id")) {
    const auto id = decode_request_id(json["id"]);
    if (!id) {
      throw MalformedRequest(
          {}, "id = " + codec::quote_json(json["id"]) + ": must be a string, a number or null");
    }
    request.id = *id;
  }
  for (const std::string& key : json.getMemberNames()) {
    if (key != "id" && key != "command" && key != "arguments" && key != "version") {
      throw MalformedRequest(request.id, "unknown key \"" + codec::truncate_text(key, 40) +
                                             "\" (a request has id, version, command, arguments)");
    }
  }
  check_version(json, request.id);
  const Json::Value& command = json["command"];
  if (!command.isString() || command.asString().empty()) {
    throw MalformedRequest(request.id, "command = " + codec::quote_json(command) +
                                           ": must be a non-empty string (see `help`)");
  }
  request.command = command.asString();
  if (json.isMember("arguments") && !json["arguments"].isNull()) {
    if (!json["arguments"].isObject()) {
      throw MalformedRequest(request.id, "arguments = " + codec::quote_json(json["arguments"]) +
                                             ": must be an object");
    }
    request.arguments = make_document(json["arguments"]);
  }
  return request;
}

std::string encode_request(const Request& request) {
  Json::Value json(Json::objectValue);
  json["id"] = encode_request_id(request.id);
  json["version"] = kProtocolVersion;
  json["command"] = request.command;
  json["arguments"] = json_of(request.arguments);
  return codec::to_compact_json(json) + "\n";
}

std::string encode_response(const Response& response) {
  Json::Value json(Json::objectValue);
  json["id"] = encode_request_id(response.id);
  json["version"] = kProtocolVersion;
  json["result"] = static_cast<int>(response.result);
  // The stable name beside the number, so a script needs no table to read it.
  if (!response.ok()) json["error"] = std::string(to_string(response.result));
  json["text"] = response.text;
  const Json::Value& arguments = json_of(response.arguments);
  json["arguments"] = arguments.isNull() ? Json::Value(Json::objectValue) : arguments;
  return codec::to_compact_json(json) + "\n";
}

Response parse_response(std::string_view line) {
  const Json::Value json = parse_object_line(line, "reply");
  if (!json.isObject() || !json["result"].isInt()) {
    throw std::runtime_error("not a reply: " + codec::quote_json(json, 200));
  }
  const auto code = result_code_from_int(json["result"].asInt());
  if (!code) throw std::runtime_error("unknown result code " + json["result"].asString());
  Response response;
  response.id = decode_request_id(json["id"]).value_or(RequestId{});
  response.result = *code;
  response.text = json["text"].isString() ? json["text"].asString() : "";
  // Absent arguments are an empty object, as in every reply the daemon sends.
  if (json["arguments"].isObject()) response.arguments = make_document(json["arguments"]);
  return response;
}

std::string encode_event(const Event& event) {
  Json::Value json(Json::objectValue);
  json["id"] = encode_request_id(event.id);
  json["version"] = kProtocolVersion;
  json["event"] = event.event;
  json["arguments"] = json_of(event.arguments);
  return codec::to_compact_json(json) + "\n";
}

std::optional<Event> parse_event(std::string_view line) {
  const Json::Value json = parse_object_line(line, "event");
  if (!json.isObject() || !json["event"].isString()) return std::nullopt;
  Event event;
  event.id = decode_request_id(json["id"]).value_or(RequestId{});
  event.event = json["event"].asString();
  if (json["arguments"].isObject()) event.arguments = make_document(json["arguments"]);
  return event;
}

}  // namespace trexsearch::protocol

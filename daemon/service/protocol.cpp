#include "daemon/service/protocol.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"

namespace trexsearch::service {
namespace {

bool valid_id(const Json::Value& id) {
  return id.isNull() || id.isString() || (id.isNumeric() && !id.isBool());
}

}  // namespace

Request parse_request(std::string_view line) {
  Json::Value json;
  try {
    json = codec::parse_strict_json(line, "request");
  } catch (const codec::JsonSyntaxError& error) {
    throw MalformedRequest(Json::Value(), std::string("not valid JSON: ") + error.what());
  }
  if (!json.isObject()) {
    throw MalformedRequest(Json::Value(),
                           "a request must be a JSON object, got " + codec::quote_json(json));
  }
  Request request;
  if (json.isMember("id")) {
    if (!valid_id(json["id"])) {
      throw MalformedRequest(Json::Value(), "id = " + codec::quote_json(json["id"]) +
                                                ": must be a string, a number or null");
    }
    request.id = json["id"];
  }
  for (const std::string& key : json.getMemberNames()) {
    if (key != "id" && key != "command" && key != "arguments") {
      throw MalformedRequest(request.id, "unknown key \"" + codec::truncate_text(key, 40) +
                                             "\" (a request has id, command, arguments)");
    }
  }
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
    request.arguments = json["arguments"];
  }
  return request;
}

std::string encode_response(const Response& response) {
  Json::Value json(Json::objectValue);
  json["id"] = response.id;
  json["result"] = static_cast<int>(response.result);
  json["text"] = response.text;
  json["arguments"] =
      response.arguments.isNull() ? Json::Value(Json::objectValue) : response.arguments;
  return codec::to_compact_json(json) + "\n";
}

std::string encode_event(const Json::Value& id, std::string_view event,
                         const Json::Value& arguments) {
  Json::Value json(Json::objectValue);
  json["id"] = id;
  json["event"] = std::string(event);
  json["arguments"] = arguments;
  return codec::to_compact_json(json) + "\n";
}

Response error_response(Json::Value id, ResultCode code, std::string text) {
  Response response;
  response.id = std::move(id);
  response.result = code;
  response.text = std::move(text);
  return response;
}

Response parse_response(std::string_view line) {
  Json::Value json;
  try {
    json = codec::parse_strict_json(line, "reply");
  } catch (const codec::JsonSyntaxError& error) {
    // JsonSyntaxError is an invalid_argument; the documented type is runtime_error.
    throw std::runtime_error(std::string("not a reply: ") + error.what());
  }
  if (!json.isObject() || !json["result"].isInt()) {
    throw std::runtime_error("not a reply: " + codec::quote_json(json, 200));
  }
  const auto code = result_code_from_int(json["result"].asInt());
  if (!code) throw std::runtime_error("unknown result code " + json["result"].asString());
  Response response;
  response.id = json["id"];
  response.result = *code;
  response.text = json["text"].isString() ? json["text"].asString() : "";
  // Absent arguments are an empty object, as in every reply the daemon sends.
  response.arguments = json.isMember("arguments") ? json["arguments"] : Json::Value(Json::objectValue);
  return response;
}

}  // namespace trexsearch::service

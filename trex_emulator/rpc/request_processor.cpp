#include "trex_emulator/rpc/request_processor.hpp"

#include <json/json.h>

#include <memory>

#include "trex_client/codec/json_text.hpp"
#include "trex_client/transport/frame.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/method_table.hpp"

namespace trexsearch::trex::emu {
namespace {

Json::Value error_reply(const Json::Value& id, int code, const std::string& message) {
  Json::Value reply(Json::objectValue);
  reply["jsonrpc"] = "2.0";
  reply["id"] = id;
  reply["error"]["code"] = code;
  reply["error"]["message"] = message;
  return reply;
}

// TRex's replies: jsoncpp FastWriter, i.e. compact JSON and a newline.
std::string render(const Json::Value& value) { return codec::write_json(value) + "\n"; }

std::string too_large(std::size_t bytes) {
  return render(error_reply(Json::Value::null, rpc_code::internal_error,
                            "Request is too large (" + std::to_string(bytes) +
                                " bytes). Consider splitting to smaller chunks."));
}

// TrexJsonRpcV2Parser::parse_single_request + JsonRpcMethod::_execute.
Json::Value handle_one(const Json::Value& request, MethodContext& context) {
  if (!request.isObject() || request["id"].isNull()) {
    return error_reply(Json::Value::null, rpc_code::invalid_request, "Missing 'id' field");
  }
  const Json::Value& id = request["id"];
  if (request["jsonrpc"] != "2.0") {
    return error_reply(id, rpc_code::invalid_request, "Invalid JSONRPC Version");
  }
  const Json::Value& method_name = request["method"];
  if (!method_name.isString() || method_name.asString().empty()) {
    return error_reply(id, rpc_code::invalid_request, "Missing Method Name");
  }
  const Method* method = find_method(method_name.asString(), context.astf != nullptr);
  if (method == nullptr) {
    return error_reply(id, rpc_code::method_not_found,
                       "Method " + method_name.asString() + " not registered");
  }
  if (method_name.asString().starts_with("get_") && context.faults.take_busy()) {
    // TRex's "busy": it answers queries such as get_port_status so while RX
    // configuration tasks run, never the traffic commands. Not run; specific_err
    // is left out when empty (trex-protocol.md §1.5).
    return error_reply(id, rpc_code::try_again_later, "Try again later");
  }
  Json::Value reply(Json::objectValue);
  reply["jsonrpc"] = "2.0";
  reply["id"] = id;
  try {
    reply["result"] = run_method(*method, context, request["params"]);
  } catch (const RpcFault& fault) {
    reply["error"]["code"] = fault.code();
    reply["error"]["message"] = fault.message();
    reply["error"]["specific_err"] = fault.specific_err();
  } catch (const Json::Exception& error) {
    reply["error"]["code"] = rpc_code::parse_error;
    reply["error"]["message"] = "Json Error";
    reply["error"]["specific_err"] = error.what();
  } catch (const std::exception& error) {
    reply["error"]["code"] = rpc_code::internal_error;
    reply["error"]["message"] = "Internal Server Error";
    reply["error"]["specific_err"] = error.what();
  }
  return reply;
}

std::uint32_t announced_size(std::string_view frame) {
  std::uint32_t size = 0;
  for (std::size_t i = 4; i < 8; ++i) size = (size << 8) | static_cast<std::uint8_t>(frame[i]);
  return size;
}

}  // namespace

ProcessedRequest process_request(std::string_view message, StlState& state, measure::Seconds now,
                                 FaultPlan& faults, AstfState* astf) {
  ProcessedRequest processed;
  if (message.size() > max_rpc_message_bytes) {
    // Checked on the raw message; the answer is never compressed (§1.4).
    processed.reply = too_large(message.size());
    return processed;
  }
  bool compressed = false;
  std::string text;
  if (is_compressed_frame(message)) {
    if (announced_size(message) > max_rpc_message_bytes) {
      processed.reply = compress_frame(too_large(announced_size(message)));
      return processed;
    }
    try {
      text = decompress_frame(message, max_rpc_message_bytes);
      compressed = true;
    } catch (const FrameError&) {
      // TRex falls back to the raw bytes, which then fail as JSON (§1.3).
      text = std::string(message);
    }
  } else {
    text = std::string(message);
  }

  Json::CharReaderBuilder builder;
  builder["collectComments"] = false;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value request;
  std::string errors;
  std::string reply_text;
  if (!reader->parse(text.data(), text.data() + text.size(), &request, &errors)) {
    reply_text = render(error_reply(Json::Value::null, rpc_code::parse_error, "Bad JSON Format"));
  } else {
    MethodContext context{state, now, faults};
    context.astf = astf;
    if (request.isArray()) {
      Json::Value replies(Json::arrayValue);
      for (const Json::Value& element : request) replies.append(handle_one(element, context));
      // The quirk of §1.6: one reply goes out as a bare object, none as "null".
      if (replies.size() == 1) {
        reply_text = render(replies[0]);
      } else if (replies.empty()) {
        reply_text = "null\n";
      } else {
        reply_text = render(replies);
      }
    } else {
      reply_text = render(handle_one(request, context));
    }
    processed.publish_barrier = context.publish_requested;
  }
  processed.reply = compressed ? compress_frame(reply_text) : std::move(reply_text);
  return processed;
}

}  // namespace trexsearch::trex::emu

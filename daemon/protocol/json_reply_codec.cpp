#include "daemon/protocol/json_reply_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/request_id_codec.hpp"

namespace trexsearch::protocol {

JsonReply parse_json_reply(std::string_view line) {
  const Response response = parse_response(line);
  JsonReply reply;
  reply.id = encode_request_id(response.id);
  reply.result = response.result;
  reply.text = response.text;
  reply.arguments = json_of(response.arguments);
  return reply;
}

}  // namespace trexsearch::protocol

#include "daemon/cli/job_result_codec.hpp"

#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/job_replies_codec.hpp"
#include "daemon/protocol/job_summary_codec.hpp"

namespace trexsearch::cli {

JobValues decode_job_values(const Json::Value& arguments) {
  if (!arguments["result"].isObject()) {
    // A job without a result: its state and reason (and the line rate, if given).
    JobValues values = job_values(protocol::decode_job_summary(arguments["job"], "arguments.job"));
    values.line_rate =
        protocol::decode_line_rate_facts(arguments["line_rate"], "arguments.line_rate");
    return values;
  }
  protocol::ResultReply reply;
  protocol::decode_reply(protocol::make_document(arguments), reply);
  return job_values(reply);
}

}  // namespace trexsearch::cli

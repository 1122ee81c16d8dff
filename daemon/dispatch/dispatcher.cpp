#include "daemon/dispatch/dispatcher.hpp"

#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"
#include "daemon/protocol/request_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {

using protocol::Request;
using protocol::Response;

Dispatcher::Dispatcher(JobControl& jobs, AccessPolicy policy, DaemonInfo info,
                       std::function<ServerStats()> stats, std::function<TrexLinkSnapshot()> trex)
    : Dispatcher(DispatcherJobs::of(jobs), policy, std::move(info), std::move(stats),
                 std::move(trex)) {}

Dispatcher::Dispatcher(DispatcherJobs jobs, AccessPolicy policy, DaemonInfo info,
                       std::function<ServerStats()> stats, std::function<TrexLinkSnapshot()> trex)
    : jobs_(jobs),
      policy_(policy),
      info_(std::move(info)),
      stats_(std::move(stats)),
      trex_(std::move(trex)) {}

Dispatched Dispatcher::dispatch_line(std::string_view line, const DispatchContext& context) {
  try {
    return dispatch(protocol::parse_request(line), context);
  } catch (const protocol::MalformedRequest& error) {
    return Dispatched{protocol::error_response(error.id(), error.code(), error.what()),
                      std::nullopt, nullptr};
  }
}

Dispatched Dispatcher::dispatch(const Request& request, const DispatchContext& context) {
  return dispatch(find_command(request.command), request, context);
}

Dispatched Dispatcher::dispatch(const Command* command, const Request& request,
                                const DispatchContext& context) {
  try {
    if (command == nullptr) throw unknown_command(request.command);
    return (this->*command->handler)(request, context);
  } catch (const RequestError& error) {
    return {protocol::error_response(request.id, error.code(), error.what()), std::nullopt,
            nullptr};
  } catch (const measure::ConfigError& error) {
    return {protocol::error_response(request.id, ResultCode::bad_request, error.what()),
            std::nullopt, nullptr};
  } catch (const std::exception& error) {
    return {protocol::error_response(request.id, ResultCode::error,
                                     request.command + " failed: " + error.what()),
            std::nullopt, nullptr};
  }
}

template <class TypedRequest, class Reply,
          Answer<Reply> (Dispatcher::*Handler)(const TypedRequest&, const DispatchContext&)>
Dispatched Dispatcher::typed(const Request& request, const DispatchContext& context) {
  const auto typed_request = protocol::decode_request<TypedRequest>(request.arguments);
  Answer<Reply> answer = (this->*Handler)(typed_request, context);
  Response response;
  response.id = request.id;
  response.text = std::move(answer.text);
  response.arguments = encode_reply(answer.reply);
  return {std::move(response), std::nullopt, nullptr};
}

namespace {
namespace p = protocol;
}  // namespace

// The registry. Privileged commands check the peer themselves, after their
// arguments (a malformed request says so first); `help` lists this table.
const Dispatcher::Command Dispatcher::kCommands[] = {
    {"version", "daemon and protocol version", false, false,
     &Dispatcher::typed<p::VersionRequest, VersionReply, &Dispatcher::version>},
    {"status", "daemon, TRex connection, queue and clients", false, false,
     &Dispatcher::typed<p::StatusRequest, StatusReply, &Dispatcher::status>},
    // submit may ask TRex for its port speed (up to 1 s when TRex does not answer,
    // docs/loads.md); the store commands' cost grows with the store.
    {"submit", "queue a job: {method, spec, measurer, name?, profile?}", true, true,
     &Dispatcher::typed<p::SubmitRequest, SubmitReply, &Dispatcher::submit>},
    {"list", "jobs, newest first: {state?, limit?}", false, true,
     &Dispatcher::typed<p::ListRequest, ListReply, &Dispatcher::list>},
    {"show", "one job: state, progress, bounds, trials: {job, trials?}", false, true,
     &Dispatcher::typed<p::ShowRequest, ShowReply, &Dispatcher::show>},
    {"cancel", "cancel a queued or running job: {job}", true, false,
     &Dispatcher::typed<p::CancelRequest, CancelReply, &Dispatcher::cancel>},
    {"delete", "delete an ended job with its trials and result: {job}", true, true,
     &Dispatcher::typed<p::DeleteRequest, DeleteReply, &Dispatcher::remove>},
    {"result", "the full result of a job, every trial included: {job}", false, true,
     &Dispatcher::typed<p::ResultRequest, ResultReply, &Dispatcher::result>},
    {"watch", "stream a job's progress events until it ends: {job}", false, false,
     &Dispatcher::watch},
    {"analyze", "re-analyse a job's stored trials with other goals: {job, goals?}", false, true,
     &Dispatcher::typed<p::AnalyzeRequest, AnalyzeReply, &Dispatcher::analyze>},
    {"submit_suite",
     "queue a suite's jobs together: {name, job, frame_sizes?, profiles?, methods?, repeats?}",
     true, true,
     &Dispatcher::typed<p::SubmitSuiteRequest, SubmitSuiteReply, &Dispatcher::submit_suite>},
    {"show_suite", "one suite: its jobs with their states and results: {suite}", false, true,
     &Dispatcher::typed<p::ShowSuiteRequest, ShowSuiteReply, &Dispatcher::show_suite>},
    {"list_suites", "suites, newest first: {limit?}", false, true,
     &Dispatcher::typed<p::ListSuitesRequest, ListSuitesReply, &Dispatcher::list_suites>},
    {"help", "this list", false, false,
     &Dispatcher::typed<p::HelpRequest, HelpReply, &Dispatcher::help>},
};

const Dispatcher::Command* Dispatcher::find_command(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

RequestError Dispatcher::unknown_command(const std::string& name) {
  std::string known;
  for (const Command& entry : kCommands) {
    known += (known.empty() ? "" : ", ") + std::string(entry.name);
  }
  return RequestError(ResultCode::unsupported,
                      "unknown command \"" + name.substr(0, 40) + "\"; known: " + known);
}

JobStoreAccess& Dispatcher::store_access(const DispatchContext& context) const {
  return context.store != nullptr ? *context.store : jobs_.store;
}

void Dispatcher::require_modify(const DispatchContext& context, std::string_view command) const {
  if (context.peer && policy_.may_modify(*context.peer)) return;
  const std::string who = context.peer ? context.peer->describe() : "a peer without credentials";
  throw RequestError(ResultCode::permission_denied, who + " may not " + std::string(command) +
                                                        ": only " + policy_.describe() +
                                                        " may submit or cancel jobs");
}

std::vector<HelpReply::Command> Dispatcher::command_list() {
  std::vector<HelpReply::Command> commands;
  for (const Command& info : kCommands) {
    commands.push_back({std::string(info.name), std::string(info.summary), info.privileged});
  }
  return commands;
}

Answer<HelpReply> Dispatcher::help(const protocol::HelpRequest& /*request*/,
                                   const DispatchContext& /*context*/) {
  return {"commands of trex-searchd", HelpReply{command_list()}};
}

}  // namespace trexsearch::service

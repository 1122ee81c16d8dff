// The dispatcher's handlers that act on jobs: submit, cancel, delete, watch.
#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/request_codec.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

std::string job_text(JobId id) { return "job " + std::to_string(id); }

}  // namespace

Answer<SubmitReply> Dispatcher::submit(const protocol::SubmitRequest& request,
                                       const DispatchContext& context) {
  require_modify(context, "submit");
  const JobSpec spec = decode_job_spec(request.job, port_speed_probe_);
  if (is_astf_job(spec.measurer) && astf_profile_probe_) {
    // TRex parses an ASTF profile only when it starts it: ask now, when it is free.
    if (const auto refused = astf_profile_probe_(std::get<TrexMeasurerSpec>(spec.measurer))) {
      throw RequestError(ResultCode::bad_request,
                         "measurer.astf: TRex refused the profile: " + *refused);
    }
  }
  const SubmitReceipt receipt = jobs_.submission.submit(spec, context.peer->describe());
  return {job_text(receipt.id) + " queued at position " + std::to_string(receipt.queue_position),
          SubmitReply{receipt.id, receipt.queue_position}};
}

Answer<CancelReply> Dispatcher::cancel(const protocol::CancelRequest& request,
                                       const DispatchContext& context) {
  require_modify(context, "cancel");
  const CancelOutcome outcome = jobs_.cancelling.cancel(request.job, context.peer->describe());
  return {outcome == CancelOutcome::cancelled
              ? job_text(request.job) + " cancelled"
              : job_text(request.job) + " is stopping (its running trial is stopped)",
          CancelReply{request.job, outcome == CancelOutcome::cancelled ? JobState::cancelled
                                                                       : JobState::running}};
}

Answer<DeleteReply> Dispatcher::remove(const protocol::DeleteRequest& request,
                                       const DispatchContext& context) {
  require_modify(context, "delete");
  const std::size_t trials = store_access(context).remove(request.job, context.peer->describe());
  return {job_text(request.job) + " deleted with its " + std::to_string(trials) + " trials",
          DeleteReply{request.job, trials}};
}

// Not a typed handler: besides the reply it hands the connection a watcher.
Dispatched Dispatcher::watch(const protocol::Request& request, const DispatchContext& context) {
  const auto watch_request = protocol::decode_request<protocol::WatchRequest>(request.arguments);
  const JobId id = watch_request.job;
  if (!context.make_watcher) {
    throw RequestError(ResultCode::unsupported, "watch needs a streaming connection");
  }
  std::shared_ptr<JobWatcher> watcher = context.make_watcher(request.id);
  const WatchStart start = jobs_.watching.watch(id, watcher);
  Dispatched dispatched;
  dispatched.response.id = request.id;
  WatchReply reply;
  reply.job = job_summary(start.record);
  if (start.progress) reply.progress = *start.progress;
  reply.ended = start.ended;
  dispatched.response.arguments = protocol::encode_reply(reply);
  if (start.ended) {
    dispatched.response.text =
        job_text(id) + " is " + std::string(to_string(start.record.state)) + "; no events follow";
    return dispatched;
  }
  dispatched.response.text = "watching " + job_text(id) + "; events follow until it ends";
  dispatched.watched_job = id;
  dispatched.watcher = std::move(watcher);
  return dispatched;
}

}  // namespace trexsearch::service

// The dispatcher's handlers of suites: submit_suite, show_suite, list_suites.
#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/dispatch/suite_reply_codec.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/suite_codec.hpp"

namespace trexsearch::service {

Answer<SubmitSuiteReply> Dispatcher::submit_suite(const protocol::SubmitSuiteRequest& request,
                                                  const DispatchContext& context) {
  require_modify(context, "submit_suite");
  const SuiteSpec suite = decode_suite(request.suite, port_speed_probe_);
  const SuiteReceipt receipt = jobs_.submission.submit_suite(suite, context.peer->describe());
  const auto& jobs = receipt.suite.jobs;
  std::string text = "suite " + std::to_string(receipt.suite.id) + " (" + suite.name +
                     "): " + std::to_string(jobs.size()) + " jobs queued, job " +
                     std::to_string(jobs.front().job) +
                     (jobs.size() > 1 ? " to " + std::to_string(jobs.back().job) : "") +
                     " from position " + std::to_string(receipt.queue_position);
  SubmitSuiteReply reply{receipt.suite.id, receipt.suite.name, {}, receipt.queue_position};
  for (const SuiteJobLink& link : jobs) reply.jobs.push_back(link.job);
  return {std::move(text), std::move(reply)};
}

Answer<ShowSuiteReply> Dispatcher::show_suite(const protocol::ShowSuiteRequest& request,
                                              const DispatchContext& context) {
  const SuiteDetails details = store_access(context).suite(request.suite);
  std::size_t ended = 0;
  for (const SuiteJobDetails& job : details.jobs) ended += is_final(job.record.state) ? 1 : 0;
  std::string text = "suite " + std::to_string(details.suite.id) + " (" + details.suite.name +
                     "): " + std::to_string(ended) + " of " + std::to_string(details.jobs.size()) +
                     " jobs ended";
  return {std::move(text), show_suite_reply_of(details)};
}

Answer<ListSuitesReply> Dispatcher::list_suites(const protocol::ListSuitesRequest& request,
                                                const DispatchContext& context) {
  ListSuitesReply reply;
  for (const SuiteRecord& suite : store_access(context).suites(request.limit)) {
    reply.suites.push_back(suite_summary(suite, suite.jobs.size()));
  }
  return {std::to_string(reply.suites.size()) + " suites", std::move(reply)};
}

}  // namespace trexsearch::service

#include "daemon/jobs/job_control.hpp"

#include "daemon/model/service_errors.hpp"

namespace trexsearch::service {

// Defaults for stores and submissions without suites (the test fakes): a suite
// command says so instead of failing obscurely.

SuiteDetails JobStoreAccess::suite(const SuiteRef& /*ref*/) {
  throw RequestError(ResultCode::unsupported, "this job store keeps no suites");
}

std::vector<SuiteRecord> JobStoreAccess::suites(std::size_t /*limit*/) { return {}; }

std::vector<HookRun> JobStoreAccess::hook_runs(JobId /*id*/) { return {}; }

SuiteReceipt JobSubmission::submit_suite(const SuiteSpec& suite,
                                         const std::string& /*submitted_by*/) {
  throw RequestError(ResultCode::unsupported,
                     "suite \"" + suite.name + "\": this job manager keeps no suites");
}

}  // namespace trexsearch::service

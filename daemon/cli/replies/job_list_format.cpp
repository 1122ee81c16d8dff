#include "daemon/cli/replies/job_list_format.hpp"

#include <algorithm>
#include <sstream>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"

namespace trexsearch::cli {

namespace {

/// The table, with a TESTER column first when `testers` is given (one per job).
std::string job_table(const std::vector<protocol::JobSummary>& jobs,
                      const std::vector<std::string>* testers) {
  // A TESTER column in the fleet; a TESTBED column only when some job has one
  // (docs/testbeds.md).
  std::size_t tester_width = 0;
  if (testers != nullptr) {
    tester_width = 8;
    for (const std::string& tester : *testers) {
      tester_width = std::max(tester_width, tester.size() + 2);
    }
  }
  std::size_t testbed_width = 0;
  for (const protocol::JobSummary& job : jobs) {
    if (job.testbed)
      testbed_width = std::max(testbed_width, std::max<std::size_t>(8, job.testbed->size() + 2));
  }
  std::ostringstream text;
  text << (tester_width > 0 ? pad("TESTER", tester_width) : "") << pad("ID", 7) << pad("STATE", 12)
       << pad("METHOD", 7) << pad("MEASURER", 9)
       << (testbed_width > 0 ? pad("TESTBED", testbed_width) : "") << pad("TRIALS", 7)
       << pad("CREATED", 25) << "NAME\n";
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const protocol::JobSummary& job = jobs[i];
    text << (tester_width > 0 ? pad((*testers)[i], tester_width) : "")
         << pad(std::to_string(job.id), 7) << pad(std::string(protocol::to_string(job.state)), 12)
         << pad(job.method, 7) << pad(job.measurer, 9)
         << (testbed_width > 0 ? pad(job.testbed.value_or("-"), testbed_width) : "")
         << pad(std::to_string(job.trial_count), 7) << pad(job.created_at, 25) << job.name << "\n";
  }
  return text.str();
}

}  // namespace

std::string format_job_list(const std::vector<protocol::JobSummary>& jobs) {
  return job_table(jobs, nullptr);
}

std::string format_job_list(const std::vector<SourcedJob>& jobs) {
  std::vector<protocol::JobSummary> summaries;
  std::vector<std::string> testers;
  for (const SourcedJob& job : jobs) {
    summaries.push_back(job.job);
    testers.push_back(terminal_safe(job.tester.value_or("-")));
  }
  return job_table(summaries, &testers);
}

}  // namespace trexsearch::cli

#include "daemon/cli/replies/job_list_format.hpp"

#include <algorithm>
#include <sstream>

#include "daemon/cli/text/number_text.hpp"

namespace trexsearch::cli {

std::string format_job_list(const std::vector<protocol::JobSummary>& jobs) {
  // A TESTBED column only when some job has one (docs/testbeds.md).
  std::size_t testbed_width = 0;
  for (const protocol::JobSummary& job : jobs) {
    if (job.testbed)
      testbed_width = std::max(testbed_width, std::max<std::size_t>(8, job.testbed->size() + 2));
  }
  std::ostringstream text;
  text << pad("ID", 7) << pad("STATE", 12) << pad("METHOD", 7) << pad("MEASURER", 9)
       << (testbed_width > 0 ? pad("TESTBED", testbed_width) : "") << pad("TRIALS", 7)
       << pad("CREATED", 25) << "NAME\n";
  for (const protocol::JobSummary& job : jobs) {
    text << pad(std::to_string(job.id), 7) << pad(std::string(protocol::to_string(job.state)), 12)
         << pad(job.method, 7) << pad(job.measurer, 9)
         << (testbed_width > 0 ? pad(job.testbed.value_or("-"), testbed_width) : "")
         << pad(std::to_string(job.trial_count), 7) << pad(job.created_at, 25) << job.name << "\n";
  }
  return text.str();
}

}  // namespace trexsearch::cli

#include "daemon/cli/replies/job_list_format.hpp"

#include <sstream>

#include "daemon/cli/text/number_text.hpp"

namespace trexsearch::cli {

std::string format_job_list(const std::vector<protocol::JobSummary>& jobs) {
  std::ostringstream text;
  text << pad("ID", 7) << pad("STATE", 12) << pad("METHOD", 7) << pad("MEASURER", 9)
       << pad("TRIALS", 7) << pad("CREATED", 25) << "NAME\n";
  for (const protocol::JobSummary& job : jobs) {
    text << pad(std::to_string(job.id), 7) << pad(std::string(protocol::to_string(job.state)), 12)
         << pad(job.method, 7) << pad(job.measurer, 9) << pad(std::to_string(job.trial_count), 7)
         << pad(job.created_at, 25) << job.name << "\n";
  }
  return text.str();
}

}  // namespace trexsearch::cli

#include "daemon/cli/command/job_reference.hpp"

#include "daemon/cli/command/client_options.hpp"
#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {

std::string to_string(const JobRef& job) {
  return job.tester ? *job.tester + ":" + std::to_string(job.id) : std::to_string(job.id);
}

JobRef parse_job_ref(const std::string& text, bool fleet,
                     const std::optional<std::string>& default_tester) {
  const std::size_t colon = text.rfind(':');
  if (!fleet) {
    if (colon != std::string::npos) {
      throw UsageError("JOB '" + text +
                       "': TESTER:ID names a job in the fleet database; give --db");
    }
    return {std::nullopt, parse_job_id(text)};
  }
  if (colon == std::string::npos) {
    if (!default_tester) {
      throw UsageError("JOB '" + text +
                       "': with --db name a job as TESTER:ID (lab-3:42), or give --tester");
    }
    return {default_tester, parse_job_id(text)};
  }
  const std::string tester = text.substr(0, colon);
  if (tester.empty()) {
    throw UsageError("JOB '" + text + "': the tester before ':' is empty (TESTER:ID, lab-3:42)");
  }
  try {
    return {tester, parse_job_id(text.substr(colon + 1))};
  } catch (const UsageError&) {
    throw UsageError("JOB '" + text +
                     "': the id after ':' must be a whole number >= 1 (TESTER:ID, lab-3:42)");
  }
}

}  // namespace trexsearch::cli

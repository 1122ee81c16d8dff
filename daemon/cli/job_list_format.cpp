#include "daemon/cli/job_list_format.hpp"

#include <sstream>

#include "daemon/cli/number_text.hpp"

namespace trexsearch::cli {

std::string format_job_list(const Json::Value& jobs) {
  std::ostringstream text;
  text << pad("ID", 7) << pad("STATE", 12) << pad("METHOD", 7) << pad("MEASURER", 9)
       << pad("TRIALS", 7) << pad("CREATED", 25) << "NAME\n";
  for (const auto& job : jobs) {
    text << pad(job["id"].asString(), 7) << pad(job["state"].asString(), 12)
         << pad(job["method"].asString(), 7) << pad(job["measurer"].asString(), 9)
         << pad(job["trial_count"].asString(), 7) << pad(job["created_at"].asString(), 25)
         << job["name"].asString() << "\n";
  }
  return text.str();
}

}  // namespace trexsearch::cli

#include "daemon/cli/client/job_source.hpp"

#include "daemon/cli/client/fleet_job_source.hpp"
#include "daemon/cli/client/socket_job_source.hpp"
#include "daemon/cli/command/command_entry.hpp"
#include "daemon/cli/command/fleet_options.hpp"

namespace trexsearch::cli {

std::unique_ptr<JobSource> open_job_source(const ClientCall& call, int list_limit) {
  if (const std::optional<std::string> conninfo = fleet_conninfo(call.options)) {
    return std::make_unique<FleetJobSource>(*conninfo, call.settings.timeout);
  }
  return std::make_unique<SocketJobSource>(call.settings.socket, call.settings.timeout, list_limit);
}

}  // namespace trexsearch::cli

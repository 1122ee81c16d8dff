#pragma once

#include "daemon/searchd/options.hpp"
#include "daemon/server/connection_settings.hpp"

namespace trexsearch::service {

/// The control server's limits from the daemon's options (at start and on reload).
ConnectionSettings connection_settings(const DaemonOptions& options);

}  // namespace trexsearch::service

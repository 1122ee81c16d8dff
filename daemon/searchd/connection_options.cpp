#include "daemon/searchd/connection_options.hpp"

namespace trexsearch::service {

ConnectionSettings connection_settings(const DaemonOptions& options) {
  ConnectionSettings settings;
  settings.max_request_bytes = options.max_request_bytes;
  settings.idle_timeout = options.idle_timeout;
  settings.max_client_output_bytes = options.max_client_output_bytes;
  settings.output_timeout = options.output_timeout;
  settings.max_output_bytes = options.max_output_mib << 20;
  return settings;
}

}  // namespace trexsearch::service

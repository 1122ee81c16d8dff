#pragma once

#include <string>

#include "daemon/searchd/options.hpp"

namespace trexsearch::service {

/// What a job record keeps of the daemon's settings (the `config` column, as one
/// JSON line): the ones that can change how a job runs or who could touch it.
std::string encode_settings_column(const DaemonOptions& options);

}  // namespace trexsearch::service

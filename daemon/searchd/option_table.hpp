#pragma once

#include <boost/program_options/options_description.hpp>

namespace trexsearch::service {

/// trex-searchd's settings: one table for the command line and the config file,
/// so every key can be set both ways and --help lists them with their defaults.
boost::program_options::options_description settings_description();

/// The options that are not settings: --config, --check-config, --help, --version.
boost::program_options::options_description general_description();

}  // namespace trexsearch::service

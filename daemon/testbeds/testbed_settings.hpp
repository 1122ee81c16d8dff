#pragma once

#include <string>
#include <utility>
#include <vector>

#include "daemon/testbeds/testbed.hpp"

namespace trexsearch::service {

/// The config file's `[testbed.NAME]` sections, as the settings "testbed.NAME.KEY" =
/// VALUE in file order. Keys: `endpoint` (required, tcp://HOST:PORT), `ports`
/// (required: "0,1", "0-3"), `trex-user`, `hooks` ("a,b": the hooks its jobs may
/// name), `port-speed` (Gbit/s) (optional). No section: one testbed named
/// "default" on `trex_endpoint` with every port, so configs without testbeds work as
/// before. Throws ConfigError naming the key and value (unknown key, bad name, bad or
/// missing value) and TestbedSet's refusals (a port two testbeds share).
TestbedSet testbeds_from_settings(const std::vector<std::pair<std::string, std::string>>& settings,
                                  const std::string& trex_endpoint);

}  // namespace trexsearch::service

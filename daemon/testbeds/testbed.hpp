#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::service {

/// One TRex server, or a set of its ports, that `trex` jobs run on (docs/testbeds.md).
struct Testbed {
  /// The name jobs give (`"testbed": "lab-a"`): letters, digits, '-' and '_'.
  std::string name;
  /// TRex's RPC endpoint, "tcp://HOST:PORT".
  std::string endpoint;
  /// The ports jobs on it may use; empty: every port of that TRex (only the testbed
  /// the daemon makes of `trex-endpoint` when the config has no testbed section).
  std::set<std::uint8_t> ports;
  /// The owner name TRex shows on its ports; absent: the daemon's `trex-user`.
  std::optional<std::string> trex_user;
  /// The operator's hooks jobs on it may name (`hooks = a,b`); absent: any hook the
  /// daemon defines (docs/testbeds.md "Hooks").
  std::optional<std::set<std::string>> hooks;
  /// Its ports' speed [Gbit/s] (`port-speed`), which loads in % of line rate refer to
  /// for jobs that give none; absent: asked of TRex at submission.
  std::optional<double> port_speed_gbps;

  /// "0,1" or "every port".
  std::string ports_text() const;
};

/// The name of the testbed the daemon makes of `trex-endpoint` when its config has
/// no testbed section.
inline constexpr std::string_view default_testbed_name = "default";

/// The testbeds a daemon knows, checked, and which one a job runs on. Immutable.
class TestbedSet {
 public:
  /// Throws ConfigError naming the key when two testbeds share a name, or a port of
  /// one TRex (naming both), or a testbed has no port.
  explicit TestbedSet(std::vector<Testbed> testbeds);

  const std::vector<Testbed>& all() const { return testbeds_; }
  const Testbed* find(std::string_view name) const;
  /// "lab-a, lab-b".
  std::string names() const;
  /// Whether it is only the testbed made of `trex-endpoint` (no section in the config):
  /// then a job that gives another endpoint runs there, on no testbed, as before
  /// testbeds existed.
  bool implicit() const { return testbeds_.size() == 1 && testbeds_.front().ports.empty(); }

  /// The testbed a `trex` job runs on: the one it names (`name`); else, among the
  /// testbeds on `endpoint` (the job's, or the daemon's `trex-endpoint`) whose ports
  /// hold the job's, the only one or the one named "default". Then the job's
  /// endpoint (when it gives one) must be the testbed's and its ports the
  /// testbed's. Throws ConfigError ("testbed", "endpoint" or "ports") saying what
  /// to change and listing the known testbeds.
  const Testbed& resolve(const std::string& name, const std::string& endpoint, bool endpoint_given,
                         const std::set<std::uint8_t>& ports) const;

 private:
  std::vector<Testbed> testbeds_;
};

}  // namespace trexsearch::service

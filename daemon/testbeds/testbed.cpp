#include "daemon/testbeds/testbed.hpp"

#include <algorithm>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

std::string port_list(const std::set<std::uint8_t>& ports) {
  std::string text;
  for (const std::uint8_t port : ports) {
    text += (text.empty() ? "" : ",") + std::to_string(port);
  }
  return text;
}

bool holds(const Testbed& testbed, const std::set<std::uint8_t>& ports) {
  return testbed.ports.empty() ||
         std::includes(testbed.ports.begin(), testbed.ports.end(), ports.begin(), ports.end());
}

// A port both use, when both are on one TRex; nullopt when they share none.
std::optional<std::string> shared_port(const Testbed& a, const Testbed& b) {
  if (a.endpoint != b.endpoint) return std::nullopt;
  if (a.ports.empty() || b.ports.empty()) return std::string("every port");
  for (const std::uint8_t port : a.ports) {
    if (b.ports.contains(port)) return "port " + std::to_string(port);
  }
  return std::nullopt;
}

}  // namespace

std::string Testbed::ports_text() const { return ports.empty() ? "every port" : port_list(ports); }

TestbedSet::TestbedSet(std::vector<Testbed> testbeds) : testbeds_(std::move(testbeds)) {
  for (std::size_t i = 0; i < testbeds_.size(); ++i) {
    const Testbed& later = testbeds_[i];
    for (std::size_t k = 0; k < i; ++k) {
      const Testbed& earlier = testbeds_[k];
      if (earlier.name == later.name) {
        throw measure::ConfigError("testbed." + later.name, later.endpoint,
                                   "a second testbed of this name");
      }
      if (const auto port = shared_port(earlier, later)) {
        throw measure::ConfigError("testbed." + later.name + ".ports", later.ports_text(),
                                   "testbeds " + earlier.name + " and " + later.name + " share " +
                                       *port + " of " + later.endpoint +
                                       "; a port belongs to one testbed, so that their jobs can "
                                       "run at the same time");
      }
    }
  }
}

const Testbed* TestbedSet::find(std::string_view name) const {
  const auto found = std::find_if(testbeds_.begin(), testbeds_.end(),
                                  [name](const Testbed& testbed) { return testbed.name == name; });
  return found == testbeds_.end() ? nullptr : &*found;
}

std::string TestbedSet::names() const {
  std::string text;
  for (const Testbed& testbed : testbeds_) text += (text.empty() ? "" : ", ") + testbed.name;
  return text;
}

const Testbed& TestbedSet::resolve(const std::string& name, const std::string& endpoint,
                                   bool endpoint_given, const std::set<std::uint8_t>& ports) const {
  const std::string known = " (this daemon's testbeds: " + names() + ")";
  const Testbed* chosen = nullptr;
  if (!name.empty()) {
    chosen = find(name);
    if (chosen == nullptr) {
      throw measure::ConfigError("testbed", name, "no such testbed" + known);
    }
  } else {
    std::vector<const Testbed*> candidates;
    for (const Testbed& testbed : testbeds_) {
      if (testbed.endpoint == endpoint && holds(testbed, ports)) candidates.push_back(&testbed);
    }
    const auto named_default =
        std::find_if(candidates.begin(), candidates.end(),
                     [](const Testbed* testbed) { return testbed->name == default_testbed_name; });
    if (candidates.size() == 1) {
      chosen = candidates.front();
    } else if (named_default != candidates.end()) {
      chosen = *named_default;
    } else {
      throw measure::ConfigError(
          "testbed", "(none named)",
          std::string(candidates.empty() ? "no testbed" : "more than one testbed") + " on " +
              endpoint + " has ports " + port_list(ports) + "; name one with \"testbed\"" + known);
    }
  }
  if (endpoint_given && endpoint != chosen->endpoint) {
    throw measure::ConfigError("endpoint", endpoint,
                               "testbed " + chosen->name + " is on " + chosen->endpoint +
                                   "; leave the endpoint out or name its testbed");
  }
  if (!holds(*chosen, ports)) {
    throw measure::ConfigError("ports", port_list(ports),
                               "testbed " + chosen->name + " has ports " + chosen->ports_text() +
                                   " only; use those or another testbed" + known);
  }
  return *chosen;
}

}  // namespace trexsearch::service

#include "daemon/testbeds/testbed_settings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
}

std::uint8_t port_number(const std::string& key, const std::string& text, const std::string& part) {
  if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
      })) {
    throw measure::ConfigError(key, text, "\"" + part + "\" is not a port id (0..254)");
  }
  const int port = std::stoi(part);
  if (port > 254) throw measure::ConfigError(key, text, "port " + part + " is past 254");
  return static_cast<std::uint8_t>(port);
}

// "0,1", "0-3", "0-1,4".
std::set<std::uint8_t> parse_ports(const std::string& key, const std::string& text) {
  std::set<std::uint8_t> ports;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    std::string part = text.substr(at, comma - at);
    part.erase(std::remove(part.begin(), part.end(), ' '), part.end());
    const std::size_t dash = part.find('-');
    const std::uint8_t first = port_number(key, text, part.substr(0, dash));
    const std::uint8_t last =
        dash == std::string::npos ? first : port_number(key, text, part.substr(dash + 1));
    if (last < first) throw measure::ConfigError(key, text, "range " + part + " runs backwards");
    for (int port = first; port <= last; ++port) ports.insert(static_cast<std::uint8_t>(port));
    at = comma + 1;
  }
  return ports;
}

// "reset-nat, vpp-stats": the hooks a testbed allows; "" allows none.
std::set<std::string> parse_names(const std::string& key, const std::string& text) {
  std::set<std::string> names;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    std::string name = text.substr(at, comma - at);
    name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
    if (!valid_name(name)) {
      throw measure::ConfigError(key, text, "\"" + name + "\" is not a hook's name");
    }
    names.insert(name);
    at = comma + 1;
  }
  return names;
}

// "100": the ports' speed in Gbit/s, as a job's port_speed_gbps.
double parse_speed(const std::string& key, const std::string& text) {
  double speed = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), speed);
  if (error != std::errc{} || end != text.data() + text.size() || !(speed > 0.0) ||
      speed > 1600.0) {
    throw measure::ConfigError(key, text,
                               "must be the ports' speed in Gbit/s, more than 0 "
                               "and at most 1600 (e.g. 100)");
  }
  return speed;
}

struct Section {
  Testbed testbed;
  bool has_ports = false;
};

void apply(Section& section, const std::string& setting, const std::string& key,
           const std::string& value) {
  if (key == "endpoint") {
    if (value.rfind("tcp://", 0) != 0) {
      throw measure::ConfigError(setting, value, "must be tcp://HOST:PORT");
    }
    section.testbed.endpoint = value;
  } else if (key == "ports") {
    section.testbed.ports = parse_ports(setting, value);
    section.has_ports = true;
  } else if (key == "trex-user") {
    if (value.empty()) throw measure::ConfigError(setting, "\"\"", "must not be empty");
    section.testbed.trex_user = value;
  } else if (key == "hooks") {
    section.testbed.hooks = parse_names(setting, value);
  } else if (key == "port-speed") {
    section.testbed.port_speed_gbps = parse_speed(setting, value);
  } else {
    throw measure::ConfigError(
        setting, value,
        "unknown testbed key (known: endpoint, ports, trex-user, hooks, port-speed)");
  }
}

}  // namespace

TestbedSet testbeds_from_settings(const std::vector<std::pair<std::string, std::string>>& settings,
                                  const std::string& trex_endpoint) {
  std::vector<std::string> order;
  std::map<std::string, Section> sections;
  for (const auto& [setting, value] : settings) {
    // "testbed.NAME.KEY": the section [testbed.NAME] and its KEY.
    const std::size_t dot = setting.rfind('.');
    const std::string name = setting.substr(8, dot == std::string::npos || dot < 8 ? 0 : dot - 8);
    if (setting.rfind("testbed.", 0) != 0 || dot == std::string::npos || dot < 8 ||
        !valid_name(name)) {
      throw measure::ConfigError(setting, value,
                                 "not a testbed setting: a section [testbed.NAME] (NAME of "
                                 "letters, digits, '-' and '_') with endpoint and ports");
    }
    auto [entry, added] = sections.try_emplace(name);
    if (added) {
      order.push_back(name);
      entry->second.testbed.name = name;
    }
    apply(entry->second, setting, setting.substr(dot + 1), value);
  }
  std::vector<Testbed> testbeds;
  for (const std::string& name : order) {
    const Section& section = sections.at(name);
    if (section.testbed.endpoint.empty()) {
      throw measure::ConfigError("testbed." + name + ".endpoint", "(missing)",
                                 "required: the TRex it runs on, tcp://HOST:PORT");
    }
    if (!section.has_ports || section.testbed.ports.empty()) {
      throw measure::ConfigError("testbed." + name + ".ports", "(missing)",
                                 "required: the TRex ports it owns, e.g. 0,1");
    }
    testbeds.push_back(section.testbed);
  }
  if (testbeds.empty()) {
    testbeds.push_back({std::string(default_testbed_name),
                        trex_endpoint,
                        {},
                        std::nullopt,
                        std::nullopt,
                        std::nullopt});
  }
  return TestbedSet(std::move(testbeds));
}

}  // namespace trexsearch::service

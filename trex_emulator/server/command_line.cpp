#include "trex_emulator/server/command_line.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <map>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "sim/latency_options.hpp"

namespace trexsearch::trex::emu {

namespace po = boost::program_options;

namespace {

// NAME=VALUE with a numeric VALUE (--sut-option, --sut-port-option). Errors name
// `option` with the whole text, or `prefix` + NAME with a VALUE that is no number.
std::pair<std::string, double> parse_name_value(const std::string& option,
                                                const std::string& prefix,
                                                const std::string& text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw measure::ConfigError(option, text, "expected NAME=VALUE");
  }
  const std::string name = text.substr(0, equals);
  const std::string value = text.substr(equals + 1);
  std::size_t used = 0;
  double number = 0.0;
  try {
    number = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size())
    throw measure::ConfigError(prefix + name, value, "not a number");
  return {name, number};
}

// PORT:NAME=VALUE: a SUT option for the traffic sent from PORT only.
void parse_port_option(const std::string& text, EmulatorOptions& o) {
  const std::size_t colon = text.find(':');
  const std::string port_text = text.substr(0, colon);
  const std::size_t equals = text.find('=');
  if (colon == std::string::npos || port_text.empty() ||
      port_text.find_first_not_of("0123456789") != std::string::npos || port_text.size() > 3 ||
      equals == std::string::npos || equals <= colon + 1) {
    throw measure::ConfigError("--sut-port-option", text,
                               "expected PORT:NAME=VALUE, e.g. 1:capacity_pps=2e6");
  }
  const auto port = static_cast<std::uint32_t>(std::stoul(port_text));
  if (port >= o.port_count) {
    throw measure::ConfigError("--sut-port-option", text,
                               "port " + port_text + " does not exist; ports are 0.." +
                                   std::to_string(o.port_count - 1) + " (--ports)");
  }
  const auto [name, value] = parse_name_value(
      "--sut-port-option", "--sut-port-option " + port_text + ":", text.substr(colon + 1));
  o.sut_port_options[port][name] = value;
}

/// The flags that are not EmulatorOptions fields as they are: program_options
/// writes them here, and apply_flags turns them into options.
struct RawFlags {
  std::string bind = "127.0.0.1";
  unsigned rpc_port = 4501;
  unsigned pub_port = 4500;
  double latency_us = 0.0;
  double max_tx_pps = 0.0;
  std::vector<std::string> sut_options;
  std::vector<std::string> sut_port_options;
  bool no_flow_stats = false;
  double astf_sut_cps = 0.0;
  std::uint64_t astf_sut_sessions = 0;
  double astf_max_cps = 0.0;
  bool no_latency = false;
};

/// --latency-base-us etc.: the latency_* SUT options for every direction (per
/// direction: --sut-port-option PORT:latency_base_us=V), as (flag, SUT option).
/// latency_rate_pps is no emulator option: the profile's latency streams set the rate.
std::vector<std::pair<std::string, std::string>> latency_flags() {
  std::vector<std::pair<std::string, std::string>> flags;
  for (const sim::SutOptionSpec& spec : sim::latency_option_specs()) {
    if (spec.name == "latency_rate_pps") continue;
    std::string flag = spec.name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    flags.emplace_back(flag, spec.name);
  }
  return flags;
}

void add_emulator_options(po::options_description& description, RawFlags& flags,
                          EmulatorOptions& o) {
  description.add_options()("help,h", "show this help")(
      "bind", po::value(&flags.bind)->default_value(flags.bind),
      "address to bind (loopback by default)")(
      "rpc-port", po::value(&flags.rpc_port)->default_value(flags.rpc_port),
      "RPC (REQ/REP) port; 0 = any")(
      "pub-port", po::value(&flags.pub_port)->default_value(flags.pub_port),
      "async (PUB) port; 0 = any")("ports", po::value(&o.port_count)->default_value(o.port_count),
                                   "number of ports, even; pairs (0,1), (2,3), ...")(
      "link-speed-gbps", po::value(&o.link_speed_gbps)->default_value(o.link_speed_gbps),
      "link speed of every port [Gb/s] (get_port_status attr.speed, line rate, percentage)")(
      "no-flow-stats", po::bool_switch(&flags.no_flow_stats),
      "ports without RX statistics: no flow_stats/latency/rx_bytes caps, add_stream with "
      "flow_stats enabled fails (\"RX stats is not supported on this interface\")")(
      "no-latency", po::bool_switch(&flags.no_latency),
      "ports without the latency RX capability (flow_stats stays): add_stream refuses "
      "latency streams (\"Interface does not support given rule type\")")(
      "hdrh", po::bool_switch(&o.hdrh),
      "get_pgid_stats includes lat.hdrh (HDR histogram), as TRex started with --hdrh")(
      "sut", po::value(&o.sut_model)->default_value(o.sut_model),
      "simulated SUT model (see --list-sut-models)")(
      "sut-option", po::value(&flags.sut_options)->composing(),
      "model option NAME=VALUE for every direction, repeatable (e.g. capacity_pps=1e6)")(
      "sut-port-option", po::value(&flags.sut_port_options)->composing(),
      "PORT:NAME=VALUE: model option for the traffic sent from PORT only, replacing "
      "--sut-option NAME there; repeatable (e.g. 1:capacity_pps=2e6)")(
      "seed", po::value(&o.seed)->default_value(o.seed), "SUT seed; direction p uses seed + p")(
      "sut-latency-us", po::value(&flags.latency_us)->default_value(0.0),
      "time frames spend in the SUT [us]: RX counters lag TX by this much")(
      "dut-frames-per-run", po::value(&o.dut_frames_per_run)->default_value(0),
      "frames the SUT itself sends to each receiving port per run (ARP, LLDP): on "
      "ipackets only, never on a pg_id")(
      "max-tx-pps", po::value(&flags.max_tx_pps)->default_value(0.0),
      "fastest a port transmits [pps], shared by its profiles; above it traffic is "
      "stretched (every frame sent, later, as TRex does); 0 = no limit")(
      "speed", po::value(&o.speed)->default_value(o.speed),
      "emulated time runs this many times faster than real time")(
      "version-string", po::value(&o.version)->default_value(o.version),
      "version reported by get_version")(
      "astf", po::bool_switch(&o.astf),
      "serve TRex's advanced stateful mode (ASTF, API 2.3) instead of STL")(
      "astf-sut-cps", po::value(&flags.astf_sut_cps)->default_value(0.0),
      "ASTF: new connections per second the SUT of each port pair accepts (token bucket, "
      "10 ms burst); above it the first packet of a new connection is dropped; 0 = no limit")(
      "astf-sut-sessions", po::value(&flags.astf_sut_sessions)->default_value(0),
      "ASTF: sessions the SUT of each port pair holds; new connections find no room when "
      "full; 0 = no limit")(
      "astf-sut-session-timeout",
      po::value(&o.astf_sut.session_timeout_s)->default_value(o.astf_sut.session_timeout_s),
      "ASTF: idle time after which a SUT session expires (UDP sessions, TCP flows cut "
      "without a close) [emulated s]")(
      "astf-max-cps", po::value(&flags.astf_max_cps)->default_value(0.0),
      "ASTF: the most new flows per second the emulated TRex creates (all ports); above it "
      "flows start late, as when TRex's cores fall behind; 0 = no limit")(
      "list-sut-models", "list the simulated SUT models and exit");
}

void add_latency_options(po::options_description& description,
                         const std::vector<std::pair<std::string, std::string>>& flags) {
  for (const auto& [flag, name] : flags) {
    std::string help;
    for (const sim::SutOptionSpec& spec : sim::latency_option_specs()) {
      if (spec.name == name) {
        help = "latency model, every direction: " + spec.description + " [" + spec.unit +
               "], default " + measure::format_value(spec.default_value) + " (SUT option " + name +
               ")";
      }
    }
    description.add_options()(flag.c_str(), po::value<double>(), help.c_str());
  }
}

/// The parsed flags into the options; throws ConfigError naming the flag.
void apply_flags(const RawFlags& flags, const po::variables_map& values,
                 const std::vector<std::pair<std::string, std::string>>& latency,
                 EmulatorOptions& o) {
  for (const std::string& option : flags.sut_options) {
    const auto [name, value] = parse_name_value("--sut-option", "--sut-option ", option);
    o.sut_options[name] = value;
  }
  for (const auto& [flag, name] : latency) {
    if (values.count(flag) != 0) o.sut_options[name] = values[flag].as<double>();
  }
  for (const std::string& option : flags.sut_port_options) parse_port_option(option, o);
  if (flags.rpc_port > 65535)
    throw measure::ConfigError("--rpc-port", std::to_string(flags.rpc_port), "not a port");
  if (flags.pub_port > 65535)
    throw measure::ConfigError("--pub-port", std::to_string(flags.pub_port), "not a port");
  o.rpc_endpoint =
      "tcp://" + flags.bind + ":" + (flags.rpc_port == 0 ? "*" : std::to_string(flags.rpc_port));
  o.pub_endpoint =
      "tcp://" + flags.bind + ":" + (flags.pub_port == 0 ? "*" : std::to_string(flags.pub_port));
  o.sut_latency = measure::Seconds{flags.latency_us * 1e-6};
  o.flow_stats = !flags.no_flow_stats;
  o.latency_caps = !flags.no_latency;
  if (flags.max_tx_pps > 0.0) o.max_tx_pps = flags.max_tx_pps;
  if (flags.astf_sut_cps != 0.0) o.astf_sut.cps = flags.astf_sut_cps;
  if (flags.astf_sut_sessions != 0) o.astf_sut.sessions = flags.astf_sut_sessions;
  if (flags.astf_max_cps != 0.0) o.astf_max_cps = flags.astf_max_cps;
  if (flags.max_tx_pps < 0.0) {
    throw measure::ConfigError("--max-tx-pps", measure::format_value(flags.max_tx_pps),
                               "must be >= 0");
  }
  o.validate();
}

}  // namespace

CommandLine parse_command_line(int argc, char** argv, std::ostream& out, std::ostream& err) {
  CommandLine command;
  EmulatorOptions& o = command.options;
  RawFlags flags;
  const std::vector<std::pair<std::string, std::string>> latency = latency_flags();
  po::options_description description(
      "trex-emulator: TRex's stateless JSON-RPC protocol with a simulated SUT per port pair");
  add_emulator_options(description, flags, o);
  add_latency_options(description, latency);

  po::variables_map values;
  try {
    po::store(po::parse_command_line(argc, argv, description), values);
    po::notify(values);
  } catch (const po::error& error) {
    err << "trex-emulator: " << error.what() << "\n";
    command.exit_code = 2;
    return command;
  }
  if (values.contains("help")) {
    out << description << "\n";
    command.exit_code = 0;
    return command;
  }
  if (values.contains("list-sut-models")) {
    for (const auto& [name, text] : sim::sut_model_catalogue()) out << name << ": " << text << "\n";
    command.exit_code = 0;
    return command;
  }
  try {
    apply_flags(flags, values, latency, o);
  } catch (const measure::ConfigError& error) {
    err << "trex-emulator: " << error.what() << "\n";
    command.exit_code = 2;
  }
  return command;
}

}  // namespace trexsearch::trex::emu

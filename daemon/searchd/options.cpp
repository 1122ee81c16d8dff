#include "daemon/searchd/options.hpp"

#include <grp.h>
#include <unistd.h>

#include <boost/asio/ip/address.hpp>
#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "daemon/cpus/cpu_set.hpp"
#include "daemon/cpus/proc_reader.hpp"
#include "daemon/fleet/conninfo.hpp"
#include "daemon/searchd/config_file.hpp"
#include "daemon/searchd/fleet_options.hpp"
#include "daemon/searchd/option_table.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

namespace po = boost::program_options;

mode_t parse_mode(const std::string& text) {
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 8);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value > 0777) {
    throw measure::ConfigError("socket-mode", text, "must be an octal file mode such as 0660");
  }
  if ((value & 0600) != 0600) {
    throw measure::ConfigError("socket-mode", text,
                               "the owner (the daemon) needs read and write (0600)");
  }
  return static_cast<mode_t>(value);
}

template <typename T>
T in_range(const po::variables_map& vm, const char* key, T low, T high) {
  const T value = vm[key].as<T>();
  if (value < low || value > high) {
    std::ostringstream range;
    range << "must be from " << low << " to " << high;
    std::ostringstream shown;
    shown << value;
    throw measure::ConfigError(key, shown.str(), range.str());
  }
  return value;
}

// Like trex-cpus: a CPU the machine does not have is a typo, not a wish.
void check_online(const char* key, const std::string& list, const std::optional<CpuSet>& online) {
  const std::vector<int> cpus = parse_cpu_list(list);
  if (cpus.empty() || !online) return;
  const CpuSet offline = cpu_set_minus(CpuSet(cpus.begin(), cpus.end()), *online);
  if (offline.empty()) return;
  throw measure::ConfigError(
      key, list,
      std::string(offline.size() == 1 ? "CPU " : "CPUs ") + format_cpu_set(offline) +
          (offline.size() == 1 ? " is" : " are") +
          " not online on this machine (online CPUs: " + format_cpu_set(*online) + ")");
}

// The control socket, its connections and the state directory.
void read_connection_options(const po::variables_map& vm, DaemonOptions& options) {
  options.socket = vm["socket"].as<std::string>();
  if (options.socket.empty() || options.socket.size() > 107) {
    throw measure::ConfigError("socket", "\"" + options.socket + "\"",
                               "must be a path of 1 to 107 bytes (the Unix socket limit)");
  }
  options.socket_mode = parse_mode(vm["socket-mode"].as<std::string>());
  options.control_group = vm["control-group"].as<std::string>();
  options.state_dir = vm["state-dir"].as<std::string>();
  if (options.state_dir.empty())
    throw measure::ConfigError("state-dir", "\"\"", "must not be empty");
  options.max_clients = in_range<std::size_t>(vm, "max-clients", 1, 100000);
  options.max_clients_per_user = in_range<std::size_t>(vm, "max-clients-per-user", 0, 100000);
  options.max_client_output_bytes =
      in_range<std::size_t>(vm, "max-client-output-bytes", 4096, std::size_t{1} << 30);
  options.max_output_mib = in_range<std::size_t>(vm, "max-output-mib", 1, 65536);
  const double output_timeout = vm["output-timeout"].as<double>();
  if (!std::isfinite(output_timeout) || output_timeout <= 0.0 || output_timeout > 86400.0) {
    throw measure::ConfigError("output-timeout", measure::format_value(output_timeout),
                               "must be a number of seconds > 0 (and at most a day)");
  }
  options.output_timeout = measure::Seconds{output_timeout};
  options.max_request_bytes =
      in_range<std::size_t>(vm, "max-request-bytes", 1024, std::size_t{64} << 20);
  const double idle = vm["idle-timeout"].as<double>();
  if (!std::isfinite(idle) || idle <= 0.0 || idle > 31536000.0) {
    throw measure::ConfigError("idle-timeout", measure::format_value(idle),
                               "must be a number of seconds > 0 (and at most a year)");
  }
  options.idle_timeout = measure::Seconds{idle};
}

// The job queue and the job store.
void read_store_options(const po::variables_map& vm, DaemonOptions& options) {
  options.max_queued_jobs = in_range<std::size_t>(vm, "max-queued-jobs", 1, 1000000);
  options.max_trials_per_job =
      in_range<std::uint64_t>(vm, "max-trials-per-job", 1, std::uint64_t{1} << 40);
  options.max_store_mib = in_range<std::uint64_t>(vm, "max-store-mib", 0, std::uint64_t{1} << 30);
  options.store_reserve_mib = in_range<std::uint64_t>(vm, "store-reserve-mib", 0, 1024);
  options.allow_exec_measurer = vm["allow-exec-measurer"].as<bool>();
  options.resume_interrupted = vm["resume-interrupted"].as<bool>();
}

// Logging, CPUs and PLR threads.
void read_process_options(const po::variables_map& vm, DaemonOptions& options) {
  const std::string level = vm["log-level"].as<std::string>();
  const auto priority = log_priority_from_string(level);
  if (!priority) {
    throw measure::ConfigError("log-level", level, "must be error, warning, notice, info or debug");
  }
  options.log_level = *priority;
  options.cpus = vm["cpus"].as<std::string>();
  const std::optional<CpuSet> online = ProcReader().online_cpus();
  check_online("cpus", options.cpus, online);
  options.trex_cpus = parse_trex_cpus_setting(vm["trex-cpus"].as<std::string>(), online);
  options.plr_threads = in_range<unsigned>(vm, "plr-threads", 1, 1024);
  const std::string resume = vm["plr-resume"].as<std::string>();
  if (resume == "deadline") {
    options.plr_resume = PlrResume::deadline;
  } else if (resume == "remaining") {
    options.plr_resume = PlrResume::remaining;
  } else {
    throw measure::ConfigError("plr-resume", resume, "must be deadline or remaining");
  }
}

// TRex for trex jobs that name none, and the metrics listener.
void read_trex_options(const po::variables_map& vm, DaemonOptions& options) {
  options.trex_endpoint = vm["trex-endpoint"].as<std::string>();
  if (options.trex_endpoint.rfind("tcp://", 0) != 0) {
    throw measure::ConfigError("trex-endpoint", options.trex_endpoint, "must be tcp://HOST:PORT");
  }
  options.trex_user = vm["trex-user"].as<std::string>();
  if (options.trex_user.empty())
    throw measure::ConfigError("trex-user", "\"\"", "must not be empty");
  const double grace = vm["trex-reconnect-grace"].as<double>();
  if (!(grace >= 0.0) || !std::isfinite(grace)) {
    throw measure::ConfigError("trex-reconnect-grace", measure::format_value(grace),
                               "must be >= 0 seconds");
  }
  options.trex_reconnect_grace = measure::Seconds{grace};
  options.metrics_listen = vm["metrics-listen"].as<std::string>();
  (void)parse_listen_address(options.metrics_listen);
}

DaemonOptions from_variables(const po::variables_map& vm) {
  DaemonOptions options;
  read_connection_options(vm, options);
  read_store_options(vm, options);
  read_process_options(vm, options);
  read_trex_options(vm, options);
  read_fleet_options(vm, options);
  return options;
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  po::options_description all;
  all.add(general_description()).add(settings_description());
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).run(), vm);
  } catch (const po::error& error) {
    throw OptionsError(std::string("command line: ") + error.what());
  }
  CommandLine command_line;
  command_line.help = vm.count("help") != 0;
  command_line.version = vm.count("version") != 0;
  command_line.check_config = vm.count("check-config") != 0;
  if (command_line.help || command_line.version) return command_line;

  std::string file;
  if (vm.count("config") != 0) {
    file = vm["config"].as<std::string>();
    if (!std::filesystem::exists(file)) throw OptionsError("--config " + file + ": no such file");
  } else if (std::filesystem::exists(kDefaultConfigFile)) {
    file = kDefaultConfigFile;
  }
  const std::vector<std::pair<std::string, std::string>> sections =
      file.empty() ? std::vector<std::pair<std::string, std::string>>{}
                   : read_config_file(file, settings_description(), vm);
  po::notify(vm);
  command_line.config_file = file;
  command_line.options = from_variables(vm);
  apply_config_sections(sections, file, command_line.options);
  return command_line;
}

std::string options_help() {
  std::ostringstream text;
  text << "Usage: trex-searchd [OPTIONS]\n\n"
          "The trex-search service: runs MLRsearch jobs submitted over a Unix socket,\n"
          "one at a time, storing every trial as it completes (see docs/daemon.md).\n\n"
       << general_description() << "\n"
       << settings_description();
  return text.str();
}

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  if (text.empty()) return cpus;
  std::stringstream items(text);
  std::string item;
  const auto fail = [&text] {
    throw measure::ConfigError("cpus", text,
                               "must be a list of CPU numbers and ranges, e.g. 0-1,6");
  };
  const auto number = [&fail](const std::string& digits) {
    int value = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || value < 0 ||
        value > 4095) {
      fail();
    }
    return value;
  };
  while (std::getline(items, item, ',')) {
    const auto dash = item.find('-');
    const int first = number(item.substr(0, dash));
    const int last = dash == std::string::npos ? first : number(item.substr(dash + 1));
    if (last < first) fail();
    for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
  }
  if (cpus.empty()) fail();
  return cpus;
}

std::optional<ListenAddress> parse_listen_address(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const auto fail = [&text](const std::string& reason) -> std::optional<ListenAddress> {
    throw measure::ConfigError("metrics-listen", text, reason);
  };
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) return fail("must be IP:PORT, e.g. 127.0.0.1:9469 or [::1]:9469");
  std::string host = text.substr(0, colon);
  const std::string port_text = text.substr(colon + 1);
  const bool bracketed = host.size() >= 2 && host.front() == '[' && host.back() == ']';
  if (bracketed) host = host.substr(1, host.size() - 2);
  boost::system::error_code error;
  const auto address = boost::asio::ip::make_address(host, error);
  // An IPv6 address needs its brackets, or its last group would read as the port.
  if (error || host.empty() || address.is_v6() != bracketed) {
    return fail(
        "must be an IP address and a port, e.g. 127.0.0.1:9469 or [::1]:9469 (no "
        "hostnames: the endpoint binds only where it is told)");
  }
  unsigned port = 0;
  const auto [end, ec] =
      std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (port_text.empty() || ec != std::errc{} || end != port_text.data() + port_text.size() ||
      port > 65535) {
    return fail("the port must be a number from 0 to 65535");
  }
  return ListenAddress{address.to_string(), static_cast<std::uint16_t>(port)};
}

std::optional<gid_t> resolve_group(const std::string& name) {
  if (name.empty()) return std::nullopt;
  std::vector<char> buffer(16384);
  group entry{};
  group* found = nullptr;
  if (getgrnam_r(name.c_str(), &entry, buffer.data(), buffer.size(), &found) == 0 &&
      found != nullptr) {
    return found->gr_gid;
  }
  unsigned gid = 0;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), gid);
  if (ec == std::errc{} && end == name.data() + name.size()) return static_cast<gid_t>(gid);
  throw measure::ConfigError("control-group", name, "no such group");
}

std::string describe_options(const DaemonOptions& options) {
  std::ostringstream text;
  char mode[8];
  std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(options.socket_mode));
  text << "socket = " << options.socket << "\n"
       << "socket-mode = " << mode << "\n"
       << "control-group = " << options.control_group << "\n"
       << "state-dir = " << options.state_dir << "\n"
       << "max-clients = " << options.max_clients << "\n"
       << "max-clients-per-user = " << options.max_clients_per_user << "\n"
       << "max-request-bytes = " << options.max_request_bytes << "\n"
       << "idle-timeout = " << measure::format_value(options.idle_timeout.count()) << "\n"
       << "max-client-output-bytes = " << options.max_client_output_bytes << "\n"
       << "output-timeout = " << measure::format_value(options.output_timeout.count()) << "\n"
       << "max-output-mib = " << options.max_output_mib << "\n"
       << "max-queued-jobs = " << options.max_queued_jobs << "\n"
       << "max-trials-per-job = " << options.max_trials_per_job << "\n"
       << "max-store-mib = " << options.max_store_mib << "\n"
       << "store-reserve-mib = " << options.store_reserve_mib << "\n"
       << "allow-exec-measurer = " << (options.allow_exec_measurer ? "true" : "false") << "\n"
       << "resume-interrupted = " << (options.resume_interrupted ? "true" : "false") << "\n"
       << "log-level = " << to_string(options.log_level) << "\n"
       << "cpus = " << options.cpus << "\n"
       << "trex-cpus = " << options.trex_cpus.text() << "\n"
       << "plr-threads = " << options.plr_threads << "\n"
       << "plr-resume = " << to_string(options.plr_resume) << "\n"
       << "trex-endpoint = " << options.trex_endpoint << "\n"
       << "trex-user = " << options.trex_user << "\n"
       << "trex-reconnect-grace = " << measure::format_value(options.trex_reconnect_grace.count())
       << "\n"
       << "metrics-listen = " << options.metrics_listen << "\n"
       << "results-db = "
       << (options.results_db.empty() ? "" : fleet::redacted_conninfo(options.results_db)) << "\n"
       << "tester-id = " << options.tester_id << "\n"
       << "results-db-timeout = " << measure::format_value(options.results_db_timeout.count())
       << "\n";
  text << describe_config_sections(options);
  return text.str();
}

}  // namespace trexsearch::service

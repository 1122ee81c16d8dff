#include "daemon/searchd/options.hpp"

#include <doctest/doctest.h>

#include "measure/errors.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::TempDir;

std::string error_of(const std::vector<std::string>& args) {
  try {
    parse_command_line(args);
  } catch (const std::exception& error) {
    return error.what();
  }
  FAIL("expected an error");
  return "";
}

}  // namespace

TEST_CASE("settings come from the config file, and the command line wins") {
  TempDir dir;
  const std::string conf = dir.write("d.conf",
                                     "# comment\nsocket = /tmp/a.sock\nmax-clients = 7\n"
                                     "socket-mode = 0600\nallow-exec-measurer = false\n"
                                     "log-level = debug\nidle-timeout = 2.5\ncpus = 0\n");
  const CommandLine parsed = parse_command_line({"--config", conf, "--max-clients", "9"});
  CHECK(parsed.config_file == conf);
  const DaemonOptions& options = parsed.options;
  CHECK(options.socket == "/tmp/a.sock");
  CHECK(options.max_clients == 9);
  CHECK(options.socket_mode == 0600);
  CHECK_FALSE(options.allow_exec_measurer);
  CHECK(options.log_level == LogPriority::debug);
  CHECK(options.idle_timeout == measure::Seconds{2.5});
  CHECK(options.state_dir == "/var/lib/trex-search");
  CHECK(parse_cpu_list(options.cpus) == std::vector<int>{0});
  CHECK(parse_cpu_list("0-1,3") == std::vector<int>{0, 1, 3});
  CHECK(describe_options(options).find("max-clients = 9\n") != std::string::npos);
  CHECK(options.trex_cpus.mode == TrexCpusSetting::Mode::automatic);
  CHECK(describe_options(options).find("trex-cpus = auto\n") != std::string::npos);
}

TEST_CASE("trex-cpus takes auto, none or a list of this machine's online CPUs") {
  TempDir dir;
  const std::string conf = dir.write("d.conf", "trex-cpus = none\n");
  CHECK(parse_command_line({"--config", conf}).options.trex_cpus.mode ==
        TrexCpusSetting::Mode::none);
  // CPU 0 is online on every machine.
  const DaemonOptions zero = parse_command_line({"--config", conf, "--trex-cpus", "0"}).options;
  CHECK(zero.trex_cpus.cpus == CpuSet{0});
  CHECK(describe_options(zero).find("trex-cpus = 0\n") != std::string::npos);
  const std::string offline = error_of({"--config", conf, "--trex-cpus", "4095"});
  CHECK(offline.find("trex-cpus = 4095: CPU 4095 is not online on this machine") == 0);
  CHECK(error_of({"--config", conf, "--trex-cpus", "some"}).find("trex-cpus = \"some\"") == 0);
}

TEST_CASE("bad settings are refused naming the key and the value") {
  TempDir dir;
  const std::string empty = dir.write("empty.conf", "");
  CHECK(error_of({"--config", empty, "--max-clients", "0"}).find("max-clients = 0") == 0);
  CHECK(error_of({"--config", empty, "--socket-mode", "999"}).find("socket-mode = 999") == 0);
  CHECK(error_of({"--config", empty, "--socket-mode", "0060"}).find("owner") != std::string::npos);
  CHECK(error_of({"--config", empty, "--log-level", "loud"}).find("log-level = loud") == 0);
  CHECK(error_of({"--config", empty, "--idle-timeout", "-1"}).find("idle-timeout") == 0);
  CHECK(error_of({"--config", empty, "--cpus", "3-1"}).find("cpus = 3-1") == 0);
  // A CPU the machine does not have (the list syntax allows up to 4095).
  CHECK(error_of({"--config", empty, "--cpus", "4000"})
            .find("cpus = 4000: CPU 4000 is not online on this machine") == 0);
  CHECK(error_of({"--config", empty, "--cpus", "a"}).find("cpus") == 0);
  CHECK(error_of({"--config", empty, "--output-timeout", "0"}).find("output-timeout = 0") == 0);
  CHECK(error_of({"--config", empty, "--max-output-mib", "0"}).find("max-output-mib = 0") == 0);
  CHECK(error_of({"--config", empty, "--max-client-output-bytes", "10"})
            .find("max-client-output-bytes = 10") == 0);
  CHECK(error_of({"--config", empty, "--bogus"}).find("command line") == 0);
  CHECK(error_of({"--config", dir.file("missing.conf")}).find("no such file") != std::string::npos);
  const std::string typo = dir.write("typo.conf", "max-client = 3\n");
  const std::string message = error_of({"--config", typo});
  CHECK(message.find(typo) == 0);
  CHECK(message.find("max-client") != std::string::npos);
  CHECK_THROWS_AS(resolve_group("no-such-group-hopefully"), measure::ConfigError);
  CHECK(resolve_group("") == std::nullopt);
  CHECK(resolve_group("0") == gid_t{0});
}

TEST_CASE("results-db and tester-id: checked at start, the password never shown") {
  TempDir dir;
  const std::string empty = dir.write("empty.conf", "");
  const DaemonOptions plain = parse_command_line({"--config", empty}).options;
  CHECK(plain.results_db.empty());
  CHECK_FALSE(plain.tester_id.empty());  // the host name
  CHECK(error_of({"--config", empty, "--tester-id", "lab:1"}).find("tester-id = lab:1") == 0);
  CHECK(error_of({"--config", empty, "--tester-id", "two words"}).find("tester-id") == 0);
  CHECK(error_of({"--config", empty, "--results-db-timeout", "0"}).find("results-db-timeout = 0") ==
        0);
  const std::string refused =
      error_of({"--config", empty, "--results-db", "host=x password='s3cret"});
  CHECK(refused.find("results-db") == 0);
  CHECK(refused.find("s3cret") == std::string::npos);
  const CommandLine fleet = parse_command_line(
      {"--config", dir.write("fleet.conf",
                             "results-db = host=/run/postgresql dbname=fleet password=s3cret\n"
                             "tester-id = lab-7\n")});
  CHECK(fleet.options.tester_id == "lab-7");
  const std::string shown = describe_options(fleet.options);
  CHECK(shown.find("tester-id = lab-7") != std::string::npos);
  CHECK(shown.find("password=***") != std::string::npos);
  CHECK(shown.find("s3cret") == std::string::npos);
}

TEST_CASE("testbed sections are read from the config file, and shown by --check-config") {
  TempDir dir;
  const std::string conf = dir.write("d.conf",
                                     "trex-endpoint = tcp://127.0.0.1:4501\n"
                                     "[testbed.lab-a]\nendpoint = tcp://127.0.0.1:4501\n"
                                     "ports = 0,1\n"
                                     "[testbed.lab-b]\nendpoint = tcp://127.0.0.1:4501\n"
                                     "ports = 2,3\ntrex-user = night\n");
  const CommandLine parsed = parse_command_line({"--config", conf});
  REQUIRE(parsed.options.testbeds);
  CHECK(parsed.options.testbeds->names() == "lab-a, lab-b");
  const std::string shown = describe_options(parsed.options);
  CHECK(shown.find("[testbed.lab-b]\nendpoint = tcp://127.0.0.1:4501\nports = 2,3\n"
                   "trex-user = night\n") != std::string::npos);

  const std::string overlap = dir.write("overlap.conf",
                                        "[testbed.a]\nendpoint = tcp://h:4501\nports = 0,1\n"
                                        "[testbed.b]\nendpoint = tcp://h:4501\nports = 1\n");
  CHECK(error_of({"--config", overlap}).find("testbeds a and b share port 1 of tcp://h:4501") !=
        std::string::npos);
  // Other sections are still unknown keys.
  const std::string other = dir.write("other.conf", "[hooks.x]\ncommand = /bin/true\n");
  CHECK(error_of({"--config", other}).find("unrecognised option 'hooks.x.command'") !=
        std::string::npos);
  // No section: one testbed of trex-endpoint.
  const CommandLine plain = parse_command_line({"--config", dir.write("plain.conf", "")});
  REQUIRE(plain.options.testbeds);
  CHECK(plain.options.testbeds->names() == "default");
}

}  // namespace trexsearch::service

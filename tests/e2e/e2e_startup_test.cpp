#include <doctest/doctest.h>
#include <sys/stat.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::servicetest {

TEST_CASE("a second daemon on the same state directory refuses to start") {
  TempDir dir;
  DaemonProcess first(dir, daemon_args(dir), "first");
  REQUIRE(first.wait_ready());
  DaemonProcess second(dir,
                       {"--config", dir.write("empty.conf", ""), "--socket", dir.file("other.sock"),
                        "--state-dir", dir.file("state")},
                       "second");
  CHECK_FALSE(second.wait_ready());
  CHECK(second.wait_exit() == 1);
  CHECK(second.log().find("another trex-searchd uses the state directory") != std::string::npos);
  // The first one still serves.
  ControlClient client(dir.file("control.sock"));
  CHECK(client.request("status").result == protocol::ResultCode::success);
}

TEST_CASE("the socket gets the configured mode and a stale socket file is replaced") {
  TempDir dir;
  {
    DaemonProcess killed(dir, daemon_args(dir), "killed");
    REQUIRE(killed.wait_ready());
    killed.send_signal(SIGKILL);
    REQUIRE(killed.wait_exit().has_value());
  }
  // The killed daemon left its socket file behind.
  struct stat info {};
  REQUIRE(::stat(dir.file("control.sock").c_str(), &info) == 0);
  DaemonProcess daemon(dir, daemon_args(dir, {"--socket-mode", "0640"}));
  REQUIRE(daemon.wait_ready());
  REQUIRE(::stat(dir.file("control.sock").c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0640);
  ControlClient client(dir.file("control.sock"));
  CHECK(client.request("version").result == protocol::ResultCode::success);
  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  CHECK_FALSE(std::filesystem::exists(dir.file("control.sock")));
}

TEST_CASE("bad configuration is refused with the key named and exit code 2") {
  TempDir dir;
  const std::string conf = dir.write("bad.conf", "max-clients = 0\n");
  {
    DaemonProcess daemon(dir, {"--config", conf, "--check-config"}, "check");
    CHECK(daemon.wait_exit() == 2);
    CHECK(daemon.log().find("max-clients = 0") != std::string::npos);
  }
  const std::string unknown = dir.write("unknown.conf", "sockt = /tmp/x\n");
  {
    DaemonProcess daemon(dir, {"--config", unknown, "--check-config"}, "unknown");
    CHECK(daemon.wait_exit() == 2);
    CHECK(daemon.log().find("sockt") != std::string::npos);
  }
  const std::string good = dir.write("good.conf", "idle-timeout = 5\nlog-level = debug\n");
  DaemonProcess daemon(dir, {"--config", good, "--check-config"}, "good");
  CHECK(daemon.wait_exit() == 0);
  CHECK(daemon.log().find("log-level = debug") != std::string::npos);
}

TEST_CASE("the shipped etc/trex-searchd.conf is valid") {
  TempDir dir;
  // Its control group exists only where the package's sysusers snippet ran.
  DaemonProcess daemon(
      dir,
      {"--config", trexsearch::testing::build_paths::source_file("etc/trex-searchd.conf"),
       "--control-group", "0", "--check-config"},
      "shipped");
  CHECK(daemon.wait_exit() == 0);
  CHECK(daemon.log().find("configuration OK") != std::string::npos);
}

TEST_CASE("SIGHUP reloads the changeable settings and keeps the others") {
  TempDir dir;
  const std::string conf = dir.write("d.conf", "max-request-bytes = 65536\n");
  DaemonProcess daemon(dir, {"--config", conf, "--socket", dir.file("control.sock"), "--state-dir",
                             dir.file("state")});
  REQUIRE(daemon.wait_ready());
  dir.write("d.conf",
            "max-request-bytes = 2048\nplr-threads = 2\ntrex-endpoint = tcp://127.0.0.1:4999\n"
            "resume-interrupted = false\n");
  daemon.send_signal(SIGHUP);
  REQUIRE(daemon.notifications().wait_for("RELOADING=1", kDeadline));
  ControlClient client(dir.file("control.sock"));
  (void)client.send_raw(std::string(3000, 'x') + "\n");
  const auto line = client.read_line();
  REQUIRE(line.has_value());
  CHECK(protocol::parse_json_reply(*line).text.find("2048") != std::string::npos);
  const std::string log = daemon.log();
  CHECK(log.find("config.restart_required key=resume-interrupted") != std::string::npos);
  CHECK(log.find("config.restart_required key=plr-threads") == std::string::npos);
  CHECK(log.find("config.reloaded") != std::string::npos);
  // trex-endpoint applies to the next job; an idle link reports it at once.
  ControlClient reader(dir.file("control.sock"));
  const auto status = reader.request("status", Json::Value(Json::objectValue));
  CHECK(status.arguments["trex"]["endpoint"].asString() == "tcp://127.0.0.1:4999");
  CHECK(status.arguments["trex"]["state"].asString() == "idle");
  // The reload ended with READY=1 again (systemd's reload protocol).
  CHECK(daemon.notifications().wait_for_count("READY=1", 2, kDeadline));
}

TEST_CASE("with WATCHDOG_USEC set the daemon pings the watchdog and reports its status") {
  TempDir dir;
  // 200 ms: pings every 100 ms from the io thread's timer.
  DaemonProcess daemon(dir, daemon_args(dir), "watchdog", {"WATCHDOG_USEC=200000"});
  REQUIRE(daemon.wait_ready());
  CHECK(daemon.notifications().wait_for_count("WATCHDOG=1", 3, kDeadline));
  CHECK(daemon.notifications().wait_for("STATUS=idle; 0 queued", kDeadline));
}

}  // namespace trexsearch::servicetest

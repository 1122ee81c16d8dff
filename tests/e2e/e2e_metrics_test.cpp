// End to end: the Prometheus endpoint of the real daemon (metrics-listen), read
// over TCP while a real-time job runs; `promtool check metrics` when installed.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;
using Clock = std::chrono::steady_clock;

/// A TCP connection to 127.0.0.1:port with deadlines on every read.
class TcpClient {
 public:
  explicit TcpClient(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(fd_ >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  }
  ~TcpClient() { ::close(fd_); }
  TcpClient(const TcpClient&) = delete;
  TcpClient& operator=(const TcpClient&) = delete;

  bool send(const std::string& bytes) {
    return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }

  /// Reads until what was read contains `needle`; false at EOF or the deadline.
  bool read_until(const std::string& needle, milliseconds timeout = kDeadline) {
    const auto deadline = Clock::now() + timeout;
    while (received_.find(needle) == std::string::npos) {
      const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buffer[65536];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) return false;
      received_.append(buffer, static_cast<std::size_t>(n));
    }
    return true;
  }

  /// Everything until the peer closes; nullopt at the deadline.
  std::optional<std::string> read_to_eof(milliseconds timeout = kDeadline) {
    std::string data;
    const auto deadline = Clock::now() + timeout;
    while (true) {
      const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buffer[65536];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) return data;  // EOF, or a reset after an unread request
      data.append(buffer, static_cast<std::size_t>(n));
    }
  }

 private:
  int fd_ = -1;
  std::string received_;
};

struct HttpReply {
  int status = 0;
  std::string headers;
  std::string body;
};

HttpReply http_request(int port, const std::string& method, const std::string& target) {
  TcpClient client(port);
  REQUIRE(client.send(method + " " + target +
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
  const auto raw = client.read_to_eof();
  REQUIRE(raw);
  const auto split = raw->find("\r\n\r\n");
  REQUIRE(split != std::string::npos);
  HttpReply reply;
  reply.headers = raw->substr(0, split);
  reply.body = raw->substr(split + 4);
  REQUIRE(reply.headers.rfind("HTTP/1.1 ", 0) == 0);
  reply.status = std::stoi(reply.headers.substr(9, 3));
  return reply;
}

/// The port of the daemon's `metrics.listening address=127.0.0.1:PORT` event.
int metrics_port(const DaemonProcess& daemon) {
  const std::regex pattern("metrics\\.listening address=127\\.0\\.0\\.1:([0-9]+)");
  const auto deadline = Clock::now() + kDeadline;
  while (Clock::now() < deadline) {
    std::smatch match;
    const std::string log = daemon.log();
    if (std::regex_search(log, match, pattern)) return std::stoi(match[1]);
    std::this_thread::yield();
  }
  FAIL("no metrics.listening event in the daemon's log");
  return 0;
}

/// "ADDRESS:PORT" (hex address as /proc shows it) of every TCP socket `pid` listens on.
std::set<std::string> listening_tcp_sockets(pid_t pid) {
  std::set<std::string> inodes;
  const std::filesystem::path fds = "/proc/" + std::to_string(pid) + "/fd";
  for (const auto& entry : std::filesystem::directory_iterator(fds)) {
    std::error_code error;
    const std::string target = std::filesystem::read_symlink(entry.path(), error).string();
    if (!error && target.rfind("socket:[", 0) == 0) {
      inodes.insert(target.substr(8, target.size() - 9));
    }
  }
  std::set<std::string> listening;
  for (const char* table : {"tcp", "tcp6"}) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/net/" + table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string slot;
      std::string local;
      std::string remote;
      std::string state;
      std::string queues;
      std::string timer;
      std::string retransmits;
      std::string uid;
      std::string timeout;
      std::string inode;
      fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >>
          timeout >> inode;
      if (state == "0A" && inodes.contains(inode)) listening.insert(local);
    }
  }
  return listening;
}

/// name{labels} -> value of every sample line.
std::map<std::string, double> samples(const std::string& page) {
  std::map<std::string, double> values;
  std::istringstream lines(page);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.rfind(' ');
    values[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return values;
}

std::optional<std::string> find_promtool() {
  for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"}) {
    const std::string path = std::string(dir) + "/promtool";
    if (::access(path.c_str(), X_OK) == 0) return path;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("without metrics-listen the daemon listens on no TCP port") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  CHECK(listening_tcp_sockets(daemon.pid()).empty());
  CHECK(daemon.log().find("metrics.listening") == std::string::npos);
}

TEST_CASE("a bad metrics-listen stops the daemon before it starts, naming the key") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--metrics-listen", "localhost:9469"}));
  CHECK_FALSE(daemon.wait_ready());
  CHECK(daemon.wait_exit() == 2);
  CHECK(daemon.log().find("metrics-listen = localhost:9469") != std::string::npos);
}

TEST_CASE("GET /metrics during a real-time job reports it; promtool accepts the page") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--metrics-listen", "127.0.0.1:0"}));
  REQUIRE(daemon.wait_ready());
  const int port = metrics_port(daemon);
  // Only where it was told: one TCP socket, on 127.0.0.1 (0100007F) at that port.
  char expected[32];
  std::snprintf(expected, sizeof expected, "0100007F:%04X", static_cast<unsigned>(port));
  CHECK(listening_tcp_sockets(daemon.pid()) == std::set<std::string>{expected});

  ControlClient client(dir.file("control.sock"));
  Json::Value spec = two_goal_spec();
  spec["warmup_duration"] = 0.0;
  // One-second trials in real time: the job is still running when we scrape.
  auto arguments = submit_arguments(spec, sim_measurer(1e6, "real"));
  arguments["name"] = "metrics";
  const auto submitted = client.request("submit", arguments);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
  client.wait_trial_count(1);

  const HttpReply reply = http_request(port, "GET", "/metrics");
  REQUIRE(reply.status == 200);
  CHECK(reply.headers.find("Content-Type: text/plain; version=0.0.4; charset=utf-8") !=
        std::string::npos);
  const auto values = samples(reply.body);
  const auto value = [&values](const std::string& key) {
    const auto found = values.find(key);
    REQUIRE_MESSAGE(found != values.end(), key);
    return found->second;
  };
  const std::string version = client.request("version").arguments["version"].asString();
  CHECK(value("trexsearch_build_info{version=\"" + version + "\"}") == 1.0);
  CHECK(value("trexsearch_jobs_running{method=\"mlr\"}") == 1.0);
  CHECK(value("trexsearch_jobs_running{method=\"plr\"}") == 0.0);
  CHECK(value("trexsearch_jobs_queued{method=\"mlr\"}") == 0.0);
  double trials = 0.0;
  for (const auto& [key, count] : values) {
    if (key.rfind("trexsearch_trials_total{", 0) == 0) trials += count;
  }
  CHECK(trials >= 1.0);
  const double load = value("trexsearch_last_trial_load_pps");
  CHECK(load >= spec["min_load"].asDouble());
  CHECK(load <= spec["max_load"].asDouble());
  const double loss = value("trexsearch_last_trial_loss_ratio");
  CHECK(loss >= 0.0);
  CHECK(loss <= 1.0);
  // The first trial is at max load, above the SUT's 1 Mpps: both goals have an upper bound.
  CHECK(value("trexsearch_mlr_upper_bound_pps{goal=\"NDR\"}") <= spec["max_load"].asDouble());
  CHECK(value("trexsearch_mlr_upper_bound_pps{goal=\"PDR\"}") <= spec["max_load"].asDouble());
  CHECK(values.count("trexsearch_plr_estimate_pps") == 0);
  CHECK(value("trexsearch_trex_link_state{state=\"idle\"}") == 1.0);
  CHECK(value("trexsearch_trex_reconnects_total") == 0.0);
  CHECK(value("trexsearch_store_size_bytes") > 0.0);
  CHECK(value("trexsearch_store_writable") == 1.0);
  CHECK(value("trexsearch_control_clients") == 1.0);
  const double started = value("trexsearch_start_time_seconds");
  const double now =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  CHECK(started <= now);
  CHECK(started > now - 3600.0);

  if (const auto promtool = find_promtool()) {
    const std::string page = dir.write("metrics.txt", reply.body);
    const std::string out = dir.file("promtool.out");
    const int status =
        std::system((*promtool + " check metrics < " + page + " > " + out + " 2>&1").c_str());
    CHECK_MESSAGE(status == 0, read_file(out));
  } else {
    MESSAGE("promtool not installed (Debian package prometheus): format check skipped");
  }

  CHECK(http_request(port, "GET", "/").status == 404);
  const HttpReply post = http_request(port, "POST", "/metrics");
  CHECK(post.status == 405);
  CHECK(post.headers.find("Allow: GET") != std::string::npos);

  REQUIRE(client.request("cancel", job_arguments(job), 3).result == ResultCode::success);
  client.wait_event("job.ended");
  const auto after = samples(http_request(port, "GET", "/metrics").body);
  CHECK(after.at("trexsearch_jobs_running{method=\"mlr\"}") == 0.0);
  CHECK(after.count("trexsearch_last_trial_load_pps") == 0);
}

TEST_CASE("a running PLR job's estimate and stdev are the ones its watchers see") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--metrics-listen", "127.0.0.1:0"}));
  REQUIRE(daemon.wait_ready());
  const int port = metrics_port(daemon);
  ControlClient client(dir.file("control.sock"));
  // Compressed time, deterministic samples; the measurer hangs in trial 3, so the
  // job stays running with trial 2's estimate for as long as the test needs.
  const Json::Value arguments =
      deterministic_plr_submit(fake_exec_measurer(1e6, {"--hang-at", "3"}));
  const auto submitted = client.request("submit", arguments);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
  const Json::Value trial = client.wait_trial(2);
  REQUIRE(trial["estimate"].isObject());

  const HttpReply reply = http_request(port, "GET", "/metrics");
  REQUIRE(reply.status == 200);
  const auto values = samples(reply.body);
  CHECK(values.at("trexsearch_jobs_running{method=\"plr\"}") == 1.0);
  CHECK(values.at("trexsearch_plr_estimate_pps") == trial["estimate"]["average"].asDouble());
  CHECK(values.at("trexsearch_plr_estimate_stdev_pps") == trial["estimate"]["stdev"].asDouble());
  CHECK(values.at("trexsearch_plr_estimate_pps") > 0.0);
  double trials = 0.0;
  for (const auto& [key, count] : values) {
    if (key.rfind("trexsearch_trials_total{", 0) == 0) trials += count;
  }
  CHECK(trials == 2.0);
  CHECK(values.count("trexsearch_mlr_lower_bound_pps{goal=\"NDR\"}") == 0);
  if (const auto promtool = find_promtool()) {
    const std::string page = dir.write("metrics.txt", reply.body);
    const std::string out = dir.file("promtool.out");
    const int status =
        std::system((*promtool + " check metrics < " + page + " > " + out + " 2>&1").c_str());
    CHECK_MESSAGE(status == 0, read_file(out));
  } else {
    MESSAGE("promtool not installed (Debian package prometheus): format check skipped");
  }
  REQUIRE(client.request("cancel", job_arguments(job), 3).result == ResultCode::success);
  CHECK(client.wait_event("job.ended")["state"].asString() == "cancelled");
}

TEST_CASE("the metrics endpoint closes oversized requests and connections beyond its cap") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--metrics-listen", "127.0.0.1:0"}));
  REQUIRE(daemon.wait_ready());
  const int port = metrics_port(daemon);

  TcpClient big(port);
  big.send("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Fill: " + std::string(20000, 'a') + "\r\n\r\n");
  const auto answer = big.read_to_eof();
  REQUIRE(answer);
  CHECK(answer->empty());

  // Four connections that send nothing hold every place; the fifth is closed at once.
  std::vector<std::unique_ptr<TcpClient>> idle;
  for (int i = 0; i < 4; ++i) idle.push_back(std::make_unique<TcpClient>(port));
  TcpClient fifth(port);
  fifth.send("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto refused = fifth.read_to_eof();
  REQUIRE(refused);
  CHECK(refused->empty());
  // Once they go, scrapes are served again.
  idle.clear();
  const auto deadline = Clock::now() + kDeadline;
  int status = 0;
  while (status != 200 && Clock::now() < deadline) {
    TcpClient again(port);
    again.send("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const auto raw = again.read_to_eof();
    if (raw && raw->rfind("HTTP/1.1 200", 0) == 0) status = 200;
  }
  CHECK(status == 200);

  // A scraper keeping its connection open does not hold up SIGTERM.
  TcpClient kept(port);
  REQUIRE(kept.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
  REQUIRE(kept.read_until("trexsearch_control_clients"));
  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  CHECK(kept.read_to_eof());
}

}  // namespace trexsearch::servicetest

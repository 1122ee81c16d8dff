#include "daemon_harness.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"

extern char** environ;

namespace trexsearch::bench {
namespace {

sockaddr_un address_of(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  return address;
}

}  // namespace

DaemonUnderTest::DaemonUnderTest(const std::vector<std::string>& extra_args) {
  std::string pattern = (std::filesystem::temp_directory_path() / "trex-searchd-bench-XXXXXX");
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir_ = pattern;
  socket_ = dir_ + "/control.sock";
  const std::string notify_path = dir_ + "/notify";
  const int notify = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  const sockaddr_un notify_address = address_of(notify_path);
  if (::bind(notify, reinterpret_cast<const sockaddr*>(&notify_address), sizeof notify_address) !=
      0) {
    throw std::runtime_error("cannot bind " + notify_path);
  }
  std::ofstream{dir_ + "/empty.conf"}.close();  // an empty config file
  std::vector<std::string> argv{TREX_SEARCHD_BIN, "--config",    dir_ + "/empty.conf",
                                "--socket",       socket_,       "--state-dir",
                                dir_ + "/state",  "--log-level", "warning"};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  std::vector<char*> raw_argv;
  raw_argv.reserve(argv.size() + 1);
  for (auto& arg : argv) raw_argv.push_back(arg.data());
  raw_argv.push_back(nullptr);
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) env.emplace_back(*entry);
  env.push_back("NOTIFY_SOCKET=" + notify_path);
  std::vector<char*> raw_env;
  raw_env.reserve(env.size() + 1);
  for (auto& entry : env) raw_env.push_back(entry.data());
  raw_env.push_back(nullptr);
  if (posix_spawn(&pid_, raw_argv[0], nullptr, nullptr, raw_argv.data(), raw_env.data()) != 0) {
    throw std::runtime_error("cannot start trex-searchd");
  }
  // Readiness: READY=1 on the notify socket, never a sleep.
  char message[4096];
  while (true) {
    pollfd ready{notify, POLLIN, 0};
    if (::poll(&ready, 1, 20000) <= 0) throw std::runtime_error("trex-searchd did not get ready");
    const ssize_t n = ::recv(notify, message, sizeof message - 1, 0);
    if (n > 0 &&
        std::string(message, static_cast<std::size_t>(n)).find("READY=1") != std::string::npos) {
      break;
    }
  }
  // Closed from now on: the daemon's later STATUS= datagrams fail instead of
  // filling a socket nobody reads.
  ::close(notify);
  ::unlink(notify_path.c_str());
}

DaemonUnderTest::~DaemonUnderTest() {
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

long DaemonUnderTest::rss_kib() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      long kib = 0;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

protocol::JsonReply Client::request(const std::string& command, const Json::Value& arguments) {
  // An hour: a request the daemon never answers ends the bench with an error.
  return protocol::parse_json_reply(
      client_.exchange_line(command, protocol::make_document(arguments), std::chrono::hours(1)));
}

std::optional<Json::Value> Client::next_event() {
  const auto event = client_.next_event(std::nullopt);
  if (!event) return std::nullopt;
  Json::Value line(Json::objectValue);
  line["event"] = event->event;
  line["arguments"] = protocol::json_of(event->arguments);
  return line;
}

}  // namespace trexsearch::bench

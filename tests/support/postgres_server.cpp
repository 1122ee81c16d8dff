#include "tests/support/postgres_server.hpp"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace trexsearch::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

const std::filesystem::path kBinDir = "/usr/lib/postgresql/15/bin";
// The socket directory is the server's own, so no other server can hold this port.
constexpr int kPort = 5432;
constexpr const char* kSuperuser = "trexsearch";

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error("PostgresServer: " + what);
}

std::string errno_text() { return std::strerror(errno); }

int open_pidfd(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)); }

/// Whether the process behind `pidfd` ended within `bound` (no reaping).
bool wait_exit(int pidfd, milliseconds bound) {
  const auto deadline = std::chrono::steady_clock::now() + bound;
  for (;;) {
    const auto left = std::chrono::ceil<milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd fd{pidfd, POLLIN, 0};
    const int ready =
        ::poll(&fd, 1, static_cast<int>(std::max<milliseconds::rep>(left.count(), 0)));
    if (ready > 0) return true;
    if (ready == 0 || errno != EINTR) return false;
  }
}

/// Whether child `pid` ended within `bound`; killed (SIGKILL) and reaped otherwise.
bool finished(pid_t pid, milliseconds bound) {
  const int pidfd = open_pidfd(pid);
  const bool ended = pidfd >= 0 && wait_exit(pidfd, bound);
  if (pidfd >= 0) ::close(pidfd);
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }
  return ended;
}

/// Reaps child `pid`, which has ended: whether it exited with 0.
bool exited_zero(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

struct RunAs {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

/// fork + exec `argv` in `dir` as `as`, stdin from /dev/null, stdout and stderr
/// appended to `log`. Everything the child needs is prepared before fork: between fork
/// and exec it makes system calls only.
pid_t spawn(std::vector<std::string> argv, const std::filesystem::path& dir, const RunAs& as,
            const std::filesystem::path& log) {
  std::vector<char*> args;
  for (std::string& arg : argv) args.push_back(arg.data());
  args.push_back(nullptr);
  const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) fail("cannot open " + log.string() + ": " + errno_text());
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd < 0) {
    ::close(log_fd);
    fail("cannot open /dev/null: " + errno_text());
  }
  const std::string dir_text = dir.string();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const bool ready = ::dup2(null_fd, 0) == 0 && ::dup2(log_fd, 1) == 1 &&
                       ::dup2(log_fd, 2) == 2 && ::chdir(dir_text.c_str()) == 0 &&
                       (!as.switch_user || (::setgroups(0, nullptr) == 0 && ::setgid(as.gid) == 0 &&
                                            ::setuid(as.uid) == 0));
    // After setuid, which clears it: the server quits when the test dies.
    if (ready && ::prctl(PR_SET_PDEATHSIG, SIGQUIT) == 0 && ::getppid() == parent) {
      ::execv(args[0], args.data());
    }
    constexpr char kMessage[] = "PostgresServer: cannot start the program as the server's user\n";
    [[maybe_unused]] const ssize_t written = ::write(log_fd, kMessage, sizeof kMessage - 1);
    ::_exit(127);
  }
  ::close(log_fd);
  ::close(null_fd);
  if (pid < 0) fail("fork: " + errno_text());
  return pid;
}

/// The processes whose parent is `parent` (from /proc).
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> children;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const std::size_t end = line.rfind(')');
    if (end == std::string::npos) continue;
    std::istringstream rest(line.substr(end + 1));
    char state = 0;
    pid_t ppid = 0;
    if (rest >> state >> ppid && ppid == parent) children.push_back(std::stoi(name));
  }
  return children;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path make_temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "trex-search-pg-XXXXXX").string();
  // The socket's path must fit sun_path (108 bytes) with "/.s.PGSQL.5432" after it.
  if (pattern.size() > 80) pattern = "/tmp/trex-search-pg-XXXXXX";
  if (!::mkdtemp(pattern.data())) fail("mkdtemp " + pattern + ": " + errno_text());
  return pattern;
}

RunAs server_user() {
  if (::geteuid() != 0) return {};
  // PostgreSQL refuses to run as root; the postgresql-15 package creates this user.
  const passwd* user = ::getpwnam("postgres");  // NOLINT(concurrency-mt-unsafe): once, at start
  if (!user)
    fail("the test runs as root and there is no `postgres` user: run scripts/install-deps.sh");
  return RunAs{true, user->pw_uid, user->pw_gid};
}

}  // namespace

PostgresServer::PostgresServer() {
  for (const char* program : {"initdb", "postgres"}) {
    if (!std::filesystem::exists(kBinDir / program)) {
      fail("PostgreSQL 15's server is not installed (no " + (kBinDir / program).string() +
           "): run scripts/install-deps.sh");
    }
  }
  const RunAs as = server_user();
  as_postgres_user_ = as.switch_user;
  uid_ = as.uid;
  gid_ = as.gid;
  dir_ = make_temp_dir();
  try {
    if (as_postgres_user_ && ::chown(dir_.c_str(), uid_, gid_) != 0) {
      fail("chown " + dir_.string() + ": " + errno_text());
    }
    const pid_t initdb =
        spawn({(kBinDir / "initdb").string(), "-D", (dir_ / "data").string(), "-U", kSuperuser,
               "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"},
              dir_, as, dir_ / "server.log");
    if (!finished(initdb, seconds(120))) fail("initdb did not finish within 120 s:\n" + log());
    if (!exited_zero(initdb)) fail("initdb failed:\n" + log());
    std::ofstream conf(dir_ / "data" / "postgresql.conf", std::ios::app);
    // fsync off: what a commit wrote survives a killed server (the kernel has it), not a
    // crashed machine, which no test makes. synchronous_commit stays on: off, a killed
    // server would lose commits it had acknowledged.
    conf << "\n# PostgresServer (tests/support): a private Unix socket, no fsync\n"
         << "listen_addresses = ''\nunix_socket_directories = '" << dir_.string() << "'\n"
         << "port = " << kPort << "\nfsync = off\nfull_page_writes = off\n"
         << "shared_buffers = 16MB\nmax_connections = 40\ntimezone = 'UTC'\n";
    conf.close();
    start();
    admin_exec("postgres", "CREATE DATABASE fleet");
    conninfo_ = conninfo_for("fleet", kSuperuser);
  } catch (...) {
    quit_server();
    std::filesystem::remove_all(dir_);
    throw;
  }
}

PostgresServer::~PostgresServer() {
  quit_server();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PostgresServer::conninfo_for(const std::string& database,
                                         const std::string& user) const {
  return "host=" + dir_.string() + " port=" + std::to_string(kPort) + " dbname=" + database +
         " user=" + user;
}

std::string PostgresServer::create_database(const std::string& name) {
  admin_exec("postgres", "CREATE DATABASE \"" + name + "\"");
  return conninfo_for(name, kSuperuser);
}

std::string PostgresServer::create_read_only_role(const std::string& name) {
  const std::string role = "\"" + name + "\"";
  admin_exec("fleet", "CREATE ROLE " + role + " LOGIN; GRANT CONNECT ON DATABASE fleet TO " + role +
                          "; GRANT USAGE ON SCHEMA public TO " + role +
                          "; GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + role +
                          "; ALTER DEFAULT PRIVILEGES FOR ROLE " + kSuperuser +
                          " IN SCHEMA public GRANT SELECT ON TABLES TO " + role);
  return conninfo_for("fleet", name);
}

std::string PostgresServer::log() const { return read_text(dir_ / "server.log"); }

void PostgresServer::start() {
  pid_ = spawn({(kBinDir / "postgres").string(), "-D", (dir_ / "data").string()}, dir_,
               RunAs{as_postgres_user_, uid_, gid_}, dir_ / "server.log");
  pidfd_ = open_pidfd(pid_);
  if (pidfd_ < 0) fail("pidfd_open: " + errno_text());
  stopped_ = false;
  wait_accepting(seconds(30));
}

void PostgresServer::wait_accepting(seconds bound) {
  const auto deadline = std::chrono::steady_clock::now() + bound;
  const std::string target = conninfo_for("postgres", kSuperuser) + " connect_timeout=2";
  for (;;) {
    const PGPing answer = PQping(target.c_str());
    if (answer == PQPING_OK) return;
    if (answer == PQPING_NO_ATTEMPT) fail("libpq cannot use '" + target + "'");
    if (std::chrono::steady_clock::now() >= deadline) {
      fail("the server did not accept connections within " + std::to_string(bound.count()) +
           " s; its log:\n" + log());
    }
    // The pause between pings is the wait for the server's exit: a server that fails at
    // start ends the wait at once.
    if (wait_exit(pidfd_, milliseconds(50))) {
      ::waitpid(pid_, nullptr, 0);
      ::close(pidfd_);
      pid_ = pidfd_ = -1;
      fail("the server exited at start; its log:\n" + log());
    }
  }
}

void PostgresServer::admin_exec(const std::string& database, const std::string& sql) const {
  using Conn = std::unique_ptr<PGconn, decltype(&PQfinish)>;
  using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;
  // Blocking libpq is fine here: only called on a running server, bounded by ctest.
  const Conn conn(PQconnectdb((conninfo_for(database, kSuperuser) + " connect_timeout=10").c_str()),
                  &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK) {
    fail("cannot connect to the test server: " + std::string(PQerrorMessage(conn.get())));
  }
  const Result result(PQexec(conn.get(), sql.c_str()), &PQclear);
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    fail("'" + sql + "': " + PQresultErrorMessage(result.get()));
  }
}

void PostgresServer::kill_hard() {
  if (pid_ < 0) return;
  if (!stopped_) {
    // Stopped first, so that it forks no child while they are listed.
    ::kill(pid_, SIGSTOP);
    int status = 0;
    ::waitpid(pid_, &status, WUNTRACED);
    if (!WIFSTOPPED(status)) {  // it had ended by itself: reaped now
      ::close(pidfd_);
      pid_ = pidfd_ = -1;
      return;
    }
  }
  std::vector<int> children;
  for (const pid_t child : children_of(pid_)) {
    const int pidfd = open_pidfd(child);  // before the kill: the pid may be reused after
    ::kill(child, SIGKILL);
    if (pidfd >= 0) children.push_back(pidfd);
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  ::close(pidfd_);
  pid_ = pidfd_ = -1;
  stopped_ = false;
  // The children were the postmaster's, now orphans someone else reaps: gone is enough
  // (an exited process no longer holds the shared memory a restart checks).
  bool all_gone = true;
  for (const int pidfd : children) {
    all_gone = wait_exit(pidfd, seconds(10)) && all_gone;
    ::close(pidfd);
  }
  if (!all_gone) fail("a server process outlived SIGKILL for 10 s");
}

void PostgresServer::stop_signal() {
  if (pid_ < 0 || stopped_) return;
  ::kill(pid_, SIGSTOP);
  int status = 0;
  ::waitpid(pid_, &status, WUNTRACED);  // stopped for sure: it forks no child while listed
  if (!WIFSTOPPED(status)) {
    ::close(pidfd_);
    pid_ = pidfd_ = -1;
    fail("the server had exited before SIGSTOP; its log:\n" + log());
  }
  for (const pid_t child : children_of(pid_)) ::kill(child, SIGSTOP);
  stopped_ = true;
}

void PostgresServer::continue_signal() {
  if (pid_ < 0 || !stopped_) return;
  for (const pid_t child : children_of(pid_)) ::kill(child, SIGCONT);
  ::kill(pid_, SIGCONT);
  stopped_ = false;
}

void PostgresServer::restart() {
  kill_hard();
  start();
}

void PostgresServer::quit_server() {
  if (pid_ < 0) return;
  continue_signal();
  // SIGQUIT: immediate shutdown, the postmaster ends its children before it exits.
  ::kill(pid_, SIGQUIT);
  if (wait_exit(pidfd_, seconds(10))) {
    ::waitpid(pid_, nullptr, 0);
    ::close(pidfd_);
    pid_ = pidfd_ = -1;
    return;
  }
  try {
    kill_hard();
  } catch (const std::exception&) {
    // A destructor's last resort: what is left is reaped by whoever adopted it.
  }
}

}  // namespace trexsearch::testing

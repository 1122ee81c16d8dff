#include "tests/daemon/support/test_support.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace trexsearch::test {

TempDir::TempDir() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "trex-search-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
  const auto file = path_ / name;
  std::ofstream(file, std::ios::binary) << content;
  return file.string();
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

pid_t start_process(const std::vector<std::string>& argv, const std::string& stdin_text,
                    const TempDir& dir) {
  const std::string in = dir.write("process.stdin", stdin_text);
  const std::string out = (dir.path() / "process.stdout").string();
  const std::string err = (dir.path() / "process.stderr").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> args;
  std::vector<std::string> copies = argv;
  for (auto& arg : copies) args.push_back(arg.data());
  args.push_back(nullptr);
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, copies[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw std::runtime_error("posix_spawn " + argv[0] + " failed");
  return pid;
}

ProcessResult finish_process(pid_t pid, const TempDir& dir) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  }
  ProcessResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = read_file(dir.path() / "process.stdout");
  result.err = read_file(dir.path() / "process.stderr");
  return result;
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_text,
                          const TempDir& dir) {
  return finish_process(start_process(argv, stdin_text, dir), dir);
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace trexsearch::test

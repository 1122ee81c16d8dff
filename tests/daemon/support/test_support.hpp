#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace trexsearch::test {

/// A fresh directory under the system temp dir, removed with its content at scope end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// Writes `content` to `name` inside the directory and returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

/// The whole content of a file ("" when missing).
std::string read_file(const std::filesystem::path& path);

/// What a finished process left behind.
struct ProcessResult {
  /// The exit status, or 128 + signal number when killed.
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Starts `argv` (argv[0] is the program path) with `stdin_text` on its stdin;
/// stdout and stderr go to files in `dir`. Returns its pid.
pid_t start_process(const std::vector<std::string>& argv, const std::string& stdin_text,
                    const TempDir& dir);

/// Waits for a process from start_process() and collects its exit code and output.
ProcessResult finish_process(pid_t pid, const TempDir& dir);

/// start_process() then finish_process().
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdin_text,
                          const TempDir& dir);

/// Quotes `text` for /bin/sh (single quotes).
std::string shell_quote(const std::string& text);

}  // namespace trexsearch::test

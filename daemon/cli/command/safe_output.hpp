#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace trexsearch::cli {

/// Passes everything written through it on to `target` with control characters
/// escaped (codec::escape_control_characters; newlines and tabs kept), so that
/// nothing the daemon stored — a job name, a reason, an error text — can drive the
/// user's terminal. Works a line at a time, so a UTF-8 character is never split.
class EscapingStreambuf : public std::streambuf {
 public:
  explicit EscapingStreambuf(std::streambuf* target) : target_(target) {}
  ~EscapingStreambuf() override;
  EscapingStreambuf(const EscapingStreambuf&) = delete;
  EscapingStreambuf& operator=(const EscapingStreambuf&) = delete;

  /// Writes `sequence` unescaped, after what is pending: the CLI's own terminal
  /// control (the `watch` line redrawn in place).
  void write_raw(std::string_view sequence);

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;
  int sync() override;

 private:
  /// Escapes and writes pending_ up to its last newline, or all of it.
  void emit(bool everything);

  std::streambuf* target_;
  std::string pending_;
};

/// Escapes everything written to `stream` (std::cout, std::cerr) while it lives.
class EscapedOutput {
 public:
  explicit EscapedOutput(std::ostream& stream);
  ~EscapedOutput();
  EscapedOutput(const EscapedOutput&) = delete;
  EscapedOutput& operator=(const EscapedOutput&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* original_;
  EscapingStreambuf escaping_;
};

/// Writes the CLI's own terminal control `sequence` to `out`, unescaped.
void write_terminal_control(std::ostream& out, std::string_view sequence);

}  // namespace trexsearch::cli

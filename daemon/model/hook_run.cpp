#include "daemon/model/hook_run.hpp"

#include <array>
#include <cstdio>
#include <cstring>
#include <utility>

namespace trexsearch::service {
namespace {

constexpr std::array<std::pair<HookRun::End, std::string_view>, 5> kEnds{{
    {HookRun::End::exited, "exited"},
    {HookRun::End::signalled, "signalled"},
    {HookRun::End::timed_out, "timed_out"},
    {HookRun::End::cancelled, "cancelled"},
    {HookRun::End::not_started, "not_started"},
}};

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

}  // namespace

std::string_view to_string(HookRun::End end) {
  for (const auto& [known, text] : kEnds) {
    if (known == end) return text;
  }
  return "exited";
}

std::optional<HookRun::End> hook_end_from(std::string_view text) {
  for (const auto& [end, known] : kEnds) {
    if (known == text) return end;
  }
  return std::nullopt;
}

std::string HookRun::describe() const {
  const std::string after = " after " + seconds_text(duration.count());
  std::string text;
  switch (end) {
    case End::exited:
      text = "exited with status " + std::to_string(status) + after;
      break;
    case End::signalled:
      text = "was killed by signal " + std::to_string(status) + " (" + ::strsignal(status) + ")" +
             after;
      break;
    case End::timed_out:
      text = "outlived its timeout: killed with its process group" + after;
      break;
    case End::cancelled:
      text = "was killed: the job was cancelled or the daemon stopped" + after;
      break;
    case End::not_started:
      text = "could not be started: " + start_error;
      break;
  }
  if (output_dropped_bytes > 0) {
    text += "; output cut at " + std::to_string(output.size()) + " bytes (" +
            std::to_string(output_dropped_bytes) + " more dropped)";
  }
  return text;
}

std::string HookRun::summary() const {
  std::string text = std::string(to_string(point)) + " " + hook;
  if (trial_number) {
    text += " (trial " + std::to_string(*trial_number);
    if (attempt > 1) text += ", attempt " + std::to_string(attempt);
    text += ")";
  }
  return text + ": " + describe();
}

}  // namespace trexsearch::service

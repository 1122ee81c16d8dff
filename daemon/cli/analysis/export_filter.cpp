#include "daemon/cli/analysis/export_filter.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

constexpr const char* kStates[] = {"queued",   "running", "interrupted",
                                   "finished", "failed",  "cancelled"};

/// Reads exactly `digits` decimal digits at `at`; nullopt when they are not there.
std::optional<int> read_number(const std::string& text, std::size_t& at, std::size_t digits) {
  if (at + digits > text.size()) return std::nullopt;
  int value = 0;
  for (std::size_t i = 0; i < digits; ++i) {
    const char c = text[at + i];
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  at += digits;
  return value;
}

bool expect(const std::string& text, std::size_t& at, char c) {
  if (at >= text.size() || text[at] != c) return false;
  ++at;
  return true;
}

struct UtcDate {
  int year = 0;
  int month = 0;
  int day = 0;
};

/// A time of day; minutes at least, seconds and their fraction optional.
struct UtcClock {
  int hour = 0;
  int minute = 0;
  int second = 0;
  int millis = 0;
};

std::optional<UtcDate> read_date(const std::string& text, std::size_t& at) {
  const auto year = read_number(text, at, 4);
  if (!year || !expect(text, at, '-')) return std::nullopt;
  const auto month = read_number(text, at, 2);
  if (!month || !expect(text, at, '-')) return std::nullopt;
  const auto day = read_number(text, at, 2);
  if (!day) return std::nullopt;
  return UtcDate{*year, *month, *day};
}

/// A fraction of a second after its '.': any number of digits, at least one; the
/// store keeps milliseconds, so the rest is cut.
std::optional<int> read_fraction_millis(const std::string& text, std::size_t& at) {
  int millis = 0;
  std::size_t digits = 0;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) != 0) {
    if (digits < 3) millis = millis * 10 + (text[at] - '0');
    ++digits;
    ++at;
  }
  if (digits == 0) return std::nullopt;
  for (std::size_t i = digits; i < 3; ++i) millis *= 10;
  return millis;
}

std::optional<UtcClock> read_clock(const std::string& text, std::size_t& at) {
  UtcClock clock;
  const auto hour = read_number(text, at, 2);
  if (!hour || !expect(text, at, ':')) return std::nullopt;
  const auto minute = read_number(text, at, 2);
  if (!minute) return std::nullopt;
  clock.hour = *hour;
  clock.minute = *minute;
  if (!expect(text, at, ':')) return clock;
  const auto second = read_number(text, at, 2);
  if (!second) return std::nullopt;
  clock.second = *second;
  if (!expect(text, at, '.')) return clock;
  const auto millis = read_fraction_millis(text, at);
  if (!millis) return std::nullopt;
  clock.millis = *millis;
  return clock;
}

/// Milliseconds since the epoch; nothing for a date or time that does not exist.
std::optional<UnixMillis> unix_millis(const UtcDate& date, const UtcClock& clock) {
  if (date.month < 1 || date.month > 12 || date.day < 1 || clock.hour > 23 || clock.minute > 59 ||
      clock.second > 59) {
    return std::nullopt;
  }
  std::tm parts{};
  parts.tm_year = date.year - 1900;
  parts.tm_mon = date.month - 1;
  parts.tm_mday = date.day;
  parts.tm_hour = clock.hour;
  parts.tm_min = clock.minute;
  parts.tm_sec = clock.second;
  const std::time_t seconds = timegm(&parts);
  // timegm normalises 02-30 to 03-02: such a date does not exist.
  std::tm back{};
  gmtime_r(&seconds, &back);
  if (back.tm_mday != date.day || back.tm_mon != date.month - 1) return std::nullopt;
  return static_cast<UnixMillis>(seconds) * 1000 + clock.millis;
}

std::optional<UnixMillis> parse_utc(const std::string& text) {
  std::size_t at = 0;
  const std::optional<UtcDate> date = read_date(text, at);
  if (!date) return std::nullopt;
  UtcClock clock;
  if (at < text.size() && (text[at] == 'T' || text[at] == ' ')) {
    ++at;
    const std::optional<UtcClock> read = read_clock(text, at);
    if (!read) return std::nullopt;
    clock = *read;
  }
  if (at < text.size() && text[at] == 'Z') ++at;
  if (at != text.size()) return std::nullopt;
  return unix_millis(*date, clock);
}

/// The job states `--state` names: one, "ended" (the default) or "all".
std::vector<std::string> states_of(const std::string& state) {
  if (state == "all") return {std::begin(kStates), std::end(kStates)};
  if (state == "ended") return {"finished", "failed", "cancelled"};
  if (std::find(std::begin(kStates), std::end(kStates), state) != std::end(kStates)) {
    return {state};
  }
  throw UsageError("--state '" + state +
                   "': must be ended (default), all, queued, running, interrupted, finished, "
                   "failed or cancelled");
}

bool is_glob(const std::string& pattern) {
  return pattern.find_first_of("*?[") != std::string::npos;
}

}  // namespace

UnixMillis parse_utc_time(const std::string& text, const std::string& option) {
  if (const auto parsed = parse_utc(text)) return *parsed;
  throw UsageError(option + " '" + text +
                   "': not a UTC date or time; use ISO 8601, e.g. 2026-11-25, "
                   "2026-11-25T08:00:00Z or 2026-11-25T08:00:00.250Z (no other time zones)");
}

UnixMillis created_at_of(const protocol::JobSummary& job) {
  if (const auto created = parse_utc(job.created_at)) return *created;
  throw std::runtime_error("trex-searchd: job " + std::to_string(job.id) + ": created_at '" +
                           job.created_at + "' is not an ISO 8601 UTC time");
}

bool ExportFilter::matches(const protocol::JobSummary& job) const {
  const std::string state(protocol::to_string(job.state));
  if (std::find(states.begin(), states.end(), state) == states.end()) return false;
  if (method && job.method != *method) return false;
  if (name_pattern) {
    const std::string& name = job.name;
    if (is_glob(*name_pattern) ? fnmatch(name_pattern->c_str(), name.c_str(), 0) != 0
                               : name != *name_pattern) {
      return false;
    }
  }
  if (since || until) {
    const UnixMillis created = created_at_of(job);
    if (since && created < *since) return false;
    if (until && created >= *until) return false;
  }
  return true;
}

ExportFilter make_export_filter(const std::optional<std::string>& name,
                                const std::optional<std::string>& method, const std::string& state,
                                const std::optional<std::string>& since,
                                const std::optional<std::string>& until) {
  ExportFilter filter;
  if (name) {
    if (name->empty()) throw UsageError("--name '': give a job name or a glob such as 'nightly-*'");
    filter.name_pattern = *name;
  }
  if (method) {
    if (*method != "mlr" && *method != "plr" && *method != "mrr" && *method != "soak") {
      throw UsageError("--method '" + *method + "': must be mlr, plr, mrr or soak");
    }
    filter.method = *method;
  }
  filter.states = states_of(state);
  if (since) filter.since = parse_utc_time(*since, "--since");
  if (until) filter.until = parse_utc_time(*until, "--until");
  if (filter.since && filter.until && *filter.until <= *filter.since) {
    throw UsageError("--until '" + *until + "' is not after --since '" + *since +
                     "': no job could match");
  }
  return filter;
}

}  // namespace trexsearch::cli

#include "daemon/model/job_record.hpp"

#include <cmath>
#include <ctime>
#include <string>

namespace trexsearch::service {

double to_unix_seconds(WallTime time) {
  return std::chrono::duration<double>(time.time_since_epoch()).count();
}

WallTime from_unix_seconds(double seconds) {
  return WallTime{std::chrono::duration_cast<WallTime::duration>(measure::Seconds{seconds})};
}

std::string format_utc(WallTime time) {
  const double seconds = to_unix_seconds(time);
  const auto whole = static_cast<std::time_t>(std::floor(seconds));
  const auto millis = static_cast<int>(std::floor((seconds - static_cast<double>(whole)) * 1000.0));
  std::tm parts{};
  gmtime_r(&whole, &parts);
  char text[40];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
  std::string result(text, n);
  char fraction[8];
  std::snprintf(fraction, sizeof fraction, ".%03dZ", millis);
  return result + fraction;
}

}  // namespace trexsearch::service

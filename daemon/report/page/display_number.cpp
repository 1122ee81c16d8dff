#include "daemon/report/page/display_number.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace trexsearch::report {
namespace {

/// "1234567.5" -> "1 234 567.5" (thin spaces), sign kept.
std::string group_thousands(const std::string& digits) {
  const bool negative = !digits.empty() && digits[0] == '-';
  const std::string body = negative ? digits.substr(1) : digits;
  const std::size_t point = body.find('.');
  const std::string integer = body.substr(0, point);
  const std::string fraction = point == std::string::npos ? "" : body.substr(point);
  std::string grouped;
  for (std::size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) grouped += "\u2009";  // thin space
    grouped += integer[i];
  }
  return (negative ? "-" : "") + grouped + fraction;
}

/// Drops a fraction's trailing zeros and a bare point: "5.100" -> "5.1", "2.0" -> "2".
std::string trim_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

}  // namespace

std::string significant(double value, int digits) {
  if (!std::isfinite(value)) return "-";
  if (value == 0.0) return "0";
  // Round first: 9999.7 to 4 digits is 10000, one more integer digit.
  const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const double scale = std::pow(10.0, digits - 1 - exponent);
  const double rounded = std::round(value * scale) / scale;
  const int rounded_exponent = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  const int decimals = std::max(0, digits - 1 - rounded_exponent);
  return group_thousands(fixed(rounded, decimals));
}

namespace {

thread_local std::string page_load_unit = "pps";

}  // namespace

LoadUnitScope::LoadUnitScope(std::string unit) : previous_(std::move(page_load_unit)) {
  page_load_unit = std::move(unit);
}

LoadUnitScope::~LoadUnitScope() { page_load_unit = std::move(previous_); }

const std::string& load_unit() { return page_load_unit; }

namespace {

/// Rounded first, so 999 960 pps to 4 digits reads "1.000 Mpps", not "1 000 kpps".
std::string prefixed_load(double pps, int digits) {
  if (!std::isfinite(pps)) return "-";
  double magnitude = std::fabs(pps);
  if (magnitude > 0.0) {
    const double scale = std::pow(10.0, digits - 1 - std::floor(std::log10(magnitude)));
    magnitude = std::round(magnitude * scale) / scale;
  }
  const std::string& unit = load_unit();
  if (magnitude >= 1e9) return significant(pps / 1e9, digits) + " G" + unit;
  if (magnitude >= 1e6) return significant(pps / 1e6, digits) + " M" + unit;
  if (magnitude >= 1e3) return significant(pps / 1e3, digits) + " k" + unit;
  return significant(pps, digits) + " " + unit;
}

}  // namespace

std::string load_text(double pps) { return prefixed_load(pps, 4); }

std::string load_text(double pps, double uncertainty_pps) {
  if (!std::isfinite(pps) || pps == 0.0 || !(uncertainty_pps > 0.0)) return load_text(pps);
  const int digits = static_cast<int>(std::floor(std::log10(std::fabs(pps)))) -
                     static_cast<int>(std::floor(std::log10(uncertainty_pps))) + 2;
  return prefixed_load(pps, std::clamp(digits, 3, 7));
}

std::string load_text(const std::optional<double>& pps) { return pps ? load_text(*pps) : "-"; }

std::string ratio_text(double ratio) {
  if (!std::isfinite(ratio)) return "-";
  if (ratio == 0.0) return "0";
  if (std::fabs(ratio) >= 0.1) return trim_zeros(significant(ratio, 3));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2e", ratio);
  // "1.23e-07" -> mantissa "1.23", exponent -7.
  std::string text = buffer;
  const std::size_t e = text.find('e');
  const std::string mantissa = trim_zeros(text.substr(0, e));
  const int exponent = std::atoi(text.c_str() + e + 1);
  return mantissa + "e" + std::to_string(exponent);
}

std::string seconds_text(double seconds) {
  if (!std::isfinite(seconds)) return "-";
  if (std::fabs(seconds) >= 1000.0) return group_thousands(fixed(std::round(seconds), 0)) + " s";
  return trim_zeros(fixed(seconds, 3)) + " s";
}

std::string percent_text(double percent) {
  if (!std::isfinite(percent)) return "-";
  return trim_zeros(significant(percent, 3)) + " %";
}

std::string gbps_text(double bits_per_second) {
  if (!std::isfinite(bits_per_second)) return "-";
  return significant(bits_per_second / 1e9, 4) + " Gbit/s";
}

std::string count_text(std::int64_t count) { return group_thousands(std::to_string(count)); }

}  // namespace trexsearch::report

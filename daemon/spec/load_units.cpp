#include "daemon/spec/load_units.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "measure/errors.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

struct Suffix {
  std::string_view text;
  LoadUnit unit;
  double scale;
};

// Longest first, so "kbps_l1" is not read as "bps_l1" after a "k".
constexpr std::array<Suffix, 14> kSuffixes{{
    {"gbps_l1", LoadUnit::bps_l1, 1e9},
    {"mbps_l1", LoadUnit::bps_l1, 1e6},
    {"kbps_l1", LoadUnit::bps_l1, 1e3},
    {"gbps_l2", LoadUnit::bps_l2, 1e9},
    {"mbps_l2", LoadUnit::bps_l2, 1e6},
    {"kbps_l2", LoadUnit::bps_l2, 1e3},
    {"bps_l1", LoadUnit::bps_l1, 1.0},
    {"bps_l2", LoadUnit::bps_l2, 1.0},
    {"mcps", LoadUnit::cps, 1e6},
    {"kcps", LoadUnit::cps, 1e3},
    {"cps", LoadUnit::cps, 1.0},
    {"mpps", LoadUnit::pps, 1e6},
    {"kpps", LoadUnit::pps, 1e3},
    {"pps", LoadUnit::pps, 1.0},
}};

[[noreturn]] void bad(const std::string& path, const std::string& text, const std::string& reason) {
  throw measure::ConfigError(path, "\"" + text + "\"", reason);
}

// Connection rates for ASTF jobs, frame rates for the rest (docs/astf.md).
void check_unit_for_job(const LoadValue& load, const std::string& path, bool astf) {
  if (astf && load.unit != LoadUnit::number && load.unit != LoadUnit::cps) {
    bad(path, load.text,
        "an ASTF job's loads are connections (transactions) per second: give a number or "
        "cps, kcps, mcps; frame rates, % of line rate and bit rates do not apply");
  }
  if (!astf && load.unit == LoadUnit::cps) {
    bad(path, load.text,
        "cps (connections per second) is the unit of ASTF jobs (docs/astf.md); this job's "
        "loads are frames per second");
  }
}

}  // namespace

LoadValue parse_load_text(const std::string& text, const std::string& path) {
  LoadValue load;
  load.text = text;
  std::string lower = load.text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  lower.erase(std::remove_if(lower.begin(), lower.end(),
                             [](unsigned char c) { return std::isspace(c) != 0; }),
              lower.end());
  double scale = 1.0;
  std::string_view number = lower;
  if (lower.ends_with('%')) {
    load.unit = LoadUnit::percent;
    number.remove_suffix(1);
  } else {
    const auto* const suffix =
        std::find_if(kSuffixes.begin(), kSuffixes.end(),
                     [&](const Suffix& s) { return lower.ends_with(s.text); });
    if (suffix == kSuffixes.end()) {
      if (lower.ends_with("bps")) {
        bad(path, load.text,
            "a bit rate needs its layer: _l1 (on the wire, +20 B a frame) or _l2 (frames "
            "only), e.g. \"10gbps_l1\"");
      }
      bad(path, load.text,
          "unknown unit; use pps, kpps, mpps, %, [k|m|g]bps_l1 / _l2, or (ASTF jobs) cps, kcps, "
          "mcps");
    }
    load.unit = suffix->unit;
    scale = suffix->scale;
    number.remove_suffix(suffix->text.size());
  }
  const std::string digits(number);
  char* end = nullptr;
  const double value = std::strtod(digits.c_str(), &end);
  if (digits.empty() || end != digits.c_str() + digits.size() || !std::isfinite(value)) {
    bad(path, load.text, "the number before the unit is not a number");
  }
  load.value = value * scale;
  return load;
}

double to_pps(const LoadValue& load, const std::optional<trex::LineRate>& line,
              const std::string& path, bool astf) {
  check_unit_for_job(load, path, astf);
  if (load.unit == LoadUnit::number || load.unit == LoadUnit::pps || load.unit == LoadUnit::cps) {
    return load.value;
  }
  if (!line) {
    bad(path, load.text,
        "needs the port speed: only a \"trex\" measurer knows it (from TRex, or its "
        "\"port_speed\" key)");
  }
  switch (load.unit) {
    case LoadUnit::percent:
      return line->pps_from_percent(load.value);
    case LoadUnit::bps_l1:
      return line->pps_from_l1_bps(load.value);
    case LoadUnit::bps_l2:
      return line->pps_from_l2_bps(load.value);
    case LoadUnit::number:
    case LoadUnit::pps:
    case LoadUnit::cps:
      break;
  }
  return load.value;
}

std::optional<trex::LineRate> job_line_rate(const MeasurerSpec& measurer) {
  const auto* spec = std::get_if<TrexMeasurerSpec>(&measurer);
  return spec != nullptr ? job_line_rate(*spec) : std::nullopt;
}

std::optional<trex::LineRate> job_line_rate(const TrexMeasurerSpec& measurer) {
  if (measurer.astf) return std::nullopt;  // connection rates have no line rate
  const std::optional<double> frame_bytes = trex::mean_frame_bytes(measurer.profile);
  if (!measurer.port_speed_gbps || !frame_bytes) return std::nullopt;
  return trex::LineRate{*measurer.port_speed_gbps * 1e9, *frame_bytes};
}

}  // namespace trexsearch::service

// get_pgid_stats' latency section -> PgLatency (trex-protocol.md §2.10,
// trex-flowstats-latency.md §2.1); declared in reply_codec.hpp with the other replies.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/codec/reply_element_impl.hpp"

namespace trexsearch::trex::codec {

namespace {

// TRex has 46 decade buckets (0, 10..90, ..., 100000..900000); a reply with more is
// not TRex's.
constexpr std::size_t max_histogram_buckets = 64;
// An HdrHistogram of TRex's parameters compresses to a few kB; 1 MiB is generous.
constexpr std::size_t max_hdrh_chars = 1 << 20;
// Latencies are uint32 microseconds in TRex; anything near this is garbage.
constexpr double max_micros = 1e12;
constexpr unsigned long long max_bucket_us = 1000000000000ull;

std::uint32_t pg_id_of(const FieldReader& section, const std::string& key) {
  char* end = nullptr;
  const unsigned long long id = std::strtoull(key.c_str(), &end, 10);
  if (key.empty() || key[0] == '-' || *end != '\0' || id > 0xFFFFFFFFull) {
    section.fail("pg_id key \"" + key + "\" is not a whole number");
  }
  return static_cast<std::uint32_t>(id);
}

// A latency in microseconds: TRex writes uint32 values, but tolerate integral or
// fractional doubles (truncated, as TRex truncates).
double micros(const FieldReader& field) {
  const double value = field.as_double();
  if (!std::isfinite(value) || value < 0.0 || value >= max_micros) {
    field.fail("not a latency in microseconds (expected 0 <= value < 1e12)");
  }
  return value;
}

// The latency histogram: bucket edge (microseconds, as a decimal key) -> count.
void read_histogram(const FieldReader& histogram, PgLatency& latency) {
  // TRex writes an empty histogram as [] or {} depending on the path.
  if (histogram.json().isArray() && histogram.json().empty()) return;
  histogram.expect_object();
  const std::vector<std::string> keys = histogram.json().getMemberNames();
  if (keys.size() > max_histogram_buckets) {
    histogram.fail(std::to_string(keys.size()) + " buckets; TRex has at most 46");
  }
  for (const std::string& key : keys) {
    char* end = nullptr;
    const unsigned long long edge = std::strtoull(key.c_str(), &end, 10);
    if (key.empty() || key[0] == '-' || *end != '\0' || edge >= max_bucket_us) {
      histogram.fail("bucket key \"" + key + "\" is not a latency in microseconds");
    }
    latency.histogram[edge] = histogram.at(key).as_u64();
  }
}

std::string read_hdrh(const FieldReader& hdrh) {
  std::string text = hdrh.as_string();
  if (text.size() > max_hdrh_chars) {
    hdrh.fail("HDR histogram of " + std::to_string(text.size()) + " characters (limit " +
              std::to_string(max_hdrh_chars) + ")");
  }
  return text;
}

// An optional latency field, whole microseconds; 0 when absent.
std::uint64_t whole_micros_or_zero(const FieldReader& lat, const char* key) {
  return lat.has(key) ? static_cast<std::uint64_t>(micros(lat.at(key))) : 0;
}

void read_lat(const FieldReader& lat, PgLatency& latency) {
  if (lat.json().isArray() && lat.json().empty()) return;  // TRex's "no data yet"
  lat.expect_object();
  latency.has_samples_info = true;
  latency.total_min_us = static_cast<std::uint64_t>(micros(lat.at("total_min")));
  latency.total_max_us = static_cast<std::uint64_t>(micros(lat.at("total_max")));
  latency.last_max_us = whole_micros_or_zero(lat, "last_max");
  latency.average_us = lat.has("average") ? micros(lat.at("average")) : 0.0;
  latency.jitter_us = whole_micros_or_zero(lat, "jit");
  if (lat.has("histogram")) read_histogram(lat.at("histogram"), latency);
  if (lat.has("hdrh")) latency.hdrh = read_hdrh(lat.at("hdrh"));
}

void read_errors(const FieldReader& er, PgLatency& latency) {
  er.expect_object();
  latency.dropped = er.u64_or("drp", 0);
  latency.out_of_order = er.u64_or("ooo", 0);
  latency.duplicate = er.u64_or("dup", 0);
  latency.seq_too_high = er.u64_or("sth", 0);
  latency.seq_too_low = er.u64_or("stl", 0);
}

}  // namespace

std::vector<PgLatency> decode_pgid_latency(const ReplyElement& reply) {
  const FieldReader r = reply.impl().reader();
  std::vector<PgLatency> result;
  if (!r.has("latency")) return result;
  const FieldReader section = r.at("latency");
  // TRex sends an empty latency section as {} (or [] from an older jsoncpp path).
  if (section.json().isArray() && section.json().empty()) return result;
  section.expect_object();
  for (const std::string& key : section.json().getMemberNames()) {
    if (key == "g") continue;  // RX-core error counters, not a pg_id
    PgLatency latency;
    latency.pg_id = pg_id_of(section, key);
    const FieldReader entry = section.at(key);
    entry.expect_object();
    if (entry.has("lat")) read_lat(entry.at("lat"), latency);
    if (entry.has("er")) read_errors(entry.at("er"), latency);
    result.push_back(std::move(latency));
  }
  std::sort(result.begin(), result.end(),
            [](const PgLatency& a, const PgLatency& b) { return a.pg_id < b.pg_id; });
  return result;
}

}  // namespace trexsearch::trex::codec

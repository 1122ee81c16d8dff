#include "trex_client/measurer/astf_trial_counting.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <string_view>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

double value_of(const std::vector<AstfNamedCounter>& section, const std::string& name) {
  const auto it = std::find_if(section.begin(), section.end(),
                               [&](const AstfNamedCounter& c) { return c.name == name; });
  return it == section.end() ? 0.0 : it->value;
}

AstfSectionValues::const_iterator find_value(const AstfSectionValues& values, std::uint32_t id) {
  return values.find(id);
}

std::vector<AstfNamedCounter> name_section(const std::vector<AstfCounterDesc>& desc,
                                           const AstfSectionValues& values) {
  std::vector<AstfNamedCounter> named;
  for (const AstfCounterDesc& row : desc) {
    if (!row.real) continue;
    const auto it = find_value(values, row.id);
    if (it == values.end() || it->second == 0.0) continue;
    named.push_back({row.name, it->second, row.error});
  }
  return named;
}

std::string format_count(double value) {
  // Counters are whole numbers but m_traffic_duration and rates: print what they are.
  if (std::floor(value) == value && std::abs(value) < 1e15) {
    return std::to_string(static_cast<std::int64_t>(value));
  }
  return measure::format_value(value);
}

std::string section_text(const std::vector<AstfNamedCounter>& section, bool errors_only) {
  std::string text;
  for (const AstfNamedCounter& counter : section) {
    if (errors_only && !counter.error) continue;
    text += (text.empty() ? "" : " ") + counter.name + "=" + format_count(counter.value);
  }
  return text;
}

// The transactions (or frames) the trial counted: attempted and succeeded.
struct Counted {
  std::int64_t attempted = 0;
  std::int64_t succeeded = 0;
  std::string source;
};

std::int64_t whole(double value) { return static_cast<std::int64_t>(std::llround(value)); }

Counted count_transactions(const AstfMeasurerConfig& config, const AstfTrialCounters& counters) {
  Counted counted;
  switch (config.counting) {
    case AstfCounting::tcp_connections:
      counted.attempted = whole(counters.client_value("tcps_connattempt"));
      counted.succeeded = whole(counters.client_value("tcps_connects"));
      counted.source = "client tcps_connattempt, tcps_connects";
      break;
    case AstfCounting::udp_transactions: {
      // CSIT's udp_cps: the client ports' own counters. TRex closes a client flow
      // that does not wait for its answer (CSIT's profile) right after sending, so
      // the answer reaches the port but not the flow (err_cwf, not udps_rcvpkt).
      const double requests = config.client_packets_per_transaction.value_or(1);
      const double answers = config.server_packets_per_transaction.value_or(1);
      double sent = 0.0;
      double received = 0.0;
      for (const auto& [port, io] : counters.ports) {
        if (port % 2 != 0) continue;  // even ports are TRex's clients
        sent += static_cast<double>(io.first);
        received += static_cast<double>(io.second);
      }
      counted.attempted = static_cast<std::int64_t>(std::floor(sent / requests));
      counted.succeeded = static_cast<std::int64_t>(std::floor(received / answers));
      counted.source = "client ports opackets / " + format_count(requests) + ", ipackets / " +
                       format_count(answers);
      break;
    }
    case AstfCounting::frames:
      for (const auto& [port, io] : counters.ports) {
        counted.attempted += io.first;
        counted.succeeded += io.second;
      }
      counted.source = "port opackets, ipackets";
      break;
  }
  return counted;
}

std::vector<measure::DirectionCounts> frame_directions(const AstfTrialCounters& counters,
                                                       std::int64_t intended_total,
                                                       std::int64_t offered_total) {
  // Port pairs (0,1), (2,3): what one sends the other receives.
  std::vector<measure::DirectionCounts> directions;
  for (const auto& [port, io] : counters.ports) {
    const std::uint8_t peer = port ^ 1u;
    const auto other = counters.ports.find(peer);
    if (other == counters.ports.end()) continue;
    measure::DirectionCounts d;
    d.name = std::to_string(port) + "->" + std::to_string(peer);
    d.offered = io.first;
    d.received = other->second.second;
    d.intended = offered_total > 0 ? d.offered * intended_total / offered_total : 0;
    directions.push_back(d);
  }
  return directions;
}

// The tester limit (docs/trials.md "A tester-limited trial never passes"): the client
// must have attempted what was asked by first flow + generation time x (1 + slack),
// and TRex must not have run out of flows, memory or RX.
void judge_tester_limit(const AstfMeasurerConfig& config, const AstfTrialFacts& facts,
                        const AstfTrialCounters& counters, std::int64_t expected,
                        std::int64_t attempts, measure::TrialOutcome& outcome) {
  const auto tolerance = static_cast<std::int64_t>(config.count_tolerance);
  const double paced_at_least =
      static_cast<double>(expected - tolerance) - config.pace_slack * static_cast<double>(expected);
  const double paced = facts.attempts_at_pace_check.value_or(static_cast<double>(attempts));
  const double reached_tps =
      facts.generation_time.count() > 0.0 ? paced / facts.generation_time.count() : 0.0;
  std::string limited;
  if (paced < paced_at_least) {
    limited = "the client attempted " + format_count(paced) + " of " + std::to_string(expected) +
              " transactions within the generation time (" +
              measure::format_value(facts.generation_time.count()) + " s) plus " +
              measure::format_value(config.pace_slack * 100.0) + " %";
  }
  std::string resource;
  for (const auto* section : {&counters.client, &counters.server}) {
    for (const AstfNamedCounter& c : *section) {
      if (is_tester_resource_error(c.name)) {
        resource += (resource.empty() ? "" : " ") + c.name + "=" + format_count(c.value);
      }
    }
  }
  if (!resource.empty()) {
    limited +=
        (limited.empty() ? "" : "; ") + std::string("TRex ran out of resources: ") + resource;
  }
  if (limited.empty()) return;
  outcome.tester_limited_pps = reached_tps;
  outcome.notes.push_back(measure::TrialNote::of(measure::note_key::tester_limited, limited));
}

}  // namespace

double AstfTrialCounters::client_value(const std::string& name) const {
  return value_of(client, name);
}

double AstfTrialCounters::server_value(const std::string& name) const {
  return value_of(server, name);
}

AstfTrialCounters name_counters(const std::vector<AstfCounterDesc>& desc,
                                const AstfCounterValues& values) {
  AstfTrialCounters named;
  named.client = name_section(desc, values.client);
  named.server = name_section(desc, values.server);
  return named;
}

double client_attempts(const AstfMeasurerConfig& config, const AstfTrialCounters& counters) {
  return config.counting == AstfCounting::tcp_connections
             ? counters.client_value("tcps_connattempt")
         : config.counting == AstfCounting::udp_transactions
             ? counters.client_value("udps_connects")
             : std::max(counters.client_value("tcps_connattempt"),
                        counters.client_value("udps_connects"));
}

bool is_tester_resource_error(const std::string& name) {
  static constexpr std::array<std::string_view, 7> names = {
      "err_flow_overflow", "err_no_memory",   "err_c_nf_throttled", "err_s_nf_throttled",
      "err_rx_throttled",  "err_c_tuple_err", "tcps_nombuf"};
  return std::find(names.begin(), names.end(), name) != names.end() || name == "udps_nombuf";
}

measure::TrialOutcome count_astf_trial(const AstfMeasurerConfig& config,
                                       const AstfTrialFacts& facts,
                                       const AstfTrialCounters& counters) {
  namespace key = measure::note_key;
  measure::TrialOutcome outcome;
  const double expected_tx = config.sessions ? static_cast<double>(*config.sessions)
                                             : facts.load_tps * facts.generation_time.count();
  const std::int64_t expected = whole(expected_tx);
  const Counted counted = count_transactions(config, counters);
  const std::int64_t attempts = whole(client_attempts(config, counters));
  const auto tolerance = static_cast<std::int64_t>(config.count_tolerance);

  // Attempts within the scheduling tolerance of what was asked: none unsent. Fewer:
  // the missing ones count as failed (CSIT's unsent rule); more: over-sent, which the
  // loss formula counts too (|unsent|).
  const bool on_count = std::llabs(attempts - expected) <= tolerance;
  std::int64_t intended_tx = on_count ? attempts : expected;
  outcome.offered_count = counted.attempted;
  outcome.loss_count = counted.attempted - counted.succeeded;
  if (config.counting == AstfCounting::frames) {
    const auto ppt = static_cast<std::int64_t>(*config.packets_per_transaction);
    outcome.intended_count = on_count ? counted.attempted : intended_tx * ppt;
    outcome.directions = frame_directions(counters, *outcome.intended_count, counted.attempted);
    outcome.counters = "port";
  } else {
    outcome.intended_count = intended_tx;
    outcome.counters = "astf_l7";
  }
  if (!on_count) {
    outcome.notes.push_back(measure::TrialNote::of(
        key::astf_unsent,
        "the client attempted " + std::to_string(attempts) + " of " + std::to_string(expected) +
            " transactions" +
            (attempts < expected ? "; the rest count as failed" : "; the excess counts as loss")));
  }

  judge_tester_limit(config, facts, counters, expected, attempts, outcome);
  outcome.notes.push_back(measure::TrialNote::of(
      key::astf_counts, std::string(to_string(config.counting)) + " from " + counted.source +
                            ": attempted " + std::to_string(counted.attempted) + ", succeeded " +
                            std::to_string(counted.succeeded)));
  const std::string client_errors = section_text(counters.client, true);
  const std::string server_errors = section_text(counters.server, true);
  if (!client_errors.empty() || !server_errors.empty()) {
    outcome.notes.push_back(measure::TrialNote::of(
        key::astf_errors, "client: " + (client_errors.empty() ? "none" : client_errors) +
                              "; server: " + (server_errors.empty() ? "none" : server_errors)));
  }
  outcome.notes.push_back(measure::TrialNote::of(
      key::astf_counters, "client: " + section_text(counters.client, false) +
                              "; server: " + section_text(counters.server, false)));
  outcome.effective_duration = facts.wall_time;
  return outcome;
}

}  // namespace trexsearch::trex

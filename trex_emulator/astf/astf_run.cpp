#include "trex_emulator/astf/astf_run.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace trexsearch::trex::emu {
namespace {

constexpr double never = std::numeric_limits<double>::infinity();
/// How often the server looks at a run whose end it cannot predict [s].
constexpr double poll_interval = 0.05;

using C = AstfCounter;

// TRex's utl_split_int: `total` over `parts`, the first ones taking the remainder.
std::uint64_t share(std::uint64_t total, std::size_t parts, std::size_t index) {
  return total / parts + (index < total % parts ? 1 : 0);
}

}  // namespace

AstfRun::AstfRun(std::vector<AstfTemplatePlan> templates, AstfRunSettings settings,
                 std::vector<AstfSut>& suts)
    : templates_(std::move(templates)),
      settings_(std::move(settings)),
      suts_(suts),
      next_tick_(settings_.first_flow),
      ports_(suts.size() * 2),
      last_event_(settings_.first_flow) {
  const std::size_t pairs = suts_.size();
  generators_.resize(pairs);
  for (std::size_t pair = 0; pair < pairs; ++pair) {
    for (const AstfTemplatePlan& plan : templates_) {
      Generator generator;
      if (plan.limit) generator.limit = share(*plan.limit, pairs, pair);
      generators_[pair].push_back(generator);
    }
  }
  if (limits_exhausted()) generating_ = false;
}

void AstfRun::advance(double now) {
  for (;;) {
    const double tick_at = generating_ ? next_tick_ : never;
    const double event_at = pending_.empty() ? never : pending_.begin()->first;
    const double end_at =
        generating_ && settings_.duration ? settings_.first_flow + *settings_.duration : never;
    const double at = std::min({tick_at, event_at, end_at});
    if (at > now || at == never) return;
    if (at == end_at) {
      end_generation(at);
    } else if (at == event_at) {
      const Cohort cohort = pending_.begin()->second;
      pending_.erase(pending_.begin());
      last_event_ = std::max(last_event_, at);
      handle(at, cohort);
    } else {
      tick(at);
    }
  }
}

void AstfRun::tick(double at) {
  const double span =
      settings_.duration ? std::min(tick_, settings_.first_flow + *settings_.duration - at) : tick_;
  for (std::uint32_t pair = 0; pair < generators_.size(); ++pair) {
    if (pair >= settings_.generating_pairs.size() || !settings_.generating_pairs[pair]) continue;
    for (std::uint32_t t = 0; t < templates_.size(); ++t) {
      const std::uint64_t count = generate(generators_[pair][t], templates_[t], span);
      if (count != 0) start_flows(at, pair, t, count);
    }
  }
  ++ticks_;
  next_tick_ = settings_.first_flow + static_cast<double>(ticks_) * tick_;
  if (limits_exhausted()) generating_ = false;
}

std::uint64_t AstfRun::generate(Generator& generator, const AstfTemplatePlan& plan, double span) {
  const double pairs = static_cast<double>(generators_.size());
  generator.due += settings_.mult * plan.cps / pairs * span;
  // The epsilon keeps sums of tick shares (0.01 s steps) from losing a flow to rounding.
  auto due = static_cast<std::uint64_t>(std::floor(generator.due + 1e-6));
  generator.due -= static_cast<double>(due);
  if (generator.limit) due = std::min(due, *generator.limit - generator.scheduled);
  generator.scheduled += due;
  generator.backlog += due;
  std::uint64_t created = generator.backlog;
  if (settings_.max_cps) {
    double total_cps = 0.0;
    for (const AstfTemplatePlan& other : templates_) total_cps += other.cps;
    const double ceiling = *settings_.max_cps / pairs * plan.cps / total_cps;
    // Unused capacity does not pile up: TRex cannot catch up faster than its ceiling.
    generator.budget = std::min(generator.budget + ceiling * span, std::max(1.0, ceiling * span));
    created =
        std::min<std::uint64_t>(created, static_cast<std::uint64_t>(std::floor(generator.budget)));
    generator.budget -= static_cast<double>(created);
  }
  generator.backlog -= created;
  generator.created += created;
  return created;
}

bool AstfRun::limits_exhausted() const {
  for (std::size_t pair = 0; pair < generators_.size(); ++pair) {
    if (pair >= settings_.generating_pairs.size() || !settings_.generating_pairs[pair]) continue;
    for (const Generator& generator : generators_[pair]) {
      if (!generator.limit || generator.created < *generator.limit) return false;
    }
  }
  return true;
}

void AstfRun::end_generation(double at) {
  // Flows due but not created by now (TRex fell behind) are never created.
  generating_ = false;
  last_event_ = std::max(last_event_, at);
  if (settings_.nc) terminate(at);
}

void AstfRun::terminate(double at) {
  generating_ = false;
  for (const auto& [due, cohort] : pending_) cut(at, cohort);
  pending_.clear();
  last_event_ = std::max(last_event_, at);
}

void AstfRun::cut(double at, const Cohort& cohort) {
  const double n = static_cast<double>(cohort.count);
  AstfCounterSide& client = counters_.client;
  AstfCounterSide& server = counters_.server;
  switch (cohort.step) {
    case Step::tcp_completed:
      server[C::tcps_testdrops] += n;
      server[C::tcps_closed] += n;
      closed(false, at);
      [[fallthrough]];
    case Step::tcp_connected:
      // Cut without a RST: the SUT keeps the session until it idles out.
      suts_[cohort.pair].move_release(cohort.release, at + settings_.session_timeout_s,
                                      cohort.count);
      [[fallthrough]];
    case Step::syn_retry:
      client[C::tcps_testdrops] += n;
      client[C::tcps_closed] += n;
      break;
    case Step::udp_answered:
    case Step::udp_timeout:
      client[C::udps_closed] += n;
      break;
  }
  closed(true, at);
}

void AstfRun::set_mult(double mult, double at) {
  advance(at);
  settings_.mult = mult;
}

std::optional<double> AstfRun::next_deadline() const {
  if (finished()) return std::nullopt;
  if (generating_ && settings_.duration) {
    const double end = settings_.first_flow + *settings_.duration;
    if (next_tick_ + poll_interval < end) return next_tick_ + poll_interval;
    return end;
  }
  const double from = generating_ ? next_tick_ : pending_.begin()->first;
  return std::max(from, last_event_) + poll_interval;
}

double AstfRun::created_cps(double now) const {
  const double elapsed = now - settings_.first_flow;
  return elapsed > 0.0 ? static_cast<double>(created_total_) / elapsed : 0.0;
}

}  // namespace trexsearch::trex::emu

namespace trexsearch::trex::emu {
namespace {

// The derived counters of one side (CSTTCpPerTGIDPerDir::update_counters and
// compute_rates): open and established flows, rates while traffic runs, the
// measured traffic duration.
void derive(AstfCounterSide& side, double elapsed, bool running, std::optional<double> first,
            double end_if_idle, double now, const PortTotals& ports) {
  const double tcp_open = side[C::tcps_connattempt] + side[C::tcps_accepts] - side[C::tcps_closed];
  const double udp_open = side[C::udps_connects] + side[C::udps_accepts] - side[C::udps_closed];
  side[C::m_active_flows] = std::max(0.0, tcp_open) + std::max(0.0, udp_open);
  side[C::m_est_flows] =
      std::max(0.0, side[C::tcps_connects] - side[C::tcps_closed]) + std::max(0.0, udp_open);
  if (first) {
    const double end = side[C::m_active_flows] > 0.0 ? now : end_if_idle;
    side[C::m_traffic_duration] = std::max(0.0, end - *first);
  }
  if (!running || elapsed <= 0.0) return;
  side[C::m_tx_pps_r] = (side[C::tcps_sndtotal] + side[C::udps_sndpkt]) / elapsed;
  side[C::m_rx_pps_r] =
      (side[C::tcps_rcvpack] + side[C::tcps_rcvackpack] + side[C::udps_rcvpkt]) / elapsed;
  const double acked = side[C::tcps_rcvackbyte] + side[C::udps_sndbyte];
  const double sent = side[C::tcps_sndbyte] + side[C::udps_sndbyte];
  side[C::m_tx_bw_l7_r] = acked * 8.0 / elapsed;
  side[C::m_tx_bw_l7_total_r] = sent * 8.0 / elapsed;
  side[C::m_rx_bw_l7_r] = (side[C::tcps_rcvbyte] + side[C::udps_rcvbyte]) * 8.0 / elapsed;
  side[C::m_tx_ratio] = sent > 0.0 ? 100.0 * acked / sent : 0.0;
  if (ports.opackets != 0) {
    side[C::m_avg_size] = static_cast<double>(ports.obytes) / static_cast<double>(ports.opackets);
  }
}

}  // namespace

AstfCounterValues AstfRun::counters(double now) const {
  AstfCounterValues values = counters_;
  PortTotals client_ports;
  PortTotals server_ports;
  for (std::size_t port = 0; port < ports_.size(); ++port) {
    PortTotals& sum = port % 2 == 0 ? client_ports : server_ports;
    sum.opackets += ports_[port].opackets;
    sum.obytes += ports_[port].obytes;
  }
  const double elapsed = now - settings_.first_flow;
  const bool running = !finished();
  derive(values.client, elapsed, running, first_[0], last_close_[0], now, client_ports);
  derive(values.server, elapsed, running, first_[1], last_close_[1], now, server_ports);
  return values;
}

}  // namespace trexsearch::trex::emu

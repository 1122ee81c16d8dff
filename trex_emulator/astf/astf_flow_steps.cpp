// The steps of a run's flows (AstfRun): TCP's handshake, SYN retransmissions, data and
// close, UDP's request and answer; each credits the L7 counters of the side that sends
// or receives and the port counters of the same packets.
#include <algorithm>

#include "trex_emulator/astf/astf_run.hpp"

namespace trexsearch::trex::emu {
namespace {

using C = AstfCounter;

/// TRex's TCP: a SYN not answered is sent again (simplified to every second) until the
/// connection-establishment timer (keepinit, 5 s) drops the connection.
constexpr double syn_retry_s = 1.0;
constexpr double keepinit_s = 5.0;

double times(std::uint64_t count, std::uint64_t each) { return static_cast<double>(count * each); }

// `count` flows' worth of what `shape` sends, on the sender's counters.
void count_sent(AstfCounterSide& side, std::uint64_t count, const AstfSideShape& shape) {
  side[C::tcps_sndtotal] += times(count, shape.packets());
  side[C::tcps_sndpack] += times(count, shape.data_packets);
  side[C::tcps_sndbyte] += times(count, shape.data_bytes);
  side[C::tcps_sndbyte_ok] += times(count, shape.data_bytes);
  side[C::tcps_sndacks] += times(count, shape.acks);
  side[C::tcps_sndctrl] += times(count, shape.ctrl);
}

// ... and on the receiver's.
void count_received(AstfCounterSide& side, std::uint64_t count, const AstfSideShape& shape) {
  side[C::tcps_rcvtotal] += times(count, shape.packets());
  side[C::tcps_rcvpack] += times(count, shape.data_packets);
  side[C::tcps_rcvbyte] += times(count, shape.data_bytes);
  side[C::tcps_rcvackpack] += times(count, shape.acks);
}

AstfSideShape control(std::uint64_t ctrl, std::uint64_t acks) {
  AstfSideShape shape;
  shape.ctrl = ctrl;
  shape.acks = acks;
  return shape;
}

}  // namespace

void AstfRun::schedule(double at, Cohort cohort) { pending_.emplace(at, cohort); }

void AstfRun::wire(std::uint32_t pair, bool from_client, std::uint64_t packets, std::uint64_t bytes,
                   bool arrives) {
  PortTotals& tx = ports_[2 * pair + (from_client ? 0 : 1)];
  tx.opackets += packets;
  tx.obytes += bytes;
  if (!arrives) return;
  PortTotals& rx = ports_[2 * pair + (from_client ? 1 : 0)];
  rx.ipackets += packets;
  rx.ibytes += bytes;
}

void AstfRun::closed(bool client, double at) {
  const int side = client ? 0 : 1;
  last_close_[side] = std::max(last_close_[side], at);
}

void AstfRun::start_flows(double at, std::uint32_t pair, std::uint32_t tmpl, std::uint64_t count) {
  created_total_ += count;
  counters_.client[C::flows_total] += static_cast<double>(count);
  if (templates_[tmpl].shape.udp) {
    udp_start(at, pair, tmpl, count);
    return;
  }
  counters_.client[C::tcps_connattempt] += static_cast<double>(count);
  Cohort cohort;
  cohort.pair = pair;
  cohort.tmpl = tmpl;
  cohort.count = count;
  cohort.born = at;
  send_syn(at, cohort);
}

void AstfRun::send_syn(double at, Cohort cohort) {
  count_sent(counters_.client, cohort.count, control(1, 0));
  const std::uint64_t passed = suts_[cohort.pair].admit(at, cohort.count);
  // The SUT drops the SYNs it has no token or session for: on the client port only.
  wire(cohort.pair, true, passed, passed * astf_syn_frame_bytes, true);
  wire(cohort.pair, true, cohort.count - passed, (cohort.count - passed) * astf_syn_frame_bytes,
       false);
  if (passed != 0) {
    Cohort admitted = cohort;
    admitted.count = passed;
    admitted.step = Step::tcp_connected;
    const AstfFlowShape& shape = templates_[cohort.tmpl].shape;
    admitted.release = at + shape.trips * settings_.latency_s;
    suts_[cohort.pair].release_at(admitted.release, passed);
    schedule(at + 2 * settings_.latency_s, admitted);
  }
  if (passed != cohort.count) {
    Cohort dropped = cohort;
    dropped.count = cohort.count - passed;
    dropped.step = Step::syn_retry;
    const double retry = at + syn_retry_s;
    schedule(std::min(retry, cohort.born + keepinit_s), dropped);
  }
}

void AstfRun::syn_retry(double at, const Cohort& cohort) {
  const double n = static_cast<double>(cohort.count);
  AstfCounterSide& client = counters_.client;
  if (at >= cohort.born + keepinit_s - 1e-9) {
    // tcp_timer_keep in SYN_SENT: dropped, an embryonic connection.
    client[C::tcps_keeptimeo] += n;
    client[C::tcps_keepdrops] += n;
    client[C::tcps_conndrops] += n;
    client[C::tcps_closed] += n;
    closed(true, at);
    return;
  }
  client[C::tcps_rexmttimeo_syn] += n;
  send_syn(at, cohort);
}

void AstfRun::tcp_connected(double at, const Cohort& cohort) {
  const double n = static_cast<double>(cohort.count);
  AstfCounterSide& client = counters_.client;
  AstfCounterSide& server = counters_.server;
  // SYN received, SYN-ACK sent and received, handshake ACK sent and received.
  server[C::tcps_accepts] += n;
  server[C::tcps_connects] += n;
  client[C::tcps_connects] += n;
  count_received(server, cohort.count, control(1, 1));
  count_sent(server, cohort.count, control(1, 0));
  count_received(client, cohort.count, control(1, 0));
  count_sent(client, cohort.count, control(0, 1));
  wire(cohort.pair, false, cohort.count, cohort.count * astf_syn_frame_bytes, true);
  wire(cohort.pair, true, cohort.count, cohort.count * astf_tcp_overhead_bytes, true);
  for (int side = 0; side < 2; ++side) {
    if (!first_[side]) first_[side] = at;
  }
  Cohort next = cohort;
  next.step = Step::tcp_completed;
  schedule(cohort.release, next);
}

void AstfRun::tcp_completed(double at, const Cohort& cohort) {
  const double n = static_cast<double>(cohort.count);
  const AstfFlowShape& shape = templates_[cohort.tmpl].shape;
  // What the handshake did not send: data, their ACKs, FINs and the last ACKs.
  AstfSideShape c = shape.client;
  c.ctrl -= 1;
  c.acks -= 1;
  c.frame_bytes -= astf_syn_frame_bytes + astf_tcp_overhead_bytes;
  AstfSideShape s = shape.server;
  s.ctrl -= 1;
  s.frame_bytes -= astf_syn_frame_bytes;
  AstfCounterSide& client = counters_.client;
  AstfCounterSide& server = counters_.server;
  count_sent(client, cohort.count, c);
  count_sent(server, cohort.count, s);
  count_received(server, cohort.count, c);
  count_received(client, cohort.count, s);
  client[C::tcps_rcvackbyte] += times(cohort.count, c.data_bytes);
  server[C::tcps_rcvackbyte] += times(cohort.count, s.data_bytes);
  client[C::tcps_closed] += n;
  server[C::tcps_closed] += n;
  wire(cohort.pair, true, cohort.count * c.packets(), cohort.count * c.frame_bytes, true);
  wire(cohort.pair, false, cohort.count * s.packets(), cohort.count * s.frame_bytes, true);
  closed(true, at);
  closed(false, at);
}

void AstfRun::udp_start(double at, std::uint32_t pair, std::uint32_t tmpl, std::uint64_t count) {
  const AstfFlowShape& shape = templates_[tmpl].shape;
  const double n = static_cast<double>(count);
  AstfCounterSide& client = counters_.client;
  client[C::udps_connects] += n;
  client[C::udps_sndpkt] += times(count, shape.client.data_packets);
  client[C::udps_sndbyte] += times(count, shape.client.data_bytes);
  if (!first_[0]) first_[0] = at;
  // The first request decides: a flow the SUT has no token or session for is lost whole.
  const std::uint64_t passed = suts_[pair].admit(at, count);
  const std::uint64_t lost = count - passed;
  wire(pair, true, passed * shape.client.data_packets, passed * shape.client.frame_bytes, true);
  wire(pair, true, lost * shape.client.data_packets, lost * shape.client.frame_bytes, false);
  Cohort cohort;
  cohort.pair = pair;
  cohort.tmpl = tmpl;
  cohort.born = at;
  if (passed != 0) {
    suts_[pair].release_at(at + settings_.latency_s + settings_.session_timeout_s, passed);
    cohort.count = passed;
    cohort.step = Step::udp_answered;
    schedule(at + shape.trips * settings_.latency_s, cohort);
  }
  if (lost == 0) return;
  if (shape.client_waits) {
    cohort.count = lost;
    cohort.step = Step::udp_timeout;
    schedule(at + shape.client_keepalive_s, cohort);
  } else {
    client[C::udps_closed] += static_cast<double>(lost);
    closed(true, at);
  }
}

void AstfRun::udp_answered(double at, const Cohort& cohort) {
  const AstfFlowShape& shape = templates_[cohort.tmpl].shape;
  const double n = static_cast<double>(cohort.count);
  AstfCounterSide& client = counters_.client;
  AstfCounterSide& server = counters_.server;
  server[C::udps_accepts] += n;
  server[C::udps_rcvpkt] += times(cohort.count, shape.client.data_packets);
  server[C::udps_rcvbyte] += times(cohort.count, shape.client.data_bytes);
  server[C::udps_sndpkt] += times(cohort.count, shape.server.data_packets);
  server[C::udps_sndbyte] += times(cohort.count, shape.server.data_bytes);
  server[C::udps_closed] += n;
  if (shape.client_waits) {
    client[C::udps_rcvpkt] += times(cohort.count, shape.server.data_packets);
    client[C::udps_rcvbyte] += times(cohort.count, shape.server.data_bytes);
  } else {
    // As on TRex (seen on the stand): a client program that does not wait (no rx_msg,
    // CSIT's UDP CPS) closes its flow after its last tx_msg, so the answer reaches the
    // port (ipackets) but finds no flow: err_cwf, not udps_rcvpkt.
    client[C::err_cwf] += times(cohort.count, shape.server.data_packets);
  }
  client[C::udps_closed] += n;
  if (shape.server.data_packets == 0 && shape.client_waits) client[C::udps_keepdrops] += n;
  wire(cohort.pair, false, cohort.count * shape.server.data_packets,
       cohort.count * shape.server.frame_bytes, true);
  if (!first_[1]) first_[1] = at;
  closed(true, at);
  closed(false, at);
}

void AstfRun::udp_timeout(double at, const Cohort& cohort) {
  const double n = static_cast<double>(cohort.count);
  counters_.client[C::udps_keepdrops] += n;
  counters_.client[C::udps_closed] += n;
  closed(true, at);
}

void AstfRun::handle(double at, const Cohort& cohort) {
  switch (cohort.step) {
    case Step::syn_retry:
      syn_retry(at, cohort);
      break;
    case Step::tcp_connected:
      tcp_connected(at, cohort);
      break;
    case Step::tcp_completed:
      tcp_completed(at, cohort);
      break;
    case Step::udp_answered:
      udp_answered(at, cohort);
      break;
    case Step::udp_timeout:
      udp_timeout(at, cohort);
      break;
  }
}

}  // namespace trexsearch::trex::emu

#include "trex_emulator/server/emulator_server.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iostream>
#include <stdexcept>
#include <vector>
#include <zmq.hpp>

#include "trex_client/transport/frame.hpp"
#include "trex_emulator/astf/astf_state.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/rpc/request_processor.hpp"

namespace trexsearch::trex::emu {
namespace {

using SteadyClock = std::chrono::steady_clock;

// TRex publishes trex-global every 500 ms; the Python client's subscriber gives up
// after 5 s without any message.
constexpr auto stats_period = std::chrono::milliseconds(500);
// TRex compresses PUB messages above 256 bytes (§1.3).
constexpr std::size_t pub_compress_threshold = 256;

struct DelayedReply {
  SteadyClock::time_point due;
  std::string identity;
  std::string body;
};

std::string bound_endpoint(zmq::socket_t& socket) {
  return socket.get(zmq::sockopt::last_endpoint);
}

std::string format_stat(double value) {
  // TRex's trex-global formatting: %.1f for |x| >= 10, %.3e below.
  char text[64];
  std::snprintf(text, sizeof text, std::fabs(value) >= 10.0 ? "%.1f" : "%.3e", value);
  return text;
}

}  // namespace

EmulatorServer::EmulatorServer(EmulatorOptions options)
    : options_(std::move(options)), context_(std::make_unique<zmq::context_t>(1)) {
  options_.validate();
  try {
    router_ = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::router);
    router_->set(zmq::sockopt::linger, 0);
    router_->bind(options_.rpc_endpoint);
    rpc_endpoint_ = bound_endpoint(*router_);
    publisher_ = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::pub);
    publisher_->set(zmq::sockopt::linger, 0);
    publisher_->bind(options_.pub_endpoint);
    pub_endpoint_ = bound_endpoint(*publisher_);
    // An in-process pair to wake the loop at once on stop().
    const std::string wake = "inproc://emulator-wake";
    wake_receiver_ = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::pair);
    wake_receiver_->bind(wake);
    wake_sender_ = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::pair);
    wake_sender_->connect(wake);
  } catch (const zmq::error_t& error) {
    throw std::runtime_error("trex-emulator cannot bind " + options_.rpc_endpoint + " / " +
                             options_.pub_endpoint + ": " + error.what());
  }
  thread_ = std::thread([this] {
    try {
      run();
    } catch (const std::exception& error) {
      // Never let an exception end the process from this thread; clients see the
      // emulator go silent, the owner sees the log line.
      std::cerr << "<3>trex-emulator: server loop failed: " << error.what() << std::endl;
    }
  });
}

EmulatorServer::~EmulatorServer() {
  stop_ = true;
  try {
    wake_sender_->send(zmq::str_buffer("stop"), zmq::send_flags::dontwait);
  } catch (const zmq::error_t&) {
    // The flag alone stops the loop within one poll period.
  }
  if (thread_.joinable()) thread_.join();
}

void EmulatorServer::flush_sut_sessions() {
  std::unique_lock lock(flush_mutex_);
  const std::uint64_t before = flushes_.load();
  faults_.request_flush();
  try {
    wake_sender_->send(zmq::str_buffer("flush"), zmq::send_flags::dontwait);
  } catch (const zmq::error_t&) {
    // The loop still sees the request within one poll period.
  }
  flushed_.wait_for(lock, std::chrono::seconds(5), [&] { return flushes_.load() != before; });
}

void EmulatorServer::run() {
  const auto origin = SteadyClock::now();
  const double speed = options_.speed;
  auto emulated_now = [&] {
    return measure::Seconds{std::chrono::duration<double>(SteadyClock::now() - origin).count() *
                            speed};
  };
  StlState state(options_, emulated_now());
  // ASTF mode: the ASTF server on top of the common part (api handle, sessions, events).
  std::unique_ptr<AstfState> astf;
  if (options_.astf) astf = std::make_unique<AstfState>(state, options_, emulated_now());
  auto take_signals = [&](measure::Seconds now) {
    if (faults_.take_restart()) {
      state.restart(now);
      if (astf) astf->restart(now);
      ++restarts_;
    }
    for (const auto& [port, up] : faults_.take_link_changes()) {
      // A port the emulator does not have: nothing to pull (the RPC form says so).
      if (port < state.port_count()) state.set_link_up(port, up);
    }
    if (faults_.take_flush()) {
      if (astf) astf->flush_sut_sessions();
      std::lock_guard lock(flush_mutex_);
      ++flushes_;
      flushed_.notify_all();
    }
  };
  std::deque<DelayedReply> delayed;
  std::uint64_t published_generation = state.event_generation();
  auto next_stats = SteadyClock::now() + stats_period;

  auto publish = [&](const std::string& text) {
    const std::string body = text.size() > pub_compress_threshold ? compress_frame(text) : text;
    publisher_->send(zmq::buffer(body), zmq::send_flags::dontwait);
  };
  auto send_reply = [&](const std::string& identity, const std::string& body) {
    router_->send(zmq::buffer(identity), zmq::send_flags::sndmore | zmq::send_flags::dontwait);
    router_->send(zmq::str_buffer(""), zmq::send_flags::sndmore | zmq::send_flags::dontwait);
    router_->send(zmq::buffer(body), zmq::send_flags::dontwait);
  };
  auto publish_stats = [&](measure::Seconds now) {
    std::string data = "{\"name\":\"trex-global\",\"type\":0,\"data\":{";
    for (std::uint8_t p = 0; p < state.port_count(); ++p) {
      PortStatsView stats = state.port_stats(p, now);
      if (astf) {
        const PortTotals extra = astf->port_totals(p, now);
        stats.totals.opackets += extra.opackets;
        stats.totals.ipackets += extra.ipackets;
        stats.totals.obytes += extra.obytes;
        stats.totals.ibytes += extra.ibytes;
      }
      const std::string port = "-" + std::to_string(p);
      data += "\"opackets" + port + "\":" + std::to_string(stats.totals.opackets) + ",";
      data += "\"ipackets" + port + "\":" + std::to_string(stats.totals.ipackets) + ",";
      data += "\"obytes" + port + "\":" + std::to_string(stats.totals.obytes) + ",";
      data += "\"ibytes" + port + "\":" + std::to_string(stats.totals.ibytes) + ",";
      data += "\"m_total_tx_pps" + port + "\":" + format_stat(stats.tx_pps) + ",";
      data += "\"m_total_rx_pps" + port + "\":" + format_stat(stats.rx_pps) + ",";
    }
    data += "\"m_cpu_util\":" + format_stat(0.0) + ",\"unknown\":0}}";
    publish(data);
  };

  zmq::pollitem_t items[] = {{router_->handle(), 0, ZMQ_POLLIN, 0},
                             {wake_receiver_->handle(), 0, ZMQ_POLLIN, 0}};
  while (!stop_) {
    // Sleep until the next thing to do: a traffic run ending, a delayed reply, stats.
    auto wake_at = next_stats;
    std::optional<measure::Seconds> deadline = state.next_deadline();
    if (astf) {
      const std::optional<measure::Seconds> astf_deadline = astf->next_deadline();
      if (astf_deadline && (!deadline || *astf_deadline < *deadline)) deadline = astf_deadline;
    }
    if (deadline) {
      const double wall = std::max(0.0, (*deadline - emulated_now()).count() / speed);
      wake_at =
          std::min(wake_at, SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                     std::chrono::duration<double>(wall)));
    }
    for (const DelayedReply& reply : delayed) wake_at = std::min(wake_at, reply.due);
    const auto left = wake_at - SteadyClock::now();
    const long timeout_ms =
        left <= SteadyClock::duration::zero()
            ? 0
            : static_cast<long>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
    try {
      zmq::poll(items, 2, std::chrono::milliseconds(timeout_ms));
    } catch (const zmq::error_t& error) {
      if (error.num() == EINTR) continue;
      throw;
    }
    if (stop_) break;

    measure::Seconds now = emulated_now();
    take_signals(now);
    state.advance(now);
    if (astf) astf->advance(now);

    // Serve every request that is waiting.
    for (;;) {
      std::vector<zmq::message_t> parts;
      zmq::message_t part;
      if (!router_->recv(part, zmq::recv_flags::dontwait)) break;
      parts.push_back(std::move(part));
      while (parts.back().more()) {
        zmq::message_t next;
        if (!router_->recv(next, zmq::recv_flags::dontwait)) break;
        parts.push_back(std::move(next));
      }
      // From a REQ peer: identity, empty delimiter, request. Anything else is not a
      // JSON-RPC client; ignore it.
      if (parts.size() != 3 || !parts[1].empty()) continue;
      take_signals(now);
      now = emulated_now();
      // Decided before handling, so that faults set by this very request
      // (emulator_control) apply to the replies after it.
      const FaultPlan::Decision decision = faults_.next_reply();
      const ProcessedRequest processed =
          process_request(parts[2].to_string_view(), state, now, faults_, astf.get());
      ++requests_;
      // Published before the reply goes out: a client that saw the reply must see
      // the runs this request completed (the end-of-loop update comes too late).
      completed_runs_ = state.completed_runs();
      const std::string identity = parts[0].to_string();
      switch (decision.action) {
        case FaultPlan::Action::reply:
          send_reply(identity, processed.reply);
          break;
        case FaultPlan::Action::drop:
          break;
        case FaultPlan::Action::corrupt: {
          const std::string garbage =
              "{\"jsonrpc\": \"2.0\", \"id\": \"x\", \"result\": {\"unterminated";
          send_reply(identity, is_compressed_frame(parts[2].to_string_view())
                                   ? compress_frame(garbage)
                                   : garbage);
          break;
        }
        case FaultPlan::Action::delay:
          delayed.push_back({SteadyClock::now() +
                                 std::chrono::duration_cast<SteadyClock::duration>(decision.delay),
                             identity, processed.reply});
          break;
      }
      if (processed.publish_barrier) publish("{}");
    }
    zmq::message_t wake_message;
    while (wake_receiver_->recv(wake_message, zmq::recv_flags::dontwait)) {
    }

    const auto wall_now = SteadyClock::now();
    for (auto it = delayed.begin(); it != delayed.end();) {
      if (it->due <= wall_now) {
        send_reply(it->identity, it->body);
        it = delayed.erase(it);
      } else {
        ++it;
      }
    }
    // A wake-up trigger whenever events were queued (§4.1): clients then fetch them
    // with get_async_events.
    if (state.event_generation() != published_generation) {
      published_generation = state.event_generation();
      publish("{}");
    }
    if (wall_now >= next_stats) {
      publish_stats(now);
      next_stats = wall_now + stats_period;
    }
    completed_runs_ = state.completed_runs();
  }
}

}  // namespace trexsearch::trex::emu

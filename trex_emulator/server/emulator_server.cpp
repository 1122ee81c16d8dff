#include "trex_emulator/server/emulator_server.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iostream>
#include <optional>
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

/// The server thread: sleeps until the next thing to do (a run ending, a delayed
/// reply, stats), then serves every waiting request, sends the replies that are
/// due and publishes events and stats.
class EmulatorServer::Loop {
 public:
  explicit Loop(EmulatorServer& server)
      : server_(server),
        origin_(SteadyClock::now()),
        speed_(server.options_.speed),
        state_(server.options_, emulated_now()),
        // ASTF mode: the ASTF server on top of the common part (api handle,
        // sessions, events).
        astf_(server.options_.astf
                  ? std::make_unique<AstfState>(state_, server.options_, emulated_now())
                  : nullptr),
        published_generation_(state_.event_generation()),
        next_stats_(SteadyClock::now() + stats_period) {}

  void run() {
    zmq::pollitem_t items[] = {{server_.router_->handle(), 0, ZMQ_POLLIN, 0},
                               {server_.wake_receiver_->handle(), 0, ZMQ_POLLIN, 0}};
    while (!server_.stop_) {
      try {
        zmq::poll(items, 2, std::chrono::milliseconds(wait_ms()));
      } catch (const zmq::error_t& error) {
        if (error.num() == EINTR) continue;
        throw;
      }
      if (server_.stop_) break;
      measure::Seconds now = emulated_now();
      take_signals(now);
      state_.advance(now);
      if (astf_) astf_->advance(now);
      serve_requests(now);
      zmq::message_t wake_message;
      while (server_.wake_receiver_->recv(wake_message, zmq::recv_flags::dontwait)) {
      }
      publish_due(now);
      server_.completed_runs_ = state_.completed_runs();
    }
  }

 private:
  measure::Seconds emulated_now() const {
    return measure::Seconds{std::chrono::duration<double>(SteadyClock::now() - origin_).count() *
                            speed_};
  }

  /// Milliseconds until the next thing to do: the next run's end (STL or ASTF), a
  /// delayed reply, or the stats.
  long wait_ms() const {
    auto wake_at = next_stats_;
    std::optional<measure::Seconds> deadline = state_.next_deadline();
    if (astf_) {
      const std::optional<measure::Seconds> astf_deadline = astf_->next_deadline();
      if (astf_deadline && (!deadline || *astf_deadline < *deadline)) deadline = astf_deadline;
    }
    if (deadline) {
      const double wall = std::max(0.0, (*deadline - emulated_now()).count() / speed_);
      wake_at =
          std::min(wake_at, SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                     std::chrono::duration<double>(wall)));
    }
    for (const DelayedReply& reply : delayed_) wake_at = std::min(wake_at, reply.due);
    const auto left = wake_at - SteadyClock::now();
    return left <= SteadyClock::duration::zero()
               ? 0
               : static_cast<long>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
  }

  /// The faults other threads asked for: a restart, link changes, a SUT flush.
  void take_signals(measure::Seconds now) {
    FaultPlan& faults = server_.faults_;
    if (faults.take_restart()) {
      state_.restart(now);
      if (astf_) astf_->restart(now);
      ++server_.restarts_;
    }
    for (const auto& [port, up] : faults.take_link_changes()) {
      // A port the emulator does not have: nothing to pull (the RPC form says so).
      if (port < state_.port_count()) state_.set_link_up(port, up);
    }
    if (faults.take_flush()) {
      if (astf_) astf_->flush_sut_sessions();
      std::lock_guard lock(server_.flush_mutex_);
      ++server_.flushes_;
      server_.flushed_.notify_all();
    }
  }

  void publish(const std::string& text) {
    const std::string body = text.size() > pub_compress_threshold ? compress_frame(text) : text;
    server_.publisher_->send(zmq::buffer(body), zmq::send_flags::dontwait);
  }

  void send_reply(const std::string& identity, const std::string& body) {
    zmq::socket_t& router = *server_.router_;
    router.send(zmq::buffer(identity), zmq::send_flags::sndmore | zmq::send_flags::dontwait);
    router.send(zmq::str_buffer(""), zmq::send_flags::sndmore | zmq::send_flags::dontwait);
    router.send(zmq::buffer(body), zmq::send_flags::dontwait);
  }

  /// The next waiting request's parts; nothing when none is waiting.
  std::optional<std::vector<zmq::message_t>> next_request() {
    std::vector<zmq::message_t> parts;
    zmq::message_t part;
    if (!server_.router_->recv(part, zmq::recv_flags::dontwait)) return std::nullopt;
    parts.push_back(std::move(part));
    while (parts.back().more()) {
      zmq::message_t next;
      if (!server_.router_->recv(next, zmq::recv_flags::dontwait)) break;
      parts.push_back(std::move(next));
    }
    return parts;
  }

  /// Serves every request that is waiting, each answered as the fault plan says.
  void serve_requests(measure::Seconds& now) {
    while (std::optional<std::vector<zmq::message_t>> parts = next_request()) {
      // From a REQ peer: identity, empty delimiter, request. Anything else is not a
      // JSON-RPC client; ignore it.
      if (parts->size() != 3 || !(*parts)[1].empty()) continue;
      take_signals(now);
      now = emulated_now();
      // Decided before handling, so that faults set by this very request
      // (emulator_control) apply to the replies after it.
      const FaultPlan::Decision decision = server_.faults_.next_reply();
      const std::string_view request = (*parts)[2].to_string_view();
      const ProcessedRequest processed =
          process_request(request, state_, now, server_.faults_, astf_.get());
      ++server_.requests_;
      // Published before the reply goes out: a client that saw the reply must see
      // the runs this request completed (the end-of-loop update comes too late).
      server_.completed_runs_ = state_.completed_runs();
      answer((*parts)[0].to_string(), decision, processed.reply, is_compressed_frame(request));
      if (processed.publish_barrier) publish("{}");
    }
  }

  void answer(const std::string& identity, const FaultPlan::Decision& decision,
              const std::string& reply, bool compressed_request) {
    switch (decision.action) {
      case FaultPlan::Action::reply:
        send_reply(identity, reply);
        break;
      case FaultPlan::Action::drop:
        break;
      case FaultPlan::Action::corrupt: {
        const std::string garbage =
            "{\"jsonrpc\": \"2.0\", \"id\": \"x\", \"result\": {\"unterminated";
        send_reply(identity, compressed_request ? compress_frame(garbage) : garbage);
        break;
      }
      case FaultPlan::Action::delay:
        delayed_.push_back(
            {SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(decision.delay),
             identity, reply});
        break;
    }
  }

  /// The delayed replies now due; a wake-up trigger whenever events were queued
  /// (§4.1: clients then fetch them with get_async_events); the stats when due.
  void publish_due(measure::Seconds now) {
    const auto wall_now = SteadyClock::now();
    for (auto it = delayed_.begin(); it != delayed_.end();) {
      if (it->due <= wall_now) {
        send_reply(it->identity, it->body);
        it = delayed_.erase(it);
      } else {
        ++it;
      }
    }
    if (state_.event_generation() != published_generation_) {
      published_generation_ = state_.event_generation();
      publish("{}");
    }
    if (wall_now >= next_stats_) {
      publish_stats(now);
      next_stats_ = wall_now + stats_period;
    }
  }

  void publish_stats(measure::Seconds now) {
    std::string data = "{\"name\":\"trex-global\",\"type\":0,\"data\":{";
    for (std::uint8_t p = 0; p < state_.port_count(); ++p) {
      PortStatsView stats = state_.port_stats(p, now);
      if (astf_) {
        const PortTotals extra = astf_->port_totals(p, now);
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
  }

  EmulatorServer& server_;
  const SteadyClock::time_point origin_;
  const double speed_;
  StlState state_;
  std::unique_ptr<AstfState> astf_;
  std::deque<DelayedReply> delayed_;
  std::uint64_t published_generation_;
  SteadyClock::time_point next_stats_;
};

void EmulatorServer::run() { Loop(*this).run(); }

}  // namespace trexsearch::trex::emu

#include "tests/daemon/support/chaos_clients.hpp"

#include <condition_variable>
#include <mutex>
#include <random>

#include "daemon/protocol/envelope_codec.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

enum class Kind {
  valid_status,
  not_json,
  unknown_command,
  oversized,
  binary,
  bad_submit,
  half_line,
  missing_job
};
constexpr int kKinds = 8;

// Waits `duration` unless stopped first: the pause between a client's attempts
// while the daemon is down (pacing, not synchronisation).
void pause(std::stop_token stop, std::chrono::milliseconds duration) {
  std::mutex mutex;
  std::condition_variable_any never;
  std::unique_lock lock(mutex);
  never.wait_for(lock, stop, duration, [] { return false; });
}

std::string line_for(Kind kind, std::size_t oversized_bytes, std::mt19937_64& random) {
  switch (kind) {
    case Kind::valid_status:
      return R"({"id": 1, "command": "status"})"
             "\n";
    case Kind::not_json:
      return "this is not json {\n";
    case Kind::unknown_command:
      return R"({"id": 2, "command": "frobnicate"})"
             "\n";
    case Kind::oversized:
      return std::string(oversized_bytes, 'x') + "\n";
    case Kind::binary: {
      std::string bytes(64 + random() % 512, '\0');
      for (char& byte : bytes) {
        byte = static_cast<char>(random() % 256);
        if (byte == '\n') byte = '\0';
      }
      return bytes + "\n";
    }
    case Kind::bad_submit:
      return R"({"id": 3, "command": "submit", "arguments": {"spec": 5, "measurer": []}})"
             "\n";
    case Kind::half_line:
      return R"({"id": 4, "command": "sta)";
    case Kind::missing_job:
      return R"({"id": 5, "command": "show", "arguments": {"job": 999999}})"
             "\n";
  }
  return "\n";
}

}  // namespace

ChaosClients::ChaosClients(std::string socket_path, int clients, std::size_t oversized_bytes,
                           std::uint64_t seed)
    : socket_path_(std::move(socket_path)),
      oversized_bytes_(oversized_bytes),
      seed_(seed),
      counts_(static_cast<std::size_t>(clients)) {
  for (int i = 0; i < clients; ++i) {
    threads_.emplace_back([this, i](std::stop_token stop) { run(i, stop); });
  }
}

ChaosClients::~ChaosClients() { (void)stop(); }

ChaosCounts ChaosClients::stop() {
  for (auto& thread : threads_) thread.request_stop();
  threads_.clear();  // joins
  ChaosCounts sum;
  for (const ChaosCounts& counts : counts_) {
    sum.requests += counts.requests;
    sum.answered += counts.answered;
    sum.error_replies += counts.error_replies;
    sum.unanswered += counts.unanswered;
    sum.cut_short += counts.cut_short;
    sum.connect_failed += counts.connect_failed;
    sum.protocol_violations += counts.protocol_violations;
    sum.wrong_verdicts += counts.wrong_verdicts;
  }
  return sum;
}

void ChaosClients::run(int index, std::stop_token stop) {
  ChaosCounts& counts = counts_[static_cast<std::size_t>(index)];
  std::mt19937_64 random(seed_ * 1000 + static_cast<std::uint64_t>(index));
  while (!stop.stop_requested()) {
    // Many clients, not a CPU-saturating flood: on two cores a flood would slow
    // the job's trials, which compressed emulator time magnifies 500 times.
    pause(stop, std::chrono::milliseconds(5 + random() % 20));
    const auto kind = static_cast<Kind>(random() % kKinds);
    std::optional<ControlClient> client;
    try {
      client.emplace(socket_path_);
    } catch (const std::exception&) {
      ++counts.connect_failed;
      pause(stop, std::chrono::milliseconds(20));
      continue;
    }
    ++counts.requests;
    if (kind == Kind::half_line) {
      (void)client->send_raw(line_for(kind, oversized_bytes_, random));
      ++counts.cut_short;  // closed mid-line: no reply is owed
      continue;
    }
    if (!client->send_raw(line_for(kind, oversized_bytes_, random))) {
      ++counts.unanswered;
      continue;
    }
    const auto line = client->read_line(std::chrono::milliseconds(5000));
    if (!line) {
      ++counts.unanswered;
      continue;
    }
    try {
      const protocol::JsonReply reply = protocol::parse_json_reply(*line);
      ++counts.answered;
      const bool ok = reply.result == protocol::ResultCode::success;
      if (!ok) ++counts.error_replies;
      if (ok != (kind == Kind::valid_status)) ++counts.wrong_verdicts;
    } catch (const std::exception&) {
      ++counts.protocol_violations;
    }
  }
}

}  // namespace trexsearch::servicetest

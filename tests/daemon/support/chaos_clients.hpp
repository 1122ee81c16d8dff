#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace trexsearch::servicetest {

/// What the chaos clients saw.
struct ChaosCounts {
  std::uint64_t requests = 0;             ///< lines sent (whole or cut short)
  std::uint64_t answered = 0;             ///< replies that parsed as protocol replies
  std::uint64_t error_replies = 0;        ///< of those, with an error result code
  std::uint64_t unanswered = 0;           ///< no reply although one was owed: the daemon was killed
  std::uint64_t cut_short = 0;            ///< half lines we closed on (no reply owed)
  std::uint64_t connect_failed = 0;       ///< the daemon was down (being restarted)
  std::uint64_t protocol_violations = 0;  ///< a reply line that is not a protocol reply
  std::uint64_t wrong_verdicts = 0;  ///< a bad request answered "success", or a good one refused
};

/// Many clients hammering the control socket with malformed, oversized, binary,
/// unknown and half-sent requests, plus valid ones, for as long as they live.
/// Each client is a thread owned by this object; the destructor stops and joins them.
class ChaosClients {
 public:
  /// `oversized_bytes` should exceed the daemon's max-request-bytes.
  ChaosClients(std::string socket_path, int clients, std::size_t oversized_bytes,
               std::uint64_t seed);
  ~ChaosClients();
  ChaosClients(const ChaosClients&) = delete;
  ChaosClients& operator=(const ChaosClients&) = delete;

  /// Stops and joins the clients; returns the summed counts.
  ChaosCounts stop();

 private:
  void run(int index, std::stop_token stop);

  std::string socket_path_;
  std::size_t oversized_bytes_;
  std::uint64_t seed_;
  std::vector<ChaosCounts> counts_;
  std::vector<std::jthread> threads_;
};

}  // namespace trexsearch::servicetest

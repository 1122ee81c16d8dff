#include "daemon/service/trex_job_measurer.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "search/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"

namespace trexsearch::service {

TEST_CASE("a TRex that stays unreachable fails the measurer after the grace period, naming it") {
  const trex::CompiledProfile profile = trex::compile_profile(
      trex::load_profile(TREX_SEARCH_SOURCE_DIR "/etc/profiles/ipv4-udp-64b-bidir.json"));
  TrexJobSettings settings;
  // Port 1 on loopback: nothing listens, so every RPC times out.
  settings.endpoint = "tcp://127.0.0.1:1";
  settings.rpc_timeout = Seconds{0.05};
  settings.reconnect_grace = Seconds{0.3};
  settings.reconnect_backoff = Seconds{0.02};
  int retries = 0;
  settings.log = [&retries](std::string_view line) {
    if (line.starts_with("trex_retry")) ++retries;
  };
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  try {
    TrexJobMeasurer measurer(profile, settings);
  } catch (const MeasurementError& error) {
    message = error.what();
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  CHECK(message.find("cannot connect to TRex at tcp://127.0.0.1:1") == 0);
  CHECK(message.find("trex-reconnect-grace 0.3 s") != std::string::npos);
  // It retried with backoff, and gave up after about the grace (not the first failure).
  CHECK(retries >= 2);
  CHECK(took.count() >= 0.2);
}

}  // namespace trexsearch::service

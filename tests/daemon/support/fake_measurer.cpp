// A deterministic external measurer for the end-to-end tests (protocol of
// docs/external-measurer.md): a sharp SUT of the given capacity. It appends every
// request line it receives to --log, so a test can prove which trials were
// measured, and it can hang on a chosen request (--hang-at N) until its stdin
// closes, which holds a job "mid-trial" for as long as the test needs without
// any sleep. With --disarm-file FILE it does not hang once FILE exists: a test
// creates it before restarting the daemon, so the resumed job runs through.
// --pid-file FILE records its pid (tests inspect its open descriptors).
// --max-tx-pps R makes it a tester that cannot send faster than R: above it a
// trial sends R x duration frames, says so (tester_limited_pps, a note) and
// reports its one direction's counts.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "daemon/measurers/measurer_protocol_codec.hpp"

int main(int argc, char* argv[]) {
  double capacity = 1e6;
  std::string log_path;
  std::string disarm_file;
  long hang_at = 0;
  double max_tx_pps = 0.0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--capacity") {
      capacity = std::stod(value);
    } else if (key == "--log") {
      log_path = value;
    } else if (key == "--hang-at") {
      hang_at = std::stol(value);
    } else if (key == "--pid-file") {
      std::ofstream(value) << ::getpid() << "\n";
    } else if (key == "--max-tx-pps") {
      max_tx_pps = std::stod(value);
    } else if (key == "--disarm-file") {
      disarm_file = value;
    } else {
      std::cerr << "fake_measurer: unknown option " << key << "\n";
      return 2;
    }
  }
  std::string line;
  long count = 0;
  while (std::getline(std::cin, line)) {
    ++count;
    if (!log_path.empty()) {
      std::ofstream(log_path, std::ios::app) << line << "\n";
    }
    const auto request = trexsearch::codec::decode_measurer_request(line);
    if (count == hang_at && (disarm_file.empty() || !std::filesystem::exists(disarm_file))) {
      // Hang until the daemon goes away or cancels us (stdin closes).
      while (std::getline(std::cin, line)) {
      }
      return 0;
    }
    trexsearch::measure::TrialOutcome outcome;
    const double sent_pps =
        max_tx_pps > 0.0 ? std::min(request.load_pps, max_tx_pps) : request.load_pps;
    const double offered = std::round(sent_pps * request.duration.count());
    outcome.offered_count = static_cast<std::int64_t>(offered);
    if (sent_pps > capacity) {
      outcome.loss_count =
          static_cast<std::int64_t>(std::round(offered * (sent_pps - capacity) / sent_pps));
    }
    if (max_tx_pps > 0.0) {
      const auto intended =
          static_cast<std::int64_t>(std::round(request.load_pps * request.duration.count()));
      outcome.intended_count = intended;
      outcome.directions = {
          {"0->1", intended, outcome.offered_count, outcome.offered_count - outcome.loss_count}};
      outcome.counters = "flow_stats";
      if (intended > outcome.offered_count) {
        outcome.tester_limited_pps = sent_pps;
        outcome.notes.push_back(trexsearch::measure::TrialNote::parse(
            "tester_limited: direction 0->1 sent " + std::to_string(outcome.offered_count) +
            " of " + std::to_string(intended) + " intended frames"));
      }
    }
    std::cout << trexsearch::codec::encode_measurer_reply(outcome) << std::endl;
  }
  return 0;
}

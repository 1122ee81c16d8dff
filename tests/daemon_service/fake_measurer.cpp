// A deterministic external measurer for the end-to-end tests (protocol of
// docs/external-measurer.md): a sharp SUT of the given capacity. It appends every
// request line it receives to --log, so a test can prove which trials were
// measured, and it can hang on a chosen request (--hang-at N) until its stdin
// closes, which holds a job "mid-trial" for as long as the test needs without
// any sleep. With --disarm-file FILE it does not hang once FILE exists: a test
// creates it before restarting the daemon, so the resumed job runs through.
// --pid-file FILE records its pid (tests inspect its open descriptors).
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "daemon/codec/measurer_protocol_codec.hpp"

int main(int argc, char* argv[]) {
  double capacity = 1e6;
  std::string log_path;
  std::string disarm_file;
  long hang_at = 0;
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
    trexsearch::TrialOutcome outcome;
    const double offered = std::round(request.load_pps * request.duration.count());
    outcome.offered_count = static_cast<std::int64_t>(offered);
    if (request.load_pps > capacity) {
      outcome.loss_count = static_cast<std::int64_t>(
          std::round(offered * (request.load_pps - capacity) / request.load_pps));
    }
    std::cout << trexsearch::codec::encode_measurer_reply(outcome) << std::endl;
  }
  return 0;
}

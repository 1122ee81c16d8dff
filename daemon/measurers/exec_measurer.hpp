#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <stop_token>
#include <string>

#include "daemon/measurers/measurer_protocol_codec.hpp"
#include "measure/measurer.hpp"

namespace trexsearch {

class ChildProcess;

/// How to run and supervise an external measurer.
struct ExecMeasurerOptions {
  /// Run as `/bin/sh -c command`.
  std::string command;
  /// Reply timeout = intended trial duration + this.
  measure::Seconds reply_timeout_margin{60.0};
  /// At shutdown: how long the process may take to exit after its stdin is closed,
  /// and again after SIGTERM, before SIGKILL.
  std::chrono::milliseconds shutdown_grace{2000};
  /// Longest reply line accepted [bytes].
  std::size_t max_reply_bytes = codec::kMaxMeasurerReplyBytes;
  /// Of the process' stderr, this much per trial reaches ours (the daemon's log);
  /// the rest is dropped and counted [bytes].
  std::size_t max_stderr_bytes_per_trial = std::size_t{64} << 10;
};

/// A Measurer that delegates each trial to an external process speaking the line
/// protocol of docs/external-measurer.md: one JSON request line on its stdin, one
/// JSON reply line on its stdout. The process is started once, in the constructor,
/// and serves every trial. Failures (exit, closed stdout, malformed or `{"error"}`
/// replies, over-long lines, timeouts) throw MeasurementError naming the command;
/// a stop request throws MeasurementCancelled. After a timeout, cancellation or a
/// dead process the measurer stays failed: a late reply would answer the wrong trial.
class ExecMeasurer final : public measure::Measurer {
 public:
  /// Starts the process; throws MeasurementError when it cannot be started.
  explicit ExecMeasurer(ExecMeasurerOptions options);
  /// Shuts the process down (see ChildProcess::shut_down) and reaps it; never throws.
  ~ExecMeasurer() override;
  ExecMeasurer(const ExecMeasurer&) = delete;
  ExecMeasurer& operator=(const ExecMeasurer&) = delete;

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// The process id of the shell running the command (for tests and logs).
  pid_t pid() const;

 private:
  [[noreturn]] void fail(const std::string& what, bool out_of_step);
  std::string describe_end();

  ExecMeasurerOptions options_;
  std::unique_ptr<ChildProcess> child_;
  /// Set once the process can no longer be trusted to answer in step.
  std::string broken_;
};

}  // namespace trexsearch

#include "daemon/measurers/exec_measurer.hpp"

#include <system_error>

#include "daemon/codec/json_writer.hpp"
#include "daemon/measurers/child_process.hpp"
#include "measure/errors.hpp"

namespace trexsearch {
namespace {

using std::chrono::milliseconds;

// Once stdout closes, the process is usually exiting; give it this long so that
// the error can say how it ended.
constexpr milliseconds kExitReportWait{1000};

std::string quoted_command(const std::string& command) {
  return "'" + codec::truncate_text(command, 80) + "'";
}

}  // namespace

ExecMeasurer::ExecMeasurer(ExecMeasurerOptions options) : options_(std::move(options)) {
  if (options_.command.empty())
    throw measure::MeasurementError("external measurer command is empty");
  try {
    child_ = std::make_unique<ChildProcess>(options_.command, options_.max_stderr_bytes_per_trial);
  } catch (const std::system_error& error) {
    throw measure::MeasurementError("external measurer " + quoted_command(options_.command) +
                                    " cannot be started: " + error.what());
  }
}

ExecMeasurer::~ExecMeasurer() {
  if (child_) child_->shut_down(options_.shutdown_grace);
}

pid_t ExecMeasurer::pid() const { return child_->pid(); }

void ExecMeasurer::fail(const std::string& what, bool out_of_step) {
  std::string message = "external measurer " + quoted_command(options_.command) + " " + what;
  if (out_of_step) broken_ = message;
  throw measure::MeasurementError(message);
}

std::string ExecMeasurer::describe_end() {
  const auto status = child_->wait_for_exit(kExitReportWait);
  return status ? describe_wait_status(*status) : "closed its stdout but is still running";
}

measure::TrialOutcome ExecMeasurer::measure(measure::Seconds intended_duration,
                                            double intended_load_pps, std::stop_token stop) {
  if (!broken_.empty()) {
    throw measure::MeasurementError("not usable after an earlier failure: " + broken_);
  }
  if (stop.stop_requested()) throw measure::MeasurementCancelled();
  (void)child_->start_stderr_period();
  const std::string request =
      codec::encode_measurer_request({intended_duration, intended_load_pps});
  const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      intended_duration + options_.reply_timeout_margin);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const auto timeout_text =
      measure::format_value((intended_duration + options_.reply_timeout_margin).count());

  try {
    switch (child_->write_all(request + "\n", deadline, stop)) {
      case PipeStatus::ok:
        break;
      case PipeStatus::cancelled:
        broken_ = "a trial was cancelled while its request was being sent";
        throw measure::MeasurementCancelled();
      case PipeStatus::timed_out:
        fail("did not read the request " + request + " within " + timeout_text + " s", true);
      case PipeStatus::closed:
      case PipeStatus::too_long:
        fail(describe_end() + " before reading the request " + request, true);
    }
    std::string reply;
    switch (child_->read_line(reply, options_.max_reply_bytes, deadline, stop)) {
      case PipeStatus::ok:
        break;
      case PipeStatus::cancelled:
        // Its reply would come in answer to the next request.
        broken_ = "a trial was cancelled while the measurer was working on it";
        throw measure::MeasurementCancelled();
      case PipeStatus::timed_out:
        fail("did not answer the request " + request + " within " + timeout_text +
                 " s (intended duration + timeout margin)",
             true);
      case PipeStatus::closed:
        // A stop and a dying measurer together are one event (a signal sent to both):
        // report the stop.
        if (stop.stop_requested()) throw measure::MeasurementCancelled();
        fail(describe_end() + " without answering the request " + request, true);
      case PipeStatus::too_long:
        fail("answered the request " + request + " with a line longer than " +
                 std::to_string(options_.max_reply_bytes) + " bytes",
             true);
    }
    // A malformed or {"error"} reply still answered this request: the protocol is in
    // step and the next trial may be tried.
    return codec::decode_measurer_reply(reply);
  } catch (const std::system_error& error) {
    fail(std::string("failed: ") + error.what(), true);
  }
}

}  // namespace trexsearch

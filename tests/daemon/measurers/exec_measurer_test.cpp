#include "daemon/measurers/exec_measurer.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <thread>

#include "daemon/measurers/measurer_protocol_codec.hpp"
#include "measure/errors.hpp"
#include "tests/daemon/support/test_support.hpp"

using trexsearch::ExecMeasurer;
using trexsearch::ExecMeasurerOptions;
using trexsearch::measure::MeasurementCancelled;
using trexsearch::measure::MeasurementError;
using trexsearch::measure::Seconds;
using trexsearch::test::shell_quote;
using trexsearch::test::TempDir;
using namespace std::chrono_literals;
namespace measure = trexsearch::measure;

namespace {

ExecMeasurerOptions options_for(const std::string& command) {
  ExecMeasurerOptions options;
  options.command = command;
  // Children that misbehave are killed quickly so that the suite stays fast.
  options.shutdown_grace = 100ms;
  return options;
}

std::string measure_error(ExecMeasurer& measurer, Seconds duration = Seconds{0.1}) {
  try {
    measurer.measure(duration, 1e6, {});
  } catch (const MeasurementError& error) {
    return error.what();
  }
  return "(no error)";
}

bool gone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

constexpr const char* kGoodReply = R"(echo '{"offered_count": 1000, "loss_count": 3}')";

}  // namespace

TEST_CASE("each trial sends one request line and reads one reply line") {
  const TempDir dir;
  const std::string log = (dir.path() / "requests").string();
  ExecMeasurer measurer(options_for("while IFS= read -r line; do printf '%s\\n' \"$line\" >> " +
                                    shell_quote(log) + "; " + kGoodReply + "; done"));
  for (int i = 1; i <= 3; ++i) {
    const auto outcome = measurer.measure(Seconds{0.5 * i}, 1e6 * i, {});
    CHECK(outcome.offered_count == 1000);
    CHECK(outcome.loss_count == 3);
  }
  namespace codec = trexsearch::codec;
  CHECK(trexsearch::test::read_file(log) ==
        codec::encode_measurer_request({Seconds{0.5}, 1e6}) + "\n" +
            codec::encode_measurer_request({Seconds{1.0}, 2e6}) + "\n" +
            codec::encode_measurer_request({Seconds{1.5}, 3e6}) + "\n");
}

TEST_CASE("the optional reply fields reach the outcome") {
  ExecMeasurer measurer(options_for(
      R"(read line; echo '{"offered_count": 10, "loss_count": 0, "intended_count": 12, )"
      R"("effective_duration": 1.25, "notes": ["n"]}'; read line)"));
  const auto outcome = measurer.measure(Seconds{1.0}, 10.0, {});
  CHECK(outcome.intended_count == 12);
  CHECK(outcome.effective_duration == Seconds{1.25});
  CHECK(measure::note_texts(outcome.notes) == std::vector<std::string>{"n"});
}

TEST_CASE("an error reply fails that trial only") {
  ExecMeasurer measurer(
      options_for(R"(read line; echo '{"error": "port 1 link down"}'; read line; )" +
                  std::string(kGoodReply) + "; read line"));
  CHECK(measure_error(measurer) == "measurer reported an error: port 1 link down");
  CHECK(measurer.measure(Seconds{1.0}, 1e6, {}).offered_count == 1000);
}

TEST_CASE("a malformed reply is quoted") {
  ExecMeasurer measurer(options_for("read line; echo 'offered=1000 lost=3'; read line"));
  const std::string error = measure_error(measurer);
  CHECK(error.find("measurer reply is not valid JSON") == 0);
  CHECK(error.find("'offered=1000 lost=3'") != std::string::npos);
}

TEST_CASE("a process that exits is reported with its exit status, and stays failed") {
  ExecMeasurer measurer(options_for("read line; echo 'giving up' >&2; exit 7"));
  const std::string error = measure_error(measurer);
  CHECK(error.find("external measurer 'read line;") == 0);
  CHECK(error.find("exited with status 7 without answering the request "
                   R"({"duration":0.1,"load":1000000.0})") != std::string::npos);
  CHECK(measure_error(measurer).find("not usable after an earlier failure") == 0);
}

TEST_CASE("a command that cannot run shows up as the shell's exit status 127") {
  ExecMeasurer measurer(options_for("/nonexistent/measurer --flag 2>/dev/null"));
  CHECK(measure_error(measurer).find("exited with status 127") != std::string::npos);
}

TEST_CASE("a process that never answers times out after duration + margin") {
  auto options = options_for("read line; exec sleep 30");
  options.reply_timeout_margin = Seconds{0.2};
  pid_t pid = -1;
  {
    ExecMeasurer measurer(options);
    pid = measurer.pid();
    const auto started = std::chrono::steady_clock::now();
    const std::string error = measure_error(measurer, Seconds{0.1});
    const auto waited = std::chrono::steady_clock::now() - started;
    CHECK(error.find("did not answer the request") != std::string::npos);
    CHECK(error.find("within 0.30000000000000004 s") != std::string::npos);
    CHECK(waited >= 300ms);  // never early; no upper bound: machines may be slow
    CHECK(measure_error(measurer).find("not usable after an earlier failure") == 0);
  }
  CHECK(gone(pid));  // killed and reaped: no zombie, no orphan
}

TEST_CASE("a reply line over 1 MiB is refused") {
  ExecMeasurer measurer(
      options_for("read line; head -c 2000000 /dev/zero | tr '\\0' x; echo; read line"));
  CHECK(measure_error(measurer).find("with a line longer than 1048576 bytes") != std::string::npos);
}

TEST_CASE("a stop request cancels a trial in progress") {
  const TempDir dir;
  const std::string fifo = (dir.path() / "started").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // The child tells us through the FIFO that it got the request, then never answers.
  ExecMeasurer measurer(
      options_for("read line; echo started > " + shell_quote(fifo) + "; read never"));
  std::stop_source stop;
  std::jthread canceller([&] {
    // Non-blocking open and a bounded poll: a broken measurer fails the test
    // instead of hanging it.
    const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    if (fd >= 0) {
      pollfd entry{fd, POLLIN, 0};
      ::poll(&entry, 1, 60000);
      ::close(fd);
    }
    stop.request_stop();
  });
  CHECK_THROWS_AS(measurer.measure(Seconds{1.0}, 1e6, stop.get_token()), MeasurementCancelled);
  CHECK(measure_error(measurer).find("not usable after an earlier failure") == 0);
}

TEST_CASE("a stop requested before the trial sends nothing") {
  ExecMeasurer measurer(options_for(std::string("read line; ") + kGoodReply + "; read line"));
  std::stop_source stop;
  stop.request_stop();
  CHECK_THROWS_AS(measurer.measure(Seconds{1.0}, 1e6, stop.get_token()), MeasurementCancelled);
  CHECK(measurer.measure(Seconds{1.0}, 1e6, {}).offered_count == 1000);  // still in step
}

TEST_CASE("an empty command is refused up front") {
  CHECK_THROWS_AS(ExecMeasurer(options_for("")), MeasurementError);
}

TEST_CASE("a well-behaved measurer exits when its stdin closes") {
  pid_t pid = -1;
  {
    ExecMeasurer measurer(options_for(std::string("while read line; do ") + kGoodReply + "; done"));
    pid = measurer.pid();
    measurer.measure(Seconds{1.0}, 1e6, {});
  }
  CHECK(gone(pid));
}

#pragma once

#include <boost/program_options.hpp>
#include <memory>
#include <string>

#include "daemon/measurers/steady_clock.hpp"
#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::cli {

namespace po = boost::program_options;

/// Every option of `trex-search simulate`.
po::options_description simulate_options();

/// The text of `--list-suts`: every built-in model with its options.
std::string sut_list();

/// Throws UsageError for missing or contradictory options.
void check_simulate_options(const po::variables_map& options);

/// What a simulation runs on: the measurer (an external process or a built-in
/// SUT) and the clock. Virtual time by default, advanced by each trial's
/// effective duration; with --real-time the steady clock, and simulated SUTs
/// take their trials' time.
class SimulationSetup {
 public:
  /// Throws UsageError / BadInputError for bad measurer options.
  explicit SimulationSetup(const po::variables_map& options);
  ~SimulationSetup() = default;
  SimulationSetup(const SimulationSetup&) = delete;
  SimulationSetup& operator=(const SimulationSetup&) = delete;

  measure::Measurer& measurer();
  const measure::Clock& clock() const { return *clock_; }
  /// The built-in SUT model with --sut (to report its known truth), else null.
  const sim::SutModel* sut_model() const { return sut_model_; }

 private:
  std::unique_ptr<measure::Measurer> base_;
  std::unique_ptr<measure::Measurer> timed_;
  measure::ManualClock manual_clock_;
  SteadyClock steady_clock_;
  const measure::Clock* clock_ = nullptr;
  const sim::SutModel* sut_model_ = nullptr;
};

/// Writes a whole file; throws with the path when it cannot.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace trexsearch::cli

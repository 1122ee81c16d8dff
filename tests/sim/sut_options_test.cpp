#include "sim/sut_options.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "measure/errors.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::sim {
namespace {

/// The ConfigError make_sut throws, or a failed check when it throws nothing.
measure::ConfigError config_error_of(std::string_view model, const SutOptions& options) {
  try {
    make_sut(model, options, 1);
  } catch (const measure::ConfigError& error) {
    return error;
  }
  FAIL("make_sut accepted " << model);
  return measure::ConfigError("", "", "");
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("an unknown option is named, with the model's known options listed") {
  const measure::ConfigError error = config_error_of("noisy", {{"capcity_pps", 1e6}});
  CHECK(error.field() == "noisy.capcity_pps");
  CHECK(contains(error.what(), measure::format_value(1e6)));
  CHECK(contains(error.what(), "known options: capacity_pps, noise"));
}

TEST_CASE("an unknown model is named, with the known models listed") {
  const measure::ConfigError error = config_error_of("sharpp", {});
  CHECK(error.field() == "sut");
  CHECK(contains(error.what(), "sharpp"));
  CHECK(contains(error.what(), "sharp, noisy, lossy, bursty, duration_dependent, soak"));
}

TEST_CASE("out-of-range option values are rejected with field, value and range") {
  struct Case {
    const char* model;
    const char* option;
    double value;
    const char* range;
  };
  const Case cases[] = {
      {"sharp", "capacity_pps", 0.0, "> 0"},
      {"sharp", "capacity_pps", -5.0, "> 0"},
      {"noisy", "noise", 1.5, "in [0, 1]"},
      {"lossy", "background_loss_ratio", 1.0, "in [0, 1)"},
      {"bursty", "event_rate_per_s", -0.1, "in [0, 1000000]"},
      {"bursty", "interruption_s", -1.0, "in [0, 3600]"},
      {"duration_dependent", "buffer_frames", -1.0, "in [0,"},
      {"soak", "spread_pps", 0.0, "> 0"},
  };
  for (const Case& c : cases) {
    const std::string field = std::string(c.model) + "." + c.option;
    CAPTURE(field);
    const measure::ConfigError error = config_error_of(c.model, {{c.option, c.value}});
    CHECK(error.field() == field);
    CHECK(contains(error.what(), measure::format_value(c.value)));
    CHECK(contains(error.what(), c.range));
  }
}

TEST_CASE("non-finite and fractional values are rejected") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(config_error_of("sharp", {{"capacity_pps", nan}}).field() == "sharp.capacity_pps");
  CHECK(config_error_of("sharp", {{"capacity_pps", HUGE_VAL}}).field() == "sharp.capacity_pps");
  const measure::ConfigError fraction =
      config_error_of("duration_dependent", {{"buffer_frames", 2.5}});
  CHECK(fraction.field() == "duration_dependent.buffer_frames");
  CHECK(contains(fraction.what(), "whole number"));
}

TEST_CASE("every catalogued model builds with its defaults and documents its options") {
  const auto catalogue = sut_model_catalogue();
  REQUIRE(catalogue.size() == 6);
  // Not a structured binding: CAPTURE's lambda cannot capture one before clang 16.
  for (const auto& entry : catalogue) {
    const std::string& name = entry.first;
    const std::string& description = entry.second;
    CAPTURE(name);
    CHECK_FALSE(description.empty());
    const auto model = make_sut(name, {}, 42);
    REQUIRE(model != nullptr);
    CHECK(model->describe().rfind(name + " ", 0) == 0);
    const auto specs = sut_model_options(name);
    REQUIRE_FALSE(specs.empty());
    for (const SutOptionSpec& spec : specs) {
      CHECK_FALSE(spec.unit.empty());
      CHECK_FALSE(spec.description.empty());
      // Giving each default explicitly builds the same model.
      CHECK(make_sut(name, {{spec.name, spec.default_value}}, 42)->describe() == model->describe());
      CHECK(
          contains(model->describe(), spec.name + "=" + measure::format_value(spec.default_value)));
    }
  }
  CHECK_THROWS_AS(sut_model_options("nope"), measure::ConfigError);
}

TEST_CASE("given options replace the defaults in the description") {
  const auto model = make_sut("noisy", {{"capacity_pps", 2e6}, {"noise", 0.05}}, 9);
  CHECK(model->describe() ==
        "noisy capacity_pps=" + measure::format_value(2e6) + " noise=0.05 seed=9");
  CHECK(model->true_capacity_pps() == 2e6);
}

}  // namespace trexsearch::sim

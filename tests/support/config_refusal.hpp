#pragma once
// What a validate() refused a changed value with: the tests that pin every
// ConfigError of a config type (field, value and reason) share this.
#include <functional>
#include <string>

#include "measure/errors.hpp"

namespace test_support {

/// `value` after `change`, validated: the ConfigError's "field = value: reason",
/// or empty when it passed.
template <typename Value, typename Validate>
std::string config_refusal(Value value, const std::function<void(Value&)>& change,
                           Validate validate) {
  change(value);
  try {
    validate(value);
  } catch (const trexsearch::measure::ConfigError& error) {
    return error.what();
  }
  return {};
}

}  // namespace test_support

#include "tests/daemon/cli_test_support.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/strict_json.hpp"

namespace trexsearch::test {

Json::Value parse_output(const std::string& out) {
  try {
    return codec::parse_strict_json(out, "stdout");
  } catch (const codec::JsonSyntaxError& error) {
    FAIL("stdout is not JSON (" << error.what() << "): " << out);
  }
  return {};
}

}  // namespace trexsearch::test

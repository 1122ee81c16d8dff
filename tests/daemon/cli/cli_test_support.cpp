#include "tests/daemon/cli/cli_test_support.hpp"

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

std::string capped_sut_measurer(const TempDir& dir, double sut_pps, double tester_pps) {
  const std::string script = dir.write("capped.py", R"(import json, sys
SUT, TESTER = float(sys.argv[1]), float(sys.argv[2])
for line in sys.stdin:
    r = json.loads(line)
    d = r["duration"]
    intended = round(r["load"] * d)
    sent = min(intended, round(TESTER * d))
    lost = max(0, sent - round(SUT * d))
    reply = {"offered_count": sent, "loss_count": lost, "intended_count": intended,
             "directions": [{"direction": "0->1", "intended": intended, "offered": sent,
                             "received": sent - lost}]}
    if sent < intended:
        reply["tester_limited_pps"] = sent / d
        reply["notes"] = ["tester_limited: sent %d of %d intended frames" % (sent, intended)]
    print(json.dumps(reply), flush=True)
)");
  return "python3 " + shell_quote(script) + " " + std::to_string(sut_pps) + " " +
         std::to_string(tester_pps);
}

}  // namespace trexsearch::test

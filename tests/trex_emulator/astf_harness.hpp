#pragma once

// An ASTF emulator without sockets: the request processor over StlState + AstfState, in
// emulated time the test moves by hand (no sleeps, no wall clock).
#include <json/json.h>

#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "tests/support/build_paths.hpp"
#include "trex_client/codec/json_text.hpp"
#include "trex_emulator/astf/astf_state.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/rpc/request_processor.hpp"

namespace trexsearch::trex::emu::testing {

inline std::string astf_fixture(const std::string& name) {
  std::ifstream file(
      trexsearch::testing::build_paths::source_file("tests/trex_emulator/fixtures/astf/" + name));
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

inline EmulatorOptions astf_options() {
  EmulatorOptions options;
  options.rpc_endpoint = "tcp://127.0.0.1:*";
  options.pub_endpoint = "tcp://127.0.0.1:*";
  options.astf = true;
  return options;
}

class AstfHarness {
 public:
  explicit AstfHarness(EmulatorOptions options = astf_options())
      : stl_(options, measure::Seconds{0.0}), astf_(stl_, options, measure::Seconds{0.0}) {
    api_h_ = call("api_sync_v2", json(R"({"name":"ASTF","major":2,"minor":3})"))["result"]["api_h"]
                 .asString();
  }

  static Json::Value json(const std::string& text) {
    std::string error;
    return codec::parse_json(text, error).value_or(Json::Value());
  }

  /// One request at the current emulated time; the whole reply.
  Json::Value call(const std::string& method, Json::Value params = Json::Value(Json::objectValue),
                   bool with_handler = false) {
    if (!api_h_.empty()) params["api_h"] = api_h_;
    if (with_handler) params["handler"] = handler_;
    Json::Value request(Json::objectValue);
    request["jsonrpc"] = "2.0";
    request["id"] = 1;
    request["method"] = method;
    request["params"] = params;
    const ProcessedRequest reply =
        process_request(codec::write_json(request), stl_, measure::Seconds{now_}, faults_, &astf_);
    return json(reply.reply);
  }
  /// An owned call (with the context handler); its result, or a failed check.
  Json::Value owned(const std::string& method,
                    Json::Value params = Json::Value(Json::objectValue)) {
    return call(method, std::move(params), true);
  }

  void acquire(const std::string& user = "tester", bool force = false) {
    Json::Value params(Json::objectValue);
    params["user"] = user;
    params["force"] = force;
    params["session_id"] = 7;
    handler_ = call("acquire", params)["result"]["handler"].asString();
  }

  /// Uploads `text` in one fragment.
  Json::Value upload(const std::string& text) {
    Json::Value params(Json::objectValue);
    params["fragment"] = text;
    params["frag_first"] = true;
    params["frag_last"] = true;
    return owned("profile_fragment", params);
  }

  Json::Value start(double mult, double duration, bool nc = true, std::uint32_t mask = 3) {
    Json::Value params(Json::objectValue);
    params["mult"] = mult;
    params["duration"] = duration;
    params["nc"] = nc;
    params["latency_pps"] = 0;
    params["ipv6"] = false;
    params["client_mask"] = mask;
    return owned("start", params);
  }

  /// The profile's state (sync), after moving time to `now_`.
  int state() {
    Json::Value params(Json::objectValue);
    params["profile_id"] = "sync";
    return call("sync", params)["result"]["state_profile"]["_"].asInt();
  }

  /// Moves emulated time on by `seconds` in steps of `step`, until `state` or the end;
  /// returns whether the state was reached.
  bool run_until(int wanted, double seconds, double step = 0.01) {
    // An integer step count: a floating-point loop counter drifts (clang-analyzer),
    // and truncating 0.3 / 0.1 = 2.999... would lose a step.
    const long steps = std::lround(seconds / step);
    for (long i = 0; i <= steps; ++i) {
      if (state() == wanted) return true;
      now_ += step;
    }
    return state() == wanted;
  }

  /// Counter name -> value of one side of get_counter_values.
  double counter(const std::string& side, const std::string& name) {
    if (ids_.empty()) {
      const Json::Value desc = call("get_counter_desc");
      for (const Json::Value& row : desc["result"]["data"]) {
        if (row["real"].asBool()) ids_[row["name"].asString()] = row["id"].asString();
      }
    }
    const Json::Value values = call("get_counter_values")["result"][side];
    const auto it = ids_.find(name);
    return it == ids_.end() ? -1.0 : values.get(it->second, 0.0).asDouble();
  }

  Json::Value port_stats(int port) {
    Json::Value params(Json::objectValue);
    params["port_id"] = port;
    return call("get_port_stats", params)["result"];
  }

  double now_ = 0.0;
  StlState& stl() { return stl_; }
  AstfState& astf() { return astf_; }
  const std::string& handler() const { return handler_; }

 private:
  StlState stl_;
  AstfState astf_;
  FaultPlan faults_;
  std::string api_h_;
  std::string handler_;
  std::map<std::string, std::string> ids_;
};

}  // namespace trexsearch::trex::emu::testing

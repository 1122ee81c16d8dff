// trex-emulator --astf: TRex's ASTF methods, checks, states and events (trex-astf.md §1),
// through the request processor in emulated time.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "tests/trex_emulator/astf_harness.hpp"
#include "trex_client/codec/astf/md5_hex.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::emu;
using trexsearch::trex::emu::testing::astf_fixture;
using trexsearch::trex::emu::testing::AstfHarness;

namespace {

std::string error_of(const Json::Value& reply) { return reply["error"]["specific_err"].asString(); }

// The (type, state, error) of every ASTF event of session 7 since the last call.
struct SeenEvent {
  int type;
  int state;
  std::string error;
};

std::vector<SeenEvent> events(AstfHarness& emu) {
  Json::Value params(Json::objectValue);
  params["session_id"] = 7;
  std::vector<SeenEvent> seen;
  const Json::Value reply = emu.call("get_async_events", params);
  for (const Json::Value& event : reply["result"]["data"]) {
    seen.push_back({event["type"].asInt(), event["data"].get("state", -1).asInt(),
                    event["data"].get("error", "").asString()});
  }
  return seen;
}

std::vector<int> profile_states(const std::vector<SeenEvent>& seen) {
  std::vector<int> states;
  for (const SeenEvent& event : seen) {
    if (event.type == 60) states.push_back(event.state);
  }
  return states;
}

}  // namespace

TEST_CASE("ASTF mode: api_sync_v2 takes ASTF 2.3 and refuses STL, get_version says ASTF") {
  AstfHarness emu;
  const Json::Value stl =
      emu.call("api_sync_v2", AstfHarness::json(R"({"name":"STL","major":5,"minor":1})"));
  CHECK(error_of(stl) ==
        "RPC configuration mismatch - server RPC configuration: 'ASTF', client RPC "
        "configuration: 'STL'");
  const Json::Value newer =
      emu.call("api_sync_v2", AstfHarness::json(R"({"name":"ASTF","major":2,"minor":9})"));
  CHECK(error_of(newer).starts_with("Version mismatch: your client version is too new"));
  CHECK(emu.call("get_version")["result"]["mode"] == "ASTF");
  std::vector<std::string> names;
  const Json::Value supported = emu.call("get_supported_cmds");
  for (const Json::Value& name : supported["result"]) names.push_back(name.asString());
  CHECK(std::find(names.begin(), names.end(), "profile_fragment") != names.end());
  CHECK(std::find(names.begin(), names.end(), "get_counter_values") != names.end());
  CHECK(std::find(names.begin(), names.end(), "add_stream") == names.end());
  CHECK(emu.call("add_stream")["error"]["message"] == "Method add_stream not registered");
  Json::Value port(Json::objectValue);
  port["port_id"] = 1;
  CHECK(emu.call("get_port_status", port)["result"]["state"] == "IDLE");
}

TEST_CASE("ASTF acquire takes the whole context; others need force; owned commands check it") {
  AstfHarness emu;
  CHECK(error_of(emu.owned("profile_clear")) == "must acquire the context for this operation");
  emu.acquire("alice");
  const std::string alice = emu.handler();
  const Json::Value ports =
      emu.call("acquire", AstfHarness::json(R"({"user":"bob","force":false,"session_id":9})"));
  CHECK(error_of(ports) == "context is already taken (use 'force' argument to override)");
  Json::Value port(Json::objectValue);
  port["port_id"] = 0;
  CHECK(emu.call("get_port_status", port)["result"]["owner"] == "alice");
  emu.acquire("bob", true);
  CHECK(emu.handler() != alice);
  Json::Value stale(Json::objectValue);
  stale["handler"] = alice;
  CHECK(error_of(emu.call("profile_clear", stale)) ==
        "must acquire the context for this operation");
  const Json::Value taken =
      emu.call("acquire", AstfHarness::json(R"({"user":"x","force":true,"session_id":3})"));
  CHECK(taken["result"]["ports"].size() == 2);
  CHECK(taken["result"]["ports"]["1"].isString());
  CHECK(emu.owned("release").isMember("error"));  // the handler changed
}

TEST_CASE("ASTF upload in fragments with md5; the same md5 takes the matches_loaded shortcut") {
  AstfHarness emu;
  emu.acquire();
  const std::string text = astf_fixture("http_simple.json");
  REQUIRE(text.size() > 3000);
  const std::string md5 = md5_hex(text);
  Json::Value first(Json::objectValue);
  first["fragment"] = text.substr(0, 1000);
  first["frag_first"] = true;
  first["md5"] = md5;
  CHECK_FALSE(emu.owned("profile_fragment", first)["result"].isMember("matches_loaded"));
  CHECK(emu.state() == 0);
  CHECK(error_of(emu.start(1, 1)) == "Invalid state: Idle, should be: Loaded profile");
  Json::Value middle(Json::objectValue);
  middle["fragment"] = text.substr(1000, 2000);
  CHECK(emu.owned("profile_fragment", middle)["result"].isObject());
  Json::Value last(Json::objectValue);
  last["fragment"] = text.substr(3000);
  last["frag_last"] = true;
  emu.owned("profile_fragment", last);
  CHECK(emu.state() == 1);
  CHECK(emu.call("get_port_status", AstfHarness::json(R"({"port_id":0})"))["result"]["state"] ==
        "ASTF_LOADED");
  CHECK(emu.owned("profile_fragment", first)["result"]["matches_loaded"] == true);
  CHECK(emu.state() == 1);
  // Without md5 on a first fragment that is not the last: TRex's parser refuses it.
  first.removeMember("md5");
  CHECK(error_of(emu.owned("profile_fragment", first)) == "field 'md5' value is null");
}

TEST_CASE("ASTF start goes PARSE, BUILD, TX, CLEANUP, LOADED in events; epoch grows per start") {
  AstfHarness emu;
  emu.acquire();
  emu.upload(astf_fixture("csit_udp_cps.json"));
  events(emu);
  const Json::Value before = emu.call("sync", AstfHarness::json(R"({"profile_id":"sync"})"));
  REQUIRE(emu.start(1000, 0.5)["result"].isObject());
  CHECK(emu.state() == 2);
  CHECK(emu.run_until(1, 2.0, 0.001));
  const std::vector<SeenEvent> seen = events(emu);
  CHECK(profile_states(seen) == std::vector<int>{2, 3, 4, 5, 1});
  int global_changes = 0;
  for (const SeenEvent& event : seen) global_changes += event.type == 50 ? 1 : 0;
  CHECK(global_changes == 5);
  const Json::Value after = emu.call("sync", AstfHarness::json(R"({"profile_id":"sync"})"));
  CHECK(after["result"]["epoch"].asUInt64() == before["result"]["epoch"].asUInt64() + 1);
  // A second start skips PARSE (the profile was not uploaded again).
  emu.start(1000, 0.2);
  CHECK(emu.run_until(1, 2.0, 0.001));
  CHECK(profile_states(events(emu)) == std::vector<int>{3, 4, 5, 1});
  // stop outside TX is ignored; update needs TX.
  CHECK(emu.owned("stop")["result"].isObject());
  CHECK(error_of(emu.owned("update", AstfHarness::json(R"({"mult":2})"))) ==
        "Invalid state: Loaded profile, should be: Transmitting");
}

TEST_CASE("ASTF profile errors are found at PARSE: the text rides in event 60, back to LOADED") {
  struct Case {
    const char* profile;
    const char* error_start;
  };
  const std::vector<Case> cases{
      {"{\"buf_list\": [", "Profile parsing error: Failed parsing json message : "},
      {R"({"buf_list":[],"ip_gen_dist_list":[],"program_list":[{"commands":[]}]})",
       "Profile parsing error: Validation failed.\nError #1\n  <root> \n    - Missing required "
       "property 'templates'."},
      {R"({"buf_list":[],"ip_gen_dist_list":[{"ip_start":"16.0.0.0","ip_end":"16.0.0.9","ip_offset":"1.0.0.0","dir":"c","distribution":"seq"},{"ip_start":"48.0.0.300","ip_end":"48.0.0.9","ip_offset":"1.0.0.0","dir":"s","distribution":"seq"}],"program_list":[{"commands":[{"name":"connect"}]}],"templates":[{"client_template":{"program_index":0,"port":80,"cps":1,"cluster":{},"ip_gen":{"dist_client":{"index":0},"dist_server":{"index":1}}},"server_template":{"program_index":0,"assoc":[{"port":80}]}}]})",
       "Profile parsing error: Validation failed : Bad IP address 48.0.0.300"},
      {R"({"buf_list":[],"ip_gen_dist_list":[],"program_list":[{"commands":[]}],"templates":[{"client_template":{"program_index":3,"ip_gen":{"dist_client":{"index":0},"dist_server":{"index":1}},"cps":1},"server_template":{"program_index":0}}]})",
       "Profile parsing error: Validation failed : max program index is 3"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.profile);
    AstfHarness emu;
    emu.acquire();
    REQUIRE(emu.upload(c.profile)["result"].isObject());  // never checked at upload
    events(emu);
    emu.start(1, 1);
    CHECK(emu.run_until(1, 1.0, 0.001));
    const std::vector<SeenEvent> seen = events(emu);
    REQUIRE(seen.size() >= 2);
    CHECK(profile_states(seen) == std::vector<int>{2, 1});
    CHECK(seen.back().error == "");
    bool found = false;
    for (const SeenEvent& event : seen) found = found || event.error.starts_with(c.error_start);
    CHECK(found);
  }
  AstfHarness emu;
  emu.acquire();
  std::string low = astf_fixture("csit_udp_cps.json");
  low.replace(low.find("\"cps\": 1"), 8, "\"cps\": 0.25");
  emu.upload(low);
  events(emu);
  emu.start(1, 1);
  emu.run_until(1, 1.0, 0.001);
  const std::vector<SeenEvent> seen = events(emu);
  REQUIRE_FALSE(seen.empty());
  CHECK(seen[seen.size() - 2].error.find("is less than minimum 0.5") != std::string::npos);
}

TEST_CASE("ASTF counter desc: positional ids, separator rows, TRex's info markings") {
  AstfHarness emu;
  const Json::Value desc =
      emu.call("get_counter_desc", AstfHarness::json(R"({"profile_id":"_"})"))["result"];
  CHECK(desc["name"] == "counter desc");
  std::map<std::string, Json::Value> by_name;
  Json::ArrayIndex index = 0;
  for (const Json::Value& row : desc["data"]) {
    CHECK(row["id"].asUInt() == index++);
    for (const char* key : {"id", "name", "help", "units", "zero", "info", "real", "abs"}) {
      CHECK(row.isMember(key));
    }
    if (row["real"].asBool()) by_name[row["name"].asString()] = row;
  }
  CHECK(desc["data"][9]["real"] == false);  // the "-" after the rates
  CHECK(by_name["m_active_flows"]["zero"] == true);
  CHECK(by_name["m_active_flows"]["abs"] == true);
  CHECK(by_name["m_traffic_duration"]["units"] == "sec");
  CHECK(by_name["tcps_rexmttimeo_syn"]["info"] == "error");
  CHECK(by_name["tcps_conndrops"]["info"] == "error");
  CHECK(by_name["udps_keepdrops"]["info"] == "error");
  CHECK(by_name["err_c_nf_throttled"]["info"] == "error");
  CHECK(by_name["tcps_testdrops"]["info"] == "info");
  CHECK(by_name["tcps_drops"]["info"] == "info");
  CHECK(by_name["err_rx_throttled"]["info"] == "info");
  CHECK(by_name.size() == 127);
  // Values: only keep-zero counters before any traffic.
  const Json::Value values =
      emu.call("get_counter_values", AstfHarness::json(R"({"profile_id":"_"})"))["result"];
  CHECK(values["name"] == "counter vals");
  CHECK(values["client"].isMember(by_name["m_active_flows"]["id"].asString()));
  CHECK_FALSE(values["client"].isMember(by_name["tcps_connattempt"]["id"].asString()));
}

TEST_CASE("ASTF restart (SIGHUP): the context is free and the profile gone") {
  AstfHarness emu;
  emu.acquire();
  emu.upload(astf_fixture("csit_udp_cps.json"));
  CHECK(emu.state() == 1);
  emu.astf().restart(trexsearch::measure::Seconds{emu.now_});
  CHECK(emu.state() == 0);
  CHECK(emu.astf().owner().empty());
  CHECK(error_of(emu.owned("profile_clear")) == "must acquire the context for this operation");
}

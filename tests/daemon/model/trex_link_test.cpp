#include <doctest/doctest.h>

#include "daemon/model/trex_link.hpp"

namespace trexsearch::servicetest {

using service::TrexLink;
using service::TrexLinkState;

TEST_CASE("the TRex link goes idle -> connecting -> connected -> idle over a job") {
  TrexLink link("tcp://127.0.0.1:4501");
  CHECK(link.snapshot().state == TrexLinkState::idle);
  CHECK(link.snapshot().endpoint == "tcp://127.0.0.1:4501");
  CHECK_FALSE(link.snapshot().last_contact);

  link.connecting("tcp://10.0.0.1:4501");
  link.retrying("no reply within 3 s");
  // Retries before the first success are still the connection attempt.
  CHECK(link.snapshot().state == TrexLinkState::connecting);
  CHECK(link.snapshot().last_error == "no reply within 3 s");
  link.connected("v3.04");
  auto snapshot = link.snapshot();
  CHECK(snapshot.state == TrexLinkState::connected);
  CHECK(snapshot.endpoint == "tcp://10.0.0.1:4501");
  CHECK(snapshot.trex_version == "v3.04");
  CHECK(snapshot.last_error.empty());
  CHECK(snapshot.last_contact);

  link.released();
  snapshot = link.snapshot();
  CHECK(snapshot.state == TrexLinkState::idle);
  CHECK(snapshot.endpoint == "tcp://127.0.0.1:4501");
  CHECK(snapshot.trex_version == "v3.04");
}

TEST_CASE("a lost link reconnects, counts the recovery, and a give-up stays reported") {
  TrexLink link("tcp://127.0.0.1:4501");
  link.connecting("tcp://127.0.0.1:4501");
  link.connected("v3.03");
  link.retrying("TRex restarted");
  CHECK(link.snapshot().state == TrexLinkState::reconnecting);
  link.contact(1);
  CHECK(link.snapshot().state == TrexLinkState::connected);
  CHECK(link.snapshot().recoveries == 1);
  CHECK(link.snapshot().last_error.empty());

  link.retrying("no reply within 3 s");
  link.failed("cannot reconnect to TRex at tcp://127.0.0.1:4501");
  link.released();
  // The failure is what the operator needs to see until a job reaches TRex again.
  CHECK(link.snapshot().state == TrexLinkState::failed);
  CHECK(link.snapshot().last_error == "cannot reconnect to TRex at tcp://127.0.0.1:4501");
  link.set_default_endpoint("tcp://127.0.0.1:4999");
  CHECK(link.snapshot().endpoint == "tcp://127.0.0.1:4501");
  link.connecting("tcp://127.0.0.1:4999");
  link.connected("v3.03");
  CHECK(link.snapshot().state == TrexLinkState::connected);
  CHECK(link.snapshot().last_error.empty());
}

TEST_CASE("an idle link reports the reloaded default endpoint") {
  TrexLink link("tcp://127.0.0.1:4501");
  link.set_default_endpoint("tcp://127.0.0.1:4999");
  CHECK(link.snapshot().endpoint == "tcp://127.0.0.1:4999");
}

}  // namespace trexsearch::servicetest

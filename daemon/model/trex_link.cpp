#include "daemon/model/trex_link.hpp"

#include <chrono>

namespace trexsearch::service {

std::string_view to_string(TrexLinkState state) {
  switch (state) {
    case TrexLinkState::idle:
      return "idle";
    case TrexLinkState::connecting:
      return "connecting";
    case TrexLinkState::connected:
      return "connected";
    case TrexLinkState::reconnecting:
      return "reconnecting";
    case TrexLinkState::failed:
      return "failed";
  }
  return "unknown";
}

TrexLink::TrexLink(std::string default_endpoint) : default_endpoint_(std::move(default_endpoint)) {
  link_.endpoint = default_endpoint_;
  link_.since = std::chrono::system_clock::now();
}

void TrexLink::enter(TrexLinkState state) {
  if (link_.state != state) link_.since = std::chrono::system_clock::now();
  link_.state = state;
}

void TrexLink::set_default_endpoint(std::string endpoint) {
  std::lock_guard lock(mutex_);
  default_endpoint_ = std::move(endpoint);
  if (link_.state == TrexLinkState::idle) link_.endpoint = default_endpoint_;
}

void TrexLink::connecting(const std::string& endpoint) {
  std::lock_guard lock(mutex_);
  link_.endpoint = endpoint;
  enter(TrexLinkState::connecting);
}

void TrexLink::connected(const std::string& trex_version) {
  std::lock_guard lock(mutex_);
  link_.trex_version = trex_version;
  link_.last_contact = std::chrono::system_clock::now();
  link_.last_error.clear();
  enter(TrexLinkState::connected);
}

void TrexLink::contact(std::uint64_t recoveries) {
  std::lock_guard lock(mutex_);
  link_.recoveries += recoveries;
  link_.last_contact = std::chrono::system_clock::now();
  if (link_.state == TrexLinkState::reconnecting) {
    link_.last_error.clear();
    enter(TrexLinkState::connected);
  }
}

void TrexLink::retrying(const std::string& reason) {
  std::lock_guard lock(mutex_);
  link_.last_error = reason;
  // Retries while first connecting stay `connecting`; later ones are reconnects.
  if (link_.state == TrexLinkState::connected) {
    enter(TrexLinkState::reconnecting);
  }
}

void TrexLink::failed(const std::string& reason) {
  std::lock_guard lock(mutex_);
  link_.last_error = reason;
  enter(TrexLinkState::failed);
}

void TrexLink::released() {
  std::lock_guard lock(mutex_);
  // A failed link stays reported as such until a job reaches TRex again.
  if (link_.state == TrexLinkState::failed) return;
  link_.endpoint = default_endpoint_;
  enter(TrexLinkState::idle);
}

TrexLinkSnapshot TrexLink::snapshot() const {
  std::lock_guard lock(mutex_);
  return link_;
}

}  // namespace trexsearch::service

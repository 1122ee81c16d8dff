#pragma once

// API-internal: the requests of one exchange and, after TrexApi::send(), their replies.
// Shared by trex_api.cpp, trex_api_stats.cpp and astf_api.cpp (TrexApi's friend),
// nothing else.

#include <string>
#include <vector>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/codec/reply_codec.hpp"
#include "trex_client/transport/trex_error.hpp"

namespace trexsearch::trex {

struct TrexApi::Batch {
  std::vector<codec::SentRequest> sent;
  std::vector<std::string> texts;
  std::vector<codec::ReplyElement> replies;

  void add(std::string method, std::string id, std::string text) {
    sent.push_back({std::move(method), std::move(id)});
    texts.push_back(std::move(text));
  }
  const codec::ReplyElement& reply(std::size_t i) const { return replies.at(i); }
  std::size_t size() const { return sent.size(); }
};

/// TRex's "busy" answer (-32001 "Try again later"): the command it names did not run.
bool is_busy_reply(const TrexError& error);

}  // namespace trexsearch::trex

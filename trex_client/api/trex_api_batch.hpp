#pragma once

// API-internal: the requests of one exchange and, after TrexApi::send(), their replies.
// Shared by trex_api.cpp and astf_api.cpp (TrexApi's friend), nothing else.

#include <string>
#include <vector>

#include "trex_client/api/trex_api.hpp"
#include "trex_client/codec/reply_codec.hpp"

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

}  // namespace trexsearch::trex

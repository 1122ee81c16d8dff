#include "tests/trex_client/scripted_server.hpp"

#include <zmq.h>

#include <array>
#include <stdexcept>
#include <vector>

ScriptedServer::ScriptedServer(Script script) : script_(std::move(script)) {
  context_ = zmq_ctx_new();
  socket_ = zmq_socket(context_, ZMQ_ROUTER);
  int linger = 0;
  zmq_setsockopt(socket_, ZMQ_LINGER, &linger, sizeof linger);
  if (zmq_bind(socket_, "tcp://127.0.0.1:*") != 0) throw std::runtime_error("bind failed");
  std::array<char, 256> buffer{};
  std::size_t size = buffer.size();
  zmq_getsockopt(socket_, ZMQ_LAST_ENDPOINT, buffer.data(), &size);
  endpoint_ = buffer.data();
  thread_ = std::thread([this] { run(); });
}

ScriptedServer::~ScriptedServer() {
  stop_ = true;
  thread_.join();
  zmq_close(socket_);
  zmq_ctx_term(context_);
}

void ScriptedServer::run() {
  while (!stop_) {
    zmq_pollitem_t item{socket_, 0, ZMQ_POLLIN, 0};
    if (zmq_poll(&item, 1, 5) <= 0) continue;
    // ROUTER framing from a REQ peer: identity, empty delimiter, payload.
    std::vector<std::string> parts;
    int more = 1;
    while (more != 0) {
      zmq_msg_t msg;
      zmq_msg_init(&msg);
      zmq_msg_recv(&msg, socket_, 0);
      parts.emplace_back(static_cast<const char*>(zmq_msg_data(&msg)), zmq_msg_size(&msg));
      more = zmq_msg_more(&msg);
      zmq_msg_close(&msg);
    }
    if (parts.size() < 3) continue;
    ++requests_;
    const std::optional<std::string> reply = script_(parts.back());
    if (!reply) continue;
    zmq_send(socket_, parts[0].data(), parts[0].size(), ZMQ_SNDMORE);
    zmq_send(socket_, "", 0, ZMQ_SNDMORE);
    zmq_send(socket_, reply->data(), reply->size(), 0);
  }
}

#include "daemon/dispatch/peer_credentials.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

namespace trexsearch::service {

std::string PeerCredentials::describe() const {
  return "uid " + std::to_string(uid) + " gid " + std::to_string(gid) + " pid " +
         std::to_string(pid);
}

std::optional<PeerCredentials> read_peer_credentials(int socket_fd) {
  ucred credentials{};
  socklen_t length = sizeof credentials;
  if (::getsockopt(socket_fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0 ||
      length != sizeof credentials) {
    return std::nullopt;
  }
  PeerCredentials peer;
  peer.pid = credentials.pid;
  peer.uid = credentials.uid;
  peer.gid = credentials.gid;
#ifdef SO_PEERGROUPS
  // Supplementary groups matter: users are usually in the control group as a
  // secondary group. The kernel says how much room it needs when it gets too little.
  std::vector<gid_t> groups(16);
  socklen_t bytes = static_cast<socklen_t>(groups.size() * sizeof(gid_t));
  if (::getsockopt(socket_fd, SOL_SOCKET, SO_PEERGROUPS, groups.data(), &bytes) != 0 &&
      errno == ERANGE) {
    groups.resize(bytes / sizeof(gid_t));
    bytes = static_cast<socklen_t>(groups.size() * sizeof(gid_t));
    if (::getsockopt(socket_fd, SOL_SOCKET, SO_PEERGROUPS, groups.data(), &bytes) != 0) {
      bytes = 0;
    }
  }
  groups.resize(bytes / sizeof(gid_t));
  peer.groups = std::move(groups);
#endif
  return peer;
}

bool AccessPolicy::may_modify(const PeerCredentials& peer) const {
  if (peer.uid == 0 || peer.uid == daemon_uid_) return true;
  if (!control_group_) return false;
  return peer.gid == *control_group_ ||
         std::find(peer.groups.begin(), peer.groups.end(), *control_group_) != peer.groups.end();
}

std::string AccessPolicy::describe() const {
  std::string text = "root";
  if (daemon_uid_ != 0) text += ", uid " + std::to_string(daemon_uid_);
  if (control_group_) text += " and members of group " + std::to_string(*control_group_);
  return text;
}

}  // namespace trexsearch::service

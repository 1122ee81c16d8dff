#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace trexsearch::service {

/// Who is on the other end of a Unix socket, as the kernel says (SO_PEERCRED,
/// SO_PEERGROUPS): what the access checks use, never anything the peer claims.
struct PeerCredentials {
  pid_t pid = 0;
  uid_t uid = 0;
  gid_t gid = 0;
  /// Supplementary groups (SO_PEERGROUPS); may be empty on old kernels.
  std::vector<gid_t> groups;

  /// "uid 1000 gid 1000 pid 4242".
  std::string describe() const;
};

/// The credentials of a connected Unix socket's peer; nullopt when the kernel
/// does not give them (then the peer is treated as unprivileged).
std::optional<PeerCredentials> read_peer_credentials(int socket_fd);

/// Who may change things (submit, cancel): root, the daemon's own user, and
/// members of the control group. Anyone who can connect may read.
class AccessPolicy {
 public:
  AccessPolicy(uid_t daemon_uid, std::optional<gid_t> control_group)
      : daemon_uid_(daemon_uid), control_group_(control_group) {}

  bool may_modify(const PeerCredentials& peer) const;
  /// For error messages: "root, uid 998 and members of group 997".
  std::string describe() const;

 private:
  uid_t daemon_uid_;
  std::optional<gid_t> control_group_;
};

}  // namespace trexsearch::service

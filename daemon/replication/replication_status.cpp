#include "daemon/replication/replication_status.hpp"

namespace trexsearch::service {
namespace {

std::optional<std::string> utc_of(const std::optional<WallTime>& time) {
  if (!time) return std::nullopt;
  return format_utc(*time);
}

std::optional<std::string> unless_empty(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

protocol::StatusReply::Replication status_reply_of(const ReplicationStatus& status) {
  return {status.target,
          status.tester,
          status.connected,
          status.rows_behind,
          status.jobs_behind,
          status.rows_sent,
          status.errors,
          utc_of(status.last_success),
          unless_empty(status.last_error),
          utc_of(status.last_error_at)};
}

}  // namespace trexsearch::service

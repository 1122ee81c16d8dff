#pragma once

#include "daemon/jobs/job_store_access.hpp"
#include "daemon/protocol/replies/suite_replies.hpp"

namespace trexsearch::service {

/// A suite with its jobs as `show_suite` states it (docs/socket-api.md): each job's
/// stored result without its trials (`show JOB` lists them) and how many of them carry
/// notes, and the line rate its spec gives. A codec because it reads the stored result
/// and spec (JSON); the protocol's codec then writes the reply.
protocol::ShowSuiteReply show_suite_reply_of(const SuiteDetails& details);

}  // namespace trexsearch::service

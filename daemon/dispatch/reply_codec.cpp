#include "daemon/dispatch/reply_codec.hpp"

#include "daemon/dispatch/job_summary.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/replies/job_progress_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"

namespace trexsearch::service {

Json::Value encode_job_record(const JobRecord& record) {
  return protocol::encode_job_summary(job_summary(record));
}

Json::Value encode_progress(const JobProgress& progress) {
  return protocol::encode_job_progress(progress_of(progress));
}

}  // namespace trexsearch::service

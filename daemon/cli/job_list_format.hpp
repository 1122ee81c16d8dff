#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::cli {

/// `list` for people: one row per job: id, state, method, measurer, trials,
/// created, name.
std::string format_job_list(const Json::Value& jobs);

}  // namespace trexsearch::cli

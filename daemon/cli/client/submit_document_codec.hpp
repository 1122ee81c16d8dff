#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "daemon/protocol/document.hpp"

namespace trexsearch::cli {

// The documents `trex-search submit` sends (docs/socket-api.md `submit`,
// docs/suites.md), made from the user's files and options. The daemon never opens
// a file a client names, so traffic profile paths go as the files' contents; the
// files are read by the caller's reader, this only decodes and encodes.

/// A traffic profile file as read: its text and where it came from (its absolute
/// path, the job's `profile_source`).
struct ProfileFile {
  std::string text;
  std::string source;
};
/// Reads the traffic profile file at a path (profile_file.hpp).
using ProfileReader = std::function<ProfileFile(const std::string& path)>;

/// When `job` (submit arguments) has a `trex` measurer whose `profile` is a path,
/// that path replaced by the file's contents, with `profile_source` its absolute
/// path. Anything else is left for the daemon to judge. BadInputError when the
/// profile is not JSON.
protocol::Document inline_trex_profile(const protocol::Document& job, const ProfileReader& read);

/// `job` (submit arguments) with its `testbed` set to `testbed` (`--testbed`), replacing
/// any the job file gave; UsageError when the job is not a JSON object.
protocol::Document with_testbed(const protocol::Document& job, const std::string& testbed);

/// A suite (`name` its file's name in errors) with its job's profile and each of
/// its `profiles` inlined likewise; UsageError when it is not a JSON object.
protocol::Document inline_suite_profiles(const protocol::Document& suite, const std::string& name,
                                         const ProfileReader& read);

/// `--sut` or `--measurer-cmd` and their options, as checked by the command.
struct MeasurerOptions {
  /// "sim" (--sut MODEL) or "exec" (--measurer-cmd CMD).
  std::string kind;
  std::string model;
  std::map<std::string, double> sut_options;
  std::optional<std::uint64_t> seed;
  std::optional<double> trial_overhead;
  std::string command;
  std::optional<double> reply_timeout_margin;
  /// "virtual" or "real"; absent: the kind's default.
  std::optional<std::string> time;
};

/// A job made from the command line: `--spec` (parsed), the measurer, `--method`,
/// `--name`, `--profile`.
struct JobOptions {
  protocol::Document spec;
  MeasurerOptions measurer;
  std::string method;
  std::optional<std::string> name;
  std::optional<std::string> profile;
};

/// The submit arguments `{"spec", "measurer", "method", "name"?, "profile"?}`.
protocol::Document encode_submit_arguments(const JobOptions& job);

}  // namespace trexsearch::cli

#include "daemon/cli/command_reference.hpp"

#include <sstream>

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

/// Text for one Markdown table cell or paragraph: `*` and `|` would be read as
/// emphasis and cell borders (also in a code span inside a table).
std::string markdown_text(const std::string& text, bool one_line) {
  std::string escaped;
  for (const char c : text) {
    if (c == '*' || c == '|') escaped += '\\';
    escaped += (one_line && c == '\n') ? ' ' : c;
  }
  return escaped;
}

/// "`-o FILE`, `--output FILE`" and the default ("" when there is none), from what
/// the help prints as "-o [ --output ] FILE (=x)".
std::pair<std::string, std::string> option_cells(const po::option_description& option) {
  std::string parameter = option.format_parameter();
  std::string default_value;
  const auto open = parameter.find(" (=");
  if (open != std::string::npos) {
    default_value = parameter.substr(open + 3, parameter.size() - open - 4);
    parameter.resize(open);
  } else if (parameter.starts_with("(=")) {
    default_value = parameter.substr(2, parameter.size() - 3);
    parameter.clear();
  }
  const std::string suffix = parameter.empty() ? "" : " " + parameter;
  const std::string long_name = "`--" + option.long_name() + suffix + "`";
  const std::string short_name =
      option.canonical_display_name(po::command_line_style::allow_dash_for_short);
  if (short_name.size() == 2 && short_name[0] == '-' && short_name != "--") {
    return {"`" + short_name + suffix + "`, " + long_name, default_value};
  }
  return {long_name, default_value};
}

void write_options(std::ostream& text, const po::options_description& options) {
  text << "| option | default | meaning |\n| --- | --- | --- |\n";
  for (const auto& option : options.options()) {
    const auto [names, default_value] = option_cells(*option);
    text << "| " << markdown_text(names, true) << " | " << markdown_text(default_value, true)
         << " | " << markdown_text(option->description(), true) << " |\n";
  }
}

void write_command(std::ostream& text, const CommandEntry& entry) {
  text << "\n### `trex-search " << entry.name << "`\n\n"
       << markdown_text(std::string(entry.summary), true) << ".\n\n```\n"
       << entry.usage << "\n```\n\n"
       << markdown_text(std::string(entry.description), false) << "\n\n";
  const po::options_description options = entry.options();
  if (!options.options().empty()) write_options(text, options);
  if (entry.run == nullptr) {
    text << (options.options().empty() ? "Options: " : "\nAnd ")
         << "the [connection options](#connection-options).\n";
  }
}

}  // namespace

std::string command_reference_markdown(std::span<const CommandEntry* const> commands) {
  std::ostringstream text;
  text << kReferenceBegin << "\n\n## Command reference\n\n"
       << "Each command's `--help`, from the same table (daemon/cli/command_table.cpp).\n"
       << "\n### Connection options\n\nEvery command that talks to trex-searchd takes these; "
       << "they may also come before the command (`trex-search --socket PATH --json status`).\n\n";
  write_options(text, client_options());
  for (const CommandEntry* entry : commands) write_command(text, *entry);
  text << "\n" << kReferenceEnd << "\n";
  return text.str();
}

}  // namespace trexsearch::cli

#include "daemon/cli/command/safe_output.hpp"

#include "daemon/codec/display_text.hpp"

namespace trexsearch::cli {

EscapingStreambuf::~EscapingStreambuf() { emit(true); }

void EscapingStreambuf::write_raw(std::string_view sequence) {
  emit(true);
  target_->sputn(sequence.data(), static_cast<std::streamsize>(sequence.size()));
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  pending_ += traits_type::to_char_type(ch);
  if (pending_.back() == '\n') emit(false);
  return ch;
}

std::streamsize EscapingStreambuf::xsputn(const char* text, std::streamsize count) {
  pending_.append(text, static_cast<std::size_t>(count));
  emit(false);
  return count;
}

int EscapingStreambuf::sync() {
  emit(true);
  return target_->pubsync();
}

void EscapingStreambuf::emit(bool everything) {
  const std::size_t end = everything ? pending_.size() : pending_.rfind('\n') + 1;
  if (end == 0 || pending_.empty()) return;  // (rfind gave npos: no whole line yet)
  const std::string escaped =
      codec::escape_control_characters(std::string_view(pending_).substr(0, end), true);
  target_->sputn(escaped.data(), static_cast<std::streamsize>(escaped.size()));
  pending_.erase(0, end);
}

EscapedOutput::EscapedOutput(std::ostream& stream)
    : stream_(stream), original_(stream.rdbuf()), escaping_(original_) {
  stream_.rdbuf(&escaping_);
}

EscapedOutput::~EscapedOutput() {
  stream_.flush();
  stream_.rdbuf(original_);
}

void write_terminal_control(std::ostream& out, std::string_view sequence) {
  if (auto* escaping = dynamic_cast<EscapingStreambuf*>(out.rdbuf())) {
    escaping->write_raw(sequence);
  } else {
    out << sequence;
  }
}

}  // namespace trexsearch::cli

#include "pipeline/input/inputs.h"

#include <algorithm>
#include <cstring>
#include <system_error>
#include <utility>

namespace bpgn {

std::string input_label(std::string_view file) { return file == "-" ? "standard input" : std::string(file); }

InputStreams::InputStreams(std::vector<std::string> files, std::vector<FailureAt> failures)
    : files_(std::move(files)), failures_(std::move(failures)) {}

InputStreams InputStreams::of_text(std::string name, std::string text) {
  InputStreams s;
  s.files_.push_back(std::move(name));
  s.text_ = std::move(text);
  return s;
}

InputStreams::~InputStreams() = default;
InputStreams::InputStreams(InputStreams&&) noexcept = default;
InputStreams& InputStreams::operator=(InputStreams&&) noexcept = default;

InputStreams::Step InputStreams::next() {
  fresh_ = false;
  for (;;) {
    if (open_) {
      try {
        if (open_->next_member()) {
          file_ = open_->member_name();
          fresh_ = true;
          return Step::Stream;
        }
      } catch (const std::system_error& e) {  // named as the archive names the member it could not read
        failure_ = InputFailure{open_->member_name(), read_failure_text(e)};
        open_.reset();
        return Step::Failure;
      }
      open_.reset();
    }
    if (next_failure_ < failures_.size() && failures_[next_failure_].before <= next_file_) {
      failure_ = failures_[next_failure_++].failure;
      return Step::Failure;
    }
    if (next_file_ == files_.size()) return Step::End;
    input_ = next_file_++;
    if (text_) {
      file_ = files_[input_];
      fresh_ = true;
      return Step::Stream;
    }
    try {
      open_ = std::make_unique<InputFile>(files_[input_]);
    } catch (const std::system_error& e) {
      failure_ = InputFailure{files_[input_], read_failure_text(e)};
      return Step::Failure;
    }
  }
}

Packing InputStreams::packing() const { return open_ ? open_->packing() : Packing::Plain; }

std::size_t InputStreams::read(char* buffer, std::size_t size) {
  fresh_ = false;
  if (open_) return open_->read(buffer, size);
  if (!text_) return 0;
  const std::size_t n = std::min(size, text_->size() - text_at_);
  std::memcpy(buffer, text_->data() + text_at_, n);
  text_at_ += n;
  return n;
}

const InputFailure& InputStreams::fail(const std::exception& e) {
  const auto* system = dynamic_cast<const std::system_error*>(&e);
  failure_ = InputFailure{file_, system ? read_failure_text(*system) : std::string(e.what()), true};
  leave();
  return failure_;
}

void InputStreams::leave() {
  open_.reset();
  fresh_ = false;
  if (text_) text_at_ = text_->size();
}

}  // namespace bpgn

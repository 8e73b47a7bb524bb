#include "pipeline/output/run_outputs.h"

#include "io/compressed_output.h"
#include "io/commit/temp_files.h"
#include "text/visible_text.h"

#include <ostream>

namespace bpgn {

RunOutput::RunOutput(const std::string& path, std::ostream& standard_output)
    : standard_output_(standard_output) {
  if (path.empty() || path == "-") {
    name_ = "standard output";
    return;
  }
  name_ = path;
  file_ = std::make_unique<AtomicFile>(path);
  if (!file_->opened()) {
    error_ = file_->error();
    return;
  }
  if (auto compression = compression_for_name(path)) {
    compressed_ = std::make_unique<CompressingStream>(file_->stream(), *compression);
  }
}

RunOutput::~RunOutput() = default;

bool RunOutput::opened() const { return !file_ || file_->opened(); }

std::ostream& RunOutput::stream() {
  if (compressed_) return compressed_->stream();
  return file_ ? file_->stream() : standard_output_;
}

bool RunOutput::finish() {
  if (!error_.empty()) return false;
  if (compressed_ && !compressed_->finish()) {
    file_->discard();
    error_ = "cannot write " + shown_path(name_) + ": the compressor failed; it is left as it was";
    return false;
  }
  if (file_) {
    if (!file_->finish()) error_ = file_->error();
    return error_.empty();
  }
  standard_output_.flush();
  if (!standard_output_) error_ = "cannot write standard output";
  return error_.empty();
}

bool RunOutput::commit() {
  if (!finish()) return false;
  if (file_ && !file_->commit()) error_ = file_->error();
  written_ = error_.empty();
  return written_;
}

void RunOutput::discard() {
  if (file_) file_->discard();
}

bool RunOutput::replaces_a_file() const { return file_ && !file_->temp_path().empty(); }

const std::string& RunOutput::error() const { return error_; }

OutputGroup::OutputGroup(std::string_view command, std::ostream& standard_output)
    : command_(command), standard_output_(standard_output) {}

OutputGroup::~OutputGroup() = default;  // each AtomicFile not committed removes its temporary file

RunOutput* OutputGroup::open(const std::string& path, std::ostream& err) {
  auto output = std::make_unique<RunOutput>(path, standard_output_);
  if (!output->opened()) {
    err << "bpgn " << command_ << ": " << output->error() << '\n';
    discard();
    return nullptr;
  }
  outputs_.push_back(std::move(output));
  return outputs_.back().get();
}

void OutputGroup::discard() {
  for (const auto& o : outputs_) o->discard();
}

void OutputGroup::withhold(const RunOutput* output) {
  for (auto it = outputs_.begin(); it != outputs_.end(); ++it) {
    if (it->get() != output) continue;
    (*it)->discard();
    outputs_.erase(it);
    return;
  }
}

namespace {

std::string list_of(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + shown_path(n);
  return text;
}

}  // namespace

bool OutputGroup::commit(std::ostream& err, bool run_whole) {
  // Everything that can fail while writing fails here, before any file is renamed.
  bool whole = run_whole;
  std::vector<std::string> failed;  // said already
  for (const auto& o : outputs_) {
    if (!o->finish()) {
      err << "bpgn " << command_ << ": " << o->error() << '\n';
      whole = false;
      failed.push_back(o->name());
    }
  }
  std::vector<std::string> written, not_written;
  if (whole) {
    const SignalsHeld held;  // a signal now takes effect once every file is renamed
    for (const auto& o : outputs_) {
      if (!o->replaces_a_file()) {  // standard output, a device: written through already
        o->commit();
        continue;
      }
      if (!not_written.empty()) {
        o->discard();
      } else if (!o->commit()) {
        err << "bpgn " << command_ << ": " << o->error() << '\n';
        failed.push_back(o->name());
      } else {
        written.push_back(o->name());
        continue;
      }
      not_written.push_back(o->name());
    }
  } else {
    for (const auto& o : outputs_) {
      if (o->replaces_a_file()) {
        o->discard();
        not_written.push_back(o->name());
      } else {
        o->commit();
      }
    }
  }
  // One file that said its own failure needs no more words.
  // (Otherwise: "outputs not written: a, b (each left as it was)", "output written: a; not written: b (left as it was)".)
  const bool said = written.empty() && not_written.size() == 1 && failed.size() == 1 && failed[0] == not_written[0];
  if (!not_written.empty() && !said) {
    const bool one = not_written.size() == 1;
    err << "bpgn " << command_ << ": ";
    if (!written.empty()) err << (written.size() == 1 ? "output" : "outputs") << " written: " << list_of(written) << "; ";
    err << (written.empty() ? (one ? "output " : "outputs ") : "") << "not written: " << list_of(not_written)
        << (one ? " (left as it was)\n" : " (each left as it was)\n");
  }
  return whole && not_written.empty();
}

}  // namespace bpgn

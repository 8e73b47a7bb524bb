#include "cli/summary_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "cli/output_file.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace bpgn {

void merge_summary(nlohmann::ordered_json& total, const nlohmann::ordered_json& part, const std::string& where) {
  if (total.is_null()) {
    total = part;
    return;
  }
  if (part.is_number_unsigned() && total.is_number_unsigned()) {
    total = total.get<std::uint64_t>() + part.get<std::uint64_t>();
  } else if (part.is_number() && total.is_number()) {
    total = total.get<double>() + part.get<double>();
  } else if (part.is_object() && total.is_object()) {
    for (const auto& [key, value] : part.items()) merge_summary(total[key], value, where + "/" + key);
  } else if (part.is_string() && (total.is_string() || total.is_array())) {
    if (total.is_string()) {
      if (total == part) return;
      total = nlohmann::ordered_json::array({total});
    }
    for (const auto& v : total)
      if (v == part) return;
    total.push_back(part);
  } else if (part.is_array() && total.is_array()) {
    for (const auto& v : part) merge_summary(total, v, where);
  } else if (!(part == total)) {
    throw std::invalid_argument("the summaries disagree on the kind of " + (where.empty() ? "/" : where));
  }
}

int run_summary_merge(const SummaryMergeConfig& config, std::ostream& out, std::ostream& err) {
  try {
    FileClaims claims;  // the merged summary is never written onto one of the summaries it adds up
    claims.inputs(config.files);
    claims.output(config.output, "-o");
  } catch (const UsageError& e) {
    err << "bpgn summary merge: " << e.what() << "\n";
    return kExitUsage;
  }
  nlohmann::ordered_json total;
  std::size_t parts = 0;
  for (const std::string& file : config.files) {
    std::ifstream in_file;
    std::istream* in = &std::cin;
    if (file != "-") {
      in_file.open(file);
      if (!in_file) {
        err << "bpgn summary merge: cannot read " << file << "\n";
        return kExitIo;
      }
      in = &in_file;
    }
    std::string line;
    std::size_t number = 0;
    while (std::getline(*in, line)) {
      ++number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {
        const auto part = nlohmann::ordered_json::parse(line);
        if (!part.is_object()) throw std::invalid_argument("not a JSON object");
        merge_summary(total, part);
        ++parts;
      } catch (const std::exception& e) {
        err << "bpgn summary merge: " << (file == "-" ? "standard input" : file) << ":" << number
            << ": not a summary: " << e.what() << "\n";
        return kExitInvalid;
      }
    }
  }
  if (parts == 0) {
    err << "bpgn summary merge: no summary read\n";
    return kExitInvalid;
  }
  total["summaries_merged"] = parts;
  OutputGroup outputs("summary merge", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  output->stream() << total.dump() << "\n";
  if (!outputs.commit(err)) return kExitIo;
  return kExitClean;
}

void add_summary_command(CLI::App& app, CommandAction& action) {
  CLI::App* summary = app.add_subcommand("summary", "Work with the --summary-json files of check runs");
  summary->require_subcommand(1);
  auto config = std::make_shared<SummaryMergeConfig>();
  CLI::App* merge = summary->add_subcommand(
      "merge", "Add up --summary-json files (runs over shards of a corpus) into one summary, as one run would give");
  merge->add_option("files", config->files, "Summary files, one JSON object per line ('-': standard input)")
      ->required();
  merge->add_option("-o,--output", config->output, "Write the merged summary to FILE instead of standard output");
  merge->callback([config, &action] { action = [config] { return run_summary_merge(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn

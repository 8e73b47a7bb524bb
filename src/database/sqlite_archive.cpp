#include "database/sqlite_archive.h"

#include "database/schema.h"
#include "io/commit/output_path.h"
#include "io/commit/temp_files.h"
#include "io/commit/temporary.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace bpgn::db {
namespace {

// The store of the waiting rows' text (SqliteWriter::text_).
constexpr std::size_t kTextBytes = 64 * 1024;

// The schema's CREATE TABLE statements and its CREATE INDEX statements apart: a new archive gets
// its indexes (but the fingerprint's, which adding a game asks) after its rows, which is faster.
struct SchemaSql {
  std::string tables;
  std::string fingerprint_index;
  std::string indexes;
};

SchemaSql schema_sql(int version) {
  SchemaSql out;
  const bool packed = version >= kArchiveVersion;
  std::istringstream lines(create_statements(SqlDialect::Sqlite, true, packed) +
                           (packed ? packed_plies_statements(true) : std::string()));
  std::string line;
  while (std::getline(lines, line)) {
    const bool index = line.starts_with("CREATE INDEX") || line.starts_with("CREATE UNIQUE INDEX");
    std::string& to = !index ? out.tables : line.find("games_fingerprint") != std::string::npos ? out.fingerprint_index
                                                                                              : out.indexes;
    to += line;
    to += '\n';
  }
  return out;
}

bool exists_nonempty(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 && (!S_ISREG(st.st_mode) || st.st_size > 0);
}

}  // namespace

int archive_schema_version(sqlite3* db, const std::string& path) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &stmt, nullptr);
  if (rc == SQLITE_NOTADB)
    throw ArchiveError(kArchiveExitIo, fmt::format("{} is not an SQLite database (a file bpgn did not write?)", shown_path(path)));
  if (rc != SQLITE_OK) {
    const std::string why = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    if (why.starts_with("no such table"))
      throw ArchiveError(kArchiveExitUsage, fmt::format("{} is an SQLite database but not a bpgn archive (it has no meta table)", shown_path(path)));
    throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(path), why));
  }
  std::string version;
  const int step = sqlite3_step(stmt);
  if (step == SQLITE_ROW && sqlite3_column_text(stmt, 0))
    version = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  const std::string why = sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  if (step != SQLITE_ROW && step != SQLITE_DONE) throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(path), why));
  if (version == std::to_string(kArchiveVersionRowPlies)) return kArchiveVersionRowPlies;
  if (version == std::to_string(kArchiveVersion)) return kArchiveVersion;
  throw ArchiveError(kArchiveExitIo, fmt::format("{} is a bpgn archive of schema version {}, which this bpgn does not know "
                                          "(it reads and writes versions {} and {}): a newer bpgn wrote it",
                                          shown_path(path), version.empty() ? "(none)" : visible_text(version),
                                          kArchiveVersionRowPlies, kArchiveVersion));
}


std::string why_not_one_sql_expression(std::string_view clause) {
  int depth = 0;
  for (std::size_t i = 0; i < clause.size(); ++i) {
    const char c = clause[i];
    const char next = i + 1 < clause.size() ? clause[i + 1] : '\0';
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      // A string literal or a quoted name: its own closing character, doubled inside ('it''s'),
      // ends it; [name] has no escape.
      const char close = c == '[' ? ']' : c;
      std::size_t j = i + 1;
      for (;; ++j) {
        if (j >= clause.size()) return fmt::format("the quote {} at byte {} is not closed", c, i + 1);
        if (clause[j] != close) continue;
        if (close != ']' && j + 1 < clause.size() && clause[j + 1] == close) {
          ++j;
          continue;
        }
        break;
      }
      i = j;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (--depth < 0) return fmt::format("the ')' at byte {} closes a parenthesis it did not open", i + 1);
    } else if (c == ';') {
      return fmt::format("the ';' at byte {} would end the statement", i + 1);
    } else if ((c == '-' && next == '-') || (c == '/' && next == '*')) {
      return fmt::format("the comment {}{} at byte {} would swallow what follows", c, next, i + 1);
    }
  }
  if (depth > 0) return fmt::format("{} '(' {} not closed", depth, depth == 1 ? "is" : "are");
  return {};
}

SqliteWriter::SqliteWriter(const std::string& path, std::optional<int> version) : path_(path) {
  if (version && *version != kArchiveVersion && *version != kArchiveVersionRowPlies)
    throw ArchiveError(kArchiveExitUsage, fmt::format("--archive-version is {} or {}, not {}", kArchiveVersionRowPlies,
                                               kArchiveVersion, *version));
  version_ = version.value_or(kArchiveVersion);
  // A destructor does not run for a constructor that throws: what open() took is released here.
  try {
    open(version.has_value());
  } catch (...) {
    release();
    throw;
  }
}

void SqliteWriter::open(bool version_asked) {
  // The one resolution of an output path: a symbolic link is kept, the archive it names written
  // (made when the link dangles). An archive is a regular file that SQLite writes in place.
  const OutputPath resolved = resolve_output_path(path_);
  if (!resolved.error.empty())
    throw ArchiveError(kArchiveExitIo, fmt::format("cannot write {}: {}", shown_path(path_), resolved.error));
  if (resolved.kind == OutputPath::Kind::Folder)
    throw ArchiveError(kArchiveExitUsage, fmt::format("{} is a folder; an archive is a file (-o ARCHIVE.db)", shown_path(path_)));
  if (resolved.kind == OutputPath::Kind::Device)
    throw ArchiveError(kArchiveExitUsage, fmt::format("{} is not a regular file (a device, a FIFO or a socket); an archive is "
                                               "a file SQLite writes in place (-o ARCHIVE.db)",
                                               shown_path(path_)));
  written_ = resolved.written;
  appending_ = exists_nonempty(written_);
  file_ = written_;
  if (!appending_) {
    // Created exclusively, named and removed as every output's (io/commit/temporary.h).
    const Temporary temp = make_temporary(written_, [&](const std::string& name) {
      const int fd = ::open((file_ = name).c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
      return fd < 0 ? errno : (::close(fd), 0);
    });
    if (temp.path.empty()) throw ArchiveError(kArchiveExitIo, fmt::format("cannot create {}: {}", shown_path(file_), std::strerror(temp.error)));
    temp_slot_ = temp.slot;
  }
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(file_.c_str(), &db_, flags, nullptr) != SQLITE_OK) fail("open");
  // Another run adding to the archive holds it to its end: wait for it a while, not fail at once.
  sqlite3_busy_timeout(db_, kArchiveBusyMilliseconds);
  if (appending_) {
    const int found = archive_schema_version(db_, path_);
    if (version_asked && found != version_)
      throw ArchiveError(kArchiveExitUsage, fmt::format("{} is an archive of schema version {}: games are added to it in its "
                                                 "own layout, so --archive-version {} does not apply (bpgn convert "
                                                 "--from sqlite --to sqlite -o NEW.db {} copies it into a new archive)",
                                                 shown_path(path_), found, version_, shown_path(path_)));
    version_ = found;
  }
  // The run holds the archive alone (the exclusive locking mode), and its page cache from batch to
  // batch (else every commit drops it and the next batch reads the pages again): a bounded 16 MB,
  // whatever the games.
  if (appending_) {
    // The write lock first, waited for in the normal locking mode, where a try that fails gives
    // back the read lock it took: in the exclusive mode it keeps it, and two runs each holding one
    // waited for each other until the busy timeout (ArchiveLock.TwoConcurrentAppendsBothAddTheir
    // Games, once in a loaded run). The exclusive mode set inside the transaction keeps the lock
    // after the COMMIT, to the end of the run.
    exec("BEGIN EXCLUSIVE");
    exec("PRAGMA locking_mode = EXCLUSIVE");
    exec("COMMIT");
  } else {
    exec("PRAGMA locking_mode = EXCLUSIVE");
  }
  exec("PRAGMA cache_size = -16384");
  if (appending_) {
    exec("PRAGMA synchronous = NORMAL");
    sqlite3_stmt* max = prepare("SELECT COALESCE(MAX(id), 0) FROM games");
    if (sqlite3_step(max) != SQLITE_ROW) {
      sqlite3_finalize(max);
      fail("read");
    }
    next_id_ = sqlite3_column_int64(max, 0) + 1;
    sqlite3_finalize(max);
  } else {
    // The temporary file is thrown away on any failure, and synced as a whole before the rename:
    // no journal needed.
    exec("PRAGMA journal_mode = OFF");
    exec("PRAGMA synchronous = OFF");
    const SchemaSql schema = schema_sql(version_);
    exec("BEGIN");
    exec(schema.tables.c_str());
    exec(schema.fingerprint_index.c_str());
    sqlite3_stmt* meta = prepare("INSERT INTO meta (key, value) VALUES (?1, ?2)");
    const std::string version = std::to_string(version_);
    const std::pair<const char*, std::string> rows[] = {
        {"schema_version", version}, {"bpgn_version", BPGN_VERSION_TEXT}, {"created_by", "bpgn convert --to sqlite"}};
    for (const auto& [key, value] : rows) {
      sqlite3_bind_text(meta, 1, key, -1, SQLITE_STATIC);
      sqlite3_bind_text(meta, 2, value.data(), int(value.size()), SQLITE_STATIC);
      if (sqlite3_step(meta) != SQLITE_DONE) {
        sqlite3_finalize(meta);
        fail("write");
      }
      sqlite3_reset(meta);
    }
    sqlite3_finalize(meta);
    exec("COMMIT");
  }
  for (const Table& t : tables()) {
    if (t.id == TableId::Meta || (t.id == TableId::Plies && version_ >= kArchiveVersion)) continue;
    std::string row = "(?";
    for (std::size_t i = 1; i < t.columns.size(); ++i) row += ",?";
    row += ')';
    std::string insert = fmt::format("INSERT INTO {} VALUES {}", t.name, row);
    TableInserts& to = insert_[std::size_t(t.id)];
    to.one = prepare(insert);
    if (t.id == TableId::Games) continue;  // a game's row is looked for (has_game) as soon as it is in
    for (std::size_t r = 1; r < kRowsPerInsert; ++r) (insert += ',') += row;
    to.many = prepare(insert);
    to.waiting.reserve(kRowsPerInsert * t.columns.size());
  }
  if (version_ >= kArchiveVersion) insert_packed_ = prepare("INSERT INTO plies_packed VALUES (?1, ?2, ?3, ?4)");
  text_.reserve(kTextBytes);
  find_ = prepare("SELECT date_key, clocks_key FROM games WHERE fingerprint = ?1");
}

SqliteWriter::~SqliteWriter() { release(); }

void SqliteWriter::release_statements() noexcept {
  for (TableInserts& t : insert_) {
    sqlite3_finalize(t.one);
    sqlite3_finalize(t.many);
    t.one = t.many = nullptr;
  }
  sqlite3_finalize(find_);
  find_ = nullptr;
  sqlite3_finalize(insert_packed_);
  insert_packed_ = nullptr;
}

void SqliteWriter::release() noexcept {
  release_statements();
  if (db_ && in_transaction_ && !committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(db_);
  db_ = nullptr;
  if (!appending_ && !committed_ && temp_slot_ >= 0) {
    Temporary temp{file_, temp_slot_};
    remove_temporary(temp);
    temp_slot_ = -1;
  }
}

void SqliteWriter::fail(std::string_view doing) const {
  throw ArchiveError(kArchiveExitIo, fmt::format("cannot {} {}: {}", doing, shown_path(path_), sqlite3_errmsg(db_)));
}

void SqliteWriter::exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail("write");
}

sqlite3_stmt* SqliteWriter::prepare(const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql.c_str(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK)
    fail("use");
  return stmt;
}

bool SqliteWriter::has_game(const MatchKey& key) {
  sqlite3_bind_int64(find_, 1, std::int64_t(key.fingerprint));
  bool found = false;
  int rc;
  while ((rc = sqlite3_step(find_)) == SQLITE_ROW) {
    MatchKey other;
    other.fingerprint = key.fingerprint;
    other.date = std::uint32_t(sqlite3_column_int64(find_, 0));
    other.clocks = std::uint32_t(sqlite3_column_int64(find_, 1));
    if (same_game(key, other)) {
      found = true;
      break;
    }
  }
  sqlite3_reset(find_);
  if (!found && rc != SQLITE_DONE) fail("read");
  return found;
}

void SqliteWriter::begin_game() {
  if (!in_transaction_) {
    exec("BEGIN");
    in_transaction_ = true;
  }
}

void SqliteWriter::write_packed() {
  if (packer_.empty()) return;
  const PackedPlies packed = packer_.packed();
  sqlite3_bind_int64(insert_packed_, 1, packed_game_);
  int at = 2;
  for (const std::string_view text : {packed.codes, packed.moves, packed.extras})
    sqlite3_bind_text64(insert_packed_, at++, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
  step(insert_packed_);
  packer_.clear();
}

void SqliteWriter::end_game() {
  write_packed();
  ++next_id_;
  if (++batch_games_ < kBatchGames) return;
  flush();
  exec("COMMIT");
  in_transaction_ = false;
  committed_games_ += batch_games_;
  batch_games_ = 0;
}

void SqliteWriter::bind(sqlite3_stmt* stmt, int first, std::span<const Value> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int at = first + int(i);
    const Value& v = values[i];
    if (const auto* n = std::get_if<std::int64_t>(&v)) {
      sqlite3_bind_int64(stmt, at, *n);
    } else if (const auto* d = std::get_if<double>(&v)) {
      sqlite3_bind_double(stmt, at, *d);
    } else if (const auto* t = std::get_if<std::string_view>(&v)) {
      // Stepped while the text lives (the caller's, or text_ until flush()): not copied.
      sqlite3_bind_text64(stmt, at, t->data(), t->size(), SQLITE_STATIC, SQLITE_UTF8);
    } else {
      sqlite3_bind_null(stmt, at);
    }
  }
}

void SqliteWriter::step(sqlite3_stmt* stmt) {
  const int rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) fail("write");
}

void SqliteWriter::packing_game(std::int64_t game_id) {
  if (!packer_.empty() && game_id != packed_game_) write_packed();  // copy_from: the plies of the next game
  if (packer_.empty()) packed_game_ = game_id;
}

void SqliteWriter::ply(const PlyRow& row) {
  if (!insert_packed_) return TableSink::ply(row);
  packing_game(row.game_id);
  packer_.add(row);
}

void SqliteWriter::row(TableId table, std::span<const Value> values) {
  if (table == TableId::Plies && insert_packed_) {
    const auto* id = std::get_if<std::int64_t>(&values[0]);
    if (!id) throw ArchiveError(kArchiveExitIo, "a ply row whose game_id is not an integer");
    packing_game(*id);
    packer_.add(values);
    return;
  }
  TableInserts& to = insert_[std::size_t(table)];
  std::size_t text = 0;
  for (const Value& v : values) {
    if (const auto* t = std::get_if<std::string_view>(&v)) text += t->size();
  }
  if (to.many && text_.size() + text > text_.capacity()) flush();
  if (!to.many || text > text_.capacity()) {  // inserted now, from the caller's text
    bind(to.one, 1, values);
    step(to.one);
    return;
  }
  for (const Value& v : values) {
    const auto* t = std::get_if<std::string_view>(&v);
    if (!t) {
      to.waiting.push_back(v);
      continue;
    }
    const std::size_t at = text_.size();
    text_.append(*t);  // within the capacity: no reallocation
    to.waiting.push_back(std::string_view(text_).substr(at, t->size()));
  }
  if (to.waiting.size() < kRowsPerInsert * values.size()) return;
  bind(to.many, 1, to.waiting);
  step(to.many);
  to.waiting.clear();
}

void SqliteWriter::flush() {
  for (std::size_t id = 0; id < kTableCount; ++id) {
    TableInserts& to = insert_[id];
    if (to.waiting.empty()) continue;
    const std::size_t columns = table(TableId(id)).columns.size();
    for (std::size_t at = 0; at < to.waiting.size(); at += columns) {
      bind(to.one, 1, std::span<const Value>(to.waiting).subspan(at, columns));
      step(to.one);
    }
    to.waiting.clear();
  }
  text_.clear();
}

void SqliteWriter::commit() {
  flush();
  if (in_transaction_) exec("COMMIT");
  in_transaction_ = false;
  exec(schema_sql(version_).indexes.c_str());
  release_statements();
  if (sqlite3_close(db_) != SQLITE_OK) fail("close");
  db_ = nullptr;
  if (!appending_) {
    const int fd = ::open(file_.c_str(), O_RDONLY);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    SignalsHeld held;
    Temporary temp{file_, temp_slot_};
    if (const int error = synced ? rename_temporary(temp, written_) : errno; error != 0)
      throw ArchiveError(kArchiveExitIo, fmt::format("cannot write {}: {}; nothing was written", shown_path(path_), std::strerror(error)));
  }
  committed_ = true;
}

std::size_t read_archive_records(const std::string& path, const std::string& where,
                                 const std::function<void(std::string_view record)>& each) {
  if (const std::string why = why_not_one_sql_expression(where); !why.empty())
    throw ArchiveError(kArchiveExitUsage, fmt::format("--where takes one SQL expression on the games table: {}", why));
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0)
    throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(path), std::strerror(errno)));
  sqlite3* db = nullptr;
  struct Closer {
    sqlite3*& db;
    sqlite3_stmt* stmt = nullptr;
    ~Closer() {
      sqlite3_finalize(stmt);
      sqlite3_close(db);
    }
  } closer{db};
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
    throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(path), sqlite3_errmsg(db)));
  sqlite3_busy_timeout(db, kArchiveBusyMilliseconds);
  (void)archive_schema_version(db, path);
  std::string sql = "SELECT record FROM games";
  if (!where.empty()) sql += " WHERE (" + where + ")";
  sql += " ORDER BY id";
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), int(sql.size()), &closer.stmt, &tail) != SQLITE_OK)
    throw ArchiveError(kArchiveExitUsage, fmt::format("--where: {}", sqlite3_errmsg(db)));
  for (; tail && *tail; ++tail) {
    if (*tail != ' ' && *tail != '\t' && *tail != '\n' && *tail != '\r' && *tail != ';')
      throw ArchiveError(kArchiveExitUsage, "--where takes one SQL expression on the games table, not statements");
  }
  if (!closer.stmt || !sqlite3_stmt_readonly(closer.stmt))
    throw ArchiveError(kArchiveExitUsage, "--where takes one SQL expression on the games table");
  std::size_t n = 0;
  int rc;
  while ((rc = sqlite3_step(closer.stmt)) == SQLITE_ROW) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(closer.stmt, 0));
    each(std::string_view(text ? text : "", std::size_t(sqlite3_column_bytes(closer.stmt, 0))));
    ++n;
  }
  if (rc != SQLITE_DONE) throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(path), sqlite3_errmsg(db)));
  return n;
}

}  // namespace bpgn::db

"""bpgn convert --to csv against a real PostgreSQL: a throw-away cluster (initdb in a temporary
folder, a Unix socket in another, no TCP; run as the `postgres` user when the test runs as root,
since the server refuses root) loads the folder's schema.sql and load.sql; then every example query
of docs/database.md (the `-- query: NAME` blocks) and every table, row by row in primary-key order,
must give what the SQLite archive of `bpgn convert --to sqlite` of the same inputs gives (read with
Python's sqlite3 module). The inputs: the whole corpus (chess.com's boards converted to BPGN first)
and a file of hostile text (quotes, commas, line breaks, CR, blanks at either end, `\\.` alone on a
line in a record written as found, a NUL byte, Latin-1 text) with a game written twice. Only printing is
normalised: reals compared as numbers, the meta table's created_by (which says which target wrote
it), and the SQLite text as the CSV writes it (NUL and ill-formed
UTF-8 as U+FFFD, docs/database.md). The cluster is stopped and every folder removed in any case.

Exit 77 (skipped) only when PostgreSQL's binaries are missing: scripts/install-deps --test installs
them (Debian's `postgresql`).

Usage: postgres_test.py BPGN SOURCE_DIR WORK_DIR"""

import csv
import glob
import io
import math
import os
import pwd
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import check, finish  # noqa: E402

BPGN, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
NULL = "\x01NULL\x01"  # how psql prints NULL here: no text of the archive holds it

HOSTILE = (
    b'[Event "Comma, \\"quoted\\" event"]\n[Site " blanks at both ends "]\n[Date "2024.01.02"]\n'
    b'[Round ""]\n[WhiteA "Nul\x00Byte"]\n[BlackA "Caf\xe9 Latin-1"]\n[WhiteB "back\\\\slash"]\n'
    b'[BlackB "\\\\."]\n[Annotator "a,b"]\n[Result "*"]\n\n'
    b'1A. e4 {a comment over lines,\r\n\\.\n"quoted" and , commas} 1a. e5 *\n\n'
)
# Written as found (a syntax error): its record keeps the lines `\.`, psql's end of data even inside
# a quoted field, which the CSV writes as U+FFFD.
BROKEN = b'[Event "broken"]\n[Result "*"]\n\n1A. e4 {x\n\\.\n} 1a. e5 ((( *\n\\.\n\n'



def pg_binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def corpus_inputs(work):
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(SOURCE, "corpus"))
                   for f in fs if f.endswith((".bpgn", ".pgn")))
    boards = os.path.join(work, "chesscom.bpgn")
    r = subprocess.run([BPGN, "convert", "--to", "bpgn", "-q", "-o", boards, os.path.join(SOURCE, "corpus", "chesscom")],
                       capture_output=True, text=True)
    check(r.returncode in (0, 1) and os.path.getsize(boards) > 0, f"chess.com boards to BPGN: exit {r.returncode}: {r.stderr[-400:]}")
    hostile = os.path.join(work, "hostile.bpgn")
    with open(hostile, "wb") as f:
        f.write(HOSTILE + HOSTILE + BROKEN)  # the second copy is the same game: left out by both
    return files + [boards, hostile]


def doc_queries():
    text = open(os.path.join(SOURCE, "docs", "database.md"), encoding="utf-8").read()
    queries = re.findall(r"```sql\n-- query: ([\w-]+)\n(.*?)```", text, re.S)
    check(len(queries) >= 10, f"docs/database.md has {len(queries)} example queries, not at least ten")
    return queries


class Cluster:
    """A PostgreSQL server of its own: data and socket in a temporary folder."""

    def __init__(self, bindir, root):
        self.bindir, self.root = bindir, root
        self.data, self.socket = os.path.join(root, "data"), os.path.join(root, "socket")
        self.as_postgres = []
        os.makedirs(self.socket)
        if os.geteuid() == 0:  # the server refuses to run as root
            pw = pwd.getpwnam("postgres")
            os.chmod(root, 0o755)
            for d in (root, self.socket):
                os.chown(d, pw.pw_uid, pw.pw_gid)
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.started = False

    def server(self, *args):
        r = subprocess.run(self.as_postgres + [os.path.join(self.bindir, args[0]), *args[1:]],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise RuntimeError(f"{args[0]}: exit {r.returncode}: {r.stdout[-800:]} {r.stderr[-800:]}")

    def start(self):
        self.server("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "--no-locale", "-E", "UTF8")
        options = f"-c listen_addresses='' -c unix_socket_directories='{self.socket}' -c fsync=off"
        self.started = True
        self.server("pg_ctl", "-D", self.data, "-l", os.path.join(self.root, "server.log"), "-o", options, "-w", "start")

    def stop(self):
        if self.started:
            subprocess.run(self.as_postgres + [os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate",
                                               "-w", "stop"], capture_output=True)

    def psql(self, database, *args, cwd=None):
        """psql as the postgres role (trusted on the socket); rows as CSV, NULL as the marker."""
        r = subprocess.run([os.path.join(self.bindir, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", self.socket,
                            "-U", "postgres", "-d", database, "--csv", "-t", "-P", "null=" + NULL, *args],
                           capture_output=True, cwd=cwd, stdin=subprocess.DEVNULL)
        return r.returncode, r.stdout.decode("utf-8"), r.stderr.decode("utf-8", "replace")


def pg_rows(text):
    return [[None if v == NULL else v for v in row] for row in csv.reader(io.StringIO(text, newline=""))]


def as_csv_text(b):
    """SQLite's text as the CSV writer writes it for PostgreSQL (NUL, ill-formed UTF-8, a line `\\.`:
    U+FFFD)."""
    text = b.decode("utf-8", "replace").replace("\0", "\ufffd")
    return re.sub(r"(?<=\n)\\\.(?=\r?\n)", "\ufffd", text)


def same_value(sqlite_value, pg_text):
    if sqlite_value is None or pg_text is None:
        return sqlite_value is None and pg_text is None
    if isinstance(sqlite_value, float):  # printed differently (180.0 / 180): compared as numbers
        return not math.isnan(sqlite_value) and float(pg_text) == sqlite_value
    if isinstance(sqlite_value, int):
        return str(sqlite_value) == pg_text
    return sqlite_value == pg_text


def compare(what, lite, pg):
    check(len(lite) == len(pg), f"{what}: SQLite gives {len(lite)} rows, PostgreSQL {len(pg)}")
    for i, (a, b) in enumerate(zip(lite, pg)):
        if len(a) != len(b) or not all(same_value(x, y) for x, y in zip(a, b)):
            check(False, f"{what}: row {i + 1} differs: SQLite {list(a)!r} PostgreSQL {b!r}")
            return False
    return len(lite) == len(pg)


def main():
    bindir = pg_binaries()
    if not bindir:
        print("SKIPPED: PostgreSQL's binaries are missing (/usr/lib/postgresql/*/bin/initdb); "
              "scripts/install-deps --test installs Debian's postgresql")
        sys.exit(77)
    began = time.monotonic()
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    inputs = corpus_inputs(WORK)
    archive, folder = os.path.join(WORK, "archive.db"), os.path.join(WORK, "tables")
    for to, out in (("sqlite", archive), ("csv", folder)):
        r = subprocess.run([BPGN, "convert", "--to", to, "-q", "-o", out, *inputs], capture_output=True, text=True)
        check(r.returncode == 1, f"convert --to {to}: exit {r.returncode} (1: the corpus has invalid games): {r.stderr[-800:]}")
    check(sorted(os.listdir(folder)) == sorted(["meta.csv", "games.csv", "players.csv", "plies.csv", "violations.csv",
                                                "tags.csv", "positions.csv", "schema.sql", "load.sql"]),
          f"the folder holds {sorted(os.listdir(folder))}")
    lite = sqlite3.connect(archive)
    lite.text_factory = as_csv_text
    # A new archive is of schema version 2: plies is a view over plies_packed, which PostgreSQL's
    # tables (version 1's layout, a row per ply) do not have (docs/database.md, "Schema versions").
    tables = [t for (t,) in lite.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                         "AND name <> 'plies_packed' ORDER BY name")]
    check(len(tables) == 7, f"the SQLite archive has the tables {tables}")
    check(lite.execute("SELECT type FROM sqlite_master WHERE name = 'plies'").fetchone() == ("view",),
          "plies is not a view: not a version 2 archive")
    games = lite.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    check(games > 1000, f"only {games} games in the archive")

    root = tempfile.mkdtemp(prefix="bpgn-postgres-")
    cluster = Cluster(bindir, root)
    try:
        cluster.start()
        rc, _, err = cluster.psql("postgres", "-c", "CREATE DATABASE archive")
        check(rc == 0, f"CREATE DATABASE: {err}")
        # As docs/database.md says: in the folder, schema.sql then load.sql.
        rc, _, err = cluster.psql("archive", "-f", "schema.sql", "-f", "load.sql", cwd=folder)
        check(rc == 0 and "ERROR" not in err, f"psql -f schema.sql -f load.sql: exit {rc}: {err[-1500:]}")

        for table in tables:
            (count,) = lite.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
            rc, out, err = cluster.psql("archive", "-c", f"SELECT COUNT(*) FROM {table}")
            check(rc == 0 and out.strip() == str(count), f"{table}: {count} rows in SQLite, PostgreSQL says {out.strip()} {err}")
            columns = [c[1] for c in lite.execute(f"PRAGMA table_info({table})")]
            key = [c[1] for c in sorted(lite.execute(f"PRAGMA table_info({table})"), key=lambda c: c[5]) if c[5] > 0]
            if table == "plies":  # a view has no key: the table's, as schema.sql has it
                key = ["game_id", "ply"]
            order = ", ".join(key)
            select = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}"
            rc, out, err = cluster.psql("archive", "-c", select)
            check(rc == 0, f"{select}: {err}")
            lite_rows = lite.execute(select).fetchall()
            if table == "meta":  # which command made it, and the layout: the rows that differ by design
                pg = pg_rows(out)
                check(["created_by", "bpgn convert --to csv"] in pg, f"meta: {pg}")
                check(["schema_version", "1"] in pg and ("schema_version", "2") in lite_rows, f"meta: {pg} {lite_rows}")
                lite_rows = [r if r[0] != "created_by" else ("created_by", "bpgn convert --to csv") for r in lite_rows]
                lite_rows = [r if r[0] != "schema_version" else ("schema_version", "1") for r in lite_rows]
            compare(f"table {table}", lite_rows, pg_rows(out))

        for name, sql in doc_queries():
            rc, out, err = cluster.psql("archive", "-c", sql)
            check(rc == 0, f"query {name} on PostgreSQL: {err}")
            rows = lite.execute(sql).fetchall()
            check(len(rows) > 0 or name == "games-with-a-steal", f"query {name} finds nothing: it tests nothing")
            compare(f"query {name}", rows, pg_rows(out))

        # The hostile game went through whole: its tags as written, NUL and Latin-1 as U+FFFD
        # (the reader takes a file that is not UTF-8 for Latin-1: é stays é).
        rc, out, _ = cluster.psql("archive", "-c",
                                  "SELECT g.event, g.site, g.round, p.name FROM games g JOIN players p ON p.game_id = g.id "
                                  "WHERE g.file LIKE '%hostile.bpgn' ORDER BY p.seat")
        rows = pg_rows(out)
        check(len(rows) == 4, f"the hostile game: {rows}")
        if len(rows) == 4:
            check(rows[0][:3] == ['Comma, "quoted" event', " blanks at both ends ", ""], f"hostile tags: {rows[0]}")
            names = sorted(r[3] for r in rows)
            check("\\." in names and "back\\slash" in names, f"hostile names: {names}")
            check(any("\ufffd" in n for n in names) and not any("\0" in n for n in names), f"the NUL byte: {names}")
        rc, out, _ = cluster.psql("archive", "-c", "SELECT record FROM games WHERE file LIKE '%hostile.bpgn' ORDER BY id")
        records = pg_rows(out)
        check(len(records) == 2 and records[1][0] == BROKEN.decode().replace("\n\\.\n", "\n\ufffd\n")[:-1],
              f"the record with lines '\\.': {records}")
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)
        lite.close()
    shutil.rmtree(WORK, ignore_errors=True)
    print(f"{games} games; PostgreSQL and SQLite agree; {time.monotonic() - began:.1f} s")
    finish()


if __name__ == "__main__":
    main()

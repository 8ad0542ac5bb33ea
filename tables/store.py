"""The tables and their move logs, in SQLite (the standard library's, WAL mode): a table is its game, options,
seed and seats, and the moves played at it, in order. A table replays exactly from these, so a service killed at
any moment loses no move it acknowledged: a move is committed before it is acknowledged (``add_move`` returns
once it is on disk). Nothing here is a sentence: a move is kept as its text (``str(move)``, the game's own words,
the same in every language), so a table replays the same whatever languages its seats speak."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,  -- JSON: the game's options
    seats TEXT NOT NULL,    -- JSON: {seat: {"kind": "person" | "bot", "token": its hash or null, "holder"?: hub user}}
    strength TEXT NOT NULL, -- the bots' strength
    created REAL NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,  -- whether the teacher lets the seats ask for a hint
    rematch TEXT,           -- the code of the table its rematch opened, once there is one
    ended INTEGER NOT NULL DEFAULT 0  -- the teacher ended it: no move, no seat taken, its code names it for nobody
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code),
    version INTEGER NOT NULL,  -- the state version the move was played on: 0, 1, 2, ...
    seat TEXT NOT NULL,
    move TEXT NOT NULL,
    message TEXT,              -- the sender's id for it: the same message sent twice is played once
    at REAL NOT NULL,
    PRIMARY KEY (code, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS one_move_a_message ON moves (code, seat, message) WHERE message IS NOT NULL;
CREATE TABLE IF NOT EXISTS progress (
    learner TEXT PRIMARY KEY,  -- the hub user whose page reported it
    games TEXT NOT NULL,       -- JSON: {game: {"lessons": [lesson ids done], "mastered": [ruling ids]}}, nothing else
    at REAL NOT NULL           -- when it was last reported
);
"""


@dataclass(frozen=True)
class Logged:
    """A move in a table's log."""

    version: int
    seat: str
    move: str
    message: str | None


@dataclass
class Record:
    """A table as stored: what it replays from."""

    code: str
    game: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    strength: str
    moves: list[Logged]
    hints: bool = False
    rematch: str | None = None
    ended: bool = False


class Store:
    """Every table and its log in one SQLite file (``":memory:"`` for a store that lives as long as the object)."""

    def __init__(self, path: str | Path):
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it returns: before the ack
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for column, kind in (
            ("hints", "INTEGER NOT NULL DEFAULT 0"),
            ("rematch", "TEXT"),
            ("ended", "INTEGER NOT NULL DEFAULT 0"),
        ):
            if column not in columns:  # a file written before the column was: it gains it, nothing else changes
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")

    def close(self) -> None:
        self.db.close()

    def add_table(self, record: Record) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO tables (code, game, seed, options, seats, strength, created, hints, rematch)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    *(record.code, record.game, record.seed, json.dumps(record.options), json.dumps(record.seats)),
                    *(record.strength, time.time(), int(record.hints), record.rematch),
                ),
            )

    def set_seats(self, code: str, seats: dict[str, Any]) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET seats = ? WHERE code = ?", (json.dumps(seats), code))

    def set_rematch(self, code: str, rematch: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET rematch = ? WHERE code = ?", (rematch, code))

    def set_ended(self, code: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET ended = 1 WHERE code = ?", (code,))

    def add_move(self, code: str, version: int, seat: str, move: str, message: str | None = None) -> None:
        """Log ``move``, played by ``seat`` on version ``version``; committed when this returns. A second move on
        the same version, or the same message again, raises sqlite3.IntegrityError and logs nothing."""
        with self.db:
            self.db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)", (code, version, seat, move, message, time.time())
            )

    def last_played(self) -> dict[str, float]:
        """code -> when each table was last played (its latest move, or its opening): how old a finished table is."""
        rows = self.db.execute(
            "SELECT tables.code, MAX(tables.created, COALESCE(MAX(moves.at), 0)) FROM tables"
            " LEFT JOIN moves ON moves.code = tables.code GROUP BY tables.code"
        )
        return {code: float(at) for code, at in rows}

    def remove(self, code: str) -> None:
        """Forget a table and its moves (its space in the file is used again by the next tables)."""
        with self.db:
            self.db.execute("DELETE FROM moves WHERE code = ?", (code,))
            self.db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def set_progress(self, learner: str, games: dict[str, Any]) -> None:
        """``learner``'s progress as its page reported it last; an empty one (the learner reset it) is forgotten."""
        with self.db:
            if games:
                self.db.execute(
                    "INSERT OR REPLACE INTO progress VALUES (?, ?, ?)", (learner, json.dumps(games), time.time())
                )
            else:
                self.db.execute("DELETE FROM progress WHERE learner = ?", (learner,))

    def progress(self) -> list[tuple[str, dict[str, Any], float]]:
        """Every learner's progress: (learner, games, when reported), by name."""
        rows = self.db.execute("SELECT learner, games, at FROM progress ORDER BY learner").fetchall()
        return [(learner, json.loads(games), float(at)) for learner, games, at in rows]

    def forget_progress(self, before: float) -> int:
        """Forget the progress not reported since ``before`` (a time): how many learners' were forgotten."""
        with self.db:
            return self.db.execute("DELETE FROM progress WHERE at < ?", (before,)).rowcount

    def answered(self, code: str, seat: str, message: str) -> int | None:
        """The version the message's move was played on, if it was."""
        row = self.db.execute(
            "SELECT version FROM moves WHERE code = ? AND seat = ? AND message = ?", (code, seat, message)
        ).fetchone()
        return None if row is None else int(row[0])

    def tables(self) -> list[Record]:
        """Every table with its log, oldest first: what a service starting again replays."""
        records = []
        for code, game, seed, options, seats, strength, hints, rematch, ended in self.db.execute(
            "SELECT code, game, seed, options, seats, strength, hints, rematch, ended FROM tables ORDER BY created"
        ).fetchall():
            moves = [
                Logged(*row)
                for row in self.db.execute(
                    "SELECT version, seat, move, message FROM moves WHERE code = ? ORDER BY version", (code,)
                )
            ]
            seated = json.loads(seats)
            records.append(
                Record(
                    *(code, game, seed, json.loads(options), seated, strength, moves),
                    *(bool(hints), rematch, bool(ended)),
                )
            )
        return records

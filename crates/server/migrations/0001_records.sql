-- Finished games, the players who played them and their ratings (crates/server/src/records.rs).
-- Portable SQL: the same file builds the schema on SQLite and on PostgreSQL. Whole numbers are
-- BIGINT and flags are 0/1 so both databases read them back as the same types.

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT,
    created_ms BIGINT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    players BIGINT NOT NULL,
    public BIGINT NOT NULL,
    clock_ms BIGINT,
    save TEXT NOT NULL,
    started_ms BIGINT NOT NULL,
    ended_ms BIGINT NOT NULL
);

CREATE TABLE game_seats (
    game TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    player TEXT REFERENCES players (id),
    computer TEXT,
    name TEXT NOT NULL,
    place BIGINT,
    rating_before DOUBLE PRECISION,
    rating_after DOUBLE PRECISION,
    PRIMARY KEY (game, seat)
);

CREATE INDEX game_seats_by_player ON game_seats (player, game);
CREATE INDEX games_by_end ON games (ended_ms);

CREATE TABLE ratings (
    player TEXT NOT NULL REFERENCES players (id),
    family TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (player, family)
);

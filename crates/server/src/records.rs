//! Finished games kept in a database: SQLite (a file, the default: one machine needs nothing
//! else) or PostgreSQL (what several gateways share), one schema for both, built by the
//! versioned migrations in `crates/server/migrations` (embedded in the binary, applied at
//! start). Every query takes its values as bound parameters.
//!
//! A game is written once, when it ends; writing it again (a retry, a second gateway) changes
//! nothing.

use crate::ratings::{Family, Rating, rate_game};
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use std::time::Duration;
use thiserror::Error;

/// How long the server waits for its database: at start (a database named with `--database`
/// that does not answer in this time stops the server, after a first warning at once) and for
/// each connection later (a write that fails is tried again from the journal).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Error)]
pub enum RecordsError {
    #[error("the database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the database's schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("a stored game could not be read: {0}")]
    Corrupt(String),
    #[error("{0:?} is not a database address: use sqlite://PATH or postgres://…")]
    Address(String),
}

/// Who sat in a seat of a finished game, as the game was played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub seat: u8,
    /// The player's public id, for a person known by a player key.
    pub player: Option<String>,
    /// The SHA-256 of that player's key, for the players table; never read back or shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_hash: Option<String>,
    /// The computer's level, for a computer seat.
    pub computer: Option<String>,
    /// The name shown for the seat.
    pub name: String,
    /// The place the rules gave it (`ratings::places`); none when they decided none.
    pub place: Option<u8>,
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

/// A finished game as kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    /// Unguessable: a private room's game is read only by its id.
    pub id: String,
    pub family: Family,
    pub public: bool,
    pub clock_ms: Option<u64>,
    /// The rules crate's save file: the variant, the first seat, every move, the result.
    pub save: String,
    pub seats: Vec<SeatRecord>,
    /// Milliseconds since the Unix epoch.
    pub started_ms: i64,
    pub ended_ms: i64,
}

impl StoredGame {
    /// Rated: a public room with a clock, every seat a person known by a player key (a person
    /// who left, the computer finishing for them, still counts as theirs), and places decided.
    pub fn rated(&self) -> bool {
        self.public
            && self.clock_ms.is_some()
            && self.seats.len() >= 2
            && self
                .seats
                .iter()
                .all(|s| s.player.is_some() && s.key_hash.is_some() && s.computer.is_none())
            && self.seats.iter().all(|s| s.place.is_some())
    }
}

/// A player as the API shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    pub id: String,
    pub name: Option<String>,
    pub created_ms: i64,
    pub ratings: Vec<(Family, Rating)>,
    /// Games recorded with them in a seat, public and private.
    pub games: i64,
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub player: String,
    pub name: Option<String>,
    pub rating: Rating,
}

/// How many games a page of a player's games holds at most.
pub const PAGE_MAX: u32 = starhalma_protocol::GAMES_PAGE_MAX;
/// How many lines a leaderboard shows.
pub const LEADERBOARD_MAX: i64 = 100;

/// The database of finished games.
#[derive(Clone, Debug)]
pub struct Records {
    pool: AnyPool,
    /// PostgreSQL, where concurrent writers lock the ratings they change (`FOR UPDATE`);
    /// SQLite has one writer at a time already.
    postgres: bool,
}

impl Records {
    /// Connect to `address` (`sqlite://PATH`, the file created on first use, or
    /// `postgres://…`) and bring its schema up to date.
    pub async fn open(address: &str) -> Result<Records, RecordsError> {
        install_default_drivers();
        let (address, connections) = if let Some(path) = address.strip_prefix("sqlite://") {
            // One writer at a time is what SQLite allows; the file is made when missing.
            let separator = if path.contains('?') { '&' } else { '?' };
            (format!("sqlite://{path}{separator}mode=rwc"), 1)
        } else if address.starts_with("postgres://") || address.starts_with("postgresql://") {
            (address.to_string(), 8)
        } else {
            return Err(RecordsError::Address(address.to_string()));
        };
        // Say at once why a database does not answer: the pool tells only when it gives up.
        match tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect(&address)).await {
            Ok(Ok(first)) => drop(first),
            Ok(Err(e)) => tracing::warn!(
                "the records database does not answer ({e}); trying for {} s",
                CONNECT_TIMEOUT.as_secs()
            ),
            Err(_) => tracing::warn!(
                "the records database has not answered in {} s; trying for {} s more",
                CONNECT_TIMEOUT.as_secs(),
                CONNECT_TIMEOUT.as_secs()
            ),
        }
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect(&address)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Records {
            pool,
            postgres: connections > 1,
        })
    }

    /// Keep a finished game; a game already kept (the same id) is left as it is. A rated game
    /// ([`StoredGame::rated`]) moves its players' ratings in the same transaction, so a game
    /// counts once however often it is written. Answers the game as kept (with its seats'
    /// ratings before and after), or `None` when it was kept already.
    pub async fn write_game(&self, game: &StoredGame) -> Result<Option<StoredGame>, RecordsError> {
        let mut game = game.clone();
        let mut transaction = self.pool.begin().await?;
        let written = sqlx::query(
            "INSERT INTO games (id, family, players, public, clock_ms, save, started_ms, ended_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&game.id)
        .bind(game.family.name())
        .bind(game.seats.len() as i64)
        .bind(i64::from(game.public))
        .bind(game.clock_ms.map(|ms| ms as i64))
        .bind(&game.save)
        .bind(game.started_ms)
        .bind(game.ended_ms)
        .execute(&mut *transaction)
        .await?;
        if written.rows_affected() == 0 {
            return Ok(None);
        }
        for seat in &game.seats {
            if let (Some(player), Some(key_hash)) = (&seat.player, &seat.key_hash) {
                sqlx::query(
                    "INSERT INTO players (id, key_hash, name, created_ms) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                )
                .bind(player)
                .bind(key_hash)
                .bind(&seat.name)
                .bind(game.ended_ms)
                .execute(&mut *transaction)
                .await?;
            }
        }
        if game.rated() {
            let select = if self.postgres {
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE player = $1 AND family = $2 FOR UPDATE"
            } else {
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE player = $1 AND family = $2"
            };
            let mut before = Vec::with_capacity(game.seats.len());
            for seat in &game.seats {
                let row = sqlx::query(select)
                    .bind(seat.player.clone())
                    .bind(game.family.name())
                    .fetch_optional(&mut *transaction)
                    .await?;
                before.push(match row {
                    Some(row) => rating_of(&row)?,
                    None => Rating::START,
                });
            }
            let places: Vec<u8> = game.seats.iter().map(|s| s.place.unwrap_or(1)).collect();
            let after = rate_game(&before, &places);
            for ((seat, before), after) in game.seats.iter_mut().zip(&before).zip(&after) {
                seat.rating_before = Some(before.rating);
                seat.rating_after = Some(after.rating);
                sqlx::query(
                    "INSERT INTO ratings (player, family, rating, deviation, volatility, games) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (player, family) DO UPDATE SET \
                     rating = excluded.rating, deviation = excluded.deviation, \
                     volatility = excluded.volatility, games = excluded.games",
                )
                .bind(seat.player.clone())
                .bind(game.family.name())
                .bind(after.rating)
                .bind(after.deviation)
                .bind(after.volatility)
                .bind(i64::from(after.games))
                .execute(&mut *transaction)
                .await?;
            }
        }
        for seat in &game.seats {
            sqlx::query(
                "INSERT INTO game_seats \
                 (game, seat, player, computer, name, place, rating_before, rating_after) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&game.id)
            .bind(i64::from(seat.seat))
            .bind(seat.player.clone())
            .bind(seat.computer.clone())
            .bind(&seat.name)
            .bind(seat.place.map(i64::from))
            .bind(seat.rating_before)
            .bind(seat.rating_after)
            .execute(&mut *transaction)
            .await?;
        }
        transaction.commit().await?;
        Ok(Some(game))
    }

    /// The game kept under `id`, if there is one.
    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, RecordsError> {
        let Some(row) = sqlx::query(
            "SELECT family, public, clock_ms, save, started_ms, ended_ms FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let family: String = row.try_get("family")?;
        let family = Family::from_name(&family)
            .ok_or_else(|| RecordsError::Corrupt(format!("no rule-set family {family:?}")))?;
        let clock_ms: Option<i64> = row.try_get("clock_ms")?;
        let seats = sqlx::query(
            "SELECT seat, player, computer, name, place, rating_before, rating_after \
             FROM game_seats WHERE game = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|seat| {
            let number: i64 = seat.try_get("seat")?;
            let place: Option<i64> = seat.try_get("place")?;
            Ok(SeatRecord {
                seat: u8::try_from(number)
                    .map_err(|_| RecordsError::Corrupt(format!("seat {number}")))?,
                player: seat.try_get("player")?,
                key_hash: None,
                computer: seat.try_get("computer")?,
                name: seat.try_get("name")?,
                place: place.and_then(|p| u8::try_from(p).ok()),
                rating_before: seat.try_get("rating_before")?,
                rating_after: seat.try_get("rating_after")?,
            })
        })
        .collect::<Result<Vec<_>, RecordsError>>()?;
        Ok(Some(StoredGame {
            id: id.to_string(),
            family,
            public: row.try_get::<i64, _>("public")? != 0,
            clock_ms: clock_ms.map(|ms| ms as u64),
            save: row.try_get("save")?,
            seats,
            started_ms: row.try_get("started_ms")?,
            ended_ms: row.try_get("ended_ms")?,
        }))
    }

    /// A player's name, ratings and count of games, if they have played a recorded game.
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRecord>, RecordsError> {
        let Some(row) = sqlx::query("SELECT name, created_ms FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let ratings = sqlx::query(
            "SELECT family, rating, deviation, volatility, games FROM ratings \
             WHERE player = $1 ORDER BY family",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .filter_map(|row| {
            let family: String = row.try_get("family").ok()?;
            Family::from_name(&family).zip(rating_of(row).ok())
        })
        .collect();
        let games: i64 = sqlx::query("SELECT COUNT(*) AS n FROM game_seats WHERE player = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        Ok(Some(PlayerRecord {
            id: id.to_string(),
            name: row.try_get("name")?,
            created_ms: row.try_get("created_ms")?,
            ratings,
            games,
        }))
    }

    /// The ratings in `family` of those of `players` who have one (at most
    /// [`starhalma_protocol::RATINGS_MAX_PLAYERS`] asked at once).
    pub async fn ratings_of(
        &self,
        family: Family,
        players: &[String],
    ) -> Result<Vec<(String, Rating)>, RecordsError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        // One bound parameter per id.
        let list: Vec<String> = (0..players.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "SELECT player, rating, deviation, volatility, games FROM ratings \
             WHERE family = $1 AND player IN ({})",
            list.join(", ")
        );
        // Only numbered placeholders are made here; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(family.name());
        for player in players {
            query = query.bind(player.as_str());
        }
        query
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("player")?, rating_of(row)?)))
            .collect()
    }

    /// The key hash kept for a player, to check a key presented for their private games.
    pub async fn key_hash(&self, id: &str) -> Result<Option<String>, RecordsError> {
        Ok(sqlx::query("SELECT key_hash FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|row| row.try_get("key_hash"))
            .transpose()?)
    }

    /// A player's games, newest first, that ended before `before` (ms since the epoch; all
    /// when `None`), at most `limit`; private ones only with `include_private` (the player's
    /// own key was shown).
    pub async fn player_games(
        &self,
        id: &str,
        before: Option<i64>,
        limit: u32,
        include_private: bool,
    ) -> Result<Vec<StoredGame>, RecordsError> {
        let ids = sqlx::query(
            "SELECT g.id AS id FROM games g JOIN game_seats s ON s.game = g.id \
             WHERE s.player = $1 AND g.ended_ms < $2 AND (g.public = 1 OR $3 = 1) \
             ORDER BY g.ended_ms DESC, g.id DESC LIMIT $4",
        )
        .bind(id)
        .bind(before.unwrap_or(i64::MAX))
        .bind(i64::from(include_private))
        .bind(i64::from(limit.min(PAGE_MAX)))
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(ids.len());
        for row in ids {
            let game: String = row.try_get("id")?;
            if let Some(game) = self.game(&game).await? {
                games.push(game);
            }
        }
        Ok(games)
    }

    /// The best settled ratings of a family (deviation under [`Rating::SETTLED_BELOW`]),
    /// highest first; with `players`, only players who played a rated game of that many.
    /// Private games never rate anyone, so they never reach a leaderboard.
    pub async fn leaderboard(
        &self,
        family: Family,
        players: Option<u8>,
    ) -> Result<Vec<Ranked>, RecordsError> {
        let rows = sqlx::query(
            "SELECT r.player AS player, p.name AS name, r.rating AS rating, \
             r.deviation AS deviation, r.volatility AS volatility, r.games AS games \
             FROM ratings r JOIN players p ON p.id = r.player \
             WHERE r.family = $1 AND r.deviation < $2 AND ($3 = 0 OR EXISTS ( \
               SELECT 1 FROM game_seats s JOIN games g ON g.id = s.game \
               WHERE s.player = r.player AND g.family = $1 AND g.players = $3 \
               AND s.rating_after IS NOT NULL)) \
             ORDER BY r.rating DESC, r.player LIMIT $4",
        )
        .bind(family.name())
        .bind(Rating::SETTLED_BELOW)
        .bind(i64::from(players.unwrap_or(0)))
        .bind(LEADERBOARD_MAX)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Ranked {
                    player: row.try_get("player")?,
                    name: row.try_get("name")?,
                    rating: rating_of(row)?,
                })
            })
            .collect()
    }
}

/// A ratings row as a [`Rating`].
fn rating_of(row: &sqlx::any::AnyRow) -> Result<Rating, RecordsError> {
    let games: i64 = row.try_get("games")?;
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: u32::try_from(games).unwrap_or(u32::MAX),
    })
}

/// The test PostgreSQL, one file with the binary's tests.
#[cfg(test)]
#[path = "../tests/common/postgres.rs"]
mod postgres;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ratings::places;
    use starhalma_rules::{Game, RuleSet, Variant};

    /// A two-player table game: a few moves, then Blue resigns.
    fn finished() -> StoredGame {
        let mut game = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap());
        for _ in 0..6 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        game.resign(1).unwrap();
        let placed = places(&game).unwrap();
        StoredGame {
            id: "g7Hq2mXv9Lk4".to_string(),
            family: Family::of(game.rule_set()),
            public: true,
            clock_ms: Some(30_000),
            save: game.to_json(),
            seats: vec![
                SeatRecord {
                    seat: 0,
                    player: None,
                    key_hash: None,
                    computer: None,
                    name: "Asha".to_string(),
                    place: Some(placed[0]),
                    rating_before: Some(1500.0),
                    rating_after: Some(1662.3),
                },
                SeatRecord {
                    seat: 1,
                    player: None,
                    key_hash: None,
                    computer: Some("hard".to_string()),
                    name: "Blue (computer, Hard)".to_string(),
                    place: Some(placed[1]),
                    rating_before: None,
                    rating_after: None,
                },
            ],
            started_ms: 1_796_000_000_000,
            ended_ms: 1_796_000_123_456,
        }
    }

    pub(crate) fn database_file(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("starhalma-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        let _ = std::fs::remove_file(&file);
        file
    }

    #[tokio::test]
    async fn a_game_is_kept_and_read_back_move_for_move_after_a_restart() {
        let file = database_file("kept.db");
        let address = format!("sqlite://{}", file.display());
        let record = finished();
        {
            let records = Records::open(&address).await.unwrap();
            assert_eq!(records.game(&record.id).await.unwrap(), None);
            records.write_game(&record).await.unwrap();
            // A second write (a retry, another gateway) keeps the first.
            let mut again = record.clone();
            again.seats[0].name = "someone else".to_string();
            records.write_game(&again).await.unwrap();
        }
        // Opened again, as a restarted server would: the schema is there, and the game.
        let records = Records::open(&address).await.unwrap();
        let read = records.game(&record.id).await.unwrap().expect("the game");
        assert_eq!(read, record);
        let game = Game::from_json(&read.save).unwrap();
        let original = Game::from_json(&record.save).unwrap();
        assert_eq!(game.history().len(), 6);
        assert_eq!(game.history(), original.history());
        assert_eq!(game.status(), original.status());
        assert_eq!(records.game("no-such-game").await.unwrap(), None);
        drop(records);
        let _ = std::fs::remove_file(&file);
    }

    pub(crate) use super::postgres::Postgres;

    #[tokio::test]
    async fn a_game_is_kept_on_postgresql_the_same_way() {
        let postgres = Postgres::start("postgres");
        let record = finished();
        {
            let records = Records::open(&postgres.address()).await.unwrap();
            records.write_game(&record).await.unwrap();
            records.write_game(&record).await.unwrap();
        }
        let records = Records::open(&postgres.address()).await.unwrap();
        assert_eq!(records.game(&record.id).await.unwrap(), Some(record));
        assert_eq!(records.game("no-such-game").await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_bad_address_is_an_error() {
        assert!(matches!(
            Records::open("mysql://somewhere").await,
            Err(RecordsError::Address(_))
        ));
        let dir = database_file("missing-dir");
        let address = format!("sqlite://{}/no/such/dir/x.db", dir.display());
        assert!(Records::open(&address).await.is_err());
    }

    /// A finished rated game of the laws for four players known by keys, placed 1-4 by
    /// seat (as if the ranking were so), in a public room with a clock.
    pub(crate) fn rated_four(id: &str, public: bool, ended_ms: i64) -> StoredGame {
        let mut game = Game::new(Variant::new(RuleSet::Laws, 4).unwrap());
        for _ in 0..8 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        StoredGame {
            id: id.to_string(),
            family: Family::Laws,
            public,
            clock_ms: Some(60_000),
            save: game.to_json(),
            seats: (0..4u8)
                .map(|seat| SeatRecord {
                    seat,
                    player: Some(format!("player{seat}aaaa")),
                    key_hash: Some(format!("{seat:064}")),
                    computer: None,
                    name: format!("P{seat}"),
                    place: Some(seat + 1),
                    rating_before: None,
                    rating_after: None,
                })
                .collect(),
            started_ms: ended_ms - 60_000,
            ended_ms,
        }
    }

    #[tokio::test]
    async fn a_rated_game_of_four_moves_each_rating_once_by_its_pairwise_results() {
        let file = database_file("rated.db");
        let records = Records::open(&format!("sqlite://{}", file.display()))
            .await
            .unwrap();
        let game = rated_four("00000000000000000001", true, 1_796_000_000_000);
        assert!(game.rated());
        let kept = records.write_game(&game).await.unwrap().expect("new");
        let expected = rate_game(&[Rating::START; 4], &[1, 2, 3, 4]);
        for (seat, after) in kept.seats.iter().zip(&expected) {
            assert_eq!(seat.rating_before, Some(1500.0));
            assert!((seat.rating_after.unwrap() - after.rating).abs() < 1e-9);
        }
        assert!(kept.seats[0].rating_after > kept.seats[1].rating_after);
        assert!(kept.seats[2].rating_after > kept.seats[3].rating_after);
        assert!(kept.seats[3].rating_after.unwrap() < 1500.0);
        // Written again (a retry, a second gateway): nothing moves.
        assert_eq!(records.write_game(&game).await.unwrap(), None);
        let first = records.player("player0aaaa").await.unwrap().expect("kept");
        assert_eq!(first.name.as_deref(), Some("P0"));
        assert_eq!(first.games, 1);
        let (family, rating) = &first.ratings[0];
        assert_eq!((*family, rating.games), (Family::Laws, 1));
        assert!((rating.rating - expected[0].rating).abs() < 1e-9);
        // Read back as kept, with the ratings it made.
        let read = records.game(&game.id).await.unwrap().unwrap();
        assert_eq!(read.seats[0].rating_after, kept.seats[0].rating_after);
        // A second game starts from the first one's ratings.
        let next = records
            .write_game(&rated_four("00000000000000000002", true, 1_796_000_100_000))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(next.seats[0].rating_before, kept.seats[0].rating_after);
        let rating = &records
            .player("player0aaaa")
            .await
            .unwrap()
            .unwrap()
            .ratings[0]
            .1;
        assert_eq!(rating.games, 2);
        assert!(rating.provisional(), "two games leave a deviation over 110");
        assert!(
            records
                .leaderboard(Family::Laws, None)
                .await
                .unwrap()
                .is_empty()
        );
        drop(records);
        let _ = std::fs::remove_file(&file);
    }

    #[tokio::test]
    async fn private_games_are_unrated_listed_only_to_their_players_and_never_on_a_leaderboard() {
        let file = database_file("private.db");
        let records = Records::open(&format!("sqlite://{}", file.display()))
            .await
            .unwrap();
        // Enough public games to settle four ratings, then one private game.
        for n in 0..40 {
            let id = format!("{:020}", n + 1);
            records
                .write_game(&rated_four(&id, true, 1_796_000_000_000 + n))
                .await
                .unwrap();
        }
        let private = rated_four("aaaaaaaaaaaaaaaaaaaa", false, 1_797_000_000_000);
        assert!(!private.rated());
        let kept = records.write_game(&private).await.unwrap().unwrap();
        assert!(kept.seats.iter().all(|s| s.rating_after.is_none()));
        let board = records.leaderboard(Family::Laws, None).await.unwrap();
        assert_eq!(board.len(), 4, "{board:?}");
        assert_eq!(board[0].player, "player0aaaa");
        assert!(
            board
                .windows(2)
                .all(|w| w[0].rating.rating >= w[1].rating.rating)
        );
        assert!(board.iter().all(|line| !line.rating.provisional()));
        assert_eq!(
            records
                .leaderboard(Family::Laws, Some(4))
                .await
                .unwrap()
                .len(),
            4
        );
        assert!(
            records
                .leaderboard(Family::Laws, Some(2))
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            records
                .leaderboard(Family::Diamond, None)
                .await
                .unwrap()
                .is_empty()
        );
        // Listed: to others without the private one, to the player with it, newest first.
        let public = records
            .player_games("player1aaaa", None, 50, false)
            .await
            .unwrap();
        assert_eq!(public.len(), 40);
        assert!(public.iter().all(|g| g.public));
        assert!(public.windows(2).all(|w| w[0].ended_ms > w[1].ended_ms));
        let own = records
            .player_games("player1aaaa", None, 50, true)
            .await
            .unwrap();
        assert_eq!(own[0].id, private.id);
        // Pages: 15, then the next 15 from where the first ended.
        let page = records
            .player_games("player1aaaa", None, 15, false)
            .await
            .unwrap();
        let after = page.last().unwrap().ended_ms;
        let next = records
            .player_games("player1aaaa", Some(after), 15, false)
            .await
            .unwrap();
        assert_eq!(next.len(), 15);
        assert!(next[0].ended_ms < after);
        assert!(page.iter().all(|g| next.iter().all(|h| h.id != g.id)));
        drop(records);
        let _ = std::fs::remove_file(&file);
    }
}

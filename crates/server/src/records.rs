//! Finished games kept in a database: SQLite (a file, the default: one machine needs nothing
//! else) or PostgreSQL (what several gateways share), one schema for both, built by the
//! versioned migrations in `crates/server/migrations` (embedded in the binary, applied at
//! start). Every query takes its values as bound parameters.
//!
//! A game is written once, when it ends; writing it again (a retry, a second gateway) changes
//! nothing.

use crate::ratings::Family;
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use thiserror::Error;

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
pub struct GameRecord {
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

/// The database of finished games.
#[derive(Clone, Debug)]
pub struct Records {
    pool: AnyPool,
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
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .connect(&address)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Records { pool })
    }

    /// Keep a finished game; a game already kept (the same id) is left as it is.
    pub async fn write_game(&self, game: &GameRecord) -> Result<(), RecordsError> {
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
            return Ok(());
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
        Ok(())
    }

    /// The game kept under `id`, if there is one.
    pub async fn game(&self, id: &str) -> Result<Option<GameRecord>, RecordsError> {
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
                computer: seat.try_get("computer")?,
                name: seat.try_get("name")?,
                place: place.and_then(|p| u8::try_from(p).ok()),
                rating_before: seat.try_get("rating_before")?,
                rating_after: seat.try_get("rating_after")?,
            })
        })
        .collect::<Result<Vec<_>, RecordsError>>()?;
        Ok(Some(GameRecord {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::places;
    use starhalma_rules::{Game, RuleSet, Variant};

    /// A two-player table game: a few moves, then Blue resigns.
    fn finished() -> GameRecord {
        let mut game = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap());
        for _ in 0..6 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        game.resign(1).unwrap();
        let placed = places(&game).unwrap();
        GameRecord {
            id: "g7Hq2mXv9Lk4".to_string(),
            family: Family::of(game.rule_set()),
            public: true,
            clock_ms: Some(30_000),
            save: game.to_json(),
            seats: vec![
                SeatRecord {
                    seat: 0,
                    player: None,
                    computer: None,
                    name: "Asha".to_string(),
                    place: Some(placed[0]),
                    rating_before: Some(1500.0),
                    rating_after: Some(1662.3),
                },
                SeatRecord {
                    seat: 1,
                    player: None,
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

    fn database_file(name: &str) -> std::path::PathBuf {
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

    /// A PostgreSQL of the test's own: `initdb` in a temporary folder, listening only on a Unix
    /// socket there (as root, the server runs as the `postgres` user, as it insists). Stopped
    /// and removed when dropped.
    struct Postgres {
        server: std::process::Child,
        dir: std::path::PathBuf,
    }

    impl Postgres {
        fn start(name: &str) -> Postgres {
            use std::process::Command;
            let bin = std::fs::read_dir("/usr/lib/postgresql")
                .expect("PostgreSQL is installed (scripts/deps.sh)")
                .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
                .filter(|b| b.join("initdb").exists())
                .max()
                .expect("PostgreSQL's initdb (scripts/deps.sh)");
            let dir = database_file(name);
            std::fs::create_dir_all(&dir).unwrap();
            let root = running_as_root();
            let run = |program: &str| {
                let path = bin.join(program);
                if root {
                    let mut command = Command::new("runuser");
                    command.args(["-u", "postgres", "--"]).arg(path);
                    command
                } else {
                    Command::new(path)
                }
            };
            if root {
                let owned = Command::new("chown")
                    .args(["-R", "postgres:postgres"])
                    .arg(&dir)
                    .status()
                    .unwrap();
                assert!(owned.success());
            }
            let data = dir.join("data");
            let made = run("initdb")
                .args(["-A", "trust", "-U", "starhalma", "--no-sync", "-D"])
                .arg(&data)
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(made.success(), "initdb failed");
            let server = run("postgres")
                .arg("-D")
                .arg(&data)
                .arg("-k")
                .arg(&dir)
                .args(["-c", "listen_addresses=", "-c", "fsync=off"])
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            let socket = dir.join(".s.PGSQL.5432");
            for _ in 0..300 {
                if socket.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            assert!(socket.exists(), "PostgreSQL did not start");
            Postgres { server, dir }
        }

        fn address(&self) -> String {
            format!(
                "postgres:///postgres?host={}&user=starhalma",
                self.dir.display()
            )
        }
    }

    impl Drop for Postgres {
        fn drop(&mut self) {
            // SIGTERM through `kill`, so a server started by runuser stops too: a smart
            // shutdown.
            let _ = std::process::Command::new("pkill")
                .args(["-TERM", "-f"])
                .arg(format!("postgres -D {}", self.dir.join("data").display()))
                .status();
            let _ = self.server.wait();
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    fn running_as_root() -> bool {
        std::process::Command::new("id")
            .arg("-u")
            .output()
            .map(|o| o.stdout.starts_with(b"0\n"))
            .unwrap_or(false)
    }

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
}

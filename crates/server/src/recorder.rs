//! Finished games on their way to the database, never lost on the way. A game is appended to a
//! journal file (and flushed to disk) before its end is published to the room; a writer task
//! takes the journal's games to [`Records`] one by one, retrying while the database is out of
//! reach (the wait doubles to 30 s, each failure logged with how many games wait), and marks
//! each written one done. A server killed at any moment finds its unwritten games in the
//! journal when it starts again. The memory held is bounded: the writer reads at most
//! [`BATCH`] games at a time; the rest wait in the file.

use crate::records::{Records, StoredGame};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

/// The most games the writer holds in memory at once.
pub const BATCH: usize = 256;
/// The longest wait between tries while the database is out of reach.
const RETRY_MAX: Duration = Duration::from_secs(30);

/// A line of the journal.
#[derive(Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum Line {
    /// A game to write.
    Game { game: Box<StoredGame> },
    /// The game with this id was written (or needs no writing).
    Done { id: String },
    /// The change that ended this game did not reach the room's store (it will be journaled
    /// again if it ends again): forget it.
    Cancel { id: String },
}

struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    fn append(&mut self, line: &Line) -> std::io::Result<()> {
        let mut text = serde_json::to_string(line).map_err(std::io::Error::other)?;
        text.push('\n');
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()
    }

    /// The games not yet done or cancelled, in the order they were journaled; the file is
    /// rewritten to hold only them (a line cut short by a crash is dropped).
    fn compact(&mut self) -> std::io::Result<Vec<StoredGame>> {
        let mut order = Vec::new();
        let mut waiting: HashMap<String, StoredGame> = HashMap::new();
        for text in BufReader::new(File::open(&self.path)?).lines() {
            match serde_json::from_str(&text?) {
                Ok(Line::Game { game }) => {
                    if !waiting.contains_key(&game.id) {
                        order.push(game.id.clone());
                    }
                    waiting.insert(game.id.clone(), *game);
                }
                Ok(Line::Done { id } | Line::Cancel { id }) => {
                    waiting.remove(&id);
                }
                Err(e) => tracing::warn!("journal {}: a line skipped: {e}", self.path.display()),
            }
        }
        let games: Vec<StoredGame> = order
            .into_iter()
            .filter_map(|id| waiting.remove(&id))
            .collect();
        let fresh = self.path.with_extension("compacting");
        {
            let mut file = File::create(&fresh)?;
            for game in &games {
                let line = Line::Game {
                    game: Box::new(game.clone()),
                };
                let mut text = serde_json::to_string(&line).map_err(std::io::Error::other)?;
                text.push('\n');
                file.write_all(text.as_bytes())?;
            }
            file.sync_all()?;
        }
        std::fs::rename(&fresh, &self.path)?;
        self.file = OpenOptions::new().append(true).open(&self.path)?;
        Ok(games)
    }
}

/// The journal and the writer behind it.
pub struct Recorder {
    records: Records,
    journal: Mutex<Journal>,
    wake: Notify,
    /// Held locked while the server runs: one journal, one server (two would compact away
    /// each other's games).
    _lock: File,
}

impl Recorder {
    /// Open (or make) the journal at `path`; [`Recorder::spawn_writer`] starts writing what it
    /// holds.
    pub fn open(records: Records, path: &Path) -> std::io::Result<Arc<Recorder>> {
        let lock_path = PathBuf::from(format!("{}.lock", path.display()));
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)?;
        if lock.try_lock().is_err() {
            return Err(std::io::Error::other(format!(
                "{} is in use by another server: give each its own --journal",
                path.display()
            )));
        }
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Arc::new(Recorder {
            records,
            journal: Mutex::new(Journal {
                path: path.to_path_buf(),
                file,
            }),
            wake: Notify::new(),
            _lock: lock,
        }))
    }

    pub fn records(&self) -> &Records {
        &self.records
    }

    fn journal(&self) -> MutexGuard<'_, Journal> {
        self.journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keep `game` until it is written: on disk before this returns.
    pub fn keep(&self, game: &StoredGame) {
        let line = Line::Game {
            game: Box::new(game.clone()),
        };
        if let Err(e) = self.journal().append(&line) {
            tracing::error!("game {}: the journal cannot be written: {e}", game.id);
        }
        self.wake.notify_one();
    }

    /// Forget a kept game whose ending change did not land.
    pub fn cancel(&self, id: &str) {
        let line = Line::Cancel { id: id.to_string() };
        if let Err(e) = self.journal().append(&line) {
            tracing::error!("game {id}: the journal cannot be written: {e}");
        }
    }

    fn done(&self, id: &str) {
        let line = Line::Done { id: id.to_string() };
        if let Err(e) = self.journal().append(&line) {
            tracing::error!("game {id}: the journal cannot be written: {e}");
        }
    }

    /// The games waiting, at most [`BATCH`], and how many wait in all.
    fn waiting(&self) -> (Vec<StoredGame>, usize) {
        match self.journal().compact() {
            Ok(mut games) => {
                let all = games.len();
                games.truncate(BATCH);
                (games, all)
            }
            Err(e) => {
                tracing::error!("the journal cannot be read: {e}");
                (Vec::new(), 0)
            }
        }
    }

    /// Write one game, trying again until the database takes it.
    async fn write_until_kept(self: &Arc<Recorder>, game: &StoredGame, waiting: usize) {
        let mut wait = Duration::from_millis(250);
        loop {
            match self.records.write_game(game).await {
                Ok(kept) => {
                    if let Some(kept) = kept.filter(StoredGame::rated) {
                        tracing::info!("game {} kept and rated", kept.id);
                    }
                    // File work (a write and its sync) off the threads that serve the rooms.
                    let recorder = Arc::clone(self);
                    let id = game.id.clone();
                    let _ = tokio::task::spawn_blocking(move || recorder.done(&id)).await;
                    return;
                }
                Err(e) => {
                    tracing::warn!(
                        "game {}: not written ({e}); {waiting} game(s) wait; trying again in {} ms",
                        game.id,
                        wait.as_millis()
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(RETRY_MAX);
                }
            }
        }
    }

    /// Write every waiting game; once none wait, sleep until one is kept.
    pub fn spawn_writer(self: &Arc<Recorder>) {
        let recorder = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                // Reading and rewriting the journal is file work: off the threads that serve
                // the rooms (by default one).
                let (games, waiting) = {
                    let recorder = Arc::clone(&recorder);
                    tokio::task::spawn_blocking(move || recorder.waiting())
                        .await
                        .unwrap_or_default()
                };
                if games.is_empty() {
                    // A game kept between the look and the wait has notified already: the
                    // permit makes this wait return at once.
                    recorder.wake.notified().await;
                    continue;
                }
                for (i, game) in games.iter().enumerate() {
                    recorder.write_until_kept(game, waiting - i).await;
                }
            }
        });
    }

    /// Wait until no game waits (tests, and a clean shutdown).
    pub async fn flushed(&self) {
        loop {
            if self
                .journal()
                .compact()
                .map(|g| g.is_empty())
                .unwrap_or(true)
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::tests::{Postgres, database_file, rated_four};

    async fn within(what: &str, seconds: u64, f: impl std::future::Future<Output = ()>) {
        tokio::time::timeout(Duration::from_secs(seconds), f)
            .await
            .unwrap_or_else(|_| panic!("{what} took over {seconds} s"));
    }

    #[tokio::test]
    async fn a_journal_left_by_a_killed_server_is_written_at_the_next_start() {
        let file = database_file("journal.db");
        let address = format!("sqlite://{}", file.display());
        let journal = database_file("journal.jsonl");
        let kept = rated_four("00000000000000000011", true, 1_796_000_000_000);
        let cancelled = rated_four("00000000000000000012", true, 1_796_000_000_001);
        {
            // Kept and cancelled, then "killed": no writer ever ran.
            let recorder =
                Recorder::open(Records::open(&address).await.unwrap(), &journal).unwrap();
            recorder.keep(&kept);
            recorder.keep(&cancelled);
            recorder.cancel(&cancelled.id);
            // A second server on the same journal is refused while the first holds it.
            let second = Recorder::open(Records::open(&address).await.unwrap(), &journal);
            assert!(second.is_err());
        }
        // A line cut short by the kill is skipped, not fatal.
        let mut torn = OpenOptions::new().append(true).open(&journal).unwrap();
        torn.write_all(b"{\"t\":\"game\",\"game\":{\"id\":\"0000")
            .unwrap();
        drop(torn);
        let recorder = Recorder::open(Records::open(&address).await.unwrap(), &journal).unwrap();
        recorder.spawn_writer();
        within("writing the journal", 20, recorder.flushed()).await;
        let records = recorder.records();
        let read = records.game(&kept.id).await.unwrap().expect("written");
        assert!(
            read.seats[0].rating_after.is_some(),
            "rated as it was written"
        );
        assert_eq!(records.game(&cancelled.id).await.unwrap(), None);
        assert_eq!(
            std::fs::read_to_string(&journal).unwrap(),
            "",
            "nothing waits"
        );
    }

    #[tokio::test]
    async fn a_game_ended_while_the_database_is_down_lands_when_it_returns() {
        let mut postgres = Postgres::start("down");
        let journal = database_file("down.jsonl");
        let records = Records::open(&postgres.address()).await.unwrap();
        let recorder = Recorder::open(records, &journal).unwrap();
        recorder.spawn_writer();
        postgres.stop();
        let game = rated_four("00000000000000000021", true, 1_796_000_000_000);
        recorder.keep(&game);
        // Tried and failed meanwhile: still waiting, on disk.
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert!(
            std::fs::read_to_string(&journal)
                .unwrap()
                .contains(&game.id)
        );
        postgres.resume();
        within(
            "writing after the database returned",
            40,
            recorder.flushed(),
        )
        .await;
        let read = recorder
            .records()
            .game(&game.id)
            .await
            .unwrap()
            .expect("landed");
        assert_eq!(read.seats.len(), 4);
    }
}

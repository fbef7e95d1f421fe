//! Where rooms live. Everything else reaches a room only through [`RoomStore`], so a store shared
//! between processes (the next issue) replaces [`MemoryStore`] without touching the socket code.

use crate::room::{Listing, Notice, Room};
use serde::{Deserialize, Serialize};
use starhalma_protocol::{LOBBY_MAX, RoomCode, RoomEvent};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use thiserror::Error;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// What a room's connections receive: its log's events in seq order, and the notices (presence,
/// replacement, expiry) that are not part of the game and so have no seq.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broadcast {
    Event(u64, RoomEvent),
    Notice(Notice),
}

/// A connection's feed of one room: what was published after it entered, in order. A store
/// may hand it a few items published while it was being set up (`backlog`), ahead of the live
/// channel.
pub struct Subscription {
    backlog: VecDeque<Broadcast>,
    live: broadcast::Receiver<Broadcast>,
}

impl Subscription {
    pub fn new(backlog: VecDeque<Broadcast>, live: broadcast::Receiver<Broadcast>) -> Subscription {
        Subscription { backlog, live }
    }

    pub async fn recv(&mut self) -> Result<Broadcast, RecvError> {
        match self.backlog.pop_front() {
            Some(item) => Ok(item),
            None => self.live.recv().await,
        }
    }

    pub fn try_recv(&mut self) -> Result<Broadcast, TryRecvError> {
        match self.backlog.pop_front() {
            Some(item) => Ok(item),
            None => self.live.try_recv(),
        }
    }
}

/// A change to the list of public rooms, as lobby watchers hear it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyChange {
    /// A room entered the list or changed in it.
    Listed(Listing),
    /// A room left the list.
    Unlisted(RoomCode),
    /// The list may have changed in ways not told (a shared store's subscription broke):
    /// send watchers the whole list again.
    Reset,
}

/// How many lobby changes a slow watcher may fall behind before it is sent the whole list
/// again.
pub(crate) const LOBBY_BACKLOG: usize = 64;

/// The newest first, at most [`LOBBY_MAX`].
pub fn newest_first(listings: impl IntoIterator<Item = Listing>) -> Vec<Listing> {
    let mut listings: Vec<Listing> = listings.into_iter().collect();
    listings.sort_by(|a, b| {
        b.created_at
            .cmp(&a.created_at)
            .then(a.room.room.to_string().cmp(&b.room.room.to_string()))
    });
    listings.truncate(LOBBY_MAX);
    listings
}

/// Held while a quick match looks for a waiting room and joins or opens one, so two quick
/// matches never both open a room where one should have joined the other's. Let go when
/// dropped.
pub struct MatchLock(Option<Box<dyn FnOnce() + Send>>);

impl MatchLock {
    pub fn new(release: impl FnOnce() + Send + 'static) -> MatchLock {
        MatchLock(Some(Box::new(release)))
    }
}

impl Drop for MatchLock {
    fn drop(&mut self) {
        if let Some(release) = self.0.take() {
            release();
        }
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Codes are random, so a clash is rare; the caller draws another.
    #[error("room code {0} is taken")]
    CodeTaken(RoomCode),
    /// The store holds as many rooms as it was allowed.
    #[error("the server holds {0} rooms, as many as it will")]
    Full(usize),
    /// A shared store could not be reached, or did not answer within its deadline: the room
    /// is unchanged as far as anyone knows (a write on its way may still land).
    #[error("the room store is unavailable: {0}")]
    Unavailable(String),
}

/// What a store answers about one room: `Ok(None)` when no room has the code, an error when
/// the store could not tell (a shared store out of reach, or slower than its deadline).
pub type Found<R> = Result<Option<R>, StoreError>;

/// The one door to rooms. Async, since a shared store answers over the network; every method
/// either changes a room as a whole or not at all.
pub trait RoomStore: Send + Sync + 'static {
    /// Keep a new room, unless `max_rooms` are kept already.
    fn insert(
        &self,
        room: Room,
        max_rooms: usize,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Run `f` on the room alone (no other change interleaves), then publish the events it
    /// appended, in seq order, and the notices it left. `Ok(None)` when no room has this
    /// code. `f` may run more than once, each time on the room as it is then (a shared store
    /// runs it again when another process changed the room first); only the last run counts.
    fn update<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnMut(&mut Room) -> R + Send,
    ) -> impl Future<Output = Found<R>> + Send;

    /// [`RoomStore::update`] plus a subscription to everything published after `f`, so a
    /// snapshot taken in `f` and the events that follow it neither overlap nor leave a gap.
    fn enter<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnMut(&mut Room) -> R + Send,
    ) -> impl Future<Output = Found<(R, Subscription)>> + Send;

    /// A look at the room that changes nothing, possibly behind by changes still in flight:
    /// for deciding whether to act (sweeps), never for answering a client.
    fn peek<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnOnce(&Room) -> R + Send,
    ) -> impl Future<Output = Found<R>> + Send;

    /// The codes of the rooms whose timers (takeover, expiry) and computer seats this process
    /// runs (every room in memory; those it holds the lease of in a shared store) for which
    /// `due` holds, judged on the rooms as this process sees them (a shared store also lists
    /// those it has no copy of, for the caller to look at). One pass, for the sweep.
    fn select(
        &self,
        due: impl Fn(&Room) -> bool + Send,
    ) -> impl Future<Output = Vec<RoomCode>> + Send;

    /// Whether this process runs the room's timers and computer seats now.
    fn runs_timers(&self, code: &RoomCode) -> bool;

    /// Delete the room if `due` says so (checked atomically with the deletion, so nobody
    /// enters in between), remember its code as expired and tell its connections. Whether it
    /// was deleted.
    fn expire_if(
        &self,
        code: &RoomCode,
        due: impl FnMut(&Room) -> bool + Send,
    ) -> impl Future<Output = bool> + Send;

    /// Whether a room with this code was deleted (so `hello` says `expired`, not
    /// `no_such_room`).
    fn is_expired(&self, code: &RoomCode) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The public rooms as this process knows them (newest first, at most [`LOBBY_MAX`]),
    /// and the changes from then on: together, so a watcher misses none and sees none twice
    /// out of order.
    fn lobby(&self) -> (Vec<Listing>, broadcast::Receiver<LobbyChange>);

    /// Every public room waiting for players, read from the store itself (not a copy that may
    /// lag), for quick matches under their [`MatchLock`].
    fn waiting(&self) -> impl Future<Output = Result<Vec<Listing>, StoreError>> + Send;

    /// Wait for the one quick match at a time (across every process sharing the store).
    fn lock_matching(&self) -> impl Future<Output = Result<MatchLock, StoreError>> + Send;

    /// Whether the store answers now (`/healthz`, what a proxy or orchestrator polls): a
    /// gateway whose Redis is out of reach can hold no room, so it should get no player.
    fn ping(&self) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// How many items (events, notices) a slow connection may fall behind before it is sent a
/// fresh `welcome` instead. Small: the channel allocates every slot up front (about 70 bytes
/// each) for every room, and a room makes a few events a second at most.
pub(crate) const BACKLOG: usize = 16;

struct Entry {
    room: Room,
    events: broadcast::Sender<Broadcast>,
}

#[derive(Default)]
struct Rooms {
    live: HashMap<RoomCode, Entry>,
    /// Codes of deleted rooms. 10 bytes each and room creation is rate limited per address,
    /// so they are kept for the process's life.
    expired: HashSet<RoomCode>,
    /// The public rooms' listings, kept as rooms change (so a watcher's list costs no look
    /// at every room).
    listed: HashMap<RoomCode, Listing>,
}

impl Rooms {
    /// Keep the room's listing as `now_listed` and tell watchers when it changed.
    fn relist(
        &mut self,
        code: RoomCode,
        now_listed: Option<Listing>,
        lobby: &broadcast::Sender<LobbyChange>,
    ) {
        if self.listed.get(&code) == now_listed.as_ref() {
            return;
        }
        // Nobody watching loses nothing: a new watcher is sent the whole list.
        let _ = match now_listed {
            Some(listing) => {
                self.listed.insert(code, listing.clone());
                lobby.send(LobbyChange::Listed(listing))
            }
            None => {
                self.listed.remove(&code);
                lobby.send(LobbyChange::Unlisted(code))
            }
        };
    }
}

/// Rooms in this process's memory, behind one lock: every change is short (no planning and no
/// I/O happens under it).
pub struct MemoryStore {
    rooms: Mutex<Rooms>,
    lobby: broadcast::Sender<LobbyChange>,
    matching: Arc<tokio::sync::Mutex<()>>,
}

impl Default for MemoryStore {
    fn default() -> MemoryStore {
        MemoryStore {
            rooms: Mutex::default(),
            lobby: broadcast::channel(LOBBY_BACKLOG).0,
            matching: Arc::default(),
        }
    }
}

impl MemoryStore {
    fn rooms(&self) -> MutexGuard<'_, Rooms> {
        // A panic elsewhere must not take every room down with it.
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn run<R>(
        &self,
        code: &RoomCode,
        subscribe: bool,
        mut f: impl FnMut(&mut Room) -> R,
    ) -> Option<(R, Option<Subscription>)> {
        let mut rooms = self.rooms();
        let entry = rooms.live.get_mut(code)?;
        let before = entry.room.seq();
        let result = f(&mut entry.room);
        let listing = entry.room.listing();
        // A send fails only when nobody listens, which loses nothing: the log keeps every event
        // and a welcome shows who is connected.
        for (seq, event) in entry.room.events_after(before) {
            let _ = entry.events.send(Broadcast::Event(seq, event));
        }
        for notice in entry.room.take_notices() {
            let _ = entry.events.send(Broadcast::Notice(notice));
        }
        let subscription =
            subscribe.then(|| Subscription::new(VecDeque::new(), entry.events.subscribe()));
        rooms.relist(*code, listing, &self.lobby);
        Some((result, subscription))
    }
}

impl RoomStore for MemoryStore {
    async fn insert(&self, room: Room, max_rooms: usize) -> Result<(), StoreError> {
        let mut rooms = self.rooms();
        let code = room.code();
        if rooms.live.contains_key(&code) || rooms.expired.contains(&code) {
            return Err(StoreError::CodeTaken(code));
        }
        if rooms.live.len() >= max_rooms {
            return Err(StoreError::Full(rooms.live.len()));
        }
        let (events, _) = broadcast::channel(BACKLOG);
        let listing = room.listing();
        rooms.live.insert(code, Entry { room, events });
        rooms.relist(code, listing, &self.lobby);
        Ok(())
    }

    async fn update<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnMut(&mut Room) -> R + Send,
    ) -> Found<R> {
        Ok(self.run(code, false, f).map(|(result, _)| result))
    }

    async fn enter<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnMut(&mut Room) -> R + Send,
    ) -> Found<(R, Subscription)> {
        Ok(self
            .run(code, true, f)
            .and_then(|(result, subscription)| Some((result, subscription?))))
    }

    async fn peek<R: Send>(&self, code: &RoomCode, f: impl FnOnce(&Room) -> R + Send) -> Found<R> {
        Ok(self.rooms().live.get(code).map(|entry| f(&entry.room)))
    }

    async fn select(&self, due: impl Fn(&Room) -> bool + Send) -> Vec<RoomCode> {
        self.rooms()
            .live
            .iter()
            .filter(|(_, entry)| due(&entry.room))
            .map(|(code, _)| *code)
            .collect()
    }

    fn runs_timers(&self, _code: &RoomCode) -> bool {
        true
    }

    async fn expire_if(&self, code: &RoomCode, mut due: impl FnMut(&Room) -> bool + Send) -> bool {
        let mut rooms = self.rooms();
        if !rooms.live.get(code).is_some_and(|entry| due(&entry.room)) {
            return false;
        }
        if let Some(entry) = rooms.live.remove(code) {
            let _ = entry.events.send(Broadcast::Notice(Notice::Expired));
        }
        rooms.expired.insert(*code);
        rooms.relist(*code, None, &self.lobby);
        true
    }

    async fn is_expired(&self, code: &RoomCode) -> Result<bool, StoreError> {
        Ok(self.rooms().expired.contains(code))
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn lobby(&self) -> (Vec<Listing>, broadcast::Receiver<LobbyChange>) {
        let rooms = self.rooms();
        (
            newest_first(rooms.listed.values().cloned()),
            self.lobby.subscribe(),
        )
    }

    async fn waiting(&self) -> Result<Vec<Listing>, StoreError> {
        Ok(self
            .rooms()
            .listed
            .values()
            .filter(|listing| listing.waiting())
            .cloned()
            .collect())
    }

    async fn lock_matching(&self) -> Result<MatchLock, StoreError> {
        let held = Arc::clone(&self.matching).lock_owned().await;
        Ok(MatchLock::new(move || drop(held)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::Table;
    use starhalma_protocol::Token;
    use starhalma_rules::{RuleSet, Variant};
    use std::time::Duration;

    fn room(bits: u64) -> Room {
        public_room(bits, false)
    }

    fn public_room(bits: u64, public: bool) -> Room {
        let table = Table {
            variant: Variant::new(RuleSet::Laws, 2).unwrap(),
            clock: None,
            public,
            toss: None,
        };
        Room::new(
            RoomCode::from_bits(bits),
            table,
            Token::from_bits(1),
            1,
            None,
            Duration::from_secs(bits),
        )
    }

    #[tokio::test]
    async fn the_lobby_follows_public_rooms_as_they_change() {
        let store = MemoryStore::default();
        store.insert(room(1), 9).await.unwrap();
        let (listed, mut changes) = store.lobby();
        assert!(listed.is_empty(), "a private room is not listed");
        store.insert(public_room(2, true), 9).await.unwrap();
        store.insert(public_room(3, true), 9).await.unwrap();
        let codes = |listings: &[Listing]| -> Vec<RoomCode> {
            listings.iter().map(|l| l.room.room).collect()
        };
        assert_eq!(
            codes(&store.lobby().0),
            [RoomCode::from_bits(3), RoomCode::from_bits(2)],
            "the newest first"
        );
        assert!(
            matches!(changes.try_recv(), Ok(LobbyChange::Listed(l)) if l.room.room == RoomCode::from_bits(2))
        );
        assert!(matches!(changes.try_recv(), Ok(LobbyChange::Listed(_))));
        // A change that leaves the listing as it was tells nobody.
        let code = RoomCode::from_bits(2);
        store.update(&code, |room| room.arrive(1)).await.unwrap();
        assert!(changes.try_recv().is_err());
        store
            .update(&code, |room| {
                room.join(Token::from_bits(2), 2, None, Duration::ZERO)
            })
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(matches!(changes.try_recv(), Ok(LobbyChange::Listed(l)) if !l.waiting()));
        assert_eq!(
            codes(&store.waiting().await.unwrap()),
            [RoomCode::from_bits(3)]
        );
        assert!(store.expire_if(&code, |_| true).await);
        assert_eq!(changes.try_recv(), Ok(LobbyChange::Unlisted(code)));
        assert_eq!(codes(&store.lobby().0), [RoomCode::from_bits(3)]);
    }

    #[tokio::test]
    async fn expired_rooms_are_remembered_and_their_connections_told() {
        let store = MemoryStore::default();
        store.insert(room(1), 2).await.unwrap();
        assert_eq!(
            store.insert(room(1), 2).await,
            Err(StoreError::CodeTaken(RoomCode::from_bits(1)))
        );
        store.insert(room(2), 2).await.unwrap();
        assert_eq!(store.insert(room(3), 2).await, Err(StoreError::Full(2)));
        let code = RoomCode::from_bits(1);
        let ((), mut events) = store
            .enter(&code, |room| room.arrive(1))
            .await
            .unwrap()
            .unwrap();
        assert!(!store.expire_if(&code, |_| false).await);
        assert!(store.expire_if(&code, |_| true).await);
        assert_eq!(events.try_recv(), Ok(Broadcast::Notice(Notice::Expired)));
        assert_eq!(store.update(&code, |_| ()).await, Ok(None));
        assert_eq!(store.is_expired(&code).await, Ok(true));
        assert_eq!(store.is_expired(&RoomCode::from_bits(2)).await, Ok(false));
        assert_eq!(store.select(|_| true).await, [RoomCode::from_bits(2)]);
        assert!(store.select(|_| false).await.is_empty());
        // A deleted room's code is never given out again.
        assert!(store.insert(room(1), 2).await.is_err());
    }
}

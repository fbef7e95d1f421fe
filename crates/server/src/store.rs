//! Where rooms live. Everything else reaches a room only through [`RoomStore`], so a store shared
//! between processes (the next issue) replaces [`MemoryStore`] without touching the socket code.

use crate::room::Room;
use starhalma_protocol::{RoomCode, RoomEvent};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use thiserror::Error;
use tokio::sync::broadcast;

/// A room's events as its connections receive them: `(seq, event)`, in seq order.
pub type Subscription = broadcast::Receiver<(u64, RoomEvent)>;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Codes are random, so a clash is rare; the caller draws another.
    #[error("room code {0} is taken")]
    CodeTaken(RoomCode),
}

pub trait RoomStore: Send + Sync + 'static {
    fn insert(&self, room: Room) -> Result<(), StoreError>;

    /// Run `f` on the room alone (no other change interleaves), then publish the events it
    /// appended, in seq order. `None` when no room has this code.
    fn update<R>(&self, code: &RoomCode, f: impl FnOnce(&mut Room) -> R) -> Option<R>;

    /// [`RoomStore::update`] plus a subscription to every event after those `f` saw, so a
    /// snapshot taken in `f` and the events that follow it neither overlap nor leave a gap.
    fn enter<R>(
        &self,
        code: &RoomCode,
        f: impl FnOnce(&mut Room) -> R,
    ) -> Option<(R, Subscription)>;
}

/// How many events a slow connection may fall behind before it is sent a fresh `welcome`.
const BACKLOG: usize = 256;

struct Entry {
    room: Room,
    events: broadcast::Sender<(u64, RoomEvent)>,
}

/// Rooms in this process's memory, behind one lock: every change is short (no planning and no
/// I/O happens under it).
#[derive(Default)]
pub struct MemoryStore {
    rooms: Mutex<HashMap<RoomCode, Entry>>,
}

impl MemoryStore {
    fn rooms(&self) -> MutexGuard<'_, HashMap<RoomCode, Entry>> {
        // A panic elsewhere must not take every room down with it.
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn run<R>(
        &self,
        code: &RoomCode,
        subscribe: bool,
        f: impl FnOnce(&mut Room) -> R,
    ) -> Option<(R, Option<Subscription>)> {
        let mut rooms = self.rooms();
        let entry = rooms.get_mut(code)?;
        let before = entry.room.seq();
        let result = f(&mut entry.room);
        // A send fails only when nobody listens, which loses nothing: the log keeps every event.
        for event in entry.room.events_after(before) {
            let _ = entry.events.send(event);
        }
        let subscription = subscribe.then(|| entry.events.subscribe());
        Some((result, subscription))
    }
}

impl RoomStore for MemoryStore {
    fn insert(&self, room: Room) -> Result<(), StoreError> {
        let mut rooms = self.rooms();
        let code = room.code();
        if rooms.contains_key(&code) {
            return Err(StoreError::CodeTaken(code));
        }
        let (events, _) = broadcast::channel(BACKLOG);
        rooms.insert(code, Entry { room, events });
        Ok(())
    }

    fn update<R>(&self, code: &RoomCode, f: impl FnOnce(&mut Room) -> R) -> Option<R> {
        self.run(code, false, f).map(|(result, _)| result)
    }

    fn enter<R>(
        &self,
        code: &RoomCode,
        f: impl FnOnce(&mut Room) -> R,
    ) -> Option<(R, Subscription)> {
        let (result, subscription) = self.run(code, true, f)?;
        Some((result, subscription?))
    }
}

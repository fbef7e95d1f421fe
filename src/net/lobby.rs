//! The public tables the server lists, as the Play online page shows them.

use crate::locale::Phrase;
use bevy::prelude::*;
use starhalma_protocol::{LobbyRoom, RoomCode};
use std::time::Duration;

/// The public tables on the server, as the Play online screen lists them.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    pub state: LobbyState,
    /// The newest first, each with when it arrived (`Time<Real>::elapsed`), which its age
    /// counts from.
    pub rooms: Vec<(LobbyRoom, Duration)>,
}

/// Where following the lobby stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum LobbyState {
    /// Not following it.
    #[default]
    Off,
    Connecting,
    /// The list is current.
    Listing,
    /// The server could not be reached, refused, or the connection dropped.
    Failed(Phrase),
}

impl Lobby {
    /// A table's age in whole seconds at `now`.
    pub fn age_secs(room: &LobbyRoom, arrived: Duration, now: Duration) -> u64 {
        (Duration::from_millis(room.age_ms) + now.saturating_sub(arrived)).as_secs()
    }

    /// The whole list, as the server sent it.
    pub(super) fn replace(&mut self, rooms: Vec<LobbyRoom>, now: Duration) {
        self.state = LobbyState::Listing;
        self.rooms = rooms.into_iter().map(|room| (room, now)).collect();
    }

    /// A table entered the list or changed: in its place by age, the newest first.
    pub(super) fn listed(&mut self, room: LobbyRoom, now: Duration) {
        self.unlisted(room.room);
        let age = Lobby::age_secs(&room, now, now);
        let at = self
            .rooms
            .iter()
            .position(|(other, arrived)| Lobby::age_secs(other, *arrived, now) >= age)
            .unwrap_or(self.rooms.len());
        self.rooms.insert(at, (room, now));
        self.rooms.truncate(starhalma_protocol::LOBBY_MAX);
    }

    pub(super) fn unlisted(&mut self, code: RoomCode) {
        self.rooms.retain(|(room, _)| room.room != code);
    }
}

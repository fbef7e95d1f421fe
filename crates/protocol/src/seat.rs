//! Who holds each seat of a room: told in `welcome`, in seat events and in the lobby's tables.

use crate::name::PlayerName;
use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

/// Who holds a seat. Tokens are never part of it: every client sees every seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatHolder {
    /// Nobody yet: the next `join` takes the lowest open seat.
    Open,
    /// A person, by the name they took the seat with (none from a client that sent none);
    /// while `connected` is false the computer plays their turns once the grace time is over.
    Person {
        connected: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
        /// Two of their moves in a row ran out of time: the computer plays the seat until they
        /// send `back` or a move.
        #[serde(default, skip_serializing_if = "is_false")]
        idle: bool,
        /// Their public player id, when they sat down with a player key: their rating is read
        /// from `/api/ratings` (or `/api/players/{player}`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// The computer (Medium): filled by the host, or a person who left.
    Computer,
}

impl SeatHolder {
    /// The name on a person's seat, when they gave one.
    pub fn name(&self) -> Option<&PlayerName> {
        match self {
            SeatHolder::Person { name, .. } => name.as_ref(),
            SeatHolder::Open | SeatHolder::Computer => None,
        }
    }

    /// The public player id of a person who sat down with a player key.
    pub fn player(&self) -> Option<&str> {
        match self {
            SeatHolder::Person { player, .. } => player.as_deref(),
            SeatHolder::Open | SeatHolder::Computer => None,
        }
    }
}

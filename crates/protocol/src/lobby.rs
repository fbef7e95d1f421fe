//! Public tables: what the lobby lists and what a quick match asks for.

use crate::clock::MoveClock;
use crate::ids::RoomCode;
use crate::seat::SeatHolder;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use starhalma_rules::Variant;

/// The most rooms a `lobby` message lists (the newest first); changes to others are not sent.
pub const LOBBY_MAX: usize = 200;

/// One public room as the lobby lists it: waiting for players (`running: false`, join it) or
/// playing (`running: true`, watch it). The host's name is the one on seat 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyRoom {
    pub room: RoomCode,
    pub variant: Variant,
    /// Every seat's holder, by seat: how many are taken, by whom.
    pub seats: Vec<SeatHolder>,
    /// The room's move clock (public rooms always have one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<MoveClock>,
    /// Play has started (every seat is taken); the game is not over.
    pub running: bool,
    /// How long ago the room was made, when this was sent (a duration, so clocks that
    /// disagree cannot skew it).
    pub age_ms: u64,
}

impl LobbyRoom {
    /// Seats held by a person or the computer.
    pub fn taken(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| **s != SeatHolder::Open)
            .count()
    }
}

/// What a quick match will play: one variant, or `"any"` rule set played by the message's
/// `players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchVariant {
    Any,
    Exactly(Variant),
}

impl MatchVariant {
    /// Whether a room of `variant` suits a quick match for this with `players`.
    pub fn accepts(self, variant: Variant, players: u8) -> bool {
        match self {
            MatchVariant::Any => variant.players() == players,
            MatchVariant::Exactly(wanted) => wanted == variant,
        }
    }
}

impl Serialize for MatchVariant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            MatchVariant::Any => serializer.serialize_str("any"),
            MatchVariant::Exactly(variant) => variant.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for MatchVariant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MatchVariant, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::String(text) if text == "any" => Ok(MatchVariant::Any),
            serde_json::Value::String(text) => Err(D::Error::custom(format!(
                "variant is \"any\" or a variant object, not \"{text}\""
            ))),
            value => Variant::deserialize(value)
                .map(MatchVariant::Exactly)
                .map_err(D::Error::custom),
        }
    }
}

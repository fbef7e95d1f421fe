//! The online room as the player sees it ([`Online`]), the seat tokens kept between runs, the
//! seats' names, and entering or leaving a room.

use super::connection::Connection;
use super::{KnownRatings, NetRequest};
use crate::core::{CommandApplied, GameCommand, Match};
use crate::locale::{Phrase, SeatNames, colour_name};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhalma_locale::id;
use starhalma_protocol::{
    GameLink, LinkError, MoveClock, Reaction, RoomCode, RoomLink, SeatHolder, ServerUrl, Token,
};
use std::time::Duration;

/// A room link to enter as soon as the game starts (the page's `?room=`, the desktop's
/// `--join`), or a finished game's link to replay (`?game=`, `--game`).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum JoinAtStart {
    Room(RoomLink),
    Game(GameLink),
}

impl std::str::FromStr for JoinAtStart {
    type Err = LinkError;

    /// A room's link, else a game's; a link that is neither gets the room link's reason.
    fn from_str(text: &str) -> Result<JoinAtStart, LinkError> {
        text.parse()
            .map(JoinAtStart::Room)
            .or_else(|room_error| text.parse().map(JoinAtStart::Game).map_err(|_| room_error))
    }
}

/// Seat tokens of the rooms this device sat in (newest last) and the last online room, which
/// Continue rejoins. Persist keeps it between runs.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineMemory {
    pub tokens: Vec<(RoomCode, Token)>,
    /// A link that does not read (an edited file) is forgotten, the tokens kept.
    #[serde(deserialize_with = "crate::lenient::or_none")]
    pub last_link: Option<RoomLink>,
}

/// Rooms expire within a day, so a few recent tokens are all worth keeping.
const KEPT_TOKENS: usize = 16;

impl OnlineMemory {
    pub(super) fn token(&self, room: RoomCode) -> Option<Token> {
        self.tokens
            .iter()
            .rev()
            .find(|(r, _)| *r == room)
            .map(|(_, t)| *t)
    }

    pub(super) fn keep(&mut self, room: RoomCode, token: Token) {
        self.tokens.retain(|(r, _)| *r != room);
        self.tokens.push((room, token));
        let extra = self.tokens.len().saturating_sub(KEPT_TOKENS);
        self.tokens.drain(..extra);
    }
}

/// Where the connection stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// Not playing online.
    #[default]
    Offline,
    Connecting,
    InRoom,
    /// The connection dropped; trying again with the seat's token.
    Reconnecting,
    /// The room is gone (30 minutes after everyone left, or a day after it was made).
    Expired,
    /// Another window took this seat over with its token.
    Replaced,
    /// The server could not be reached or refused the room.
    Failed(Phrase),
}

/// The online room as the player sees it (the HUD shows it).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Online {
    pub phase: Phase,
    pub link: Option<RoomLink>,
    /// This device's seat; `None` for a spectator.
    pub seat: Option<u8>,
    pub host: bool,
    pub seats: Vec<SeatHolder>,
    /// Every seat is taken and play has begun.
    pub started: bool,
    /// Seats whose person lost the connection, with the time (`Time<Real>::elapsed`) when
    /// the computer starts playing their turns.
    pub away: Vec<(u8, Duration)>,
    /// The server's latest refusal.
    pub refusal: Option<Phrase>,
    /// Reactions heard in this room, oldest first (the interface shows the recent ones).
    pub reactions: Vec<Reacted>,
    /// The room's move clock, if it has one.
    pub clock: Option<MoveClock>,
    /// With a clock: when (`Time<Real>::elapsed`) the seat to move runs out of time,
    /// counted from when its turn's start reached this device.
    pub turn_deadline: Option<Duration>,
    /// Before play starts: since when (`Time<Real>::elapsed`) this device has waited in the
    /// room for players.
    pub waiting_since: Option<Duration>,
    /// The id the room's current game is kept under on the server once it ends (its replay
    /// link, [`Online::replay_link`]).
    pub record: Option<String>,
    /// The room's server keeps no games or ratings (its welcome said so): nothing is asked
    /// of its records.
    pub no_records: bool,
}

/// How long a host waits for players before the game suggests the computer for the open
/// seats.
const WAIT_BEFORE_SUGGESTING_COMPUTER: Duration = Duration::from_secs(60);

/// A reaction someone in the room sent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reacted {
    pub seat: u8,
    pub reaction: Reaction,
    /// When it arrived (`Time<Real>::elapsed`).
    pub at: Duration,
    /// How many moves the game had then (the move list shows it after that move).
    pub ply: usize,
}

/// How long a reaction's bubble shows.
const REACTION_SHOWN: Duration = Duration::from_secs(4);

/// Every seat named by who plays it (see [`SeatNames`]): online only.
pub(super) fn name_seats(
    (online, state): (Res<Online>, Res<Match>),
    ratings: Res<KnownRatings>,
    mut names: ResMut<SeatNames>,
) {
    let variant = state.game.variant();
    let family = starhalma_protocol::Family::of(variant.rules());
    let named = if online.is_online() && online.seats.len() == usize::from(variant.players()) {
        online
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, holder)| {
                let colour = variant.colour(seat as u8);
                let phrase = match holder {
                    SeatHolder::Person {
                        name: Some(name),
                        player,
                        ..
                    } => {
                        let rating = player.as_deref().and_then(|p| ratings.words(family, p));
                        Phrase::msg(if rating.is_some() {
                            id::SEAT_NAMED_RATED
                        } else {
                            id::SEAT_NAMED
                        })
                        .with("name", Phrase::Verbatim(name.to_string()))
                        .with("colour", colour_name(colour))
                        .with("rating", rating.unwrap_or_default())
                    }
                    SeatHolder::Computer => Phrase::msg(id::SEAT_COMPUTER)
                        .with("colour", colour_name(colour))
                        .with("level", Phrase::msg(id::LEVEL_MEDIUM)),
                    _ => return None,
                };
                Some((colour, phrase))
            })
            .collect()
    } else {
        Vec::new()
    };
    names.set_if_neq(SeatNames(named));
}

impl Online {
    pub fn is_online(&self) -> bool {
        self.phase != Phase::Offline
    }

    /// The reactions to show at `now`, oldest first.
    pub fn recent_reactions(&self, now: Duration) -> impl Iterator<Item = &Reacted> {
        self.reactions
            .iter()
            .filter(move |r| now.saturating_sub(r.at) < REACTION_SHOWN)
    }

    /// Whether the host has waited long enough for players that the game suggests filling
    /// the open seats with the computer.
    pub fn waited_long(&self, now: Duration) -> bool {
        self.host_waiting_since()
            .is_some_and(|since| now.saturating_sub(since) >= WAIT_BEFORE_SUGGESTING_COMPUTER)
    }

    /// Since when this device, the host, has waited for players, while play has not started.
    pub fn host_waiting_since(&self) -> Option<Duration> {
        self.waiting_since.filter(|_| self.host && !self.started)
    }

    /// Whether the clock left this device's seat to the computer.
    pub fn idle_here(&self) -> bool {
        self.seat
            .and_then(|s| self.seats.get(usize::from(s)))
            .is_some_and(|holder| matches!(holder, SeatHolder::Person { idle: true, .. }))
    }

    /// The current game's replay link (`http(s)://HOST:PORT/?game=ID`), once play started, on
    /// a server that keeps games.
    pub fn replay_link(&self) -> Option<GameLink> {
        let record = self.record.as_ref().filter(|_| !self.no_records)?;
        GameLink::new(self.origin()?.clone(), record).ok()
    }

    /// The room's server (`http://HOST:PORT`), from its link: where its records are read
    /// (a room joined by a link may be on another server than the menu's).
    pub fn origin(&self) -> Option<&ServerUrl> {
        Some(&self.link.as_ref()?.server)
    }

    /// Whole seconds the seat to move has left at `now` (rounded up), with a clock.
    pub fn seconds_left(&self, now: Duration) -> Option<i64> {
        self.turn_deadline
            .map(|deadline| deadline.saturating_sub(now).as_secs_f64().ceil() as i64)
    }
}

pub(super) fn join_at_start(
    join: Option<Res<JoinAtStart>>,
    mut commands: Commands,
    mut requests: MessageWriter<NetRequest>,
) {
    if let Some(join) = join {
        requests.write(match &*join {
            JoinAtStart::Room(link) => NetRequest::Open(link.clone()),
            JoinAtStart::Game(link) => NetRequest::OpenReplay(link.clone()),
        });
        commands.remove_resource::<JoinAtStart>();
    }
}

/// A local game started (new game or load): online play is over; the room's link and token
/// stay kept, so opening the link again takes the seat back.
pub(super) fn leave_online(
    mut applied: MessageReader<CommandApplied>,
    mut conn: ResMut<Connection>,
    mut online: ResMut<Online>,
    mut memory: ResMut<OnlineMemory>,
) {
    let local = applied.read().any(|CommandApplied(command)| {
        matches!(command, GameCommand::NewGame(_) | GameCommand::Load(..))
    });
    if local && online.is_online() {
        conn.restart(None, None);
        *online = Online::default();
        memory.last_link = None;
    }
}

//! The messages. Each is one JSON object with the version `v` and the type `t` beside its fields
//! (the codec adds `v`; serde's `t` tag names the variant). Unknown fields are refused, so a
//! misspelt field is an error instead of a silently missing value. Messages without fields are
//! empty struct variants (`Join {}`): serde ignores extra fields on unit variants.

use crate::clock::MoveClock;
use crate::ids::{PlayerKey, RoomCode, Token};
use crate::link::RoomLink;
use crate::lobby::{LobbyRoom, MatchVariant};
use crate::seat::SeatHolder;
use serde::{Deserialize, Serialize};
use starhalma_rules::{Game, Move, Variant};

/// What a client asks of the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of a connection. With `room`: enter that room (as a spectator, or with
    /// `token` in the seat it names). Without: a connection that will `create` a room.
    Hello {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<RoomCode>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<Token>,
        /// The sender's display name, shown on the seat it takes (`join`); checked by the
        /// server ([`crate::PlayerName::new`]), a bad one refused with `bad_name`. A seat keeps
        /// the name it was taken with for the rest of the room's games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The sender's player key (see [`PlayerKey`]): their games are kept under the
        /// public id it stands for (`player` in `welcome`), and rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player_key: Option<PlayerKey>,
    },
    /// Open a room for this rule set and player count; the sender becomes its host in seat 0,
    /// with `name` on it (checked as on `hello`). `clock_ms`: the time each move may take (none
    /// by default: friends' rooms wait). `public`: listed in the lobby and open to quick
    /// matches (a public room always has a clock: 60 s when none is given). `random_start`:
    /// the server tosses for the seat that moves first in each of the room's games (the shop
    /// rules' coin toss); otherwise seat 0 (Red) starts.
    Create {
        variant: Variant,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<MoveClock>,
        #[serde(default, skip_serializing_if = "is_false")]
        public: bool,
        #[serde(default, skip_serializing_if = "is_false")]
        random_start: bool,
        /// The sender's player key (see [`PlayerKey`]): their games are kept under the
        /// public id it stands for (`player` in `welcome`), and rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player_key: Option<PlayerKey>,
    },
    /// Take a seat in the oldest public room waiting for players that plays `variant` (`"any"`:
    /// any rule set for `players`) with `clock_ms` (any clock when none is given), or open one
    /// (public, 60 s a move unless `clock_ms` says otherwise) as its host. Answered with a
    /// `welcome`, as `create` and `join` are.
    QuickMatch {
        variant: MatchVariant,
        players: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<MoveClock>,
        /// The sender's player key (see [`PlayerKey`]): their games are kept under the
        /// public id it stands for (`player` in `welcome`), and rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player_key: Option<PlayerKey>,
    },
    /// Follow the list of public rooms: a `lobby` message with the whole list, then `listed`
    /// and `unlisted` as rooms change, until `lobby_leave` or the connection enters a room.
    LobbyWatch {},
    /// Stop following the list of public rooms.
    LobbyLeave {},
    /// Take the lowest open seat.
    Join {},
    /// The host seats the computer (Medium) in every open seat.
    FillComputer {},
    /// Play `mv` for the sender's seat. `seq` is the last event the sender has applied, so a move
    /// decided on an old position is refused as stale; `id` (the sender's choice) comes back in
    /// the `ack` or `error`, and a resend with the same `seq` and `mv` is acked, not replayed.
    Move {
        seq: u64,
        mv: Move,
        id: u32,
    },
    /// Give up: with two players the other wins (the rules crate's resignation).
    Resign {},
    /// Leave a game of three or more: the computer plays the seat from now on and the sender
    /// watches. With two players it is refused with `resign_instead`.
    Leave {},
    /// Once the game is over, start a rematch with the same players, seats shifted by one. One
    /// request from any seated person is enough.
    Rematch {},
    /// "I have applied every event up to `have`": the server sends the ones after it.
    Sync {
        have: u64,
    },
    /// "I am here": a seat the clock made idle (two moves in a row timed out, so the computer
    /// plays it) is its person's again. Clients send it on any control pressed.
    Back {},
    /// Send everyone in the room one of the fixed reactions. Seated players only, at most one
    /// every [`REACTION_EVERY_MS`] per seat.
    React {
        reaction: Reaction,
    },
    Ping {},
    /// Advance the room clock by `ms` milliseconds. Accepted only by a server started with
    /// `--test-clock` (tests drive disconnect and expiry deadlines with it); elsewhere refused.
    AdvanceClock {
        ms: u64,
    },
}

/// The least time between two reactions from one seat; one sooner is refused with
/// `rate_limited`.
pub const REACTION_EVERY_MS: u64 = 2000;

/// The reactions a player can send: a fixed list of ids, so each client says them in its own
/// language and there is no free text to moderate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    Hello,
    GoodMove,
    Thanks,
    Oops,
    WellPlayed,
    YourTurn,
    GoodGame,
    Rematch,
}

impl Reaction {
    /// Every reaction, in the order a client offers them.
    pub const ALL: [Reaction; 8] = [
        Reaction::Hello,
        Reaction::GoodMove,
        Reaction::Thanks,
        Reaction::Oops,
        Reaction::WellPlayed,
        Reaction::YourTurn,
        Reaction::GoodGame,
        Reaction::Rematch,
    ];

    /// The id as it is written on the wire (`good_move`).
    pub fn as_str(self) -> &'static str {
        match self {
            Reaction::Hello => "hello",
            Reaction::GoodMove => "good_move",
            Reaction::Thanks => "thanks",
            Reaction::Oops => "oops",
            Reaction::WellPlayed => "well_played",
            Reaction::YourTurn => "your_turn",
            Reaction::GoodGame => "good_game",
            Reaction::Rematch => "rematch",
        }
    }
}

/// Why the computer made a person's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// The seat's move clock ran out (or had left the seat idle).
    Clock,
}

fn is_seat_zero(seat: &u8) -> bool {
    *seat == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One change to a room's game, numbered in the room's log (`seq` = previous + 1). Replaying the
/// log from the room's creation rebuilds the game and the seating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomEvent {
    /// The seating changed (a join, the computer filling seats); the whole list, by seat.
    Seats { seats: Vec<SeatHolder> },
    /// Every seat is taken: play starts, `first` moving first (absent: seat 0; another only in
    /// a room created with `random_start`).
    Started {
        #[serde(default, skip_serializing_if = "is_seat_zero")]
        first: u8,
        /// The id the game starting now will be kept under when it ends (as `welcome`'s
        /// `record`): its replay link.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        record: Option<String>,
    },
    /// `seat` played `mv` (a person or the computer for them); routes are recomputed by clients.
    /// `by` says why the computer moved for a person (`clock`: their time ran out, or the
    /// clock left the seat idle).
    Moved {
        seat: u8,
        mv: Move,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<MovedBy>,
    },
    /// `seat` resigned; the game is over.
    Resigned { seat: u8 },
    /// The person in `seat` left; the computer plays the seat from now on.
    Left { seat: u8 },
    /// A new game of the same variant: the person in seat `s` moves to seat `(s + 1) % players`,
    /// so a different player is Red and moves first. `seats` is the new seating. No new
    /// `welcome` follows: each client computes its own new seat by the same rule. `first` moves
    /// first (absent: seat 0; tossed again in a room created with `random_start`).
    Rematch {
        seats: Vec<SeatHolder>,
        #[serde(default, skip_serializing_if = "is_seat_zero")]
        first: u8,
        /// The new game's record id, as for `started`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        record: Option<String>,
    },
}

/// The whole state of a room as one connection sees it: sent after `hello`, `create` and `join`,
/// and when a `sync` cannot be answered with events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Welcome {
    pub room: RoomCode,
    /// The link to send friends.
    pub link: RoomLink,
    /// The receiver's seat; `null` for a spectator.
    pub seat: Option<u8>,
    /// The receiver's seat token, to keep for reconnecting; `null` for a spectator.
    pub token: Option<Token>,
    /// Whether the receiver is the room's host (who may fill seats with the computer).
    pub host: bool,
    /// Every seat's holder, by seat.
    pub seats: Vec<SeatHolder>,
    /// The game as the rules crate's save file (a JSON object, not a string): variant, moves,
    /// resignation. Decoding replays and checks it.
    pub game: Game,
    /// The seq of the last event the game includes.
    pub seq: u64,
    /// The room's move clock; none for a room without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<MoveClock>,
    /// With a clock, while a seat is to move: the milliseconds it has left (a duration, so
    /// clocks that disagree cannot skew the countdown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_left_ms: Option<u64>,
    /// The receiver's public player id, when it sent a `player_key`: where its games and
    /// ratings are read (`/api/players/{player}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The id the room's current game will be kept under when it ends (`/api/games/{record}`,
    /// the replay link); unguessable, so a private room's game is read only by those who
    /// were there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// Whether the server keeps finished games and ratings (`/api/...` answers): a server
    /// started without a database (a game's "Host on this computer") sends `false`, and the
    /// client then asks it for none. Sent only then, so a client that does not know the field
    /// still understands every other server.
    #[serde(default = "keeps_records", skip_serializing_if = "is_kept")]
    pub records: bool,
}

fn keeps_records() -> bool {
    true
}

fn is_kept(records: &bool) -> bool {
    *records
}

/// What the server tells a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// Boxed: a game is large next to the other messages.
    Welcome(Box<Welcome>),
    /// An entry of the room's log. Clients apply only `seq` = the last applied + 1; on a gap
    /// they send `sync`.
    Event {
        seq: u64,
        event: RoomEvent,
    },
    /// The move with this `id` is the event `seq` (also the answer to a resent move).
    Ack {
        id: u32,
        seq: u64,
    },
    /// A refused message; nothing changed. `id` is the refused move's.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u32>,
    },
    /// The person in `seat` lost their connection; the computer plays their turns in
    /// `computer_in_ms` milliseconds unless they come back. A duration, not a time of day, so
    /// clocks that disagree cannot skew the countdown.
    Disconnected {
        seat: u8,
        computer_in_ms: u64,
    },
    /// The person in `seat` is back and plays their own turns again.
    Reconnected {
        seat: u8,
    },
    /// The player in `seat` sent `reaction` (to everyone in the room, spectators included).
    /// Not a log event: a client that was away misses it.
    Reacted {
        seat: u8,
        reaction: Reaction,
    },
    /// The public rooms (the newest first, at most [`LOBBY_MAX`](crate::LOBBY_MAX)): the
    /// answer to `lobby_watch`, and again whenever the watcher fell behind.
    Lobby {
        rooms: Vec<LobbyRoom>,
    },
    /// A public room appeared in the list or changed (seats taken, play started).
    Listed {
        room: LobbyRoom,
    },
    /// A room left the list: its game ended, its host left before play, or it was deleted.
    Unlisted {
        room: RoomCode,
    },
    /// Another connection took this seat over with its token; this one is now closed.
    Replaced {},
    Pong {},
}

/// Why a message was refused: a closed list, so clients can show each its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, an unknown `t`, a missing or unknown field, bad move notation, token or code.
    Malformed,
    /// A `v` other than 1.
    UnknownVersion,
    /// A frame over `MAX_FRAME_BYTES`.
    TooLarge,
    /// More messages per second than the server takes.
    RateLimited,
    /// Too many bad messages in a row; the server closes the connection.
    TooManyBadMessages,
    /// Too many connections from one address.
    TooManyConnections,
    /// The server holds as many rooms as it will.
    TooManyRooms,
    /// Too many rooms created from one address in the last hour.
    TooManyRoomsCreated,
    /// The message needs a room: send `hello` with a room, or `create`, first.
    NotInRoom,
    /// `hello` or `create` on a connection already in a room.
    AlreadyInRoom,
    /// No room has this code.
    NoSuchRoom,
    /// The room was deleted (30 minutes after everyone left, or 24 hours after creation). Also
    /// sent unprompted (without `id`) to the connections in the room when it is deleted.
    Expired,
    /// The token does not hold a seat in this room.
    BadToken,
    /// `join` with no open seat: the sender stays a spectator.
    RoomFull,
    /// A game action from a connection without a seat.
    Spectator,
    /// `fill_computer` from someone other than the host.
    NotHost,
    /// `fill_computer` after play started.
    AlreadyStarted,
    /// A move before every seat is taken.
    NotStarted,
    /// A move while another seat is to move.
    NotYourTurn,
    /// A move of a marble that belongs to another seat.
    NotYourSeat,
    /// The rules refuse the move; the message gives the engine's reason.
    Illegal,
    /// The move names an older `seq` than the room's; the missed events follow.
    Stale,
    /// `rematch` before the game is over.
    GameNotOver,
    /// `leave` in a game of two: the rules crate's `resign` is the way out there.
    ResignInstead,
    /// `advance_clock` to a server without `--test-clock`.
    NoTestClock,
    /// The room server cannot reach the store its rooms live in (Redis down, or slower than
    /// the 2 s deadline). Nothing is known to have changed, though a change already on its
    /// way to the store may still land: its event then arrives as usual. Try again.
    Unavailable,
    /// A `name` that is empty, over 20 characters or holds control or invisible characters;
    /// the message says which.
    BadName,
    /// A `quick_match` for a player count no rule set has, or a variant for another count.
    NoSuchVariant,
    /// `lobby_watch` while the server has as many lobby watchers as it takes.
    TooManyWatchers,
    /// A new public room (by `create` or `quick_match`) while as many public rooms as the
    /// server lists are waiting for players: join one of them instead.
    TooManyWaiting,
}

impl ErrorCode {
    /// Every code, in the order above (tests and docs check they are all described).
    pub const ALL: [ErrorCode; 30] = [
        ErrorCode::Malformed,
        ErrorCode::UnknownVersion,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::TooManyBadMessages,
        ErrorCode::TooManyConnections,
        ErrorCode::TooManyRooms,
        ErrorCode::TooManyRoomsCreated,
        ErrorCode::NotInRoom,
        ErrorCode::AlreadyInRoom,
        ErrorCode::NoSuchRoom,
        ErrorCode::Expired,
        ErrorCode::BadToken,
        ErrorCode::RoomFull,
        ErrorCode::Spectator,
        ErrorCode::NotHost,
        ErrorCode::AlreadyStarted,
        ErrorCode::NotStarted,
        ErrorCode::NotYourTurn,
        ErrorCode::NotYourSeat,
        ErrorCode::Illegal,
        ErrorCode::Stale,
        ErrorCode::GameNotOver,
        ErrorCode::ResignInstead,
        ErrorCode::NoTestClock,
        ErrorCode::Unavailable,
        ErrorCode::BadName,
        ErrorCode::NoSuchVariant,
        ErrorCode::TooManyWatchers,
        ErrorCode::TooManyWaiting,
    ];

    /// The code as it is written on the wire (`not_your_turn`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::UnknownVersion => "unknown_version",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyBadMessages => "too_many_bad_messages",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::TooManyRooms => "too_many_rooms",
            ErrorCode::TooManyRoomsCreated => "too_many_rooms_created",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::AlreadyInRoom => "already_in_room",
            ErrorCode::NoSuchRoom => "no_such_room",
            ErrorCode::Expired => "expired",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::Spectator => "spectator",
            ErrorCode::NotHost => "not_host",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotYourSeat => "not_your_seat",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Stale => "stale",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::ResignInstead => "resign_instead",
            ErrorCode::NoTestClock => "no_test_clock",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::BadName => "bad_name",
            ErrorCode::NoSuchVariant => "no_such_variant",
            ErrorCode::TooManyWatchers => "too_many_watchers",
            ErrorCode::TooManyWaiting => "too_many_waiting",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

//! One room: the authoritative game, its seats, tokens and presence, and the event log. Plain
//! data and checks, no I/O and no clock of its own (callers pass `now`): every method either
//! changes the room, appending events to its log and notices for its connections, or refuses
//! with a [`Refusal`] and changes nothing, so the socket code only routes messages.

use crate::identity::{PlayerRef, hex};
use crate::ratings::{Family, places};
use crate::records::{SeatRecord, StoredGame};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use starhalma_protocol::{
    ErrorCode, LobbyRoom, MatchVariant, MoveClock, MovedBy, PlayerName, Reaction, RoomCode,
    RoomEvent, RoomLink, SeatHolder, Token, Welcome,
};
use starhalma_rules::{Game, IllegalMove, Move, Variant};
use std::collections::BTreeMap;
use std::time::Duration;
use thiserror::Error;

/// A record id is 10 bytes of a hash, 20 hex characters.
pub const RECORD_ID_BYTES: usize = 10;

// A record id is written as hex: twice its bytes, as the protocol spells a game's id.
const _: () = assert!(2 * RECORD_ID_BYTES == starhalma_protocol::GAME_ID_LEN);

/// The computer's level in the server's rooms, as records name it.
const COMPUTER_LEVEL: &str = "medium";
const COMPUTER_NAME: &str = "Computer (Medium)";

/// Why a request was refused: the protocol's code and a message for people.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{code}: {message}")]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// How long a person may be away before the computer plays their turns.
pub const TAKEOVER_GRACE: Duration = Duration::from_secs(45);
/// A room with no connection left is deleted this long after the last one closed.
pub const EMPTY_ROOM_LIFETIME: Duration = Duration::from_secs(30 * 60);
/// Every room is deleted this long after its creation, connections or not.
pub const ROOM_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// A connection's id: which of several connections holding one token plays the seat. The high
/// 32 bits name the gateway (server process) holding it, so the connections of a gateway that
/// died can be let go by another ([`Room::forget_gateway`]); the low 32 bits count within it.
pub type ConnId = u64;

/// The gateway a connection belongs to.
pub fn gateway_of(conn: ConnId) -> u32 {
    (conn >> 32) as u32
}

/// Something a room's connections are told that is not part of its game, so not a log event:
/// the store broadcasts these beside events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notice {
    /// The person in `seat` lost their last connection.
    Disconnected { seat: u8, computer_in_ms: u64 },
    /// The person in `seat` is back.
    Reconnected { seat: u8 },
    /// Connection `conn` lost its seat to another holding the same token.
    Replaced { conn: ConnId },
    /// The player in `seat` sent a reaction.
    Reacted { seat: u8, reaction: Reaction },
    /// The room was deleted (published by the store, never by the room).
    Expired,
}

/// A seat: who holds it and, for a person, the token that proves it and the connection that
/// plays it now.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seat {
    pub holder: SeatHolder,
    pub token: Option<Token>,
    /// The one connection playing a person's seat; `None` while they are away.
    pub conn: Option<ConnId>,
    /// While a person is away: when the computer starts playing their turns.
    pub computer_at: Option<Duration>,
    /// A person's moves in a row that the clock made (two make the seat idle).
    #[serde(default)]
    pub timeouts: u8,
    /// The player who took the seat with a player key; kept when they leave, so the game is
    /// recorded as theirs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerRef>,
}

impl Seat {
    const OPEN: Seat = Seat {
        holder: SeatHolder::Open,
        token: None,
        conn: None,
        computer_at: None,
        timeouts: 0,
        player: None,
    };

    fn person(token: Token, conn: ConnId, name: Option<PlayerName>) -> Seat {
        Seat {
            holder: SeatHolder::Person {
                connected: true,
                name,
                idle: false,
                player: None,
            },
            token: Some(token),
            conn: Some(conn),
            computer_at: None,
            timeouts: 0,
            player: None,
        }
    }
    /// The seat is `player`'s: kept for the records, its public id shown on the seat.
    fn show_player(&mut self, player: Option<PlayerRef>) {
        if let (SeatHolder::Person { player: shown, .. }, Some(player)) =
            (&mut self.holder, &player)
        {
            *shown = Some(player.id.clone());
        }
        self.player = player;
    }

    /// Whether the clock left this person's seat to the computer.
    fn is_idle(&self) -> bool {
        matches!(self.holder, SeatHolder::Person { idle: true, .. })
    }

    fn set_idle(&mut self, now_idle: bool) {
        if let SeatHolder::Person { idle, .. } = &mut self.holder {
            *idle = now_idle;
        }
    }

    /// A person's seat, now with or without a connection (the name stays).
    fn set_connected(&mut self, now_connected: bool) {
        if let SeatHolder::Person { connected, .. } = &mut self.holder {
            *connected = now_connected;
        }
    }
}

/// What a room plays, fixed at its creation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub variant: Variant,
    /// The time each move may take, if any.
    pub clock: Option<MoveClock>,
    /// Listed in the lobby and open to quick matches.
    pub public: bool,
    /// For a room that tosses for each game's first seat (`random_start`): the toss's seed.
    /// Without one, seat 0 starts every game.
    pub toss: Option<u64>,
}

/// A public room as the lobby lists it, with its creation time on the server's clock (the
/// age a watcher is sent is counted from it when sending).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    pub room: LobbyRoom,
    pub created_at: Duration,
}

impl Listing {
    /// The listing as sent at `now`.
    pub fn at(&self, now: Duration) -> LobbyRoom {
        LobbyRoom {
            age_ms: now.saturating_sub(self.created_at).as_millis() as u64,
            ..self.room.clone()
        }
    }

    /// Waiting for players (not yet playing).
    pub fn waiting(&self) -> bool {
        !self.room.running
    }

    /// Whether a quick match for `wanted` (`players`, and `clock` when given) may take a seat
    /// here: a room waiting for players, of that variant and clock.
    pub fn open_to(&self, wanted: MatchVariant, players: u8, clock: Option<MoveClock>) -> bool {
        self.waiting()
            && wanted.accepts(self.room.variant, players)
            && clock.is_none_or(|clock| self.room.clock_ms == Some(clock))
    }
}

/// What a move request became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Applied as the event with this seq.
    Applied(u64),
    /// The same move was already applied as this seq (a resend): ack it again.
    Resent(u64),
}

/// A room. A shared store keeps it as a small [`Room::header`] and the log, and moves a copy on
/// by the events other writers append ([`Room::follow`]); [`Room::from_parts`] puts a room back
/// together from the two.
#[derive(Clone)]
pub struct Room {
    code: RoomCode,
    game: Game,
    seats: Vec<Seat>,
    /// Event `seq` is `log[seq - 1]`: a new room is at seq 0.
    log: Vec<RoomEvent>,
    started: bool,
    /// When the room was made, on the server's clock (the 24 h expiry reads it).
    created_at: Duration,
    /// The seq a computer is planning for, so one position is planned once.
    planning_at: Option<u64>,
    /// The time each move may take, if the room has a clock.
    clock: Option<MoveClock>,
    /// Listed in the lobby, open to quick matches.
    public: bool,
    /// The seed of the toss for each game's first seat, in a room created with
    /// `random_start`.
    toss: Option<u64>,
    /// When the seat to move began its turn (play's start, the last move, a rematch).
    turn_since: Option<Duration>,
    /// Open connections in the room, spectators included, by gateway.
    connections: BTreeMap<u32, usize>,
    /// Since when no connection is open (the 30 min expiry reads it).
    empty_since: Option<Duration>,
    /// Notices not yet published (the store takes them after each change).
    notices: Vec<Notice>,
    /// A secret of the room's (hashed from its host's first token): with the room code and
    /// the game's number it makes each game's record id, the same on every gateway.
    salt: String,
    /// When the current game started, on the server's clock.
    game_since: Option<Duration>,
}

/// What a shared store keeps of a room beside its log: everything but the game and the log,
/// since the log's events rebuild the game (moves, resignations, rematches), and the turn's
/// start ([`Room::turn_since`], kept apart). A write sends it only when it changed, so a move
/// costs its event and the turn's start, not the whole game nor the header.
#[derive(Serialize, Deserialize)]
struct Header {
    code: RoomCode,
    variant: Variant,
    seats: Vec<Seat>,
    started: bool,
    created_at: Duration,
    planning_at: Option<u64>,
    #[serde(default)]
    clock: Option<MoveClock>,
    #[serde(default)]
    public: bool,
    #[serde(default)]
    toss: Option<u64>,
    /// Read, never written: a room written by a server from before the turn's start was kept
    /// apart ([`Room::turn_since`]) still has its clock after an upgrade.
    #[serde(default, skip_serializing)]
    turn_since: Option<Duration>,
    connections: BTreeMap<u32, usize>,
    empty_since: Option<Duration>,
    #[serde(default)]
    salt: String,
    #[serde(default)]
    game_since: Option<Duration>,
}

/// An event that does not follow from the room as it is: not this room's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the event does not follow the room's game")]
pub struct DoesNotFollow;

impl Room {
    /// A room for `table` with its host in seat 0 (by `host_name`), holding `host_token` on
    /// connection `host_conn`. It counts no connection until one [`arrives`](Room::arrive).
    pub fn new(
        code: RoomCode,
        table: Table,
        host_token: Token,
        host_conn: ConnId,
        host_name: Option<PlayerName>,
        now: Duration,
    ) -> Room {
        let Table {
            variant,
            clock,
            public,
            toss,
        } = table;
        let mut seats = vec![Seat::OPEN; usize::from(variant.players())];
        seats[0] = Seat::person(host_token, host_conn, host_name);
        Room {
            code,
            game: Game::new(variant),
            seats,
            log: Vec::new(),
            started: false,
            created_at: now,
            planning_at: None,
            clock,
            public,
            toss,
            turn_since: None,
            connections: BTreeMap::new(),
            empty_since: Some(now),
            notices: Vec::new(),
            salt: hex(&Sha256::digest(format!("room salt {host_token}"))),
            game_since: None,
        }
    }

    pub fn code(&self) -> RoomCode {
        self.code
    }

    /// The room without its game and log, as JSON (see [`Header`]).
    pub fn header(&self) -> String {
        let header = Header {
            code: self.code,
            variant: self.game.variant(),
            seats: self.seats.clone(),
            started: self.started,
            created_at: self.created_at,
            planning_at: self.planning_at,
            clock: self.clock,
            public: self.public,
            toss: self.toss,
            turn_since: None,
            connections: self.connections.clone(),
            empty_since: self.empty_since,
            salt: self.salt.clone(),
            game_since: self.game_since,
        };
        serde_json::to_string(&header).unwrap_or_default()
    }

    /// A room read back from a store: its header, when its turn began and its log, the game
    /// replayed from the log. `None` when they do not fit (a header that does not parse, an
    /// event the game refuses).
    pub fn from_parts(
        header: &str,
        turn_since: Option<Duration>,
        log: Vec<RoomEvent>,
    ) -> Option<Room> {
        let header: Header = serde_json::from_str(header).ok()?;
        let mut room = Room {
            code: header.code,
            game: Game::new(header.variant),
            seats: header.seats,
            log: Vec::with_capacity(log.len()),
            started: header.started,
            created_at: header.created_at,
            planning_at: header.planning_at,
            clock: header.clock,
            public: header.public,
            toss: header.toss,
            turn_since: turn_since.or(header.turn_since),
            connections: header.connections,
            empty_since: header.empty_since,
            notices: Vec::new(),
            salt: header.salt,
            game_since: header.game_since,
        };
        for event in log {
            room.follow(event).ok()?;
        }
        Some(room)
    }

    /// Take another writer's header (its seats, presence and deadlines), keeping the game and
    /// the log. Refused for another room's or another variant's header.
    pub fn set_header(&mut self, header: &str) -> Result<(), DoesNotFollow> {
        let header: Header = serde_json::from_str(header).map_err(|_| DoesNotFollow)?;
        if header.code != self.code || header.variant != self.game.variant() {
            return Err(DoesNotFollow);
        }
        self.seats = header.seats;
        self.started = header.started;
        self.created_at = header.created_at;
        self.planning_at = header.planning_at;
        self.clock = header.clock;
        self.public = header.public;
        self.connections = header.connections;
        self.empty_since = header.empty_since;
        self.salt = header.salt;
        self.game_since = header.game_since;
        Ok(())
    }

    /// When the seat to move began its turn. Kept beside the header, not in it: it moves with
    /// every move, and the header should change only when seats, presence or deadlines do.
    pub fn turn_since(&self) -> Option<Duration> {
        self.turn_since
    }

    /// Take another writer's turn start (see [`Room::turn_since`]).
    pub fn set_turn_since(&mut self, turn_since: Option<Duration>) {
        self.turn_since = turn_since;
    }

    /// Append an event another writer appended, changing the game as that writer did (a
    /// move played, a resignation, a rematch's new game). Refused, changing nothing, when the
    /// game cannot follow it.
    pub fn follow(&mut self, event: RoomEvent) -> Result<u64, DoesNotFollow> {
        match &event {
            RoomEvent::Moved { seat, mv, .. } => {
                if self.game.active() != *seat {
                    return Err(DoesNotFollow);
                }
                self.game.play(*mv).map_err(|_| DoesNotFollow)?;
            }
            RoomEvent::Resigned { seat } => {
                self.game.resign(*seat).map_err(|_| DoesNotFollow)?;
            }
            RoomEvent::Started { first, .. } | RoomEvent::Rematch { first, .. } => {
                // A game starts here: before it, nothing was played.
                self.game =
                    Game::starting_with(self.game.variant(), *first).map_err(|_| DoesNotFollow)?;
            }
            RoomEvent::Seats { .. } | RoomEvent::Left { .. } => {}
        }
        Ok(self.push(event))
    }

    /// Every gateway with a connection in the room or playing one of its seats.
    pub fn gateways(&self) -> Vec<u32> {
        let mut gateways: Vec<u32> = self.connections.keys().copied().collect();
        gateways.extend(self.seats.iter().filter_map(|s| s.conn.map(gateway_of)));
        gateways.sort_unstable();
        gateways.dedup();
        gateways
    }

    /// Gateway `gateway` is gone (it stopped renewing its heartbeat): its connections closed
    /// without telling the room, so they depart now, as each would have.
    pub fn forget_gateway(&mut self, gateway: u32, now: Duration) {
        if self.connections.remove(&gateway).is_some() && self.connections.is_empty() {
            self.empty_since = Some(now);
        }
        let seated: Vec<(Option<Token>, ConnId)> = self
            .seats
            .iter()
            .filter_map(|s| {
                s.conn
                    .filter(|c| gateway_of(*c) == gateway)
                    .map(|c| (s.token, c))
            })
            .collect();
        for (token, conn) in seated {
            self.away(token, conn, now);
        }
    }

    /// Forget which seq a computer was planning for: the gateway planning it lost the room
    /// (a new lease holder plans again; a late plan from the old one is dropped).
    pub fn reset_planning(&mut self) {
        self.planning_at = None;
    }

    /// When the room is to be deleted if nothing changes (its creation plus a day, or the
    /// last connection's close plus half an hour).
    pub fn deadline(&self) -> Duration {
        let day = self.created_at + ROOM_LIFETIME;
        match self.empty_since {
            Some(since) => day.min(since + EMPTY_ROOM_LIFETIME),
            None => day,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn created_at(&self) -> Duration {
        self.created_at
    }

    /// How the lobby lists the room: public rooms while their game is not over, waiting ones
    /// only while every person seated is connected (a host who left is not waited for).
    pub fn listing(&self) -> Option<Listing> {
        if !self.public || self.game.is_over() {
            return None;
        }
        let present = |s: &Seat| {
            !matches!(
                s.holder,
                SeatHolder::Person {
                    connected: false,
                    ..
                }
            )
        };
        if !self.started && !self.seats.iter().all(present) {
            return None;
        }
        Some(Listing {
            room: LobbyRoom {
                room: self.code,
                variant: self.game.variant(),
                seats: self.holders(),
                clock_ms: self.clock,
                running: self.started,
                age_ms: 0,
            },
            created_at: self.created_at,
        })
    }

    /// Whether a quick match for `wanted` (`players`, and `clock` when given) may take a seat
    /// here now: a listed room waiting for players, of that variant and clock.
    pub fn open_to(&self, wanted: MatchVariant, players: u8, clock: Option<MoveClock>) -> bool {
        self.listing()
            .is_some_and(|listing| listing.open_to(wanted, players, clock))
    }

    /// The seq of the last event (0 for a new room).
    pub fn seq(&self) -> u64 {
        self.log.len() as u64
    }

    pub fn holders(&self) -> Vec<SeatHolder> {
        self.seats.iter().map(|s| s.holder.clone()).collect()
    }

    /// The events after `have` with their seqs (none when `have` is at or past the end).
    pub fn events_after(&self, have: u64) -> Vec<(u64, RoomEvent)> {
        let start = usize::try_from(have)
            .unwrap_or(usize::MAX)
            .min(self.log.len());
        (start..self.log.len())
            .map(|i| (i as u64 + 1, self.log[i].clone()))
            .collect()
    }

    /// The notices since the last call, in order.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The room as the holder of `seat` (or a spectator, `None`) sees it at `now`.
    pub fn welcome(&self, link: RoomLink, seat: Option<u8>, now: Duration) -> Welcome {
        Welcome {
            room: self.code,
            link,
            seat,
            token: seat.and_then(|s| self.seats[usize::from(s)].token),
            host: seat == Some(0),
            seats: self.holders(),
            game: self.game.clone(),
            seq: self.seq(),
            clock_ms: self.clock,
            turn_left_ms: self.turn_left(now).map(|left| left.as_millis() as u64),
            player: None,
            record: self.started.then(|| self.record_id()),
            // The connection says whether its server keeps them (`addressed`).
            records: true,
        }
    }

    /// The player who holds `seat` now (a connection that sent a player key).
    /// The player who holds `seat` (a connection that sent a player key), when the seat has
    /// none yet (a host's seat as the room is made, a person back with a key they lacked):
    /// everyone is told its public id (never the key's hash), to read its rating.
    pub fn set_player(&mut self, seat: u8, player: Option<PlayerRef>) {
        let Some(s) = self.seats.get_mut(usize::from(seat)) else {
            return;
        };
        if s.player.is_some() || player.is_none() {
            return;
        }
        s.show_player(player);
        // Whoever followed the log learns it as a change of seating, like any other.
        if !self.log.is_empty() {
            let seats = self.holders();
            self.push(RoomEvent::Seats { seats });
        }
    }

    /// The number of the room's current game: 1, then one more for each rematch.
    fn game_number(&self) -> usize {
        self.log
            .iter()
            .filter(|e| matches!(e, RoomEvent::Started { .. } | RoomEvent::Rematch { .. }))
            .count()
    }

    /// The id the current game is recorded under: unguessable without the room's salt, and
    /// the same wherever it is worked out.
    pub fn record_id(&self) -> String {
        self.record_id_of(self.game_number())
    }

    /// The record id of the room's game with this number.
    fn record_id_of(&self, number: usize) -> String {
        let digest = Sha256::digest(format!("{} {} {number}", self.salt, self.code));
        hex(&digest[..RECORD_ID_BYTES])
    }

    /// The finished game as it is kept (before ratings), or `None` while it goes on. `now`
    /// is the server's clock and `wall_ms` the time of day it stands for (ms since the Unix
    /// epoch), for the record's start and end.
    pub fn finished(&self, now: Duration, wall_ms: i64) -> Option<StoredGame> {
        if !self.started || !self.game.is_over() {
            return None;
        }
        let places = places(&self.game);
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let computer = (seat.holder == SeatHolder::Computer && seat.player.is_none())
                    .then(|| COMPUTER_LEVEL.to_string());
                let name = match (&seat.holder, &computer) {
                    (_, Some(_)) => COMPUTER_NAME.to_string(),
                    (holder, None) => holder
                        .name()
                        .map(|n| n.as_str().to_string())
                        .unwrap_or_else(|| format!("Player {}", i + 1)),
                };
                SeatRecord {
                    seat: i as u8,
                    player: seat.player.as_ref().map(|p| p.id.clone()),
                    key_hash: seat.player.as_ref().map(|p| p.key_hash.clone()),
                    computer,
                    name,
                    place: places.as_ref().map(|p| p[i]),
                    rating_before: None,
                    rating_after: None,
                }
            })
            .collect();
        let played = now.saturating_sub(self.game_since.unwrap_or(now));
        Some(StoredGame {
            id: self.record_id(),
            family: Family::of(self.game.rule_set()),
            public: self.public,
            clock_ms: self.clock.map(|c| c.millis()),
            save: self.game.to_json(),
            seats,
            started_ms: wall_ms - played.as_millis() as i64,
            ended_ms: wall_ms,
        })
    }

    /// The seat `token` holds.
    pub fn seat_of(&self, token: Token) -> Result<u8, Refusal> {
        self.seats
            .iter()
            .position(|s| s.token == Some(token))
            .map(|s| s as u8)
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat here"))
    }

    /// The seat connection `conn` plays with `token`: none for a spectator, after a `leave`
    /// (the token holds nothing) or once another connection took the seat over.
    pub fn seat_held(&self, token: Option<Token>, conn: ConnId) -> Option<u8> {
        let seat = self.seat_of(token?).ok()?;
        (self.seats[usize::from(seat)].conn == Some(conn)).then_some(seat)
    }

    /// Connection `conn` enters (spectator or seated): the room is not empty.
    pub fn arrive(&mut self, conn: ConnId) {
        *self.connections.entry(gateway_of(conn)).or_default() += 1;
        self.empty_since = None;
    }

    /// Connection `conn` (holding `token`, if any) closed. When it played a seat, its person is
    /// away from `now`: the others are told, and the computer plays their turns after
    /// [`TAKEOVER_GRACE`]. A connection that was replaced changes no seat.
    pub fn depart(&mut self, token: Option<Token>, conn: ConnId, now: Duration) {
        let gateway = gateway_of(conn);
        if let Some(n) = self.connections.get_mut(&gateway) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.connections.remove(&gateway);
            }
        }
        if self.connections.is_empty() {
            self.empty_since = Some(now);
        }
        self.away(token, conn, now);
    }

    /// The person playing a seat on `conn` is away from `now`.
    fn away(&mut self, token: Option<Token>, conn: ConnId, now: Duration) {
        let Some(seat) = self.seat_held(token, conn) else {
            return;
        };
        let s = &mut self.seats[usize::from(seat)];
        s.conn = None;
        s.set_connected(false);
        s.computer_at = Some(now + TAKEOVER_GRACE);
        self.notices.push(Notice::Disconnected {
            seat,
            computer_in_ms: TAKEOVER_GRACE.as_millis() as u64,
        });
    }

    /// Connection `conn` takes the seat `token` holds (`hello` with a token). A connection
    /// playing it already is replaced; a person who was away is back, and plays their turns
    /// again.
    pub fn take_seat(&mut self, token: Token, conn: ConnId) -> Result<u8, Refusal> {
        let seat = self.seat_of(token)?;
        let s = &mut self.seats[usize::from(seat)];
        match s.conn {
            Some(old) if old != conn => self.notices.push(Notice::Replaced { conn: old }),
            Some(_) => {}
            None => self.notices.push(Notice::Reconnected { seat }),
        }
        s.conn = Some(conn);
        s.set_connected(true);
        s.computer_at = None;
        Ok(seat)
    }

    /// The seat to move first in the game starting now: seat 0, or in a room that tosses, the
    /// toss of its seed and the log's length (so each game of the room has its own toss; the
    /// event carries the result, so whoever replays the log needs no toss).
    fn first_seat(&self) -> u8 {
        match self.toss {
            None => 0,
            Some(seed) => {
                let players = self.game.variant().players();
                starhalma_ai::SplitMix(seed ^ self.seq()).below(players.into()) as u8
            }
        }
    }

    fn push(&mut self, event: RoomEvent) -> u64 {
        self.log.push(event);
        self.seq()
    }

    /// After a seating change: the new seating, then `started` once every seat is taken.
    fn seating_changed(&mut self, now: Duration) {
        let seats = self.holders();
        self.push(RoomEvent::Seats { seats });
        if !self.started && self.seats.iter().all(|s| s.holder != SeatHolder::Open) {
            self.started = true;
            self.turn_since = Some(now);
            self.game_since = Some(now);
            let first = self.first_seat();
            self.game = Game::starting_with(self.game.variant(), first)
                .unwrap_or_else(|_| Game::new(self.game.variant()));
            let record = Some(self.record_id_of(self.game_number() + 1));
            self.push(RoomEvent::Started { first, record });
        }
    }

    /// With a clock, while a seat is to move: how long it has left at `now`.
    pub fn turn_left(&self, now: Duration) -> Option<Duration> {
        let clock = self.clock?;
        let since = self.turn_since?;
        (self.started && !self.game.is_over())
            .then(|| (since + clock.duration()).saturating_sub(now))
    }

    /// Whether the seat to move has run out of time at `now`.
    fn clock_ran_out(&self, now: Duration) -> bool {
        self.turn_left(now).is_some_and(|left| left.is_zero())
    }

    /// The person in `seat` is here (after the clock left their seat idle): they play it
    /// again. Nothing changes for a seat that is not idle.
    pub fn back(&mut self, seat: Option<u8>) -> Result<(), Refusal> {
        let seat = seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators watch; join to play"))?;
        let s = &mut self.seats[usize::from(seat)];
        s.timeouts = 0;
        if s.is_idle() {
            s.set_idle(false);
            let seats = self.holders();
            self.push(RoomEvent::Seats { seats });
        }
        Ok(())
    }

    /// Seat a new person (by `name`) in the lowest open seat with `token`, played by connection
    /// `conn`.
    pub fn join(
        &mut self,
        token: Token,
        conn: ConnId,
        name: Option<PlayerName>,
        now: Duration,
    ) -> Result<u8, Refusal> {
        self.join_as(token, conn, (name, None), now)
    }

    /// [`Room::join`] by a player who sent a key: the seating everyone is told names their
    /// public id.
    pub fn join_as(
        &mut self,
        token: Token,
        conn: ConnId,
        (name, player): (Option<PlayerName>, Option<PlayerRef>),
        now: Duration,
    ) -> Result<u8, Refusal> {
        let seat = self
            .seats
            .iter()
            .position(|s| s.holder == SeatHolder::Open)
            .ok_or_else(|| Refusal::new(ErrorCode::RoomFull, "every seat is taken; you watch"))?;
        self.seats[seat] = Seat::person(token, conn, name);
        self.seats[seat].show_player(player);
        self.seating_changed(now);
        Ok(seat as u8)
    }

    /// The host seats the computer in every open seat, which starts play.
    pub fn fill_computer(&mut self, seat: Option<u8>, now: Duration) -> Result<(), Refusal> {
        if seat != Some(0) {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host fills seats with the computer",
            ));
        }
        if self.started {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "every seat is taken already",
            ));
        }
        for s in &mut self.seats {
            if s.holder == SeatHolder::Open {
                s.holder = SeatHolder::Computer;
            }
        }
        self.seating_changed(now);
        Ok(())
    }

    /// `seat` sends everyone `reaction` (a notice, not an event: reactions are not the game's).
    /// Spectators watch silently; how often a seat may react is the connection's to limit.
    pub fn react(&mut self, seat: Option<u8>, reaction: Reaction) -> Result<(), Refusal> {
        let seat = seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators watch; join to react"))?;
        self.notices.push(Notice::Reacted { seat, reaction });
        Ok(())
    }

    /// Check that `seat` may act in the game now.
    fn playing_seat(&self, seat: Option<u8>) -> Result<u8, Refusal> {
        let seat = seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators watch; join to play"))?;
        if !self.started {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "play starts when every seat is taken",
            ));
        }
        Ok(seat)
    }

    /// `seat` plays `mv`, decided at `seq`, at `now`. A resend of an applied move is recognised
    /// by the event right after `seq`, so it is acked again and never applied twice. A person's
    /// own move makes an idle seat theirs again.
    pub fn play(
        &mut self,
        seat: Option<u8>,
        seq: u64,
        mv: Move,
        now: Duration,
    ) -> Result<MoveOutcome, Refusal> {
        let seat = self.playing_seat(seat)?;
        if let Some(RoomEvent::Moved {
            seat: s,
            mv: m,
            by: None,
        }) = usize::try_from(seq).ok().and_then(|i| self.log.get(i))
            && *s == seat
            && *m == mv
        {
            return Ok(MoveOutcome::Resent(seq + 1));
        }
        if seq != self.seq() {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!("the room is at seq {}", self.seq()),
            ));
        }
        if self.game.active() != seat {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("seat {} is to move", self.game.active()),
            ));
        }
        let applied = self.apply(seat, mv, None, now)?;
        self.back(Some(seat))?;
        Ok(MoveOutcome::Applied(applied))
    }

    fn apply(
        &mut self,
        seat: u8,
        mv: Move,
        by: Option<MovedBy>,
        now: Duration,
    ) -> Result<u64, Refusal> {
        match self.game.play(mv) {
            Ok(_) => {
                self.turn_since = Some(now);
                Ok(self.push(RoomEvent::Moved { seat, mv, by }))
            }
            Err(e @ IllegalMove::NotYourPiece { .. }) => {
                Err(Refusal::new(ErrorCode::NotYourSeat, e.to_string()))
            }
            Err(e) => Err(Refusal::new(ErrorCode::Illegal, e.to_string())),
        }
    }

    /// `seat` gives up (the rules crate's resignation: with two players the other wins).
    pub fn resign(&mut self, seat: Option<u8>) -> Result<u64, Refusal> {
        let seat = self.playing_seat(seat)?;
        self.game
            .resign(seat)
            .map_err(|e| Refusal::new(ErrorCode::Illegal, e.to_string()))?;
        Ok(self.push(RoomEvent::Resigned { seat }))
    }

    /// The person in `seat` leaves a game of three or more: the seat is the computer's for good
    /// and their token holds nothing any more. With two, resigning is the way out.
    pub fn leave(&mut self, seat: Option<u8>) -> Result<u64, Refusal> {
        let seat = self.playing_seat(seat)?;
        if self.seats.len() < 3 {
            return Err(Refusal::new(
                ErrorCode::ResignInstead,
                "with two players, resign instead of leaving",
            ));
        }
        self.seats[usize::from(seat)] = Seat {
            holder: SeatHolder::Computer,
            ..Seat::OPEN
        };
        Ok(self.push(RoomEvent::Left { seat }))
    }

    /// Any seated person starts a new game of the same variant once this one is over. Seats
    /// shift by one (the person in seat `s` moves to `(s + 1) % players`, tokens and presence
    /// with them), so a different player is Red and moves first.
    pub fn rematch(&mut self, seat: Option<u8>, now: Duration) -> Result<u64, Refusal> {
        self.playing_seat(seat)?;
        if !self.game.is_over() {
            return Err(Refusal::new(
                ErrorCode::GameNotOver,
                "a rematch starts once the game is over",
            ));
        }
        self.seats.rotate_right(1);
        // A new game: everyone plays their own seat again.
        for s in &mut self.seats {
            s.timeouts = 0;
            s.set_idle(false);
        }
        let first = self.first_seat();
        self.game = Game::starting_with(self.game.variant(), first)
            .unwrap_or_else(|_| Game::new(self.game.variant()));
        self.turn_since = Some(now);
        self.game_since = Some(now);
        // A plan still in flight names an older seq, so it is dropped when it lands.
        let seats = self.holders();
        let record = Some(self.record_id_of(self.game_number() + 1));
        Ok(self.push(RoomEvent::Rematch {
            seats,
            first,
            record,
        }))
    }

    /// Whether the computer plays `seat` at `now`: a computer seat, a person away for longer
    /// than the grace time, a seat the clock left idle, or the seat to move once its time ran
    /// out.
    pub fn computer_plays(&self, seat: u8, now: Duration) -> bool {
        self.seats.get(usize::from(seat)).is_some_and(|s| {
            s.holder == SeatHolder::Computer
                || (s.conn.is_none() && s.computer_at.is_some_and(|at| now >= at))
                || s.is_idle()
        }) || (seat == self.game.active() && self.clock_ran_out(now))
    }

    /// Why the computer moves for `seat` at `now`, when it is for the clock: the seat's time
    /// ran out, or the clock had left it idle (a computer seat, or a person away past the
    /// grace time, is the computer's for other reasons).
    fn moved_by_clock(&self, seat: u8, now: Duration) -> bool {
        let s = &self.seats[usize::from(seat)];
        let away = s.conn.is_none() && s.computer_at.is_some_and(|at| now >= at);
        matches!(s.holder, SeatHolder::Person { .. })
            && !away
            && (s.is_idle() || self.clock_ran_out(now))
    }

    /// Whether [`Room::computer_turn`] would hand out a plan at `now` (a look that changes
    /// nothing, so a sweep can skip rooms with nothing to do).
    pub fn computer_due(&self, now: Duration) -> bool {
        let computer = self.computer_plays(self.game.active(), now);
        let watched = !self.connections.is_empty();
        self.started && !self.game.is_over() && computer && watched && self.planning_at.is_none()
    }

    /// When the computer is to move and nobody plans for it yet: the seq to plan at (marked
    /// as taken) and the game to plan on. Nobody in the room means nobody waits for a move, so
    /// the computer waits too (an abandoned room costs no planning until it expires).
    pub fn computer_turn(&mut self, now: Duration) -> Option<(u64, Game)> {
        if !self.computer_due(now) {
            return None;
        }
        self.planning_at = Some(self.seq());
        Some((self.seq(), self.game.clone()))
    }

    /// The computer's planned move for the position at `seq`; dropped when the room moved on
    /// meanwhile (a move, a resignation, a rematch) or the seat's person came back, since the
    /// plan is no longer the computer's to play.
    pub fn computer_move(&mut self, seq: u64, mv: Move, now: Duration) -> Option<u64> {
        if self.planning_at != Some(seq) {
            return None;
        }
        self.planning_at = None;
        let seat = self.game.active();
        if seq != self.seq() || !self.computer_plays(seat, now) {
            return None;
        }
        if !self.moved_by_clock(seat, now) {
            return self.apply(seat, mv, None, now).ok();
        }
        let applied = self.apply(seat, mv, Some(MovedBy::Clock), now).ok()?;
        // Two moves in a row for the clock leave the seat to the computer until its person
        // is back.
        let s = &mut self.seats[usize::from(seat)];
        if !s.is_idle() {
            s.timeouts += 1;
            if s.timeouts >= 2 {
                s.set_idle(true);
                let seats = self.holders();
                return Some(self.push(RoomEvent::Seats { seats }));
            }
        }
        Some(applied)
    }

    /// Whether the room is due for deletion at `now`: 30 minutes after its last connection
    /// closed, or 24 hours after its creation, whichever comes first.
    pub fn expired(&self, now: Duration) -> bool {
        now >= self.created_at + ROOM_LIFETIME
            || self
                .empty_since
                .is_some_and(|since| now >= since + EMPTY_ROOM_LIFETIME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: ConnId = 100;

    fn link() -> RoomLink {
        "http://127.0.0.1:1/?room=abcdefghij".parse().unwrap()
    }

    fn room(players: u8) -> Room {
        let variant = Variant::new(starhalma_rules::RuleSet::Laws, players).unwrap();
        let table = Table {
            variant,
            clock: None,
            public: false,
            toss: None,
        };
        let mut room = Room::new(
            RoomCode::from_bits(7),
            table,
            Token::from_bits(1),
            HOST,
            name("Asha"),
            Duration::ZERO,
        );
        room.arrive(HOST);
        room
    }

    fn name(text: &str) -> Option<PlayerName> {
        Some(PlayerName::new(text).unwrap())
    }

    fn person(connected: bool, text: &str) -> SeatHolder {
        SeatHolder::Person {
            connected,
            name: name(text),
            idle: false,
            player: None,
        }
    }

    /// A started room: seat 0 the host, then people with tokens 2, 3, … on connections 101, …
    fn full(players: u8) -> Room {
        let mut r = room(players);
        for seat in 1..players {
            r.arrive(HOST);
            r.join(
                Token::from_bits(u128::from(seat) + 1),
                HOST + u64::from(seat),
                name(&format!("Player {seat}")),
                Duration::ZERO,
            )
            .unwrap();
        }
        r
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn joining_fills_the_lowest_seat_and_starts_play() {
        let mut r = room(2);
        assert_eq!(
            r.join(Token::from_bits(2), 101, None, Duration::ZERO),
            Ok(1)
        );
        assert_eq!(r.seq(), 2);
        // The start names the game's record id, the one the welcome gives from now on.
        let record = Some(r.record_id());
        assert_eq!(
            r.events_after(1),
            vec![(2, RoomEvent::Started { first: 0, record })]
        );
        assert_eq!(
            r.join(Token::from_bits(3), 102, None, Duration::ZERO)
                .unwrap_err()
                .code,
            ErrorCode::RoomFull
        );
        assert_eq!(r.seq(), 2);
    }

    #[test]
    fn a_seat_keeps_its_name_while_its_person_is_away_and_back() {
        let mut r = full(2);
        assert_eq!(
            r.holders(),
            [person(true, "Asha"), person(true, "Player 1")]
        );
        let token = Token::from_bits(2);
        r.depart(Some(token), 101, secs(1));
        assert_eq!(r.holders()[1], person(false, "Player 1"));
        r.arrive(300);
        r.take_seat(token, 300).unwrap();
        assert_eq!(r.holders()[1], person(true, "Player 1"));
        assert_eq!(
            r.welcome(link(), None, Duration::ZERO).seats,
            [person(true, "Asha"), person(true, "Player 1")]
        );
    }

    #[test]
    fn seated_players_react_and_spectators_cannot() {
        let mut r = full(2);
        r.take_notices();
        let seq = r.seq();
        assert_eq!(r.react(Some(1), Reaction::GoodMove), Ok(()));
        assert_eq!(
            r.take_notices(),
            [Notice::Reacted {
                seat: 1,
                reaction: Reaction::GoodMove
            }]
        );
        assert_eq!(
            r.react(None, Reaction::Hello).unwrap_err().code,
            ErrorCode::Spectator
        );
        assert!(r.take_notices().is_empty());
        assert_eq!(r.seq(), seq, "reactions are not in the log");
    }

    #[test]
    fn a_public_room_is_listed_while_it_waits_with_its_host_and_while_it_plays() {
        let clock = Some(MoveClock::SECONDS_60);
        let mut r = two_player_room(clock, true, secs(10));
        let variant = r.game().variant();
        let listing = r.listing().expect("a public room is listed");
        assert!(listing.waiting());
        assert_eq!(listing.room.seats, [person(true, "Asha"), SeatHolder::Open]);
        assert_eq!(listing.room.clock_ms, clock);
        assert_eq!(listing.at(secs(25)).age_ms, 15_000);
        assert!(r.open_to(MatchVariant::Any, 2, None));
        assert!(r.open_to(MatchVariant::Exactly(variant), 2, clock));
        assert!(!r.open_to(MatchVariant::Any, 3, None));
        assert!(!r.open_to(MatchVariant::Any, 2, Some(MoveClock::SECONDS_20)));
        // The host gone: not waited for, so neither listed nor matched.
        r.depart(Some(Token::from_bits(1)), HOST, secs(12));
        assert_eq!(r.listing(), None);
        assert!(!r.open_to(MatchVariant::Any, 2, None));
        r.take_seat(Token::from_bits(1), HOST + 5).unwrap();
        assert!(r.open_to(MatchVariant::Any, 2, None));
        // Full: listed as running (to watch), no longer open; once over, gone.
        r.join(Token::from_bits(2), 101, name("Bo"), secs(13))
            .unwrap();
        assert!(r.listing().is_some_and(|l| !l.waiting()));
        assert!(!r.open_to(MatchVariant::Any, 2, None));
        r.resign(Some(1)).unwrap();
        assert_eq!(r.listing(), None);
        // Private rooms are never listed; the header keeps the flag.
        let log = r.events_after(0).into_iter().map(|(_, e)| e).collect();
        let back = Room::from_parts(&r.header(), r.turn_since(), log).unwrap();
        assert!(back.public);
        assert_eq!(room(2).listing(), None);
    }

    /// A two-player laws room made at `at` with `clock`, its host (Asha) connected.
    fn two_player_room(clock: Option<MoveClock>, public: bool, at: Duration) -> Room {
        let table = Table {
            variant: Variant::new(starhalma_rules::RuleSet::Laws, 2).unwrap(),
            clock,
            public,
            toss: None,
        };
        let mut r = Room::new(
            RoomCode::from_bits(7),
            table,
            Token::from_bits(1),
            HOST,
            name("Asha"),
            at,
        );
        r.arrive(HOST);
        r
    }

    /// The last `n` events' kinds, as the log has them.
    fn last_events(r: &Room, n: u64) -> Vec<RoomEvent> {
        r.events_after(r.seq() - n)
            .into_iter()
            .map(|(_, e)| e)
            .collect()
    }

    #[test]
    fn a_clock_moves_for_a_late_seat_and_two_in_a_row_leave_it_to_the_computer() {
        let mut r = two_player_room(Some(MoveClock::SECONDS_20), false, secs(0));
        r.arrive(101);
        r.join(Token::from_bits(2), 101, name("Bo"), secs(3))
            .unwrap();
        // The clock starts with play.
        assert_eq!(r.turn_left(secs(8)), Some(secs(15)));
        assert_eq!(
            r.welcome(link(), Some(0), secs(8)).turn_left_ms,
            Some(15_000)
        );
        assert!(!r.computer_due(secs(22)));
        let (seq, game) = r.computer_turn(secs(23)).expect("seat 0's time ran out");
        r.computer_move(seq, game.legal_moves()[0], secs(23))
            .unwrap();
        let mv = game.legal_moves()[0];
        assert_eq!(
            last_events(&r, 1),
            [RoomEvent::Moved {
                seat: 0,
                mv,
                by: Some(MovedBy::Clock)
            }]
        );
        // Seat 1 moves in time; seat 0's clock starts from that move.
        let reply = r.game().legal_moves()[0];
        r.play(Some(1), r.seq(), reply, secs(30)).unwrap();
        assert_eq!(r.turn_left(secs(30)), Some(secs(20)));
        // A second timeout in a row: the seat is idle, the computer plays it at once.
        let (seq, game) = r.computer_turn(secs(50)).unwrap();
        r.computer_move(seq, game.legal_moves()[0], secs(50))
            .unwrap();
        let idle = SeatHolder::Person {
            connected: true,
            name: name("Asha"),
            idle: true,
            player: None,
        };
        assert!(matches!(&last_events(&r, 1)[0], RoomEvent::Seats { seats } if seats[0] == idle));
        r.play(Some(1), r.seq(), r.game().legal_moves()[0], secs(51))
            .unwrap();
        assert!(r.computer_due(secs(51)), "no waiting for an idle seat");
        // Back: the person plays their seat again, and the clock counts afresh.
        assert_eq!(r.back(None).unwrap_err().code, ErrorCode::Spectator);
        r.back(Some(0)).unwrap();
        assert!(!r.computer_due(secs(51)));
        assert_eq!(r.holders()[0], person(true, "Asha"));
        let seq = r.seq();
        r.back(Some(0)).unwrap();
        assert_eq!(
            r.seq(),
            seq,
            "back from a seat that is not idle changes nothing"
        );
        // A room without a clock never hurries anyone.
        let mut calm = full(2);
        assert_eq!(calm.turn_left(secs(1000)), None);
        assert!(calm.computer_turn(secs(100_000)).is_none());
    }

    #[test]
    fn refusals_change_nothing() {
        let mut r = room(2);
        let mv = r.game().legal_moves()[0];
        assert_eq!(
            r.play(Some(0), 0, mv, Duration::ZERO).unwrap_err().code,
            ErrorCode::NotStarted
        );
        r.join(Token::from_bits(2), 101, None, Duration::ZERO)
            .unwrap();
        assert_eq!(
            r.play(None, 2, mv, Duration::ZERO).unwrap_err().code,
            ErrorCode::Spectator
        );
        assert_eq!(
            r.play(Some(1), 2, mv, Duration::ZERO).unwrap_err().code,
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            r.play(Some(0), 1, mv, Duration::ZERO).unwrap_err().code,
            ErrorCode::Stale
        );
        assert_eq!(
            r.fill_computer(Some(1), Duration::ZERO).unwrap_err().code,
            ErrorCode::NotHost
        );
        assert_eq!(r.leave(Some(0)).unwrap_err().code, ErrorCode::ResignInstead);
        assert_eq!(
            r.rematch(Some(0), Duration::ZERO).unwrap_err().code,
            ErrorCode::GameNotOver
        );
        assert_eq!(
            r.rematch(None, Duration::ZERO).unwrap_err().code,
            ErrorCode::Spectator
        );
        assert_eq!(
            r.take_seat(Token::from_bits(9), 200).unwrap_err().code,
            ErrorCode::BadToken
        );
        assert_eq!(r.seq(), 2);
        assert!(r.take_notices().is_empty());
        assert_eq!(
            r.play(Some(0), 2, mv, Duration::ZERO),
            Ok(MoveOutcome::Applied(3))
        );
        assert_eq!(
            r.play(Some(0), 2, mv, Duration::ZERO),
            Ok(MoveOutcome::Resent(3))
        );
        assert_eq!(r.game().history().len(), 1);
    }

    #[test]
    fn the_computer_plays_an_away_seat_after_the_grace_time_only() {
        let mut r = full(2);
        let token = Some(Token::from_bits(1));
        r.depart(token, HOST, secs(10));
        assert_eq!(
            r.take_notices(),
            [Notice::Disconnected {
                seat: 0,
                computer_in_ms: 45_000
            }]
        );
        assert_eq!(r.seat_held(token, HOST), None);
        assert!(r.computer_turn(secs(54)).is_none());
        let (seq, game) = r
            .computer_turn(secs(55))
            .expect("seat 0 is the computer's now");
        let mv = game.legal_moves()[0];
        assert_eq!(r.computer_move(seq, mv, secs(55)), Some(seq + 1));
        // Back before the next plan lands: the plan is dropped, the seat is the person's.
        r.play(Some(1), r.seq(), r.game().legal_moves()[0], Duration::ZERO)
            .unwrap();
        let (seq, game) = r.computer_turn(secs(60)).unwrap();
        assert_eq!(r.take_seat(Token::from_bits(1), 200), Ok(0));
        assert_eq!(r.take_notices(), [Notice::Reconnected { seat: 0 }]);
        assert_eq!(r.computer_move(seq, game.legal_moves()[0], secs(61)), None);
        assert_eq!(r.seq(), seq);
        assert!(r.computer_turn(secs(1000)).is_none());
    }

    #[test]
    fn the_computer_waits_while_nobody_is_in_the_room() {
        let mut r = full(2);
        r.depart(Some(Token::from_bits(2)), 101, secs(0));
        r.depart(Some(Token::from_bits(1)), HOST, secs(0));
        assert!(r.computer_turn(secs(100)).is_none());
        r.arrive(HOST);
        assert!(r.computer_turn(secs(100)).is_some());
    }

    #[test]
    fn a_second_connection_replaces_the_first_whose_close_changes_nothing() {
        let mut r = full(2);
        let token = Some(Token::from_bits(2));
        r.arrive(HOST);
        assert_eq!(r.take_seat(Token::from_bits(2), 300), Ok(1));
        assert_eq!(r.take_notices(), [Notice::Replaced { conn: 101 }]);
        assert_eq!(r.seat_held(token, 101), None);
        assert_eq!(r.seat_held(token, 300), Some(1));
        r.depart(token, 101, secs(1));
        assert!(r.take_notices().is_empty());
        assert!(!r.computer_plays(1, secs(1000)));
    }

    #[test]
    fn a_dead_gateways_connections_depart_and_its_plan_is_dropped() {
        // Seat 0 on gateway 0 (HOST), seat 1 and a spectator on gateway 7.
        let mut r = room(2);
        let far = 7u64 << 32;
        r.arrive(far);
        r.join(Token::from_bits(2), far, None, Duration::ZERO)
            .unwrap();
        r.arrive(far + 1);
        r.take_notices();
        assert_eq!(r.gateways(), [0, 7]);
        r.forget_gateway(7, secs(5));
        assert_eq!(
            r.take_notices(),
            [Notice::Disconnected {
                seat: 1,
                computer_in_ms: 45_000
            }]
        );
        assert_eq!(r.gateways(), [0]);
        assert!(!r.expired(secs(5 + 1800)), "the host is still here");
        r.forget_gateway(0, secs(10));
        assert!(r.expired(secs(10 + 1800)) && !r.expired(secs(10 + 1799)));
        // A holder that took the room over plans afresh.
        r.arrive(HOST);
        r.take_seat(Token::from_bits(1), HOST).unwrap();
        r.depart(Some(Token::from_bits(1)), HOST, secs(0));
        r.arrive(far);
        let (seq, _) = r.computer_turn(secs(100)).unwrap();
        assert!(r.computer_turn(secs(100)).is_none());
        r.reset_planning();
        assert_eq!(r.computer_turn(secs(100)).map(|(s, _)| s), Some(seq));
    }

    /// A room created with `random_start` tosses for each game's first seat: the event says
    /// which, the game starts with it, a copy read back from the header and log agrees, and a
    /// rematch tosses again. Different seeds start different seats.
    #[test]
    fn a_room_that_tosses_starts_each_game_with_the_tossed_seat() {
        let mut firsts = Vec::new();
        for seed in 0..16u64 {
            let table = Table {
                variant: Variant::new(starhalma_rules::RuleSet::Laws, 3).unwrap(),
                clock: None,
                public: false,
                toss: Some(seed),
            };
            let mut r = Room::new(
                RoomCode::from_bits(7),
                table,
                Token::from_bits(1),
                HOST,
                name("Asha"),
                Duration::ZERO,
            );
            r.arrive(HOST);
            for seat in 1..3u8 {
                let token = Token::from_bits(u128::from(seat) + 1);
                r.join(token, HOST + u64::from(seat), None, Duration::ZERO)
                    .unwrap();
            }
            let events = r.events_after(0);
            let Some(&(_, RoomEvent::Started { first, .. })) = events.last() else {
                panic!("play starts: {events:?}");
            };
            assert_eq!((r.game().first(), r.game().active()), (first, first));
            firsts.push(first);
            let mv = r.game().legal_moves()[0];
            r.play(Some(first), r.seq(), mv, Duration::ZERO).unwrap();
            r.resign(Some(first)).unwrap();
            r.rematch(Some(0), Duration::ZERO).unwrap();
            let events = r.events_after(0);
            let Some(&(_, RoomEvent::Rematch { first: again, .. })) = events.last() else {
                panic!("a rematch: {events:?}");
            };
            assert_eq!((r.game().first(), r.game().active()), (again, again));
            firsts.push(again);
            let log: Vec<RoomEvent> = events.into_iter().map(|(_, e)| e).collect();
            let back = Room::from_parts(&r.header(), r.turn_since(), log).unwrap();
            assert_eq!(back.game(), r.game());
            assert_eq!(back.first_seat(), r.first_seat(), "the seed is kept");
        }
        for seat in 0..3 {
            assert!(
                firsts.contains(&seat),
                "seat {seat} never starts: {firsts:?}"
            );
        }
        // Without a toss, seat 0 starts.
        let r = full(3);
        assert!(
            r.events_after(0)
                .iter()
                .any(|(_, e)| matches!(e, RoomEvent::Started { first: 0, .. }))
        );
    }

    #[test]
    fn a_room_reads_back_from_its_header_and_log_only_when_they_fit() {
        let mut r = full(2);
        r.play(Some(0), 2, r.game().legal_moves()[0], Duration::ZERO)
            .unwrap();
        r.resign(Some(1)).unwrap();
        r.rematch(Some(0), Duration::ZERO).unwrap();
        r.play(Some(0), 5, r.game().legal_moves()[0], Duration::ZERO)
            .unwrap();
        let header = r.header();
        assert!(header.len() < 1000, "small: {header}");
        let log: Vec<RoomEvent> = r.events_after(0).into_iter().map(|(_, e)| e).collect();
        let back = Room::from_parts(&header, r.turn_since(), log.clone()).unwrap();
        assert_eq!(back.seq(), 6);
        assert_eq!(back.game(), r.game());
        assert_eq!(back.header(), header);
        assert_eq!(back.turn_since(), r.turn_since());
        // A move moves the turn's start, not the header.
        let mut moved = back.clone();
        moved
            .play(Some(1), 6, moved.game().legal_moves()[0], secs(9))
            .unwrap();
        assert_eq!(
            (moved.header(), moved.turn_since()),
            (header.clone(), Some(secs(9)))
        );
        // A header written before the turn's start was kept apart still gives it.
        let mut old_header: serde_json::Value = serde_json::from_str(&header).unwrap();
        old_header["turn_since"] = serde_json::json!({ "secs": 7, "nanos": 0 });
        let old = Room::from_parts(&old_header.to_string(), None, log.clone()).unwrap();
        assert_eq!(old.turn_since(), Some(secs(7)));
        // A move the game cannot follow (twice the same) is not this room's log.
        let mut doubled = log.clone();
        doubled.push(log[2].clone());
        assert!(Room::from_parts(&header, None, doubled).is_none());
        assert!(Room::from_parts("{", None, log).is_none());
    }

    #[test]
    fn a_copy_follows_another_writers_events_and_header() {
        let mut writer = full(2);
        let mut copy = writer.clone();
        let mv = writer.game().legal_moves()[0];
        writer.play(Some(0), 2, mv, Duration::ZERO).unwrap();
        writer.depart(Some(Token::from_bits(2)), HOST + 1, Duration::ZERO);
        for (_, event) in writer.events_after(copy.seq()) {
            copy.follow(event).unwrap();
        }
        copy.set_header(&writer.header()).unwrap();
        assert_eq!(copy.game(), writer.game());
        assert_eq!(copy.header(), writer.header());
        // The same move again does not follow, and changes nothing.
        let before = copy.header();
        assert_eq!(
            copy.follow(RoomEvent::Moved {
                seat: 0,
                mv,
                by: None
            }),
            Err(DoesNotFollow)
        );
        assert_eq!((copy.seq(), copy.header()), (3, before));
        let other = room(3);
        assert_eq!(copy.set_header(&other.header()), Err(DoesNotFollow));
    }

    #[test]
    fn a_leaver_seat_is_the_computers_for_good() {
        let mut r = full(3);
        assert_eq!(r.leave(None).unwrap_err().code, ErrorCode::Spectator);
        let seq = r.leave(Some(1)).unwrap();
        assert_eq!(
            r.events_after(seq - 1),
            [(seq, RoomEvent::Left { seat: 1 })]
        );
        assert_eq!(r.holders()[1], SeatHolder::Computer);
        assert_eq!(
            r.seat_of(Token::from_bits(2)).unwrap_err().code,
            ErrorCode::BadToken
        );
        assert!(r.computer_plays(1, Duration::ZERO));
    }

    #[test]
    fn a_rematch_shifts_every_seat_by_one() {
        let mut r = full(3);
        r.leave(Some(2)).unwrap();
        r.resign(Some(0)).unwrap();
        let before = r.record_id();
        let seq = r.rematch(Some(1), Duration::ZERO).unwrap();
        let seats = vec![
            SeatHolder::Computer,
            person(true, "Asha"),
            person(true, "Player 1"),
        ];
        // A new game, a new record id.
        let record = Some(r.record_id());
        assert_ne!(record, Some(before));
        assert_eq!(
            r.events_after(seq - 1),
            [(
                seq,
                RoomEvent::Rematch {
                    seats,
                    first: 0,
                    record
                }
            )]
        );
        assert_eq!(r.seat_of(Token::from_bits(1)), Ok(1));
        assert_eq!(r.seat_held(Some(Token::from_bits(2)), 101), Some(2));
        assert!(r.game().history().is_empty() && !r.game().is_over());
        assert!(
            r.computer_turn(Duration::ZERO).is_some(),
            "seat 0 moves first"
        );
    }

    #[test]
    fn a_room_expires_half_an_hour_after_its_last_connection_or_a_day_after_creation() {
        let mut r = room(2);
        r.depart(Some(Token::from_bits(1)), HOST, secs(60));
        assert!(!r.expired(secs(60 + 1799)));
        assert!(r.expired(secs(60 + 1800)));
        r.arrive(HOST);
        assert!(!r.expired(secs(86_399)));
        assert!(r.expired(secs(86_400)));
    }
}

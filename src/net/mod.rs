//! Online play with friends through a room server (`starhalma-server`, docs/ONLINE.md), on
//! core's one path: the server decides, and the client applies only what it confirmed.
//!
//! - A person's move here is checked by core and comes out as a `Proposal`, sent as `move`;
//!   Resign, Leave and Rematch likewise.
//! - The server's events are queued by seq (`starhalma_protocol::Session`, a plain state machine in the protocol
//!   crate) and applied in order, one at a time and only while nothing animates: a move as a
//!   `Network` `MoveRequest`, a resignation, a leave or a rematch as a `RoomChange` command
//!   that core makes with the rules crate. The next waits until core applied (or refused) it,
//!   matched by where it came from, so the connection never plays the rules itself.
//! - `welcome` (entering, reconnecting, a resync) hands core the room's game the same way.
//! - A lost connection is retried with the seat's token; the token of every room this device
//!   sat in is kept ([`OnlineMemory`], stored by persist), so a reload or Continue takes the seat
//!   back.
//!
//! `connection.rs` keeps the socket and the session and talks to the server; `events.rs` hands
//! the room's events to core one at a time.

mod connection;
mod events;
mod fetch;
mod records;
mod replay;
mod socket;

pub use records::{FinishedRecord, KnownRatings, Remote, ServerRecords};
pub(crate) use replay::{ReplayArrived, record_in_url};

pub use socket::ScriptedNetwork;

use crate::core::{CommandApplied, GameCommand, Match};
use crate::frame::Frame;
use crate::locale::colour_name;
use crate::locale::{Phrase, SeatNames, SeatSymbols, Words};
use bevy::prelude::*;
use connection::{Connection, handle_requests, receive, send_proposals};
use events::apply_events;
use serde::{Deserialize, Serialize};
use starhalma_locale::id;
use starhalma_protocol::{
    ErrorCode, LobbyRoom, MatchVariant, MoveClock, PlayerKey, PlayerName, Reaction, RoomCode,
    SeatHolder, Token,
};
use starhalma_rules::Variant;

/// Where "Play a friend" opens rooms (`http://HOST:PORT`): the page's own server on the web,
/// `--server` on the desktop; `None` hides the button.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerUrl(pub Option<String>);

/// The server address the player typed on the Play online page (the desktop), kept in the
/// settings: where the game plays online unless `--server` or the web page's own server says
/// otherwise.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChosenServer(pub Option<String>);

/// What the interface asks of the connection.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Open a room for this variant, with this move clock or none, on [`ServerUrl`], as its
    /// host (seat 0); a `public` one is listed in the lobby; `random_start`: the server tosses
    /// for each game's first seat.
    Host {
        variant: Variant,
        clock: Option<MoveClock>,
        public: bool,
        random_start: bool,
    },
    /// Enter the room a link names, with the seat token kept for it if any.
    Join(String),
    /// Enter the room a link names and take its lowest open seat (a waiting public table
    /// picked from the lobby).
    Sit(String),
    /// A seat at the oldest public table waiting for this variant (or any rule set for the
    /// player count) on [`ServerUrl`], or a new one, with the given clock or any.
    QuickMatch(MatchVariant, u8, Option<MoveClock>),
    /// Start the room server inside the game on the local network ([`LocalServer`]), make
    /// it the [`ServerUrl`], and open a private room there as its host (desktop only).
    HostHere {
        variant: Variant,
        clock: Option<MoveClock>,
        random_start: bool,
    },
    /// Follow the list of public tables on [`ServerUrl`] ([`Lobby`]).
    WatchLobby,
    /// Stop following it.
    LeaveLobby,
    /// Take the lowest open seat (a spectator, in a room with one).
    TakeSeat,
    /// The host seats the computer in every open seat, which starts play.
    FillComputer,
    /// Send everyone in the room a reaction (a seated player).
    React(Reaction),
    /// Take back the seat the clock left to the computer.
    Back,
    /// Open a finished game's replay by its share link (`…/?game=ID`).
    OpenReplay(String),
    /// Read this player's kept online games from the server ([`ServerRecords`]).
    FetchMyGames,
    /// Read the next page of them (the older ones), added to those read.
    FetchMoreGames,
    /// Read a family's leaderboard, for games of one player count or all.
    FetchLeaderboard(starhalma_protocol::Family, Option<u8>),
}

/// Who this player is online and how they take others' reactions; kept in the settings.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerProfile {
    /// The display name sent with every `hello`; suggested in the player's language the first
    /// time they go online ([`suggest_name`]).
    pub name: Option<PlayerName>,
    /// Others' reactions are not shown (sending stays possible).
    pub mute_reactions: bool,
    /// The player's key: made the first time they go online, sent with every `hello`,
    /// `create` and `quick_match`, so their games and ratings are kept as theirs. Shown as
    /// a player code ([`player_code`]) to move to another device.
    pub player_key: Option<PlayerKey>,
}

/// A new player key: 128 bits from the system's secure random source (the browser's
/// `crypto.getRandomValues` on the web).
pub(crate) fn new_player_key() -> PlayerKey {
    let mut bytes = [0u8; 16];
    if let Err(e) = fill_random(&mut bytes) {
        // Never seen in practice; a key from the clock is still unique, if guessable.
        warn!("no secure random source ({e}); the player key comes from the clock");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let mut mix = starhalma_ai::SplitMix(now);
        bytes[..8].copy_from_slice(&mix.next_u64().to_be_bytes());
        bytes[8..].copy_from_slice(&mix.next_u64().to_be_bytes());
    }
    PlayerKey::from_bits(u128::from_be_bytes(bytes))
}

#[cfg(not(target_arch = "wasm32"))]
fn fill_random(bytes: &mut [u8]) -> Result<(), String> {
    getrandom::fill(bytes).map_err(|e| e.to_string())
}

#[cfg(target_arch = "wasm32")]
fn fill_random(bytes: &mut [u8]) -> Result<(), String> {
    // Only logged (`new_player_key` warns), never shown.
    let crypto = web_sys::window()
        .ok_or("window")?
        .crypto()
        .map_err(|_| "crypto")?;
    crypto
        .get_random_values_with_u8_array(bytes)
        .map(|_| ())
        .map_err(|_| "getRandomValues".to_string())
}

/// A key as a player code to write down or copy: eight groups of four ("6b1f-0c2d-…").
pub(crate) fn player_code(key: PlayerKey) -> String {
    let hex = key.to_string();
    let groups: Vec<&str> = (0..8).map(|i| &hex[4 * i..4 * i + 4]).collect();
    groups.join("-")
}

/// A typed player code back as a key: dashes, spaces and capitals are forgiven.
pub(crate) fn read_player_code(text: &str) -> Option<PlayerKey> {
    let hex: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\u{3000}'))
        .flat_map(char::to_lowercase)
        .collect();
    hex.parse().ok()
}

/// A name to suggest: an adjective, a marble word and a number in the player's language
/// ("Swift Marble 42", "はやい星42"), picked by `seed`.
pub fn suggest_name(words: &Words, seed: u64) -> PlayerName {
    let mut mix = starhalma_ai::SplitMix(seed);
    let mut pick = |list: &'static str| {
        let line = words.say(
            &Phrase::msg(list),
            SeatSymbols::default(),
            &SeatNames::default(),
        );
        let choices: Vec<String> = line.split(',').map(|w| w.trim().to_string()).collect();
        let at = (mix.next_u64() % choices.len() as u64) as usize;
        choices[at].clone()
    };
    let adjective = pick(id::NAME_ADJECTIVES);
    let marble = pick(id::NAME_MARBLES);
    let number = 10 + (mix.next_u64() % 90) as i64;
    let text = words.say(
        &Phrase::msg(id::NAME_SUGGESTION)
            .with("adjective", Phrase::Verbatim(adjective))
            .with("marble", Phrase::Verbatim(marble.clone()))
            .with("number", Phrase::Verbatim(number.to_string())),
        SeatSymbols::default(),
        &SeatNames::default(),
    );
    // A translation too long for a name still leaves the player a valid one.
    PlayerName::new(&text)
        .or_else(|_| PlayerName::new(&format!("{marble} {number}")))
        .unwrap_or_else(|_| PlayerName::new(&number.to_string()).expect("digits are a name"))
}

/// "Host on this computer": where the game's own room server listens (all addresses, port
/// 8080 unless taken, by default; tests use 127.0.0.1 and any port) and, once started, where
/// it does.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalServer {
    pub bind: std::net::SocketAddr,
    pub running: Option<std::net::SocketAddr>,
}

impl Default for LocalServer {
    fn default() -> LocalServer {
        LocalServer {
            bind: std::net::SocketAddr::from(([0, 0, 0, 0], 8080)),
            running: None,
        }
    }
}

impl LocalServer {
    /// Start the server (once), with the web build beside the game when there is one; the
    /// address friends reach it by (`http://192.168.1.20:8080`).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn start(&mut self) -> std::io::Result<String> {
        let addr = match self.running {
            Some(addr) => addr,
            None => {
                let dist = web_build_beside();
                let served = starhalma_server::serve_in_background(self.bind, dist.clone())
                    // The usual port taken (another copy of the game, say): any free one.
                    .or_else(|_| {
                        let any = std::net::SocketAddr::new(self.bind.ip(), 0);
                        starhalma_server::serve_in_background(any, dist)
                    })?;
                self.running = Some(served);
                served
            }
        };
        let host = if addr.ip().is_unspecified() {
            lan_address().unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]))
        } else {
            addr.ip()
        };
        Ok(format!(
            "http://{}",
            std::net::SocketAddr::new(host, addr.port())
        ))
    }
}

/// This computer's address on its network: the one a route to elsewhere leaves from (a UDP
/// socket's `connect` picks it without sending anything).
#[cfg(not(target_arch = "wasm32"))]
fn lan_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    // TEST-NET-1 (RFC 5737): never a real host; only the route to it matters.
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// The web build (`web/build.sh` writes `dist/`) next to the game's executable, or in the
/// folder it was started from: served too, so a phone's browser plays with nothing installed.
#[cfg(not(target_arch = "wasm32"))]
fn web_build_beside() -> Option<std::path::PathBuf> {
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("dist")));
    let here = std::path::PathBuf::from("dist");
    beside_exe
        .into_iter()
        .chain([here])
        .find(|dir| dir.join("index.html").is_file())
}

/// The public tables on the server, as the Play online screen lists them.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    pub state: LobbyState,
    /// The newest first, each with when it arrived (`Time<Real>::elapsed_secs_f64`), which its age
    /// counts from.
    pub rooms: Vec<(LobbyRoom, f64)>,
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
    pub fn age_secs(room: &LobbyRoom, arrived: f64, now: f64) -> i64 {
        (room.age_ms as f64 / 1000.0 + (now - arrived)).max(0.0) as i64
    }

    /// The whole list, as the server sent it.
    pub(super) fn replace(&mut self, rooms: Vec<LobbyRoom>, now: f64) {
        self.state = LobbyState::Listing;
        self.rooms = rooms.into_iter().map(|room| (room, now)).collect();
    }

    /// A table entered the list or changed: in its place by age, the newest first.
    pub(super) fn listed(&mut self, room: LobbyRoom, now: f64) {
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

/// A room link to enter as soon as the game starts (the page's `?room=`, the desktop's
/// `--join`), or a finished game's link to replay (`?game=`, `--game`).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct JoinAtStart(pub String);

/// Seat tokens of the rooms this device sat in (newest last) and the last online room, which
/// Continue rejoins. Persist keeps it between runs.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineMemory {
    pub tokens: Vec<(RoomCode, Token)>,
    pub last_link: Option<String>,
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
    pub link: Option<String>,
    /// This device's seat; `None` for a spectator.
    pub seat: Option<u8>,
    pub host: bool,
    pub seats: Vec<SeatHolder>,
    /// Every seat is taken and play has begun.
    pub started: bool,
    /// Seats whose person lost the connection, with the time (`Time<Real>::elapsed_secs_f64`) when
    /// the computer starts playing their turns.
    pub away: Vec<(u8, f64)>,
    /// The server's latest refusal.
    pub refusal: Option<Phrase>,
    /// Reactions heard in this room, oldest first (the interface shows the recent ones).
    pub reactions: Vec<Reacted>,
    /// The room's move clock, if it has one.
    pub clock: Option<MoveClock>,
    /// With a clock: when (`Time<Real>::elapsed_secs_f64`) the seat to move runs out of time,
    /// counted from when its turn's start reached this device.
    pub turn_deadline: Option<f64>,
    /// Before play starts: since when (`Time<Real>::elapsed_secs_f64`) this device has waited in
    /// the room for players.
    pub waiting_since: Option<f64>,
    /// The id the room's current game is kept under on the server once it ends (its replay
    /// link, [`Online::replay_link`]).
    pub record: Option<String>,
}

/// How long a host waits for players before the game suggests the computer for the open
/// seats.
pub(crate) const WAIT_BEFORE_SUGGESTING_COMPUTER: f64 = 60.0;

/// A reaction someone in the room sent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reacted {
    pub seat: u8,
    pub reaction: Reaction,
    /// When it arrived (`Time<Real>::elapsed_secs_f64`).
    pub at: f64,
    /// How many moves the game had then (the move list shows it after that move).
    pub ply: usize,
}

/// How long a reaction's bubble shows.
pub(crate) const REACTION_SHOWN_SECS: f64 = 4.0;

/// Every seat named by who plays it (see [`SeatNames`]): online only.
fn name_seats(
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
    pub fn recent_reactions(&self, now: f64) -> impl Iterator<Item = &Reacted> {
        self.reactions
            .iter()
            .filter(move |r| now - r.at < REACTION_SHOWN_SECS)
    }

    /// Whether the host has waited long enough for players that the game suggests filling
    /// the open seats with the computer.
    pub fn waited_long(&self, now: f64) -> bool {
        self.host_waiting_since()
            .is_some_and(|since| now - since >= WAIT_BEFORE_SUGGESTING_COMPUTER)
    }

    /// Since when this device, the host, has waited for players, while play has not started.
    pub fn host_waiting_since(&self) -> Option<f64> {
        self.waiting_since.filter(|_| self.host && !self.started)
    }

    /// Whether the clock left this device's seat to the computer.
    pub fn idle_here(&self) -> bool {
        self.seat
            .and_then(|s| self.seats.get(usize::from(s)))
            .is_some_and(|holder| matches!(holder, SeatHolder::Person { idle: true, .. }))
    }

    /// The current game's replay link (`http(s)://HOST:PORT/?game=ID`), once play started.
    pub fn replay_link(&self) -> Option<String> {
        let record = self.record.as_ref()?;
        Some(format!("{}/?game={record}", self.origin()?))
    }

    /// The room's server (`http://HOST:PORT`), from its link: where its records are read
    /// (a room joined by a link may be on another server than the menu's).
    pub fn origin(&self) -> Option<&str> {
        self.link.as_ref()?.split("/?").next()
    }

    /// Whole seconds the seat to move has left at `now` (rounded up), with a clock.
    pub fn seconds_left(&self, now: f64) -> Option<i64> {
        self.turn_deadline
            .map(|deadline| (deadline - now).ceil().max(0.0) as i64)
    }
}

fn join_at_start(
    join: Option<Res<JoinAtStart>>,
    mut commands: Commands,
    mut requests: MessageWriter<NetRequest>,
) {
    if let Some(join) = join {
        requests.write(if record_in_url(&join.0).is_some() {
            NetRequest::OpenReplay(join.0.clone())
        } else {
            NetRequest::Join(join.0.clone())
        });
        commands.remove_resource::<JoinAtStart>();
    }
}

/// The web page's own server (`http(s)://HOST:PORT`) and the room link it was opened with.
#[cfg(target_arch = "wasm32")]
fn page_address() -> Option<(String, String)> {
    let location = web_sys::window()?.location();
    let origin = location.origin().ok()?;
    let href = location.href().ok()?;
    origin.starts_with("http").then_some((origin, href))
}

/// A local game started (new game or load): online play is over; the room's link and token
/// stay kept, so opening the link again takes the seat back.
fn leave_online(
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

pub(crate) struct NetPlugin;

impl Plugin for NetPlugin {
    fn build(&self, app: &mut App) {
        #[cfg(target_arch = "wasm32")]
        if let Some((origin, href)) = page_address() {
            app.insert_resource(ServerUrl(Some(origin)));
            if starhalma_protocol::room_in_url(&href).is_ok() || record_in_url(&href).is_some() {
                app.insert_resource(JoinAtStart(href));
            }
        }
        app.add_message::<NetRequest>()
            .init_resource::<ServerUrl>()
            .init_resource::<OnlineMemory>()
            .init_resource::<Online>()
            .init_resource::<Lobby>()
            .init_resource::<LocalServer>()
            .init_resource::<ChosenServer>()
            .init_resource::<Connection>()
            .init_resource::<PlayerProfile>()
            .init_resource::<replay::PendingReplay>()
            .init_resource::<records::PendingRecords>()
            .init_resource::<ServerRecords>()
            .init_resource::<KnownRatings>()
            .init_resource::<FinishedRecord>()
            .init_resource::<records::PendingFinished>()
            .add_message::<ReplayArrived>()
            .add_systems(
                Update,
                (
                    (
                        join_at_start,
                        handle_requests,
                        replay::open_replays,
                        replay::receive_replay,
                        records::fetch_records,
                        records::receive_records,
                        send_proposals,
                        receive,
                        apply_events,
                        records::receive_ratings,
                        records::ask_ratings.run_if(
                            resource_changed::<Online>
                                .or_eager(resource_changed::<Lobby>)
                                .or_eager(resource_changed::<KnownRatings>),
                        ),
                        records::fetch_finished_record,
                        name_seats.run_if(
                            resource_changed::<Online>
                                .or_eager(resource_changed::<Match>)
                                .or_eager(resource_changed::<KnownRatings>),
                        ),
                    )
                        .chain()
                        .in_set(Frame::Net),
                    (leave_online, connection::keep_ticking)
                        .chain()
                        .in_set(Frame::Hud),
                ),
            );
    }
}

/// A link that cannot be opened: "LINK: why".
pub(super) fn bad_link(link: &str, error: &starhalma_protocol::LinkError) -> Phrase {
    use starhalma_protocol::{IdError, LinkError};
    let why = match error {
        LinkError::NoRoom => Phrase::msg(id::LINK_NO_ROOM),
        LinkError::BadScheme => Phrase::msg(id::LINK_BAD_SCHEME),
        LinkError::NoHost => Phrase::msg(id::LINK_NO_HOST),
        LinkError::BadRoom(IdError::RoomCode(code) | IdError::Token(code)) => {
            Phrase::msg(id::LINK_BAD_ROOM).with("code", Phrase::Verbatim(code.clone()))
        }
        // Links carry no player key; should one ever be read as one, it names no room.
        LinkError::BadRoom(IdError::PlayerKey) => Phrase::msg(id::LINK_NO_ROOM),
    };
    Phrase::msg(id::ONLINE_BAD_LINK)
        .with("link", Phrase::Verbatim(link.to_string()))
        .with("reason", why)
}

/// The server's refusal in the player's language where the game knows its code; otherwise in
/// the server's own words.
pub(super) fn server_error(code: ErrorCode, message: String) -> Phrase {
    let id = match code {
        ErrorCode::RateLimited => id::SERVER_ERROR_RATE_LIMITED,
        ErrorCode::TooManyConnections => id::SERVER_ERROR_TOO_MANY_CONNECTIONS,
        ErrorCode::TooManyRooms => id::SERVER_ERROR_TOO_MANY_ROOMS,
        ErrorCode::TooManyRoomsCreated => id::SERVER_ERROR_TOO_MANY_ROOMS_CREATED,
        ErrorCode::NoSuchRoom => id::SERVER_ERROR_NO_SUCH_ROOM,
        ErrorCode::Expired => id::SERVER_ERROR_EXPIRED,
        ErrorCode::BadToken => id::SERVER_ERROR_BAD_TOKEN,
        ErrorCode::RoomFull => id::SERVER_ERROR_ROOM_FULL,
        ErrorCode::Spectator => id::SERVER_ERROR_SPECTATOR,
        ErrorCode::NotHost => id::SERVER_ERROR_NOT_HOST,
        ErrorCode::AlreadyStarted => id::SERVER_ERROR_ALREADY_STARTED,
        ErrorCode::NotStarted => id::SERVER_ERROR_NOT_STARTED,
        ErrorCode::ResignInstead => id::SERVER_ERROR_RESIGN_INSTEAD,
        ErrorCode::GameNotOver => id::SERVER_ERROR_GAME_NOT_OVER,
        ErrorCode::NotYourTurn | ErrorCode::NotYourSeat => id::REASON_NOT_YOUR_TURN,
        ErrorCode::Unavailable => id::SERVER_ERROR_UNAVAILABLE,
        ErrorCode::TooManyWaiting => id::SERVER_ERROR_TOO_MANY_WAITING,
        ErrorCode::TooManyWatchers => id::SERVER_ERROR_TOO_MANY_WATCHERS,
        _ => return Phrase::Verbatim(message),
    };
    Phrase::msg(id)
}

//! Online play with friends through a room server (`starhalma-server`, docs/ONLINE.md), on
//! core's one path: the server decides, and the client applies only what it confirmed.
//!
//! - A person's move here is checked by core and comes out as a [`Proposal`], sent as `move`;
//!   Resign, Leave and Rematch likewise.
//! - The server's events are queued by seq and applied in order, one move at a time and only
//!   while nothing animates: a move as `MoveRequest { Exact(mv), Network }`, anything else that
//!   changes the game as a [`GameCommand::Online`] snapshot. A gap in the seqs asks for `sync`.
//! - `welcome` (entering, reconnecting, a resync) replaces the match the same way.
//! - A lost connection is retried with the seat's token; the token of every room this device
//!   sat in is kept ([`OnlineMemory`], stored by persist), so a reload or Continue takes the seat
//!   back.

mod socket;

pub use socket::ScriptedNetwork;

use crate::core::{
    Animating, CommandApplied, GameCommand, GameSet, Match, MoveApplied, MoveRejected, MoveRequest,
    MoveSource, Proposal, SeatKind, Setup,
};
use crate::locale::Phrase;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use socket::{Socket, SocketEvent};
use starhalma_protocol::{
    ClientMessage, ErrorCode, RoomCode, RoomEvent, SeatHolder, ServerMessage, Token, Welcome,
    decode_server, room_in_url, socket_url,
};
use starhalma_rules::{Game, Variant};
use std::collections::BTreeMap;

/// Where "Play a friend" opens rooms (`http://HOST:PORT`): the page's own server on the web,
/// `--server` on the desktop; `None` hides the button.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerUrl(pub Option<String>);

/// What the interface asks of the connection.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Open a room for this variant on [`ServerUrl`], as its host (seat 0).
    Host(Variant),
    /// Enter the room a link names, with the seat token kept for it if any.
    Join(String),
    /// Take the lowest open seat (a spectator, in a room with one).
    TakeSeat,
    /// The host seats the computer in every open seat, which starts play.
    FillComputer,
}

/// A room link to enter as soon as the game starts (the page's `?room=`, the desktop's
/// `--join`).
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
    fn token(&self, room: RoomCode) -> Option<Token> {
        self.tokens
            .iter()
            .rev()
            .find(|(r, _)| *r == room)
            .map(|(_, t)| *t)
    }

    fn keep(&mut self, room: RoomCode, token: Token) {
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
    /// Seats whose person lost the connection, with the time (`Time::elapsed_secs_f64`) when
    /// the computer starts playing their turns.
    pub away: Vec<(u8, f64)>,
    /// The server's latest refusal.
    pub refusal: Option<Phrase>,
}

impl Online {
    pub fn is_online(&self) -> bool {
        self.phase != Phase::Offline
    }
}

/// The connection's working state.
#[derive(Resource, Default)]
struct Connection {
    socket: Option<Socket>,
    open: bool,
    /// Sent once the socket opens.
    outbox: Vec<ClientMessage>,
    /// The socket address, for reconnecting.
    url: Option<String>,
    room: Option<RoomCode>,
    token: Option<Token>,
    /// Events up to this seq are applied here.
    applied: u64,
    /// Events received and not applied yet, by seq.
    queue: BTreeMap<u64, RoomEvent>,
    /// The seq of a server move sent to core and not yet seen applied.
    playing: Option<u64>,
    /// The `have` of the last `sync` sent, so a gap asks once.
    asked_sync: Option<u64>,
    /// A snapshot was sent to core this frame: events wait for the next, so that none is
    /// applied to the game the snapshot replaces (core applies moves before commands).
    snapshot_sent: bool,
    /// The id of a move sent and not yet answered.
    in_flight: Option<u32>,
    last_id: u32,
    /// When to try the connection again, and how many tries so far.
    retry_at: Option<f64>,
    retries: u32,
}

impl Connection {
    fn send(&mut self, message: ClientMessage) {
        match &self.socket {
            Some(socket) if self.open => socket.send(&message),
            _ => self.outbox.push(message),
        }
    }

    fn connect(&mut self, url: String, script: Option<&ScriptedNetwork>) {
        self.socket = Some(Socket::open(&url, script));
        self.open = false;
        self.url = Some(url);
    }

    /// Forget everything about the room (a new connection starts from its `welcome`).
    fn reset(&mut self) {
        *self = Connection {
            last_id: self.last_id,
            ..Connection::default()
        };
    }
}

/// The seats as this device plays them: its own seat a person here, every other one remote.
fn online_setup(variant: Variant, seat: Option<u8>) -> Setup {
    Setup {
        variant,
        seats: variant
            .seats()
            .map(|s| {
                if Some(s) == seat {
                    SeatKind::Human
                } else {
                    SeatKind::Remote
                }
            })
            .collect(),
    }
}

fn join_at_start(
    join: Option<Res<JoinAtStart>>,
    mut commands: Commands,
    mut requests: MessageWriter<NetRequest>,
) {
    if let Some(join) = join {
        requests.write(NetRequest::Join(join.0.clone()));
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

/// Requests from the interface.
#[allow(clippy::too_many_arguments)]
fn handle_requests(
    mut requests: MessageReader<NetRequest>,
    mut conn: ResMut<Connection>,
    mut online: ResMut<Online>,
    mut memory: ResMut<OnlineMemory>,
    server: Res<ServerUrl>,
    state: Res<Match>,
    script: Option<Res<ScriptedNetwork>>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            NetRequest::Host(variant) => {
                let Some(origin) = &server.0 else {
                    online.phase = Phase::Failed(Phrase::msg("online-no-server"));
                    continue;
                };
                let url = match socket_url(&format!("{}/", origin.trim_end_matches('/'))) {
                    Ok(url) => url,
                    Err(e) => {
                        online.phase = Phase::Failed(bad_link(origin, &e));
                        continue;
                    }
                };
                conn.reset();
                *online = Online {
                    phase: Phase::Connecting,
                    ..default()
                };
                conn.connect(url, script.as_deref());
                conn.send(ClientMessage::Hello {
                    room: None,
                    token: None,
                });
                conn.send(ClientMessage::Create { variant: *variant });
                // Nobody moves on the empty board until the room's own game arrives.
                commands.write(GameCommand::Online(
                    Box::new(Game::new(*variant)),
                    online_setup(*variant, None),
                ));
            }
            NetRequest::Join(link) => {
                let parsed =
                    room_in_url(link).and_then(|room| socket_url(link).map(|url| (room, url)));
                let (room, url) = match parsed {
                    Ok(found) => found,
                    Err(e) => {
                        online.phase = Phase::Failed(bad_link(link, &e));
                        continue;
                    }
                };
                if conn.room == Some(room) && conn.socket.is_some() {
                    continue;
                }
                conn.reset();
                *online = Online {
                    phase: Phase::Connecting,
                    ..default()
                };
                memory.last_link = Some(link.clone());
                conn.room = Some(room);
                conn.token = memory.token(room);
                conn.connect(url, script.as_deref());
                let token = conn.token;
                conn.send(ClientMessage::Hello {
                    room: Some(room),
                    token,
                });
                let variant = state.game.variant();
                commands.write(GameCommand::Online(
                    Box::new(Game::new(variant)),
                    online_setup(variant, None),
                ));
            }
            NetRequest::TakeSeat => conn.send(ClientMessage::Join {}),
            NetRequest::FillComputer => conn.send(ClientMessage::FillComputer {}),
        }
    }
}

/// What a person here proposed goes to the server; one move at a time.
fn send_proposals(
    mut proposals: MessageReader<Proposal>,
    mut conn: ResMut<Connection>,
    mut online: ResMut<Online>,
) {
    for proposal in proposals.read() {
        let message = match *proposal {
            Proposal::Move(mv) => {
                if conn.in_flight.is_some() {
                    online.refusal = Some(Phrase::msg("online-wait-for-server"));
                    continue;
                }
                conn.last_id = conn.last_id.wrapping_add(1);
                let id = conn.last_id;
                conn.in_flight = Some(id);
                ClientMessage::Move {
                    seq: conn.applied,
                    mv,
                    id,
                }
            }
            Proposal::Resign => ClientMessage::Resign {},
            Proposal::Leave => ClientMessage::Leave {},
            Proposal::Rematch => ClientMessage::Rematch {},
        };
        conn.send(message);
    }
}

/// Read the socket: open, frames, close (then try again with the token).
#[allow(clippy::too_many_arguments)]
fn receive(
    mut conn: ResMut<Connection>,
    mut online: ResMut<Online>,
    mut memory: ResMut<OnlineMemory>,
    time: Res<Time>,
    script: Option<Res<ScriptedNetwork>>,
    mut commands: MessageWriter<GameCommand>,
) {
    let now = time.elapsed_secs_f64();
    if let Some(at) = conn.retry_at
        && now >= at
        && let Some(url) = conn.url.clone()
    {
        conn.retry_at = None;
        conn.connect(url, script.as_deref());
        let (room, token) = (conn.room, conn.token);
        conn.send(ClientMessage::Hello { room, token });
    }
    let Some(socket) = &conn.socket else {
        return;
    };
    for event in socket.poll() {
        match event {
            SocketEvent::Opened => {
                conn.open = true;
                for message in std::mem::take(&mut conn.outbox) {
                    conn.send(message);
                }
            }
            SocketEvent::Frame(frame) => match decode_server(&frame) {
                Ok(message) => handle_message(
                    &mut conn,
                    &mut online,
                    &mut memory,
                    now,
                    message,
                    &mut commands,
                ),
                Err(e) => warn!("the server sent something unreadable: {e}"),
            },
            SocketEvent::Closed(why) => {
                conn.socket = None;
                conn.open = false;
                conn.in_flight = None;
                match online.phase {
                    // Only a room we were in is worth coming back to.
                    Phase::InRoom | Phase::Reconnecting if conn.room.is_some() => {
                        online.phase = Phase::Reconnecting;
                        conn.retries += 1;
                        let wait = f64::from(1u32 << conn.retries.min(4)) / 2.0;
                        conn.retry_at = Some(now + wait);
                    }
                    Phase::Connecting => online.phase = Phase::Failed(why),
                    _ => {}
                }
                return;
            }
        }
        if conn.socket.is_none() {
            return;
        }
    }
}

fn handle_message(
    conn: &mut Connection,
    online: &mut Online,
    memory: &mut OnlineMemory,
    now: f64,
    message: ServerMessage,
    commands: &mut MessageWriter<GameCommand>,
) {
    match message {
        ServerMessage::Welcome(welcome) => {
            let Welcome {
                room,
                link,
                seat,
                token,
                host,
                seats,
                game,
                seq,
            } = *welcome;
            if let Some(token) = token {
                memory.keep(room, token);
            }
            memory.last_link = Some(link.clone());
            conn.room = Some(room);
            conn.token = token;
            conn.applied = seq;
            conn.queue.retain(|&s, _| s > seq);
            conn.playing = None;
            conn.asked_sync = None;
            conn.retries = 0;
            let started = !seats.contains(&SeatHolder::Open) || !game.history().is_empty();
            *online = Online {
                phase: Phase::InRoom,
                link: Some(link),
                seat,
                host,
                seats,
                started,
                away: Vec::new(),
                refusal: None,
            };
            let setup = online_setup(game.variant(), seat);
            commands.write(GameCommand::Online(Box::new(game), setup));
            conn.snapshot_sent = true;
        }
        ServerMessage::Event { seq, event } => {
            if seq > conn.applied {
                conn.queue.insert(seq, event);
            }
        }
        ServerMessage::Ack { id, .. } => {
            if conn.in_flight == Some(id) {
                conn.in_flight = None;
            }
        }
        ServerMessage::Error { code, message, id } => {
            if id.is_some() && conn.in_flight == id {
                conn.in_flight = None;
            }
            match code {
                ErrorCode::Expired | ErrorCode::NoSuchRoom => {
                    online.phase = Phase::Expired;
                    conn.socket = None;
                    memory.last_link = None;
                }
                ErrorCode::BadToken => {
                    // The seat is not ours after all: enter as a spectator.
                    if let Some(room) = conn.room {
                        memory.tokens.retain(|(r, _)| *r != room);
                        conn.token = None;
                        conn.send(ClientMessage::Hello {
                            room: Some(room),
                            token: None,
                        });
                    }
                }
                _ => {}
            }
            online.refusal = Some(server_error(code, message));
        }
        ServerMessage::Disconnected {
            seat,
            computer_in_ms,
        } => {
            online.away.retain(|(s, _)| *s != seat);
            online
                .away
                .push((seat, now + computer_in_ms as f64 / 1000.0));
        }
        ServerMessage::Reconnected { seat } => online.away.retain(|(s, _)| *s != seat),
        ServerMessage::Replaced {} => {
            online.phase = Phase::Replaced;
            conn.socket = None;
        }
        ServerMessage::Pong {} => {}
    }
}

/// Apply the queued events in seq order: a move only once the last one finished animating, and
/// one change of the game per frame (each is applied by core before the next is looked at).
#[allow(clippy::too_many_arguments)]
fn apply_events(
    mut conn: ResMut<Connection>,
    mut online: ResMut<Online>,
    mut memory: ResMut<OnlineMemory>,
    state: Res<Match>,
    animating: Res<Animating>,
    mut applied: MessageReader<MoveApplied>,
    mut rejected: MessageReader<MoveRejected>,
    mut requests: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<GameCommand>,
) {
    let played = applied.read().count() > 0;
    let refused = rejected
        .read()
        .any(|r| r.request.source == MoveSource::Network);
    if let Some(seq) = conn.playing {
        if refused {
            // Our game and the server's disagree: ask for the whole state (a `have` past the
            // room's end is answered with a fresh `welcome`).
            conn.playing = None;
            conn.queue.clear();
            conn.send(ClientMessage::Sync { have: u64::MAX });
            return;
        }
        if !played {
            return;
        }
        conn.applied = seq;
        conn.playing = None;
    }
    if std::mem::take(&mut conn.snapshot_sent) || animating.0 || conn.socket.is_none() {
        return;
    }
    while let Some((&seq, _)) = conn.queue.first_key_value() {
        if seq <= conn.applied {
            conn.queue.pop_first();
            continue;
        }
        if seq > conn.applied + 1 {
            let have = conn.applied;
            if conn.asked_sync != Some(have) {
                conn.asked_sync = Some(have);
                conn.send(ClientMessage::Sync { have });
            }
            return;
        }
        let Some((seq, event)) = conn.queue.pop_first() else {
            return;
        };
        let variant = state.game.variant();
        match event {
            RoomEvent::Moved { mv, .. } => {
                requests.write(MoveRequest {
                    intent: crate::core::Intent::Exact(mv),
                    source: MoveSource::Network,
                });
                conn.playing = Some(seq);
                return;
            }
            RoomEvent::Seats { seats } => {
                online.started |= !seats.contains(&SeatHolder::Open);
                online.seats = seats;
                conn.applied = seq;
            }
            RoomEvent::Started {} => {
                online.started = true;
                conn.applied = seq;
            }
            RoomEvent::Resigned { seat } => {
                let mut game = state.game.clone();
                if game.resign(seat).is_err() {
                    conn.send(ClientMessage::Sync { have: u64::MAX });
                    return;
                }
                conn.applied = seq;
                commands.write(GameCommand::Online(Box::new(game), state.setup.clone()));
                return;
            }
            RoomEvent::Left { seat } => {
                if let Some(holder) = online.seats.get_mut(usize::from(seat)) {
                    *holder = SeatHolder::Computer;
                }
                conn.applied = seq;
                if online.seat == Some(seat) {
                    // The seat is the computer's for good: its token is spent.
                    online.seat = None;
                    if let Some(room) = conn.room {
                        memory.tokens.retain(|(r, _)| *r != room);
                    }
                    conn.token = None;
                    let setup = online_setup(variant, None);
                    commands.write(GameCommand::Online(Box::new(state.game.clone()), setup));
                    return;
                }
            }
            RoomEvent::Rematch { seats } => {
                let players = variant.players();
                online.seat = online.seat.map(|s| (s + 1) % players);
                // The host is whoever sits in seat 0.
                online.host = online.seat == Some(0);
                online.seats = seats;
                online.away.clear();
                conn.applied = seq;
                let setup = online_setup(variant, online.seat);
                commands.write(GameCommand::Online(Box::new(Game::new(variant)), setup));
                return;
            }
        }
    }
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
        conn.reset();
        *online = Online::default();
        memory.last_link = None;
    }
}

/// Systems of the connection: requests and events go in before core applies.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct NetSet;

pub(crate) struct NetPlugin;

impl Plugin for NetPlugin {
    fn build(&self, app: &mut App) {
        #[cfg(target_arch = "wasm32")]
        if let Some((origin, href)) = page_address() {
            app.insert_resource(ServerUrl(Some(origin)));
            if room_in_url(&href).is_ok() {
                app.insert_resource(JoinAtStart(href));
            }
        }
        app.add_message::<NetRequest>()
            .init_resource::<ServerUrl>()
            .init_resource::<OnlineMemory>()
            .init_resource::<Online>()
            .init_resource::<Connection>()
            .configure_sets(Update, NetSet.in_set(GameSet::Input))
            .add_systems(
                Update,
                (
                    (
                        join_at_start,
                        handle_requests,
                        send_proposals,
                        receive,
                        apply_events,
                    )
                        .chain()
                        .in_set(NetSet),
                    leave_online.in_set(GameSet::Mirror),
                ),
            );
    }
}

/// A link that cannot be opened: "LINK: why".
fn bad_link(link: &str, error: &starhalma_protocol::LinkError) -> Phrase {
    use starhalma_protocol::{IdError, LinkError};
    let why = match error {
        LinkError::NoRoom => Phrase::msg("link-no-room"),
        LinkError::BadScheme => Phrase::msg("link-bad-scheme"),
        LinkError::NoHost => Phrase::msg("link-no-host"),
        LinkError::BadRoom(IdError::RoomCode(code) | IdError::Token(code)) => {
            Phrase::msg("link-bad-room").with("code", Phrase::Verbatim(code.clone()))
        }
    };
    Phrase::msg("online-bad-link")
        .with("link", Phrase::Verbatim(link.to_string()))
        .with("reason", why)
}

/// The server's refusal in the player's language where the game knows its code; otherwise in
/// the server's own words.
fn server_error(code: ErrorCode, message: String) -> Phrase {
    let id = match code {
        ErrorCode::RateLimited => "server-error-rate-limited",
        ErrorCode::TooManyConnections => "server-error-too-many-connections",
        ErrorCode::TooManyRooms => "server-error-too-many-rooms",
        ErrorCode::TooManyRoomsCreated => "server-error-too-many-rooms-created",
        ErrorCode::NoSuchRoom => "server-error-no-such-room",
        ErrorCode::Expired => "server-error-expired",
        ErrorCode::BadToken => "server-error-bad-token",
        ErrorCode::RoomFull => "server-error-room-full",
        ErrorCode::Spectator => "server-error-spectator",
        ErrorCode::NotHost => "server-error-not-host",
        ErrorCode::AlreadyStarted => "server-error-already-started",
        ErrorCode::NotStarted => "server-error-not-started",
        ErrorCode::ResignInstead => "server-error-resign-instead",
        ErrorCode::GameNotOver => "server-error-game-not-over",
        ErrorCode::NotYourTurn | ErrorCode::NotYourSeat => "reason-not-your-turn",
        _ => return Phrase::Verbatim(message),
    };
    Phrase::msg(id)
}

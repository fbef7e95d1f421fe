//! Online play with friends through a room server (`starhalma-server`, docs/ONLINE.md), on
//! core's one path: the server decides, and the client applies only what it confirmed.
//!
//! - A person's move here is checked by core and comes out as a [`Proposal`], sent as `move`;
//!   Resign, Leave and Rematch likewise.
//! - The server's events are queued by seq ([`Session`], a plain state machine in the protocol
//!   crate) and applied in order, one at a time and only while nothing animates: a move as a
//!   `Network` [`MoveRequest`], a resignation, a leave or a rematch as a [`RoomChange`] command
//!   that core makes with the rules crate. The next waits until core applied (or refused) it,
//!   matched by where it came from, so the connection never plays the rules itself.
//! - `welcome` (entering, reconnecting, a resync) hands core the room's game the same way.
//! - A lost connection is retried with the seat's token; the token of every room this device
//!   sat in is kept ([`OnlineMemory`], stored by persist), so a reload or Continue takes the seat
//!   back.

mod socket;

pub use socket::ScriptedNetwork;

use crate::core::{
    CommandApplied, CommandRejected, GameCommand, Match, MoveApplied, MoveRejected, MoveRequest,
    MoveSource, Proposal, RoomChange,
};
use crate::frame::{Animating, Frame};
use crate::locale::Phrase;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use socket::{Socket, SocketEvent};
use starhalma_locale::id;
use starhalma_protocol::{
    ClientMessage, ErrorCode, RoomCode, RoomEvent, SeatHolder, ServerMessage, Session, Token,
    Welcome, decode_server, room_in_url, socket_url,
};
use starhalma_rules::Variant;

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

/// What the connection handed core for the event (or welcome) the session waits on.
#[derive(Clone, Debug, PartialEq)]
enum Handed {
    /// A `Network` move request.
    Move,
    /// This command.
    Command(GameCommand),
}

/// What core made of what was handed to it.
enum Outcome {
    Taken,
    Refused,
    NotYet,
}

/// The connection's working state: the socket, and the session that orders the room's events.
#[derive(Resource, Default)]
struct Connection {
    socket: Option<Socket>,
    open: bool,
    /// The socket address, for reconnecting.
    url: Option<String>,
    session: Session,
    handed: Option<Handed>,
    /// When to try the connection again.
    retry_at: Option<f64>,
}

impl Connection {
    fn connect(&mut self, url: String, script: Option<&ScriptedNetwork>) {
        self.socket = Some(Socket::open(&url, script));
        self.open = false;
        self.url = Some(url);
    }

    /// Send what the session has to say, once the socket is open (until then it waits).
    fn flush(&mut self) {
        if let (Some(socket), true) = (&self.socket, self.open) {
            for message in self.session.take_outbox() {
                socket.send(&message);
            }
        }
    }

    /// Forget the room, for a new one (or none): a new connection starts from its `welcome`.
    fn restart(&mut self, room: Option<RoomCode>, token: Option<Token>) {
        let mut session = std::mem::take(&mut self.session);
        session.restart(room, token);
        *self = Connection {
            session,
            ..Connection::default()
        };
    }

    /// Hand core a command for the session's event (or welcome) and wait for its outcome.
    fn hand(&mut self, command: GameCommand, commands: &mut MessageWriter<GameCommand>) {
        commands.write(command.clone());
        self.handed = Some(Handed::Command(command));
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

/// The connection's resources, as most of its systems use them.
#[derive(bevy::ecs::system::SystemParam)]
struct Link<'w> {
    conn: ResMut<'w, Connection>,
    online: ResMut<'w, Online>,
    memory: ResMut<'w, OnlineMemory>,
    script: Option<Res<'w, ScriptedNetwork>>,
}

/// Requests from the interface.
fn handle_requests(
    mut requests: MessageReader<NetRequest>,
    mut link: Link,
    server: Res<ServerUrl>,
    state: Res<Match>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Link {
        conn,
        online,
        memory,
        script,
    } = &mut link;
    for request in requests.read() {
        match request {
            NetRequest::Host(variant) => {
                let Some(origin) = &server.0 else {
                    online.phase = Phase::Failed(Phrase::msg(id::ONLINE_NO_SERVER));
                    continue;
                };
                let url = match socket_url(&format!("{}/", origin.trim_end_matches('/'))) {
                    Ok(url) => url,
                    Err(e) => {
                        online.phase = Phase::Failed(bad_link(origin, &e));
                        continue;
                    }
                };
                conn.restart(None, None);
                **online = Online {
                    phase: Phase::Connecting,
                    ..default()
                };
                conn.connect(url, script.as_deref());
                conn.session.hello();
                conn.session
                    .send(ClientMessage::Create { variant: *variant });
                // Nobody moves on the empty board until the room's own game arrives.
                commands.write(GameCommand::Room(RoomChange::Entering(*variant)));
            }
            NetRequest::Join(text) => {
                let parsed =
                    room_in_url(text).and_then(|room| socket_url(text).map(|url| (room, url)));
                let (room, url) = match parsed {
                    Ok(found) => found,
                    Err(e) => {
                        online.phase = Phase::Failed(bad_link(text, &e));
                        continue;
                    }
                };
                if conn.session.room() == Some(room) && conn.socket.is_some() {
                    continue;
                }
                conn.restart(Some(room), memory.token(room));
                **online = Online {
                    phase: Phase::Connecting,
                    ..default()
                };
                memory.last_link = Some(text.clone());
                conn.connect(url, script.as_deref());
                conn.session.hello();
                let variant = state.game.variant();
                commands.write(GameCommand::Room(RoomChange::Entering(variant)));
            }
            NetRequest::TakeSeat => conn.session.send(ClientMessage::Join {}),
            NetRequest::FillComputer => conn.session.send(ClientMessage::FillComputer {}),
        }
    }
    conn.flush();
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
                if conn.session.propose_move(mv).is_err() {
                    online.refusal = Some(Phrase::msg(id::ONLINE_WAIT_FOR_SERVER));
                }
                continue;
            }
            Proposal::Resign => ClientMessage::Resign {},
            Proposal::Leave => ClientMessage::Leave {},
            Proposal::Rematch => ClientMessage::Rematch {},
        };
        conn.session.send(message);
    }
    conn.flush();
}

/// Read the socket: open, frames, close (then try again with the token).
fn receive(mut link: Link, time: Res<Time>, mut commands: MessageWriter<GameCommand>) {
    let now = time.elapsed_secs_f64();
    let Link {
        conn,
        online,
        memory,
        script,
    } = &mut link;
    if let Some(at) = conn.retry_at
        && now >= at
        && let Some(url) = conn.url.clone()
    {
        conn.retry_at = None;
        conn.connect(url, script.as_deref());
        conn.session.hello();
    }
    let Some(socket) = &conn.socket else {
        return;
    };
    for event in socket.poll() {
        match event {
            SocketEvent::Opened => conn.open = true,
            SocketEvent::Frame(frame) => match decode_server(&frame) {
                Ok(message) => handle_message(conn, online, memory, now, message, &mut commands),
                Err(e) => warn!("the server sent something unreadable: {e}"),
            },
            SocketEvent::Closed(why) => {
                conn.socket = None;
                conn.open = false;
                let wait = conn.session.connection_lost();
                match online.phase {
                    // Only a room we were in is worth coming back to.
                    Phase::InRoom | Phase::Reconnecting if conn.session.room().is_some() => {
                        online.phase = Phase::Reconnecting;
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
    conn.flush();
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
            conn.session.welcome(&welcome);
            let Welcome {
                room,
                link,
                seat,
                token,
                host,
                seats,
                game,
                ..
            } = *welcome;
            if let Some(token) = token {
                memory.keep(room, token);
            }
            memory.last_link = Some(link.clone());
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
            let game = Box::new(game);
            conn.hand(GameCommand::Room(RoomChange::Game { game, seat }), commands);
        }
        ServerMessage::Event { seq, event } => conn.session.event(seq, event),
        ServerMessage::Ack { id, .. } => conn.session.answered(Some(id)),
        ServerMessage::Error { code, message, id } => {
            conn.session.answered(id);
            match code {
                ErrorCode::Expired | ErrorCode::NoSuchRoom => {
                    online.phase = Phase::Expired;
                    conn.socket = None;
                    memory.last_link = None;
                }
                ErrorCode::BadToken => {
                    // The seat is not ours after all: enter as a spectator.
                    if let Some(room) = conn.session.room() {
                        memory.tokens.retain(|(r, _)| *r != room);
                        conn.session.forget_token();
                        conn.session.hello();
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

/// What core did last frame with what the connection handed it.
#[derive(bevy::ecs::system::SystemParam)]
struct CoreOutcomes<'w, 's> {
    moves: MessageReader<'w, 's, MoveApplied>,
    refused_moves: MessageReader<'w, 's, MoveRejected>,
    commands: MessageReader<'w, 's, CommandApplied>,
    refused_commands: MessageReader<'w, 's, CommandRejected>,
}

impl CoreOutcomes<'_, '_> {
    /// Every message is read each frame (so none is seen twice); the outcome of `handed`.
    fn of(&mut self, handed: Option<&Handed>) -> Outcome {
        let moved = self.moves.read().any(|m| m.source == MoveSource::Network);
        let move_refused = self
            .refused_moves
            .read()
            .any(|r| r.request.source == MoveSource::Network);
        let applied: Vec<&GameCommand> = self.commands.read().map(|c| &c.0).collect();
        let refused: Vec<&GameCommand> = self.refused_commands.read().map(|r| &r.command).collect();
        match handed {
            Some(Handed::Move) if move_refused => Outcome::Refused,
            Some(Handed::Move) if moved => Outcome::Taken,
            Some(Handed::Command(command)) if refused.contains(&command) => Outcome::Refused,
            Some(Handed::Command(command)) if applied.contains(&command) => Outcome::Taken,
            _ => Outcome::NotYet,
        }
    }
}

/// Apply the queued events in seq order: each once the last one was applied by core and
/// nothing animates. Events that change only the room (seats, start) are the connection's.
fn apply_events(
    mut link: Link,
    state: Res<Match>,
    animating: Res<Animating>,
    mut outcomes: CoreOutcomes,
    mut requests: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Link {
        conn,
        online,
        memory,
        ..
    } = &mut link;
    match outcomes.of(conn.handed.as_ref()) {
        Outcome::Taken => {
            conn.handed = None;
            conn.session.taken();
        }
        Outcome::Refused => {
            // Our game and the server's disagree: ask for the whole state again.
            conn.handed = None;
            conn.session.refused();
        }
        Outcome::NotYet => {}
    }
    if conn.handed.is_none() && !animating.0 && conn.socket.is_some() {
        while let Some(event) = conn.session.next_event() {
            match event {
                RoomEvent::Moved { mv, .. } => {
                    requests.write(MoveRequest::new(mv, MoveSource::Network));
                    conn.handed = Some(Handed::Move);
                    break;
                }
                RoomEvent::Seats { seats } => {
                    online.started |= !seats.contains(&SeatHolder::Open);
                    online.seats = seats;
                    conn.session.taken();
                }
                RoomEvent::Started {} => {
                    online.started = true;
                    conn.session.taken();
                }
                RoomEvent::Resigned { seat } => {
                    conn.hand(GameCommand::Room(RoomChange::Resigned(seat)), &mut commands);
                    break;
                }
                RoomEvent::Left { seat } => {
                    if let Some(holder) = online.seats.get_mut(usize::from(seat)) {
                        *holder = SeatHolder::Computer;
                    }
                    if online.seat != Some(seat) {
                        conn.session.taken();
                        continue;
                    }
                    // The seat is the computer's for good: its token is spent.
                    online.seat = None;
                    if let Some(room) = conn.session.room() {
                        memory.tokens.retain(|(r, _)| *r != room);
                    }
                    conn.session.forget_token();
                    conn.hand(GameCommand::Room(RoomChange::LeftHere), &mut commands);
                    break;
                }
                RoomEvent::Rematch { seats } => {
                    let players = state.game.variant().players();
                    online.seat = online.seat.map(|s| (s + 1) % players);
                    // The host is whoever sits in seat 0.
                    online.host = online.seat == Some(0);
                    online.seats = seats;
                    online.away.clear();
                    let seat = online.seat;
                    conn.hand(
                        GameCommand::Room(RoomChange::Rematch { seat }),
                        &mut commands,
                    );
                    break;
                }
            }
        }
    }
    conn.flush();
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
            if room_in_url(&href).is_ok() {
                app.insert_resource(JoinAtStart(href));
            }
        }
        app.add_message::<NetRequest>()
            .init_resource::<ServerUrl>()
            .init_resource::<OnlineMemory>()
            .init_resource::<Online>()
            .init_resource::<Connection>()
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
                        .in_set(Frame::Net),
                    leave_online.in_set(Frame::Hud),
                ),
            );
    }
}

/// A link that cannot be opened: "LINK: why".
fn bad_link(link: &str, error: &starhalma_protocol::LinkError) -> Phrase {
    use starhalma_protocol::{IdError, LinkError};
    let why = match error {
        LinkError::NoRoom => Phrase::msg(id::LINK_NO_ROOM),
        LinkError::BadScheme => Phrase::msg(id::LINK_BAD_SCHEME),
        LinkError::NoHost => Phrase::msg(id::LINK_NO_HOST),
        LinkError::BadRoom(IdError::RoomCode(code) | IdError::Token(code)) => {
            Phrase::msg(id::LINK_BAD_ROOM).with("code", Phrase::Verbatim(code.clone()))
        }
    };
    Phrase::msg(id::ONLINE_BAD_LINK)
        .with("link", Phrase::Verbatim(link.to_string()))
        .with("reason", why)
}

/// The server's refusal in the player's language where the game knows its code; otherwise in
/// the server's own words.
fn server_error(code: ErrorCode, message: String) -> Phrase {
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
        _ => return Phrase::Verbatim(message),
    };
    Phrase::msg(id)
}

//! The connection: the socket, the session that orders the room's events, and what goes out
//! (the interface's requests, a person's proposals) and comes in (the server's messages).

use super::socket::{Network, SocketEvent};
use super::{
    Lobby, LobbyState, LocalServer, NetRequest, Online, OnlineMemory, OnlineServer, Phase,
    PlayerProfile, Reacted, new_player_key, server_error, suggest_name,
};
use crate::core::{GameCommand, Match, Proposal, RoomChange};
use crate::locale::{Phrase, Words};
use crate::rest::{Awake, KeepAwake, WakeSignal};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::{
    ClientMessage, ErrorCode, Liveness, MatchVariant, MoveClock, PlayerKey, PlayerName, RoomCode,
    RoomEvent, RoomLink, SeatHolder, ServerMessage, ServerUrl, Session, Token, Welcome,
    decode_server,
};
use starhalma_rules::Variant;
use std::time::Duration;

/// What the connection handed core for the event (or welcome) the session waits on.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Handed {
    /// A `Network` move request.
    Move,
    /// This command.
    Command(GameCommand),
}

/// What core made of what was handed to it.
pub(super) enum Outcome {
    Taken,
    Refused,
    NotYet,
}

/// The connection's working state: the socket, and the session that orders the room's events.
#[derive(Resource, Default)]
pub(super) struct Connection {
    pub(super) socket: Option<Box<dyn super::socket::Link>>,
    pub(super) open: bool,
    /// The socket address, for reconnecting.
    pub(super) url: Option<String>,
    pub(super) session: Session,
    pub(super) handed: Option<Handed>,
    /// When to try the connection again.
    pub(super) retry_at: Option<Duration>,
    /// The room was opened by its link (an invitation): the first welcome seats this player
    /// in a free seat if the game is still waiting for players.
    pub(super) invited: bool,
}

impl Connection {
    /// Start connecting at `now`. The server's silence counts from here, so a connection
    /// that never opens (a host gone without a word, a frozen server) is given up like a
    /// silent one.
    fn connect(&mut self, url: String, dial: &Dial, now: Duration) {
        self.socket = Some(dial.network.open(&url, &dial.wake));
        self.open = false;
        self.url = Some(url);
        self.session.heard(now);
    }

    /// Send what the session has to say, once the socket is open (until then it waits).
    pub(super) fn flush(&mut self) {
        if let (Some(socket), true) = (&self.socket, self.open) {
            for message in self.session.take_outbox() {
                socket.send(message.encode());
            }
        }
    }

    /// Forget the room, for a new one (or none): a new connection starts from its `welcome`.
    pub(super) fn restart(&mut self, room: Option<RoomCode>, token: Option<Token>) {
        let mut session = std::mem::take(&mut self.session);
        session.restart(room, token);
        *self = Connection {
            session,
            ..Connection::default()
        };
    }

    /// Hand core a command for the session's event (or welcome) and wait for its outcome.
    pub(super) fn hand(&mut self, command: GameCommand, commands: &mut MessageWriter<GameCommand>) {
        commands.write(command.clone());
        self.handed = Some(Handed::Command(command));
    }
}

/// The connection's resources, as most of its systems use them.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Link<'w> {
    pub(super) conn: ResMut<'w, Connection>,
    pub(super) online: ResMut<'w, Online>,
    pub(super) memory: ResMut<'w, OnlineMemory>,
    pub(super) lobby: ResMut<'w, Lobby>,
    pub(super) dial: Dial<'w>,
}

/// What a new socket needs: where connections come from, and the wake of a resting app.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Dial<'w> {
    network: Res<'w, Network>,
    wake: Res<'w, WakeSignal>,
}

/// Who the player is: their profile, and the language a first name is suggested in.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Identity<'w> {
    profile: ResMut<'w, PlayerProfile>,
    words: Res<'w, Words>,
}

impl Identity<'_> {
    /// The name to go online with: the kept one, or a new suggestion (kept from now on).
    fn name(&mut self, now: Duration) -> PlayerName {
        if self.profile.name.is_none() {
            let seed = now.as_micros() as u64;
            self.profile.name = Some(suggest_name(&self.words, seed));
        }
        self.profile.name.clone().expect("a name was just set")
    }

    /// The player's key: the kept one, or a new one (kept from now on).
    fn key(&mut self) -> PlayerKey {
        *self.profile.player_key.get_or_insert_with(new_player_key)
    }

    /// Say who we are on the session's next `hello`: name and key.
    fn introduce(&mut self, session: &mut Session, now: Duration) -> PlayerName {
        let name = self.name(now);
        session.set_name(Some(name.clone()));
        session.set_player_key(Some(self.key()));
        name
    }
}

/// Requests from the interface, each kind by its own function.
pub(super) fn handle_requests(
    mut requests: MessageReader<NetRequest>,
    mut link: Link,
    mut identity: Identity,
    (mut server, mut local): (ResMut<OnlineServer>, ResMut<LocalServer>),
    state: Res<Match>,
    time: Res<Time<Real>>,
    mut commands: MessageWriter<GameCommand>,
) {
    let now = time.elapsed();
    for request in requests.read() {
        let mut here = Here {
            link: &mut link,
            identity: &mut identity,
            now,
            commands: &mut commands,
        };
        match request {
            NetRequest::HostHere {
                variant,
                clock,
                random_start,
            } => host_here(
                here,
                &mut server,
                &mut local,
                (*variant, *clock, *random_start),
            ),
            NetRequest::Host {
                variant,
                clock,
                public,
                random_start,
            } => host(here, &server, (*variant, *clock, *public, *random_start)),
            NetRequest::QuickMatch(wanted, players, clock) => {
                let variant = state.game.variant();
                quick_match(here, &server, variant, (*wanted, *players, *clock));
            }
            NetRequest::WatchLobby => watch_lobby(&mut here, &server),
            NetRequest::LeaveLobby => leave_lobby(here.link),
            NetRequest::Join(room) => enter_room(here, room, Sitting::No, state.game.variant()),
            NetRequest::Sit(room) => enter_room(here, room, Sitting::AtOnce, state.game.variant()),
            NetRequest::Open(room) => {
                enter_room(here, room, Sitting::WhileWaiting, state.game.variant())
            }
            NetRequest::TakeSeat => here.link.conn.session.send(ClientMessage::Join {}),
            NetRequest::FillComputer => here.link.conn.session.send(ClientMessage::FillComputer {}),
            NetRequest::React(reaction) => here.link.conn.session.send(ClientMessage::React {
                reaction: *reaction,
            }),
            NetRequest::Back => here.link.conn.session.send(ClientMessage::Back {}),
            // Not the room's: a replay is fetched by `replay`, records by `records`.
            NetRequest::OpenReplay(_)
            | NetRequest::FetchMyGames
            | NetRequest::FetchMoreGames
            | NetRequest::FetchLeaderboard(..) => {}
        }
    }
    link.conn.flush();
}

/// What a request's handler works with: the connection's resources, who the player is, the
/// time, and core's commands.
struct Here<'a, 'link, 'who, 'out> {
    link: &'a mut Link<'link>,
    identity: &'a mut Identity<'who>,
    now: Duration,
    commands: &'a mut MessageWriter<'out, GameCommand>,
}

/// Whether entering a room takes a seat: at once (a table picked in the lobby), while the
/// game waits for players (a friend's invitation), or not (watching, or a seat held already).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sitting {
    AtOnce,
    WhileWaiting,
    No,
}

/// "Host on this computer": start the game's own server, make it the one played on, and
/// host a private room there.
fn host_here(
    here: Here,
    server: &mut OnlineServer,
    local: &mut LocalServer,
    (variant, clock, random_start): (Variant, Option<MoveClock>, bool),
) {
    match start_here(local) {
        Ok(origin) => {
            server.0 = Some(origin);
            host(here, server, (variant, clock, false, random_start));
        }
        Err(why) => here.link.online.phase = Phase::Failed(why),
    }
}

/// Open a room on the game's server, as its host.
fn host(
    here: Here,
    server: &OnlineServer,
    (variant, clock, public, random_start): (Variant, Option<MoveClock>, bool, bool),
) {
    open_new_room(here, server, variant, |name, player_key| {
        ClientMessage::Create {
            variant,
            name: Some(name.to_string()),
            clock_ms: clock,
            public,
            random_start,
            player_key,
        }
    });
}

/// A seat at the oldest public table waiting for this variant on the game's server, or a new
/// table; the board shows `playing` (the menu's variant) until the room's game arrives.
fn quick_match(
    here: Here,
    server: &OnlineServer,
    playing: Variant,
    (wanted, players, clock): (MatchVariant, u8, Option<MoveClock>),
) {
    open_new_room(here, server, playing, |name, player_key| {
        ClientMessage::QuickMatch {
            variant: wanted,
            players,
            name: Some(name.to_string()),
            clock_ms: clock,
            player_key,
        }
    });
}

/// Connect to the game's server to create or find a room with the message `asking` makes
/// of the player's name and key; the board waits, showing `variant`.
fn open_new_room(
    here: Here,
    server: &OnlineServer,
    variant: Variant,
    asking: impl FnOnce(&PlayerName, Option<PlayerKey>) -> ClientMessage,
) {
    let Link {
        conn,
        online,
        lobby,
        dial,
        ..
    } = here.link;
    let Some(url) = own_server(server, online) else {
        return;
    };
    conn.restart(None, None);
    let name = here.identity.introduce(&mut conn.session, here.now);
    **online = Online {
        phase: Phase::Connecting,
        ..default()
    };
    lobby.state = LobbyState::Off;
    conn.connect(url, dial, here.now);
    conn.session.hello();
    let player_key = conn.session.player_key();
    conn.session.send(asking(&name, player_key));
    entering(variant, here.commands);
}

/// Follow the list of public tables on the game's server.
fn watch_lobby(here: &mut Here, server: &OnlineServer) {
    let Link {
        conn,
        online,
        lobby,
        dial,
        ..
    } = &mut *here.link;
    let Some(url) = own_server(server, online) else {
        lobby.state = LobbyState::Failed(Phrase::msg(id::ONLINE_NO_SERVER));
        return;
    };
    conn.restart(None, None);
    **online = Online::default();
    lobby.state = LobbyState::Connecting;
    here.identity.introduce(&mut conn.session, here.now);
    conn.connect(url, dial, here.now);
    conn.session.hello();
    conn.session.send(ClientMessage::LobbyWatch {});
}

/// Stop following the lobby (and its connection, unless a room uses it).
fn leave_lobby(link: &mut Link) {
    if link.lobby.state != LobbyState::Off && !link.online.is_online() {
        link.conn.restart(None, None);
    }
    link.lobby.state = LobbyState::Off;
}

/// Enter the room a link names, with the seat token kept for it if any; the board shows
/// `playing` until the room's game arrives.
fn enter_room(here: Here, room_link: &RoomLink, sit: Sitting, playing: Variant) {
    let Link {
        conn,
        online,
        memory,
        lobby,
        dial,
    } = here.link;
    let (room, url) = (room_link.room, room_link.server.socket());
    if conn.session.room() == Some(room) && conn.socket.is_some() {
        return;
    }
    let token = memory.token(room);
    conn.restart(Some(room), token);
    **online = Online {
        phase: Phase::Connecting,
        ..default()
    };
    lobby.state = LobbyState::Off;
    memory.last_link = Some(room_link.clone());
    here.identity.introduce(&mut conn.session, here.now);
    conn.connect(url, dial, here.now);
    conn.session.hello();
    // A seat at once, unless this device holds one there already.
    if sit == Sitting::AtOnce && token.is_none() {
        conn.session.send(ClientMessage::Join {});
    }
    // A link opened: a seat once the welcome says one is free.
    conn.invited = sit == Sitting::WhileWaiting && token.is_none();
    entering(playing, here.commands);
}

/// Start the room server inside the game ("Host on this computer"): its address for
/// friends, or why it could not start.
fn start_here(local: &mut LocalServer) -> Result<ServerUrl, Phrase> {
    #[cfg(all(not(target_arch = "wasm32"), feature = "host"))]
    return local.start().map_err(|e| Phrase::Verbatim(e.to_string()));
    #[cfg(any(target_arch = "wasm32", not(feature = "host")))]
    {
        let _ = local;
        Err(Phrase::msg(id::ONLINE_NO_SERVER))
    }
}

/// The socket address of the game's own server, or none (why is told on `online`).
fn own_server(server: &OnlineServer, online: &mut Online) -> Option<String> {
    let socket = server.0.as_ref().map(ServerUrl::socket);
    if socket.is_none() {
        online.phase = Phase::Failed(Phrase::msg(id::ONLINE_NO_SERVER));
    }
    socket
}

/// Nobody moves on the board until the room's own game arrives.
fn entering(variant: Variant, commands: &mut MessageWriter<GameCommand>) {
    commands.write(GameCommand::Room(RoomChange::Entering(variant)));
}

/// What a person here proposed goes to the server; one move at a time.
pub(super) fn send_proposals(
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

/// While a connection is open or about to be retried, the app runs a frame a second (the
/// turn clock, the heartbeat, the retry); frames that arrive wake it at once.
pub(super) fn keep_ticking(conn: Res<Connection>, mut keep: ResMut<KeepAwake>) {
    keep.hold(
        Awake::Online,
        conn.socket.is_some() || conn.retry_at.is_some(),
    );
}

/// Read the socket: open, frames, close (then try again with the token).
pub(super) fn receive(
    mut link: Link,
    time: Res<Time<Real>>,
    state: Res<Match>,
    mut commands: MessageWriter<GameCommand>,
) {
    let now = time.elapsed();
    let ply = state.game.history().len();
    let Link {
        conn,
        online,
        memory,
        lobby,
        dial,
    } = &mut link;
    if let Some(at) = conn.retry_at
        && now >= at
        && let Some(url) = conn.url.clone()
    {
        conn.retry_at = None;
        conn.connect(url, dial, now);
        conn.session.hello();
    }
    let Some(socket) = &conn.socket else {
        return;
    };
    for event in socket.poll() {
        match event {
            SocketEvent::Opened => {
                conn.open = true;
                conn.session.heard(now);
            }
            SocketEvent::Frame(frame) => {
                conn.session.heard(now);
                match decode_server(&frame) {
                    Ok(message) => {
                        let at = (now, ply);
                        let here = (&mut **online, &mut **memory, &mut **lobby);
                        handle_message(conn, here, at, message, &mut commands);
                    }
                    Err(e) => warn!("the server sent something unreadable: {e}"),
                }
            }
            SocketEvent::Closed(why) => {
                lost(conn, online, lobby, now, why);
                return;
            }
        }
        if conn.socket.is_none() {
            return;
        }
    }
    // A server that stopped answering (a network gone without a word), or a connection that
    // never opened, is left for a new connection, as if it had closed.
    if conn.session.beat(now) == Liveness::Gone {
        lost(
            conn,
            online,
            lobby,
            now,
            Phrase::msg(id::ONLINE_SERVER_SILENT),
        );
        return;
    }
    conn.flush();
}

/// The connection is over (closed, silent, or its server cannot reach the rooms): connect
/// again after a while when we were in a room, else tell why.
fn lost(conn: &mut Connection, online: &mut Online, lobby: &mut Lobby, now: Duration, why: Phrase) {
    conn.socket = None;
    conn.open = false;
    if lobby.state != LobbyState::Off {
        lobby.state = LobbyState::Failed(why.clone());
    }
    let wait = conn.session.connection_lost(jitter(now));
    match online.phase {
        // Only a room we were in is worth coming back to.
        Phase::InRoom | Phase::Reconnecting if conn.session.room().is_some() => {
            online.phase = Phase::Reconnecting;
            conn.retry_at = Some(now + wait);
        }
        Phase::Connecting => online.phase = Phase::Failed(why),
        _ => {}
    }
}

/// A number in 0..1 that differs from client to client and try to try: the microseconds of
/// the clock, mixed by SplitMix64.
fn jitter(now: Duration) -> f64 {
    let bits = starhalma_ai::SplitMix(now.as_micros() as u64).next_u64();
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

fn handle_message(
    conn: &mut Connection,
    (online, memory, lobby): (&mut Online, &mut OnlineMemory, &mut Lobby),
    (now, ply): (Duration, usize),
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
                clock_ms,
                turn_left_ms,
                record,
                records,
                ..
            } = *welcome;
            if let Some(token) = token {
                memory.keep(room, token);
            }
            memory.last_link = Some(link.clone());
            let started = !seats.contains(&SeatHolder::Open) || !game.history().is_empty();
            // Invited to a room still waiting for players: sit at once, as a guest at a table
            // would (the seat comes back as a `Seated` answer and a new welcome).
            if std::mem::take(&mut conn.invited) && seat.is_none() && !started {
                conn.session.send(ClientMessage::Join {});
            }
            *online = Online {
                phase: Phase::InRoom,
                link: Some(link),
                seat,
                host,
                seats,
                started,
                away: Vec::new(),
                refusal: None,
                reactions: std::mem::take(&mut online.reactions),
                clock: clock_ms,
                turn_deadline: turn_left_ms.map(|ms| now + Duration::from_millis(ms)),
                // A resync in the same room keeps counting the wait.
                waiting_since: (!started).then(|| online.waiting_since.unwrap_or(now)),
                record,
                no_records: !records,
            };
            let game = Box::new(game);
            conn.hand(GameCommand::Room(RoomChange::Game { game, seat }), commands);
        }
        ServerMessage::Event { seq, event } => {
            // A new turn starts its clock as its news arrives (applying may wait for an
            // animation); an old or repeated event starts nothing.
            let turn_starts = matches!(
                event,
                RoomEvent::Moved { .. } | RoomEvent::Started { .. } | RoomEvent::Rematch { .. }
            );
            if turn_starts && seq > conn.session.applied() {
                online.turn_deadline = online
                    .clock
                    .map(|clock| now + Duration::from_millis(clock.millis()));
            }
            conn.session.event(seq, event);
        }
        ServerMessage::Ack { id, .. } => conn.session.answered(Some(id)),
        ServerMessage::Error { code, message, id } => {
            conn.session.answered(id);
            match code {
                ErrorCode::Expired | ErrorCode::NoSuchRoom => {
                    online.phase = Phase::Expired;
                    conn.socket = None;
                    memory.last_link = None;
                }
                // Whatever was asked may or may not have happened: a new connection's
                // `welcome` tells, once the server reaches its store again.
                ErrorCode::Unavailable => {
                    online.refusal = Some(server_error(code, message));
                    lost(conn, online, lobby, now, server_error(code, String::new()));
                    return;
                }
                // Refused the lobby (too many watchers): the screen says so.
                _ if lobby.state == LobbyState::Connecting => {
                    lobby.state = LobbyState::Failed(server_error(code, message));
                    return;
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
                .push((seat, now + Duration::from_millis(computer_in_ms)));
        }
        ServerMessage::Reconnected { seat } => online.away.retain(|(s, _)| *s != seat),
        ServerMessage::Replaced {} => {
            online.phase = Phase::Replaced;
            conn.socket = None;
        }
        ServerMessage::Reacted { seat, reaction } => {
            online.reactions.push(Reacted {
                seat,
                reaction,
                at: now,
                ply,
            });
        }
        ServerMessage::Lobby { rooms } => lobby.replace(rooms, now),
        ServerMessage::Listed { room } => lobby.listed(room, now),
        ServerMessage::Unlisted { room } => lobby.unlisted(room),
        ServerMessage::Pong {} => {}
    }
}

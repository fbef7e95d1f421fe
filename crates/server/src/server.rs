//! The socket side: one task per connection reads client frames, asks the room (through the
//! [`RoomStore`]) and writes the answers and the room's events. Computer seats plan on
//! `spawn_blocking`, so a search never holds up the I/O threads.

use crate::clock::Clock;
use crate::limits::{ConnectionSlot, Gate, Limits, TokenBucket};
use crate::room::{ConnId, MoveOutcome, Notice, Refusal, Room};
use crate::store::{Broadcast, RoomStore, StoreError, Subscription};
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::http::header::HOST;
use axum::response::Response;
use axum::routing::get;
use starhalma_ai::{Level, Planner, SplitMix};
use starhalma_protocol::{
    ClientMessage, ErrorCode, MAX_FRAME_BYTES, RoomCode, ServerMessage, Token, Welcome,
    decode_client, room_link,
};
use starhalma_rules::Variant;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tower_http::services::ServeDir;

/// What the server shares between connections.
pub struct Server<S> {
    pub store: S,
    pub clock: Arc<dyn Clock>,
    /// Where the server listens: the link's host when a request names none.
    pub addr: SocketAddr,
    pub limits: Limits,
    /// Per-address counts behind the limits.
    pub gate: Gate,
    /// Behind a reverse proxy: the client's address is the last of `X-Forwarded-For` and links
    /// use the scheme of `X-Forwarded-Proto` (only trustworthy when the proxy sets both).
    pub behind_proxy: bool,
}

impl<S> Server<S> {
    /// A server with the given store and clock, default limits, not behind a proxy.
    pub fn new(store: S, clock: Arc<dyn Clock>, addr: SocketAddr) -> Server<S> {
        Server {
            store,
            clock,
            addr,
            limits: Limits::default(),
            gate: Gate::default(),
            behind_proxy: false,
        }
    }
}

/// `/ws` the room socket; every other path the web build in `dist`, when given. Serve it with
/// `into_make_service_with_connect_info::<SocketAddr>()`: the limits count by address.
pub fn app<S: RoomStore>(server: Arc<Server<S>>, dist: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade::<S>))
        .with_state(server);
    match dist {
        Some(dist) => router.fallback_service(ServeDir::new(dist)),
        None => router,
    }
}

/// Frames past this are cut off by the socket itself; those up to it but over
/// `MAX_FRAME_BYTES` get the protocol's `too_large`.
const SOCKET_LIMIT: usize = 16 * MAX_FRAME_BYTES;

/// How often the real-time sweep looks for deadlines (takeovers, expiry).
const SWEEP_EVERY: Duration = Duration::from_millis(250);

async fn upgrade<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let (scheme, address) = if server.behind_proxy {
        (
            forwarded_proto(&headers).unwrap_or("http"),
            forwarded_for(&headers).unwrap_or(peer.ip()),
        )
    } else {
        ("http", peer.ip())
    };
    let origin = format!("{scheme}://{}", link_host(&headers, server.addr));
    let slot = server
        .gate
        .connect(address, server.limits.max_connections_per_address);
    ws.max_message_size(SOCKET_LIMIT)
        .max_frame_size(SOCKET_LIMIT)
        .on_upgrade(move |mut socket| async move {
            // Upgraded even when refused, so the client reads why instead of a bare HTTP error.
            let Some(slot) = slot else {
                let refusal = error(
                    Refusal::new(
                        ErrorCode::TooManyConnections,
                        "too many connections from your address",
                    ),
                    None,
                );
                let _ = socket.send(Message::text(refusal.encode())).await;
                let _ = socket.send(Message::Close(None)).await;
                return;
            };
            serve_connection(server, socket, origin, address, slot).await;
        })
}

/// The last address of `X-Forwarded-For`: the one our own proxy appended.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let value = headers.get("x-forwarded-for")?.to_str().ok()?;
    value.rsplit(',').next()?.trim().parse().ok()
}

fn forwarded_proto(headers: &HeaderMap) -> Option<&'static str> {
    match headers.get("x-forwarded-proto")?.to_str().ok()? {
        "https" => Some("https"),
        "http" => Some("http"),
        _ => None,
    }
}

/// The host for room links: the one the client reached us by (so a link made on a LAN address
/// works for friends on that LAN), when it looks like a host; else our own address.
fn link_host(headers: &HeaderMap, addr: SocketAddr) -> String {
    let host = headers.get(HOST).and_then(|h| h.to_str().ok());
    let plain = |h: &&str| {
        !h.is_empty()
            && h.len() <= 255
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
    };
    match host.filter(plain) {
        Some(host) => host.to_string(),
        None => addr.to_string(),
    }
}

/// 128 bits from the operating system. Should it fail, a SplitMix seeded from the time and a
/// counter still gives distinct (if guessable) values, which beats refusing to open rooms.
fn random_u128() -> u128 {
    static DRAWS: AtomicU64 = AtomicU64::new(0);
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        tracing::warn!("the operating system's randomness failed; codes and tokens are guessable");
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or_default();
        let draw = DRAWS.fetch_add(1, Ordering::Relaxed);
        let mut mix = SplitMix(nanos ^ draw.rotate_left(32));
        bytes[..8].copy_from_slice(&mix.next_u64().to_be_bytes());
        bytes[8..].copy_from_slice(&mix.next_u64().to_be_bytes());
    }
    u128::from_be_bytes(bytes)
}

/// One connection's view: its room, the token it plays with and the last event it was sent.
struct Connection {
    id: ConnId,
    origin: String,
    address: IpAddr,
    room: Option<RoomCode>,
    /// The seat token this connection holds; the room says which seat, if any, it plays now
    /// (seats shift in a rematch, a leave or another connection can take the seat away).
    token: Option<Token>,
    events: Option<Subscription>,
    /// Events up to this seq have reached the client (in a `welcome` or one by one).
    sent: u64,
    bucket: TokenBucket,
    /// Undecodable frames in a row.
    bad: u32,
    /// Close once the replies are sent (replaced, or too many bad messages).
    closing: bool,
}

fn error(refusal: Refusal, id: Option<u32>) -> ServerMessage {
    ServerMessage::Error {
        code: refusal.code,
        message: refusal.message,
        id,
    }
}

fn refuse(code: ErrorCode, message: &str) -> Vec<ServerMessage> {
    vec![error(Refusal::new(code, message), None)]
}

fn expired() -> Vec<ServerMessage> {
    refuse(
        ErrorCode::Expired,
        "the room was deleted (30 minutes after everyone left, or 24 hours after it was made)",
    )
}

async fn serve_connection<S: RoomStore>(
    server: Arc<Server<S>>,
    mut socket: WebSocket,
    origin: String,
    address: IpAddr,
    slot: ConnectionSlot,
) {
    let mut conn = Connection {
        id: random_u128() as u64,
        origin,
        address,
        room: None,
        token: None,
        events: None,
        sent: 0,
        bucket: TokenBucket::new(server.limits.max_messages_per_second, server.clock.now()),
        bad: 0,
        closing: false,
    };
    'connection: loop {
        let replies = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => conn.receive(&server, Some(text.as_str())),
                Some(Ok(Message::Binary(_))) => conn.receive(&server, None),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break 'connection,
            },
            item = next_item(&mut conn.events) => conn.forward(&server, item),
        };
        for reply in replies {
            if socket.send(Message::text(reply.encode())).await.is_err() {
                break 'connection;
            }
        }
        if conn.closing {
            let _ = socket.send(Message::Close(None)).await;
            break;
        }
    }
    // Before the socket is dropped, so a client that saw it close knows the room and the
    // address's count saw it too.
    if let Some(code) = conn.room {
        let now = server.clock.now();
        server
            .store
            .update(&code, |room| room.depart(conn.token, conn.id, now));
    }
    drop(slot);
    drop(socket);
}

async fn next_item(events: &mut Option<Subscription>) -> Result<Broadcast, RecvError> {
    match events {
        Some(events) => events.recv().await,
        None => std::future::pending().await,
    }
}

impl Connection {
    /// One frame from the client (`None`: a binary frame, never a message).
    fn receive<S: RoomStore>(
        &mut self,
        server: &Arc<Server<S>>,
        frame: Option<&str>,
    ) -> Vec<ServerMessage> {
        if !self.bucket.take(server.clock.now()) {
            return refuse(
                ErrorCode::RateLimited,
                "too many messages; this one was dropped",
            );
        }
        let decoded = match frame {
            Some(frame) => decode_client(frame).map_err(|e| Refusal::new(e.code(), e.to_string())),
            None => Err(Refusal::new(
                ErrorCode::Malformed,
                "messages are JSON text frames",
            )),
        };
        let replies = match decoded {
            Ok(message) => {
                self.bad = 0;
                self.handle(server, message)
            }
            Err(refusal) => {
                self.bad += 1;
                if self.bad >= server.limits.max_bad_messages {
                    self.closing = true;
                    refuse(
                        ErrorCode::TooManyBadMessages,
                        "too many bad messages in a row; closing",
                    )
                } else {
                    vec![error(refusal, None)]
                }
            }
        };
        // The room's events first, so an `ack` never arrives before its event.
        let mut out = self.drain(server);
        out.extend(replies);
        out
    }

    /// Something the room published, for this client unless it has it already.
    fn forward<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        item: Result<Broadcast, RecvError>,
    ) -> Vec<ServerMessage> {
        match item {
            Ok(Broadcast::Event(seq, event)) if seq > self.sent => {
                self.sent = seq;
                vec![ServerMessage::Event { seq, event }]
            }
            Ok(Broadcast::Event(..)) => Vec::new(),
            Ok(Broadcast::Notice(Notice::Disconnected {
                seat,
                computer_in_ms,
            })) => vec![ServerMessage::Disconnected {
                seat,
                computer_in_ms,
            }],
            Ok(Broadcast::Notice(Notice::Reconnected { seat })) => {
                vec![ServerMessage::Reconnected { seat }]
            }
            Ok(Broadcast::Notice(Notice::Replaced { conn })) if conn == self.id => {
                self.closing = true;
                vec![ServerMessage::Replaced {}]
            }
            Ok(Broadcast::Notice(Notice::Replaced { .. })) => Vec::new(),
            // Told at once; the room stays this connection's, so later messages hear the same.
            Ok(Broadcast::Notice(Notice::Expired)) => {
                self.events = None;
                expired()
            }
            // Too far behind to catch up one by one: the whole state instead.
            Err(RecvError::Lagged(_)) => self.rewelcome(server),
            Err(RecvError::Closed) => {
                self.events = None;
                Vec::new()
            }
        }
    }

    /// Everything already waiting for this client.
    fn drain<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        while let Some(events) = &mut self.events {
            let item = match events.try_recv() {
                Ok(item) => Ok(item),
                Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                Err(TryRecvError::Closed) => Err(RecvError::Closed),
                Err(TryRecvError::Empty) => break,
            };
            out.extend(self.forward(server, item));
        }
        out
    }

    fn rewelcome<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let Some(code) = self.room else {
            return Vec::new();
        };
        let link = room_link(&self.origin, &code);
        let (token, id) = (self.token, self.id);
        match server
            .store
            .update(&code, |room| room.welcome(link, room.seat_held(token, id)))
        {
            Some(welcome) => {
                self.sent = welcome.seq;
                vec![ServerMessage::Welcome(Box::new(welcome))]
            }
            None => expired(),
        }
    }

    /// Answer one client message. Every refusal leaves the room as it was.
    fn handle<S: RoomStore>(
        &mut self,
        server: &Arc<Server<S>>,
        message: ClientMessage,
    ) -> Vec<ServerMessage> {
        match message {
            ClientMessage::Ping {} => vec![ServerMessage::Pong {}],
            ClientMessage::Hello {
                room: None,
                token: None,
            } => Vec::new(),
            ClientMessage::Hello { room: None, .. } => {
                refuse(ErrorCode::Malformed, "a token needs the room it belongs to")
            }
            ClientMessage::Hello {
                room: Some(code),
                token,
            } => self.hello(server, code, token),
            ClientMessage::Create { variant } => self.create(server, variant),
            ClientMessage::AdvanceClock { ms } => {
                if server.clock.advance(Duration::from_millis(ms)) {
                    // Before answering, so whatever falls due is published by the next reply.
                    sweep(server);
                    Vec::new()
                } else {
                    refuse(ErrorCode::NoTestClock, "this server runs on real time")
                }
            }
            in_room => {
                let Some(code) = self.room else {
                    return refuse(
                        ErrorCode::NotInRoom,
                        "send hello with a room, or create, first",
                    );
                };
                let replies = self.in_room(server, code, in_room);
                drive_computer(server, code);
                replies
            }
        }
    }

    fn hello<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        code: RoomCode,
        token: Option<Token>,
    ) -> Vec<ServerMessage> {
        if self.room.is_some() {
            return refuse(
                ErrorCode::AlreadyInRoom,
                "this connection is in a room already",
            );
        }
        let link = room_link(&self.origin, &code);
        let id = self.id;
        let entered = server.store.enter(&code, |room| {
            let seat = match token {
                Some(token) => Some(room.take_seat(token, id)?),
                None => None,
            };
            room.arrive();
            Ok::<_, Refusal>(room.welcome(link, seat))
        });
        match entered {
            None if server.store.is_expired(&code) => expired(),
            None => refuse(ErrorCode::NoSuchRoom, "no room has this code"),
            Some((Err(refusal), _)) => vec![error(refusal, None)],
            Some((Ok(welcome), events)) => {
                self.token = token;
                self.entered(code, welcome, events)
            }
        }
    }

    fn entered(
        &mut self,
        code: RoomCode,
        welcome: Welcome,
        events: Subscription,
    ) -> Vec<ServerMessage> {
        self.room = Some(code);
        self.sent = welcome.seq;
        self.events = Some(events);
        vec![ServerMessage::Welcome(Box::new(welcome))]
    }

    fn create<S: RoomStore>(&mut self, server: &Server<S>, variant: Variant) -> Vec<ServerMessage> {
        if self.room.is_some() {
            return refuse(
                ErrorCode::AlreadyInRoom,
                "this connection is in a room already",
            );
        }
        let now = server.clock.now();
        let limits = &server.limits;
        if !server
            .gate
            .may_create_room(self.address, limits.max_rooms_per_hour, now)
        {
            return refuse(
                ErrorCode::TooManyRoomsCreated,
                "your address created as many rooms as it may this hour",
            );
        }
        let token = Token::from_bits(random_u128());
        // 50 random bits: a clash is so rare that a few draws always find a free code.
        for _ in 0..8 {
            let code = RoomCode::from_bits(random_u128() as u64);
            let room = Room::new(code, variant, token, self.id, now);
            match server.store.insert(room, limits.max_rooms) {
                Ok(()) => {}
                Err(StoreError::CodeTaken(_)) => continue,
                Err(StoreError::Full(_)) => {
                    return refuse(
                        ErrorCode::TooManyRooms,
                        "the server holds as many rooms as it will; try later",
                    );
                }
            }
            server.gate.room_created(self.address, now);
            let link = room_link(&self.origin, &code);
            return match server.store.enter(&code, |room| {
                room.arrive();
                room.welcome(link, Some(0))
            }) {
                Some((welcome, events)) => {
                    self.token = Some(token);
                    self.entered(code, welcome, events)
                }
                None => expired(),
            };
        }
        refuse(ErrorCode::TooManyRooms, "no free room code was found")
    }

    /// The messages that act on this connection's room. The seat is looked up in the room on
    /// each message, never remembered here.
    fn in_room<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        code: RoomCode,
        message: ClientMessage,
    ) -> Vec<ServerMessage> {
        let (token, id) = (self.token, self.id);
        let done = |result: Option<Result<u64, Refusal>>| match result {
            None => expired(),
            Some(Err(refusal)) => vec![error(refusal, None)],
            // The event is the answer.
            Some(Ok(_)) => Vec::new(),
        };
        match message {
            ClientMessage::Join {} => {
                let new_token = Token::from_bits(random_u128());
                let link = room_link(&self.origin, &code);
                let joined = server.store.update(&code, |room| {
                    if let Some(seat) = room.seat_held(token, id) {
                        return Err(Refusal::new(
                            ErrorCode::AlreadyInRoom,
                            format!("you hold seat {seat} already"),
                        ));
                    }
                    room.join(new_token, id)
                        .map(|seat| room.welcome(link, Some(seat)))
                });
                match joined {
                    None => expired(),
                    Some(Err(refusal)) => vec![error(refusal, None)],
                    Some(Ok(welcome)) => {
                        self.token = Some(new_token);
                        self.sent = welcome.seq;
                        vec![ServerMessage::Welcome(Box::new(welcome))]
                    }
                }
            }
            ClientMessage::FillComputer {} => done(server.store.update(&code, |room| {
                room.fill_computer(room.seat_held(token, id))
                    .map(|()| room.seq())
            })),
            ClientMessage::Move {
                seq,
                mv,
                id: move_id,
            } => {
                let outcome = server.store.update(&code, |room| {
                    room.play(room.seat_held(token, id), seq, mv)
                        .map_err(|refusal| {
                            let missed = if refusal.code == ErrorCode::Stale {
                                room.events_after(seq)
                            } else {
                                Vec::new()
                            };
                            (refusal, missed)
                        })
                });
                match outcome {
                    None => expired(),
                    Some(Ok(MoveOutcome::Applied(seq) | MoveOutcome::Resent(seq))) => {
                        vec![ServerMessage::Ack { id: move_id, seq }]
                    }
                    Some(Err((refusal, missed))) => {
                        let mut out = vec![error(refusal, Some(move_id))];
                        for (seq, event) in missed {
                            self.sent = self.sent.max(seq);
                            out.push(ServerMessage::Event { seq, event });
                        }
                        out
                    }
                }
            }
            ClientMessage::Resign {} => done(
                server
                    .store
                    .update(&code, |room| room.resign(room.seat_held(token, id))),
            ),
            ClientMessage::Leave {} => {
                let replies = done(
                    server
                        .store
                        .update(&code, |room| room.leave(room.seat_held(token, id))),
                );
                if replies.is_empty() {
                    // The token holds nothing now: this connection watches.
                    self.token = None;
                }
                replies
            }
            ClientMessage::Rematch {} => done(
                server
                    .store
                    .update(&code, |room| room.rematch(room.seat_held(token, id))),
            ),
            ClientMessage::Sync { have } => {
                match server.store.update(&code, |room| {
                    (have <= room.seq()).then(|| (room.events_after(have), room.seq()))
                }) {
                    None => expired(),
                    Some(Some((events, seq))) => {
                        self.sent = self.sent.max(seq);
                        events
                            .into_iter()
                            .map(|(seq, event)| ServerMessage::Event { seq, event })
                            .collect()
                    }
                    // A client ahead of the room is confused: it gets the whole state.
                    Some(None) => self.rewelcome(server),
                }
            }
            // Handled by `handle` before a room is needed.
            ClientMessage::Ping {}
            | ClientMessage::Hello { .. }
            | ClientMessage::Create { .. }
            | ClientMessage::AdvanceClock { .. } => Vec::new(),
        }
    }
}

/// Act on every deadline that is due on the server's clock: delete expired rooms (their
/// connections are told) and let the computer play for people away past the grace time. Run by
/// `advance_clock` and every [`SWEEP_EVERY`] of real time.
pub fn sweep<S: RoomStore>(server: &Arc<Server<S>>) {
    let now = server.clock.now();
    for code in server.store.codes() {
        if server.store.expire_if(&code, |room| room.expired(now)) {
            tracing::info!("room {code} expired");
        } else {
            drive_computer(server, code);
        }
    }
}

/// The real-time sweep, for a server on the system clock (harmless on a manual one, which
/// only `advance_clock` moves). Deadlines still read the injected clock, never tokio's.
pub fn spawn_sweeper<S: RoomStore>(server: Arc<Server<S>>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            sweep(&server);
        }
    });
}

/// If the computer is to move (a computer seat, or a person away past the grace time), plan
/// its move off the I/O threads and play it; repeats while computers follow each other.
fn drive_computer<S: RoomStore>(server: &Arc<Server<S>>, code: RoomCode) {
    let now = server.clock.now();
    let Some(Some((seq, game))) = server.store.update(&code, |room| room.computer_turn(now)) else {
        return;
    };
    let server = Arc::clone(server);
    tokio::spawn(async move {
        let planned = tokio::task::spawn_blocking(move || {
            let mut planner = Planner::new(game.rules(), seq);
            planner
                .plan(&game, Level::Medium, Level::Medium.default_budget())
                .mv
        })
        .await;
        match planned {
            Ok(mv) => {
                // The room checks the seq and who controls the seat when the plan lands: a
                // person back meanwhile plays their own turn.
                let now = server.clock.now();
                server
                    .store
                    .update(&code, |room| room.computer_move(seq, mv, now));
                drive_computer(&server, code);
            }
            // Not retried: the same position would fail the same way. The seat waits.
            Err(e) => tracing::error!("planning in room {code} failed: {e}"),
        }
    });
}

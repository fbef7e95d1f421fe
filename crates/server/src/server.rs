//! The socket side: one task per connection reads client frames, asks the room (through the
//! [`RoomStore`]) and writes the answers and the room's events. Computer seats plan on
//! `spawn_blocking`, so a search never holds up the I/O threads.

use crate::clock::Clock;
use crate::identity::PlayerRef;
use crate::limits::{ConnectionSlot, Gate, Limits, TokenBucket, WatcherSlot};
use crate::recorder::Recorder;
use crate::room::{ConnId, MoveOutcome, Notice, Refusal, Room, Table};
use crate::store::{Broadcast, Found, LobbyChange, RoomStore, StoreError, Subscription};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::http::header::HOST;
use axum::response::Response;
use futures_util::SinkExt;
use starhalma_ai::{Level, Planner, SplitMix};
use starhalma_protocol::{
    ClientMessage, ErrorCode, MAX_FRAME_BYTES, MatchVariant, MoveClock, PlayerKey, PlayerName,
    REACTION_EVERY_MS, RoomCode, ServerMessage, ServerUrl, Token, Welcome, decode_client,
};
use starhalma_rules::Variant;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::{mpsc, watch};

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
    /// This process's id among the gateways sharing a store: the high half of its connection
    /// ids.
    pub gateway: u32,
    next_conn: AtomicU32,
    /// Told whenever the test clock moves, so connections look at their heartbeats at once
    /// (the real clock needs nobody to tell: each connection sleeps until its next deadline).
    clock_moved: watch::Sender<()>,
    /// Computer moves to plan, for the planner task ([`spawn_sweeper`] starts it).
    planned: mpsc::UnboundedSender<Plan>,
    plans: std::sync::Mutex<Option<mpsc::UnboundedReceiver<Plan>>>,
    /// Where finished games go (none: they are not kept).
    pub recorder: Option<Arc<Recorder>>,
}

/// A computer move to plan: the room, the seq it is for and the game to plan on.
pub type Plan = (RoomCode, u64, starhalma_rules::Game);

impl<S> Server<S> {
    /// A server with the given store and clock, default limits, not behind a proxy.
    pub fn new(store: S, clock: Arc<dyn Clock>, addr: SocketAddr, gateway: u32) -> Server<S> {
        let (planned, plans) = mpsc::unbounded_channel();
        Server {
            gateway,
            next_conn: AtomicU32::new(0),
            clock_moved: watch::channel(()).0,
            planned,
            plans: std::sync::Mutex::new(Some(plans)),
            store,
            clock,
            addr,
            limits: Limits::default(),
            gate: Gate::default(),
            behind_proxy: false,
            recorder: None,
        }
    }
}

impl<S: RoomStore> Server<S> {
    /// Change a room as [`RoomStore::update`] does; a change that ends the room's game keeps
    /// the game in the recorder's journal before the store publishes the end, so a game whose
    /// end anyone saw is never lost. Should the store run the change again (or not take it),
    /// only the ending that landed stays kept.
    pub async fn change<R: Send>(
        &self,
        code: &RoomCode,
        mut f: impl FnMut(&mut Room) -> R + Send,
    ) -> Found<R> {
        let Some(recorder) = &self.recorder else {
            return self.store.update(code, f).await;
        };
        let now = self.clock.now();
        let wall_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0);
        let mut kept: Vec<String> = Vec::new();
        let mut ended: Option<String> = None;
        let result = self
            .store
            .update(code, |room| {
                let was_over = room.game().is_over();
                let answer = f(room);
                ended = None;
                if !was_over && let Some(game) = room.finished(now, wall_ms) {
                    recorder.keep(&game);
                    kept.push(game.id.clone());
                    ended = Some(game.id);
                }
                answer
            })
            .await;
        let landed = match &result {
            Ok(Some(_)) => ended,
            _ => None,
        };
        for id in kept {
            if Some(&id) != landed.as_ref() {
                recorder.cancel(&id);
            }
        }
        result
    }
}

/// The read limit: a frame past it closes the connection with 1009 (the socket cannot read on
/// after it); frames up to it but over `MAX_FRAME_BYTES` get the protocol's `too_large` and the
/// connection stays.
pub const SOCKET_LIMIT: usize = 16 * MAX_FRAME_BYTES;

/// How much a socket reads at once (see `upgrade`).
const READ_CHUNK: usize = 1024;

/// How often the real-time sweep looks for deadlines (takeovers, expiry).
const SWEEP_EVERY: Duration = Duration::from_millis(250);

/// `/ws`: a client's socket, refused in words when its address has too many.
pub(crate) async fn upgrade<S: RoomStore>(
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
    let origin = link_host(&headers, server.addr, scheme == "https");
    let slot = server
        .gate
        .connect(address, server.limits.max_connections_per_address);
    ws.max_message_size(SOCKET_LIMIT)
        .max_frame_size(SOCKET_LIMIT)
        // Small buffers (the defaults, 128 KiB each way, made most of a connection's memory).
        // Reads take 1 KiB at a time, since each read first zeroes its whole chunk: messages
        // are a few hundred bytes, and a 4 KiB frame takes four reads, growing the buffer
        // while it is read. Writes collect up to a flush (4 KiB), so an event and its ack go
        // out in one send.
        .read_buffer_size(READ_CHUNK)
        .write_buffer_size(MAX_FRAME_BYTES)
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
                let _ = socket
                    .send(close_with(close_code::POLICY, "too many connections"))
                    .await;
                return;
            };
            serve_connection(server, socket, origin, address, slot).await;
        })
}

/// The last address of `X-Forwarded-For`: the one our own proxy appended.
pub(crate) fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
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
fn link_host(headers: &HeaderMap, addr: SocketAddr, secure: bool) -> ServerUrl {
    headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.len() <= 255)
        .and_then(|h| ServerUrl::new(secure, h).ok())
        .unwrap_or_else(|| ServerUrl::of_socket(secure, addr))
}

impl<S> Server<S> {
    /// A connection id of this gateway, not given out before by it.
    fn conn_id(&self) -> ConnId {
        let n = self.next_conn.fetch_add(1, Ordering::Relaxed);
        (u64::from(self.gateway) << 32) | u64::from(n)
    }
}

/// A gateway id for a new process: random, so processes sharing a store do not clash.
pub fn new_gateway_id() -> u32 {
    // Zero is kept for "no gateway" in logs; a clash among a few gateways is negligible.
    (random_u128() as u32).max(1)
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
    origin: ServerUrl,
    address: IpAddr,
    room: Option<RoomCode>,
    /// The seat token this connection holds; the room says which seat, if any, it plays now
    /// (seats shift in a rematch, a leave or another connection can take the seat away).
    token: Option<Token>,
    /// The name from `hello` or `create`, for the seat this connection takes.
    name: Option<PlayerName>,
    /// The player its key stands for (`player_key` on `hello`, `create`, `quick_match`).
    player: Option<PlayerRef>,
    /// When this connection last reacted: one connection plays a seat, so this limits the
    /// seat's reactions (see [`REACTION_EVERY_MS`]).
    reacted_at: Option<Duration>,
    events: Option<Subscription>,
    /// While the connection follows the lobby: the changes to the list.
    lobby: Option<LobbyWatch>,
    /// Events up to this seq have reached the client (in a `welcome` or one by one).
    sent: u64,
    bucket: TokenBucket,
    /// Undecodable frames in a row.
    bad: u32,
    /// Close once the replies are sent (replaced, or too many bad messages), with this status.
    closing: bool,
    closing_code: u16,
    closing_reason: &'static str,
}

/// A connection following the lobby: the list's changes, and its place among the watchers.
struct LobbyWatch {
    changes: broadcast::Receiver<LobbyChange>,
    _slot: WatcherSlot,
}

/// The clock a public room gets when its creator names none: public tables never wait for
/// ever.
const PUBLIC_CLOCK: MoveClock = MoveClock::SECONDS_60;

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

/// The store could not tell (Redis out of reach, or slower than the deadline): never an
/// answer about the room itself.
fn unavailable(id: Option<u32>) -> Vec<ServerMessage> {
    vec![error(
        Refusal::new(
            ErrorCode::Unavailable,
            "the room server cannot reach its store; try again",
        ),
        id,
    )]
}

fn expired() -> Vec<ServerMessage> {
    refuse(
        ErrorCode::Expired,
        "the room was deleted (30 minutes after everyone left, or 24 hours after it was made)",
    )
}

/// The server pings a connection it has heard nothing from for this long (by its clock, the
/// test clock included)...
const PING_AFTER: Duration = Duration::from_secs(15);
/// ...and counts it gone, as if its socket had closed, when the ping is this old unanswered.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// How long the reply to a client's Close may take to go out.
const CLOSE_REPLY: Duration = Duration::from_secs(1);
/// The shortest real-time sleep between two looks at a heartbeat.
const HEARTBEAT_FLOOR: Duration = Duration::from_millis(100);

/// When a connection was last heard from, and the ping waiting for its answer. A clock that
/// jumps (the test clock) never counts a connection gone at once: it is pinged first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Heartbeat {
    heard: Duration,
    pinged: Option<Duration>,
}

/// What a look at the heartbeat calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beat {
    Fine,
    Ping,
    Gone,
}

impl Heartbeat {
    fn new(now: Duration) -> Heartbeat {
        Heartbeat {
            heard: now,
            pinged: None,
        }
    }

    /// Any frame from the client (a pong, a message, a ping of its own).
    fn heard(&mut self, now: Duration) {
        *self = Heartbeat::new(now);
    }

    /// When, on the server's clock, a look may next find something to do: a connection
    /// sleeps until then (a frame heard meanwhile only moves the next one on), so thousands
    /// of busy connections cost no wake-ups.
    fn next_look(&self) -> Duration {
        match self.pinged {
            Some(at) => at + ANSWER_WITHIN,
            None => self.heard + PING_AFTER,
        }
    }

    fn check(&mut self, now: Duration) -> Beat {
        match self.pinged {
            Some(at) if now.saturating_sub(at) >= ANSWER_WITHIN => Beat::Gone,
            Some(_) => Beat::Fine,
            None if now.saturating_sub(self.heard) >= PING_AFTER => {
                self.pinged = Some(now);
                Beat::Ping
            }
            None => Beat::Fine,
        }
    }
}

/// Did the socket stop at a frame past [`SOCKET_LIMIT`]?
fn too_long(error: axum::Error) -> bool {
    use tokio_tungstenite::tungstenite::error::{CapacityError, Error};
    matches!(
        error.into_inner().downcast::<Error>().map(|e| *e),
        Ok(Error::Capacity(CapacityError::MessageTooLong { .. }))
    )
}

/// A Close frame with its status code and reason (RFC 6455 section 7.4).
fn close_with(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }))
}

async fn serve_connection<S: RoomStore>(
    server: Arc<Server<S>>,
    mut socket: WebSocket,
    origin: ServerUrl,
    address: IpAddr,
    slot: ConnectionSlot,
) {
    let mut conn = Connection {
        id: server.conn_id(),
        origin,
        address,
        room: None,
        token: None,
        name: None,
        player: None,
        reacted_at: None,
        events: None,
        lobby: None,
        sent: 0,
        bucket: TokenBucket::new(server.limits.max_messages_per_second, server.clock.now()),
        bad: 0,
        closing: false,
        closing_code: close_code::NORMAL,
        closing_reason: "",
    };
    let mut heartbeat = Heartbeat::new(server.clock.now());
    let look = tokio::time::sleep(PING_AFTER);
    tokio::pin!(look);
    // Only a manual clock jumps; on the real one the sleep alone is on time.
    let mut clock_moved = server
        .clock
        .is_manual()
        .then(|| server.clock_moved.subscribe());
    'connection: loop {
        let replies = tokio::select! {
            incoming = socket.recv() => {
                heartbeat.heard(server.clock.now());
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        conn.receive(&server, Some(text.as_str())).await
                    }
                    Some(Ok(Message::Binary(_))) => conn.receive(&server, None).await,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                    Some(Ok(Message::Close(_))) => {
                        // Answered (RFC 6455, the same status): the socket queued the reply,
                        // and sends it on its next read, which then ends.
                        let _ = tokio::time::timeout(CLOSE_REPLY, socket.recv()).await;
                        break 'connection;
                    }
                    Some(Err(e)) => {
                        if too_long(e) {
                            let reason = "a frame over 65536 bytes";
                            let _ = socket.send(close_with(close_code::SIZE, reason)).await;
                        }
                        break 'connection;
                    }
                    None => break 'connection,
                }
            }
            item = next_item(&mut conn.events) => conn.forward(&server, item).await,
            change = next_lobby_change(&mut conn.lobby) => conn.lobby_changed(&server, change),
            looked = async {
                tokio::select! {
                    () = &mut look => true,
                    moved = clock_jump(&mut clock_moved) => moved,
                }
            } => match looked.then(|| heartbeat.check(server.clock.now())) {
                None | Some(Beat::Fine) => Vec::new(),
                Some(Beat::Ping) => {
                    if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                        break 'connection;
                    }
                    Vec::new()
                }
                Some(Beat::Gone) => {
                    let _ = socket
                        .send(close_with(close_code::AWAY, "no answer to pings"))
                        .await;
                    break 'connection;
                }
            },
        };
        // The next look at the heartbeat, in real time, once this one is over (frames heard
        // meanwhile do not reset the timer: its look finds them and sleeps on).
        if look.is_elapsed() {
            let due = heartbeat.next_look().saturating_sub(server.clock.now());
            look.as_mut()
                .reset(tokio::time::Instant::now() + due.max(HEARTBEAT_FLOOR));
        }
        // One write for all of them (an event and its ack, say).
        if !replies.is_empty() {
            for reply in replies {
                if socket.feed(Message::text(reply.encode())).await.is_err() {
                    break 'connection;
                }
            }
            if socket.flush().await.is_err() {
                break 'connection;
            }
        }
        if conn.closing {
            let _ = socket
                .send(close_with(conn.closing_code, conn.closing_reason))
                .await;
            break;
        }
    }
    // Before the socket is dropped, so a client that saw it close knows the room and the
    // address's count saw it too.
    if let Some(code) = conn.room {
        let now = server.clock.now();
        let (token, id) = (conn.token, conn.id);
        if server
            .store
            .update(&code, |room| room.depart(token, id, now))
            .await
            .is_err()
        {
            // A departure the store missed would leave the seat present for ever.
            let server = Arc::clone(&server);
            tokio::spawn(async move {
                until_answered(&server, code, |room| room.depart(token, id, now)).await;
            });
        }
    }
    drop(slot);
    drop(socket);
}

/// The test clock moved (`true`), or its sender is gone (`false`, once); never with a real clock.
async fn clock_jump(moved: &mut Option<watch::Receiver<()>>) -> bool {
    match moved {
        Some(receiver) => {
            let jumped = receiver.changed().await.is_ok();
            if !jumped {
                *moved = None;
            }
            jumped
        }
        None => std::future::pending().await,
    }
}

async fn next_lobby_change(lobby: &mut Option<LobbyWatch>) -> Result<LobbyChange, RecvError> {
    match lobby {
        Some(watch) => watch.changes.recv().await,
        None => std::future::pending().await,
    }
}

async fn next_item(events: &mut Option<Subscription>) -> Result<Broadcast, RecvError> {
    match events {
        Some(events) => events.recv().await,
        None => std::future::pending().await,
    }
}

impl Connection {
    /// One frame from the client (`None`: a binary frame, never a message).
    async fn receive<S: RoomStore>(
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
                self.handle(server, message).await
            }
            Err(refusal) => {
                self.bad += 1;
                if self.bad >= server.limits.max_bad_messages {
                    self.closing = true;
                    self.closing_code = close_code::POLICY;
                    self.closing_reason = "too many bad messages";
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
        let mut out = self.drain(server).await;
        out.extend(replies);
        out
    }

    /// Something the room published, for this client unless it has it already.
    async fn forward<S: RoomStore>(
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
            Ok(Broadcast::Notice(Notice::Reacted { seat, reaction })) => {
                vec![ServerMessage::Reacted { seat, reaction }]
            }
            Ok(Broadcast::Notice(Notice::Replaced { conn })) if conn == self.id => {
                self.closing = true;
                self.closing_reason = "replaced by another connection with the seat's token";
                vec![ServerMessage::Replaced {}]
            }
            Ok(Broadcast::Notice(Notice::Replaced { .. })) => Vec::new(),
            // Told at once; the room stays this connection's, so later messages hear the same.
            Ok(Broadcast::Notice(Notice::Expired)) => {
                self.events = None;
                expired()
            }
            // Too far behind to catch up one by one: the whole state instead.
            Err(RecvError::Lagged(_)) => self.rewelcome(server).await,
            Err(RecvError::Closed) => {
                self.events = None;
                Vec::new()
            }
        }
    }

    /// Everything already waiting for this client.
    async fn drain<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        while let Some(events) = &mut self.events {
            let item = match events.try_recv() {
                Ok(item) => Ok(item),
                Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                Err(TryRecvError::Closed) => Err(RecvError::Closed),
                Err(TryRecvError::Empty) => break,
            };
            out.extend(self.forward(server, item).await);
        }
        out
    }

    async fn rewelcome<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let Some(code) = self.room else {
            return Vec::new();
        };
        let link = self.origin.room(code);
        let (token, id) = (self.token, self.id);
        let now = server.clock.now();
        match server
            .store
            .update(&code, |room| {
                room.welcome(link.clone(), room.seat_held(token, id), now)
            })
            .await
        {
            Ok(Some(welcome)) => {
                self.sent = welcome.seq;
                vec![ServerMessage::Welcome(Box::new(
                    self.addressed(welcome, server.recorder.is_some()),
                ))]
            }
            Ok(None) => expired(),
            Err(_) => unavailable(None),
        }
    }

    /// Answer one client message. Every refusal leaves the room as it was.
    async fn handle<S: RoomStore>(
        &mut self,
        server: &Arc<Server<S>>,
        message: ClientMessage,
    ) -> Vec<ServerMessage> {
        match message {
            ClientMessage::Ping {} => vec![ServerMessage::Pong {}],
            ClientMessage::Hello {
                room: None,
                token: Some(_),
                ..
            } => refuse(ErrorCode::Malformed, "a token needs the room it belongs to"),
            ClientMessage::Hello {
                room,
                token,
                name,
                player_key,
            } => {
                if let Err(refusal) = self.introduce(name, player_key) {
                    return vec![error(refusal, None)];
                }
                match room {
                    Some(code) => self.hello(server, code, token).await,
                    // Only says the connection is about to `create`.
                    None => Vec::new(),
                }
            }
            ClientMessage::Create {
                variant,
                name,
                clock_ms,
                public,
                random_start,
                player_key,
            } => {
                if let Err(refusal) = self.introduce(name, player_key) {
                    return vec![error(refusal, None)];
                }
                if public {
                    let clock = clock_ms.unwrap_or(PUBLIC_CLOCK);
                    // Under the quick-match lock, so the count of waiting rooms holds.
                    let Ok(_matching) = server.store.lock_matching().await else {
                        return unavailable(None);
                    };
                    let Ok(waiting) = server.store.waiting().await else {
                        return unavailable(None);
                    };
                    if let Err(replies) = Connection::may_open_public(server, waiting.len()) {
                        return replies;
                    }
                    return self
                        .create(server, variant, (Some(clock), true), random_start)
                        .await;
                }
                self.create(server, variant, (clock_ms, false), random_start)
                    .await
            }
            ClientMessage::QuickMatch {
                variant,
                players,
                name,
                clock_ms,
                player_key,
            } => {
                if let Err(refusal) = self.introduce(name, player_key) {
                    return vec![error(refusal, None)];
                }
                self.quick_match(server, variant, players, clock_ms).await
            }
            ClientMessage::LobbyWatch {} => self.watch_lobby(server),
            ClientMessage::LobbyLeave {} => {
                self.lobby = None;
                Vec::new()
            }
            ClientMessage::AdvanceClock { ms } => {
                if server.clock.advance(Duration::from_millis(ms)) {
                    server.clock_moved.send_replace(());
                    // Before answering, so whatever falls due is published by the next reply.
                    sweep(server).await;
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
                let replies = self.in_room(server, code, in_room).await;
                drive_computer(server, code).await;
                replies
            }
        }
    }

    /// A `hello` or `create`: refused on a connection already in a room; else the name it
    /// carries is checked and kept for the seat this connection takes (a message without one
    /// keeps the name given before).
    fn introduce(
        &mut self,
        name: Option<String>,
        player_key: Option<PlayerKey>,
    ) -> Result<(), Refusal> {
        if self.room.is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadyInRoom,
                "this connection is in a room already",
            ));
        }
        if let Some(raw) = name {
            let name = PlayerName::new(&raw)
                .map_err(|e| Refusal::new(ErrorCode::BadName, e.to_string()))?;
            self.name = Some(name);
        }
        if let Some(key) = player_key {
            self.player = Some(PlayerRef::of(key));
        }
        Ok(())
    }

    async fn hello<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        code: RoomCode,
        token: Option<Token>,
    ) -> Vec<ServerMessage> {
        let link = self.origin.room(code);
        let id = self.id;
        let now = server.clock.now();
        let player = &self.player;
        let entered = server
            .store
            .enter(&code, |room| {
                let seat = match token {
                    Some(token) => Some(room.take_seat(token, id)?),
                    None => None,
                };
                if let Some(seat) = seat {
                    room.set_player(seat, player.clone());
                }
                room.arrive(id);
                Ok::<_, Refusal>(room.welcome(link.clone(), seat, now))
            })
            .await;
        match entered {
            Ok(None) => match server.store.is_expired(&code).await {
                Ok(true) => expired(),
                Ok(false) => refuse(ErrorCode::NoSuchRoom, "no room has this code"),
                Err(_) => unavailable(None),
            },
            Err(_) => unavailable(None),
            Ok(Some((Err(refusal), _))) => vec![error(refusal, None)],
            Ok(Some((Ok(welcome), events))) => {
                self.token = token;
                self.entered(code, welcome, events, server.recorder.is_some())
            }
        }
    }

    fn entered(
        &mut self,
        code: RoomCode,
        welcome: Welcome,
        events: Subscription,
        records: bool,
    ) -> Vec<ServerMessage> {
        // A player at a table has no use for the lobby's traffic.
        self.lobby = None;
        self.room = Some(code);
        self.sent = welcome.seq;
        self.events = Some(events);
        vec![ServerMessage::Welcome(Box::new(
            self.addressed(welcome, records),
        ))]
    }

    /// A welcome with this connection's own player id.
    fn addressed(&self, mut welcome: Welcome, records: bool) -> Welcome {
        welcome.player = self.player.as_ref().map(|p| p.id.clone());
        welcome.records = records;
        welcome
    }

    /// `lobby_watch`: the whole list now, its changes from then on.
    fn watch_lobby<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        if self.room.is_some() {
            return refuse(
                ErrorCode::AlreadyInRoom,
                "the lobby is for connections not in a room",
            );
        }
        let slot = match self.lobby.take() {
            Some(watch) => watch._slot,
            None => match server.gate.watch_lobby(server.limits.max_lobby_watchers) {
                Some(slot) => slot,
                None => {
                    return refuse(
                        ErrorCode::TooManyWatchers,
                        "the lobby has as many watchers as the server takes; try later",
                    );
                }
            },
        };
        let (listed, changes) = server.store.lobby();
        self.lobby = Some(LobbyWatch {
            changes,
            _slot: slot,
        });
        let now = server.clock.now();
        vec![ServerMessage::Lobby {
            rooms: listed.iter().map(|l| l.at(now)).collect(),
        }]
    }

    /// A change to the list, for a connection that follows it.
    fn lobby_changed<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        change: Result<LobbyChange, RecvError>,
    ) -> Vec<ServerMessage> {
        let now = server.clock.now();
        match change {
            Ok(LobbyChange::Listed(listing)) => vec![ServerMessage::Listed {
                room: listing.at(now),
            }],
            Ok(LobbyChange::Unlisted(room)) => vec![ServerMessage::Unlisted { room }],
            // Changes were missed: the whole list again.
            Ok(LobbyChange::Reset) | Err(RecvError::Lagged(_)) => self.watch_lobby(server),
            Err(RecvError::Closed) => {
                self.lobby = None;
                Vec::new()
            }
        }
    }

    /// Whether one more public room may wait for players beside the `waiting` ones (the
    /// quick-match queue's length).
    fn may_open_public<S: RoomStore>(
        server: &Server<S>,
        waiting: usize,
    ) -> Result<(), Vec<ServerMessage>> {
        if waiting >= server.limits.max_waiting_rooms {
            return Err(refuse(
                ErrorCode::TooManyWaiting,
                "as many public tables as the server keeps are waiting for players; join one",
            ));
        }
        Ok(())
    }

    /// `quick_match`: a seat in the oldest public room waiting for this variant (and clock,
    /// when named), else a new public room with the sender as host. One quick match at a time
    /// in the whole store (its lock), so two players asking at once meet in one room.
    async fn quick_match<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        wanted: MatchVariant,
        players: u8,
        clock: Option<MoveClock>,
    ) -> Vec<ServerMessage> {
        let new_room = match wanted {
            MatchVariant::Exactly(variant) if variant.players() != players => {
                return refuse(
                    ErrorCode::NoSuchVariant,
                    &format!(
                        "that variant is for {} players, not {players}",
                        variant.players()
                    ),
                );
            }
            MatchVariant::Exactly(variant) => variant,
            // The first rule set for that count (the laws' for 2, 3, 4 and 6).
            MatchVariant::Any => match Variant::all().find(|v| v.players() == players) {
                Some(variant) => variant,
                None => {
                    return refuse(
                        ErrorCode::NoSuchVariant,
                        &format!("no rule set is played by {players}"),
                    );
                }
            },
        };
        let Ok(_matching) = server.store.lock_matching().await else {
            return unavailable(None);
        };
        let Ok(mut waiting) = server.store.waiting().await else {
            return unavailable(None);
        };
        // The oldest first: the player who has waited longest gets the company.
        waiting.sort_by_key(|listing| listing.created_at);
        let now = server.clock.now();
        let id = self.id;
        for listing in &waiting {
            let room = &listing.room;
            if !listing.open_to(wanted, players, clock) {
                continue;
            }
            let token = Token::from_bits(random_u128());
            let link = self.origin.room(room.room);
            let (name, player) = (&self.name, &self.player);
            let entered = server
                .store
                .enter(&room.room, |room| {
                    if !room.open_to(wanted, players, clock) {
                        return None;
                    }
                    let seat = room
                        .join_as(token, id, (name.clone(), player.clone()), now)
                        .ok()?;
                    room.arrive(id);
                    Some(room.welcome(link.clone(), Some(seat), now))
                })
                .await;
            match entered {
                Ok(Some((Some(welcome), events))) => {
                    self.token = Some(token);
                    return self.entered(room.room, welcome, events, server.recorder.is_some());
                }
                // Taken meanwhile, its host gone, or deleted: the next one.
                Ok(_) => continue,
                Err(_) => return unavailable(None),
            }
        }
        if let Err(replies) = Connection::may_open_public(server, waiting.len()) {
            return replies;
        }
        self.create(
            server,
            new_room,
            (Some(clock.unwrap_or(PUBLIC_CLOCK)), true),
            false,
        )
        .await
    }

    /// Open a room for `variant` with its clock and listing (`public`); `random_start`: the
    /// room tosses for each game's first seat.
    async fn create<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        variant: Variant,
        (clock, public): (Option<MoveClock>, bool),
        random_start: bool,
    ) -> Vec<ServerMessage> {
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
            let name = self.name.clone();
            let table = Table {
                variant,
                clock,
                public,
                toss: random_start.then(|| random_u128() as u64),
            };
            let mut room = Room::new(code, table, token, self.id, name, now);
            room.set_player(0, self.player.clone());
            match server.store.insert(room, limits.max_rooms).await {
                Ok(()) => {}
                Err(StoreError::CodeTaken(_)) => continue,
                Err(StoreError::Unavailable(e)) => {
                    tracing::error!("creating a room: {e}");
                    return unavailable(None);
                }
                Err(StoreError::Full(_)) => {
                    return refuse(
                        ErrorCode::TooManyRooms,
                        "the server holds as many rooms as it will; try later",
                    );
                }
            }
            server.gate.room_created(self.address, now);
            let link = self.origin.room(code);
            let id = self.id;
            return match server
                .store
                .enter(&code, |room| {
                    room.arrive(id);
                    room.welcome(link.clone(), Some(0), now)
                })
                .await
            {
                Ok(Some((welcome, events))) => {
                    self.token = Some(token);
                    self.entered(code, welcome, events, server.recorder.is_some())
                }
                Ok(None) => expired(),
                // The room exists; its creator can enter it by its link once the store is back.
                Err(_) => unavailable(None),
            };
        }
        refuse(ErrorCode::TooManyRooms, "no free room code was found")
    }

    /// The messages that act on this connection's room. The seat is looked up in the room on
    /// each message, never remembered here.
    async fn in_room<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        code: RoomCode,
        message: ClientMessage,
    ) -> Vec<ServerMessage> {
        let (token, id) = (self.token, self.id);
        let now = server.clock.now();
        let done = |result: Found<Result<u64, Refusal>>| match result {
            Ok(None) => expired(),
            Err(_) => unavailable(None),
            Ok(Some(Err(refusal))) => vec![error(refusal, None)],
            // The event is the answer.
            Ok(Some(Ok(_))) => Vec::new(),
        };
        match message {
            ClientMessage::Join {} => {
                let new_token = Token::from_bits(random_u128());
                let link = self.origin.room(code);
                let (name, player) = (&self.name, &self.player);
                let joined = server
                    .change(&code, |room| {
                        if let Some(seat) = room.seat_held(token, id) {
                            return Err(Refusal::new(
                                ErrorCode::AlreadyInRoom,
                                format!("you hold seat {seat} already"),
                            ));
                        }
                        let seat =
                            room.join_as(new_token, id, (name.clone(), player.clone()), now)?;
                        Ok(room.welcome(link.clone(), Some(seat), now))
                    })
                    .await;
                match joined {
                    Ok(None) => expired(),
                    Err(_) => unavailable(None),
                    Ok(Some(Err(refusal))) => vec![error(refusal, None)],
                    Ok(Some(Ok(welcome))) => {
                        self.token = Some(new_token);
                        self.sent = welcome.seq;
                        vec![ServerMessage::Welcome(Box::new(
                            self.addressed(welcome, server.recorder.is_some()),
                        ))]
                    }
                }
            }
            ClientMessage::FillComputer {} => done(
                server
                    .change(&code, |room| {
                        room.fill_computer(room.seat_held(token, id), now)
                            .map(|()| room.seq())
                    })
                    .await,
            ),
            ClientMessage::Move {
                seq,
                mv,
                id: move_id,
            } => {
                let outcome = server
                    .change(&code, |room| {
                        room.play(room.seat_held(token, id), seq, mv, now)
                            .map_err(|refusal| {
                                let missed = if refusal.code == ErrorCode::Stale {
                                    room.events_after(seq)
                                } else {
                                    Vec::new()
                                };
                                (refusal, missed)
                            })
                    })
                    .await;
                match outcome {
                    Ok(None) => expired(),
                    Err(_) => unavailable(Some(move_id)),
                    Ok(Some(Ok(MoveOutcome::Applied(seq) | MoveOutcome::Resent(seq)))) => {
                        vec![ServerMessage::Ack { id: move_id, seq }]
                    }
                    Ok(Some(Err((refusal, missed)))) => {
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
                    .change(&code, |room| room.resign(room.seat_held(token, id)))
                    .await,
            ),
            ClientMessage::Leave {} => {
                let replies = done(
                    server
                        .change(&code, |room| room.leave(room.seat_held(token, id)))
                        .await,
                );
                if replies.is_empty() {
                    // The token holds nothing now: this connection watches.
                    self.token = None;
                }
                replies
            }
            ClientMessage::Back {} => done(
                server
                    .change(&code, |room| {
                        room.back(room.seat_held(token, id)).map(|()| room.seq())
                    })
                    .await,
            ),
            ClientMessage::React { reaction } => {
                let every = Duration::from_millis(REACTION_EVERY_MS);
                if self.reacted_at.is_some_and(|at| now < at + every) {
                    return refuse(
                        ErrorCode::RateLimited,
                        "one reaction every 2 seconds; this one was dropped",
                    );
                }
                let reacted = server
                    .change(&code, |room| {
                        room.react(room.seat_held(token, id), reaction)
                    })
                    .await;
                if matches!(reacted, Ok(Some(Ok(())))) {
                    self.reacted_at = Some(now);
                }
                done(reacted.map(|r| r.map(|r| r.map(|()| 0))))
            }
            ClientMessage::Rematch {} => done(
                server
                    .change(&code, |room| room.rematch(room.seat_held(token, id), now))
                    .await,
            ),
            ClientMessage::Sync { have } => {
                match server
                    .change(&code, |room| {
                        (have <= room.seq()).then(|| (room.events_after(have), room.seq()))
                    })
                    .await
                {
                    Ok(None) => expired(),
                    Err(_) => unavailable(None),
                    Ok(Some(Some((events, seq)))) => {
                        self.sent = self.sent.max(seq);
                        events
                            .into_iter()
                            .map(|(seq, event)| ServerMessage::Event { seq, event })
                            .collect()
                    }
                    // A client ahead of the room is confused: it gets the whole state.
                    Ok(Some(None)) => self.rewelcome(server).await,
                }
            }
            // Handled by `handle` before a room is needed.
            ClientMessage::Ping {}
            | ClientMessage::Hello { .. }
            | ClientMessage::Create { .. }
            | ClientMessage::QuickMatch { .. }
            | ClientMessage::LobbyWatch {}
            | ClientMessage::LobbyLeave {}
            | ClientMessage::AdvanceClock { .. } => Vec::new(),
        }
    }
}

/// Act on every deadline that is due on the server's clock: delete expired rooms (their
/// connections are told) and let the computer play for people away past the grace time. Run by
/// `advance_clock` and every [`SWEEP_EVERY`] of real time, over the rooms whose timers this
/// process runs.
pub async fn sweep<S: RoomStore>(server: &Arc<Server<S>>) {
    let now = server.clock.now();
    let due = server
        .store
        .select(|room| room.expired(now) || room.computer_due(now))
        .await;
    for code in due {
        // A look first: most rooms have nothing due, and a look costs a shared store nothing.
        let Ok(Some((expired, computer))) = server
            .store
            .peek(&code, |room| (room.expired(now), room.computer_due(now)))
            .await
        else {
            continue;
        };
        if expired
            && server
                .store
                .expire_if(&code, |room| room.expired(now))
                .await
        {
            tracing::info!("room {code} expired");
        } else if computer {
            drive_computer(server, code).await;
        }
    }
}

/// The real-time sweep, for a server on the system clock (harmless on a manual one, which
/// only `advance_clock` moves), and the computer's planner. Deadlines still read the injected
/// clock, never tokio's.
pub fn spawn_sweeper<S: RoomStore>(server: Arc<Server<S>>) {
    let plans = server
        .plans
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take();
    if let Some(plans) = plans {
        spawn_planner(Arc::clone(&server), plans);
    }
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            sweep(&server).await;
        }
    });
}

/// If the computer is to move (a computer seat, or a person away past the grace time) and this
/// process runs the room's seats, mark the plan as taken and plan off the I/O threads; the plan
/// is played, and the next computer driven, by [`computer_planner`].
async fn drive_computer<S: RoomStore>(server: &Arc<Server<S>>, code: RoomCode) {
    let now = server.clock.now();
    if !server.store.runs_timers(&code)
        || server
            .store
            .peek(&code, |room| room.computer_due(now))
            .await
            != Ok(Some(true))
    {
        return;
    }
    let Ok(Some(Some((seq, game)))) = server
        .store
        .update(&code, |room| room.computer_turn(now))
        .await
    else {
        return;
    };
    let _ = server.planned.send((code, seq, game));
}

/// How long a change that must not be lost (a departure, a computer's move) is tried again
/// while the store is out of reach; the waits double from a quarter second to 5 s.
const KEEP_TRYING: Duration = Duration::from_secs(600);

/// Apply `f` to the room once the store answers (or give up after [`KEEP_TRYING`]).
async fn until_answered<S: RoomStore, R: Send>(
    server: &Server<S>,
    code: RoomCode,
    mut f: impl FnMut(&mut Room) -> R + Send,
) {
    let started = tokio::time::Instant::now();
    let mut wait = Duration::from_millis(250);
    while server.change(&code, &mut f).await.is_err() {
        if started.elapsed() > KEEP_TRYING {
            tracing::error!("room {code}: a change was lost, the store stayed out of reach");
            return;
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// Plans computer moves one after another (each on `spawn_blocking`) and plays them; a
/// computer following a computer is driven again. One task, so the recursion of computer
/// turns needs no boxed futures.
fn spawn_planner<S: RoomStore>(server: Arc<Server<S>>, mut plans: mpsc::UnboundedReceiver<Plan>) {
    tokio::spawn(async move {
        while let Some((code, seq, game)) = plans.recv().await {
            let server = Arc::clone(&server);
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
                        // The room checks the seq and who controls the seat when the plan
                        // lands: a person back meanwhile plays their own turn.
                        let now = server.clock.now();
                        until_answered(&server, code, |room| room.computer_move(seq, mv, now))
                            .await;
                        drive_computer(&server, code).await;
                    }
                    // Not retried: the same position would fail the same way. The seat waits.
                    Err(e) => tracing::error!("planning in room {code} failed: {e}"),
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_connection_is_pinged_then_counted_gone() {
        let s = Duration::from_secs;
        let mut beat = Heartbeat::new(s(0));
        assert_eq!(beat.check(s(14)), Beat::Fine);
        assert_eq!(beat.check(s(15)), Beat::Ping);
        assert_eq!(
            beat.check(s(29)),
            Beat::Fine,
            "the ping waits for its answer"
        );
        assert_eq!(beat.check(s(30)), Beat::Gone);
    }

    #[test]
    fn an_answer_keeps_a_connection_and_a_jump_of_the_clock_pings_first() {
        let s = Duration::from_secs;
        let mut beat = Heartbeat::new(s(0));
        assert_eq!(beat.check(s(20)), Beat::Ping);
        beat.heard(s(21));
        assert_eq!(beat.check(s(35)), Beat::Fine);
        // An hour at once (the test clock): a ping, not a verdict.
        assert_eq!(beat.check(s(3600)), Beat::Ping);
        assert_eq!(beat.check(s(3600)), Beat::Fine);
        assert_eq!(beat.check(s(3615)), Beat::Gone);
    }
}

//! The socket side: one task per connection reads client frames, asks the room (through the
//! [`RoomStore`]) and writes the answers and the room's events. Computer seats plan on
//! `spawn_blocking`, so a search never holds up the I/O threads.

use crate::clock::Clock;
use crate::room::{MoveOutcome, Refusal, Room};
use crate::store::{RoomStore, Subscription};
use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::http::header::HOST;
use axum::response::Response;
use axum::routing::get;
use starhalma_ai::{Level, Planner, SplitMix};
use starhalma_protocol::{
    ClientMessage, ErrorCode, MAX_FRAME_BYTES, RoomCode, RoomEvent, ServerMessage, Token, Welcome,
    decode_client, room_link,
};
use starhalma_rules::Variant;
use std::net::SocketAddr;
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
}

/// `/ws` the room socket; every other path the web build in `dist`, when given.
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

async fn upgrade<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let origin = format!("http://{}", link_host(&headers, server.addr));
    ws.max_message_size(SOCKET_LIMIT)
        .max_frame_size(SOCKET_LIMIT)
        .on_upgrade(move |socket| serve_connection(server, socket, origin))
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

/// One connection's view: its room, its seat and the last event it was sent.
struct Connection {
    origin: String,
    room: Option<RoomCode>,
    seat: Option<u8>,
    events: Option<Subscription>,
    /// Events up to this seq have reached the client (in a `welcome` or one by one).
    sent: u64,
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

async fn serve_connection<S: RoomStore>(
    server: Arc<Server<S>>,
    mut socket: WebSocket,
    origin: String,
) {
    let mut conn = Connection {
        origin,
        room: None,
        seat: None,
        events: None,
        sent: 0,
    };
    'connection: loop {
        let replies = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let replies = conn.handle(&server, text.as_str());
                    // The room's events first, so an `ack` never arrives before its event.
                    let mut out = conn.drain(&server);
                    out.extend(replies);
                    out
                }
                Some(Ok(Message::Binary(_))) => {
                    refuse(ErrorCode::Malformed, "messages are JSON text frames")
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break 'connection,
            },
            event = next_event(&mut conn.events) => conn.forward(&server, event),
        };
        for reply in replies {
            if socket.send(Message::text(reply.encode())).await.is_err() {
                break 'connection;
            }
        }
    }
    if let (Some(code), Some(seat)) = (conn.room, conn.seat) {
        server
            .store
            .update(&code, |room| room.set_connected(seat, false));
    }
}

async fn next_event(events: &mut Option<Subscription>) -> Result<(u64, RoomEvent), RecvError> {
    match events {
        Some(events) => events.recv().await,
        None => std::future::pending().await,
    }
}

impl Connection {
    /// A room event for this client, unless it has it already.
    fn forward<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        event: Result<(u64, RoomEvent), RecvError>,
    ) -> Vec<ServerMessage> {
        match event {
            Ok((seq, event)) if seq > self.sent => {
                self.sent = seq;
                vec![ServerMessage::Event { seq, event }]
            }
            Ok(_) => Vec::new(),
            // Too far behind to catch up one by one: the whole state instead.
            Err(RecvError::Lagged(_)) => self.rewelcome(server),
            Err(RecvError::Closed) => {
                self.events = None;
                Vec::new()
            }
        }
    }

    /// Every event already waiting for this client.
    fn drain<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        while let Some(events) = &mut self.events {
            let event = match events.try_recv() {
                Ok(event) => Ok(event),
                Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                Err(TryRecvError::Closed) => Err(RecvError::Closed),
                Err(TryRecvError::Empty) => break,
            };
            out.extend(self.forward(server, event));
        }
        out
    }

    fn rewelcome<S: RoomStore>(&mut self, server: &Server<S>) -> Vec<ServerMessage> {
        let Some(code) = self.room else {
            return Vec::new();
        };
        let link = room_link(&self.origin, &code);
        let seat = self.seat;
        match server.store.update(&code, |room| room.welcome(link, seat)) {
            Some(welcome) => {
                self.sent = welcome.seq;
                vec![ServerMessage::Welcome(Box::new(welcome))]
            }
            None => refuse(ErrorCode::Expired, "the room is gone"),
        }
    }

    /// Answer one client frame. Every refusal leaves the room as it was.
    fn handle<S: RoomStore>(&mut self, server: &Arc<Server<S>>, frame: &str) -> Vec<ServerMessage> {
        let message = match decode_client(frame) {
            Ok(message) => message,
            Err(e) => return vec![error(Refusal::new(e.code(), e.to_string()), None)],
        };
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
                    Vec::new()
                } else {
                    refuse(ErrorCode::NoTestClock, "this server runs on real time")
                }
            }
            ClientMessage::Leave {} | ClientMessage::Rematch {} => refuse(
                ErrorCode::Malformed,
                "leave and rematch are not served by this server yet",
            ),
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
        let entered = server.store.enter(&code, |room| {
            let seat = match token {
                Some(token) => Some(room.seat_of(token)?),
                None => None,
            };
            if let Some(seat) = seat {
                room.set_connected(seat, true);
            }
            Ok::<_, Refusal>(room.welcome(link, seat))
        });
        match entered {
            None => refuse(ErrorCode::NoSuchRoom, "no room has this code"),
            Some((Err(refusal), _)) => vec![error(refusal, None)],
            Some((Ok(welcome), events)) => self.entered(code, welcome, events),
        }
    }

    fn entered(
        &mut self,
        code: RoomCode,
        welcome: Welcome,
        events: Subscription,
    ) -> Vec<ServerMessage> {
        self.room = Some(code);
        self.seat = welcome.seat;
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
        let token = Token::from_bits(random_u128());
        // 50 random bits: a clash is so rare that a few draws always find a free code.
        for _ in 0..8 {
            let code = RoomCode::from_bits(random_u128() as u64);
            let room = Room::new(code, variant, token, server.clock.now());
            if server.store.insert(room).is_err() {
                continue;
            }
            let link = room_link(&self.origin, &code);
            return match server
                .store
                .enter(&code, |room| room.welcome(link, Some(0)))
            {
                Some((welcome, events)) => self.entered(code, welcome, events),
                None => refuse(ErrorCode::Expired, "the room is gone"),
            };
        }
        refuse(ErrorCode::TooManyRooms, "no free room code was found")
    }

    /// The messages that act on this connection's room.
    fn in_room<S: RoomStore>(
        &mut self,
        server: &Server<S>,
        code: RoomCode,
        message: ClientMessage,
    ) -> Vec<ServerMessage> {
        let seat = self.seat;
        let gone = || refuse(ErrorCode::Expired, "the room is gone");
        match message {
            ClientMessage::Join {} => {
                if let Some(seat) = seat {
                    return refuse(
                        ErrorCode::AlreadyInRoom,
                        &format!("you hold seat {seat} already"),
                    );
                }
                let token = Token::from_bits(random_u128());
                let link = room_link(&self.origin, &code);
                let joined = server.store.update(&code, |room| {
                    room.join(token).map(|seat| room.welcome(link, Some(seat)))
                });
                match joined {
                    None => gone(),
                    Some(Err(refusal)) => vec![error(refusal, None)],
                    Some(Ok(welcome)) => {
                        self.seat = welcome.seat;
                        self.sent = welcome.seq;
                        vec![ServerMessage::Welcome(Box::new(welcome))]
                    }
                }
            }
            ClientMessage::FillComputer {} => {
                match server.store.update(&code, |room| room.fill_computer(seat)) {
                    None => gone(),
                    Some(Err(refusal)) => vec![error(refusal, None)],
                    Some(Ok(())) => Vec::new(),
                }
            }
            ClientMessage::Move { seq, mv, id } => {
                let outcome = server.store.update(&code, |room| {
                    room.play(seat, seq, mv).map_err(|refusal| {
                        let missed = if refusal.code == ErrorCode::Stale {
                            room.events_after(seq)
                        } else {
                            Vec::new()
                        };
                        (refusal, missed)
                    })
                });
                match outcome {
                    None => gone(),
                    Some(Ok(MoveOutcome::Applied(seq) | MoveOutcome::Resent(seq))) => {
                        vec![ServerMessage::Ack { id, seq }]
                    }
                    Some(Err((refusal, missed))) => {
                        let mut out = vec![error(refusal, Some(id))];
                        for (seq, event) in missed {
                            self.sent = self.sent.max(seq);
                            out.push(ServerMessage::Event { seq, event });
                        }
                        out
                    }
                }
            }
            ClientMessage::Resign {} => {
                match server.store.update(&code, |room| room.resign(seat)) {
                    None => gone(),
                    Some(Err(refusal)) => vec![error(refusal, None)],
                    Some(Ok(_)) => Vec::new(),
                }
            }
            ClientMessage::Sync { have } => {
                match server.store.update(&code, |room| {
                    (have <= room.seq()).then(|| (room.events_after(have), room.seq()))
                }) {
                    None => gone(),
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
            _ => Vec::new(),
        }
    }
}

/// If a computer seat is to move, plan its move off the I/O threads and play it; repeats while
/// computers follow each other.
fn drive_computer<S: RoomStore>(server: &Arc<Server<S>>, code: RoomCode) {
    let Some(Some((seq, game))) = server.store.update(&code, |room| room.computer_turn()) else {
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
                server
                    .store
                    .update(&code, |room| room.computer_move(seq, mv));
                drive_computer(&server, code);
            }
            // Not retried: the same position would fail the same way. The seat waits.
            Err(e) => tracing::error!("planning in room {code} failed: {e}"),
        }
    });
}

//! The real server binary and scripted WebSocket clients (sync tungstenite on the test thread).
//! Every read has a timeout and the server is killed when the test ends, pass or fail.

#![allow(dead_code)]

pub mod postgres;

use starhalma_protocol::{
    ClientMessage, ErrorCode, RoomCode, RoomEvent, ServerMessage, Token, decode_server,
};
use starhalma_rules::{Game, Move, RuleSet, Variant};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long any one answer may take (a computer's Medium move included).
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// Where a suite's servers keep their rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    Memory,
    /// A `redis-server` of the test's own for each server (or shared by several gateways).
    Redis,
}

/// A `redis-server` on a Unix socket in a folder of its own, no TCP port and nothing saved;
/// killed (and its folder removed) when dropped.
pub struct RedisProcess {
    child: Child,
    dir: PathBuf,
    socket: PathBuf,
    /// Writes every change to its append-only file before answering, so a kill loses nothing.
    durable: bool,
    pub url: String,
}

impl RedisProcess {
    pub fn start() -> RedisProcess {
        RedisProcess::start_with(false)
    }

    /// A Redis that keeps every write on disk (`appendfsync always`): killed and started
    /// again on the same socket with [`RedisProcess::restart`], it has lost nothing.
    pub fn start_durable() -> RedisProcess {
        RedisProcess::start_with(true)
    }

    fn spawn(dir: &std::path::Path, socket: &std::path::Path, durable: bool) -> Child {
        let persistence: &[&str] = if durable {
            &[
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ]
        } else {
            &["--save", "", "--appendonly", "no"]
        };
        Command::new("redis-server")
            .args(["--port", "0", "--unixsocket"])
            .arg(socket)
            .args(persistence)
            .arg("--dir")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start redis-server ({e}): scripts/deps.sh installs it")
            })
    }

    fn wait_for_socket(&self) {
        let started = std::time::Instant::now();
        while !self.socket.exists() {
            assert!(started.elapsed() < TIMEOUT, "redis-server made no socket");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Freeze Redis (SIGSTOP): connections stay open and nothing is answered.
    pub fn stop(&self) {
        self.signal("-STOP");
    }

    /// Let a frozen Redis go on (SIGCONT).
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal} failed");
    }

    /// Kill Redis outright (SIGKILL); [`RedisProcess::restart`] brings it back.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.socket);
    }

    /// Start Redis again on the same socket and folder (a durable one reloads its data).
    pub fn restart(&mut self) {
        self.child = RedisProcess::spawn(&self.dir, &self.socket, self.durable);
        self.wait_for_socket();
    }

    fn start_with(durable: bool) -> RedisProcess {
        static STARTED: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "starhalma-redis-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a folder for redis");
        let socket = dir.join("redis.sock");
        let child = RedisProcess::spawn(&dir, &socket, durable);
        let redis = RedisProcess {
            child,
            url: format!("redis+unix://{}", socket.display()),
            dir,
            socket,
            durable,
        };
        redis.wait_for_socket();
        redis
    }
}

impl RedisProcess {
    /// The process id (the load run reads its CPU time and memory).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        // A stopped process dies of SIGKILL too.
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub struct ServerProcess {
    child: Child,
    pub addr: String,
    /// The Redis this server alone uses (dropped after the server).
    _redis: Option<RedisProcess>,
}

impl ServerProcess {
    /// `starhalma-server --port 0 --test-clock` on 127.0.0.1 with the suite's store (a Redis of
    /// its own for `Store::Redis`), plus `extra` arguments. The message rate is generous unless
    /// `extra` names one: the manual clock never refills the bucket on its own, and whole games
    /// take many messages.
    pub fn start(extra: &[&str]) -> ServerProcess {
        match crate::STORE {
            Store::Memory => ServerProcess::launch(extra, None),
            Store::Redis => {
                let redis = RedisProcess::start();
                let url = redis.url.clone();
                let mut args = vec!["--redis", &url];
                args.extend_from_slice(extra);
                let mut server = ServerProcess::launch(&args, None);
                server._redis = Some(redis);
                server
            }
        }
    }

    /// A gateway on a shared Redis, whose leases lapse a second after it dies.
    pub fn gateway(redis: &RedisProcess) -> ServerProcess {
        ServerProcess::gateway_with(redis, &[])
    }

    pub fn gateway_with(redis: &RedisProcess, extra: &[&str]) -> ServerProcess {
        let mut args = vec!["--redis", &redis.url, "--lease-ms", "1000"];
        args.extend_from_slice(extra);
        ServerProcess::launch(&args, None)
    }

    fn launch(extra: &[&str], redis: Option<RedisProcess>) -> ServerProcess {
        // No records unless the test names a database of its own.
        let records: &[&str] = if extra.contains(&"--database") {
            &[]
        } else {
            &["--database", "none"]
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_starhalma-server"));
        command
            .args(["--bind", "127.0.0.1", "--port", "0", "--test-clock"])
            .args(["--max-messages-per-second", "100000"])
            .args(records)
            .args(extra);
        let mut server = ServerProcess::spawn(command);
        server._redis = redis;
        server
    }

    /// A server started by `command` exactly as given (deploy/'s unit line), once it listens.
    pub fn spawn(mut command: Command) -> ServerProcess {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx.recv_timeout(TIMEOUT);
        let mut server = ServerProcess {
            child,
            addr: String::new(),
            _redis: None,
        };
        let line = line.expect("the server prints its address in time");
        server.addr = line
            .trim_end()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line was {line:?}"))
            .to_string();
        server
    }

    pub fn connect(&self) -> Client {
        Client::connect(&format!("ws://{}/ws", self.addr))
    }

    /// A spectator of `room`, welcomed: the server's own view of the room as it is now.
    pub fn watch(&self, room: Option<RoomCode>) -> Client {
        let mut watcher = self.connect();
        watcher.send(&ClientMessage::Hello {
            room,
            token: None,
            name: None,
            player_key: None,
        });
        watcher.welcome();
        watcher
    }

    /// The process id (the load run reads its CPU time and memory).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stop the process at once (SIGKILL): nothing of it runs after this returns.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// `GET path` on the server's port: the status and the body.
    pub fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
        use std::io::{Read, Write};
        let mut stream = TcpStream::connect(&self.addr).expect("the server listens");
        stream.set_read_timeout(Some(TIMEOUT)).unwrap();
        let mut request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("an HTTP answer: {answer:?}"));
        let body = answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
        (status, body.to_string())
    }

    pub fn connect_with(&self, headers: &[(&'static str, &str)]) -> Client {
        Client::connect_with(&format!("ws://{}/ws", self.addr), headers)
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A scripted client that keeps the room as a real one would: the game from `welcome`, then
/// every event applied in seq order.
pub struct Client {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    pub game: Option<Game>,
    pub seq: u64,
    pub seat: Option<u8>,
    pub token: Option<Token>,
    pub room: Option<RoomCode>,
    pub link: Option<starhalma_protocol::RoomLink>,
    /// Every event applied, with its seq.
    pub events: Vec<(u64, RoomEvent)>,
    /// The seats of the last welcome.
    pub welcome_seats: Option<Vec<starhalma_protocol::SeatHolder>>,
    /// Presence messages received (`disconnected`, `reconnected`), in order.
    pub presence: Vec<ServerMessage>,
    /// The last welcome's public player id and record id.
    pub player: Option<String>,
    pub record: Option<String>,
    /// The time the seat to move had left at the last welcome, with a move clock.
    pub turn_left_ms: Option<u64>,
}

impl Client {
    pub fn connect(url: &str) -> Client {
        Client::connect_with(url, &[])
    }

    /// Connect with extra request headers (`X-Forwarded-For`, as a proxy would add).
    pub fn connect_with(url: &str, headers: &[(&'static str, &str)]) -> Client {
        use tungstenite::client::IntoClientRequest;
        let mut request = url.into_client_request().expect("a socket URL");
        for (name, value) in headers {
            request
                .headers_mut()
                .insert(*name, value.parse().expect("a header value"));
        }
        let (ws, _) = tungstenite::connect(request).expect("the socket opens");
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(TIMEOUT)).unwrap();
        }
        Client {
            ws,
            game: None,
            seq: 0,
            seat: None,
            token: None,
            room: None,
            link: None,
            events: Vec::new(),
            welcome_seats: None,
            presence: Vec::new(),
            player: None,
            record: None,
            turn_left_ms: None,
        }
    }

    pub fn send(&mut self, message: &ClientMessage) {
        self.send_raw(&message.encode());
    }

    pub fn send_raw(&mut self, frame: &str) {
        self.ws.send(Message::text(frame)).expect("send");
    }

    pub fn send_binary(&mut self, bytes: &[u8]) {
        self.ws.send(Message::binary(bytes.to_vec())).expect("send");
    }

    /// The next text frame as it came, not decoded (the docs' transcript compares these).
    pub fn recv_text(&mut self) -> String {
        loop {
            match self.ws.read() {
                Ok(Message::Text(text)) => return text.to_string(),
                Ok(Message::Close(_)) => panic!("the server closed the socket"),
                Ok(_) => continue,
                Err(e) => panic!("no message within {TIMEOUT:?}: {e}"),
            }
        }
    }

    /// The next server message, applied to this client's copy of the room.
    pub fn recv(&mut self) -> ServerMessage {
        loop {
            let frame = match self.ws.read() {
                Ok(Message::Text(text)) => text,
                Ok(Message::Close(_)) => panic!("the server closed the socket"),
                Ok(_) => continue,
                Err(e) => panic!("no message within {TIMEOUT:?}: {e}"),
            };
            let message = decode_server(frame.as_str()).expect("server frames decode");
            self.apply(&message);
            return message;
        }
    }

    fn apply(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Welcome(welcome) => {
                self.game = Some(welcome.game.clone());
                self.seq = welcome.seq;
                self.seat = welcome.seat;
                self.token = welcome.token;
                self.room = Some(welcome.room);
                self.link = Some(welcome.link.clone());
                self.welcome_seats = Some(welcome.seats.clone());
                self.player = welcome.player.clone();
                self.record = welcome.record.clone();
                self.turn_left_ms = welcome.turn_left_ms;
            }
            // Older events (a stale move's missed events we have already) are ignored.
            ServerMessage::Event { seq, event } if *seq > self.seq => {
                assert_eq!(*seq, self.seq + 1, "events arrive in order, without gaps");
                let game = self.game.as_mut().expect("a welcome came first");
                match event {
                    RoomEvent::Moved { seat, mv, .. } => {
                        assert_eq!(game.active(), *seat);
                        game.play(*mv).expect("the server plays legal moves only");
                    }
                    RoomEvent::Resigned { seat } => {
                        game.resign(*seat).expect("the resignation fits");
                    }
                    // A new game; every person moves on by one seat (docs/ONLINE.md).
                    RoomEvent::Started { first, record } => {
                        *game = Game::starting_with(game.variant(), *first)
                            .expect("the first seat plays");
                        self.record = record.clone();
                    }
                    RoomEvent::Rematch {
                        seats,
                        first,
                        record,
                    } => {
                        self.record = record.clone();
                        let players = game.variant().players();
                        assert_eq!(seats.len(), usize::from(players));
                        *game = Game::starting_with(game.variant(), *first)
                            .expect("the first seat plays");
                        self.seat = self.seat.map(|s| (s + 1) % players);
                    }
                    RoomEvent::Left { seat } if self.seat == Some(*seat) => self.seat = None,
                    _ => {}
                }
                self.seq = *seq;
                self.events.push((*seq, event.clone()));
            }
            ServerMessage::Disconnected { .. } | ServerMessage::Reconnected { .. } => {
                self.presence.push(message.clone());
            }
            _ => {}
        }
    }

    /// Receive until `pick` accepts a message, failing on any other kind of message than
    /// events (which are applied on the way) and presence (kept in `presence`).
    pub fn recv_until<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let message = self.recv();
            if let Some(found) = pick(&message) {
                return found;
            }
            assert!(
                matches!(
                    message,
                    ServerMessage::Event { .. }
                        | ServerMessage::Disconnected { .. }
                        | ServerMessage::Reconnected { .. }
                ),
                "unexpected {message:?}"
            );
        }
    }

    pub fn welcome(&mut self) {
        self.recv_until(|m| matches!(m, ServerMessage::Welcome(_)).then_some(()));
    }

    /// The next message is an error with this code; returns its message and id.
    pub fn expect_error(&mut self, code: ErrorCode) -> (String, Option<u32>) {
        match self.recv() {
            ServerMessage::Error {
                code: got,
                message,
                id,
            } => {
                assert_eq!(got, code, "{message}");
                (message, id)
            }
            other => panic!("expected error {code}, got {other:?}"),
        }
    }

    /// Nothing is waiting for this client: a ping's pong is the very next message.
    pub fn assert_quiet(&mut self) {
        self.send(&ClientMessage::Ping {});
        match self.recv() {
            ServerMessage::Pong {} => {}
            other => panic!("expected nothing before the pong, got {other:?}"),
        }
    }

    /// Move the server's manual clock on (`advance_clock`); it answers nothing.
    pub fn advance(&mut self, ms: u64) {
        self.send(&ClientMessage::AdvanceClock { ms });
    }

    /// Receive until the server closes the socket (a close frame or the connection's end),
    /// failing on a timeout. The server updates the room before it lets the socket go, so
    /// after this the room has seen the close.
    pub fn wait_closed(&mut self) -> Vec<ServerMessage> {
        let mut got = Vec::new();
        loop {
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    got.push(decode_server(text.as_str()).expect("server frames decode"))
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("the server did not close the socket within {TIMEOUT:?}")
                }
                Err(_) => return got,
            }
        }
    }

    /// Close this side with a status code; the status of the Close frame the server answers
    /// with (`None`: the connection ended without one).
    pub fn close_answered(mut self, code: u16) -> Option<u16> {
        use tungstenite::protocol::CloseFrame;
        let frame = CloseFrame {
            code: code.into(),
            reason: "".into(),
        };
        let _ = self.ws.close(Some(frame));
        loop {
            match self.ws.read() {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Send a frame the server may stop reading halfway: `false` when the connection broke
    /// while it was being written.
    pub fn send_raw_until_cut(&mut self, frame: &str) -> bool {
        self.ws.send(Message::text(frame)).is_ok()
    }

    /// Receive until the connection ends: the status of the server's Close frame, or `None`
    /// when the connection was reset before one could be read.
    pub fn end_status(&mut self) -> Option<u16> {
        loop {
            match self.ws.read() {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("the server did not end the connection within {TIMEOUT:?}")
                }
                Err(_) => return None,
            }
        }
    }

    /// Close this side and wait until the server has let the connection go.
    pub fn close(mut self) {
        let _ = self.ws.close(None);
        self.wait_closed();
    }

    pub fn game(&self) -> &Game {
        self.game.as_ref().expect("in a room")
    }

    /// Play `mv` and wait for its event and ack (in that order: the ack names an event already
    /// received; a computer's answer may come between them).
    pub fn play(&mut self, mv: Move, id: u32) -> u64 {
        let seq = self.seq;
        self.send(&ClientMessage::Move { seq, mv, id });
        let acked = self.recv_until(|m| match m {
            ServerMessage::Ack { id: got, seq } if *got == id => Some(*seq),
            _ => None,
        });
        assert_eq!(acked, seq + 1, "the move became the next event");
        assert!(
            self.events.iter().any(|(s, e)| *s == acked
                && matches!(e, RoomEvent::Moved { mv: played, .. } if *played == mv)),
            "the ack names the event already received"
        );
        acked
    }
}

pub fn variant(rules: RuleSet, players: u8) -> Variant {
    Variant::new(rules, players).unwrap()
}

/// The names `two_players` seats: a Nepali host and a Japanese friend.
pub const HOST_NAME: &str = "आशा";
pub const FRIEND_NAME: &str = "さくら";

/// A started two-player room: the host (seat 0, [`HOST_NAME`]) and a friend who joined by the
/// link (seat 1, [`FRIEND_NAME`]).
pub fn two_players(server: &ServerProcess) -> (Client, Client) {
    let mut host = server.connect();
    host.send(&ClientMessage::Hello {
        room: None,
        token: None,
        name: None,
        player_key: None,
    });
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: Some(HOST_NAME.into()),
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    assert_eq!(host.seat, Some(0));
    let link = host.link.clone().unwrap();
    let room = link.room;
    let mut friend = server.connect();
    friend.send(&ClientMessage::Hello {
        room: Some(room),
        token: None,
        name: Some(FRIEND_NAME.into()),
        player_key: None,
    });
    friend.welcome();
    assert_eq!(friend.seat, None);
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    assert_eq!(friend.seat, Some(1));
    assert_eq!(friend.seq, 2);
    // The host sees the join and the start as events.
    while host.seq < 2 {
        host.recv();
    }
    assert!(matches!(host.events[1], (2, RoomEvent::Started { .. })));
    (host, friend)
}

impl Client {
    /// The next message, which must be one of the lobby's (`lobby`, `listed`, `unlisted`).
    pub fn lobby_message(&mut self) -> ServerMessage {
        let message = self.recv();
        assert!(
            matches!(
                message,
                ServerMessage::Lobby { .. }
                    | ServerMessage::Listed { .. }
                    | ServerMessage::Unlisted { .. }
            ),
            "expected a lobby message, got {message:?}"
        );
        message
    }

    /// `quick_match` for any rule set for `players` (with `clock_ms` when given); returns
    /// the welcome's room.
    pub fn quick_match(
        &mut self,
        players: u8,
        clock_ms: Option<starhalma_protocol::MoveClock>,
        name: &str,
    ) -> RoomCode {
        self.send(&ClientMessage::QuickMatch {
            variant: starhalma_protocol::MatchVariant::Any,
            players,
            name: Some(name.into()),
            clock_ms,
            player_key: None,
        });
        self.welcome();
        self.room.expect("a welcome names its room")
    }

    /// How many seats are still open, from the last welcome and the seat events since.
    pub fn seats_open(&self) -> usize {
        self.events
            .iter()
            .rev()
            .find_map(|(_, e)| match e {
                RoomEvent::Seats { seats } => Some(seats.clone()),
                _ => None,
            })
            .or_else(|| self.welcome_seats.clone())
            .unwrap_or_default()
            .iter()
            .filter(|s| **s == starhalma_protocol::SeatHolder::Open)
            .count()
    }
}

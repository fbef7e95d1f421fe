//! `starhalma-load`: a load test of starhalma-server gateways (docs/ONLINE.md, "Load test").
//!
//! N rooms of two scripted players on loopback, each room moving at a bounded rate for a bounded
//! time, over one or more gateway addresses (a room's two players sit on different gateways when
//! there are several). Prints rooms, connections, moves/s, the round trip from a move sent to its
//! event received by the other player (p50/p99/max), errors and lost events; exits 1 on any error
//! or lost event. Given the processes' ids (`--pid`, `--store-pid`; same machine, Linux), it also
//! prints their CPU time per move over the play and their resident memory per connection and per
//! room from before the first connection to when every room is set up. Open files are capped per process, so `--workers K` splits the rooms over K
//! processes of itself. The servers need limits that let one address in:
//! `--max-connections-per-address`, `--max-rooms-per-hour` and `--max-rooms` above the run's.

use futures_util::{SinkExt, StreamExt};
use starhalma_ai::SplitMix;
use starhalma_protocol::{ClientMessage, RoomCode, ServerMessage, decode_server};
use starhalma_rules::{Game, RuleSet, Variant};
use std::io::Write;
use std::process::{ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const USAGE: &str = "usage: starhalma-load --addr HOST:PORT [--addr …] [--rooms N] [--seconds S]
                      [--rate R] [--separate] [--workers K] [--pid PID …] [--store-pid PID]
  --addr HOST:PORT  a gateway (repeat for several; a room's players sit on different ones)
  --rooms N         two-player rooms (default 100, at most 100000)
  --seconds S       how long the rooms play once all are set up (default 10, at most 3600)
  --rate R          moves per second in each room (default 1, at most 20)
  --separate        the addresses are separate servers (each its own rooms, in memory): a
                    room's two players sit on the same one (by default they sit on different
                    gateways of one store)
  --workers K       processes to spread the rooms over (default 1; each holds 2 sockets a room)
  --pid PID         a gateway's process (repeat): its CPU per move and memory per connection
  --store-pid PID   the store's process (Redis): its CPU per move and memory per room";

/// How long any one answer may take before it counts as an error (and the event as lost).
const ANSWER: Duration = Duration::from_secs(10);
/// Rooms set up at once (connects, create, join).
const SETUP_AT_ONCE: usize = 200;
/// Latency histogram: 10 µs buckets up to 2 s, then one bucket for the rest.
const BUCKET_US: u64 = 10;
const BUCKETS: usize = 200_000;

#[derive(Clone)]
struct Options {
    addrs: Vec<String>,
    rooms: usize,
    seconds: u64,
    rate: u32,
    /// The addresses are separate servers (memory stores): a room stays on one.
    separate: bool,
    workers: usize,
    worker: bool,
    pids: Vec<u32>,
    store_pid: Option<u32>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        addrs: Vec::new(),
        rooms: 100,
        seconds: 10,
        rate: 1,
        separate: false,
        workers: 1,
        worker: false,
        pids: Vec::new(),
        store_pid: None,
    };
    fn number<T: std::str::FromStr + PartialOrd>(
        flag: &str,
        v: Option<String>,
        lo: T,
        hi: T,
    ) -> Result<T, String> {
        let v = v.ok_or(format!("{flag} needs a value"))?;
        v.parse()
            .ok()
            .filter(|n| *n >= lo && *n <= hi)
            .ok_or(format!("{flag}: '{v}' is out of range"))
    }
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--addr" => o.addrs.push(args.next().ok_or("--addr needs a value")?),
            "--rooms" => o.rooms = number(&arg, args.next(), 1, 100_000)?,
            "--seconds" => o.seconds = number(&arg, args.next(), 1, 3600)?,
            "--rate" => o.rate = number(&arg, args.next(), 1, 20)?,
            "--separate" => o.separate = true,
            "--workers" => o.workers = number(&arg, args.next(), 1, 64)?,
            "--pid" => o.pids.push(number(&arg, args.next(), 1, u32::MAX)?),
            "--store-pid" => o.store_pid = Some(number(&arg, args.next(), 1, u32::MAX)?),
            // A child of `--workers`: prints its counts as one `result` line.
            "--worker" => o.worker = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if o.addrs.is_empty() {
        return Err("name at least one --addr".into());
    }
    Ok(o)
}

/// What a run (or one worker of it) counted.
struct Tally {
    rooms: usize,
    moves: u64,
    errors: u64,
    lost: u64,
    /// Round trips by bucket.
    histogram: Vec<u64>,
    first_error: Option<String>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            rooms: 0,
            moves: 0,
            errors: 0,
            lost: 0,
            histogram: vec![0; BUCKETS + 1],
            first_error: None,
        }
    }

    fn error(&mut self, what: String) {
        self.errors += 1;
        self.first_error.get_or_insert(what);
    }

    fn round_trip(&mut self, d: Duration) {
        let bucket = (d.as_micros() as u64 / BUCKET_US).min(BUCKETS as u64);
        self.histogram[bucket as usize] += 1;
    }

    fn merge(&mut self, other: &Tally) {
        self.rooms += other.rooms;
        self.moves += other.moves;
        self.errors += other.errors;
        self.lost += other.lost;
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        if self.first_error.is_none() {
            self.first_error.clone_from(&other.first_error);
        }
    }

    /// The round trip at quantile `q` (the upper edge of its bucket), in ms.
    fn quantile(&self, q: f64) -> f64 {
        let total: u64 = self.histogram.iter().sum();
        if total == 0 {
            return 0.0;
        }
        let rank = ((total as f64) * q).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, n) in self.histogram.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return ((i as u64 + 1) * BUCKET_US) as f64 / 1000.0;
            }
        }
        f64::INFINITY
    }

    fn max(&self) -> f64 {
        self.histogram
            .iter()
            .rposition(|n| *n > 0)
            .map_or(0.0, |i| ((i as u64 + 1) * BUCKET_US) as f64 / 1000.0)
    }

    /// One line for a parent: counts, then the non-empty buckets as `index:count`.
    fn encode(&self) -> String {
        let buckets: Vec<String> = self
            .histogram
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| format!("{i}:{n}"))
            .collect();
        format!(
            "result {} {} {} {} {} {}",
            self.rooms,
            self.moves,
            self.errors,
            self.lost,
            if buckets.is_empty() {
                "-".to_string()
            } else {
                buckets.join(",")
            },
            self.first_error.as_deref().unwrap_or("-").replace(' ', "_")
        )
    }

    fn decode(line: &str) -> Option<Tally> {
        let mut parts = line.strip_prefix("result ")?.split(' ');
        let mut tally = Tally::new();
        tally.rooms = parts.next()?.parse().ok()?;
        tally.moves = parts.next()?.parse().ok()?;
        tally.errors = parts.next()?.parse().ok()?;
        tally.lost = parts.next()?.parse().ok()?;
        let buckets = parts.next()?;
        if buckets != "-" {
            for pair in buckets.split(',') {
                let (i, n) = pair.split_once(':')?;
                let i: usize = i.parse().ok()?;
                *tally.histogram.get_mut(i)? += n.parse::<u64>().ok()?;
            }
        }
        let error = parts.next()?;
        tally.first_error = (error != "-").then(|| error.replace('_', " "));
        Some(tally)
    }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One scripted player: its socket and its copy of the room.
struct Player {
    ws: Socket,
    game: Option<Game>,
    seq: u64,
    seat: Option<u8>,
    room: Option<RoomCode>,
    /// Events that arrived out of order (a gap: the client would have to sync).
    gaps: u64,
}

impl Player {
    async fn connect(addr: &str) -> Result<Player, String> {
        let url = format!("ws://{addr}/ws");
        // Small buffers, as the server's (the generator holds two sockets a room too), and no
        // Nagle delay, as a game's client would.
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0);
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (ws, _) = tokio::time::timeout(ANSWER, connect)
            .await
            .map_err(|_| format!("connecting to {addr} timed out"))?
            .map_err(|e| format!("connecting to {addr}: {e}"))?;
        Ok(Player {
            ws,
            game: None,
            seq: 0,
            seat: None,
            room: None,
            gaps: 0,
        })
    }

    async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.ws
            .send(Message::text(message.encode()))
            .await
            .map_err(|e| format!("send: {e}"))
    }

    /// The next server message, applied to this player's copy of the room.
    async fn recv(&mut self) -> Result<ServerMessage, String> {
        loop {
            let frame = tokio::time::timeout(ANSWER, self.ws.next())
                .await
                .map_err(|_| "no answer in time".to_string())?;
            let text = match frame {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Close(_))) | None => return Err("the server closed".into()),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(format!("socket: {e}")),
            };
            let message = decode_server(text.as_str()).map_err(|e| format!("decode: {e}"))?;
            match &message {
                ServerMessage::Welcome(w) => {
                    self.game = Some(w.game.clone());
                    self.seq = w.seq;
                    self.seat = w.seat;
                    self.room = Some(w.room);
                }
                ServerMessage::Event { seq, event } if *seq > self.seq => {
                    if *seq != self.seq + 1 {
                        self.gaps += seq - self.seq - 1;
                    }
                    if let (Some(game), starhalma_protocol::RoomEvent::Moved { mv, .. }) =
                        (self.game.as_mut(), event)
                    {
                        game.play(*mv)
                            .map_err(|e| format!("event does not apply: {e}"))?;
                    }
                    self.seq = *seq;
                }
                ServerMessage::Error { code, message, .. } => {
                    return Err(format!("error {code}: {message}"));
                }
                _ => {}
            }
            return Ok(message);
        }
    }

    async fn until(&mut self, mut pick: impl FnMut(&ServerMessage) -> bool) -> Result<(), String> {
        loop {
            if pick(&self.recv().await?) {
                return Ok(());
            }
        }
    }
}

/// Create a room on `host_addr` and seat a friend on `friend_addr`.
async fn set_up(host_addr: &str, friend_addr: &str) -> Result<(Player, Player), String> {
    let mut host = Player::connect(host_addr).await?;
    host.send(&ClientMessage::Create {
        variant: Variant::new(RuleSet::Laws, 2).map_err(|e| e.to_string())?,
        // Named like real players, so a room's seats cost what they do in play.
        name: Some("Load host".into()),
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    })
    .await?;
    host.until(|m| matches!(m, ServerMessage::Welcome(_)))
        .await?;
    let mut friend = Player::connect(friend_addr).await?;
    friend
        .send(&ClientMessage::Hello {
            room: host.room,
            token: None,
            name: Some("Load friend".into()),
            player_key: None,
        })
        .await?;
    friend
        .until(|m| matches!(m, ServerMessage::Welcome(_)))
        .await?;
    friend.send(&ClientMessage::Join {}).await?;
    friend
        .until(|m| matches!(m, ServerMessage::Welcome(_)))
        .await?;
    while host.seq < 2 {
        host.recv().await?;
    }
    Ok((host, friend))
}

/// Play until `end`: every `1/rate` s the player to move sends a legal move; the round trip is
/// timed to the other player's event. A finished game is rematched.
async fn play(
    mut players: [Player; 2],
    rate: u32,
    end: Instant,
    seed: u64,
    tally: &Mutex<Tally>,
) -> Result<(), String> {
    let mut every = tokio::time::interval(Duration::from_secs(1) / rate);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Rooms start spread over one period, not all on the same tick.
    tokio::time::sleep(Duration::from_micros(seed % 1_000_000) / rate).await;
    let mut rng = SplitMix(seed);
    let mut id = 0;
    while Instant::now() < end {
        every.tick().await;
        let game = players[0].game.clone().ok_or("no game")?;
        if game.is_over() {
            players[0].send(&ClientMessage::Rematch {}).await?;
            let seq = players[0].seq + 1;
            for p in &mut players {
                p.until(|m| matches!(m, ServerMessage::Event { seq: s, .. } if *s == seq))
                    .await?;
                p.game = p.game.as_ref().map(|g| Game::new(g.variant()));
                p.seat = p.seat.map(|s| (s + 1) % 2);
            }
            continue;
        }
        let active = game.active();
        let Some(mover) = players.iter().position(|p| p.seat == Some(active)) else {
            return Err("nobody holds the seat to move".into());
        };
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err("no legal move in a game that is not over".into());
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        id += 1;
        let seq = players[mover].seq;
        let sent = Instant::now();
        players[mover]
            .send(&ClientMessage::Move { seq, mv, id })
            .await?;
        let other = 1 - mover;
        players[other]
            .until(|m| matches!(m, ServerMessage::Event { seq: s, .. } if *s == seq + 1))
            .await?;
        let round_trip = sent.elapsed();
        players[mover]
            .until(|m| matches!(m, ServerMessage::Ack { id: got, .. } if *got == id))
            .await?;
        let mut t = tally.lock().await;
        t.moves += 1;
        t.round_trip(round_trip);
    }
    let gaps: u64 = players.iter().map(|p| p.gaps).sum();
    tally.lock().await.lost += gaps;
    // Leave cleanly, so the server sees the closes.
    for p in &mut players {
        let _ = p.ws.close(None).await;
    }
    Ok(())
}

/// What the processes under test used, read from `/proc` (Linux): CPU time (user and system,
/// in clock ticks of 10 ms, the kernel's USER_HZ) and resident memory.
struct Probe {
    gateways: Vec<u32>,
    store: Option<u32>,
    /// Resident KB before the first connection.
    rss_before: (u64, u64),
    /// CPU ticks (user, system) when the play began.
    cpu_before: ((u64, u64), (u64, u64)),
    /// Resident KB once every room was set up.
    rss_set_up: (u64, u64),
}

/// (user, system) CPU ticks, summed over processes.
#[derive(Clone, Copy, Default)]
struct Ticks((u64, u64));

impl std::ops::Add for Ticks {
    type Output = Ticks;
    fn add(self, other: Ticks) -> Ticks {
        Ticks((self.0.0 + other.0.0, self.0.1 + other.0.1))
    }
}

/// Microseconds in one clock tick of `/proc/PID/stat`.
const TICK_US: f64 = 10_000.0;

/// (user, system) ticks.
fn cpu_ticks(pid: u32) -> (u64, u64) {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return (0, 0);
    };
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let field = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok());
    (field(11).unwrap_or(0), field(12).unwrap_or(0))
}

fn resident_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

impl Probe {
    fn new(o: &Options) -> Probe {
        let mut probe = Probe {
            gateways: o.pids.clone(),
            store: o.store_pid,
            rss_before: (0, 0),
            cpu_before: ((0, 0), (0, 0)),
            rss_set_up: (0, 0),
        };
        probe.rss_before = probe.read(resident_kb);
        probe
    }

    fn active(&self) -> bool {
        !self.gateways.is_empty() || self.store.is_some()
    }

    /// (the gateways' sum, the store's)
    fn read<T: Default + std::ops::Add<Output = T>>(&self, what: fn(u32) -> T) -> (T, T) {
        (
            self.gateways
                .iter()
                .fold(T::default(), |sum, pid| sum + what(*pid)),
            self.store.map_or(T::default(), what),
        )
    }

    /// Every room is set up and the play is about to begin.
    fn set_up(&mut self) {
        self.rss_set_up = self.read(resident_kb);
        let (gateways, store) = self.read(|pid| Ticks(cpu_ticks(pid)));
        self.cpu_before = (gateways.0, store.0);
    }

    /// The play is over: print the figures.
    fn report(&self, tally: &Tally) {
        if !self.active() {
            return;
        }
        let cpu = self.read(|pid| Ticks(cpu_ticks(pid)));
        let per_move = |after: Ticks, before: (u64, u64)| {
            let us =
                |a: u64, b: u64| a.saturating_sub(b) as f64 * TICK_US / tally.moves.max(1) as f64;
            let (user, system) = (us(after.0.0, before.0), us(after.0.1, before.1));
            format!(
                "{:.1} µs a move (user {user:.1}, system {system:.1})",
                user + system
            )
        };
        let per = |after: u64, before: u64, n: usize| {
            after.saturating_sub(before) as f64 / n.max(1) as f64
        };
        let connections = tally.rooms * 2;
        let mut cpu_line = String::new();
        let mut memory_line = String::new();
        if !self.gateways.is_empty() {
            cpu_line += &format!("gateways {}", per_move(cpu.0, self.cpu_before.0));
            memory_line += &format!(
                "gateways {:.1} KB a connection ({:.1} KB a room)",
                per(self.rss_set_up.0, self.rss_before.0, connections),
                per(self.rss_set_up.0, self.rss_before.0, tally.rooms)
            );
        }
        if self.store.is_some() {
            let sep = if cpu_line.is_empty() { "" } else { "; " };
            cpu_line += &format!("{sep}store {}", per_move(cpu.1, self.cpu_before.1));
            memory_line += &format!(
                "{sep}store {:.1} KB a room",
                per(self.rss_set_up.1, self.rss_before.1, tally.rooms)
            );
        }
        println!("server cpu   {cpu_line}");
        println!("memory       {memory_line} (resident)");
    }
}

/// This process's share: set every room up, then (after `ready`) play them all for `seconds`.
async fn run<F: Future<Output = ()>>(
    o: Options,
    first_room: usize,
    ready: impl FnOnce() -> F,
) -> Tally {
    let tally = Arc::new(Mutex::new(Tally::new()));
    let gate = Arc::new(Semaphore::new(SETUP_AT_ONCE));
    let mut setups = Vec::new();
    for i in 0..o.rooms {
        let n = first_room + i;
        let host = o.addrs[n % o.addrs.len()].clone();
        let friend = o.addrs[(n + usize::from(!o.separate)) % o.addrs.len()].clone();
        let gate = Arc::clone(&gate);
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await;
            set_up(&host, &friend).await
        }));
    }
    let mut rooms = Vec::new();
    for setup in setups {
        match setup.await {
            Ok(Ok(players)) => rooms.push(players),
            Ok(Err(e)) => tally.lock().await.error(format!("setting up: {e}")),
            Err(e) => tally.lock().await.error(format!("setting up: {e}")),
        }
    }
    tally.lock().await.rooms = rooms.len();
    ready().await;
    let end = Instant::now() + Duration::from_secs(o.seconds);
    let mut games = Vec::new();
    for (i, (host, friend)) in rooms.into_iter().enumerate() {
        let tally = Arc::clone(&tally);
        let seed = (first_room + i) as u64 * 0x9E37_79B9 + 1;
        games.push(tokio::spawn(async move {
            if let Err(e) = play([host, friend], o.rate, end, seed, &tally).await {
                let mut t = tally.lock().await;
                t.error(e);
                // The move in flight never reached the other player.
                t.lost += 1;
            }
        }));
    }
    for game in games {
        if let Err(e) = game.await {
            tally
                .lock()
                .await
                .error(format!("a room's task failed: {e}"));
        }
    }
    Arc::try_unwrap(tally)
        .map(Mutex::into_inner)
        .unwrap_or_else(|_| Tally::new())
}

/// Spread the rooms over `workers` processes of this binary and add up what they count.
async fn run_workers(o: &Options, probe: &mut Probe) -> Result<Tally, String> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut children = Vec::new();
    let mut first = 0;
    for w in 0..o.workers {
        let rooms = o.rooms / o.workers + usize::from(w < o.rooms % o.workers);
        let mut command = tokio::process::Command::new(&exe);
        for addr in &o.addrs {
            command.args(["--addr", addr]);
        }
        command
            .args(["--rooms", &rooms.max(1).to_string()])
            .args(["--seconds", &o.seconds.to_string()])
            .args(["--rate", &o.rate.to_string()])
            .args(o.separate.then_some("--separate"))
            .args(["--worker", "--first-room", &first.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true);
        first += rooms;
        children.push(
            command
                .spawn()
                .map_err(|e| format!("starting a worker: {e}"))?,
        );
    }
    // Every worker sets its rooms up and says `ready`; then all play at once.
    let mut outputs = Vec::new();
    for child in &mut children {
        let stdout = child.stdout.take().ok_or("a worker without stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if line == "ready" {
                break;
            }
        }
        outputs.push(lines);
    }
    probe.set_up();
    for child in &mut children {
        if let Some(stdin) = child.stdin.as_mut() {
            let _ = stdin.write_all(b"go\n").await;
        }
    }
    let mut total = Tally::new();
    for (child, mut lines) in children.into_iter().zip(outputs) {
        let mut result = None;
        while let Ok(Some(line)) = lines.next_line().await {
            if let Some(tally) = Tally::decode(&line) {
                result = Some(tally);
            }
        }
        let _ = child.wait_with_output().await;
        match result {
            Some(tally) => total.merge(&tally),
            None => total.error("a worker printed no result".into()),
        }
    }
    Ok(total)
}

#[tokio::main]
async fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // Only workers get `--first-room` (their share's first room number, for seeds and the
    // spread over gateways).
    let mut first_room = 0;
    if let Some(i) = args.iter().position(|a| a == "--first-room") {
        first_room = args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or(0);
        args.drain(i..(i + 2).min(args.len()));
    }
    let o = match parse(args.into_iter()) {
        Ok(o) => o,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("starhalma-load: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut probe = Probe::new(&o);
    let tally = if o.worker {
        run(o.clone(), first_room, || async {
            // Tell the parent, and play on its word (or at once, should it be gone).
            println!("ready");
            let _ = std::io::stdout().flush();
            let _ = tokio::task::spawn_blocking(|| {
                let mut go = String::new();
                std::io::stdin().read_line(&mut go)
            })
            .await;
        })
        .await
    } else if o.workers == 1 {
        run(o.clone(), first_room, || {
            probe.set_up();
            std::future::ready(())
        })
        .await
    } else {
        match run_workers(&o, &mut probe).await {
            Ok(tally) => tally,
            Err(e) => {
                eprintln!("starhalma-load: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    if o.worker {
        println!("{}", tally.encode());
        return ExitCode::SUCCESS;
    }
    println!("rooms        {} of {}", tally.rooms, o.rooms);
    println!("connections  {}", tally.rooms * 2);
    println!(
        "moves        {} in {} s: {:.0} moves/s",
        tally.moves,
        o.seconds,
        tally.moves as f64 / o.seconds as f64
    );
    println!(
        "round trip   p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        tally.quantile(0.50),
        tally.quantile(0.99),
        tally.max()
    );
    probe.report(&tally);
    println!("errors       {}", tally.errors);
    println!("lost events  {}", tally.lost);
    if let Some(e) = &tally.first_error {
        println!("first error  {e}");
    }
    eprintln!("(took {:.1} s in all)", started.elapsed().as_secs_f64());
    if tally.errors > 0 || tally.lost > 0 || tally.rooms < o.rooms {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

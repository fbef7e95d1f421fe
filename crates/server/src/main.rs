//! `starhalma-server [--bind ADDR] [--port N] [--dist DIR] [--test-clock] [limits]`: serves
//! rooms on `/ws` and the web build on `/`. The first stdout line is `listening on ADDR` (tests and
//! scripts read the port from it when started with `--port 0`).

use starhalma_server::recorder::Recorder;
use starhalma_server::records::Records;
use starhalma_server::{
    Clock, Limits, ManualClock, MemoryStore, RedisStore, RoomStore, Server, SystemClock, UnixClock,
    VERSION, app, new_gateway_id, spawn_sweeper,
};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

// A move allocates many small, short-lived things (frames, JSON, events, the copy of a room on
// Redis); mimalloc cut a Redis gateway's CPU a move by about a sixth against glibc's malloc
// (docs/ONLINE.md), for about 1 KB more a connection.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `parse`'s answer to `--version`: printed to stdout, exit 0 (not a usage error).
const VERSION_ASKED: &str = "version";

const USAGE: &str =
    "usage: starhalma-server [--version] [--bind ADDR] [--port N] [--dist DIR] [--test-clock]
                        [--behind-proxy] [--redis URL [--lease-ms N]]
                        [--database URL|none] [--journal PATH] [--threads N] [limits]
  --bind ADDR    address to listen on (default 127.0.0.1; 0.0.0.0 for friends on the network)
  --port N       port (default 8080; 0 picks a free one)
  --dist DIR     the web build to serve at / (web/build.sh writes dist/)
  --test-clock   a clock that moves only when a client sends advance_clock (tests)
  --behind-proxy trust X-Forwarded-For (client address) and X-Forwarded-Proto (link scheme)
  --redis URL    keep rooms in Redis (redis://HOST:PORT or redis+unix://PATH), shared with
                 every other gateway started with the same URL
  --lease-ms N   how long a dead gateway's rooms wait before another runs their timers
                 (default 5000)
  --database URL where finished games, players and ratings are kept: sqlite://PATH (made on
                 first start) or postgres://… (what gateways on Redis share); none keeps
                 nothing (default: sqlite://starhalma.db beside this program)
  --journal PATH games on their way to the database, kept on disk until written (default:
                 the SQLite file's path + .unwritten, or starhalma-unwritten.jsonl beside
                 this program)
  --threads N    threads for the sockets and rooms (default 1: at 5,000 moves a second
                 it is busy a fifth of the time, at the least CPU a move; the computer's
                 planning and SQLite have threads of their own)
limits (each refused with its own error code):
  --max-rooms N                     rooms held at once, by all gateways with --redis (default 10000)
  --max-connections-per-address N   open connections per address (default 32)
  --max-rooms-per-hour N            rooms one address creates per hour (default 30)
  --max-messages-per-second N       messages per connection per second (default 20)
  --max-bad-messages N              undecodable frames in a row, then close (default 10)
  --max-lobby-watchers N            connections following the lobby at once (default 2000)
  --max-waiting-rooms N             public rooms waiting for players, by all gateways with
                                    --redis (default 500)
  --max-api-requests-per-second N   requests to /api/ per address per second (default 10)";

struct Options {
    bind: IpAddr,
    port: u16,
    dist: Option<PathBuf>,
    test_clock: bool,
    behind_proxy: bool,
    redis: Option<String>,
    lease: Duration,
    /// `None` for the default database; `Some(None)` for none.
    database: Option<Option<String>>,
    journal: Option<PathBuf>,
    threads: usize,
    limits: Limits,
}

/// A count for a limit: at least 1, since a limit of 0 would refuse everything.
fn count<T: std::str::FromStr + PartialOrd + From<u8>>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .ok()
        .filter(|n| *n >= T::from(1))
        .ok_or(format!("{flag}: '{v}' is not a count of 1 or more"))
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        bind: IpAddr::from([127, 0, 0, 1]),
        port: 8080,
        dist: None,
        test_clock: false,
        behind_proxy: false,
        redis: None,
        lease: Duration::from_secs(5),
        database: None,
        journal: None,
        threads: 1,
        limits: Limits::default(),
    };
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bind" => {
                let v = value()?;
                options.bind = v
                    .parse()
                    .map_err(|_| format!("--bind: '{v}' is not an IP address"))?;
            }
            "--port" => {
                let v = value()?;
                options.port = v
                    .parse()
                    .map_err(|_| format!("--port: '{v}' is not a port"))?;
            }
            "--dist" => options.dist = Some(PathBuf::from(value()?)),
            "--test-clock" => options.test_clock = true,
            "--behind-proxy" => options.behind_proxy = true,
            "--redis" => options.redis = Some(value()?),
            "--lease-ms" => options.lease = Duration::from_millis(count(&arg, &value()?)?),
            "--max-rooms" => options.limits.max_rooms = count(&arg, &value()?)?,
            "--max-connections-per-address" => {
                options.limits.max_connections_per_address = count(&arg, &value()?)?;
            }
            "--max-rooms-per-hour" => {
                options.limits.max_rooms_per_hour = count(&arg, &value()?)?;
            }
            "--max-messages-per-second" => {
                options.limits.max_messages_per_second = count(&arg, &value()?)?;
            }
            "--max-bad-messages" => options.limits.max_bad_messages = count(&arg, &value()?)?,
            "--max-lobby-watchers" => {
                options.limits.max_lobby_watchers = count(&arg, &value()?)?;
            }
            "--max-waiting-rooms" => options.limits.max_waiting_rooms = count(&arg, &value()?)?,
            "--max-api-requests-per-second" => {
                options.limits.max_api_requests_per_second = count(&arg, &value()?)?;
            }
            "--database" => {
                let v = value()?;
                options.database = Some((v != "none").then_some(v));
            }
            "--journal" => options.journal = Some(PathBuf::from(value()?)),
            "--threads" => options.threads = count(&arg, &value()?)?,
            "-h" | "--help" => return Err(String::new()),
            "-V" | "--version" => return Err(VERSION_ASKED.into()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) if message == VERSION_ASKED => {
            println!("starhalma-server {VERSION}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            if !message.is_empty() {
                eprintln!("starhalma-server: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    // One thread by default: a move's messages stay on the thread that reads them (no
    // hand-over between threads, no wake-up of a parked one), which cut the server's CPU a
    // move by about a sixth in the load test (docs/ONLINE.md); blocking work (the computer's
    // search) still goes to tokio's blocking threads.
    let runtime = if options.threads == 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(options.threads)
            .enable_all()
            .build()
    };
    match runtime {
        Ok(runtime) => runtime.block_on(run(options)),
        Err(e) => {
            eprintln!("starhalma-server: cannot start: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(options: Options) -> ExitCode {
    // Logs go to stderr: stdout's first line is the address, for whoever started us.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .init();
    let listener = match tokio::net::TcpListener::bind((options.bind, options.port)).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!(
                "starhalma-server: cannot listen on {}:{}: {e}",
                options.bind, options.port
            );
            return ExitCode::FAILURE;
        }
    };
    let addr = match listener.local_addr() {
        Ok(addr) => addr,
        Err(e) => {
            eprintln!("starhalma-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let gateway = new_gateway_id();
    let clock: Arc<dyn Clock> = if options.test_clock {
        Arc::new(ManualClock::default())
    } else if options.redis.is_some() {
        // Gateways share deadlines, so they share a clock.
        Arc::new(UnixClock)
    } else {
        Arc::new(SystemClock::default())
    };
    let served = match &options.redis {
        Some(url) => {
            match RedisStore::connect(url, Arc::clone(&clock), gateway, options.lease).await {
                Ok(store) => serve(store, clock, listener, addr, gateway, options).await,
                Err(e) => {
                    eprintln!("starhalma-server: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        None => {
            serve(
                MemoryStore::default(),
                clock,
                listener,
                addr,
                gateway,
                options,
            )
            .await
        }
    };
    if let Err(e) = served {
        eprintln!("starhalma-server: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// A file beside this program (the working directory when that cannot be told).
fn beside_program(name: &str) -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(name)))
        .unwrap_or_else(|| PathBuf::from(name))
}

/// The records and their journal, as the options ask. A database named on the command line
/// that cannot be opened stops the server; the default one only warns (the rooms still work).
async fn open_records(options: &Options) -> std::io::Result<Option<Arc<Recorder>>> {
    let (address, named) = match &options.database {
        Some(None) => return Ok(None),
        Some(Some(address)) => (address.clone(), true),
        None => (
            format!("sqlite://{}", beside_program("starhalma.db").display()),
            false,
        ),
    };
    let journal =
        options
            .journal
            .clone()
            .unwrap_or_else(|| match address.strip_prefix("sqlite://") {
                Some(path) => PathBuf::from(format!(
                    "{}.unwritten",
                    path.split('?').next().unwrap_or(path)
                )),
                None => beside_program("starhalma-unwritten.jsonl"),
            });
    let opened = match Records::open(&address).await {
        Ok(records) => Recorder::open(records, &journal)
            .map_err(|e| format!("journal {}: {e}", journal.display())),
        Err(e) => Err(e.to_string()),
    };
    match opened {
        Ok(recorder) => {
            tracing::info!(
                "finished games kept in {}",
                address.split('?').next().unwrap_or("")
            );
            Ok(Some(recorder))
        }
        Err(e) if named => Err(std::io::Error::other(e)),
        Err(e) => {
            tracing::warn!("finished games are not kept: {e}");
            Ok(None)
        }
    }
}

async fn serve<S: RoomStore>(
    store: S,
    clock: Arc<dyn Clock>,
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    gateway: u32,
    options: Options,
) -> std::io::Result<()> {
    let mut server = Server::new(store, clock, addr, gateway);
    server.limits = options.limits;
    server.behind_proxy = options.behind_proxy;
    server.recorder = open_records(&options).await?;
    if let Some(recorder) = &server.recorder {
        recorder.spawn_writer();
    }
    let server = Arc::new(server);
    spawn_sweeper(Arc::clone(&server));
    println!("listening on {addr}");
    let _ = std::io::stdout().flush();
    tracing::info!("serving rooms on ws://{addr}/ws as gateway {gateway}");
    // Small frames go out at once: Nagle's algorithm would hold one back while an earlier
    // one is unacknowledged, for a turn-based game's round trip.
    let listener = axum::serve::ListenerExt::tap_io(listener, |stream| {
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY: {e}");
        }
    });
    axum::serve(
        listener,
        // The peer's address feeds the per-address limits.
        app(server, options.dist).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}

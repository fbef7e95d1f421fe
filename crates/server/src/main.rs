//! `starhalma-server [--bind ADDR] [--port N] [--dist DIR] [--test-clock]`: serves rooms on
//! `/ws` and the web build on `/`. The first stdout line is `listening on ADDR` (tests and
//! scripts read the port from it when started with `--port 0`).

use starhalma_server::{Clock, ManualClock, MemoryStore, Server, SystemClock, app};
use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

const USAGE: &str = "usage: starhalma-server [--bind ADDR] [--port N] [--dist DIR] [--test-clock]
  --bind ADDR    address to listen on (default 127.0.0.1; 0.0.0.0 for friends on the network)
  --port N       port (default 8080; 0 picks a free one)
  --dist DIR     the web build to serve at / (web/build.sh writes dist/)
  --test-clock   a clock that moves only when a client sends advance_clock (tests)";

struct Options {
    bind: IpAddr,
    port: u16,
    dist: Option<PathBuf>,
    test_clock: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        bind: IpAddr::from([127, 0, 0, 1]),
        port: 8080,
        dist: None,
        test_clock: false,
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
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(options)
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("starhalma-server: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
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
    let clock: Arc<dyn Clock> = if options.test_clock {
        Arc::new(ManualClock::default())
    } else {
        Arc::new(SystemClock::default())
    };
    let server = Arc::new(Server {
        store: MemoryStore::default(),
        clock,
        addr,
    });
    println!("listening on {addr}");
    let _ = std::io::stdout().flush();
    tracing::info!("serving rooms on ws://{addr}/ws");
    if let Err(e) = axum::serve(listener, app(server, options.dist)).await {
        eprintln!("starhalma-server: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

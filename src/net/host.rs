//! "Host on this computer": the game's own room server, started on demand, and the address
//! friends on the same network reach it by.

use bevy::prelude::*;

/// "Host on this computer": where the game's own room server listens (all addresses, port
/// 8080 unless taken, by default; tests use 127.0.0.1 and any port) and, once started, where
/// it does.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalServer {
    pub bind: std::net::SocketAddr,
    pub running: Option<std::net::SocketAddr>,
}

impl Default for LocalServer {
    fn default() -> LocalServer {
        LocalServer {
            bind: std::net::SocketAddr::from(([0, 0, 0, 0], 8080)),
            running: None,
        }
    }
}

impl LocalServer {
    /// Start the server (once), with the web build beside the game when there is one; the
    /// address friends reach it by (`http://192.168.1.20:8080`).
    #[cfg(all(not(target_arch = "wasm32"), feature = "host"))]
    pub(super) fn start(&mut self) -> std::io::Result<starhalma_protocol::ServerUrl> {
        let addr = match self.running {
            Some(addr) => addr,
            None => {
                let dist = web_build_beside();
                let served = starhalma_server::serve_in_background(self.bind, dist.clone())
                    // The usual port taken (another copy of the game, say): any free one.
                    .or_else(|_| {
                        let any = std::net::SocketAddr::new(self.bind.ip(), 0);
                        starhalma_server::serve_in_background(any, dist)
                    })?;
                self.running = Some(served);
                served
            }
        };
        let host = if addr.ip().is_unspecified() {
            lan_address().unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]))
        } else {
            addr.ip()
        };
        Ok(starhalma_protocol::ServerUrl::of_socket(
            false,
            std::net::SocketAddr::new(host, addr.port()),
        ))
    }
}

/// This computer's address on its network: the one a route to elsewhere leaves from (a UDP
/// socket's `connect` picks it without sending anything).
#[cfg(all(not(target_arch = "wasm32"), feature = "host"))]
fn lan_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    // TEST-NET-1 (RFC 5737): never a real host; only the route to it matters.
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// The web build (`web/build.sh` writes `dist/`) next to the game's executable, or in the
/// folder it was started from: served too, so a phone's browser plays with nothing installed.
#[cfg(all(not(target_arch = "wasm32"), feature = "host"))]
fn web_build_beside() -> Option<std::path::PathBuf> {
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("dist")));
    let here = std::path::PathBuf::from("dist");
    beside_exe
        .into_iter()
        .chain([here])
        .find(|dir| dir.join("index.html").is_file())
}

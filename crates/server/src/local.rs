//! A room server inside another program: the desktop game's "Host on this computer". Rooms in
//! memory on the real clock, served from a thread of its own (its own tokio runtime), so the
//! game's frame never waits on it.

use crate::clock::SystemClock;
use crate::http::app;
use crate::server::{Server, new_gateway_id, spawn_sweeper};
use crate::store::MemoryStore;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Listen on `bind` (port 0: any free one) and serve rooms there, and the web build in `dist`
/// when given, until the process ends. Returns the address it listens on; binding fails here,
/// before any thread starts.
pub fn serve_in_background(bind: SocketAddr, dist: Option<PathBuf>) -> std::io::Result<SocketAddr> {
    let listener = std::net::TcpListener::bind(bind)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        // A few players on a home network: two threads are plenty, and leave the game its CPU.
        .worker_threads(2)
        .thread_name("starhalma-rooms")
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("starhalma-rooms".into())
        .spawn(move || {
            runtime.block_on(async move {
                let listener = match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => listener,
                    Err(e) => {
                        tracing::error!("the room server cannot listen: {e}");
                        return;
                    }
                };
                let clock = Arc::new(SystemClock::default());
                let server = Server::new(MemoryStore::default(), clock, addr, new_gateway_id());
                let server = Arc::new(server);
                spawn_sweeper(Arc::clone(&server));
                let service = app(server, dist).into_make_service_with_connect_info::<SocketAddr>();
                if let Err(e) = axum::serve(listener, service).await {
                    tracing::error!("the room server stopped: {e}");
                }
            });
        })?;
    Ok(addr)
}

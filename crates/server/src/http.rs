//! The server's one HTTP app: the room socket, the records API and the web build. Kept apart
//! from the socket side (`server`) and the API (`api`), which both need the server's state,
//! so that neither has to know the other.

use crate::api::routes;
use crate::server::{Server, upgrade};
use crate::store::RoomStore;
use axum::Router;
use axum::routing::get;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

/// `/ws` the room socket; every other path the web build in `dist`, when given: a file's `.br`
/// or `.gz` twin (web/build.sh writes them) goes to a browser that accepts that encoding, with
/// its `Content-Encoding`. Serve it with `into_make_service_with_connect_info::<SocketAddr>()`:
/// the limits count by address.
pub fn app<S: RoomStore>(server: Arc<Server<S>>, dist: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade::<S>))
        .merge(routes::<S>())
        .with_state(server);
    match dist {
        Some(dist) => {
            router.fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip())
        }
        None => router,
    }
}

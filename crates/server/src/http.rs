//! The server's one HTTP app: the room socket, the records API, the version and health checks,
//! and the web build. Kept apart from the socket side (`server`) and the API (`api`), which both
//! need the server's state, so that neither has to know the other.

use crate::api::routes;
use crate::server::{Server, upgrade};
use crate::store::RoomStore;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use starhalma_protocol::PROTOCOL_VERSION;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

/// The version every package and the game's menu show (the workspace's, one for all crates).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `/ws` the room socket; `/api/…` the records, `/api/version` and `/healthz`; every other path
/// the web build in `dist`, when given: a file's `.br` or `.gz` twin (web/build.sh writes them)
/// goes to a browser that accepts that encoding, with its `Content-Encoding`. Serve it with
/// `into_make_service_with_connect_info::<SocketAddr>()`: the limits count by address.
pub fn app<S: RoomStore>(server: Arc<Server<S>>, dist: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade::<S>))
        .route("/api/version", get(version::<S>))
        .route("/healthz", get(health::<S>))
        .merge(routes::<S>())
        .with_state(server);
    match dist {
        Some(dist) => {
            router.fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip())
        }
        None => router,
    }
}

/// What a bug report names: this server's version, the protocol it speaks and whether it keeps
/// games.
async fn version<S: RoomStore>(State(server): State<Arc<Server<S>>>) -> Json<serde_json::Value> {
    Json(json!({
        "name": "starhalma-server",
        "version": VERSION,
        "protocol": PROTOCOL_VERSION,
        "records": server.recorder.is_some(),
    }))
}

/// `200 ok` while the room store answers, `503` with the reason while it does not: the check a
/// reverse proxy or an orchestrator polls before sending players to this gateway.
async fn health<S: RoomStore>(State(server): State<Arc<Server<S>>>) -> Response {
    match server.store.ping().await {
        Ok(()) => "ok\n".into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n")).into_response(),
    }
}

//! starhalma-server: rooms for playing friends by link (issue 11, docs/ONLINE.md).
//!
//! - [`room`]: one room's game, seats, tokens and event log; every check lives here.
//! - [`store`]: the [`RoomStore`] trait rooms live behind, and the in-memory store.
//! - [`redis_store`]: rooms in Redis, shared by several gateways (`--redis`).
//! - [`server`]: the axum app (`/ws` the socket, `/` the web build) and computer seats.
//! - [`clock`]: the injected clock deadlines read (`--test-clock` makes it manual).
//! - [`limits`]: what one address or connection may take, and the counts behind it.
//! - [`identity`], [`ratings`], [`records`], [`recorder`], [`api`]: players by key, Glicko-2,
//!   finished games in SQLite or PostgreSQL (written through a journal), read back over HTTP.
//! - [`local`]: a room server on a thread inside another program (the desktop game's host).

pub mod api;
pub mod clock;
pub mod http;
pub mod identity;
pub mod limits;
pub mod local;
pub mod ratings;
pub mod recorder;
pub mod records;
pub mod redis_store;
pub mod room;
pub mod server;
pub mod store;

pub use clock::{Clock, ManualClock, SystemClock, UnixClock};
pub use http::{VERSION, app};
pub use limits::Limits;
pub use local::serve_in_background;
pub use redis_store::RedisStore;
pub use room::{Refusal, Room};
pub use server::{Server, new_gateway_id, spawn_sweeper, sweep};
pub use store::{Broadcast, Found, MemoryStore, RoomStore, StoreError};

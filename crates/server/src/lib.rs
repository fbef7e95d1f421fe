//! starhalma-server: rooms for playing friends by link (issue 11, docs/ONLINE.md).
//!
//! - [`room`]: one room's game, seats, tokens and event log; every check lives here.
//! - [`store`]: the [`RoomStore`] trait rooms live behind, and the in-memory store.
//! - [`server`]: the axum app (`/ws` the socket, `/` the web build) and computer seats.
//! - [`clock`]: the injected clock deadlines will read (`--test-clock` makes it manual).

pub mod clock;
pub mod room;
pub mod server;
pub mod store;

pub use clock::{Clock, ManualClock, SystemClock};
pub use room::{Refusal, Room};
pub use server::{Server, app};
pub use store::{MemoryStore, RoomStore, StoreError};

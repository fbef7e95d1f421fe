//! starhalma-protocol: what a client and the room server say to each other (docs/ONLINE.md).
//!
//! - [`message`]: [`ClientMessage`], [`ServerMessage`], the room log's [`RoomEvent`]s, seats and
//!   the closed list of [`ErrorCode`]s.
//! - [`codec`]: JSON text frames `{"v":1,"t":"…",…}`; decoding checks the size before parsing
//!   and never panics, so the server can feed it whatever a socket delivers.
//! - [`ids`]: room codes and seat tokens, validated where they enter.
//! - [`name`]: players' display names, checked and normalised where they enter.
//! - [`clock`]: the move clocks a room may have.
//! - [`lobby`]: public rooms as the lobby lists them, and what a quick match asks for.
//! - [`link`]: room links (`http://HOST:PORT/?room=CODE`) and the socket address they lead to.
//! - [`records`]: the kept games as the HTTP API answers for them: rating families, page
//!   addresses, the answers' shapes, a player key's public id.
//! - [`session`]: a client's side of a room as a plain state machine: events in seq order, the
//!   move in flight, resyncs.
//!
//! Moves travel in the rules crate's notation and games as its save file, so the protocol adds
//! no second description of the game: the rules crate checks both on the way in.
//!
//! ```
//! use starhalma_protocol::{ClientMessage, decode_client};
//! let mv = "j 5,-4 3,-2".parse().unwrap();
//! let message = ClientMessage::Move { seq: 7, mv, id: 3 };
//! assert_eq!(message.encode(), r#"{"v":1,"t":"move","seq":7,"mv":"j 5,-4 3,-2","id":3}"#);
//! assert_eq!(decode_client(&message.encode()), Ok(message));
//! ```

pub mod clock;
pub mod codec;
pub mod ids;
pub mod link;
pub mod lobby;
pub mod message;
pub mod name;
pub mod records;
pub mod seat;
pub mod session;

pub use clock::{ClockError, MoveClock};
pub use codec::{
    MAX_FRAME_BYTES, MAX_SERVER_FRAME_BYTES, PROTOCOL_VERSION, ProtocolError, decode_client,
    decode_server,
};
pub use ids::{IdError, PlayerKey, RoomCode, Token};
pub use link::{GAME_ID_LEN, GameLink, LinkError, RoomLink, ServerUrl, is_game_id};
pub use lobby::{LOBBY_MAX, LobbyRoom, MatchVariant};
pub use message::{
    ClientMessage, ErrorCode, MovedBy, REACTION_EVERY_MS, Reaction, RoomEvent, ServerMessage,
    Welcome,
};
pub use name::{NameError, PlayerName};
pub use records::{
    ApiError, Family, GAMES_PAGE_MAX, GameRecord, GameSummary, GamesPage, KEY_HEADER, LeaderLine,
    Leaderboard, PLAYER_ID_LEN, PlayerPage, RATINGS_MAX_PLAYERS, RatingSummary, RatingsPage,
    SeatSummary, games_url, is_player_id, leaderboard_url, places, ratings_url,
};
pub use seat::SeatHolder;
pub use session::{GONE_AFTER, Liveness, MoveInFlight, PING_AFTER, Session};

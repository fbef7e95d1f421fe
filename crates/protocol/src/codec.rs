//! Frames: one message per WebSocket text frame, `{"v":1,"t":"…",…}`. Decoding checks the
//! size, then the JSON, then the version, then the message, and never panics: the server feeds it
//! whatever arrives, and a bad frame must cost one error and change nothing.

use crate::lobby::LobbyRoom;
use crate::message::{ClientMessage, ErrorCode, ServerMessage};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use thiserror::Error;

/// The protocol version every frame carries as `v`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client frame the server reads, in bytes (UTF-8). Checked before parsing, so an
/// oversized frame costs no work; the longest client message is far below it.
pub const MAX_FRAME_BYTES: usize = 4096;

/// The largest server frame a client reads. Server frames are not held to `MAX_FRAME_BYTES`:
/// a `welcome` carries the whole game, and a long game's moves alone pass 4 KiB.
pub const MAX_SERVER_FRAME_BYTES: usize = 1 << 20;

/// Why a frame was not a message. Each maps to the `ErrorCode` the server answers with.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    #[error("the frame is {len} bytes; at most {max} are read")]
    TooLarge { len: usize, max: usize },
    #[error("protocol version {0} is not spoken here, only version 1")]
    UnknownVersion(String),
    #[error("{0}")]
    Malformed(String),
}

impl ProtocolError {
    pub fn code(&self) -> ErrorCode {
        match self {
            ProtocolError::TooLarge { .. } => ErrorCode::TooLarge,
            ProtocolError::UnknownVersion(_) => ErrorCode::UnknownVersion,
            ProtocolError::Malformed(_) => ErrorCode::Malformed,
        }
    }
}

/// Read a client frame (what the server calls on every text frame).
pub fn decode_client(frame: &str) -> Result<ClientMessage, ProtocolError> {
    decode(frame, MAX_FRAME_BYTES)
}

/// Read a server frame (what a client calls), then check that a `welcome` is consistent.
pub fn decode_server(frame: &str) -> Result<ServerMessage, ProtocolError> {
    let message: ServerMessage = decode(frame, MAX_SERVER_FRAME_BYTES)?;
    if let ServerMessage::Welcome(welcome) = &message {
        let players = welcome.game.variant().players();
        if welcome.seats.len() != usize::from(players) {
            return Err(ProtocolError::Malformed(format!(
                "welcome: {} seats listed for a game of {players}",
                welcome.seats.len()
            )));
        }
        if let Some(seat) = welcome.seat.filter(|&seat| seat >= players) {
            return Err(ProtocolError::Malformed(format!(
                "welcome: no seat {seat} in a game of {players}"
            )));
        }
    }
    let listed: &[LobbyRoom] = match &message {
        ServerMessage::Lobby { rooms } => rooms,
        ServerMessage::Listed { room } => std::slice::from_ref(room),
        _ => &[],
    };
    if let Some(room) = listed
        .iter()
        .find(|room| room.seats.len() != usize::from(room.variant.players()))
    {
        return Err(ProtocolError::Malformed(format!(
            "lobby: {} seats listed for a game of {}",
            room.seats.len(),
            room.variant.players()
        )));
    }
    Ok(message)
}

impl ClientMessage {
    pub fn encode(&self) -> String {
        encode(self)
    }
}

impl ServerMessage {
    pub fn encode(&self) -> String {
        encode(self)
    }
}

/// `v` first, then the message's own fields (`t` first among them).
#[derive(Serialize)]
struct Envelope<'a, M> {
    v: u32,
    #[serde(flatten)]
    message: &'a M,
}

fn encode<M: Serialize>(message: &M) -> String {
    serde_json::to_string(&Envelope {
        v: PROTOCOL_VERSION,
        message,
    })
    .expect("messages have string keys and no fallible fields, so they always serialize")
}

fn decode<M: DeserializeOwned>(frame: &str, max: usize) -> Result<M, ProtocolError> {
    if frame.len() > max {
        return Err(ProtocolError::TooLarge {
            len: frame.len(),
            max,
        });
    }
    let malformed = ProtocolError::Malformed;
    // serde_json limits nesting (128 levels), so a deep frame is an error, not a stack overflow.
    let value: Value =
        serde_json::from_str(frame).map_err(|e| malformed(format!("not JSON: {e}")))?;
    let Value::Object(mut fields) = value else {
        return Err(malformed("a message is a JSON object".into()));
    };
    // The version decides how the rest reads, so it is checked before anything else.
    match fields.remove("v") {
        None => return Err(malformed("missing field `v` (the protocol version)".into())),
        Some(v) if v.as_u64() == Some(u64::from(PROTOCOL_VERSION)) => {}
        Some(other) => return Err(ProtocolError::UnknownVersion(other.to_string())),
    }
    let kind = message_type(&fields)?;
    M::deserialize(Value::Object(fields)).map_err(|e| malformed(format!("{kind}: {e}")))
}

/// The `t` of a message, for error messages.
fn message_type(fields: &Map<String, Value>) -> Result<String, ProtocolError> {
    match fields.get("t") {
        Some(Value::String(kind)) => Ok(kind.chars().take(40).collect()),
        Some(_) => Err(ProtocolError::Malformed(
            "field `t` (the message type) must be a string".into(),
        )),
        None => Err(ProtocolError::Malformed(
            "missing field `t` (the message type)".into(),
        )),
    }
}

//! Room links: what the host sends to friends (`http://HOST:PORT/?room=CODE`), read back by the
//! page (`?room=` on its own address) and by the desktop (`starhalma --join LINK`). Small string
//! work, so no URL crate.

use crate::ids::{IdError, RoomCode};
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LinkError {
    #[error("the link has no ?room= part")]
    NoRoom,
    #[error(transparent)]
    BadRoom(#[from] IdError),
    #[error("the link must start with http:// or https://")]
    BadScheme,
    #[error("the link names no host")]
    NoHost,
}

/// The link to `room` on the server at `origin` (`http://HOST:PORT`, or `https://NAME` behind
/// a TLS proxy); a trailing `/` on the origin is dropped.
pub fn room_link(origin: &str, room: &RoomCode) -> String {
    format!("{}/?room={room}", origin.trim_end_matches('/'))
}

/// The room a link or page address names in its query (`?room=CODE`, among other parameters in
/// any order; a `#fragment` is ignored).
pub fn room_in_url(url: &str) -> Result<RoomCode, LinkError> {
    let before_fragment = url.split('#').next().unwrap_or_default();
    let (_, query) = before_fragment.split_once('?').ok_or(LinkError::NoRoom)?;
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("room="))
        .ok_or(LinkError::NoRoom)?;
    Ok(value.parse()?)
}

/// The WebSocket address of the server a link points at: `ws://HOST:PORT/ws` for `http`,
/// `wss://…/ws` for `https` (the server serves the page and the socket on one port).
pub fn socket_url(link: &str) -> Result<String, LinkError> {
    let (scheme, rest) = if let Some(rest) = link.strip_prefix("http://") {
        ("ws", rest)
    } else if let Some(rest) = link.strip_prefix("https://") {
        ("wss", rest)
    } else {
        return Err(LinkError::BadScheme);
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() {
        return Err(LinkError::NoHost);
    }
    Ok(format!("{scheme}://{host}/ws"))
}

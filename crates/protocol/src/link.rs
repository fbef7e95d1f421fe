//! Addresses, each parsed once from the text a player typed, a page's address or a link a friend
//! sent, and written back by `Display`:
//!
//! - [`ServerUrl`]: a room server (`http://HOST:PORT`, or `https://NAME` behind a TLS proxy);
//! - [`RoomLink`]: what the host sends to friends (`http://HOST:PORT/?room=CODE`), read back by
//!   the page (`?room=` on its own address) and by the desktop (`starhalma --join LINK`);
//! - [`GameLink`]: a finished game's share link (`…/?game=ID`, or the API's `…/api/games/ID`).
//!
//! Small string work, so no URL crate.

use crate::ids::{IdError, RoomCode};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LinkError {
    #[error("the link has no ?room= part")]
    NoRoom,
    #[error(transparent)]
    BadRoom(#[from] IdError),
    #[error("the address must start with http:// or https://")]
    BadScheme,
    #[error("the address names no host")]
    NoHost,
    #[error("the host {0:?} has a character no host name has")]
    BadHost(String),
    #[error("the link names no finished game (?game= and 20 characters of 0-9 and a-f)")]
    NoGame,
}

/// A room server's address: `http` or `https`, and the host with its port. Whatever follows
/// the host in the text it was read from (a path, a room's query) is not part of it, so a room's
/// link names its server too.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ServerUrl {
    secure: bool,
    /// `HOST`, `HOST:PORT` or `[V6]:PORT`.
    host: String,
}

impl ServerUrl {
    /// The room server's WebSocket: `ws://HOST:PORT/ws` for `http`, `wss://…/ws` for `https`
    /// (the server serves the page and the socket on one port).
    pub fn socket(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.host)
    }

    /// The link to `room` on this server.
    pub fn room(&self, room: RoomCode) -> RoomLink {
        RoomLink {
            server: self.clone(),
            room,
        }
    }

    /// The host and port, as the address names them.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// A server reached at a socket address (`http://IP:PORT`, `https://…` behind TLS).
    pub fn of_socket(secure: bool, addr: std::net::SocketAddr) -> ServerUrl {
        ServerUrl {
            secure,
            host: addr.to_string(),
        }
    }

    /// A server by its scheme and host (with its port), as a request's `Host` header names it.
    pub fn new(secure: bool, host: &str) -> Result<ServerUrl, LinkError> {
        if host.is_empty() {
            return Err(LinkError::NoHost);
        }
        if !host.chars().all(is_host_char) {
            return Err(LinkError::BadHost(host.to_string()));
        }
        Ok(ServerUrl {
            secure,
            host: host.to_string(),
        })
    }
}

/// Characters a host name, an IPv4 or IPv6 address and a port are written with.
fn is_host_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':' | '[' | ']')
}

impl FromStr for ServerUrl {
    type Err = LinkError;

    fn from_str(text: &str) -> Result<ServerUrl, LinkError> {
        let text = text.trim();
        let (secure, rest) = if let Some(rest) = text.strip_prefix("http://") {
            (false, rest)
        } else if let Some(rest) = text.strip_prefix("https://") {
            (true, rest)
        } else {
            return Err(LinkError::BadScheme);
        };
        ServerUrl::new(
            secure,
            rest.split(['/', '?', '#']).next().unwrap_or_default(),
        )
    }
}

impl fmt::Display for ServerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.secure { "https" } else { "http" };
        write!(f, "{scheme}://{}", self.host)
    }
}

impl fmt::Debug for ServerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ServerUrl({self})")
    }
}

impl TryFrom<String> for ServerUrl {
    type Error = LinkError;
    fn try_from(text: String) -> Result<ServerUrl, LinkError> {
        text.parse()
    }
}

impl From<ServerUrl> for String {
    fn from(url: ServerUrl) -> String {
        url.to_string()
    }
}

/// The value of `name=` in a link's query (among other parameters in any order; a `#fragment`
/// is ignored).
fn query_value<'a>(link: &'a str, name: &str) -> Option<&'a str> {
    let before_fragment = link.split('#').next().unwrap_or_default();
    let (_, query) = before_fragment.split_once('?')?;
    query.split('&').find_map(|pair| {
        pair.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('='))
    })
}

/// A room on a server: the link its host sends (`http://HOST:PORT/?room=CODE`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomLink {
    pub server: ServerUrl,
    pub room: RoomCode,
}

impl FromStr for RoomLink {
    type Err = LinkError;

    fn from_str(text: &str) -> Result<RoomLink, LinkError> {
        let server = text.parse()?;
        let room = query_value(text.trim(), "room")
            .ok_or(LinkError::NoRoom)?
            .parse()?;
        Ok(RoomLink { server, room })
    }
}

impl fmt::Display for RoomLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/?room={}", self.server, self.room)
    }
}

impl TryFrom<String> for RoomLink {
    type Error = LinkError;
    fn try_from(text: String) -> Result<RoomLink, LinkError> {
        text.parse()
    }
}

impl From<RoomLink> for String {
    fn from(link: RoomLink) -> String {
        link.to_string()
    }
}

/// How long a kept game's id is: 20 lowercase hexadecimal characters (80 random bits).
pub const GAME_ID_LEN: usize = 20;

/// Whether `text` is spelled as a kept game's id.
pub fn is_game_id(text: &str) -> bool {
    text.len() == GAME_ID_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A finished game kept on a server: its share link (`http://HOST:PORT/?game=ID`, what a
/// player sends) or the API's own address for it (`…/api/games/ID`), read alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameLink {
    pub server: ServerUrl,
    id: String,
}

impl GameLink {
    /// The game `id` on `server`, when it is spelled as an id.
    pub fn new(server: ServerUrl, id: &str) -> Result<GameLink, LinkError> {
        if !is_game_id(id) {
            return Err(LinkError::NoGame);
        }
        Ok(GameLink {
            server,
            id: id.to_string(),
        })
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Where the server answers with the game's record (`/api/games/ID`).
    pub fn api_url(&self) -> String {
        format!("{}/api/games/{}", self.server, self.id)
    }
}

impl FromStr for GameLink {
    type Err = LinkError;

    fn from_str(text: &str) -> Result<GameLink, LinkError> {
        let server: ServerUrl = text.parse()?;
        let text = text.trim();
        // The path starts after the scheme's `//` and the host.
        let after_scheme = &text[text.find("://").map_or(0, |at| at + 3)..];
        let path = &after_scheme[server.host.len()..];
        let id = match path.strip_prefix("/api/games/") {
            Some(rest) => rest.split(['?', '#']).next().unwrap_or_default(),
            None => query_value(text, "game").ok_or(LinkError::NoGame)?,
        };
        GameLink::new(server, id)
    }
}

impl fmt::Display for GameLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/?game={}", self.server, self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_is_its_scheme_and_host_only() {
        let server: ServerUrl = "http://192.168.1.20:8080/".parse().unwrap();
        assert_eq!(server.to_string(), "http://192.168.1.20:8080");
        assert_eq!(server.socket(), "ws://192.168.1.20:8080/ws");
        let secure: ServerUrl = " https://halma.example.org?room=k3v7q2mzpa "
            .parse()
            .unwrap();
        assert_eq!(secure.to_string(), "https://halma.example.org");
        assert_eq!(secure.socket(), "wss://halma.example.org/ws");
        let v6: ServerUrl = "http://[::1]:9000".parse().unwrap();
        assert_eq!(v6.socket(), "ws://[::1]:9000/ws");
        assert_eq!("ftp://h/".parse::<ServerUrl>(), Err(LinkError::BadScheme));
        assert_eq!("h:8080".parse::<ServerUrl>(), Err(LinkError::BadScheme));
        assert_eq!(
            "http:///?room=x".parse::<ServerUrl>(),
            Err(LinkError::NoHost)
        );
        assert_eq!(
            "http://a b:80".parse::<ServerUrl>(),
            Err(LinkError::BadHost("a b:80".into()))
        );
        assert!("http://user@h".parse::<ServerUrl>().is_err());
    }

    #[test]
    fn a_server_address_is_kept_as_the_text_it_reads_back_from() {
        let server: ServerUrl = "https://halma.example.org:8443".parse().unwrap();
        let json = serde_json::to_string(&server).unwrap();
        assert_eq!(json, "\"https://halma.example.org:8443\"");
        assert_eq!(serde_json::from_str::<ServerUrl>(&json).unwrap(), server);
        assert!(serde_json::from_str::<ServerUrl>("\"halma.example.org\"").is_err());
    }

    #[test]
    fn game_links_and_api_addresses_name_their_game() {
        let id = "0123456789abcdef0123";
        let api = format!("http://192.168.1.20:8080/api/games/{id}");
        for text in [
            format!("http://192.168.1.20:8080/?game={id}"),
            format!("http://192.168.1.20:8080?game={id}"),
            format!("http://192.168.1.20:8080/?lang=ja&game={id}#top"),
            api.clone(),
        ] {
            let link: GameLink = text.parse().unwrap();
            assert_eq!(link.id(), id, "{text}");
            assert_eq!(link.api_url(), api, "{text}");
        }
        let share: GameLink = format!("https://halma.example.org/?game={id}")
            .parse()
            .unwrap();
        assert_eq!(
            share.api_url(),
            format!("https://halma.example.org/api/games/{id}")
        );
        assert_eq!(
            share.to_string(),
            format!("https://halma.example.org/?game={id}")
        );
        for bad in [
            "http://host/?room=k3v7q2mzpa".to_string(),
            "http://host/?game=0123".to_string(),
            format!("http://host/?game={}", id.to_uppercase()),
            format!("http://host/?games={id}"),
        ] {
            assert_eq!(bad.parse::<GameLink>(), Err(LinkError::NoGame), "{bad}");
        }
        assert_eq!(
            format!("ftp://host/?game={id}").parse::<GameLink>(),
            Err(LinkError::BadScheme)
        );
        assert_eq!(
            format!("http:///?game={id}").parse::<GameLink>(),
            Err(LinkError::NoHost)
        );
    }
}

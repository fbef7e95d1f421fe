//! Room codes and seat tokens: short validated newtypes, so a malformed one is refused where a
//! message is decoded and never reaches a room.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum IdError {
    #[error("'{0}' is not a room code: 10 characters of a-z and 2-7 (lowercase base32)")]
    RoomCode(String),
    #[error("'{0}' is not a seat token: 32 lowercase hexadecimal characters")]
    Token(String),
    #[error("not a player key: 32 lowercase hexadecimal characters")]
    PlayerKey,
}

/// At most this much of a rejected text is quoted back in an error.
const QUOTED_CHARS: usize = 40;

fn quoted(text: &str) -> String {
    let mut chars = text.chars();
    let mut head: String = chars.by_ref().take(QUOTED_CHARS).collect();
    if chars.next().is_some() {
        head.push('…');
    }
    head
}

/// The RFC 4648 base32 alphabet, lowercased: the code ends up in a URL, where lowercase reads
/// better, and it has no 0/1/8/9 to confuse with O/I/B/g.
const BASE32: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// A room's name in its link: 10 base32 characters (50 random bits, chosen by the server).
/// Only lowercase is accepted, so one room has one spelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomCode([u8; RoomCode::LEN]);

impl RoomCode {
    pub const LEN: usize = 10;

    /// The code spelling the low 50 bits of `bits` (the server passes random bits; the high 14
    /// are ignored).
    pub fn from_bits(bits: u64) -> RoomCode {
        let mut code = [0u8; RoomCode::LEN];
        for (i, c) in code.iter_mut().enumerate() {
            let shift = 5 * (RoomCode::LEN - 1 - i);
            *c = BASE32[((bits >> shift) & 31) as usize];
        }
        RoomCode(code)
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("room codes are ASCII")
    }
}

impl FromStr for RoomCode {
    type Err = IdError;
    fn from_str(text: &str) -> Result<RoomCode, IdError> {
        let bytes = text.as_bytes();
        if bytes.len() != RoomCode::LEN || !bytes.iter().all(|b| BASE32.contains(b)) {
            return Err(IdError::RoomCode(quoted(text)));
        }
        let mut code = [0u8; RoomCode::LEN];
        code.copy_from_slice(bytes);
        Ok(RoomCode(code))
    }
}

impl TryFrom<String> for RoomCode {
    type Error = IdError;
    fn try_from(text: String) -> Result<RoomCode, IdError> {
        text.parse()
    }
}

impl From<RoomCode> for String {
    fn from(code: RoomCode) -> String {
        code.as_str().to_string()
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomCode({})", self.as_str())
    }
}

/// A seat's secret: 128 random bits (chosen by the server), written as 32 lowercase hex
/// characters. Whoever presents it holds the seat, so it is sent only to its holder, and `Debug`
/// hides it to keep it out of logs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Token(u128);

impl Token {
    pub const LEN: usize = 32;

    pub fn from_bits(bits: u128) -> Token {
        Token(bits)
    }

    pub fn from_bytes(bytes: [u8; 16]) -> Token {
        Token(u128::from_be_bytes(bytes))
    }
}

impl FromStr for Token {
    type Err = IdError;
    fn from_str(text: &str) -> Result<Token, IdError> {
        let bad = || IdError::Token(quoted(text));
        // Checked by hand first: `from_str_radix` would also take a sign and uppercase digits.
        let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
        if text.len() != Token::LEN || !text.as_bytes().iter().all(hex) {
            return Err(bad());
        }
        u128::from_str_radix(text, 16).map(Token).map_err(|_| bad())
    }
}

impl TryFrom<String> for Token {
    type Error = IdError;
    fn try_from(text: String) -> Result<Token, IdError> {
        text.parse()
    }
}

impl From<Token> for String {
    fn from(token: Token) -> String {
        token.to_string()
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

/// A player's secret, made by their client the first time it goes online (128 random bits, 32
/// lowercase hex characters) and kept in its settings: whoever presents it is that player, so
/// it is never quoted back, logged (`Debug` hides it) or put in a URL. The server keeps only
/// its SHA-256.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerKey(u128);

impl PlayerKey {
    pub const LEN: usize = 32;

    pub fn from_bits(bits: u128) -> PlayerKey {
        PlayerKey(bits)
    }

    /// The key's 16 bytes, big-endian: what the server hashes.
    pub fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }
}

impl FromStr for PlayerKey {
    type Err = IdError;
    fn from_str(text: &str) -> Result<PlayerKey, IdError> {
        // The rejected text is not quoted: it may be a mistyped key.
        // The same spelling as a seat token.
        text.parse::<Token>()
            .map(|token| PlayerKey(token.0))
            .map_err(|_| IdError::PlayerKey)
    }
}

impl TryFrom<String> for PlayerKey {
    type Error = IdError;
    fn try_from(text: String) -> Result<PlayerKey, IdError> {
        text.parse()
    }
}

impl From<PlayerKey> for String {
    fn from(key: PlayerKey) -> String {
        key.to_string()
    }
}

impl fmt::Display for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlayerKey(<hidden>)")
    }
}

//! Players without sign-up: a client's [`PlayerKey`] stands for one player. The server keeps
//! only the key's SHA-256, and shows others a public id derived from the key by another hash,
//! so neither gives the key away.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use starhalma_protocol::PlayerKey;

pub use starhalma_protocol::{PLAYER_ID_LEN, is_player_id};

/// A player as a room knows them: the public id and the hash of their key (written to the
/// players table with their first recorded game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRef {
    pub id: String,
    pub key_hash: String,
}

impl PlayerRef {
    pub fn of(key: PlayerKey) -> PlayerRef {
        PlayerRef {
            id: public_id(key),
            key_hash: key_hash(key),
        }
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of the key's 16 bytes, in hex: all the server keeps of a key.
pub fn key_hash(key: PlayerKey) -> String {
    hex(&Sha256::digest(key.to_bytes()))
}

/// The public id (see [`PlayerKey::public_id`]).
pub fn public_id(key: PlayerKey) -> String {
    key.public_id()
}

/// Whether `key` is the key behind `stored` (a key hash), compared in constant time so the
/// time taken tells nothing of how much of a guess matched.
pub fn key_matches(key: PlayerKey, stored: &str) -> bool {
    let computed = key_hash(key);
    computed.len() == stored.len()
        && computed
            .bytes()
            .zip(stored.bytes())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gives_one_public_id_and_hash_that_reveal_neither_the_key_nor_each_other() {
        let key: PlayerKey = "00112233445566778899aabbccddeeff".parse().unwrap();
        let other: PlayerKey = "00112233445566778899aabbccddeef0".parse().unwrap();
        let player = PlayerRef::of(key);
        assert_eq!(player, PlayerRef::of(key), "the same key, the same player");
        assert!(is_player_id(&player.id), "{}", player.id);
        assert_eq!(player.key_hash.len(), 64);
        assert_ne!(player.id, PlayerRef::of(other).id);
        assert!(!player.key_hash.contains(&key.to_string()));
        assert!(!player.key_hash.contains(&player.id));
        // The SHA-256 of the 16 bytes, as any sha256sum computes it.
        assert_eq!(
            key_hash(key),
            "a8faed6abbf35c12a4b26e40f6feb19d736d90045c83b9f9a31f638d323e6811"
        );
        assert!(key_matches(key, &player.key_hash));
        assert!(!key_matches(other, &player.key_hash));
        assert!(!key_matches(key, "short"));
        assert!(!is_player_id("ABCDEFGHIJKL") && !is_player_id("abc"));
    }
}

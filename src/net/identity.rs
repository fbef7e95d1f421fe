//! Who the player is online: the player key (from the system's secure random source), the
//! player code it is shown as, and the name suggested the first time.

use crate::locale::{Phrase, SeatNames, SeatSymbols, Words};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::{PlayerKey, PlayerName};

/// Who this player is online and how they take others' reactions; kept in the settings.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerProfile {
    /// The display name sent with every `hello`; suggested in the player's language the first
    /// time they go online ([`suggest_name`]).
    pub name: Option<PlayerName>,
    /// Others' reactions are not shown (sending stays possible).
    pub mute_reactions: bool,
    /// The player's key: made the first time they go online, sent with every `hello`,
    /// `create` and `quick_match`, so their games and ratings are kept as theirs. Shown as
    /// a player code ([`player_code`]) to move to another device.
    pub player_key: Option<PlayerKey>,
}

/// A new player key: 128 bits from the system's secure random source (the browser's
/// `crypto.getRandomValues` on the web).
pub(crate) fn new_player_key() -> PlayerKey {
    let mut bytes = [0u8; 16];
    if let Err(e) = fill_random(&mut bytes) {
        // Never seen in practice; a key from the clock is still unique, if guessable.
        warn!("no secure random source ({e}); the player key comes from the clock");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let mut mix = starhalma_ai::SplitMix(now);
        bytes[..8].copy_from_slice(&mix.next_u64().to_be_bytes());
        bytes[8..].copy_from_slice(&mix.next_u64().to_be_bytes());
    }
    PlayerKey::from_bits(u128::from_be_bytes(bytes))
}

#[cfg(not(target_arch = "wasm32"))]
fn fill_random(bytes: &mut [u8]) -> Result<(), String> {
    getrandom::fill(bytes).map_err(|e| e.to_string())
}

#[cfg(target_arch = "wasm32")]
fn fill_random(bytes: &mut [u8]) -> Result<(), String> {
    // Only logged (`new_player_key` warns), never shown.
    let crypto = web_sys::window()
        .ok_or("window")?
        .crypto()
        .map_err(|_| "crypto")?;
    crypto
        .get_random_values_with_u8_array(bytes)
        .map(|_| ())
        .map_err(|_| "getRandomValues".to_string())
}

/// A key as a player code to write down or copy: eight groups of four ("6b1f-0c2d-…").
pub(crate) fn player_code(key: PlayerKey) -> String {
    let hex = key.to_string();
    let groups: Vec<&str> = (0..8).map(|i| &hex[4 * i..4 * i + 4]).collect();
    groups.join("-")
}

/// A typed player code back as a key: dashes, spaces and capitals are forgiven.
pub(crate) fn read_player_code(text: &str) -> Option<PlayerKey> {
    let hex: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\u{3000}'))
        .flat_map(char::to_lowercase)
        .collect();
    hex.parse().ok()
}

/// A name to suggest: an adjective, a marble word and a number in the player's language
/// ("Swift Marble 42", "はやい星42"), picked by `seed`.
pub fn suggest_name(words: &Words, seed: u64) -> PlayerName {
    let mut mix = starhalma_ai::SplitMix(seed);
    let mut pick = |list: &'static str| {
        let line = words.say(
            &Phrase::msg(list),
            SeatSymbols::default(),
            &SeatNames::default(),
        );
        let choices: Vec<String> = line.split(',').map(|w| w.trim().to_string()).collect();
        let at = (mix.next_u64() % choices.len() as u64) as usize;
        choices[at].clone()
    };
    let adjective = pick(id::NAME_ADJECTIVES);
    let marble = pick(id::NAME_MARBLES);
    let number = 10 + (mix.next_u64() % 90) as i64;
    let text = words.say(
        &Phrase::msg(id::NAME_SUGGESTION)
            .with("adjective", Phrase::Verbatim(adjective))
            .with("marble", Phrase::Verbatim(marble.clone()))
            .with("number", Phrase::Verbatim(number.to_string())),
        SeatSymbols::default(),
        &SeatNames::default(),
    );
    // A translation too long for a name still leaves the player a valid one.
    PlayerName::new(&text)
        .or_else(|_| PlayerName::new(&format!("{marble} {number}")))
        .unwrap_or_else(|_| PlayerName::new(&number.to_string()).expect("digits are a name"))
}

//! The kept games as a client reads them from the room server's HTTP API (docs/RECORDS.md):
//! the rating families, the addresses of the API's pages, and the shapes of its answers (the
//! fields a client uses; the server's answers carry these and more).

use crate::ids::PlayerKey;
use crate::link::ServerUrl;
use serde::{Deserialize, Serialize};
use starhalma_rules::{Game, RuleSet, Status, Variant};

/// The header a player's own key travels in (never the URL, which logs and histories keep).
pub const KEY_HEADER: &str = "x-player-key";

/// The most games one page of a player's games holds.
pub const GAMES_PAGE_MAX: u32 = 50;

/// The rule-set families rated apart: a rating in one says little about another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Laws,
    Table,
    TableLongHops,
    Masters,
    Diamond,
}

impl Family {
    pub const ALL: [Family; 5] = [
        Family::Laws,
        Family::Table,
        Family::TableLongHops,
        Family::Masters,
        Family::Diamond,
    ];

    /// The family a rule set is rated in (the masters' two ways with a blocked target are one
    /// family: the same game until the very end).
    pub fn of(rule_set: RuleSet) -> Family {
        match rule_set {
            RuleSet::Laws => Family::Laws,
            RuleSet::Table { long_hops: false } => Family::Table,
            RuleSet::Table { long_hops: true } => Family::TableLongHops,
            RuleSet::Masters { .. } => Family::Masters,
            RuleSet::Diamond => Family::Diamond,
        }
    }

    /// The family's name in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            Family::Laws => "laws",
            Family::Table => "table",
            Family::TableLongHops => "table_long_hops",
            Family::Masters => "masters",
            Family::Diamond => "diamond",
        }
    }

    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A player's games, newest first, `before` a page's `next` (their own private games too when
/// the request carries their key in [`KEY_HEADER`]).
pub fn games_url(server: &ServerUrl, player: &str, before: Option<i64>) -> String {
    let mut url = format!("{server}/api/players/{player}/games?limit={GAMES_PAGE_MAX}");
    if let Some(before) = before {
        url.push_str(&format!("&before={before}"));
    }
    url
}

/// The top of a family's ratings, for games of `players` (all counts when none).
pub fn leaderboard_url(server: &ServerUrl, family: Family, players: Option<u8>) -> String {
    let mut url = format!("{server}/api/leaderboard?rules={}", family.name());
    if let Some(players) = players {
        url.push_str(&format!("&players={players}"));
    }
    url
}

/// The most players one `/api/ratings` request may name.
pub const RATINGS_MAX_PLAYERS: usize = 100;

/// The ratings in a family of the players named (public ids, at most
/// [`RATINGS_MAX_PLAYERS`]); players without one are left out of the answer.
pub fn ratings_url(server: &ServerUrl, family: Family, players: &[&str]) -> String {
    format!(
        "{server}/api/ratings?rules={}&players={}",
        family.name(),
        players.join(",")
    )
}

/// `GET /api/ratings`: the ratings of the players named who have one, by public id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingsPage {
    pub rules: String,
    pub ratings: std::collections::BTreeMap<String, RatingSummary>,
}

/// One seat of a kept game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    pub seat: u8,
    /// The person's public id (none for the computer).
    #[serde(default)]
    pub player: Option<String>,
    /// The computer's level, when the computer held the seat at the end.
    #[serde(default)]
    pub computer: Option<String>,
    pub name: String,
    /// 1 for the winner; none for a seat the result does not place.
    #[serde(default)]
    pub place: Option<u8>,
    #[serde(default)]
    pub rating_before: Option<i64>,
    #[serde(default)]
    pub rating_after: Option<i64>,
    /// The rating's change in words ("+12", "-3"), for a rated game.
    #[serde(default)]
    pub change: Option<String>,
}

/// A kept game as a page of games lists it. The variant, result and count of moves come from
/// its save file, and are absent when that cannot be read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: String,
    /// The rating family's name ([`Family::name`]).
    pub rules: String,
    pub players: usize,
    pub public: bool,
    /// Each seat's time a move in a room with a clock.
    #[serde(default)]
    pub clock_ms: Option<u64>,
    pub rated: bool,
    pub started_ms: i64,
    pub ended_ms: i64,
    pub seats: Vec<SeatSummary>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// How it ended: the rules' status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Status>,
    /// Moves made (plies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
}

/// `GET /api/games/{id}`: one kept game whole. What the server writes and a client reads: the
/// save is the rules' own game, every move checked as it is read, so a client opens it as it
/// came without reading it again.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Every move in the rules crate's notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The save file (null when the server cannot read its own copy back).
    pub save: Option<Game>,
}

/// `GET /api/players/{id}`: a player's name, ratings by family name and count of kept games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    pub created_ms: i64,
    pub games: i64,
    pub ratings: std::collections::BTreeMap<String, RatingSummary>,
}

/// Every refusal of the API: a code for programs and the reason in words
/// (docs/RECORDS.md lists the codes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    pub error: String,
    pub message: String,
}

impl GameSummary {
    /// The seat `player` played.
    pub fn seat_of(&self, player: &str) -> Option<&SeatSummary> {
        self.seats
            .iter()
            .find(|s| s.player.as_deref() == Some(player))
    }
}

/// `GET /api/players/{id}/games`: newest first; `next` is the `before` of the next page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesPage {
    pub player: String,
    pub games: Vec<GameSummary>,
    #[serde(default)]
    pub next: Option<i64>,
}

/// A rating as the API shows it (rounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingSummary {
    pub rating: i64,
    pub deviation: i64,
    pub games: i64,
    pub provisional: bool,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderLine {
    pub rank: usize,
    pub player: String,
    #[serde(default)]
    pub name: Option<String>,
    pub rating: RatingSummary,
}

/// `GET /api/leaderboard`: the top 100 settled ratings of a family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub rules: String,
    #[serde(default)]
    pub players: Option<u8>,
    pub leaders: Vec<LeaderLine>,
}

impl PlayerKey {
    /// The player's public id: 12 base32 characters of a hash of the key under its own label,
    /// so the id says nothing of the key or of the hash the server keeps of it. Where their
    /// games and ratings are read (`/api/players/{id}`).
    pub fn public_id(self) -> String {
        use sha2::{Digest, Sha256};
        const BASE32: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
        let mut hasher = Sha256::new();
        hasher.update(b"starhalma player id\0");
        hasher.update(self.to_bytes());
        let digest = hasher.finalize();
        let bits = digest
            .iter()
            .take(8)
            .fold(0u64, |bits, b| (bits << 8) | u64::from(*b));
        (0..PLAYER_ID_LEN)
            .map(|i| BASE32[((bits >> (59 - 5 * i)) & 31) as usize] as char)
            .collect()
    }
}

/// How long a public player id is: 12 base32 characters, 60 bits.
pub const PLAYER_ID_LEN: usize = 12;

/// Whether `text` is spelled as a public player id (`a`–`z`, `2`–`7`).
pub fn is_player_id(text: &str) -> bool {
    text.len() == PLAYER_ID_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
}

/// Each seat's place (1 is first; equal numbers are level), as the rules decide it: a draw
/// puts everyone level; a win where the rules place only the winner (the laws, masters,
/// Diamond) puts the others level second; the table's win or ranking is its ranking. `None`
/// while the game goes on. What ratings and a player's results count.
pub fn places(game: &Game) -> Option<Vec<u8>> {
    let seats = game.variant().players() as usize;
    match game.status() {
        Status::Ongoing => None,
        Status::Draw { .. } => Some(vec![1; seats]),
        Status::Won { winner, .. } if !matches!(game.rule_set(), RuleSet::Table { .. }) => Some(
            (0..seats as u8)
                .map(|seat| if seat == winner { 1 } else { 2 })
                .collect(),
        ),
        Status::Won { .. } | Status::Ranked { .. } => {
            let mut places = vec![0; seats];
            for placement in game.ranking() {
                places[placement.seat as usize] = placement.place;
            }
            Some(places)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_of_the_api_pages() {
        let server = |text: &str| text.parse::<ServerUrl>().unwrap();
        assert_eq!(
            games_url(&server("http://h:8080/"), "abcdefghijkl", None),
            "http://h:8080/api/players/abcdefghijkl/games?limit=50"
        );
        assert_eq!(
            games_url(&server("http://h:8080"), "abcdefghijkl", Some(17)),
            "http://h:8080/api/players/abcdefghijkl/games?limit=50&before=17"
        );
        assert_eq!(
            leaderboard_url(&server("http://h"), Family::TableLongHops, Some(3)),
            "http://h/api/leaderboard?rules=table_long_hops&players=3"
        );
    }

    #[test]
    fn a_public_id_is_one_per_key_and_spelled_as_one() {
        let key: PlayerKey = "00112233445566778899aabbccddeeff".parse().unwrap();
        let other: PlayerKey = "00112233445566778899aabbccddeef0".parse().unwrap();
        assert_eq!(key.public_id(), key.public_id());
        assert_ne!(key.public_id(), other.public_id());
        assert!(is_player_id(&key.public_id()), "{}", key.public_id());
        assert!(!key.public_id().contains("0011"));
        assert!(!is_player_id("ABCDEFGHIJKL") && !is_player_id("abcdefghijk1"));
    }

    #[test]
    fn every_rule_set_has_a_family_named_as_the_api_names_it() {
        for rules in RuleSet::ALL {
            let family = Family::of(rules);
            assert_eq!(Family::from_name(family.name()), Some(family));
        }
        assert_eq!(Family::from_name("chess"), None);
    }
}

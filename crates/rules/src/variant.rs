//! Rule sets and seating: which game is being played, by how many, from which camps.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// What a `masters` game does about an opponent's peg sitting in your target (seed 004 offers
/// both answers to "the dubious blocking").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// "the player is entitled to swap the opposing peg with that of his own peg".
    #[default]
    Swap,
    /// "the game is simply won when all the available points within the triangle are occupied"
    /// (with at least one of them the player's own).
    Fill,
}

/// One of the four rule sets of the seeds, chosen when a game is created.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RuleSet {
    /// Seed 000, "the laws": unrestricted movement, win by filling the target with your own ten,
    /// pass when blocked, draw when everyone passes in succession.
    Laws,
    /// Seed 001, the online table: stops only in the hexagon, own point or target point; a
    /// marble home stays home; anti-spoiling after 30 turns each; first finisher wins and the rest
    /// are ranked; stop after 200 turns each. `long_hops` plays Super Chinese Checkers.
    Table {
        #[serde(default)]
        long_hops: bool,
    },
    /// Seed 004, the shop's traditional rules: any hole may be entered, a peg in its target
    /// moves only within it, and blocked targets are resolved by `blocked`.
    Masters {
        #[serde(default)]
        blocked: Blocked,
    },
    /// Seed 003, the Japanese Diamond Game: 2 or 3 players, 15 marbles with a king.
    Diamond,
}

impl RuleSet {
    /// Every rule set with every option, in menu order.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::Laws,
        RuleSet::Table { long_hops: false },
        RuleSet::Table { long_hops: true },
        RuleSet::Masters {
            blocked: Blocked::Swap,
        },
        RuleSet::Masters {
            blocked: Blocked::Fill,
        },
        RuleSet::Diamond,
    ];

    /// Player counts this rule set is played with.
    pub fn player_counts(self) -> &'static [u8] {
        match self {
            RuleSet::Diamond => &[2, 3],
            _ => &[2, 3, 4, 6],
        }
    }

    /// Marbles per player.
    pub fn marbles(self) -> u32 {
        match self {
            RuleSet::Diamond => 15,
            _ => 10,
        }
    }

    /// The short name used on the command line and in save files.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Laws => "laws",
            RuleSet::Table { .. } => "table",
            RuleSet::Masters { .. } => "masters",
            RuleSet::Diamond => "diamond",
        }
    }

    /// Parse a rule set name with its options (`long_hops` only for `table`, `blocked` only for
    /// `masters`).
    pub fn from_name(name: &str, long_hops: bool, blocked: Blocked) -> Option<RuleSet> {
        Some(match name {
            "laws" => RuleSet::Laws,
            "table" => RuleSet::Table { long_hops },
            "masters" => RuleSet::Masters { blocked },
            "diamond" => RuleSet::Diamond,
            _ => return None,
        })
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSet::Table { long_hops: true } => f.write_str("table (long hops)"),
            RuleSet::Masters { blocked } => write!(
                f,
                "masters ({})",
                match blocked {
                    Blocked::Swap => "swap",
                    Blocked::Fill => "fill",
                }
            ),
            other => f.write_str(other.name()),
        }
    }
}

/// A seat's colour. Ten-marble games colour by camp (so a 3-player game is Red, Yellow, Green,
/// like the Diamond Game); the Diamond Game's three colours each own two opposite triangles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Purple,
    Yellow,
    Blue,
    Green,
    Orange,
}

impl Colour {
    /// The colour of camp `i` in ten-marble games.
    pub const BY_CAMP: [Colour; 6] = [
        Colour::Red,
        Colour::Purple,
        Colour::Yellow,
        Colour::Blue,
        Colour::Green,
        Colour::Orange,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Purple => "Purple",
            Colour::Yellow => "Yellow",
            Colour::Blue => "Blue",
            Colour::Green => "Green",
            Colour::Orange => "Orange",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validated choice of rule set and player count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "VariantRecord", into = "VariantRecord")]
pub struct Variant {
    rules: RuleSet,
    players: u8,
}

#[derive(Serialize, Deserialize)]
struct VariantRecord {
    rules: RuleSet,
    players: u8,
}

impl TryFrom<VariantRecord> for Variant {
    type Error = SetupError;
    fn try_from(r: VariantRecord) -> Result<Self, SetupError> {
        Variant::new(r.rules, r.players)
    }
}

impl From<Variant> for VariantRecord {
    fn from(v: Variant) -> Self {
        VariantRecord {
            rules: v.rules,
            players: v.players,
        }
    }
}

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum SetupError {
    #[error("{rules} is played by {allowed:?} players, not {players}")]
    PlayerCount {
        rules: RuleSet,
        players: u8,
        allowed: &'static [u8],
    },
    #[error("the position has pieces of seats that are not playing, or nobody to move")]
    Seats,
}

impl Variant {
    pub fn new(rules: RuleSet, players: u8) -> Result<Variant, SetupError> {
        if !rules.player_counts().contains(&players) {
            return Err(SetupError::PlayerCount {
                rules,
                players,
                allowed: rules.player_counts(),
            });
        }
        Ok(Variant { rules, players })
    }

    /// Every rule set (with every option) at every player count it allows.
    pub fn all() -> impl Iterator<Item = Variant> {
        RuleSet::ALL.into_iter().flat_map(|rules| {
            rules
                .player_counts()
                .iter()
                .map(move |&players| Variant { rules, players })
        })
    }

    pub fn rules(self) -> RuleSet {
        self.rules
    }

    pub fn players(self) -> u8 {
        self.players
    }

    /// Seats in turn order and the camp each starts in. Two players sit in camps 0 and 3, three
    /// in 0, 2, 4, four in 0, 1, 3, 4 (two opposite pairs), six in all. Diamond: Red, Yellow,
    /// Green in camps 0, 2, 4; with two players Red and Yellow keep their 3-player camps (seed
    /// 003) and Green's triangles stay empty and forbidden. Turn order is increasing camp index,
    /// which the seed's picture shows clockwise.
    pub fn camps(self) -> &'static [u8] {
        match (self.rules, self.players) {
            (RuleSet::Diamond, 2) => &[0, 2],
            (_, 2) => &[0, 3],
            (_, 3) => &[0, 2, 4],
            (_, 4) => &[0, 1, 3, 4],
            _ => &[0, 1, 2, 3, 4, 5],
        }
    }

    pub fn camp_of(self, seat: u8) -> u8 {
        self.camps()[seat as usize]
    }

    /// The seat starting in `camp`, if anyone sits there.
    pub fn seat_in_camp(self, camp: u8) -> Option<u8> {
        self.camps()
            .iter()
            .position(|&c| c == camp)
            .map(|s| s as u8)
    }

    pub fn colour(self, seat: u8) -> Colour {
        Colour::BY_CAMP[self.camp_of(seat) as usize]
    }

    /// Seats in turn order.
    pub fn seats(self) -> impl Iterator<Item = u8> {
        0..self.players
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {} players", self.rules, self.players)
    }
}

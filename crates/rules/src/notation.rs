//! Text forms: holes as axial `q,r`, moves as `s 4,-4 4,-3` / `j 5,-4 3,-2` / `x 2,3 1,4` /
//! `pass`, and the Diamond page's player-relative labels `R10 S1`.

use crate::board::{Coord, Hole};
use crate::position::{Move, MoveKind};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NotationError {
    #[error("'{0}' is not a hole: write it as q,r (for example 4,-3)")]
    BadHole(String),
    #[error("{0} is not on the board")]
    OffBoard(String),
    #[error("'{0}' is not a move: write s|j|x FROM TO, or pass")]
    BadMove(String),
    #[error("'{0}' is not a label: write it as R<row> S<space> (for example R10 S1)")]
    BadLabel(String),
    #[error("row {row} has no space {space}")]
    NoSuchSpace { row: u8, space: u8 },
}

impl FromStr for Hole {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Hole, NotationError> {
        let bad = || NotationError::BadHole(text.to_string());
        let (q, r) = text.trim().split_once(',').ok_or_else(bad)?;
        let q: i8 = q.trim().parse().map_err(|_| bad())?;
        let r: i8 = r.trim().parse().map_err(|_| bad())?;
        Hole::at(Coord::new(q, r)).ok_or_else(|| NotationError::OffBoard(text.to_string()))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind {
            MoveKind::Pass => return f.write_str("pass"),
            MoveKind::Step => 's',
            MoveKind::Jump => 'j',
            MoveKind::Swap => 'x',
        };
        write!(f, "{letter} {} {}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Move, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let kind = match words.as_slice() {
            ["pass"] => return Ok(Move::PASS),
            [k, _, _] => match *k {
                "s" => MoveKind::Step,
                "j" => MoveKind::Jump,
                "x" => MoveKind::Swap,
                _ => return Err(NotationError::BadMove(text.to_string())),
            },
            _ => return Err(NotationError::BadMove(text.to_string())),
        };
        Ok(Move {
            kind,
            from: words[1].parse()?,
            to: words[2].parse()?,
        })
    }
}

/// Parse a list of moves such as `s 5,-1 4,0 j 2,-5 4,-3 pass`; `;` may separate moves.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, NotationError> {
    let cleaned = text.replace(';', " ");
    let mut words = cleaned.split_whitespace();
    let mut moves = Vec::new();
    while let Some(word) = words.next() {
        if word == "pass" {
            moves.push(Move::PASS);
            continue;
        }
        let (Some(from), Some(to)) = (words.next(), words.next()) else {
            return Err(NotationError::BadMove(word.to_string()));
        };
        moves.push(format!("{word} {from} {to}").parse()?);
    }
    Ok(moves)
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hole, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A hole as seen by the player starting in camp `camp` (seed 003's button labels): rows run
/// from 1 at the tip of the player's start triangle to 17 at the tip of the target, spaces are
/// counted from the player's left within each row. The player sits beyond their tip looking at
/// the centre; in the seed's picture the camp-0 player's left is the direction of growing `r`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Label {
    pub row: u8,
    pub space: u8,
}

impl Label {
    /// The label of `hole` for the player starting in `camp`.
    pub fn of(hole: Hole, camp: u8) -> Label {
        // Turn the board so that the camp sits where camp 0 does; rows are then columns q.
        let c = rotate_back_by(hole.coord(), camp);
        let row = (9 - c.q) as u8;
        let space = column(c.q).filter(|&r| r > c.r).count() as u8 + 1;
        Label { row, space }
    }

    /// The hole with this label for the player starting in `camp`.
    pub fn hole(self, camp: u8) -> Result<Hole, NotationError> {
        let no_such = NotationError::NoSuchSpace {
            row: self.row,
            space: self.space,
        };
        if !(1..=17).contains(&self.row) || self.space == 0 {
            return Err(no_such);
        }
        let q = 9 - self.row as i8;
        let mut rs: Vec<i8> = column(q).collect();
        rs.sort_unstable_by(|a, b| b.cmp(a));
        let r = *rs.get(self.space as usize - 1).ok_or(no_such)?;
        Ok(Hole::at(Coord::new(q, r).rotate_by(camp)).expect("labels name board holes"))
    }
}

/// The `r` of every hole in column `q`.
fn column(q: i8) -> impl Iterator<Item = i8> {
    (-8..=8).filter(move |&r| Hole::at(Coord::new(q, r)).is_some())
}

fn rotate_back_by(c: Coord, k: u8) -> Coord {
    (0..k % 6).fold(c, |c, _| c.rotate_back())
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{} S{}", self.row, self.space)
    }
}

impl FromStr for Label {
    type Err = NotationError;
    /// Accepts `R10 S1`, `r10s1`, `R10 S 1`.
    fn from_str(text: &str) -> Result<Label, NotationError> {
        let bad = || NotationError::BadLabel(text.to_string());
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        let rest = compact.strip_prefix('R').ok_or_else(bad)?;
        let (row, space) = rest.split_once('S').ok_or_else(bad)?;
        Ok(Label {
            row: row.parse().map_err(|_| bad())?,
            space: space.parse().map_err(|_| bad())?,
        })
    }
}

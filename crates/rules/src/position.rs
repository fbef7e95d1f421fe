//! Positions and moves: what is on the board, whose turn it is, and what a turn does.

use crate::board::{HOLE_COUNT, Hole, Holes};
use std::mem::MaybeUninit;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    #[error("hole {0} holds two pieces")]
    Doubled(Hole),
    #[error("there is no seat {0}")]
    NoSuchSeat(u8),
}

/// Occupancy as bitboards, one per seat, plus all pieces and (Diamond Game) the kings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) pieces: [u128; 6],
    pub(crate) occupied: u128,
    pub(crate) kings: u128,
}

impl Position {
    pub(crate) const EMPTY: Position = Position {
        pieces: [0; 6],
        occupied: 0,
        kings: 0,
    };

    /// Occupy the empty holes of `mask` for `seat`.
    pub(crate) fn add(&mut self, seat: u8, mask: u128) {
        self.pieces[seat as usize] |= mask;
        self.occupied |= mask;
    }

    /// Move a piece of `seat` between `from` and `to` (either direction: it toggles both).
    #[inline]
    pub(crate) fn toggle(&mut self, seat: u8, from: Hole, to: Hole) {
        let delta = from.bit() | to.bit();
        self.pieces[seat as usize] ^= delta;
        self.occupied ^= delta;
        if self.kings & delta != 0 {
            self.kings ^= delta;
        }
    }

    /// A position from explicit placements `(hole, seat, king)`, for tests, puzzles and
    /// editors. Fails on a hole given twice or a seat above 5.
    pub fn from_placements(
        placements: impl IntoIterator<Item = (Hole, u8, bool)>,
    ) -> Result<Position, PositionError> {
        let mut p = Position::EMPTY;
        for (hole, seat, king) in placements {
            if seat >= 6 {
                return Err(PositionError::NoSuchSeat(seat));
            }
            if p.occupied & hole.bit() != 0 {
                return Err(PositionError::Doubled(hole));
            }
            p.add(seat, hole.bit());
            if king {
                p.kings |= hole.bit();
            }
        }
        Ok(p)
    }

    /// The pieces of `seat`.
    pub fn pieces(&self, seat: u8) -> u128 {
        self.pieces[seat as usize]
    }

    pub fn occupied(&self) -> u128 {
        self.occupied
    }

    /// Kings (Diamond Game only; empty otherwise).
    pub fn kings(&self) -> u128 {
        self.kings
    }

    /// The seat whose piece stands on `hole`.
    pub fn owner(&self, hole: Hole) -> Option<u8> {
        if self.occupied & hole.bit() == 0 {
            return None;
        }
        self.pieces
            .iter()
            .position(|p| p & hole.bit() != 0)
            .map(|s| s as u8)
    }

    pub fn is_king(&self, hole: Hole) -> bool {
        self.kings & hole.bit() != 0
    }

    /// Holes occupied by `seat`, lowest index first.
    pub fn holes_of(&self, seat: u8) -> Holes {
        Holes(self.pieces[seat as usize])
    }

    /// Owner of every hole (`None` for empty), indexed by hole.
    pub fn owners(&self) -> [Option<u8>; HOLE_COUNT] {
        let mut out = [None; HOLE_COUNT];
        for (seat, &bits) in self.pieces.iter().enumerate() {
            for h in Holes(bits) {
                out[h.index()] = Some(seat as u8);
            }
        }
        out
    }
}

/// The kind of a move. Moves are identified by (kind, origin, destination) only (seed 000).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MoveKind {
    /// One step to an adjacent empty hole.
    Step,
    /// A chain of one or more jumps by one piece.
    Jump,
    /// `masters` with the swap rule: the mover's peg and an opponent's peg blocking the target
    /// trade holes.
    Swap,
    /// No legal move: the turn passes (a recorded move).
    Pass,
}

/// A move: kind, origin and destination. The route a jump chain takes is not part of a move's
/// identity; `Rules::route` recovers the fewest-hops route when it is needed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    pub kind: MoveKind,
    pub from: Hole,
    pub to: Hole,
}

impl Move {
    pub const PASS: Move = Move {
        kind: MoveKind::Pass,
        from: Hole::new_unchecked(0),
        to: Hole::new_unchecked(0),
    };

    pub fn step(from: Hole, to: Hole) -> Move {
        Move {
            kind: MoveKind::Step,
            from,
            to,
        }
    }

    pub fn jump(from: Hole, to: Hole) -> Move {
        Move {
            kind: MoveKind::Jump,
            from,
            to,
        }
    }

    pub fn swap(from: Hole, to: Hole) -> Move {
        Move {
            kind: MoveKind::Swap,
            from,
            to,
        }
    }

    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }
}

/// Whose turn it is and how far the game has gone, besides the pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) position: Position,
    /// The active seat; explicit state, as seed 000 asks.
    pub(crate) active: u8,
    /// Turns taken so far by everyone together, passes included.
    pub(crate) ply: u32,
    /// Passes in succession just before now.
    pub(crate) passes_in_row: u8,
}

impl State {
    /// A state with `active` to move after `ply` turns (for hand-built positions). The seat
    /// to move must match the turn count: turns go round the seats in order, passes included.
    pub fn new(position: Position, active: u8, ply: u32) -> State {
        State {
            position,
            active,
            ply,
            passes_in_row: 0,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn active(&self) -> u8 {
        self.active
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn passes_in_row(&self) -> u8 {
        self.passes_in_row
    }
}

/// What `Rules::apply` needs to take a move back exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    pub(crate) mv: Move,
    pub(crate) mover: u8,
    /// The other seat in a swap.
    pub(crate) swapped_with: u8,
    pub(crate) passes_in_row: u8,
}

impl Undo {
    pub fn mv(&self) -> Move {
        self.mv
    }

    pub fn mover(&self) -> u8 {
        self.mover
    }
}

/// A fixed-capacity move list, so that generation never allocates. Its storage starts
/// uninitialised: search and perft make one per node, and filling 2048 moves each time cost more
/// than generating them.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than any position can have: 15 pieces × (6 steps + 106 empty holes) < 2048.
    pub const CAPACITY: usize = 2048;

    pub fn new() -> Self {
        MoveList {
            moves: [MaybeUninit::uninit(); Self::CAPACITY],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len].write(mv);
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `MaybeUninit<Move>` has
        // `Move`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

//! Solitaire: the fewest moves for one player's ten marbles to cross an empty board alone
//! (laws), by beam search over positions ordered by the rows still to go.

use starhalma_rules::board::CAMPS;
use starhalma_rules::{Holes, Move, MoveList, Position, RuleSet, Rules, State, Variant};
use std::collections::HashMap;

/// Rows still to go for a camp-0 marble: 0 at the far tip of camp 3. Camp 0's rows are the
/// columns of constant `q` (row = 9 - q, as `Label` counts them).
fn row_to_go(h: starhalma_rules::Hole) -> u32 {
    (h.coord().q + 8) as u32
}

/// Rows still to go for all marbles: 20 when camp 3 is full.
fn rows_to_go(pieces: u128) -> u32 {
    Holes(pieces).map(row_to_go).sum()
}

/// The shortest crossing found keeping the `beam` most advanced positions at each move, with the
/// moves of the solution.
pub fn solve(beam: usize) -> Option<Vec<Move>> {
    let rules = Rules::new(Variant::new(RuleSet::Laws, 2).expect("laws with 2 players"));
    let start = CAMPS[0];
    let goal = CAMPS[3];
    // Every position reached, with the move and the position it came from.
    let mut parent: HashMap<u128, (u128, Move)> = HashMap::new();
    let mut layer = vec![start];
    let mut list = MoveList::new();
    for _depth in 1..=80 {
        let mut next: Vec<u128> = Vec::new();
        for &pieces in &layer {
            let pos = Position::from_placements(Holes(pieces).map(|h| (h, 0, false)))
                .expect("distinct holes");
            let state = State::new(pos, 0, 0);
            rules.generate(&state, &mut list);
            for &mv in list.iter() {
                if mv.is_pass() {
                    continue;
                }
                let after = pieces ^ mv.from.bit() ^ mv.to.bit();
                if after == start || parent.contains_key(&after) {
                    continue;
                }
                parent.insert(after, (pieces, mv));
                if after == goal {
                    let mut moves = vec![mv];
                    let mut at = pieces;
                    while at != start {
                        let (prev, m) = parent[&at];
                        moves.push(m);
                        at = prev;
                    }
                    moves.reverse();
                    return Some(moves);
                }
                next.push(after);
            }
        }
        next.sort_by_key(|&p| rank(p));
        next.truncate(beam);
        layer = next;
    }
    None
}

/// Beam order: rows still to go, then the rearmost marble's rows (a straggler costs moves).
fn rank(pieces: u128) -> (u32, u32) {
    let back = Holes(pieces).map(row_to_go).max().unwrap_or(0);
    (rows_to_go(pieces), back)
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhalma_rules::Label;

    #[test]
    fn rows_to_go_agree_with_the_player_relative_labels() {
        for h in starhalma_rules::Hole::all() {
            assert_eq!(row_to_go(h), 17 - Label::of(h, 0).row as u32);
        }
        assert_eq!(rows_to_go(CAMPS[3]), 20);
    }

    #[test]
    fn a_small_beam_crosses_the_board_with_legal_moves() {
        let moves = solve(200).expect("a crossing");
        // Replay on a board holding only the solitary player's marbles.
        let rules = Rules::new(Variant::new(RuleSet::Laws, 2).unwrap());
        let mut pieces = CAMPS[0];
        for mv in &moves {
            let pos = Position::from_placements(Holes(pieces).map(|h| (h, 0, false))).unwrap();
            rules.check(&State::new(pos, 0, 0), *mv).unwrap();
            pieces ^= mv.from.bit() ^ mv.to.bit();
        }
        assert_eq!(pieces, CAMPS[3]);
        assert!(
            moves.len() >= 27,
            "nobody crosses faster than the proven optimum"
        );
    }
}

//! Perft: the number of positions reached after exactly `depth` moves, passes counted as moves
//! and finished games having no moves. Leaves are bulk-counted (the last ply is counted, not
//! played).

use crate::position::{Move, MoveList, State};
use crate::rules::Rules;

/// Leaf count of the tree below `state`, `depth` plies deep.
pub fn perft(rules: &Rules, state: &mut State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if rules.status(state).is_over() {
        return 0;
    }
    if depth == 1 {
        return rules.count_moves(state);
    }
    let mut moves = MoveList::new();
    rules.generate(state, &mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = rules.apply(state, mv);
        total += perft(rules, state, depth - 1);
        rules.undo(state, undo);
    }
    total
}

/// Leaf counts below each legal move (`perft --divide`).
pub fn divide(rules: &Rules, state: &mut State, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 || rules.status(state).is_over() {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    rules.generate(state, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            let undo = rules.apply(state, mv);
            let n = perft(rules, state, depth - 1);
            rules.undo(state, undo);
            (mv, n)
        })
        .collect()
}

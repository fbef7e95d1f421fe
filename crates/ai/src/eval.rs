//! Evaluation: how far each seat still has to go, from per-rule-set distance tables.

use starhalma_rules::board::HOLE_COUNT;
use starhalma_rules::{Direction, Hole, Holes, RuleSet, Rules, State};

/// Distance given to holes a seat can never stop on (never reached in play).
const UNREACHABLE: u8 = 40;

/// Precomputed distances and weights for one rule set and seating.
#[derive(Clone, Debug)]
pub struct Evaluator {
    rules: Rules,
    /// `dist[seat][hole]`: fewest steps from `hole` to the seat's target tip, moving only
    /// through holes where that seat may stop (table and diamond close other camps).
    dist: [[u8; HOLE_COUNT]; 6],
    diamond: bool,
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let mut dist = [[UNREACHABLE; HOLE_COUNT]; 6];
        for seat in 0..rules.players() {
            let allowed = rules.stop_mask(seat) | rules.target(seat);
            let tip = rules.target_tip(seat);
            let table = &mut dist[seat as usize];
            table[tip.index()] = 0;
            let mut queue = std::collections::VecDeque::from([tip]);
            while let Some(h) = queue.pop_front() {
                for d in Direction::ALL {
                    if let Some(n) = h.neighbor(d) {
                        if allowed & n.bit() != 0 && table[n.index()] == UNREACHABLE {
                            table[n.index()] = table[h.index()] + 1;
                            queue.push_back(n);
                        }
                    }
                }
            }
        }
        Evaluator {
            rules: rules.clone(),
            dist,
            diamond: rules.variant().rules() == RuleSet::Diamond,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Distance of `hole` from `seat`'s target tip.
    #[inline]
    pub fn distance(&self, seat: u8, hole: Hole) -> i32 {
        self.dist[seat as usize][hole.index()] as i32
    }

    /// Progress of a move for its mover: distance gained (negative when going back).
    #[inline]
    pub fn gain(&self, seat: u8, from: Hole, to: Hole) -> i32 {
        self.distance(seat, from) - self.distance(seat, to)
    }

    /// What `seat` still has to do, in tenths of a step (lower is better): the distance of
    /// every piece to the target tip (so the target fills from the tip), plus
    /// - stragglers: a quadratic charge on pieces far behind, so none is left alone at the back;
    /// - spread: the gap between the front and the back piece beyond a ladder's length;
    /// - diamond: the king's own way to the tip counts extra, and a regular marble sitting on
    ///   the target tip (which must be cleared for the king) costs a detour.
    pub fn cost(&self, state: &State, seat: u8) -> i32 {
        let table = &self.dist[seat as usize];
        let pos = state.position();
        let mut sum = 0i32;
        let mut squares = 0i32;
        let mut back = 0i32;
        let mut front = i32::MAX;
        for h in Holes(pos.pieces(seat)) {
            let d = table[h.index()] as i32;
            sum += d;
            squares += d * d;
            back = back.max(d);
            front = front.min(d);
        }
        let mut cost = 10 * sum + squares / 2 + 4 * (back - front - 8).max(0);
        if self.diamond {
            let tip = self.rules.target_tip(seat);
            let king = pos.kings() & pos.pieces(seat);
            if let Some(k) = Holes(king).next() {
                cost += 10 * table[k.index()] as i32;
            }
            if pos.pieces(seat) & !king & tip.bit() != 0 {
                cost += 40;
            }
        }
        cost
    }
}

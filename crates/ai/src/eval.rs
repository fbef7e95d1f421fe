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
    /// `rank[seat][hole]`: the hole's row counted along `seat`'s way from its home camp to the
    /// opposite one (the rows of a camp are lines of one axial coordinate).
    rank: [[i8; HOLE_COUNT]; 6],
    /// Two players in opposite camps jumping single marbles: when every marble of one has
    /// passed every marble of the other, their races no longer touch (`disengaged`).
    races_can_part: bool,
    diamond: bool,
    /// `far_edge[seat]`: the seat's distance from the hexagon's farthest hole (`rival_cost`).
    far_edge: [u8; 6],
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
                    if let Some(n) = h.neighbor(d)
                        && allowed & n.bit() != 0
                        && table[n.index()] == UNREACHABLE
                    {
                        table[n.index()] = table[h.index()] + 1;
                        queue.push_back(n);
                    }
                }
            }
        }
        let mut rank = [[0i8; HOLE_COUNT]; 6];
        for seat in 0..rules.players() {
            // Turned back into camp 0's frame, whose rows are lines of constant q and whose way
            // leads to lower q.
            let turn = (6 - rules.variant().camp_of(seat)) % 6;
            for h in Hole::all() {
                rank[seat as usize][h.index()] = -h.coord().rotate_by(turn).q;
            }
        }
        let mut far_edge = [0u8; 6];
        for (edge, table) in far_edge.iter_mut().zip(&dist) {
            *edge = Holes(starhalma_rules::board::HEXAGON)
                .map(|h| table[h.index()])
                .filter(|&d| d < UNREACHABLE)
                .max()
                .unwrap_or(0);
        }
        let variant = rules.variant();
        let races_can_part = variant.players() == 2
            && variant.camp_of(1) == (variant.camp_of(0) + 3) % 6
            && !matches!(
                variant.rules(),
                RuleSet::Table { long_hops: true } | RuleSet::Diamond
            );
        Evaluator {
            rules: rules.clone(),
            dist,
            rank,
            races_can_part,
            diamond: rules.variant().rules() == RuleSet::Diamond,
            far_edge,
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

    /// Whether the two races have parted: `seat`'s rearmost marble is at least two rows past
    /// the opponent's foremost, so no marble can hop another's any more (unless one goes
    /// back) and each side's best play is its own fastest way home.
    pub fn disengaged(&self, state: &State, seat: u8) -> bool {
        if !self.races_can_part {
            return false;
        }
        let rank = &self.rank[seat as usize];
        let pos = state.position();
        let mine = Holes(pos.pieces(seat)).map(|h| rank[h.index()]).min();
        let theirs = Holes(pos.pieces(1 - seat)).map(|h| rank[h.index()]).max();
        match (mine, theirs) {
            (Some(mine), Some(theirs)) => mine >= theirs + 2,
            _ => false,
        }
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
        self.cost_weighed(state, seat, Weights::DEFAULT)
    }

    /// `cost` with other weights for its terms (`Style`'s knobs).
    pub fn cost_weighed(&self, state: &State, seat: u8, weights: Weights) -> i32 {
        self.cost_capped(state, seat, weights, 0)
    }

    /// `seat`'s cost as its rival `rival` weighs it. Under masters `swap` the marbles of `seat`
    /// standing in the rival's target count as if on the hexagon's far edge: the rival will
    /// swap them out (a spoiler's parked marble, a straggler), so they lose `seat` less of the
    /// race than their distance says, and the swap that puts one out is the rival's progress
    /// rather than `seat`'s. Without it, a search weighing the opponent fully never swaps a
    /// parked marble out (its owner's long way home would shrink).
    pub fn rival_cost(&self, state: &State, seat: u8, rival: u8, weights: Weights) -> i32 {
        let in_the_way = if self.rules.swaps() {
            state.position().pieces(seat) & self.rules.target(rival)
        } else {
            0
        };
        self.cost_capped(state, seat, weights, in_the_way)
    }

    /// `cost_weighed` with the distances of the pieces on `capped` at most `far_edge`.
    fn cost_capped(&self, state: &State, seat: u8, weights: Weights, capped: u128) -> i32 {
        let table = &self.dist[seat as usize];
        let cap = self.far_edge[seat as usize] as i32;
        let pos = state.position();
        let target = self.rules.target(seat);
        let outside = pos.pieces(seat) & !target;
        // Endgame: the last few pieces must reach the target's empty holes, around whatever
        // stands in the way; measure their way there through empty holes.
        let routes = (outside.count_ones() <= weights.endgame_pieces && outside != 0)
            .then(|| self.routes_to_empty_target(state, seat));
        let mut sum = 0i32;
        let mut squares = 0i32;
        let mut back = 0i32;
        let mut front = i32::MAX;
        for h in Holes(pos.pieces(seat)) {
            let d = match &routes {
                Some(r) if outside & h.bit() != 0 => r[h.index()] as i32,
                _ => table[h.index()] as i32,
            };
            let d = if capped & h.bit() != 0 { d.min(cap) } else { d };
            sum += d;
            squares += d * d;
            back = back.max(d);
            front = front.min(d);
        }
        let stragglers = if weights.straggle == 0 {
            0
        } else {
            squares / weights.straggle
        };
        let mut cost = 10 * sum + stragglers + weights.spread * (back - front - 8).max(0);
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

    /// For every hole, the fewest steps for a piece there to reach an empty hole `e` of the
    /// seat's target through empty holes, plus `e`'s own distance to the tip. Holes that cannot
    /// get through keep their plain distance plus a detour charge.
    fn routes_to_empty_target(&self, state: &State, seat: u8) -> [u8; HOLE_COUNT] {
        let table = &self.dist[seat as usize];
        let pos = state.position();
        let allowed = self.rules.stop_mask(seat) | self.rules.target(seat);
        let empty = !pos.occupied() & allowed;
        let mut value = [u8::MAX; HOLE_COUNT];
        // Breadth-first search from several sources with different start values: the sources,
        // sorted by value, are merged into the queue, whose values never decrease.
        let mut sources = [(0u8, 0u8); 16];
        let mut source_count = 0;
        for e in Holes(self.rules.target(seat) & empty) {
            sources[source_count] = (table[e.index()], e.index() as u8);
            source_count += 1;
        }
        let sources = &mut sources[..source_count];
        sources.sort_unstable();
        let mut queue = [0u8; HOLE_COUNT];
        let (mut head, mut tail, mut next_source) = (0, 0, 0);
        loop {
            let take_source = next_source < sources.len()
                && (head == tail || sources[next_source].0 <= value[queue[head] as usize]);
            let h = if take_source {
                let (v, h) = sources[next_source];
                next_source += 1;
                if value[h as usize] <= v {
                    continue;
                }
                value[h as usize] = v;
                h as usize
            } else if head < tail {
                head += 1;
                queue[head - 1] as usize
            } else {
                break;
            };
            let next = value[h] + 1;
            for n in Holes(TABLES_NEIGHBOURS[h]) {
                if value[n.index()] > next {
                    value[n.index()] = next;
                    // Occupied holes get a value (a piece there can step out) but do not pass
                    // the search on.
                    if empty & n.bit() != 0 {
                        queue[tail] = n.index() as u8;
                        tail += 1;
                    }
                }
            }
        }
        for (h, v) in value.iter_mut().enumerate() {
            if *v == u8::MAX {
                *v = table[h].saturating_add(DETOUR);
            }
        }
        value
    }
}

/// Neighbour masks of every hole.
static TABLES_NEIGHBOURS: [u128; HOLE_COUNT] = {
    let mut masks = [0u128; HOLE_COUNT];
    let mut i = 0;
    while i < HOLE_COUNT {
        masks[i] = starhalma_rules::board::neighbor_mask(i);
        i += 1;
    }
    masks
};

/// The weights of `Evaluator::cost`'s terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// The squares of the distances count 1/`straggle` (0: not at all).
    pub straggle: i32,
    /// Tenths of a step for each row between the front and the back marble beyond eight.
    pub spread: i32,
    /// Marbles outside the target at which the endgame measure takes over.
    pub endgame_pieces: u32,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        straggle: 2,
        spread: 4,
        endgame_pieces: 4,
    };
}
/// Charge for a piece walled off from every empty target hole.
const DETOUR: u8 = 6;

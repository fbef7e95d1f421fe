//! The literature's searches for three or more players, on the same evaluation and move generator
//! as Hard, as baselines to measure Hard against (docs/AI.md):
//! - max-n (Luckhardt and Irani) with shallow pruning (Korf): every player maximises its own
//!   share of a constant sum;
//! - Monte-Carlo tree search with max-n backups, progressive history and evaluation-cut
//!   playouts (Nijssen and Winands, "Enhancements for Multi-Player Monte-Carlo Tree Search").
//!
//! Paranoid search (every opponent against the root) is the alpha-beta searcher with its
//! opponents taking turns (`search.rs`).

use crate::eval::Evaluator;
use crate::{Budget, MctsKnobs, SplitMix, forward_moves, greedy_with};
use starhalma_rules::board::HOLE_COUNT;
use starhalma_rules::{Move, MoveList, State, Status};
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// Shares are in units of `SHARE`: a won game gives the winner all `SHARE`.
const SHARE: f64 = 1.0;

/// Every seat's share of the game from its evaluation: a softmax of the remaining costs, so the
/// shares add up to `SHARE` (shallow pruning needs a constant sum) and a step counts about as
/// much anywhere in the game. Finished games give the winner everything.
fn shares(eval: &Evaluator, state: &State, status: Status, players: u8) -> [f64; 6] {
    shares_at(
        eval,
        state,
        status,
        players,
        MctsKnobs::BASELINE.temperature,
    )
}

/// `shares` with a seat `temperature` steps behind the leader getting e times less.
fn shares_at(
    eval: &Evaluator,
    state: &State,
    status: Status,
    players: u8,
    temperature: u32,
) -> [f64; 6] {
    let mut out = [0.0; 6];
    match status {
        Status::Won { winner, .. } => {
            out[winner as usize] = SHARE;
            return out;
        }
        Status::Draw { .. } | Status::Ranked { .. } => {
            for share in out.iter_mut().take(players as usize) {
                *share = SHARE / players as f64;
            }
            return out;
        }
        Status::Ongoing => {}
    }
    let costs: Vec<f64> = (0..players).map(|s| eval.cost(state, s) as f64).collect();
    let least = costs.iter().copied().fold(f64::INFINITY, f64::min);
    let mut total = 0.0;
    for (s, &c) in costs.iter().enumerate() {
        // One step is 10 units of cost.
        out[s] = (-(c - least) / (10.0 * temperature as f64)).exp();
        total += out[s];
    }
    for share in out.iter_mut().take(players as usize) {
        *share *= SHARE / total;
    }
    out
}

/// The mover's moves, best by distance gained first, at most `beam` of them (all at the root).
fn ordered(eval: &Evaluator, state: &State, beam: usize, list: &mut MoveList) -> Vec<Move> {
    eval.rules().generate(state, list);
    let seat = state.active();
    let mut moves: Vec<(i32, Move)> = list
        .iter()
        .map(|&m| {
            let gain = if m.is_pass() {
                i32::MIN
            } else {
                eval.gain(seat, m.from, m.to) * 64 - eval.distance(seat, m.to)
            };
            (gain, m)
        })
        .collect();
    moves.sort_by_key(|&(g, _)| std::cmp::Reverse(g));
    moves.truncate(beam.max(1));
    moves.into_iter().map(|(_, m)| m).collect()
}

pub(crate) struct Outcome {
    pub best: Move,
    pub depth: u32,
    pub nodes: u64,
    /// The root player's score (alpha-beta only; the others report 0).
    pub score: i32,
}

/// Max-n with shallow pruning, by iterative deepening.
pub(crate) struct MaxN<'a> {
    eval: &'a Evaluator,
    beam: usize,
    players: u8,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: &'a AtomicBool,
    aborted: bool,
}

impl<'a> MaxN<'a> {
    pub(crate) fn new(
        eval: &'a Evaluator,
        beam: usize,
        budget: Budget,
        start: Instant,
        cancel: &'a AtomicBool,
    ) -> MaxN<'a> {
        MaxN {
            eval,
            beam,
            players: eval.rules().players(),
            nodes: 0,
            max_nodes: budget.max_nodes.max(1),
            deadline: budget.max_time.map(|t| start + t),
            cancel,
            aborted: false,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted
            && (self.nodes >= self.max_nodes
                || (self.nodes & 255 == 0
                    && (self.cancel.load(Ordering::Relaxed)
                        || self.deadline.is_some_and(|d| Instant::now() >= d))))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The shares after best play to `depth`; `bound` is the share the mover of the parent
    /// node already has (shallow pruning: once this node's mover can get `SHARE - bound`, the
    /// parent's mover cannot gain here).
    fn value(&mut self, state: &State, depth: u32, bound: f64) -> [f64; 6] {
        self.nodes += 1;
        let rules = self.eval.rules();
        let status = rules.status(state);
        if depth == 0 || status.is_over() || self.out_of_budget() {
            return shares(self.eval, state, status, self.players);
        }
        let mover = state.active() as usize;
        let mut list = MoveList::new();
        let moves = ordered(self.eval, state, self.beam, &mut list);
        let mut best = [f64::NEG_INFINITY; 6];
        for mv in moves {
            let mut next = *state;
            rules.apply(&mut next, mv);
            let v = self.value(&next, depth - 1, best[mover].max(0.0));
            if self.aborted {
                break;
            }
            if v[mover] > best[mover] {
                best = v;
            }
            if best[mover] >= SHARE - bound {
                break;
            }
        }
        if best[mover] == f64::NEG_INFINITY {
            return shares(self.eval, state, status, self.players);
        }
        best
    }

    pub(crate) fn search(&mut self, state: &State) -> Outcome {
        let rules = self.eval.rules();
        let mover = state.active() as usize;
        let mut list = MoveList::new();
        let mut moves = ordered(self.eval, state, usize::MAX, &mut list);
        let mut outcome = Outcome {
            best: moves[0],
            depth: 0,
            nodes: 0,
            score: 0,
        };
        for depth in 1..=64 {
            let mut best: Option<(f64, Move)> = None;
            let mut scored = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let mut next = *state;
                rules.apply(&mut next, mv);
                let v = self.value(&next, depth - 1, best.map_or(0.0, |(s, _)| s));
                if self.aborted {
                    break;
                }
                scored.push((v[mover], mv));
                if best.is_none_or(|(s, _)| v[mover] > s) {
                    best = Some((v[mover], mv));
                }
            }
            if self.aborted {
                // The previous best was searched first: a move that beat it still counts.
                if let Some((_, mv)) = best
                    && scored.len() > 1
                {
                    outcome.best = mv;
                }
                break;
            }
            let (_, mv) = best.expect("a root move");
            outcome.best = mv;
            outcome.depth = depth;
            // Next iteration: the best first, then by this iteration's shares.
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            moves = scored.into_iter().map(|(_, m)| m).collect();
        }
        outcome.nodes = self.nodes;
        outcome
    }
}

/// Monte-Carlo tree search with max-n backups, progressive history and playouts cut after a few
/// rounds and scored by the evaluation.
pub(crate) struct Mcts<'a> {
    eval: &'a Evaluator,
    beam: usize,
    players: u8,
    rng: SplitMix,
    nodes: Vec<Node>,
    /// Progressive history: per seat and (from, to), rewards summed and moves counted over
    /// every simulation.
    history: Vec<(f32, u32)>,
    list: MoveList,
    knobs: MctsKnobs,
}

struct Node {
    state: State,
    /// Children by ordering: (move, node index once expanded).
    children: Vec<(Move, Option<u32>)>,
    expanded: bool,
    visits: u32,
    /// Summed rewards of every seat.
    totals: [f64; 6],
}

/// Weight of progressive history.
const HISTORY_W: f64 = 5.0;

impl<'a> Mcts<'a> {
    pub(crate) fn new(eval: &'a Evaluator, beam: usize, knobs: MctsKnobs, seed: u64) -> Mcts<'a> {
        Mcts {
            eval,
            beam,
            players: eval.rules().players(),
            rng: SplitMix(seed),
            nodes: Vec::new(),
            history: vec![(0.0, 0); 6 * HOLE_COUNT * HOLE_COUNT],
            list: MoveList::new(),
            knobs,
        }
    }

    fn history_index(seat: u8, mv: Move) -> usize {
        (seat as usize * HOLE_COUNT + mv.from.index()) * HOLE_COUNT + mv.to.index()
    }

    fn node(&mut self, state: State) -> u32 {
        self.nodes.push(Node {
            state,
            children: Vec::new(),
            expanded: false,
            visits: 0,
            totals: [0.0; 6],
        });
        (self.nodes.len() - 1) as u32
    }

    fn expand(&mut self, index: u32) {
        let node = &self.nodes[index as usize];
        let state = node.state;
        let beam = match (index, self.knobs.root_beam) {
            (0, 0) => usize::MAX,
            (0, root) => root as usize,
            _ => self.beam,
        };
        let moves = ordered(self.eval, &state, beam, &mut self.list);
        let node = &mut self.nodes[index as usize];
        node.children = moves.into_iter().map(|m| (m, None)).collect();
        node.expanded = true;
    }

    /// The child to follow: unvisited ones first (in ordering order), then by UCT plus
    /// progressive history for the mover.
    fn select(&self, index: u32) -> usize {
        let node = &self.nodes[index as usize];
        let mover = node.state.active();
        let log_n = (node.visits.max(1) as f64).ln();
        let explore = self.knobs.explore as f64 / 100.0;
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, &(mv, child)) in node.children.iter().enumerate() {
            let Some(child) = child else {
                return i;
            };
            let c = &self.nodes[child as usize];
            let n = c.visits.max(1) as f64;
            let mean = c.totals[mover as usize] / n;
            let (sum, count) = if mv.is_pass() {
                (0.0, 0)
            } else {
                self.history[Self::history_index(mover, mv)]
            };
            let history = if count > 0 {
                sum as f64 / count as f64
            } else {
                0.0
            };
            let value = mean
                + explore * (log_n / n).sqrt()
                + history * HISTORY_W / (n * (1.0 - mean) + 1.0);
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// A playout from `state`: a few rounds of mostly greedy moves, then the evaluation's shares.
    fn playout(&mut self, mut state: State, moves: &mut Vec<(u8, Move)>) -> [f64; 6] {
        let rules = self.eval.rules();
        let temperature = self.knobs.temperature;
        for _ in 0..self.knobs.rounds * self.players as u32 {
            let status = rules.status(&state);
            if status.is_over() {
                return shares_at(self.eval, &state, status, self.players, temperature);
            }
            rules.generate(&state, &mut self.list);
            let seat = state.active();
            let mv = if self.rng.below(100) < self.knobs.random as usize {
                let forward = forward_moves(self.eval, seat, &self.list);
                if forward.is_empty() {
                    self.list[self.rng.below(self.list.len())]
                } else {
                    forward[self.rng.below(forward.len())]
                }
            } else {
                greedy_with(self.eval, seat, &self.list)
            };
            moves.push((seat, mv));
            rules.apply(&mut state, mv);
        }
        let status = rules.status(&state);
        shares_at(self.eval, &state, status, self.players, temperature)
    }

    pub(crate) fn search(
        &mut self,
        root: &State,
        budget: Budget,
        start: Instant,
        cancel: &AtomicBool,
    ) -> Outcome {
        self.nodes.clear();
        let rules = self.eval.rules();
        let root_index = self.node(*root);
        self.expand(root_index);
        let deadline = budget.max_time.map(|t| start + t);
        let mut simulations = 0u64;
        let mut path: Vec<u32> = Vec::new();
        let mut played: Vec<(u8, Move)> = Vec::new();
        while simulations < budget.max_nodes.max(1) {
            if simulations & 63 == 0
                && (cancel.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            simulations += 1;
            path.clear();
            played.clear();
            let mut at = root_index;
            path.push(at);
            // Selection and expansion of one new node.
            loop {
                let state = self.nodes[at as usize].state;
                if rules.status(&state).is_over() {
                    break;
                }
                if !self.nodes[at as usize].expanded {
                    self.expand(at);
                }
                let i = self.select(at);
                let (mv, child) = self.nodes[at as usize].children[i];
                played.push((state.active(), mv));
                match child {
                    Some(child) => {
                        at = child;
                        path.push(at);
                    }
                    None => {
                        let mut next = state;
                        rules.apply(&mut next, mv);
                        let child = self.node(next);
                        self.nodes[at as usize].children[i].1 = Some(child);
                        path.push(child);
                        at = child;
                        break;
                    }
                }
            }
            let leaf = self.nodes[at as usize].state;
            let rewards = self.playout(leaf, &mut played);
            for &index in &path {
                let node = &mut self.nodes[index as usize];
                node.visits += 1;
                for (total, r) in node.totals.iter_mut().zip(rewards) {
                    *total += r;
                }
            }
            for &(seat, mv) in &played {
                if !mv.is_pass() {
                    let h = &mut self.history[Self::history_index(seat, mv)];
                    h.0 += rewards[seat as usize] as f32;
                    h.1 += 1;
                }
            }
        }
        // The most visited move.
        let root_node = &self.nodes[root_index as usize];
        let best = root_node
            .children
            .iter()
            .max_by_key(|(_, child)| child.map_or(0, |c| self.nodes[c as usize].visits))
            .map(|&(mv, _)| mv)
            .expect("at least two root moves");
        Outcome {
            best,
            depth: 0,
            nodes: simulations,
            score: 0,
        }
    }
}

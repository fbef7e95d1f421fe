//! Alpha-beta search. Two players: iterative-deepening minimax with principal-variation search, a
//! Zobrist-keyed transposition table, history heuristic and forward-jump-first ordering. Three
//! or more players: best-reply search (Schadd and Winands), where all opponents together form
//! one minimizing layer in which only the single strongest reply is played.

use crate::Style;
use crate::eval::Evaluator;
use starhalma_rules::board::HOLE_COUNT;
use starhalma_rules::{Hole, Move, MoveKind, MoveList, State, Status};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use web_time::Instant;

pub(crate) const WIN: i32 = 1_000_000;
const INF: i32 = 2 * WIN;

/// Random keys for hashing positions.
pub(crate) struct Zobrist {
    pieces: [[u64; HOLE_COUNT]; 6],
    kings: [u64; HOLE_COUNT],
    /// Mixed in at nodes where the root player is not the one to move.
    reply_node: u64,
    /// Mixed in at every node of a search of the root's moves alone.
    solo: u64,
}

impl Zobrist {
    pub(crate) fn new() -> Zobrist {
        let mut rng = crate::SplitMix(0x5DEECE66D);
        let mut next = || rng.next_u64();
        let mut pieces = [[0; HOLE_COUNT]; 6];
        for seat in pieces.iter_mut() {
            for key in seat.iter_mut() {
                *key = next();
            }
        }
        let mut kings = [0; HOLE_COUNT];
        for key in kings.iter_mut() {
            *key = next();
        }
        Zobrist {
            pieces,
            kings,
            reply_node: next(),
            solo: next(),
        }
    }

    pub(crate) fn position(&self, state: &State) -> u64 {
        let pos = state.position();
        let mut h = 0;
        for seat in 0..6u8 {
            for hole in pos.holes_of(seat) {
                h ^= self.pieces[seat as usize][hole.index()];
            }
        }
        for hole in starhalma_rules::Holes(pos.kings()) {
            h ^= self.kings[hole.index()];
        }
        h
    }

    /// The change a move of `seat` makes to the position key (before the move is applied).
    fn delta(&self, state: &State, seat: u8, mv: Move) -> u64 {
        let (from, to) = (mv.from.index(), mv.to.index());
        let keys = &self.pieces[seat as usize];
        match mv.kind {
            MoveKind::Pass => 0,
            MoveKind::Step | MoveKind::Jump => {
                let mut d = keys[from] ^ keys[to];
                if state.position().is_king(mv.from) {
                    d ^= self.kings[from] ^ self.kings[to];
                }
                d
            }
            MoveKind::Swap => {
                let other = state.position().owner(mv.to).unwrap_or(seat);
                let theirs = &self.pieces[other as usize];
                keys[from] ^ keys[to] ^ theirs[from] ^ theirs[to]
            }
        }
    }
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    score: i32,
    depth: i8,
    bound: Bound,
    best: Option<Move>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// The transposition table, shared by the threads of a search (lazy SMP): each slot is two
/// atomic words, the key folded with the data and the data, so a slot torn by two writers reads
/// as a miss instead of as a wrong entry (Hyatt and Mann's lockless hashing). Relaxed atomics
/// are plain loads and stores on the targets we build for.
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

impl Table {
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = self.slot(key);
        let data = slot[1].load(Ordering::Relaxed);
        let stored = slot[0].load(Ordering::Relaxed) ^ data;
        (stored == key && key != 0).then(|| TtEntry::unpack(key, data))
    }

    fn store(&self, entry: TtEntry) {
        let slot = self.slot(entry.key);
        let old_data = slot[1].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ old_data;
        if old_key != entry.key || entry.depth >= TtEntry::unpack(old_key, old_data).depth {
            let data = entry.pack();
            slot[0].store(entry.key ^ data, Ordering::Relaxed);
            slot[1].store(data, Ordering::Relaxed);
        }
    }
}

impl TtEntry {
    /// Score in bits 0-31, depth 32-39, bound 40-41, move 42-59 (0: none).
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let mv = self.best.map_or(0u64, |m| {
            let kind = match m.kind {
                MoveKind::Step => 0u64,
                MoveKind::Jump => 1,
                MoveKind::Swap => 2,
                MoveKind::Pass => 3,
            };
            1 | kind << 1 | (m.from.index() as u64) << 3 | (m.to.index() as u64) << 10
        });
        (self.score as u32 as u64) | (self.depth as u8 as u64) << 32 | bound << 40 | mv << 42
    }

    fn unpack(key: u64, data: u64) -> TtEntry {
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let mv = (data >> 42) & 0x3_FFFF;
        let best = if mv & 1 == 0 {
            None
        } else {
            let from = Hole::from_index(((mv >> 3) & 127) as usize);
            let to = Hole::from_index(((mv >> 10) & 127) as usize);
            match (mv >> 1) & 3 {
                3 => Some(Move::PASS),
                kind => from.zip(to).map(|(from, to)| match kind {
                    0 => Move::step(from, to),
                    1 => Move::jump(from, to),
                    _ => Move::swap(from, to),
                }),
            }
        };
        TtEntry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8 as i8,
            bound,
            best,
        }
    }
}

/// Limits of one search.
#[derive(Clone, Copy)]
pub(crate) struct Limits<'a> {
    /// Iterative deepening starts here (a sliced plan resumes at the depth it has not finished).
    pub first_depth: u32,
    /// Searched first at the root: the best move of the depth before `first_depth`.
    pub first_move: Option<Move>,
    pub max_depth: u32,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// Positions at or past this ply are draws.
    pub draw_at_ply: Option<u32>,
    /// The no-progress draw, when the game is near it.
    pub quiet: Option<QuietWatch>,
    pub cancel: &'a AtomicBool,
}

/// The game's no-progress count at the root (`Rules::no_progress_plies`): a line that brings no
/// player below its lowest distance so far for the rest of the limit ends in a draw.
#[derive(Clone, Copy)]
pub(crate) struct QuietWatch {
    pub limit: u32,
    pub at_root: u32,
    pub best: [u32; 6],
}

pub(crate) struct SearchOutcome {
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// The search ended by itself (deepest depth, a forced result), not by a limit.
    pub complete: bool,
}

pub(crate) struct Searcher<'a> {
    eval: &'a Evaluator,
    style: Style,
    /// Moves tried at interior nodes (the best by ordering); the root tries every move.
    beam: usize,
    zobrist: &'a Zobrist,
    table: &'a Table,
    limits: Limits<'a>,
    root: u8,
    players: u8,
    /// Paranoid search: opponents move in turn, each against the root.
    paranoid: bool,
    /// The races have parted (`Evaluator::disengaged`): only the root's moves are searched.
    solo: bool,
    nodes: u64,
    aborted: bool,
    history: Vec<u32>,
    /// Plies without progress at each ply of the current line (with `Limits::quiet`).
    quiet_path: Vec<u32>,
    /// Two quiet refutations per ply (`Style::killers`).
    killers: Vec<[Move; 2]>,
    /// Scored move buffers, one per ply, reused so the search does not allocate.
    buffers: Vec<Vec<(i32, u8, Move)>>,
    list: MoveList,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        eval: &'a Evaluator,
        style: Style,
        zobrist: &'a Zobrist,
        table: &'a Table,
        limits: Limits<'a>,
        root: u8,
    ) -> Searcher<'a> {
        let players = eval.rules().players();
        Searcher {
            eval,
            style,
            beam: if players == 2 {
                style.beam
            } else {
                style.beam_multi
            },
            zobrist,
            table,
            limits,
            root,
            players,
            solo: false,
            paranoid: style.algorithm == crate::Algorithm::Paranoid && players > 2,
            nodes: 0,
            aborted: false,
            history: vec![0; HOLE_COUNT * HOLE_COUNT],
            quiet_path: Vec::new(),
            killers: Vec::new(),
            buffers: Vec::new(),
            list: MoveList::new(),
        }
    }

    /// Root's progress, less a share (`Style::opponent_share`) of its strongest opponent's.
    fn evaluate(&self, state: &State) -> i32 {
        let weights = self.style.weights;
        let mine = self.eval.cost_weighed(state, self.root, weights);
        let best_other = (0..self.players)
            .filter(|&s| s != self.root)
            .map(|s| self.eval.rival_cost(state, s, self.root, weights))
            .min()
            .unwrap_or(0);
        // From `fade_from` on, the opponent's weight falls by 4/5 over FADE_ROUNDS rounds.
        let fade = crate::FADE_ROUNDS as i32;
        let past = match self.style.fade_from {
            0 => 0,
            from => {
                let round = state.ply() / self.players as u32;
                (round.saturating_sub(from) as i32).min(fade)
            }
        };
        let share = self.style.opponent_share.max(1);
        best_other * (5 * fade - 4 * past) / (5 * fade * share) - mine
    }

    fn terminal(&self, status: Status, state: &State, ply: u32) -> i32 {
        match status {
            Status::Won { winner, .. } if winner == self.root => WIN - ply as i32,
            Status::Won { .. } => -WIN + ply as i32,
            Status::Draw { .. } => 0,
            // Ranked at the table's cap: the lead decides the places.
            _ => self.evaluate(state).signum() * (WIN / 2),
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.limits.max_nodes
            || (self.nodes & 255 == 0
                && (self.limits.cancel.load(Ordering::Relaxed)
                    || self.limits.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The best `keep` children of a node by ordering score, best first: (order score, mover,
    /// move). At a reply node of a game with more than two players, every opponent's moves
    /// (best-reply search).
    fn children(
        &mut self,
        state: &State,
        ply: usize,
        tt_move: Option<Move>,
        keep: usize,
    ) -> Vec<(i32, u8, Move)> {
        let mut buf = if ply < self.buffers.len() {
            std::mem::take(&mut self.buffers[ply])
        } else {
            Vec::with_capacity(256)
        };
        buf.clear();
        let killers = if self.style.killers {
            self.killers.get(ply).copied().unwrap_or([Move::PASS; 2])
        } else {
            [Move::PASS; 2]
        };
        let movers: &[u8] = if state.active() == self.root || self.players == 2 || self.paranoid {
            &[state.active()][..]
        } else {
            &[0, 1, 2, 3, 4, 5][..self.players as usize]
        };
        for &seat in movers {
            if seat == self.root && state.active() != self.root {
                continue;
            }
            let s = State::new(*state.position(), seat, state.ply());
            self.eval.rules().generate(&s, &mut self.list);
            for &mv in self.list.iter() {
                if mv.is_pass() && movers.len() > 1 {
                    continue;
                }
                let score = if Some(mv) == tt_move {
                    i32::MAX
                } else if killers.contains(&mv) && !mv.is_pass() {
                    i32::MAX - 1 - (killers[1] == mv) as i32
                } else if mv.is_pass() {
                    i32::MIN
                } else {
                    let history = self.history[mv.from.index() * HOLE_COUNT + mv.to.index()] as i32;
                    if self.style.rear_first {
                        // Among equal gains the rearmost marble first, as greedy does.
                        self.eval.gain(seat, mv.from, mv.to) * 65536
                            + self.eval.distance(seat, mv.from) * 1024
                            + history.min(1023)
                    } else {
                        self.eval.gain(seat, mv.from, mv.to) * 4096 + history.min(4095)
                    }
                };
                buf.push((score, seat, mv));
            }
        }
        if buf.is_empty() {
            // Every opponent is blocked: they all pass.
            buf.push((0, state.active(), Move::PASS));
        }
        // Only the beam is searched: select it, then order it (a full sort cost a sixth of the
        // search's time).
        let keep = keep.max(1);
        if buf.len() > keep {
            buf.select_nth_unstable_by_key(keep - 1, |&(score, _, _)| std::cmp::Reverse(score));
            buf.truncate(keep);
        }
        buf.sort_unstable_by_key(|&(score, _, _)| std::cmp::Reverse(score));
        buf
    }

    /// The state after `seat` plays `mv`, and the change to the position key; at reply nodes
    /// of a multi-player game the root moves next: best-reply search skips the other
    /// opponents, or with `Style::others_move` (BRS+, Esser et al. 2013) each of them plays
    /// its greediest move first, so that no opponent's race stands still in the search.
    fn child(&mut self, state: &State, seat: u8, mv: Move) -> (State, u64) {
        let mut delta = self.zobrist.delta(state, seat, mv);
        let mut s = if state.active() == seat {
            *state
        } else {
            State::new(*state.position(), seat, state.ply())
        };
        self.eval.rules().apply(&mut s, mv);
        let best_reply = self.players > 2 && seat != self.root && !self.paranoid;
        if best_reply && self.style.others_move {
            for other in (0..self.players).filter(|&o| o != seat && o != self.root) {
                let before = State::new(*s.position(), other, s.ply());
                self.eval.rules().generate(&before, &mut self.list);
                let greediest = crate::greedy_with(self.eval, other, &self.list);
                if !greediest.is_pass() {
                    delta ^= self.zobrist.delta(&before, other, greediest);
                    s = before;
                    self.eval.rules().apply(&mut s, greediest);
                }
            }
        }
        if best_reply || self.solo {
            s = State::new(*s.position(), self.root, s.ply());
        }
        (s, delta)
    }

    fn key(&self, pieces_key: u64, state: &State) -> u64 {
        let key = if self.solo {
            pieces_key ^ self.zobrist.solo
        } else {
            pieces_key
        };
        if state.active() == self.root {
            key
        } else if self.paranoid {
            // Which opponent is to move matters.
            key ^ self
                .zobrist
                .reply_node
                .rotate_left(state.active() as u32 * 9)
        } else {
            key ^ self.zobrist.reply_node
        }
    }

    fn alphabeta(
        &mut self,
        state: &State,
        pieces_key: u64,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let status = self.eval.rules().status(state);
        if status.is_over() {
            return self.terminal(status, state, ply);
        }
        if self
            .limits
            .draw_at_ply
            .is_some_and(|cap| state.ply() >= cap)
            || self.quiet_draw(ply)
        {
            return 0;
        }
        if depth == 0 {
            return self.leaf(state, ply);
        }
        let key = self.key(pieces_key, state);
        let entry = self.table.probe(key);
        if let Some(e) = entry
            && e.depth as u32 >= depth
        {
            match e.bound {
                Bound::Exact => return e.score,
                Bound::Lower if e.score >= beta => return e.score,
                Bound::Upper if e.score <= alpha => return e.score,
                _ => {}
            }
        }
        let maximizing = state.active() == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let beam = if !maximizing && self.players == 2 && self.style.reply_beam > 0 {
            self.style.reply_beam
        } else {
            self.beam
        };
        let children = self.children(state, ply as usize, entry.and_then(|e| e.best), beam);
        let reduce_after = match self.style.reduce_after {
            0 => usize::MAX,
            n if depth >= 3 => n,
            _ => usize::MAX,
        };
        let mut best = if maximizing { -INF } else { INF };
        let mut best_move = None;
        for (i, &(_, seat, mv)) in children.iter().enumerate() {
            let (next, delta) = self.child(state, seat, mv);
            self.note_quiet(ply, &next, seat);
            let next_key = pieces_key ^ delta;
            // Late moves: a shallower look first; searched in full only when it says the move
            // may be better than the best so far.
            if i >= reduce_after {
                let s = if maximizing {
                    self.alphabeta(&next, next_key, depth - 2, ply + 1, alpha, alpha + 1)
                } else {
                    self.alphabeta(&next, next_key, depth - 2, ply + 1, beta - 1, beta)
                };
                if self.aborted {
                    break;
                }
                if (maximizing && s <= alpha) || (!maximizing && s >= beta) {
                    continue;
                }
            }
            let score = if i == 0 {
                self.alphabeta(&next, next_key, depth - 1, ply + 1, alpha, beta)
            } else if maximizing {
                let s = self.alphabeta(&next, next_key, depth - 1, ply + 1, alpha, alpha + 1);
                if s > alpha && s < beta {
                    self.alphabeta(&next, next_key, depth - 1, ply + 1, s, beta)
                } else {
                    s
                }
            } else {
                let s = self.alphabeta(&next, next_key, depth - 1, ply + 1, beta - 1, beta);
                if s < beta && s > alpha {
                    self.alphabeta(&next, next_key, depth - 1, ply + 1, alpha, s)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            if (maximizing && score > best) || (!maximizing && score < best) {
                best = score;
                best_move = Some(mv);
            }
            if maximizing {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                if !mv.is_pass() {
                    self.history[mv.from.index() * HOLE_COUNT + mv.to.index()] += depth * depth;
                    if self.style.killers {
                        let ply = ply as usize;
                        if self.killers.len() <= ply {
                            self.killers.resize(ply + 1, [Move::PASS; 2]);
                        }
                        let slot = &mut self.killers[ply];
                        if slot[0] != mv {
                            *slot = [mv, slot[0]];
                        }
                    }
                }
                break;
            }
        }
        self.buffers_put(ply as usize, children);
        if self.aborted {
            return 0;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(TtEntry {
            key,
            score: best,
            depth: depth as i8,
            bound,
            best: best_move,
        });
        best
    }

    /// Records how long the line to `next` (at `ply + 1`, after `seat` moved) has gone without
    /// progress.
    fn note_quiet(&mut self, ply: u32, next: &State, seat: u8) {
        let Some(watch) = self.limits.quiet else {
            return;
        };
        let ply = ply as usize;
        if self.quiet_path.len() <= ply + 1 {
            self.quiet_path.resize(ply + 2, watch.at_root);
        }
        let closer = self.eval.rules().distance_to_go(next, seat) < watch.best[seat as usize];
        self.quiet_path[ply + 1] = if closer { 0 } else { self.quiet_path[ply] + 1 };
    }

    fn quiet_draw(&self, ply: u32) -> bool {
        self.limits.quiet.is_some_and(|watch| {
            self.quiet_path
                .get(ply as usize)
                .is_some_and(|&quiet| quiet >= watch.limit)
        })
    }

    /// A leaf's value. With `Style::leaf_moves`, the side to move plays the best of its
    /// strongest few moves by gain first: in a race the side to move is a move ahead, and
    /// without this the score swings with the depth's parity.
    fn leaf(&mut self, state: &State, ply: u32) -> i32 {
        if self.style.leaf_moves == 0 {
            return self.evaluate(state);
        }
        let maximizing = state.active() == self.root;
        let children = self.children(state, ply as usize, None, self.style.leaf_moves);
        let mut best = if maximizing { -INF } else { INF };
        for &(_, seat, mv) in children.iter() {
            if mv.is_pass() {
                continue;
            }
            let (next, _) = self.child(state, seat, mv);
            let status = self.eval.rules().status(&next);
            let score = if status.is_over() {
                self.terminal(status, &next, ply + 1)
            } else {
                self.evaluate(&next)
            };
            best = if maximizing {
                best.max(score)
            } else {
                best.min(score)
            };
        }
        self.buffers_put(ply as usize, children);
        if best.abs() == INF {
            self.evaluate(state)
        } else {
            best
        }
    }

    fn buffers_put(&mut self, ply: usize, buf: Vec<(i32, u8, Move)>) {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        self.buffers[ply] = buf;
    }

    /// Iterative deepening from the root; the best move of the deepest completed iteration.
    pub(crate) fn search(&mut self, state: &State) -> SearchOutcome {
        self.solo = self.style.solo && self.eval.disengaged(state, self.root);
        if let Some(watch) = self.limits.quiet {
            self.quiet_path = vec![watch.at_root];
        }
        let rules = self.eval.rules();
        let mut list = MoveList::new();
        rules.generate(state, &mut list);
        let mut root_moves: Vec<(i32, Move)> = list
            .iter()
            .map(|&mv| {
                let gain = if mv.is_pass() {
                    0
                } else {
                    self.eval.gain(self.root, mv.from, mv.to)
                };
                (gain, mv)
            })
            .collect();
        root_moves.sort_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        if let Some(first) = self.limits.first_move
            && let Some(i) = root_moves.iter().position(|&(_, m)| m == first)
        {
            let entry = root_moves.remove(i);
            root_moves.insert(0, entry);
        }
        let mut outcome = SearchOutcome {
            best: root_moves[0].1,
            score: 0,
            depth: 0,
            nodes: 0,
            complete: true,
        };
        if root_moves.len() == 1 {
            return outcome;
        }
        let key = self.zobrist.position(state);
        for depth in self.limits.first_depth.max(1)..=self.limits.max_depth {
            let mut alpha = -INF;
            let mut best = None;
            let mut scores = Vec::with_capacity(root_moves.len());
            for (i, &(_, mv)) in root_moves.iter().enumerate() {
                let (next, delta) = self.child(state, self.root, mv);
                self.note_quiet(0, &next, self.root);
                let next_key = key ^ delta;
                let score = if i == 0 {
                    self.alphabeta(&next, next_key, depth - 1, 1, -INF, INF)
                } else {
                    let s = self.alphabeta(&next, next_key, depth - 1, 1, alpha, alpha + 1);
                    if s > alpha && !self.aborted {
                        self.alphabeta(&next, next_key, depth - 1, 1, s, INF)
                    } else {
                        s
                    }
                };
                if self.aborted {
                    break;
                }
                scores.push((score, mv));
                if score > alpha || best.is_none() {
                    alpha = score;
                    best = Some((mv, score));
                }
            }
            if self.aborted {
                // A partial iteration still counts when, after the previous best (searched
                // first) was done, another move beat it at this depth.
                if let Some((mv, score)) = best
                    && mv != outcome.best
                {
                    outcome.best = mv;
                    outcome.score = score;
                }
                break;
            }
            let (mv, score) = best.expect("at least two root moves");
            outcome = SearchOutcome {
                best: mv,
                score,
                depth,
                nodes: self.nodes,
                complete: true,
            };
            if score.abs() >= WIN / 2 {
                break;
            }
            // Next iteration: best first, then by this iteration's scores.
            scores.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            root_moves = scores
                .iter()
                .map(|&(s, m)| (s, m))
                .chain(
                    root_moves
                        .iter()
                        .filter(|(_, m)| !scores.iter().any(|(_, s)| s == m))
                        .copied(),
                )
                .collect();
        }
        outcome.nodes = self.nodes;
        outcome.complete = !self.aborted;
        outcome
    }
}

//! starhalma-ai: computer opponents on top of `starhalma-rules`.
//!
//! [`Planner::plan`] picks a move for the active seat of a game at a [`Level`] within a
//! [`Budget`]. It never returns an illegal move (with no legal move it returns the pass), is
//! deterministic for a given seed when the node budget is what stops it, and can be cancelled from
//! another thread through an `AtomicBool`. It runs on wasm32 too (`web-time` supplies the clock).
//!
//! ```
//! use starhalma_ai::{Budget, Level, Planner};
//! use starhalma_rules::{Game, RuleSet, Variant};
//! let game = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap());
//! let mut planner = Planner::new(game.rules(), 7);
//! let plan = planner.plan(&game, Level::Medium, Budget::nodes(2_000));
//! assert!(game.legal_moves().contains(&plan.mv));
//! ```

mod eval;
mod search;

pub use eval::Evaluator;
use search::{Limits, Searcher, Table, Zobrist};
use starhalma_rules::{Game, Move, Rules};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

/// How strong the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// One move ahead, often taking a good-enough move instead of the best: beatable by
    /// beginners.
    Easy,
    /// A shallow search of its own move and the replies.
    Medium,
    /// Iterative deepening as far as the budget allows.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The one table of level names: shown to players as is, written to save files and read
    /// from the command line in any case (`easy`, `Medium`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

    /// The budget the game gives this level for one move.
    pub fn default_budget(self) -> Budget {
        match self {
            Level::Easy => Budget::nodes(1),
            Level::Medium => Budget::nodes(20_000),
            Level::Hard => Budget {
                max_nodes: 3_000_000,
                max_time: Some(Duration::from_millis(900)),
            },
        }
    }
}

/// Limits on one plan: nodes searched and, optionally, wall-clock time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub max_time: Option<Duration>,
}

impl Budget {
    /// A node budget only: the result is reproducible.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            max_time: None,
        }
    }
}

/// A planned move and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub mv: Move,
    /// Deepest completed search depth (0 for Easy and forced moves).
    pub depth: u32,
    pub nodes: u64,
    /// The root player's lead after the planned line, in tenths of a step.
    pub score: i32,
    pub elapsed: Duration,
}

/// A planner for one rule set and seating: keeps its evaluation tables and transposition table
/// between moves.
pub struct Planner {
    eval: Evaluator,
    zobrist: Zobrist,
    table: Table,
    seed: u64,
}

impl Planner {
    /// `seed` varies Easy's choices; the searches are deterministic.
    pub fn new(rules: &Rules, seed: u64) -> Planner {
        Planner {
            eval: Evaluator::new(rules),
            zobrist: Zobrist::new(),
            table: Table::new(if cfg!(target_arch = "wasm32") { 16 } else { 20 }),
            seed,
        }
    }

    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Plan a move for the active seat of `game`.
    pub fn plan(&mut self, game: &Game, level: Level, budget: Budget) -> Plan {
        self.plan_cancellable(game, level, budget, &AtomicBool::new(false))
    }

    /// Plan, stopping early (with the best move found so far) once `cancel` is set.
    pub fn plan_cancellable(
        &mut self,
        game: &Game,
        level: Level,
        budget: Budget,
        cancel: &AtomicBool,
    ) -> Plan {
        let start = Instant::now();
        let moves = game.legal_moves();
        let done = |mv, depth, nodes, score| Plan {
            mv,
            depth,
            nodes,
            score,
            elapsed: start.elapsed(),
        };
        match moves.as_slice() {
            [] => return done(Move::PASS, 0, 0, 0),
            [only] => return done(*only, 0, 0, 0),
            _ => {}
        }
        let seat = game.active();
        if level == Level::Easy {
            return done(self.easy(game, &moves), 0, moves.len() as u64, 0);
        }
        let (max_depth, beam) = search_shape(game, level);
        let limits = Limits {
            first_depth: 1,
            first_move: None,
            max_depth,
            max_nodes: budget.max_nodes.max(1),
            deadline: budget.max_time.map(|t| start + t),
            beam,
            cancel,
        };
        let mut searcher = Searcher::new(&self.eval, &self.zobrist, &mut self.table, limits, seat);
        let outcome = searcher.search(game.state());
        debug_assert!(moves.contains(&outcome.best));
        done(outcome.best, outcome.depth, outcome.nodes, outcome.score)
    }

    /// Begin a plan to be searched in slices (`step`), for a page that must keep drawing while
    /// the computer thinks (wasm has no threads). Each slice restarts iterative deepening with
    /// the transposition table still warm, so finished depths cost little and the search goes
    /// deeper slice by slice.
    pub fn start_sliced(&self, game: &Game, level: Level, budget: Budget) -> SlicedPlan {
        SlicedPlan {
            game: game.clone(),
            level,
            budget,
            started: Instant::now(),
            nodes: 0,
            best: None,
        }
    }

    /// Search one slice of at most `slice_nodes` nodes. Returns the plan once it is complete or
    /// the plan's budget (nodes or time) is spent; `None` while more slices are wanted.
    pub fn step(&mut self, plan: &mut SlicedPlan, slice_nodes: u64) -> Option<Plan> {
        let game = &plan.game;
        let moves = game.legal_moves();
        let finish = |mv, depth, nodes, score| Plan {
            mv,
            depth,
            nodes,
            score,
            elapsed: plan.started.elapsed(),
        };
        if moves.len() <= 1 || plan.level == Level::Easy {
            let mut whole = self.plan(game, plan.level, plan.budget);
            whole.elapsed = plan.started.elapsed();
            return Some(whole);
        }
        let remaining = plan.budget.max_nodes.saturating_sub(plan.nodes);
        let (max_depth, beam) = search_shape(game, plan.level);
        let cancel = AtomicBool::new(false);
        // Resume at the first depth not yet finished: finished depths are not searched again,
        // and the transposition table keeps what earlier slices found at this one.
        let limits = Limits {
            first_depth: plan.best.map_or(1, |(_, depth, _)| depth + 1),
            first_move: plan.best.map(|(mv, _, _)| mv),
            max_depth,
            max_nodes: slice_nodes.min(remaining).max(1),
            deadline: None,
            beam,
            cancel: &cancel,
        };
        let seat = game.active();
        let mut searcher = Searcher::new(&self.eval, &self.zobrist, &mut self.table, limits, seat);
        let outcome = searcher.search(game.state());
        plan.nodes += outcome.nodes.max(1);
        if outcome.depth > 0 && plan.best.is_none_or(|(_, depth, _)| outcome.depth >= depth) {
            plan.best = Some((outcome.best, outcome.depth, outcome.score));
        }
        let out_of_time = plan
            .budget
            .max_time
            .is_some_and(|t| plan.started.elapsed() >= t);
        if outcome.complete || plan.nodes >= plan.budget.max_nodes || out_of_time {
            let (mv, depth, score) = plan.best.unwrap_or((outcome.best, 0, outcome.score));
            return Some(finish(mv, depth, plan.nodes, score));
        }
        None
    }

    /// Easy: the greedy move (most distance gained) most of the time, otherwise a random
    /// forward move. Like greedy it has no endgame sense and can get stuck outside a crowded
    /// target, which is where beginners catch it.
    fn easy(&self, game: &Game, moves: &[Move]) -> Move {
        let seat = game.active();
        let mut rng = SplitMix(self.seed ^ (game.history().len() as u64).wrapping_mul(0x9E37));
        if rng.below(100) < EASY_LOOSE_PERCENT {
            let forward: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !m.is_pass() && self.eval.gain(seat, m.from, m.to) > 0)
                .collect();
            if !forward.is_empty() {
                return forward[rng.below(forward.len())];
            }
        }
        greedy_with(&self.eval, game, moves)
    }
}

/// A plan being searched slice by slice (`Planner::step`).
pub struct SlicedPlan {
    game: Game,
    level: Level,
    budget: Budget,
    started: Instant,
    nodes: u64,
    /// Best move of the deepest completed iteration so far, with that depth and score.
    best: Option<(Move, u32, i32)>,
}

/// Deepest depth and interior beam of a level's search.
fn search_shape(game: &Game, level: Level) -> (u32, usize) {
    match level {
        Level::Medium => (2, 12),
        _ if game.variant().players() == 2 => (32, 16),
        _ => (32, 10),
    }
}

/// The 1-ply greedy player used as the tournaments' yardstick: the move that gains the most
/// distance towards the target tip, the rearmost piece first among equals.
pub fn greedy(game: &Game) -> Move {
    let eval = Evaluator::new(game.rules());
    greedy_with(&eval, game, &game.legal_moves())
}

fn greedy_with(eval: &Evaluator, game: &Game, moves: &[Move]) -> Move {
    let seat = game.active();
    moves
        .iter()
        .copied()
        .max_by_key(|m| {
            if m.is_pass() {
                (i32::MIN, 0)
            } else {
                (eval.gain(seat, m.from, m.to), eval.distance(seat, m.from))
            }
        })
        .unwrap_or(Move::PASS)
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// A level name that is not one of Easy, Medium or Hard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}': use easy, medium or hard")]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let text = text.trim();
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

/// SplitMix64: small, seedable, the same on every platform. The one random number generator of
/// the project (search keys, Easy's choices, the CLI's openings and benchmarks).
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Share of Easy's moves that are a random forward move instead of the greedy one.
const EASY_LOOSE_PERCENT: usize = 40;

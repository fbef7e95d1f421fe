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
mod multi;
mod search;

pub use eval::{Evaluator, Weights};
use search::{Limits, QuietWatch, Searcher, Table, Zobrist};
use starhalma_rules::{Game, Move, MoveList, Rules, State};
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

    /// How this level searches (`None` for Easy, which does not search).
    pub fn style(self) -> Option<Style> {
        match self {
            Level::Easy => None,
            Level::Medium => Some(Style::MEDIUM),
            Level::Hard => Some(Style::HARD),
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

/// The search of a [`Style`]. With two players the alpha-beta ones are the same.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Alpha-beta; with three or more players best-reply search (Schadd and Winands): the
    /// opponents together make one layer in which only the strongest reply is played.
    BestReply,
    /// Alpha-beta with every opponent, in turn, playing against the root player.
    Paranoid,
    /// Max-n with shallow pruning: every player maximises its own share.
    MaxN,
    /// Monte-Carlo tree search, max-n backups, progressive history, evaluation-cut playouts.
    Mcts,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::BestReply => "brs",
            Algorithm::Paranoid => "paranoid",
            Algorithm::MaxN => "maxn",
            Algorithm::Mcts => "mcts",
        }
    }
}

/// How a searching computer player searches and weighs: every knob a match can vary
/// (`starhalma-cli tournament --seats hard:beam=24,hard`; docs/AI.md says what each is worth).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Style {
    pub algorithm: Algorithm,
    /// Deepest iteration of iterative deepening.
    pub max_depth: u32,
    /// Moves tried at interior nodes at 2 players, the best by ordering (the root tries all).
    pub beam: usize,
    /// Moves tried at the opponent's interior nodes at 2 players (0: `beam`): the game is a
    /// race, so the search may look deeper into its own moves than into the replies.
    pub reply_beam: usize,
    /// Moves tried at interior nodes at 3 or more players (best-reply search: every opponent's
    /// moves compete).
    pub beam_multi: usize,
    /// The strongest opponent's remaining way counts 1/`opponent_share` in the evaluation. A
    /// race is won by the difference, so Hard weighs it fully (1). Hard v1 counted a fifth: the
    /// full weight makes both sides spend moves on blocking (48.5 moves a side in Hard against
    /// Hard, 38.6 against Hard v1), but it wins the race more often (docs/AI.md).
    pub opponent_share: i32,
    /// Two killer moves a ply, tried after the transposition table's move.
    pub killers: bool,
    /// At a leaf the side to move plays the best of this many of its moves (0: static).
    pub leaf_moves: usize,
    /// Once the races have parted, search the player's own moves alone, as deep again.
    pub solo: bool,
    /// The evaluation's weights.
    pub weights: Weights,
    /// Order moves of equal gain rearmost marble first (else by history alone).
    pub rear_first: bool,
    /// Moves after this many at a node 3 or more plies from the horizon are looked at a ply
    /// shallower first (0: never).
    pub reduce_after: usize,
    /// From this round on (every player's move counts once; 0: never) the opponent's weight
    /// falls, over `FADE_ROUNDS` rounds, to a fifth of its share: late in a long game a race
    /// is won by finishing, not by keeping the opponent's last marbles walled in at home,
    /// which only draws at the benchmark's 240-ply cap (three of 20 CCERL games against
    /// tt-pvs did) or at the no-progress count. Tied to the game's clock rather than to the
    /// root's progress, so that bringing a marble home never lowers the score.
    pub fade_from: u32,
    /// Best-reply search at 3 or more players: the opponents that do not reply play their
    /// greediest move (BRS+) instead of passing.
    pub others_move: bool,
    /// Monte-Carlo tree search's own knobs.
    pub mcts: MctsKnobs,
}

/// Knobs of [`Algorithm::Mcts`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MctsKnobs {
    /// Rounds a playout plays before the evaluation scores it.
    pub rounds: u32,
    /// UCT's exploration constant, in hundredths.
    pub explore: u32,
    /// Percent of playout moves chosen at random among the forward ones.
    pub random: u32,
    /// Steps behind the leader at which a seat's share is e times smaller.
    pub temperature: u32,
    /// Moves tried at the root, the best by ordering (0: all).
    pub root_beam: u32,
}

impl MctsKnobs {
    /// Nijssen and Winands' form, as the `mcts` baseline plays.
    pub const BASELINE: MctsKnobs = MctsKnobs {
        rounds: 2,
        explore: 20,
        random: 20,
        temperature: 6,
        root_beam: 0,
    };
}

/// Rounds over which `Style::fade_from` brings the opponent's weight down to a fifth.
pub const FADE_ROUNDS: u32 = 20;

impl Style {
    /// Hard as it played before issue 48 (stop 46): kept as the yardstick of every change.
    pub const HARD_V1: Style = Style {
        algorithm: Algorithm::BestReply,
        max_depth: 32,
        beam: 16,
        reply_beam: 0,
        beam_multi: 10,
        opponent_share: 5,
        killers: false,
        leaf_moves: 0,
        reduce_after: 0,
        fade_from: 0,
        others_move: false,
        mcts: MctsKnobs::BASELINE,
        solo: false,
        weights: Weights::DEFAULT,
        rear_first: false,
    };

    /// Hard: Hard v1 weighing the opponent's progress as much as its own (a race is won by the
    /// difference), with killer moves, until late in the game. Against Hard v1, 100,000 nodes
    /// a move, laws: the opponent's full weight scored 75.5% over 200 games with five replies;
    /// with it, five replies lost to eight (66%) and eight to twelve or all sixteen (57%):
    /// docs/AI.md.
    /// From round 60 the opponent's weight fades (`fade_from`): against the CCERL bot tt-pvs,
    /// three of 20 games that Hard led were drawn at the 240-ply cap with the bot's last
    /// marbles walled in at home; with the fade, 20 of 20 were won, and against Hard without
    /// it the fade scored 50% over 200 laws games.
    pub const HARD: Style = Style {
        killers: true,
        opponent_share: 1,
        fade_from: 60,
        ..Style::HARD_V1
    };

    /// Medium: its own move, the replies and its next move, the six best by ordering at each
    /// node. Depth 2 with 12 moves stood 172 to 245 Elo above Easy over three round robins,
    /// short of the 200 a level apart the levels are held to half the time; depth 3 stands 419
    /// above Easy and 449 below Hard (docs/AI.md, "The levels").
    pub const MEDIUM: Style = Style {
        max_depth: 3,
        beam: 6,
        beam_multi: 6,
        ..Style::HARD_V1
    };

    /// Set one knob by name from its value in text: `algo` (brs, paranoid, maxn or mcts),
    /// `beam`, `reply`, `beam_multi`, `share`, `killers`, `leaf`, `reduce`, `plus`, `fade`,
    /// `solo`, `rear`, `straggle`, `spread`, `endgame`, `depth`, and MCTS's `rounds`,
    /// `explore`, `random`, `temp` and `root` (`MctsKnobs`).
    pub fn set(&mut self, knob: &str, value: &str) -> Result<(), StyleError> {
        let bad = || StyleError::BadValue(knob.to_string(), value.to_string());
        let number = |v: &str| v.trim().parse::<usize>().map_err(|_| bad());
        match knob.trim() {
            "beam" => self.beam = number(value)?.max(1),
            "beam_multi" => self.beam_multi = number(value)?.max(1),
            "reply" => self.reply_beam = number(value)?,
            "share" => self.opponent_share = number(value)?.clamp(1, 1000) as i32,
            "killers" => self.killers = number(value)? != 0,
            "leaf" => self.leaf_moves = number(value)?,
            "reduce" => self.reduce_after = number(value)?,
            "plus" => self.others_move = number(value)? != 0,
            "fade" => self.fade_from = number(value)?.min(100_000) as u32,
            "solo" => self.solo = number(value)? != 0,
            "rounds" => self.mcts.rounds = number(value)?.min(100) as u32,
            "explore" => self.mcts.explore = number(value)?.min(10_000) as u32,
            "random" => self.mcts.random = number(value)?.min(100) as u32,
            "temp" => self.mcts.temperature = number(value)?.clamp(1, 100) as u32,
            "root" => self.mcts.root_beam = number(value)?.min(10_000) as u32,
            "rear" => self.rear_first = number(value)? != 0,
            "straggle" => self.weights.straggle = number(value)?.min(1000) as i32,
            "spread" => self.weights.spread = number(value)?.min(1000) as i32,
            "endgame" => self.weights.endgame_pieces = number(value)?.min(15) as u32,
            "depth" => self.max_depth = number(value)?.clamp(1, 64) as u32,
            "algo" => {
                self.algorithm = [
                    Algorithm::BestReply,
                    Algorithm::Paranoid,
                    Algorithm::MaxN,
                    Algorithm::Mcts,
                ]
                .into_iter()
                .find(|a| a.name() == value.trim())
                .ok_or_else(bad)?
            }
            other => return Err(StyleError::UnknownKnob(other.to_string())),
        }
        Ok(())
    }
}

/// A knob of [`Style::set`] that does not exist or a value it cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StyleError {
    #[error(
        "unknown knob '{0}': use algo, beam, reply, beam_multi, share, killers, leaf, reduce, plus, fade, solo, rear, straggle, spread, endgame, depth, or for mcts rounds, explore, random, temp, root"
    )]
    UnknownKnob(String),
    #[error("'{1}' is not a value for {0}: give a whole number (algo: brs, paranoid, maxn, mcts)")]
    BadValue(String, String),
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

    /// This budget with a time limit too.
    pub fn with_time(self, time: Duration) -> Budget {
        Budget {
            max_time: Some(time),
            ..self
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

impl Plan {
    /// The plan when there is nothing to choose: the only move, or the pass when there is none.
    fn forced(moves: &[Move], start: Instant) -> Option<Plan> {
        (moves.len() <= 1).then(|| Plan {
            mv: moves.first().copied().unwrap_or(Move::PASS),
            depth: 0,
            nodes: 0,
            score: 0,
            elapsed: start.elapsed(),
        })
    }
}

/// A planner for one rule set and seating: keeps its evaluation tables and transposition table
/// between moves.
pub struct Planner {
    eval: Evaluator,
    zobrist: Zobrist,
    table: Table,
    seed: u64,
    /// Positions at or past this ply count as draws (a referee's cap the rules do not know).
    draw_at_ply: Option<u32>,
    /// Threads of an alpha-beta search (1 on the web, which has none).
    threads: usize,
}

impl Planner {
    /// `seed` varies Easy's choices; the searches are deterministic.
    pub fn new(rules: &Rules, seed: u64) -> Planner {
        Planner {
            eval: Evaluator::new(rules),
            zobrist: Zobrist::new(),
            table: Table::new(if cfg!(target_arch = "wasm32") { 16 } else { 20 }),
            seed,
            draw_at_ply: None,
            threads: 1,
        }
    }

    /// Search on `threads` threads (lazy SMP; the main one is the caller's). Results then vary
    /// from run to run. On wasm32 it stays 1.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, 64)
        };
    }

    /// Count positions at or past `ply` as draws in the search (the CCERL referee's 240-ply
    /// cap), so that the planner hurries a won race and does not count on a win beyond it.
    pub fn set_draw_at_ply(&mut self, ply: Option<u32>) {
        self.draw_at_ply = ply;
    }

    /// Plan for the active seat of `state` under the planner's own rules (which may be rules
    /// no [`Game`] is played under, such as [`Rules::ccerl`]).
    pub fn plan_state(&mut self, state: &State, style: Style, budget: Budget) -> Plan {
        let start = Instant::now();
        let mut moves = MoveList::new();
        self.eval.rules().generate(state, &mut moves);
        if let Some(plan) = Plan::forced(&moves, start) {
            return plan;
        }
        self.search(state, None, style, budget, &AtomicBool::new(false), start)
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
        if let Some(plan) = Plan::forced(&moves, start) {
            return plan;
        }
        let Some(style) = level.style() else {
            return Plan {
                mv: self.easy(game, &moves),
                depth: 0,
                nodes: moves.len() as u64,
                score: 0,
                elapsed: start.elapsed(),
            };
        };
        self.search(
            game.state(),
            quiet_watch(game),
            style,
            budget,
            cancel,
            start,
        )
    }

    /// Plan with a given search style (tournaments compare styles).
    pub fn plan_with(&mut self, game: &Game, style: Style, budget: Budget) -> Plan {
        let start = Instant::now();
        if let Some(plan) = Plan::forced(&game.legal_moves(), start) {
            return plan;
        }
        let cancel = AtomicBool::new(false);
        self.search(
            game.state(),
            quiet_watch(game),
            style,
            budget,
            &cancel,
            start,
        )
    }

    fn search(
        &mut self,
        state: &State,
        quiet: Option<QuietWatch>,
        style: Style,
        budget: Budget,
        cancel: &AtomicBool,
        start: Instant,
    ) -> Plan {
        let limits = Limits {
            first_depth: 1,
            first_move: None,
            max_depth: style.max_depth,
            max_nodes: budget.max_nodes.max(1),
            deadline: budget.max_time.map(|t| start + t),
            draw_at_ply: self.draw_at_ply,
            quiet,
            cancel,
        };
        let seat = state.active();
        let players = self.eval.rules().players();
        let beam = if players == 2 {
            style.beam
        } else {
            style.beam_multi
        };
        let outcome = match style.algorithm {
            Algorithm::MaxN => {
                multi::MaxN::new(&self.eval, beam, budget, start, cancel).search(state)
            }
            Algorithm::Mcts => {
                let seed = self.seed ^ (state.ply() as u64).wrapping_mul(0x9E37_79B9);
                multi::Mcts::new(&self.eval, beam, style.mcts, seed)
                    .search(state, budget, start, cancel)
            }
            Algorithm::BestReply | Algorithm::Paranoid => {
                let (eval, zobrist, table) = (&self.eval, &self.zobrist, &self.table);
                let helpers = self.threads.saturating_sub(1);
                let stop = AtomicBool::new(false);
                let main = || {
                    let mut searcher = Searcher::new(eval, style, zobrist, table, limits, seat);
                    let outcome = searcher.search(state);
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    outcome
                };
                let (outcome, helper_nodes) = if helpers == 0 {
                    (main(), 0)
                } else {
                    // Lazy SMP: helpers search the same position on the shared table, every
                    // other one a depth ahead, until the main search ends; only the main
                    // search's answer is played.
                    std::thread::scope(|scope| {
                        let stop = &stop;
                        let workers: Vec<_> = (1..=helpers)
                            .map(|helper| {
                                let limits = Limits {
                                    first_depth: 1 + (helper % 2) as u32,
                                    max_nodes: u64::MAX,
                                    cancel: stop,
                                    ..limits
                                };
                                scope.spawn(move || {
                                    Searcher::new(eval, style, zobrist, table, limits, seat)
                                        .search(state)
                                        .nodes
                                })
                            })
                            .collect();
                        let outcome = main();
                        let nodes = workers.into_iter().map(|w| w.join().unwrap_or(0)).sum();
                        (outcome, nodes)
                    })
                };
                multi::Outcome {
                    best: outcome.best,
                    depth: outcome.depth,
                    nodes: outcome.nodes + helper_nodes,
                    score: outcome.score,
                }
            }
        };
        Plan {
            mv: outcome.best,
            depth: outcome.depth,
            nodes: outcome.nodes,
            score: outcome.score,
            elapsed: start.elapsed(),
        }
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
        let Some(style) = plan.level.style().filter(|_| moves.len() > 1) else {
            let mut whole = self.plan(game, plan.level, plan.budget);
            whole.elapsed = plan.started.elapsed();
            return Some(whole);
        };
        let remaining = plan.budget.max_nodes.saturating_sub(plan.nodes);
        let cancel = AtomicBool::new(false);
        // Resume at the first depth not yet finished: finished depths are not searched again,
        // and the transposition table keeps what earlier slices found at this one.
        let limits = Limits {
            first_depth: plan.best.map_or(1, |(_, depth, _)| depth + 1),
            first_move: plan.best.map(|(mv, _, _)| mv),
            max_depth: style.max_depth,
            max_nodes: slice_nodes.min(remaining).max(1),
            deadline: None,
            draw_at_ply: self.draw_at_ply,
            quiet: quiet_watch(game),
            cancel: &cancel,
        };
        let seat = game.active();
        let mut searcher =
            Searcher::new(&self.eval, style, &self.zobrist, &self.table, limits, seat);
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
            let forward = forward_moves(&self.eval, seat, moves);
            if !forward.is_empty() {
                return forward[rng.below(forward.len())];
            }
        }
        greedy_with(&self.eval, seat, moves)
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

/// The no-progress draw as the search should see it: only when the game is within a search's
/// reach of it (elsewhere the check would cost every node a distance sum for nothing).
fn quiet_watch(game: &Game) -> Option<QuietWatch> {
    let limit = game.rules().no_progress_plies()?;
    let progress = game.progress();
    (progress.quiet_plies + WATCH_PLIES >= limit).then_some(QuietWatch {
        limit,
        at_root: progress.quiet_plies,
        best: progress.best,
    })
}

/// How near the no-progress draw the search starts to watch for it: deeper than any line Hard
/// reaches in its time.
const WATCH_PLIES: u32 = 24;

/// A spoiler, for testing that every game ends: it never moves the marble on its own home
/// tip (with two players in opposite camps, the deepest hole of its opponent's target) and
/// otherwise plays like greedy, shuffling once nothing else goes forward.
pub fn spoiler(game: &Game) -> Move {
    let seat = game.active();
    let parked = starhalma_rules::board::camp_tip(game.variant().camp_of(seat));
    let eval = Evaluator::new(game.rules());
    let moves: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.is_pass() || m.from != parked)
        .collect();
    if moves.is_empty() {
        // Only the parked marble can move: it must.
        return greedy_with(&eval, seat, &game.legal_moves());
    }
    greedy_with(&eval, seat, &moves)
}

/// The 1-ply greedy player used as the tournaments' yardstick: the move that gains the most
/// distance towards the target tip, the rearmost piece first among equals.
pub fn greedy(game: &Game) -> Move {
    let eval = Evaluator::new(game.rules());
    greedy_with(&eval, game.active(), &game.legal_moves())
}

/// Greedy's choice for `seat` among `moves`: the most distance gained, the rearmost marble first
/// among equals (the pass only when alone).
pub(crate) fn greedy_with(eval: &Evaluator, seat: u8, moves: &[Move]) -> Move {
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

/// The moves of `seat` that gain distance.
pub(crate) fn forward_moves(eval: &Evaluator, seat: u8, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|m| !m.is_pass() && eval.gain(seat, m.from, m.to) > 0)
        .collect()
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
const EASY_LOOSE_PERCENT: usize = 75;

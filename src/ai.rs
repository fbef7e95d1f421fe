//! The computer's turns: planning on the async compute pool with a clone of the game, so frames
//! keep running; the result comes back as an ordinary `MoveRequest`. On the web, where the task
//! pools share the page's one thread with drawing, the same plan is searched in slices, a few
//! milliseconds each frame.
//!
//! The plan under way is this plugin's alone: it drops it itself when the game is reset, a
//! command is applied, a past position is shown or the match leaves the screen.
//!
//! Hints are planned the same way (Medium's move for the person to move, on a planner of their
//! own) and come back as the selection's [`Choice::Hint`].

use crate::core::{
    CommandApplied, GameReset, Match, MoveRequest, MoveSource, SeatKind, ViewChanged, Viewing,
};
use crate::frame::{Animating, Frame, OnScreen};
use crate::rest::{Awake, KeepAwake, WakeSignal};
use crate::selection::Choice;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use starhalma_ai::{Budget, Level, Planner, SlicedPlan};
use starhalma_rules::{Game, Move};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A computer move is shown as "thinking" for at least this long, so people can follow it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ComputerPace {
    pub minimum_think: Duration,
}

impl Default for ComputerPace {
    fn default() -> Self {
        ComputerPace {
            minimum_think: Duration::from_millis(350),
        }
    }
}

/// How the computer plans.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanningMode {
    /// On the async compute pool (a thread of its own on the desktop).
    Background,
    /// In slices of about `per_frame` each frame, on the main thread (the web build).
    Sliced { per_frame: Duration },
}

impl Default for PlanningMode {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            PlanningMode::Sliced {
                per_frame: Duration::from_millis(12),
            }
        } else {
            PlanningMode::Background
        }
    }
}

/// Ask for a hint: the move Medium would play for the person to move, shown as a preview.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct HintRequest;

/// No hint can be given (nobody here is to move, or passing is all that is left).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct NoHint;

/// The hint's search: Medium with a fixed node budget on a fresh planner of its own seed, so
/// the same position always gets the same hint.
pub fn hint_planner(game: &Game) -> (Planner, Level, Budget) {
    (
        Planner::new(game.rules(), 7),
        Level::Medium,
        Budget::nodes(50_000),
    )
}

enum Work {
    Background {
        /// Kept to be dropped with the job (which cancels it).
        _task: Task<()>,
        cancel: Arc<AtomicBool>,
        /// The move, once found: set before the task wakes the app, so the frame it wakes
        /// finds it.
        found: Arc<Mutex<Option<Move>>>,
    },
    Sliced {
        plan: Box<SlicedPlan>,
        /// Nodes per slice, adapted so a slice takes about the frame's share.
        slice_nodes: u64,
    },
}

/// A plan under way: the computer's move or a hint.
struct Job {
    work: Work,
    planner: Arc<Mutex<Planner>>,
    /// The game's length when planning began: a result for another position is dropped.
    ply: usize,
    started: Duration,
    result: Option<Move>,
}

impl Job {
    /// Start planning `game` on `planner`, on a thread of the pool or in slices.
    fn start(
        planner: Arc<Mutex<Planner>>,
        game: &Game,
        level: Level,
        budget: Budget,
        mode: PlanningMode,
        (now, wake): (Duration, &WakeSignal),
    ) -> Job {
        let ply = game.history().len();
        let work = match mode {
            PlanningMode::Background => {
                let cancel = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&cancel);
                let planner = Arc::clone(&planner);
                let game = game.clone();
                let wake = wake.clone();
                let found = Arc::new(Mutex::new(None));
                let slot = Arc::clone(&found);
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    let mut planner = planner
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    // Hard plays against the clock, so it takes the cores the frame leaves;
                    // the other levels' node-budgeted plans stay the same on any machine.
                    planner.set_threads(if level == Level::Hard {
                        hard_threads()
                    } else {
                        1
                    });
                    let mv = planner.plan_cancellable(&game, level, budget, &flag).mv;
                    drop(planner);
                    *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(mv);
                    // The app rests while the plan is made on this thread: wake it to show the
                    // move.
                    wake.wake();
                });
                Work::Background {
                    _task: task,
                    cancel,
                    found,
                }
            }
            PlanningMode::Sliced { .. } => {
                let locked = planner
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                // Slices get only part of each frame: the wall-clock limit is doubled so the
                // search gets about as much work done as on a thread of its own.
                let budget = Budget {
                    max_nodes: budget.max_nodes,
                    max_time: budget.max_time.map(|t| t * 2),
                };
                Work::Sliced {
                    plan: Box::new(locked.start_sliced(game, level, budget)),
                    // Small to start with; each slice's time sizes the next.
                    slice_nodes: 500,
                }
            }
        };
        Job {
            work,
            planner,
            ply,
            started: now,
            result: None,
        }
    }

    /// Work on the plan (a slice's share of this frame, or a look at the task); the move once
    /// it is found.
    fn advance(&mut self, mode: PlanningMode, stats: &mut PlanningStats) -> Option<Move> {
        if self.result.is_some() {
            return self.result;
        }
        match &mut self.work {
            Work::Background { found, .. } => {
                self.result = found
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .take();
            }
            Work::Sliced { plan, slice_nodes } => {
                let PlanningMode::Sliced { per_frame } = mode else {
                    return None;
                };
                let mut planner = self
                    .planner
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                // Slices until this frame's share is used, each sized to take about half of it.
                let frame_start = Instant::now();
                while self.result.is_none() && frame_start.elapsed() < per_frame {
                    let began = Instant::now();
                    self.result = planner.step(plan, *slice_nodes).map(|p| p.mv);
                    let took = began.elapsed();
                    if took > stats.longest_slice {
                        stats.longest_slice = took;
                    }
                    let ratio = per_frame.as_secs_f64() / 2.0 / took.as_secs_f64().max(1e-5);
                    let next = (*slice_nodes as f64 * ratio.clamp(0.5, 2.0)) as u64;
                    *slice_nodes = next.clamp(200, 500_000);
                }
                let share = frame_start.elapsed();
                if share > stats.longest_frame_share {
                    stats.longest_frame_share = share;
                }
            }
        }
        self.result
    }

    /// Whether the plan needs the app's frames: slices are planned a frame at a time, and a
    /// move found may wait for the computer's pace; a plan on a thread wakes the app itself.
    fn needs_frames(&self) -> bool {
        match self.work {
            Work::Sliced { .. } => true,
            Work::Background { .. } => self.result.is_some(),
        }
    }

    /// Stop the plan (dropping the task cancels it; the flag stops a search already running).
    fn cancel(self) {
        if let Work::Background { cancel, .. } = self.work {
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// The planner (kept between moves for its tables), the computer's plan under way and the hint
/// under way.
#[derive(Resource, Default)]
struct Thinker {
    planner: Option<Arc<Mutex<Planner>>>,
    job: Option<Job>,
    hint: Option<Job>,
}

/// Whether the computer is planning a move now (the HUD's "thinking...").
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ComputerThinking(pub bool);

/// How long sliced planning (the web build) held the main thread at worst.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlanningStats {
    /// The longest single slice so far.
    pub longest_slice: Duration,
    /// The most planning time one frame has spent (the web build's worst frame cost of
    /// thinking).
    pub longest_frame_share: Duration,
}

impl Thinker {
    /// Stop and forget the plans under way.
    fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        if let Some(job) = self.hint.take() {
            job.cancel();
        }
    }
}

/// Threads for Hard's search on the desktop: every core but one, which the frame keeps.
fn hard_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |cores| cores.get().saturating_sub(1))
        .max(1)
}

/// A new game, undo or load: drop the plans and start a fresh planner for the new rules.
fn reset_thinker(mut thinker: ResMut<Thinker>, state: Res<Match>) {
    thinker.cancel();
    thinker.planner = Some(Arc::new(Mutex::new(Planner::new(state.game.rules(), 1))));
}

/// A command (a resignation), a past position shown, or the match off screen: the plans under
/// way are for a game that is not being played now.
fn drop_plan(mut thinker: ResMut<Thinker>) {
    thinker.cancel();
}

/// The past is shown, or the match left the screen.
fn play_paused(viewing: Res<Viewing>, on_screen: Res<OnScreen>) -> bool {
    (viewing.is_changed() && !viewing.is_live()) || (on_screen.is_changed() && !on_screen.0)
}

fn publish_thinking(
    thinker: Res<Thinker>,
    mut thinking: ResMut<ComputerThinking>,
    mut keep: ResMut<KeepAwake>,
) {
    thinking.set_if_neq(ComputerThinking(thinker.job.is_some()));
    let needs_frames = [&thinker.job, &thinker.hint]
        .into_iter()
        .flatten()
        .any(Job::needs_frames);
    keep.hold(Awake::Computer, needs_frames);
}

fn start_planning(
    state: Res<Match>,
    animating: Res<Animating>,
    (time, wake): (Res<Time<Real>>, Res<WakeSignal>),
    mode: Res<PlanningMode>,
    viewing: Res<Viewing>,
    on_screen: Res<OnScreen>,
    mut thinker: ResMut<Thinker>,
) {
    // While a past position is shown (or the menu) the computer waits, so the live game does
    // not move on unseen.
    if thinker.job.is_some()
        || animating.0
        || state.game.is_over()
        || !viewing.is_live()
        || !on_screen.0
    {
        return;
    }
    let SeatKind::Computer(level) = state.seat_kind(state.game.active()) else {
        return;
    };
    let Some(planner) = thinker.planner.clone() else {
        return;
    };
    thinker.job = Some(Job::start(
        planner,
        &state.game,
        level,
        level.default_budget(),
        *mode,
        (time.elapsed(), &wake),
    ));
}

fn finish_planning(
    state: Res<Match>,
    time: Res<Time<Real>>,
    pace: Res<ComputerPace>,
    mode: Res<PlanningMode>,
    mut thinker: ResMut<Thinker>,
    mut stats: ResMut<PlanningStats>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let Some(job) = thinker.job.as_mut() else {
        return;
    };
    let Some(mv) = job.advance(*mode, &mut stats) else {
        return;
    };
    if job.ply != state.game.history().len() {
        // The game moved on (undo, new game): the plan is for another position.
        thinker.job = None;
        return;
    }
    if time.elapsed() - job.started < pace.minimum_think {
        return;
    }
    thinker.job = None;
    requests.write(MoveRequest::new(mv, MoveSource::Computer));
}

/// A hint asked for: planned for the person to move, or refused at once when nobody here is to
/// move.
fn start_hint(
    mut asked: MessageReader<HintRequest>,
    state: Res<Match>,
    (time, wake): (Res<Time<Real>>, Res<WakeSignal>),
    mode: Res<PlanningMode>,
    mut thinker: ResMut<Thinker>,
    mut none: MessageWriter<NoHint>,
) {
    if asked.read().count() == 0 {
        return;
    }
    if !state.human_to_move() {
        none.write(NoHint);
        return;
    }
    if let Some(old) = thinker.hint.take() {
        old.cancel();
    }
    let (planner, level, budget) = hint_planner(&state.game);
    thinker.hint = Some(Job::start(
        Arc::new(Mutex::new(planner)),
        &state.game,
        level,
        budget,
        *mode,
        (time.elapsed(), &wake),
    ));
}

/// A hint found goes to the selection as a preview (a pass is no hint).
fn finish_hint(
    mode: Res<PlanningMode>,
    mut thinker: ResMut<Thinker>,
    mut stats: ResMut<PlanningStats>,
    mut choices: MessageWriter<Choice>,
    mut none: MessageWriter<NoHint>,
) {
    let Some(job) = thinker.hint.as_mut() else {
        return;
    };
    let Some(mv) = job.advance(*mode, &mut stats) else {
        return;
    };
    let ply = job.ply;
    thinker.hint = None;
    if mv.is_pass() {
        none.write(NoHint);
    } else {
        choices.write(Choice::Hint { mv, ply });
    }
}

pub(crate) struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinker>()
            .init_resource::<ComputerPace>()
            .init_resource::<PlanningMode>()
            .init_resource::<ComputerThinking>()
            .init_resource::<PlanningStats>()
            .add_message::<HintRequest>()
            .add_message::<NoHint>()
            .add_systems(
                Update,
                (
                    reset_thinker.run_if(on_message::<GameReset>),
                    drop_plan.run_if(
                        on_message::<CommandApplied>
                            .or_eager(on_message::<ViewChanged>)
                            .or_eager(play_paused),
                    ),
                    start_planning,
                    finish_planning,
                    start_hint,
                    finish_hint,
                    publish_thinking,
                )
                    .chain()
                    .in_set(Frame::Computer),
            );
    }
}

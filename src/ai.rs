//! The computer's turns: planning on the async compute pool with a clone of the game, so frames
//! keep running; the result comes back as an ordinary `MoveRequest`. On the web, where the task
//! pools share the page's one thread with drawing, the same plan is searched in slices, a few
//! milliseconds each frame.

use crate::core::{
    Animating, GameReset, GameSet, Match, MoveRequest, MoveSource, SeatKind, Viewing,
};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhalma_ai::{Planner, SlicedPlan};
use starhalma_rules::Move;
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

enum Work {
    Background {
        task: Task<Move>,
        cancel: Arc<AtomicBool>,
    },
    Sliced {
        plan: Box<SlicedPlan>,
        /// Nodes per slice, adapted so a slice takes about the frame's share.
        slice_nodes: u64,
    },
}

struct Job {
    work: Work,
    /// The game's length when planning began: a result for another position is dropped.
    ply: usize,
    started: Duration,
    result: Option<Move>,
}

/// The planner (kept between moves for its tables) and the plan under way.
#[derive(Resource, Default)]
pub struct Thinker {
    planner: Option<Arc<Mutex<Planner>>>,
    job: Option<Job>,
    longest_slice: Duration,
    longest_frame_share: Duration,
}

impl Thinker {
    /// Is the computer planning a move now?
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Stop and forget the plan under way (new game, undo, leaving the screen).
    pub fn cancel(&mut self) {
        if let Some(Job {
            work: Work::Background { cancel, .. },
            ..
        }) = self.job.take()
        {
            cancel.store(true, Ordering::Relaxed);
            // Dropping the task cancels it; the flag stops a search already running.
        }
    }

    /// The longest single slice of sliced planning so far.
    pub fn longest_slice(&self) -> Duration {
        self.longest_slice
    }

    /// The most planning time one frame has spent in sliced planning (the web build's worst
    /// frame cost of thinking).
    pub fn longest_frame_share(&self) -> Duration {
        self.longest_frame_share
    }
}

fn reset_thinker(
    mut resets: MessageReader<GameReset>,
    mut thinker: ResMut<Thinker>,
    state: Res<Match>,
) {
    if resets.read().count() == 0 {
        return;
    }
    thinker.cancel();
    thinker.planner = Some(Arc::new(Mutex::new(Planner::new(state.game.rules(), 1))));
}

fn start_planning(
    state: Res<Match>,
    animating: Res<Animating>,
    time: Res<Time>,
    mode: Res<PlanningMode>,
    viewing: Res<Viewing>,
    mut thinker: ResMut<Thinker>,
) {
    // While a past position is shown the computer waits, so the live game does not move on
    // unseen.
    if thinker.job.is_some() || animating.0 || state.game.is_over() || !viewing.is_live() {
        return;
    }
    let SeatKind::Computer(level) = state.seat_kind(state.game.active()) else {
        return;
    };
    let Some(planner) = thinker.planner.clone() else {
        return;
    };
    let game = state.game.clone();
    let work = match *mode {
        PlanningMode::Background => {
            let cancel = Arc::new(AtomicBool::new(false));
            let flag = Arc::clone(&cancel);
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let mut planner = planner
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                planner
                    .plan_cancellable(&game, level, level.default_budget(), &flag)
                    .mv
            });
            Work::Background { task, cancel }
        }
        PlanningMode::Sliced { .. } => {
            let planner = planner
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // Slices get only part of each frame: the wall-clock limit is doubled so the search
            // gets about as much work done as on a thread of its own.
            let budget = level.default_budget();
            let budget = starhalma_ai::Budget {
                max_nodes: budget.max_nodes,
                max_time: budget.max_time.map(|t| t * 2),
            };
            Work::Sliced {
                plan: Box::new(planner.start_sliced(&game, level, budget)),
                // Small to start with; each slice's time sizes the next.
                slice_nodes: 500,
            }
        }
    };
    thinker.job = Some(Job {
        work,
        ply: state.game.history().len(),
        started: time.elapsed(),
        result: None,
    });
}

fn finish_planning(
    state: Res<Match>,
    time: Res<Time>,
    pace: Res<ComputerPace>,
    mode: Res<PlanningMode>,
    mut thinker: ResMut<Thinker>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let thinker = &mut *thinker;
    let Some(job) = thinker.job.as_mut() else {
        return;
    };
    if job.result.is_none() {
        match &mut job.work {
            Work::Background { task, .. } => job.result = check_ready(task),
            Work::Sliced { plan, slice_nodes } => {
                let Some(planner) = thinker.planner.as_ref() else {
                    return;
                };
                let mut planner = planner
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let PlanningMode::Sliced { per_frame } = *mode else {
                    return;
                };
                // Slices until this frame's share is used, each sized to take about half of it.
                let frame_start = Instant::now();
                while job.result.is_none() && frame_start.elapsed() < per_frame {
                    let began = Instant::now();
                    job.result = planner.step(plan, *slice_nodes).map(|p| p.mv);
                    let took = began.elapsed();
                    thinker.longest_slice = thinker.longest_slice.max(took);
                    let ratio = per_frame.as_secs_f64() / 2.0 / took.as_secs_f64().max(1e-5);
                    let next = (*slice_nodes as f64 * ratio.clamp(0.5, 2.0)) as u64;
                    *slice_nodes = next.clamp(200, 500_000);
                }
                thinker.longest_frame_share =
                    thinker.longest_frame_share.max(frame_start.elapsed());
            }
        }
    }
    let Some(mv) = job.result else {
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
    let request = if mv.is_pass() {
        MoveRequest::pass(MoveSource::Computer)
    } else {
        MoveRequest::between(mv.from, mv.to, MoveSource::Computer)
    };
    requests.write(request);
}

pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinker>()
            .init_resource::<ComputerPace>()
            .init_resource::<PlanningMode>()
            .add_systems(
                Update,
                (reset_thinker, start_planning, finish_planning)
                    .chain()
                    .in_set(GameSet::Input),
            );
    }
}

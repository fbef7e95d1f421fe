//! The computer's turns: planning on the async compute pool with a clone of the game, so frames
//! keep running; the result comes back as an ordinary `MoveRequest`.

use crate::core::{Animating, GameReset, GameSet, Match, MoveRequest, MoveSource, SeatKind};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use starhalma_ai::Planner;
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

struct Job {
    task: Task<Move>,
    cancel: Arc<AtomicBool>,
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
}

impl Thinker {
    /// Is the computer planning a move now?
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Stop and forget the plan under way (new game, undo, leaving the screen).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
            // Dropping the task cancels it; the flag stops a search already running.
        }
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
    mut thinker: ResMut<Thinker>,
) {
    if thinker.job.is_some() || animating.0 || state.game.is_over() {
        return;
    }
    let SeatKind::Computer(level) = state.seat_kind(state.game.active()) else {
        return;
    };
    let Some(planner) = thinker.planner.clone() else {
        return;
    };
    let game = state.game.clone();
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
    thinker.job = Some(Job {
        task,
        cancel,
        ply: state.game.history().len(),
        started: time.elapsed(),
        result: None,
    });
}

fn finish_planning(
    state: Res<Match>,
    time: Res<Time>,
    pace: Res<ComputerPace>,
    mut thinker: ResMut<Thinker>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let Some(job) = thinker.job.as_mut() else {
        return;
    };
    if job.result.is_none() {
        job.result = check_ready(&mut job.task);
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
            .add_systems(
                Update,
                (reset_thinker, start_planning, finish_planning)
                    .chain()
                    .in_set(GameSet::Input),
            );
    }
}

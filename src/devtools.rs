//! Tools of the binary: the screenshot mode and the frame benchmark.

use crate::ai::ComputerThinking;
use crate::board::{hole_position, seat_color};
use crate::core::{Match, MoveRequest, SeatKind, Setup};
use crate::layout::{CoverQuery, ScreenLayout, covered_rects, rect_json};
use crate::marbles::rest_position;
use crate::persist::Store;
use crate::selection::{PressKind, Selection, handle_press};
use crate::ui::{ActionPressed, UiAction};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use starhalma_rules::{Hole, RuleSet, Variant};
use std::path::PathBuf;

/// Screenshot mode: wait for the scene to settle, optionally select a marble (and preview a
/// destination), write the PNG and a JSON sidecar of where things are, then exit.
#[derive(Resource, Clone)]
pub struct ScreenshotPlugin {
    pub path: PathBuf,
    pub select: Option<Hole>,
    pub hover: Option<Hole>,
    /// Buttons pressed (in this order, in one frame) before anything is selected: open How to
    /// play and turn its pages, start the guided game.
    pub press: Vec<UiAction>,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.clone())
            .add_systems(Update, screenshot_driver);
    }
}

#[allow(clippy::too_many_arguments)]
fn screenshot_driver(
    mut commands: Commands,
    plan: Res<ScreenshotPlugin>,
    mut frames: Local<u32>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    mut actions: MessageWriter<ActionPressed>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    windows: Query<&Window>,
    layout: Res<ScreenLayout>,
    covers: CoverQuery,
) {
    *frames += 1;
    if *frames == 10 {
        for &action in &plan.press {
            actions.write(ActionPressed(action));
        }
    }
    if *frames == 20
        && let Some(hole) = plan.select
    {
        handle_press(
            hole,
            PressKind::Mouse,
            &state,
            &mut selection,
            &mut requests,
        );
    }
    if *frames == 25
        && let Some(hole) = plan.hover
        && selection.move_to(hole).is_some()
    {
        selection.preview = Some(hole);
    }
    if *frames == 90 {
        if let (Ok((camera, at)), Ok(window)) = (cameras.single(), windows.single()) {
            let scale = window.scale_factor();
            let sidecar = screen_positions(&state, &selection, camera, at, scale);
            let sidecar = with_layout(&sidecar, &layout, &covered_rects(&covers), scale);
            let _ = std::fs::write(plan.path.with_extension("json"), sidecar);
        }
        let path = plan.path.clone();
        let mut save = save_to_disk(path);
        commands.spawn(Screenshot::primary_window()).observe(
            move |ev: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                save(ev);
                exit.write(AppExit::Success);
            },
        );
    }
}

/// Where things are on the screenshot, in image pixels, for tests that check the picture: each
/// seat's camp centre with its colour, the board's centre, and the rings of a selection.
fn screen_positions(
    state: &Match,
    selection: &Selection,
    camera: &Camera,
    at: &GlobalTransform,
    scale: f32,
) -> String {
    let project = |p: Vec3| {
        camera
            .world_to_viewport(at, p)
            .map(|v| format!("[{:.1}, {:.1}]", v.x * scale, v.y * scale))
            .unwrap_or_else(|_| "null".into())
    };
    let variant = state.game.variant();
    let seats: Vec<String> = variant
        .seats()
        .map(|seat| {
            let camp = variant.camp_of(seat);
            let holes: Vec<Vec3> = Hole::all()
                .filter(|h| starhalma_rules::board::CAMPS[camp as usize] & h.bit() != 0)
                .map(hole_position)
                .collect();
            let centre = holes.iter().sum::<Vec3>() / holes.len() as f32 + Vec3::Y * 0.3;
            let c = seat_color(camp).to_srgba();
            // Each marble's centre on the screen: where its colour as rendered is sampled.
            let position = state.game.position();
            let marbles: Vec<String> = position
                .holes_of(seat)
                .map(|h| project(rest_position(h, position.is_king(h))))
                .collect();
            format!(
                "{{\"seat\": {seat}, \"colour\": [{:.3}, {:.3}, {:.3}], \"at\": {}, \"marbles\": [{}]}}",
                c.red,
                c.green,
                c.blue,
                project(centre),
                marbles.join(", ")
            )
        })
        .collect();
    let rings: Vec<String> = selection
        .destinations()
        .map(|h| project(hole_position(h) + Vec3::Y * 0.03))
        .collect();
    let holes: Vec<String> = Hole::all().map(|h| project(hole_position(h))).collect();
    format!(
        "{{\"centre\": {}, \"seats\": [{}], \"rings\": [{}], \"holes\": [{}]}}\n",
        project(Vec3::ZERO),
        seats.join(", "),
        rings.join(", "),
        holes.join(", ")
    )
}

/// The sidecar with the layout added, in image pixels: every hole, the board's rectangle and
/// what the interface covers.
fn with_layout(sidecar: &str, layout: &ScreenLayout, covered: &[Rect], scale: f32) -> String {
    let covered: Vec<String> = covered.iter().map(|r| rect_json(r, scale)).collect();
    let body = sidecar.trim_end().trim_end_matches('}');
    format!(
        "{body}, \"arrangement\": \"{:?}\", \"compact\": {}, \"board\": {}, \"covered\": [{}]}}\n",
        layout.arrangement,
        layout.compact,
        rect_json(&layout.board, scale),
        covered.join(", ")
    )
}

/// CPU time the calling thread has used (the main thread's share of a frame).
fn thread_cpu_time() -> std::time::Duration {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes into the timespec we own; the clock id is a constant.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 {
            return std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    std::time::Duration::ZERO
}

/// Per-frame main-thread CPU time and wall time of `App::update`, paced at 60 frames a second,
/// kept for the frames where `counts` holds before and after the update.
fn measure(
    app: &mut App,
    frames: u32,
    counts: impl Fn(&World) -> bool,
) -> (Vec<std::time::Duration>, Vec<std::time::Duration>) {
    use std::time::{Duration, Instant};
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    for _ in 0..frames {
        let frame_start = Instant::now();
        let before = counts(app.world());
        let cpu_start = thread_cpu_time();
        app.update();
        let used = thread_cpu_time() - cpu_start;
        if before && counts(app.world()) {
            cpu.push(used);
            wall.push(frame_start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(16).saturating_sub(frame_start.elapsed()));
    }
    (cpu, wall)
}

fn summary(name: &str, when: &str, mut v: Vec<std::time::Duration>) {
    v.sort();
    if v.is_empty() {
        println!("{name}: no frames {when}");
        return;
    }
    let mean = v.iter().sum::<std::time::Duration>() / v.len() as u32;
    println!(
        "{name} per App::update {when} ({} frames): mean {:.3} ms, median {:.3} ms, \
p99 {:.3} ms, max {:.3} ms",
        v.len(),
        mean.as_secs_f64() * 1e3,
        v[v.len() / 2].as_secs_f64() * 1e3,
        v[v.len() * 99 / 100].as_secs_f64() * 1e3,
        v[v.len() - 1].as_secs_f64() * 1e3,
    );
}

/// The frame benchmark, on the whole client minus rendering (saving nowhere), as a player's
/// frame runs it, 6-player laws: `frames` frames of Hard computers playing (counted while one
/// thinks), then `frames` frames of a person to move who has not yet chosen (the frames of
/// most of a game against the computer).
pub fn bench_frames(frames: u32) {
    use starhalma_ai::Level;
    let variant = Variant::new(RuleSet::Laws, 6).expect("6 players play laws");
    let computers = Setup {
        variant,
        seats: vec![SeatKind::Computer(Level::Hard); 6],
    };
    let mut app = crate::headless_app(Store::Nowhere, Some(Match::new(computers)));
    let (cpu, wall) = measure(&mut app, frames, |world| {
        world.resource::<ComputerThinking>().0
    });
    summary("main-thread CPU time", "while the computer thinks", cpu);
    summary("wall time", "while the computer thinks", wall);
    let state = app.world().resource::<Match>();
    println!("plies played: {}", state.game.history().len());

    let mut person = Setup::against_computer(variant, Level::Hard);
    person.seats[0] = SeatKind::Human;
    let mut app = crate::headless_app(Store::Nowhere, Some(Match::new(person)));
    let (cpu, wall) = measure(&mut app, frames, |world| {
        world.resource::<Match>().human_to_move()
    });
    summary("main-thread CPU time", "while a person is to move", cpu);
    summary("wall time", "while a person is to move", wall);
}

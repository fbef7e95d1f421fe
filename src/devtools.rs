//! Tools of the binary: the screenshot mode and the frame benchmark.

use crate::ai::ComputerThinking;
use crate::board::{hole_position, seat_color};
use crate::core::{Match, SeatKind, Setup};
use crate::frame::Frame;
use crate::layout::{CoverQuery, ScreenLayout, covered_rects, rect_pixels, tenth};
use crate::marbles::rest_position;
use crate::rest::{Awake, KeepAwake, WakeSignal};
use crate::selection::{Choice, PressKind, Selection};
use crate::ui::{
    ButtonPressed, GameButton, GamesButton, MainButton, OpenRules, Pressed, RulesButton,
    StartGuided, ToggleMore,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use serde::Serialize;
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
    pub press: Vec<ScriptedPress>,
}

/// A button the screenshot mode presses (`--press NAME`), whether or not it is on the screen
/// yet (How to play's Next, pressed in the frame that opens it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptedPress {
    HowToPlay,
    NextSection,
    GuidedGame,
    Resign,
    More,
    PlayOnline,
    MyGames,
    Leaderboard,
}

impl ScriptedPress {
    /// The names `--press` takes, with what each presses.
    pub const NAMED: [(&'static str, ScriptedPress); 8] = [
        ("how-to-play", ScriptedPress::HowToPlay),
        ("next", ScriptedPress::NextSection),
        ("guided", ScriptedPress::GuidedGame),
        ("resign", ScriptedPress::Resign),
        ("more", ScriptedPress::More),
        ("play-online", ScriptedPress::PlayOnline),
        ("my-games", ScriptedPress::MyGames),
        ("leaderboard", ScriptedPress::Leaderboard),
    ];

    /// Sends what the button's press sends.
    fn send(self, commands: &mut Commands) {
        match self {
            ScriptedPress::HowToPlay => commands.write_message(OpenRules(None)),
            ScriptedPress::NextSection => commands.write_message(Pressed(RulesButton::NextSection)),
            ScriptedPress::GuidedGame => commands.write_message(StartGuided),
            ScriptedPress::Resign => commands.write_message(Pressed(GameButton::Resign)),
            ScriptedPress::More => commands.write_message(Pressed(ToggleMore)),
            ScriptedPress::PlayOnline => commands.write_message(Pressed(MainButton::OpenOnline)),
            ScriptedPress::MyGames => commands.write_message(Pressed(MainButton::OpenMyGames)),
            ScriptedPress::Leaderboard => {
                commands.write_message(Pressed(GamesButton::OpenLeaderboard))
            }
        };
        // Sent by every press (the More sheet waits for it).
        commands.write_message(ButtonPressed);
    }
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.clone())
            .add_systems(Update, screenshot_driver.in_set(Frame::Buttons));
    }
}

/// What is on the screen and where: the game and the selection, the camera, the window's
/// scale, the layout and what the interface covers.
#[derive(SystemParam)]
struct OnTheScreen<'w, 's> {
    state: Res<'w, Match>,
    selection: Res<'w, Selection>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    windows: Query<'w, 's, &'static Window>,
    layout: Res<'w, ScreenLayout>,
    covers: CoverQuery<'w, 's>,
}

fn screenshot_driver(
    mut commands: Commands,
    plan: Res<ScreenshotPlugin>,
    mut frames: Local<u32>,
    mut choices: MessageWriter<Choice>,
    mut keep: ResMut<KeepAwake>,
    screen: OnTheScreen,
) {
    // The frames are counted: they must keep coming until the picture is taken.
    keep.hold(Awake::Capture, true);
    let OnTheScreen {
        state,
        selection,
        cameras,
        windows,
        layout,
        covers,
    } = screen;
    *frames += 1;
    if *frames == 10 {
        for &press in &plan.press {
            press.send(&mut commands);
        }
    }
    if *frames == 20
        && let Some(hole) = plan.select
    {
        choices.write(Choice::Press(hole, PressKind::Mouse));
    }
    if *frames == 25
        && let Some(hole) = plan.hover
    {
        choices.write(Choice::Over(hole));
    }
    if *frames == 90 {
        if let (Ok((camera, at)), Ok(window)) = (cameras.single(), windows.single()) {
            let covered = covered_rects(&covers);
            let shown = Shown {
                state: &state,
                selection: &selection,
                layout: &layout,
                covered: &covered,
            };
            let json = serde_json::to_string(&sidecar(&shown, camera, at, window.scale_factor()))
                .expect("the sidecar is plain data");
            let _ = std::fs::write(plan.path.with_extension("json"), json + "\n");
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
/// seat's camp centre with its colour, the board's centre, the rings of a selection, every hole,
/// and the layout (the board's rectangle and what the interface covers). A point off the
/// screen is `null`.
#[derive(Serialize)]
struct Sidecar {
    centre: Option<[f32; 2]>,
    seats: Vec<SeatSpots>,
    rings: Vec<Option<[f32; 2]>>,
    holes: Vec<Option<[f32; 2]>>,
    arrangement: String,
    compact: bool,
    board: [f32; 4],
    covered: Vec<[f32; 4]>,
}

/// A seat on the screenshot: its colour as set, its camp's centre and each marble's centre
/// (where its colour as rendered is sampled).
#[derive(Serialize)]
struct SeatSpots {
    seat: u8,
    colour: [f32; 3],
    at: Option<[f32; 2]>,
    marbles: Vec<Option<[f32; 2]>>,
}

/// What the screenshot shows, and where.
struct Shown<'a> {
    state: &'a Match,
    selection: &'a Selection,
    layout: &'a ScreenLayout,
    covered: &'a [Rect],
}

fn sidecar(shown: &Shown, camera: &Camera, at: &GlobalTransform, scale: f32) -> Sidecar {
    let project = |p: Vec3| {
        camera
            .world_to_viewport(at, p)
            .ok()
            .map(|v| [tenth(v.x * scale), tenth(v.y * scale)])
    };
    let thousandth = |v: f32| (v * 1000.0).round() / 1000.0;
    let state = shown.state;
    let variant = state.game.variant();
    let position = state.game.position();
    let seats = variant
        .seats()
        .map(|seat| {
            let camp = variant.camp_of(seat);
            let holes: Vec<Vec3> = Hole::all()
                .filter(|h| starhalma_rules::board::CAMPS[camp as usize] & h.bit() != 0)
                .map(hole_position)
                .collect();
            let centre = holes.iter().sum::<Vec3>() / holes.len() as f32 + Vec3::Y * 0.3;
            let c = seat_color(camp).to_srgba();
            SeatSpots {
                seat,
                colour: [c.red, c.green, c.blue].map(thousandth),
                at: project(centre),
                marbles: position
                    .holes_of(seat)
                    .map(|h| project(rest_position(h, position.is_king(h))))
                    .collect(),
            }
        })
        .collect();
    Sidecar {
        centre: project(Vec3::ZERO),
        seats,
        rings: shown
            .selection
            .destinations()
            .map(|h| project(hole_position(h) + Vec3::Y * 0.03))
            .collect(),
        holes: Hole::all().map(|h| project(hole_position(h))).collect(),
        arrangement: format!("{:?}", shown.layout.arrangement),
        compact: shown.layout.compact,
        board: rect_pixels(&shown.layout.board, scale),
        covered: shown
            .covered
            .iter()
            .map(|r| rect_pixels(r, scale))
            .collect(),
    }
}

/// Whose CPU time to read.
#[derive(Clone, Copy)]
enum CpuClock {
    /// The calling thread's (the main thread's share of a frame).
    Thread,
    /// The whole process's (every thread: rendering, audio, sockets).
    Process,
}

/// CPU time used so far, by `clock` (zero where it cannot be read).
fn cpu_time(clock: CpuClock) -> std::time::Duration {
    #[cfg(target_os = "linux")]
    {
        let id = match clock {
            CpuClock::Thread => libc::CLOCK_THREAD_CPUTIME_ID,
            CpuClock::Process => libc::CLOCK_PROCESS_CPUTIME_ID,
        };
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes into the timespec we own; the clock id is a constant.
        let rc = unsafe { libc::clock_gettime(id, &mut ts) };
        if rc == 0 {
            return std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    let _ = clock;
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
        let cpu_start = cpu_time(CpuClock::Thread);
        app.update();
        let used = cpu_time(CpuClock::Thread) - cpu_start;
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
/// most of a game against the computer). `app_for` builds the headless client playing a match.
pub(crate) fn bench_frames(frames: u32, app_for: impl Fn(Match) -> App) {
    use starhalma_ai::Level;
    let variant = Variant::new(RuleSet::Laws, 6).expect("6 players play laws");
    let computers = Setup::new(variant, vec![SeatKind::Computer(Level::Hard); 6]);
    let mut app = app_for(Match::new(computers));
    let (cpu, wall) = measure(&mut app, frames, |world| {
        world.resource::<ComputerThinking>().0
    });
    summary("main-thread CPU time", "while the computer thinks", cpu);
    summary("wall time", "while the computer thinks", wall);
    let state = app.world().resource::<Match>();
    println!("plies played: {}", state.game.history().len());

    let mut person = Setup::against_computer(variant, Level::Hard);
    person.seats[0] = SeatKind::Human;
    let mut app = app_for(Match::new(person));
    let (cpu, wall) = measure(&mut app, frames, |world| {
        world.resource::<Match>().human_to_move()
    });
    summary("main-thread CPU time", "while a person is to move", cpu);
    summary("wall time", "while a person is to move", wall);
    print_schedule_sizes(app.world());
}

/// The systems each schedule that runs every frame holds (not the startup schedules, nor the
/// ones run on a state's change): the per-frame cost that grows with their count, not with the
/// work, so a change in the figures above can be placed.
fn print_schedule_sizes(world: &World) {
    let runs_once_or_on_change =
        |label: &str| label.starts_with("On") || label.ends_with("Startup");
    let mut sizes: Vec<(String, usize)> = world
        .resource::<Schedules>()
        .iter()
        .map(|(label, schedule)| (format!("{label:?}"), schedule.systems_len()))
        .filter(|(label, systems)| *systems > 0 && !runs_once_or_on_change(label))
        .collect();
    sizes.sort();
    let total: usize = sizes.iter().map(|(_, systems)| systems).sum();
    let listed: Vec<String> = sizes
        .iter()
        .map(|(label, systems)| format!("{label} {systems}"))
        .collect();
    println!("systems: {total} in all ({})", listed.join(", "));
}

/// `starhalma --idle-cpu SECONDS`: the real windowed app left alone, first on the menu, then
/// in a game with a person to move; prints, for each, the whole process's CPU time per second
/// of wall time and the frames run per second (issue 37's measurement: what a board that
/// nobody touches costs).
#[derive(Resource, Clone, Copy)]
pub struct IdleCpuPlugin {
    pub seconds: f64,
}

impl Plugin for IdleCpuPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(*self)
            .init_resource::<IdleRun>()
            .add_systems(Update, idle_cpu_driver.in_set(Frame::Buttons));
    }
}

/// The least time for the screen to settle (the window mapped, a camera glide over, the
/// frames that follow a change) before measuring.
const SETTLE_SECS: f64 = 3.0;

/// The measurement, shared with the timer thread that takes it: a resting app runs no frame
/// of its own, so the thread reads the clocks at the phase's start and end and then wakes the
/// app for the next phase.
#[derive(Resource, Clone, Default)]
struct IdleRun {
    frames: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Phases measured so far, and what each printed.
    done: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl IdleRun {
    /// Measure `what` on a thread: settle, then `seconds` of CPU time and frames; then wake.
    fn measure(&self, what: &'static str, seconds: f64, wake: WakeSignal) {
        use std::sync::atomic::Ordering;
        let run = self.clone();
        let _ = std::thread::Builder::new()
            .name("starhalma-idle-cpu".into())
            .spawn(move || {
                std::thread::sleep(std::time::Duration::from_secs_f64(SETTLE_SECS));
                // Settled means a whole second without a frame (pipelines compile for longer
                // than the settling time in a debug build); a minute at most.
                for _ in 0..60 {
                    let before = run.frames.load(Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_secs(1));
                    if run.frames.load(Ordering::Relaxed) == before {
                        break;
                    }
                }
                let (cpu, frames) = (
                    cpu_time(CpuClock::Process),
                    run.frames.load(Ordering::Relaxed),
                );
                let began = std::time::Instant::now();
                std::thread::sleep(std::time::Duration::from_secs_f64(seconds));
                let elapsed = began.elapsed().as_secs_f64();
                let used = cpu_time(CpuClock::Process)
                    .saturating_sub(cpu)
                    .as_secs_f64();
                let ran = run.frames.load(Ordering::Relaxed) - frames;
                let line = format!(
                    "idle-cpu: {what}: {:.1}% of one core, {:.1} frames/s over {elapsed:.1} s", // for developers
                    100.0 * used / elapsed,
                    ran as f64 / elapsed
                );
                run.done
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .push(line);
                wake.wake();
            });
    }
}

fn idle_cpu_driver(
    plan: Res<IdleCpuPlugin>,
    wake: Res<WakeSignal>,
    run: Res<IdleRun>,
    mut started: Local<usize>,
    mut commands: MessageWriter<crate::core::GameCommand>,
    mut next: ResMut<NextState<crate::ui::Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    run.frames
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let done = run
        .done
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    match (*started, done.len()) {
        (0, _) => {
            run.measure("menu", plan.seconds, wake.clone()); // for developers
            *started = 1;
        }
        (1, 1) => {
            // A two-player game: Red (a person here) moves first.
            let setup = Setup {
                variant: Variant::new(RuleSet::Table { long_hops: false }, 2)
                    .expect("the table is played by two"),
                seats: vec![
                    SeatKind::Human,
                    SeatKind::Computer(starhalma_ai::Level::Medium),
                ],
                first: 0,
            };
            commands.write(crate::core::GameCommand::NewGame(setup));
            next.set(crate::ui::Screen::Playing);
            run.measure("game, a person to move", plan.seconds, wake.clone()); // for developers
            *started = 2;
        }
        (2, 2) => {
            for line in &done {
                println!("{line}");
            }
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

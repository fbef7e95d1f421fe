//! `starhalma`: the 3D game.
//!
//! `starhalma --screenshot out.png [--rules R] [--players N] [--long-hops] [--blocked swap|fill]
//! [--load game.json] [--select Q,R [--hover Q,R]]` renders that position (all seats people,
//! optionally with a marble selected and a destination previewed) in a real window, writes the
//! PNG and exits.
//!
//! `starhalma --bench-frames N` runs N headless frames (the whole client minus rendering) of a
//! 6-player game of computers (Hard) and prints the CPU time of one `App::update` while the
//! computer thinks.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::WindowResolution;
use starhalma::ClientPlugins;
use starhalma::core::{Match, SeatKind, Setup};
use starhalma::picking::{PressKind, Selection, handle_press};
use starhalma::ui::{Screen, StartWith};
use starhalma_rules::{Blocked, Game, Hole, RuleSet, Variant};
use std::path::PathBuf;

#[derive(Default)]
struct Args {
    screenshot: Option<PathBuf>,
    rules: Option<String>,
    players: Option<u8>,
    long_hops: bool,
    blocked: Option<String>,
    load: Option<PathBuf>,
    select: Option<Hole>,
    hover: Option<Hole>,
    hide_board: bool,
    bench_frames: Option<u32>,
}

const USAGE: &str = "usage: starhalma [--screenshot OUT.png [--rules laws|table|masters|diamond] \
[--players N] [--long-hops] [--blocked swap|fill] [--load GAME.json] [--select Q,R [--hover Q,R]] [--hide-board]] \
| --bench-frames N";

fn parse_args() -> Result<Args, String> {
    let mut args = Args::default();
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--screenshot" => args.screenshot = Some(value()?.into()),
            "--rules" => args.rules = Some(value()?),
            "--players" => {
                args.players = Some(value()?.parse().map_err(|_| "--players needs a number")?)
            }
            "--long-hops" => args.long_hops = true,
            "--blocked" => args.blocked = Some(value()?),
            "--load" => args.load = Some(value()?.into()),
            "--select" => {
                args.select = Some(value()?.parse().map_err(|e| format!("--select: {e}"))?)
            }
            "--hover" => args.hover = Some(value()?.parse().map_err(|e| format!("--hover: {e}"))?),
            "--hide-board" => args.hide_board = true,
            "--bench-frames" => {
                args.bench_frames = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--bench-frames needs a number")?,
                )
            }
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    Ok(args)
}

/// The game the command line asks for, with every seat played by a person.
fn requested_match(args: &Args) -> Result<Option<Match>, String> {
    if let Some(path) = &args.load {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let game = Game::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let seats = vec![SeatKind::Human; game.variant().players() as usize];
        let setup = Setup {
            variant: game.variant(),
            seats,
        };
        return Ok(Some(Match { game, setup }));
    }
    if args.rules.is_none() && args.players.is_none() && args.screenshot.is_none() {
        return Ok(None);
    }
    let blocked = match args.blocked.as_deref() {
        None | Some("swap") => Blocked::Swap,
        Some("fill") => Blocked::Fill,
        Some(other) => return Err(format!("--blocked {other}: use swap or fill")),
    };
    let name = args.rules.as_deref().unwrap_or("laws");
    let rules =
        RuleSet::from_name(name, args.long_hops, blocked).ok_or(format!("unknown rules {name}"))?;
    let players = args
        .players
        .unwrap_or(6.min(*rules.player_counts().last().unwrap_or(&2)));
    let variant = Variant::new(rules, players).map_err(|e| e.to_string())?;
    let seats = vec![SeatKind::Human; players as usize];
    Ok(Some(Match::new(Setup { variant, seats })))
}

/// Screenshot mode: wait for the scene to settle, optionally select a marble, capture, exit.
#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    select: Option<Hole>,
    hover: Option<Hole>,
    frames: u32,
}

#[allow(clippy::too_many_arguments)]
fn screenshot_driver(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<starhalma::core::MoveRequest>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    windows: Query<&Window>,
) {
    plan.frames += 1;
    if plan.frames == 20
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
    if plan.frames == 25
        && let Some(hole) = plan.hover
        && selection.move_to(hole).is_some()
    {
        selection.preview = Some(hole);
    }
    if plan.frames == 90 {
        if let (Ok((camera, at)), Ok(window)) = (cameras.single(), windows.single()) {
            let sidecar = screen_positions(&state, &selection, camera, at, window.scale_factor());
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
    use starhalma::board::{hole_position, seat_color};
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
            format!(
                "{{\"seat\": {seat}, \"colour\": [{:.3}, {:.3}, {:.3}], \"at\": {}}}",
                c.red,
                c.green,
                c.blue,
                project(centre)
            )
        })
        .collect();
    let rings: Vec<String> = selection
        .destinations()
        .map(|h| project(hole_position(h) + Vec3::Y * 0.03))
        .collect();
    format!(
        "{{\"centre\": {}, \"seats\": [{}], \"rings\": [{}]}}\n",
        project(Vec3::ZERO),
        seats.join(", "),
        rings.join(", ")
    )
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Some(frames) = args.bench_frames {
        bench_frames(frames);
        return;
    }
    let start = match requested_match(&args) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("starhalma: {e}");
            std::process::exit(2);
        }
    };
    let mut app = App::new();
    if args.screenshot.is_some() {
        // A screenshot shows exactly what the command line asks for: no saved settings are
        // read and nothing is written.
        app.insert_resource(starhalma::persist::Store::Nowhere);
    }
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "starhalma".into(),
            resolution: WindowResolution::new(1280, 800),
            canvas: Some("#bevy".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins(MeshPickingPlugin)
    .add_plugins(ClientPlugins);
    if let Some(start) = start {
        app.insert_resource(StartWith(start));
        app.insert_state(Screen::Playing);
    }
    if args.hide_board {
        app.insert_resource(starhalma::panel::PanelSettings {
            shown: true,
            board_hidden: true,
        });
    }
    if let Some(path) = args.screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            select: args.select,
            hover: args.hover,
            frames: 0,
        })
        .add_systems(Update, screenshot_driver);
    }
    app.run();
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

/// The frame benchmark: a 6-player game of Hard computers, paced at 60 frames a second; the CPU
/// time of each `App::update` while a computer thinks is collected and summarised.
fn bench_frames(frames: u32) {
    use starhalma::ai::Thinker;
    use starhalma_ai::Level;
    use std::time::{Duration, Instant};
    let variant = Variant::new(RuleSet::Laws, 6).expect("6 players play laws");
    let setup = Setup {
        variant,
        seats: vec![SeatKind::Computer(Level::Hard); 6],
    };
    // The whole client minus rendering: game logic, picking, marks, menu and HUD, panel,
    // move list and persistence (writing nowhere), as a player's frame runs them.
    let mut app = starhalma::headless_app(Match::new(setup.clone()));
    app.insert_resource(starhalma::persist::Store::Nowhere)
        .add_plugins(bevy::state::app::StatesPlugin)
        .add_plugins((
            starhalma::ui::UiPlugin,
            starhalma::panel::PanelPlugin,
            starhalma::moves::MoveListPlugin,
            starhalma::persist::PersistPlugin,
        ))
        .insert_resource(StartWith(Match::new(setup)));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    for _ in 0..frames {
        let frame_start = Instant::now();
        let thinking_before = app.world().resource::<Thinker>().thinking();
        let cpu_start = thread_cpu_time();
        app.update();
        let used = thread_cpu_time() - cpu_start;
        if thinking_before && app.world().resource::<Thinker>().thinking() {
            cpu.push(used);
            wall.push(frame_start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(16).saturating_sub(frame_start.elapsed()));
    }
    let summary = |name: &str, v: &mut Vec<Duration>| {
        v.sort();
        if v.is_empty() {
            println!("{name}: no frames while thinking");
            return;
        }
        let mean = v.iter().sum::<Duration>() / v.len() as u32;
        println!(
            "{name} per App::update while the computer thinks ({} frames): mean {:.3} ms, \
median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            v.len(),
            mean.as_secs_f64() * 1e3,
            v[v.len() / 2].as_secs_f64() * 1e3,
            v[v.len() * 99 / 100].as_secs_f64() * 1e3,
            v[v.len() - 1].as_secs_f64() * 1e3,
        );
    };
    summary("main-thread CPU time", &mut cpu);
    summary("wall time", &mut wall);
    let state = app.world().resource::<Match>();
    println!("plies played: {}", state.game.history().len());
}

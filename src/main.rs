#![cfg_attr(
    all(target_os = "windows", not(debug_assertions)),
    windows_subsystem = "windows"
)]
//! `starhalma`: the 3D game.
//!
//! `starhalma --screenshot out.png [--rules R] [--players N] [--long-hops] [--blocked swap|fill]
//! [--load game.json] [--select Q,R [--hover Q,R]] [--window WxH] [--touch] [--menu] [--press how-to-play|next|guided|resign|more|play-online|my-games|leaderboard]`
//! renders that position (all seats people,
//! optionally with a marble selected and a destination previewed) in a real window, writes the
//! PNG and exits.
//!
//! `starhalma --join http://HOST:PORT/?room=CODE` enters a friend's room;
//! `starhalma --game http://HOST:PORT/?game=ID` opens a finished online game as a replay;
//! `starhalma --server http://HOST:PORT` offers "Play a friend" on that room server.
//!
//! `starhalma --idle-cpu SECONDS` leaves the windowed game alone on the menu, then in a game
//! with a person to move, and prints the process's CPU use and frames per second in each.
//!
//! `starhalma --bench-frames N` runs N headless frames (the whole client minus rendering) of a
//! 6-player game of computers (Hard) and prints the CPU time of one `App::update` while the
//! computer thinks.

use bevy::prelude::*;
use bevy::window::WindowResolution;
use starhalma::{
    ClientPlugins, EnginePlugins, IdleCpuPlugin, JoinAtStart, Language, Match, OnlineServer,
    PanelSettings, Screen, ScreenshotPlugin, ScriptedPress, SeatKind, SeatSymbols, Setup,
    StartWith, Store, SystemLanguage, TouchScreen,
};
use starhalma_protocol::ServerUrl;
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
    /// Seconds to measure the idle app for (`--idle-cpu`).
    idle_cpu: Option<f64>,
    join: Option<JoinAtStart>,
    server: Option<ServerUrl>,
    menu: bool,
    press: Vec<ScriptedPress>,
    language: Option<Language>,
    no_symbols: bool,
    /// The window's size in logical pixels (a phone's shape, for screenshots).
    window: Option<(u32, u32)>,
    /// Lay out for fingers, as on a touch screen.
    touch: bool,
}

const USAGE: &str = "usage: starhalma [--version] [--language en|ja|ne] [--join http://HOST:PORT/?room=CODE] [--game http://HOST:PORT/?game=ID] [--server http://HOST:PORT] \
| [--screenshot OUT.png [--rules laws|table|masters|diamond] \
[--players N] [--long-hops] [--blocked swap|fill] [--load GAME.json] [--select Q,R [--hover Q,R]] [--hide-board] [--no-symbols] [--window WxH] [--touch] [--menu] [--press how-to-play|next|guided|resign|more|play-online|my-games|leaderboard]...] \
| --bench-frames N | --idle-cpu SECONDS";

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
            "--no-symbols" => args.no_symbols = true,
            "--touch" => args.touch = true,
            "--window" => {
                let size = value()?;
                let parsed = size
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                    .filter(|&(w, h): &(u32, u32)| w >= 200 && h >= 200);
                args.window =
                    Some(parsed.ok_or(format!("--window {size}: use WxH, e.g. 412x860"))?);
            }
            // A room's link, or a finished game's: opened as a replay (the same start-up path).
            flag @ ("--join" | "--game") => {
                let link = value()?;
                args.join = Some(
                    link.parse::<JoinAtStart>()
                        .map_err(|why| format!("{flag} {link}: {why}"))?,
                );
            }
            "--menu" => args.menu = true,
            "--press" => {
                let name = value()?;
                let press = ScriptedPress::NAMED
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|&(_, press)| press)
                    .ok_or_else(|| {
                        format!(
                            "--press {name}: use how-to-play, next, guided, resign, more, \
                             play-online, my-games or leaderboard"
                        )
                    })?;
                args.press.push(press);
            }
            "--server" => {
                let address = value()?;
                args.server = Some(
                    address
                        .parse::<ServerUrl>()
                        .map_err(|why| format!("--server {address}: {why}"))?,
                );
            }
            "--language" => {
                let code = value()?;
                args.language = Some(
                    Language::from_tag(&code)
                        .ok_or(format!("--language {code}: use en, ja or ne"))?,
                );
            }
            "--idle-cpu" => {
                let seconds: f64 = value()?
                    .parse()
                    .map_err(|_| "--idle-cpu needs a number of seconds")?;
                if !(seconds.is_finite() && seconds > 0.0) {
                    return Err("--idle-cpu needs a number of seconds".into());
                }
                args.idle_cpu = Some(seconds);
            }
            "--bench-frames" => {
                args.bench_frames = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--bench-frames needs a number")?,
                )
            }
            "-h" | "--help" => return Err(USAGE.into()),
            "-V" | "--version" => {
                println!("starhalma {}", starhalma::VERSION);
                std::process::exit(0);
            }
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
            first: game.first(),
            ..Setup::new(game.variant(), seats)
        };
        return Ok(Some(Match { game, setup }));
    }
    let wanted = args.rules.is_some() || args.players.is_some() || args.screenshot.is_some();
    // A room link brings the room's own game: a local one would end online play at once.
    if args.menu || args.join.is_some() || !wanted {
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
    Ok(Some(Match::new(Setup::new(variant, seats))))
}

/// The languages this desktop or browser prefers, best first, as far as the game speaks them.
fn system_language() -> SystemLanguage {
    #[cfg(target_arch = "wasm32")]
    {
        let requested: Vec<String> = web_sys::window()
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|tag| tag.as_string())
                    .collect()
            })
            .unwrap_or_default();
        let requested: Vec<&str> = requested.iter().map(String::as_str).collect();
        SystemLanguage(Language::negotiate(&requested))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        SystemLanguage::from_environment()
    }
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
        starhalma::bench_frames(frames);
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
    // The language on first start (saved settings win): the command line's, else the
    // system's or the browser's.
    app.insert_resource(match args.language {
        Some(language) => SystemLanguage(language),
        None => system_language(),
    });
    if args.screenshot.is_some() || args.idle_cpu.is_some() {
        // A screenshot (or a measurement) shows exactly what the command line asks for: no saved settings are
        // read and nothing is written.
        app.insert_resource(Store::Nowhere);
    }
    app.add_plugins(EnginePlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "starhalma".into(),
            resolution: match args.window {
                // A fixed scale, so the window has exactly the logical size asked for.
                Some((w, h)) => WindowResolution::new(w, h).with_scale_factor_override(1.0),
                None => WindowResolution::new(1280, 800),
            },
            canvas: Some("#bevy".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    }))
    .add_plugins(MeshPickingPlugin)
    .add_plugins(ClientPlugins { rendering: true });
    if let Some(start) = start {
        app.insert_resource(StartWith(start));
        app.insert_state(Screen::Playing);
    }
    if let Some(server) = args.server {
        app.insert_resource(OnlineServer(Some(server)));
    }
    if let Some(join) = args.join {
        app.insert_resource(join);
    }
    if args.hide_board {
        app.insert_resource(PanelSettings {
            shown: true,
            board_hidden: true,
            ..default()
        });
    }
    if args.touch {
        app.insert_resource(TouchScreen(true));
    }
    if args.no_symbols {
        app.insert_resource(SeatSymbols { shown: false });
    }
    if let Some(seconds) = args.idle_cpu {
        app.add_plugins(IdleCpuPlugin { seconds });
    }
    if let Some(path) = args.screenshot {
        app.add_plugins(ScreenshotPlugin {
            path,
            select: args.select,
            hover: args.hover,
            press: args.press,
        });
    }
    app.run();
}

//! The starhalma client (Bevy): one plugin per concern, in layers that only look down.
//!
//! - `frame`: the frame order, written once (every plugin puts its systems in one of its sets).
//! - `core`: the `Match` resource (the engine's `Game`), `MoveRequest` and
//!   `GameCommand`, and the systems that apply or refuse them. Nothing else writes the game.
//! - `selection`: the selection model shared by the board, the panel and the keyboard.
//! - `layout`: where the board and the interface go in a window of any shape.
//! - `marbles`, `marks`, `board`, `picking`, `camera`, `sound`, `glow`: what the player sees
//!   and hears of the game, and pointer input on the board.
//! - `ai`: the computer's turns on the async compute pool (or in slices on the web).
//! - `net`: online play through a room server: the server's events become requests and
//!   commands on core's path; what a person here proposes is sent to it.
//! - `locale`: the words on screen in the chosen language ([`Language`]), and its fonts.
//! - `ui`: menu, HUD, game-over panel, controls panel, keyboard, move list.
//! - `persist`: saves, the autosave and settings (on top of the interface whose choices it
//!   keeps).
//!
//! The crate's public surface is small: what the binary needs at the top level, and what tests
//! and benchmarks look at in [`testing`].

#![warn(unreachable_pub)]

mod ai;
mod board;
mod camera;
mod core;
mod devtools;
mod engine;
mod frame;
mod glow;
mod layout;
mod lenient;
mod locale;
mod marbles;
mod marks;
mod net;
mod persist;
mod picking;
mod rest;
mod selection;
mod sound;
mod ui;
#[cfg(target_arch = "wasm32")]
mod web;

pub use crate::core::{GameCommand, Match, MoveRequest, MoveSource, RoomChange, SeatKind, Setup};
pub use devtools::{IdleCpuPlugin, ScreenshotPlugin, ScriptedPress};
pub use engine::EnginePlugins;
pub use layout::TouchScreen;
pub use locale::{Language, SeatSymbols, SystemLanguage};
pub use net::{Dial, JoinAtStart, Link, Network, OnlineServer, PlayerProfile, SocketEvent};
pub use persist::Store;
pub use ui::{PanelSettings, Screen, StartWith, WhoStarts};

/// The game's version (the workspace's: the server and the packages carry the same), shown in
/// the menu's footer and by `starhalma --version`, so a bug report can name what was played.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What tests and benchmarks look at: the messages, resources and components of each part.
pub mod testing {
    pub use crate::ai::{
        ComputerPace, ComputerThinking, PlanningMode, PlanningStats, hint_planner,
    };
    pub use crate::board::{BACKDROP, marked_tips, seat_color};
    pub use crate::camera::{CameraView, CurrentView};
    pub use crate::core::{
        Authority, CommandApplied, CommandRejected, GameReset, MoveApplied, MoveRejected, Viewing,
    };
    pub use crate::frame::Animating;
    pub use crate::layout::{
        Arrangement, MoveListMeasure, ScreenLayout, TOUCH_TARGET, TouchScreen,
    };
    pub use crate::locale::{Phrase, Say, SeatNames, SeatSymbols, Symbol, Words};
    pub use crate::marbles::{
        AnimationSettings, Marble, MirrorCheck, OnHole, SymbolMark, rest_position,
    };
    pub use crate::marks::{DestinationRing, LastMoveMark, PreviewLanding, PreviewMark};
    pub use crate::net::{
        ChosenServer, FinishedRecord, KnownRatings, Lobby, LobbyState, LocalServer, NetRequest,
        Online, OnlineMemory, Phase, PlayerProfile, Reacted, Remote, ServerRecords, suggest_name,
    };
    pub use crate::persist::{
        AUTOSAVE, KEPT_GAMES, KEPT_GAMES_UNREADABLE, SAVED_GAME, load_text, save_text,
    };
    pub use crate::rest::{Awake, FramesAsked, KeepAwake, Need, WAKE_STEP, WakeSignal};
    pub use crate::selection::{Choice, PressKind, Selection, handle_press};
    pub use crate::sound::{SoundCue, SoundSettings, cue_wav};
    pub use crate::ui::{
        Announcement, BoardButton, ButtonAction, ButtonGroup, ButtonName, ButtonPressed,
        ChoiceButton, DiagramHole, DiagramMark, FileRequest, Focus, Focusable, GameButton,
        GameOverPanel, GamesButton, Guide, HowToPlay, HudSlot, HudText, KeptGame, KeptGames,
        MainButton, MenuChoice, MenuPage, MenuSummary, MenuTable, ModalFocus, Notice, OnlineButton,
        Outcome, PageControls, PagePress, PanelButton, Pressed, ReactionBubble, ReactionButton,
        Reactions, ReplayButton, RoomButton, RoomClock, RulesButton, RulesPage, SheetOpen,
        TextField, ToggleMore, Typing, ViewButton, panel_entries,
    };
}

use bevy::prelude::*;

/// The whole client. With `rendering: false` it runs without a window, GPU or audio device
/// (headless tests and the frame benchmark): no board meshes, orbit camera, shader or sound
/// output, everything else as a player's frame runs it.
pub struct ClientPlugins {
    pub rendering: bool,
}

impl PluginGroup for ClientPlugins {
    fn build(self) -> bevy::app::PluginGroupBuilder {
        let rendering = self.rendering;
        let mut group = bevy::app::PluginGroupBuilder::start::<Self>()
            .add(frame::FramePlugin)
            .add(rest::RestPlugin)
            .add(locale::LocalePlugin)
            .add(layout::LayoutPlugin)
            .add(core::CorePlugin)
            .add(selection::SelectionPlugin)
            .add(marbles::MarblesPlugin)
            .add(ai::AiPlugin)
            .add(net::NetPlugin)
            .add(marks::MarksPlugin)
            .add(picking::BoardPickingPlugin)
            .add(camera::CameraPlugin { orbit: rendering })
            .add(sound::SoundPlugin { output: rendering })
            .add(ui::UiPlugin)
            .add(persist::PersistPlugin);
        if rendering {
            group = group.add(glow::GlowPlugin).add(board::BoardPlugin);
            #[cfg(target_arch = "wasm32")]
            {
                group = group.add(web::WebPlugin);
            }
        }
        group
    }
}

/// The client without a window or GPU, keeping its files in `store`: on the menu, or playing
/// `start` once the first update has run. The one builder of client tests and the frame
/// benchmark.
pub fn headless_app(store: Store, start: Option<Match>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(Assets::<Mesh>::default())
        .insert_resource(Assets::<StandardMaterial>::default())
        .insert_resource(Assets::<glow::GlowMaterial>::default())
        .insert_resource(store)
        .add_plugins(ClientPlugins { rendering: false });
    if let Some(start) = start {
        app.insert_resource(StartWith(start))
            .insert_state(Screen::Playing);
    }
    app
}

/// The frame benchmark (`starhalma --bench-frames N`): the headless client's frames while the
/// computer thinks and while a person is to move (main-thread CPU time and wall time).
pub fn bench_frames(frames: u32) {
    devtools::bench_frames(frames, |start| headless_app(Store::Nowhere, Some(start)));
}

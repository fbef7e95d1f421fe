//! Save files, the autosave behind "Continue", and settings that persist between runs.
//!
//! Storage is a folder on the desktop (`$STARHALMA_HOME`, else `$XDG_CONFIG_HOME/starhalma`,
//! else `~/.config/starhalma`) and the browser's local storage on the web. A save file is the
//! rules crate's game file (`starhalma-game`: the setup and every move, replayed and checked on
//! load, so the loaded game is identical, history and undo included) plus who sat where
//! (`"seats"`). A file that cannot be read gets a clear message and the game is left as it was.

use crate::camera::{CameraView, ViewRequest};
use crate::core::{GameReset, GameSet, Match, MoveApplied, SeatKind, Setup};
use crate::marbles::AnimationSettings;
use crate::panel::PanelSettings;
use crate::sound::SoundSettings;
use crate::ui::{MenuChoice, Notice, Screen, StartWith};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhalma_ai::Level;
use starhalma_rules::{Game, Variant};
use std::path::PathBuf;

/// Where saves and settings live.
#[derive(Resource, Clone, Debug)]
pub enum Store {
    /// A folder (desktop).
    Folder(PathBuf),
    /// The browser's local storage (web).
    Browser,
    /// Nowhere: nothing is read or written.
    Nowhere,
}

/// The autosave behind the menu's "Continue".
pub const AUTOSAVE: &str = "autosave.json";
/// The game the Save button writes and Load reads.
pub const SAVED_GAME: &str = "saved-game.json";
pub const SETTINGS: &str = "settings.json";

impl Store {
    /// The platform's place for the game's files.
    pub fn platform() -> Store {
        if cfg!(target_arch = "wasm32") {
            return Store::Browser;
        }
        if let Some(home) = std::env::var_os("STARHALMA_HOME") {
            return Store::Folder(home.into());
        }
        let config = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
        match config {
            Some(dir) => Store::Folder(dir.join("starhalma")),
            None => Store::Nowhere,
        }
    }

    /// Where `name` is kept, in words for messages.
    pub fn describe(&self, name: &str) -> String {
        match self {
            Store::Folder(dir) => dir.join(name).display().to_string(),
            Store::Browser => format!("this browser's storage ({name})"),
            Store::Nowhere => "nowhere".into(),
        }
    }

    /// The text stored under `name`; `Ok(None)` when there is none.
    pub fn read(&self, name: &str) -> Result<Option<String>, String> {
        match self {
            Store::Folder(dir) => match std::fs::read_to_string(dir.join(name)) {
                Ok(text) => Ok(Some(text)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(format!("{}: {e}", self.describe(name))),
            },
            Store::Browser => Ok(browser::get(name)),
            Store::Nowhere => Ok(None),
        }
    }

    pub fn write(&self, name: &str, text: &str) -> Result<(), String> {
        match self {
            Store::Folder(dir) => std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(dir.join(name), text))
                .map_err(|e| format!("{}: {e}", self.describe(name))),
            Store::Browser => browser::set(name, text),
            Store::Nowhere => Ok(()),
        }
    }

    pub fn remove(&self, name: &str) {
        match self {
            Store::Folder(dir) => {
                let _ = std::fs::remove_file(dir.join(name));
            }
            Store::Browser => browser::remove(name),
            Store::Nowhere => {}
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }
    fn key(name: &str) -> String {
        format!("starhalma/{name}")
    }
    pub fn get(name: &str) -> Option<String> {
        storage()?.get_item(&key(name)).ok()?
    }
    pub fn set(name: &str, text: &str) -> Result<(), String> {
        storage()
            .ok_or("this browser has no local storage")?
            .set_item(&key(name), text)
            .map_err(|_| "the browser refused to store the file (storage full?)".to_string())
    }
    pub fn remove(name: &str) {
        if let Some(s) = storage() {
            let _ = s.remove_item(&key(name));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    pub fn get(_: &str) -> Option<String> {
        None
    }
    pub fn set(_: &str, _: &str) -> Result<(), String> {
        Err("there is no browser storage here".into())
    }
    pub fn remove(_: &str) {}
}

fn seat_name(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "human",
        SeatKind::Computer(Level::Easy) => "easy",
        SeatKind::Computer(Level::Medium) => "medium",
        SeatKind::Computer(Level::Hard) => "hard",
    }
}

fn seat_from_name(name: &str) -> Option<SeatKind> {
    Some(match name {
        "human" => SeatKind::Human,
        "easy" => SeatKind::Computer(Level::Easy),
        "medium" => SeatKind::Computer(Level::Medium),
        "hard" => SeatKind::Computer(Level::Hard),
        _ => return None,
    })
}

/// The save file of a match: the game file with the seats added.
pub fn save_text(state: &Match) -> String {
    let mut value: serde_json::Value =
        serde_json::from_str(&state.game.to_json()).expect("the rules crate writes valid JSON");
    value["seats"] = state
        .setup
        .seats
        .iter()
        .map(|&k| seat_name(k))
        .collect::<Vec<_>>()
        .into();
    serde_json::to_string_pretty(&value).expect("a JSON value always serialises")
}

/// A match from a save file (also a plain game file without seats: then every seat is a
/// person). Every move is replayed and checked.
pub fn load_text(text: &str) -> Result<Match, String> {
    let game = Game::from_json(text).map_err(|e| e.to_string())?;
    let players = game.variant().players() as usize;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let seats = match value.get("seats") {
        None => vec![SeatKind::Human; players],
        Some(list) => {
            let names = list
                .as_array()
                .ok_or("\"seats\" must be a list of human, easy, medium or hard")?;
            let seats = names
                .iter()
                .map(|n| n.as_str().and_then(seat_from_name))
                .collect::<Option<Vec<_>>>()
                .ok_or("\"seats\" must be a list of human, easy, medium or hard")?;
            if seats.len() != players {
                return Err(format!(
                    "the file names {} seats for a {players}-player game",
                    seats.len()
                ));
            }
            seats
        }
    };
    let variant = game.variant();
    Ok(Match {
        game,
        setup: Setup { variant, seats },
    })
}

/// What persists between runs.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Settings {
    pub variant: Variant,
    pub seats: Vec<String>,
    pub top_down: bool,
    pub seconds_per_hop: f32,
    pub muted: bool,
    pub volume: f32,
    pub panel_shown: bool,
    pub board_hidden: bool,
}

impl Default for Settings {
    fn default() -> Self {
        let choice = MenuChoice::default();
        let panel = PanelSettings::default();
        let sound = SoundSettings::default();
        Settings {
            variant: choice.setup().variant,
            seats: choice.seats.iter().map(|&k| seat_name(k).into()).collect(),
            top_down: false,
            seconds_per_hop: AnimationSettings::default().seconds_per_hop,
            muted: sound.muted,
            volume: sound.volume,
            panel_shown: panel.shown,
            board_hidden: panel.board_hidden,
        }
    }
}

/// The current view (for the settings).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TopDown(pub bool);

fn track_view(mut views: MessageReader<ViewRequest>, mut top_down: ResMut<TopDown>) {
    for ViewRequest(view) in views.read() {
        top_down.0 = *view == CameraView::TopDown;
    }
}

/// Read the settings at start-up and hand them to each part of the game.
#[allow(clippy::too_many_arguments)]
fn load_settings(
    store: Res<Store>,
    mut choice: ResMut<MenuChoice>,
    mut speed: ResMut<AnimationSettings>,
    mut sound: ResMut<SoundSettings>,
    mut panel: ResMut<PanelSettings>,
    mut top_down: ResMut<TopDown>,
    mut views: MessageWriter<ViewRequest>,
) {
    let settings = match store.read(SETTINGS) {
        Ok(Some(text)) => match serde_json::from_str::<Settings>(&text) {
            Ok(s) => s,
            Err(e) => {
                warn!("ignoring unreadable settings ({e})");
                return;
            }
        },
        Ok(None) => return,
        Err(e) => {
            warn!("ignoring settings: {e}");
            return;
        }
    };
    let seats: Option<Vec<SeatKind>> = settings.seats.iter().map(|n| seat_from_name(n)).collect();
    if let Some(seats) = seats.filter(|s| s.len() == settings.variant.players() as usize) {
        *choice = MenuChoice {
            rules: settings.variant.rules(),
            players: settings.variant.players(),
            seats,
        };
    }
    if settings.seconds_per_hop.is_finite() && settings.seconds_per_hop > 0.0 {
        speed.seconds_per_hop = settings.seconds_per_hop.min(2.0);
    }
    sound.muted = settings.muted;
    sound.volume = settings.volume.clamp(0.0, 1.0);
    panel.shown = settings.panel_shown;
    panel.board_hidden = settings.board_hidden;
    top_down.0 = settings.top_down;
    if settings.top_down {
        views.write(ViewRequest(CameraView::TopDown));
    }
}

/// Write the settings whenever one of them changes.
#[allow(clippy::too_many_arguments)]
fn save_settings(
    store: Res<Store>,
    choice: Res<MenuChoice>,
    speed: Res<AnimationSettings>,
    sound: Res<SoundSettings>,
    panel: Res<PanelSettings>,
    top_down: Res<TopDown>,
    mut written: Local<Option<Settings>>,
) {
    let changed = choice.is_changed()
        || speed.is_changed()
        || sound.is_changed()
        || panel.is_changed()
        || top_down.is_changed();
    if written.is_some() && !changed {
        return;
    }
    let Ok(variant) = Variant::new(choice.rules, choice.players) else {
        return;
    };
    let settings = Settings {
        variant,
        seats: choice.seats.iter().map(|&k| seat_name(k).into()).collect(),
        top_down: top_down.0,
        seconds_per_hop: speed.seconds_per_hop,
        muted: sound.muted,
        volume: sound.volume,
        panel_shown: panel.shown,
        board_hidden: panel.board_hidden,
    };
    if written.as_ref() == Some(&settings) {
        return;
    }
    // The first frame only records what was loaded; later changes are written.
    if written.is_some() {
        let text = serde_json::to_string_pretty(&settings).expect("settings serialise");
        if let Err(e) = store.write(SETTINGS, &text) {
            warn!("could not save the settings: {e}");
        }
    }
    *written = Some(settings);
}

/// Keep the autosave current: after every move and every new, undone or loaded game; a finished
/// game leaves nothing to continue.
fn autosave(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<GameReset>,
    mut exits: MessageReader<AppExit>,
    screen: Res<State<Screen>>,
    state: Res<Match>,
    store: Res<Store>,
) {
    let changed = applied.read().count() + resets.read().count() + exits.read().count() > 0;
    if !changed || *screen.get() != Screen::Playing {
        return;
    }
    if state.game.is_over() || state.game.history().is_empty() {
        store.remove(AUTOSAVE);
    } else if let Err(e) = store.write(AUTOSAVE, &save_text(&state)) {
        warn!("autosave failed: {e}");
    }
}

/// Save, Load, Continue (and a file dropped on the window) asked for by the HUD or menu.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FileRequest {
    Save,
    /// Load a stored file (`AUTOSAVE` or `SAVED_GAME`).
    Load(&'static str),
    /// Load a file from disk (dropped on the window).
    LoadPath(PathBuf),
}

/// Carry out file requests; a file that cannot be loaded leaves the game untouched.
#[allow(clippy::too_many_arguments)]
fn handle_files(
    mut commands: Commands,
    mut requests: MessageReader<FileRequest>,
    store: Res<Store>,
    screen: Res<State<Screen>>,
    mut state: ResMut<Match>,
    mut notice: ResMut<Notice>,
    mut resets: MessageWriter<GameReset>,
    mut next: ResMut<NextState<Screen>>,
    mut thinker: ResMut<crate::ai::Thinker>,
) {
    for request in requests.read() {
        let text = match request {
            FileRequest::Save => {
                notice.0 = match store.write(SAVED_GAME, &save_text(&state)) {
                    Ok(()) => format!("Saved to {}", store.describe(SAVED_GAME)),
                    Err(e) => format!("Could not save: {e}"),
                };
                continue;
            }
            FileRequest::Load(name) => match store.read(name) {
                Ok(Some(text)) => (text, store.describe(name)),
                Ok(None) => {
                    notice.0 = format!("Nothing saved at {}", store.describe(name));
                    continue;
                }
                Err(e) => {
                    notice.0 = format!("Could not load: {e}");
                    continue;
                }
            },
            FileRequest::LoadPath(path) => match std::fs::read_to_string(path) {
                Ok(text) => (text, path.display().to_string()),
                Err(e) => {
                    notice.0 = format!("Could not load {}: {e}", path.display());
                    continue;
                }
            },
        };
        match load_text(&text.0) {
            Ok(loaded) => {
                thinker.cancel();
                notice.0 = format!("Loaded {}", text.1);
                if *screen.get() == Screen::Playing {
                    *state = loaded;
                    resets.write(GameReset);
                } else {
                    commands.insert_resource(StartWith(loaded));
                    next.set(Screen::Playing);
                }
            }
            Err(e) => notice.0 = format!("Could not load {}: {e}", text.1),
        }
    }
}

fn dropped_files(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut requests: MessageWriter<FileRequest>,
) {
    for drop in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            requests.write(FileRequest::LoadPath(path_buf.clone()));
        }
    }
}

/// Is there a game to continue?
pub fn can_continue(store: &Store) -> bool {
    matches!(store.read(AUTOSAVE), Ok(Some(text)) if load_text(&text).is_ok())
}

pub struct PersistPlugin;

impl Plugin for PersistPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Store>() {
            app.insert_resource(Store::platform());
        }
        app.init_resource::<TopDown>()
            .add_message::<FileRequest>()
            .add_message::<ViewRequest>()
            .add_message::<bevy::window::FileDragAndDrop>()
            .add_systems(PostStartup, load_settings)
            .add_systems(
                Update,
                (
                    (dropped_files, handle_files).chain().in_set(GameSet::Input),
                    (track_view, save_settings, autosave)
                        .chain()
                        .in_set(GameSet::Mirror),
                ),
            );
    }
}

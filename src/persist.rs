//! Save files, the autosave behind "Continue", and settings that persist between runs.
//!
//! Storage is a folder on the desktop (`$STARHALMA_HOME`, else `$XDG_CONFIG_HOME/starhalma`,
//! else `~/.config/starhalma`) and the browser's local storage on the web. A save file is the
//! rules crate's game file (`starhalma-game`: the setup and every move, replayed and checked on
//! load, so the loaded game is identical, history and undo included) plus who sat where
//! (`"seats"`). A file that cannot be read gets a clear message and the game is left as it was.

use crate::camera::{CameraView, CurrentView, ViewRequest};
use crate::core::{
    Authority, CommandApplied, GameCommand, GameReset, Match, MoveApplied, SeatKind, Setup,
};
use crate::frame::Frame;
use crate::locale::{Glue, Language, Phrase, SeatSymbols, Words, illegal, resign_error};
use crate::marbles::AnimationSettings;
use crate::net::OnlineMemory;
use crate::sound::SoundSettings;
use crate::ui::{FileRequest, MenuChoice, Notice, PanelSettings, SavedGames, Screen, StoredFile};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhalma_locale::id;
use starhalma_rules::{Game, LoadError, Variant};
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
const SETTINGS: &str = "settings.json";
/// Seat tokens of online rooms and the last room, which Continue rejoins.
pub const ONLINE: &str = "online.json";

/// The name a stored game is kept under.
fn file_name(file: StoredFile) -> &'static str {
    match file {
        StoredFile::Autosave => AUTOSAVE,
        StoredFile::SavedGame => SAVED_GAME,
    }
}

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
    pub fn describe(&self, name: &str) -> Phrase {
        match self {
            Store::Folder(dir) => Phrase::Verbatim(dir.join(name).display().to_string()),
            Store::Browser => {
                Phrase::msg(id::STORE_BROWSER).with("name", Phrase::Verbatim(name.to_string()))
            }
            Store::Nowhere => Phrase::msg(id::STORE_NOWHERE),
        }
    }

    /// A file error in the system's words, after the file's path.
    fn file_error(&self, name: &str, error: std::io::Error) -> Phrase {
        Phrase::Joined(
            vec![self.describe(name), Phrase::Verbatim(error.to_string())],
            Glue::Literal(": "),
        )
    }

    /// The text stored under `name`; `Ok(None)` when there is none.
    pub fn read(&self, name: &str) -> Result<Option<String>, Phrase> {
        match self {
            Store::Folder(dir) => match std::fs::read_to_string(dir.join(name)) {
                Ok(text) => Ok(Some(text)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(self.file_error(name, e)),
            },
            Store::Browser => Ok(browser::get(name)),
            Store::Nowhere => Ok(None),
        }
    }

    pub fn write(&self, name: &str, text: &str) -> Result<(), Phrase> {
        match self {
            Store::Folder(dir) => std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(dir.join(name), text))
                .map_err(|e| self.file_error(name, e)),
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
    use crate::locale::Phrase;
    use starhalma_locale::id;
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }
    fn key(name: &str) -> String {
        format!("starhalma/{name}")
    }
    pub fn get(name: &str) -> Option<String> {
        storage()?.get_item(&key(name)).ok()?
    }
    pub fn set(name: &str, text: &str) -> Result<(), Phrase> {
        storage()
            .ok_or(Phrase::msg(id::STORE_NO_LOCAL_STORAGE))?
            .set_item(&key(name), text)
            .map_err(|_| Phrase::msg(id::STORE_REFUSED))
    }
    pub fn remove(name: &str) {
        if let Some(s) = storage() {
            let _ = s.remove_item(&key(name));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use crate::locale::Phrase;
    use starhalma_locale::id;
    pub fn get(_: &str) -> Option<String> {
        None
    }
    pub fn set(_: &str, _: &str) -> Result<(), Phrase> {
        Err(Phrase::msg(id::STORE_NO_BROWSER_STORAGE))
    }
    pub fn remove(_: &str) {}
}

/// The save file of a match: the game file with the seats added.
pub fn save_text(state: &Match) -> String {
    let mut value: serde_json::Value =
        serde_json::from_str(&state.game.to_json()).expect("the rules crate writes valid JSON");
    value["seats"] = state
        .setup
        .seats
        .iter()
        // A saved online game is played on as pass and play.
        .map(|&k| match k {
            SeatKind::Remote => SeatKind::Human.file_name(),
            k => k.file_name(),
        })
        .collect::<Vec<_>>()
        .into();
    serde_json::to_string_pretty(&value).expect("a JSON value always serialises")
}

/// A match from a save file (also a plain game file without seats: then every seat is a
/// person). Every move is replayed and checked.
pub fn load_text(text: &str) -> Result<Match, Phrase> {
    let game = Game::from_json(text).map_err(|e| load_error(&e))?;
    let players = game.variant().players();
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| not_readable(e.to_string()))?;
    let seats = match value.get("seats") {
        None => vec![SeatKind::Human; players as usize],
        Some(list) => {
            let seats = list
                .as_array()
                .and_then(|names| {
                    names
                        .iter()
                        .map(|n| n.as_str().and_then(SeatKind::from_file_name))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or(Phrase::msg(id::LOAD_SEATS_LIST))?;
            if seats.len() != players as usize {
                return Err(Phrase::msg(id::LOAD_SEAT_COUNT)
                    .with("seats", seats.len())
                    .with("players", players));
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
struct Settings {
    variant: Variant,
    seats: Vec<String>,
    top_down: bool,
    seconds_per_hop: f32,
    muted: bool,
    volume: f32,
    panel_shown: bool,
    board_hidden: bool,
    /// The seats' symbols shown beside their colours and on their marbles.
    symbols: bool,
    /// The language's code (`"ja"`). Without one (a first start, an older file, a code the
    /// game does not speak) the system's language is used.
    language: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::of(
            &MenuChoice::default(),
            &AnimationSettings::default(),
            &SoundSettings::default(),
            &PanelSettings::default(),
            CameraView::default(),
            SeatSymbols::default(),
            None,
        )
        .expect("the default menu choice is a valid game")
    }
}

impl Settings {
    /// The settings as each part of the game holds them now (none while the menu's choice is
    /// not a valid game).
    fn of(
        choice: &MenuChoice,
        speed: &AnimationSettings,
        sound: &SoundSettings,
        panel: &PanelSettings,
        view: CameraView,
        symbols: SeatSymbols,
        language: Option<Language>,
    ) -> Option<Settings> {
        Some(Settings {
            variant: Variant::new(choice.rules, choice.players).ok()?,
            seats: choice.seats.iter().map(|k| k.file_name()).collect(),
            top_down: view == CameraView::TopDown,
            seconds_per_hop: speed.seconds_per_hop,
            muted: sound.muted,
            volume: sound.volume,
            panel_shown: panel.shown,
            board_hidden: panel.board_hidden,
            symbols: symbols.shown,
            language: language.map(|l| l.code().to_string()),
        })
    }
}

/// Read the settings at start-up and hand them to each part of the game.
/// The choices the settings file keeps, to be set from it.
#[derive(SystemParam)]
struct KeptChoices<'w> {
    choice: ResMut<'w, MenuChoice>,
    speed: ResMut<'w, AnimationSettings>,
    sound: ResMut<'w, SoundSettings>,
    panel: ResMut<'w, PanelSettings>,
    words: ResMut<'w, Words>,
    symbols: ResMut<'w, SeatSymbols>,
}

fn load_settings(store: Res<Store>, kept: KeptChoices, mut views: MessageWriter<ViewRequest>) {
    let KeptChoices {
        mut choice,
        mut speed,
        mut sound,
        mut panel,
        mut words,
        mut symbols,
    } = kept;
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
    let seats: Option<Vec<SeatKind>> = settings
        .seats
        .iter()
        .map(|n| SeatKind::from_file_name(n))
        .collect();
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
    if settings.top_down {
        views.write(ViewRequest(CameraView::TopDown));
    }
    symbols.set_if_neq(SeatSymbols {
        shown: settings.symbols,
    });
    if let Some(language) = settings.language.as_deref().and_then(Language::from_tag)
        && language != words.language()
    {
        *words = Words::new(language);
    }
}

/// The choices the settings file keeps, as they are now.
#[derive(SystemParam)]
struct Choices<'w> {
    choice: Res<'w, MenuChoice>,
    speed: Res<'w, AnimationSettings>,
    sound: Res<'w, SoundSettings>,
    panel: Res<'w, PanelSettings>,
    view: Res<'w, CurrentView>,
    words: Res<'w, Words>,
    symbols: Res<'w, SeatSymbols>,
}

/// Write the settings when one of them changed (the first run only records what was loaded).
fn save_settings(store: Res<Store>, now: Choices, mut written: Local<Option<Settings>>) {
    let language = Some(now.words.language());
    let Some(settings) = Settings::of(
        &now.choice,
        &now.speed,
        &now.sound,
        &now.panel,
        now.view.0,
        *now.symbols,
        language,
    ) else {
        return;
    };
    if written.as_ref() == Some(&settings) {
        return;
    }
    if written.is_some() {
        let text = serde_json::to_string_pretty(&settings).expect("settings serialise");
        if let Err(e) = store.write(SETTINGS, &text) {
            warn!("could not save the settings: {e}");
        }
    }
    *written = Some(settings);
}

/// Which stored games the menu can offer.
fn stored_games(store: &Store) -> SavedGames {
    SavedGames {
        can_continue: can_continue(store),
        saved_game: matches!(store.read(SAVED_GAME), Ok(Some(_))),
        // Nothing stored anywhere (a test or screenshot store included) is a first start only
        // where a store exists.
        first_start: matches!(store, Store::Folder(_) | Store::Browser)
            && matches!(store.read(SETTINGS), Ok(None)),
    }
}

fn find_saved_games(store: Res<Store>, mut saved: ResMut<SavedGames>) {
    saved.set_if_neq(stored_games(&store));
}

/// Keep the autosave current: after every move and every new, undone, resigned or loaded game;
/// a finished game (or one not begun) leaves nothing to continue. An online game is the
/// server's to keep: the local autosave is left as it was.
fn autosave(
    state: Res<Match>,
    store: Res<Store>,
    authority: Res<Authority>,
    mut saved: ResMut<SavedGames>,
) {
    if *authority == Authority::Server {
        return;
    }
    let can_continue = if state.game.is_over() || state.game.history().is_empty() {
        store.remove(AUTOSAVE);
        false
    } else if let Err(e) = store.write(AUTOSAVE, &save_text(&state)) {
        warn!("autosave failed: {e}");
        can_continue(&store)
    } else {
        true
    };
    if saved.can_continue != can_continue {
        saved.can_continue = can_continue;
    }
}

/// Save: the game with its seats, to the saved-game file.
fn save_game(
    mut requests: MessageReader<FileRequest>,
    store: Res<Store>,
    state: Res<Match>,
    mut notice: ResMut<Notice>,
    mut saved: ResMut<SavedGames>,
) {
    for request in requests.read() {
        if *request != FileRequest::Save {
            continue;
        }
        notice.0 = match store.write(SAVED_GAME, &save_text(&state)) {
            Ok(()) => {
                saved.saved_game = true;
                Phrase::msg(id::FILE_SAVED).with("place", store.describe(SAVED_GAME))
            }
            Err(e) => Phrase::msg(id::FILE_SAVE_FAILED).with("error", e),
        };
    }
}

/// Load and Continue (and a dropped file): a file that cannot be loaded leaves the game
/// untouched. A game is loaded by a `GameCommand::Load`, from the menu too (which then gives
/// way to the game).
fn load_game(
    mut requests: MessageReader<FileRequest>,
    store: Res<Store>,
    screen: Res<State<Screen>>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
    mut next: ResMut<NextState<Screen>>,
) {
    for request in requests.read() {
        let (text, from) = match request {
            FileRequest::Save => continue,
            FileRequest::Load(file) => {
                let name = file_name(*file);
                match store.read(name) {
                    Ok(Some(text)) => (text, store.describe(name)),
                    Ok(None) => {
                        notice.0 =
                            Phrase::msg(id::FILE_NOTHING_SAVED).with("place", store.describe(name));
                        continue;
                    }
                    Err(e) => {
                        notice.0 = Phrase::msg(id::FILE_LOAD_FAILED).with("error", e);
                        continue;
                    }
                }
            }
            FileRequest::LoadPath(path) => match std::fs::read_to_string(path) {
                Ok(text) => (text, Phrase::Verbatim(path.display().to_string())),
                Err(e) => {
                    notice.0 = Phrase::msg(id::FILE_LOAD_FAILED_FROM)
                        .with("place", Phrase::Verbatim(path.display().to_string()))
                        .with("error", Phrase::Verbatim(e.to_string()));
                    continue;
                }
            },
        };
        match load_text(&text) {
            Ok(Match { game, setup }) => {
                notice.0 = Phrase::msg(id::FILE_LOADED).with("place", from);
                commands.write(GameCommand::Load(Box::new(game), setup));
                if *screen.get() != Screen::Playing {
                    next.set(Screen::Playing);
                }
            }
            Err(e) => {
                notice.0 = Phrase::msg(id::FILE_LOAD_FAILED_FROM)
                    .with("place", from)
                    .with("error", e)
            }
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

/// Read the kept seat tokens at start-up; an unreadable file is ignored (the seats can still
/// be watched, and a new room made).
fn load_online_memory(store: Res<Store>, mut memory: ResMut<OnlineMemory>) {
    match store.read(ONLINE) {
        Ok(Some(text)) => match serde_json::from_str::<OnlineMemory>(&text) {
            Ok(kept) => *memory = kept,
            Err(e) => warn!("ignoring unreadable {ONLINE} ({e})"),
        },
        Ok(None) => {}
        Err(e) => warn!("ignoring {ONLINE}: {e}"),
    }
}

fn save_online_memory(store: Res<Store>, memory: Res<OnlineMemory>) {
    let text = serde_json::to_string_pretty(&*memory).expect("tokens serialise");
    if let Err(e) = store.write(ONLINE, &text) {
        warn!("could not keep the online seat: {e}");
    }
}

/// Is there a game to continue?
fn can_continue(store: &Store) -> bool {
    matches!(store.read(AUTOSAVE), Ok(Some(text)) if load_text(&text).is_ok())
}

/// The game changed in a way the autosave keeps, or the app is closing.
fn autosave_due(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<GameReset>,
    mut commands: MessageReader<CommandApplied>,
    mut exits: MessageReader<AppExit>,
) -> bool {
    applied.read().count() + resets.read().count() + commands.read().count() + exits.read().count()
        > 0
}

/// Saves, the autosave and the settings (on top of the interface, whose choices it keeps).
pub(crate) struct PersistPlugin;

impl Plugin for PersistPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Store>() {
            app.insert_resource(Store::platform());
        }
        app.add_message::<bevy::window::FileDragAndDrop>()
            .add_systems(
                PostStartup,
                (load_settings, find_saved_games, load_online_memory),
            )
            .add_systems(
                Update,
                (
                    (dropped_files, (save_game, load_game))
                        .chain()
                        .in_set(Frame::Files),
                    (
                        save_settings.run_if(
                            resource_changed::<MenuChoice>
                                .or_eager(resource_changed::<AnimationSettings>)
                                .or_eager(resource_changed::<SoundSettings>)
                                .or_eager(resource_changed::<PanelSettings>)
                                .or_eager(resource_changed::<CurrentView>)
                                .or_eager(resource_changed::<Words>)
                                .or_eager(resource_changed::<SeatSymbols>),
                        ),
                        autosave.run_if(autosave_due),
                        save_online_memory.run_if(
                            resource_changed::<OnlineMemory>
                                .and_then(not(resource_added::<OnlineMemory>)),
                        ),
                    )
                        .in_set(Frame::Hud),
                ),
            );
    }
}

fn not_readable(error: String) -> Phrase {
    Phrase::msg(id::LOAD_NOT_READABLE).with("error", Phrase::Verbatim(error))
}

/// Why a game file cannot be loaded, in words (the JSON parser's details stay its own).
fn load_error(error: &LoadError) -> Phrase {
    match error {
        LoadError::Json(e) => not_readable(e.to_string()),
        LoadError::Format(format) => {
            Phrase::msg(id::LOAD_NOT_STARHALMA).with("format", Phrase::Verbatim(format.clone()))
        }
        LoadError::Version(version) => Phrase::msg(id::LOAD_NEWER_VERSION)
            .with("version", *version)
            .with("supported", starhalma_rules::SAVE_VERSION),
        LoadError::Illegal { index, mv, reason } => Phrase::msg(id::LOAD_ILLEGAL_MOVE)
            .with("index", *index)
            .with("move", Phrase::Verbatim(mv.to_string()))
            .with("reason", illegal(reason)),
        LoadError::Resignation(e) => {
            Phrase::msg(id::LOAD_BAD_RESIGNATION).with("reason", resign_error(e))
        }
        LoadError::Start(why) => {
            Phrase::msg(id::LOAD_BAD_START).with("reason", Phrase::Verbatim(why.clone()))
        }
    }
}

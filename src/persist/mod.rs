//! Save files, the autosave behind "Continue", and settings that persist between runs.
//!
//! Storage is a folder on the desktop (`$STARHALMA_HOME`, else `$XDG_CONFIG_HOME/starhalma`,
//! else `~/.config/starhalma`) and the browser's local storage on the web. A save file is the
//! rules crate's game file (`starhalma-game`: the setup and every move, replayed and checked on
//! load, so the loaded game is identical, history and undo included) plus who sat where
//! (`"seats"`). A file that cannot be read gets a clear message and the game is left as it was.

mod game_file;
mod kept;
mod settings;
mod store;

use game_file::match_of;
pub use game_file::{load_text, save_text};
pub use kept::{KEPT_GAMES, KEPT_GAMES_UNREADABLE};
pub(crate) use store::ONLINE;
pub use store::{AUTOSAVE, SAVED_GAME, Store};

use crate::camera::CurrentView;
use crate::core::{Authority, CommandApplied, GameCommand, GameReset, Match, MoveApplied};
use crate::frame::Frame;
use crate::locale::{Phrase, SeatSymbols, Words};
use crate::marbles::AnimationSettings;
use crate::net::{OnlineMemory, PlayerProfile, ReplayArrived};
use crate::sound::SoundSettings;
use crate::ui::{FileRequest, MenuChoice, Notice, PanelSettings, RoomClock, SavedGames, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use settings::{load_settings, save_settings};
use starhalma_locale::id;
use starhalma_protocol::GameRecord;
use store::{SETTINGS, file_name};

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
/// a game that ends here (or one not begun) leaves nothing to continue, while a finished game
/// opened to look at leaves the autosave as it was. An online game is the
/// server's to keep: the local autosave is left as it was.
fn autosave(
    state: Res<Match>,
    store: Res<Store>,
    authority: Res<Authority>,
    mut saved: ResMut<SavedGames>,
    mut commands: MessageReader<CommandApplied>,
    // A finished game opened to look at (a replay, My games) is shown: it is not the game to
    // continue, even undone a move or when the app closes.
    mut looking: Local<bool>,
) {
    for CommandApplied(command) in commands.read() {
        match command {
            GameCommand::Load(..) => *looking = state.game.is_over(),
            GameCommand::NewGame(_) | GameCommand::Room(_) => *looking = false,
            _ => {}
        }
    }
    if *authority == Authority::Server || *looking {
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
    mut notice: ResMut<Notice>,
    mut opener: GameOpener,
) {
    for request in requests.read() {
        let (text, from) = match request {
            FileRequest::Save | FileRequest::OpenKept(_) => continue,
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
                opener.open(Match { game, setup });
            }
            Err(e) => {
                notice.0 = Phrase::msg(id::FILE_LOAD_FAILED_FROM)
                    .with("place", from)
                    .with("error", e)
            }
        }
    }
}

/// Loads a game (a file's, a replay's) and shows it, from the menu too.
#[derive(SystemParam)]
pub(super) struct GameOpener<'w> {
    screen: Res<'w, State<Screen>>,
    commands: MessageWriter<'w, GameCommand>,
    next: ResMut<'w, NextState<Screen>>,
}

impl GameOpener<'_> {
    pub(super) fn open(&mut self, Match { game, setup }: Match) {
        self.commands
            .write(GameCommand::Load(Box::new(game), setup));
        if *self.screen.get() != Screen::Playing {
            self.next.set(Screen::Playing);
        }
    }
}

/// A replay's record from the server (net fetched it): its save file loaded like a saved
/// game's (checked move by move), or why it cannot be.
fn load_replays(
    mut arrived: MessageReader<ReplayArrived>,
    mut notice: ResMut<Notice>,
    mut opener: GameOpener,
) {
    for ReplayArrived { id: record, answer } in arrived.read() {
        let game = Phrase::Verbatim(record.clone());
        // Read once: the record's save is the rules' game, every move checked as it is read.
        let loaded = answer.as_ref().map_err(Clone::clone).and_then(|body| {
            serde_json::from_str::<GameRecord>(body)
                .ok()
                .and_then(|record| record.save)
                .map(|game| match_of(game, None))
                .ok_or(Phrase::msg(id::FETCH_GARBLED))
        });
        match loaded {
            Ok(replay) => {
                opener.open(replay);
                notice.0 = Phrase::msg(id::REPLAY_LOADED).with("game", game);
            }
            Err(why) => {
                notice.0 = Phrase::msg(id::REPLAY_FAILED)
                    .with("game", game)
                    .with("reason", why);
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
            .init_resource::<kept::KeptFileBlocked>()
            .add_systems(
                PostStartup,
                (
                    load_settings,
                    find_saved_games,
                    load_online_memory,
                    kept::load_kept_games,
                ),
            )
            .add_systems(
                Update,
                (
                    (
                        dropped_files,
                        (save_game, load_game, load_replays, kept::open_kept_games),
                    )
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
                                .or_eager(resource_changed::<SeatSymbols>)
                                .or_eager(resource_changed::<PlayerProfile>)
                                .or_eager(resource_changed::<RoomClock>),
                        ),
                        autosave.run_if(autosave_due),
                        kept::keep_finished_games,
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

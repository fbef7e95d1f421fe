//! The games against the computer kept on this device (`games.json`: the last 500, for My
//! games and its statistics, readable offline): each one kept when it ends here, once.

use super::GameOpener;
use super::game_file::{load_text, save_compact};
use super::store::Store;
use crate::core::{Authority, CommandApplied, GameCommand, Match, MoveApplied};
use crate::locale::{Phrase, date_words, wall_clock_ms};
use crate::ui::{FileRequest, KeptGame, KeptGames, Notice};
use bevy::prelude::*;
use starhalma_locale::id;

/// The kept games' file.
pub const KEPT_GAMES: &str = "games.json";
/// Where an unreadable `games.json` is put aside (never overwritten by new games).
pub const KEPT_GAMES_UNREADABLE: &str = "games-unreadable.json";

/// Read the kept games at start-up. A file that cannot be read is put aside under
/// [`KEPT_GAMES_UNREADABLE`] (so the next game kept does not overwrite it), and the list starts
/// empty.
/// An unreadable `games.json` could not be put aside: it is not written this session, so
/// nothing of it is lost.
#[derive(Resource, Default)]
pub(super) struct KeptFileBlocked(bool);

pub(super) fn load_kept_games(
    store: Res<Store>,
    mut kept: ResMut<KeptGames>,
    mut blocked: ResMut<KeptFileBlocked>,
) {
    match store.read(KEPT_GAMES) {
        Ok(Some(text)) => match serde_json::from_str::<Vec<KeptGame>>(&text) {
            Ok(games) => {
                kept.0.clear();
                for game in games {
                    kept.keep(game);
                }
            }
            Err(e) => {
                warn!("{KEPT_GAMES} is unreadable ({e}); kept aside as {KEPT_GAMES_UNREADABLE}");
                if let Err(e) = store.write(KEPT_GAMES_UNREADABLE, &text) {
                    warn!("could not put it aside ({e}): games are not kept this session");
                    blocked.0 = true;
                }
            }
        },
        Ok(None) => {}
        Err(e) => warn!("ignoring {KEPT_GAMES}: {e}"),
    }
}

/// Keep a game against the computer when it ends here (a move or a resignation ended it): not
/// one that was opened finished (a replay, a loaded file), not one ended again after an undo,
/// not an online one (the server keeps those).
pub(super) fn keep_finished_games(
    (mut moves, mut commands): (MessageReader<MoveApplied>, MessageReader<CommandApplied>),
    (state, authority): (Res<Match>, Res<Authority>),
    mut kept: ResMut<KeptGames>,
    (store, blocked): (Res<Store>, Res<KeptFileBlocked>),
    // This game's end is kept already, or the game came finished.
    mut ended: Local<bool>,
) {
    let moved = moves.read().count() > 0;
    let mut changed = moved;
    for CommandApplied(command) in commands.read() {
        changed = true;
        if !matches!(command, GameCommand::Undo | GameCommand::Resign(_)) {
            // Another game: kept when it ends, unless it came finished.
            *ended = state.game.is_over();
        }
    }
    if !changed || *ended || !state.game.is_over() {
        return;
    }
    *ended = true;
    if *authority != Authority::Local {
        return;
    }
    // Compact: 500 of them share the browser's few megabytes of local storage.
    let Some(game) = KeptGame::of(&state, save_compact(&state), wall_clock_ms()) else {
        return;
    };
    kept.keep(game);
    if blocked.0 {
        return;
    }
    let text = serde_json::to_string(&kept.0).expect("kept games serialise");
    if let Err(e) = store.write(KEPT_GAMES, &text) {
        warn!("could not keep the finished game: {e}");
    }
}

/// My games' Open: a kept game on the board as a replay.
pub(super) fn open_kept_games(
    mut requests: MessageReader<FileRequest>,
    kept: Res<KeptGames>,
    mut notice: ResMut<Notice>,
    mut opener: GameOpener,
) {
    for request in requests.read() {
        let FileRequest::OpenKept(index) = request else {
            continue;
        };
        let Some(game) = kept.0.get(*index) else {
            continue;
        };
        let date = date_words(game.ended_ms);
        match load_text(&game.save) {
            Ok(replay) => {
                opener.open(replay);
                notice.0 = Phrase::msg(id::MY_GAMES_OPENED).with("date", date);
            }
            Err(why) => {
                notice.0 = Phrase::msg(id::REPLAY_FAILED)
                    .with("game", date)
                    .with("reason", why);
            }
        }
    }
}

//! Save files: the rules crate's game file plus who sat where, and why one cannot be loaded.

use crate::core::{Match, SeatKind, Setup};
use crate::locale::{Phrase, illegal, resign_error};
use starhalma_locale::id;
use starhalma_rules::{Game, LoadError};

/// The save file of a match: the game file with the seats added.
pub fn save_text(state: &Match) -> String {
    serde_json::to_string_pretty(&save_value(state)).expect("a JSON value always serialises")
}

/// The save file as a JSON value (written compact where many are kept together).
pub(super) fn save_value(state: &Match) -> serde_json::Value {
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
    value
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
    // Play again starts with the seat this game started with.
    let setup = Setup {
        first: game.first(),
        ..Setup::new(game.variant(), seats)
    };
    Ok(Match { game, setup })
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

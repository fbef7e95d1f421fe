//! Save files: the rules crate's game file plus who sat where, and why one cannot be loaded.

use crate::core::{Match, SeatKind, Setup};
use crate::locale::{Phrase, illegal, resign_error};
use serde::{Deserialize, Serialize};
use starhalma_locale::id;
use starhalma_rules::{Game, LoadError};

/// The save file of a match: the game file with the seats added.
pub fn save_text(state: &Match) -> String {
    serde_json::to_string_pretty(&SaveFile::of(state)).expect("a game always serialises")
}

/// The save file written compact (where many are kept together).
pub(super) fn save_compact(state: &Match) -> String {
    serde_json::to_string(&SaveFile::of(state)).expect("a game always serialises")
}

/// A save file: the rules crate's game file, and who sat where.
#[derive(Serialize)]
struct SaveFile<'a> {
    #[serde(flatten)]
    game: &'a Game,
    seats: Vec<SeatKind>,
}

impl SaveFile<'_> {
    fn of(state: &Match) -> SaveFile<'_> {
        SaveFile {
            game: &state.game,
            // A saved online game is played on as pass and play.
            seats: state
                .setup
                .seats
                .iter()
                .map(|&kind| match kind {
                    SeatKind::Remote => SeatKind::Human,
                    kind => kind,
                })
                .collect(),
        }
    }
}

/// The seats of a save file, read apart from its game (which the rules crate reads and checks).
#[derive(Deserialize)]
struct SavedSeats {
    /// None in a plain game file: every seat is a person.
    #[serde(default)]
    seats: Option<Vec<SeatKind>>,
}

/// A match from a save file (also a plain game file without seats: then every seat is a
/// person). Every move is replayed and checked.
pub fn load_text(text: &str) -> Result<Match, Phrase> {
    let game = Game::from_json(text).map_err(|e| load_error(&e))?;
    let players = game.variant().players();
    let seats = serde_json::from_str::<SavedSeats>(text)
        .map_err(|_| Phrase::msg(id::LOAD_SEATS_LIST))?
        .seats;
    if let Some(seats) = &seats
        && seats.len() != players as usize
    {
        return Err(Phrase::msg(id::LOAD_SEAT_COUNT)
            .with("seats", seats.len())
            .with("players", players));
    }
    Ok(match_of(game, seats))
}

/// A match of `game` with these seats (every seat a person when none are given, as in a
/// replay); Play again starts with the seat this game started with.
pub(crate) fn match_of(game: Game, seats: Option<Vec<SeatKind>>) -> Match {
    let players = game.variant().players() as usize;
    let seats = seats.unwrap_or_else(|| vec![SeatKind::Human; players]);
    let setup = Setup {
        first: game.first(),
        ..Setup::new(game.variant(), seats)
    };
    Match { game, setup }
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

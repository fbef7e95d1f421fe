//! The match: the engine's `Game` as a resource, and the systems that change it.
//!
//! Every source of a change (a click on the board, a button, a key, the computer, a network
//! peer, a replay) writes a [`MoveRequest`] (the exact move) or a [`GameCommand`] (undo, resign,
//! new game, load, and the room server's changes online). The systems in [`apply`], in
//! `Frame::Apply`, check each against the rules and either apply it, announcing [`MoveApplied`]
//! (with the recorded route and where the move came from), [`CommandApplied`] and, when the
//! whole game changed, [`GameReset`]; or refuse it with a [`MoveRejected`] /
//! [`CommandRejected`] reason. Nothing else writes `Match`, [`Viewing`] or [`Authority`].

mod apply;

use crate::frame::Frame;
use crate::locale::Phrase;
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_locale::id;
use starhalma_rules::{Game, Move, Played, RuleSet, Variant};

/// Who plays a seat. Kept in save files and settings by its [`SeatKind::file_name`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum SeatKind {
    Human,
    Computer(Level),
    /// Played on another device (a friend or the server's computer, online): only moves the
    /// server confirmed are played for it here.
    Remote,
}

impl SeatKind {
    /// The name save files and settings use: `human`, `easy`, `medium`, `hard`.
    pub fn file_name(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => level.name().to_ascii_lowercase(),
            SeatKind::Remote => "remote".into(),
        }
    }

    /// A seat from its file name (any case): every name `file_name` writes reads back.
    pub fn from_file_name(name: &str) -> Option<SeatKind> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("human") {
            return Some(SeatKind::Human);
        }
        if name.eq_ignore_ascii_case("remote") {
            return Some(SeatKind::Remote);
        }
        name.parse().ok().map(SeatKind::Computer)
    }
}

impl From<SeatKind> for String {
    fn from(kind: SeatKind) -> String {
        kind.file_name()
    }
}

impl TryFrom<String> for SeatKind {
    type Error = String;
    fn try_from(name: String) -> Result<SeatKind, String> {
        SeatKind::from_file_name(&name)
            // Read by serde, never shown: a file's bad seat is dropped (`lenient`).
            .ok_or_else(|| format!("{name:?}: human, easy, medium, hard or remote")) // for developers
    }
}

/// Where a move request came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSource {
    /// The 3D board (a click or a tap), or a press the screenshot mode makes.
    Board,
    /// The controls panel, with the pointer or the keyboard; Pass.
    Panel,
    Computer,
    /// The room server's confirmed move.
    Network,
}

impl MoveSource {
    /// Sources a person at this device uses.
    pub fn is_local_person(self) -> bool {
        matches!(self, MoveSource::Board | MoveSource::Panel)
    }
}

/// What a game is started with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub variant: Variant,
    pub seats: Vec<SeatKind>,
    /// The seat that moves first (0, Red, unless the menu's "Who starts: random" tossed
    /// another).
    pub first: u8,
}

impl Default for Setup {
    /// The menu's first choice: the table's rules, a person against Medium.
    fn default() -> Self {
        Setup {
            variant: Variant::new(RuleSet::Table { long_hops: false }, 2)
                .expect("the table is played by two"),
            seats: vec![SeatKind::Human, SeatKind::Computer(Level::Medium)],
            first: 0,
        }
    }
}

impl Setup {
    /// `seats` playing `variant`, seat 0 first.
    pub fn new(variant: Variant, seats: Vec<SeatKind>) -> Setup {
        Setup {
            variant,
            seats,
            first: 0,
        }
    }

    /// Seat 0 a person, the others the computer at `level`.
    pub fn against_computer(variant: Variant, level: Level) -> Setup {
        let seats = variant
            .seats()
            .map(|s| {
                if s == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Computer(level)
                }
            })
            .collect();
        Setup::new(variant, seats)
    }

    /// An online game's seats as this device plays them: its own seat (none for a spectator)
    /// a person here, every other one remote.
    pub fn online(variant: Variant, seat: Option<u8>) -> Setup {
        let seats = variant
            .seats()
            .map(|s| {
                if Some(s) == seat {
                    SeatKind::Human
                } else {
                    SeatKind::Remote
                }
            })
            .collect();
        Setup::new(variant, seats)
    }

    /// Is this a setup a game can start with (one seat kind per player)?
    fn check(&self) -> Result<(), Phrase> {
        let players = self.variant.players();
        if self.seats.len() != players as usize {
            return Err(Phrase::msg(id::REASON_SEAT_COUNT)
                .with("players", players)
                .with("seats", self.seats.len()));
        }
        if self.first >= players {
            return Err(Phrase::msg(id::REASON_SEAT_COUNT)
                .with("players", players)
                .with("seats", self.first + 1));
        }
        Ok(())
    }
}

/// The game being played and who sits where. The engine's `Game` is the only truth; entities
/// mirror it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: Game,
    pub setup: Setup,
}

impl Default for Match {
    fn default() -> Self {
        Match::new(Setup::default())
    }
}

impl Match {
    pub fn new(setup: Setup) -> Match {
        // A first seat that does not play (refused by `Setup::check` before a new game) starts
        // with seat 0.
        let game = Game::starting_with(setup.variant, setup.first)
            .unwrap_or_else(|_| Game::new(setup.variant));
        Match { game, setup }
    }

    pub fn seat_kind(&self, seat: u8) -> SeatKind {
        self.setup.seats[seat as usize]
    }

    /// Is the active seat played by a person at this device?
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.seat_kind(self.game.active()) == SeatKind::Human
    }

    /// The first seat a person plays (the camera faces it), if any.
    pub fn first_person(&self) -> Option<u8> {
        self.setup
            .seats
            .iter()
            .position(|&k| k == SeatKind::Human)
            .map(|s| s as u8)
    }

    /// The seat a Resign button resigns: the person to move, else the first person here.
    pub fn resigning_seat(&self) -> Option<u8> {
        if self.human_to_move() {
            Some(self.game.active())
        } else {
            self.first_person()
        }
    }

    /// Does the person to move have nothing to play but a pass?
    pub fn must_pass(&self) -> bool {
        self.human_to_move() && self.game.legal_moves().iter().all(|m| m.is_pass())
    }

    /// Diamond Game: the player to move has filled the 15 target holes (with any colours) but
    /// the king is not on the tip (the rules crate's `Game::king_to_tip`).
    pub fn king_to_the_tip(&self) -> bool {
        self.game.king_to_tip(self.game.active())
    }

    /// Take back moves for an undo: against the computer, back to before the person's last
    /// move, the computer's replies included; among people (or computers only), one move.
    /// False when there is nothing to take back.
    pub fn undo_for_people(&mut self) -> bool {
        if self.first_person().is_none() {
            return self.game.undo();
        }
        let mut undone_any = false;
        loop {
            let Some(last) = self.game.history().last() else {
                return undone_any;
            };
            let by_person = self.seat_kind(last.seat) == SeatKind::Human;
            if !self.game.undo() {
                return undone_any;
            }
            undone_any = true;
            if by_person {
                return true;
            }
        }
    }
}

/// What the board shows: the live game, or a read-only position of its past (the move list's
/// replay). The live game goes on untouched while a replay is shown; local moves and the
/// computer wait until the player returns to it.
#[derive(Resource, Clone, Debug, Default)]
pub enum Viewing {
    #[default]
    Live,
    Replay {
        /// Moves played in the shown position.
        ply: usize,
        /// The live game taken back to that point.
        game: Box<Game>,
    },
}

impl Viewing {
    /// The live game shown as it was after `ply` moves (`ply` past the end: the live game).
    pub fn replay(live: &Game, ply: usize) -> Viewing {
        if ply >= live.history().len() {
            return Viewing::Live;
        }
        let mut game = live.clone();
        // Undo takes back a resignation first, then moves.
        while game.history().len() > ply || game.resigned().is_some() {
            if !game.undo() {
                break;
            }
        }
        Viewing::Replay {
            ply,
            game: Box::new(game),
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, Viewing::Live)
    }

    /// The game the board shows.
    pub fn shown<'a>(&'a self, state: &'a Match) -> &'a Game {
        match self {
            Viewing::Live => &state.game,
            Viewing::Replay { game, .. } => game,
        }
    }
}

/// A request to play this very move, kind included: the selection, the computer and the server
/// name the move they mean (a Diamond king may both step and jump to one hole, and a masters
/// swap must stay a swap), so core only checks it.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveRequest {
    pub mv: Move,
    pub source: MoveSource,
}

impl MoveRequest {
    pub fn new(mv: Move, source: MoveSource) -> MoveRequest {
        MoveRequest { mv, source }
    }

    pub fn pass(source: MoveSource) -> MoveRequest {
        MoveRequest::new(Move::PASS, source)
    }
}

/// A change to the game that is not a move.
#[derive(Message, Clone, PartialEq, Eq, Debug)]
pub enum GameCommand {
    /// Take back the last move (against the computer: the person's last move and the replies).
    Undo,
    /// This seat, played by a person here, resigns.
    Resign(u8),
    /// A new game from the start.
    NewGame(Setup),
    /// A saved game, history included.
    Load(Box<Game>, Setup),
    /// Online, three players or more: this seat's person leaves and the computer plays on.
    Leave(u8),
    /// Online, after the game: a new game with the same players, seats shifted by one.
    Rematch,
    /// What the room server decided (the connection turns its events into these).
    Room(RoomChange),
}

/// A change the room server made, applied here with the rules crate as the server applied it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RoomChange {
    /// Entering a room, before its game arrives: an empty board of this variant where nobody
    /// here moves. From now on the server decides what is played.
    Entering(Variant),
    /// The room's game as the server sent it (on entering, reconnecting or a resync), seen
    /// from this device's seat (`None`: watching).
    Game { game: Box<Game>, seat: Option<u8> },
    /// This seat resigned.
    Resigned(u8),
    /// This device's person left the table: the computer plays the seat for good and this
    /// device watches.
    LeftHere,
    /// Play starts with `first` to move (a room that tossed for it): the game, still without
    /// a move, starts again with that seat.
    Started { first: u8 },
    /// A rematch: a new game of the same variant, this device's person now in `seat`, `first`
    /// moving first.
    Rematch { seat: Option<u8>, first: u8 },
}

/// Who decides what is played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Authority {
    /// This device: requests and commands are applied here.
    #[default]
    Local,
    /// A room server: local moves and commands are checked here (for an instant reason) and
    /// proposed to it as [`Proposal`]s; only what it confirms is applied, as `Network` move
    /// requests and [`GameCommand::Room`] changes.
    Server,
}

/// Online, what a person here asked for and the rules allow, for the connection to send.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proposal {
    Move(Move),
    Resign,
    Leave,
    Rematch,
}

/// A move was played; marbles, animation and HUD follow its recorded route.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    pub played: Played,
    /// Who asked for it (the connection waits for its own `Network` moves).
    pub source: MoveSource,
}

/// A request was refused; the reason is shown to the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    pub request: MoveRequest,
    pub reason: Phrase,
}

/// A command was carried out.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CommandApplied(pub GameCommand);

/// A command was refused; the reason is shown to the player (a room change's refusal is the
/// connection's to mend, by asking the server for its game again).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CommandRejected {
    pub command: GameCommand,
    pub reason: Phrase,
}

/// The whole game changed (new game, undo, load): everything mirroring it rebuilds.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameReset;

/// Show the live game (`None`) or the position after this many moves (the move list).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShowPly(pub Option<usize>);

/// The board switched between the live game and a replayed position: what mirrors the shown
/// game rebuilds (the game itself did not change).
#[derive(Message, Clone, Copy, Debug, Default)]
pub(crate) struct ViewChanged;

/// Run condition: the game the board shows was replaced (a reset, or a switch between the live
/// game and a replay). Both message kinds are always read, so neither is seen twice.
pub(crate) fn shown_game_replaced(
    mut resets: MessageReader<GameReset>,
    mut views: MessageReader<ViewChanged>,
) -> bool {
    resets.read().count() + views.read().count() > 0
}

/// The headless core of the client: the match, requests, commands and their application.
pub(crate) struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MoveRequest>()
            .add_message::<MoveApplied>()
            .add_message::<MoveRejected>()
            .add_message::<GameCommand>()
            .add_message::<CommandApplied>()
            .add_message::<CommandRejected>()
            .add_message::<GameReset>()
            .add_message::<ShowPly>()
            .add_message::<ViewChanged>()
            .add_message::<Proposal>()
            .init_resource::<Authority>()
            .init_resource::<Match>()
            .init_resource::<Viewing>()
            .add_systems(
                Update,
                // Moves first: a computer move planned for the position before an undo or a
                // new game is then taken back or replaced with it, never played into the next.
                (
                    apply::apply_move_requests,
                    apply::apply_commands,
                    apply::apply_show_requests,
                )
                    .chain()
                    .in_set(Frame::Apply),
            );
    }
}

//! The match: the engine's `Game` as a resource, and the one system that changes it.
//!
//! Every source of a move (a click on the board, a button, a key, the computer, a network peer,
//! a replay) writes a [`MoveRequest`]. [`apply_move_requests`] checks it against the rules and
//! either plays it, announcing [`MoveApplied`] with the recorded route, or refuses it with a
//! [`MoveRejected`] reason. Nothing else edits the game.

use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_rules::{Game, Hole, IllegalMove, Move, MoveKind, Played, Variant};

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatKind {
    Human,
    Computer(Level),
}

/// Where a move request came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSource {
    Board,
    Panel,
    Keyboard,
    Computer,
    Network,
    Replay,
}

impl MoveSource {
    /// Sources a person at this device uses.
    pub fn is_local_person(self) -> bool {
        matches!(
            self,
            MoveSource::Board | MoveSource::Panel | MoveSource::Keyboard
        )
    }
}

/// What a game is started with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub variant: Variant,
    pub seats: Vec<SeatKind>,
}

impl Setup {
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
        Setup { variant, seats }
    }
}

/// The game being played and who sits where. The engine's `Game` is the only truth; entities
/// mirror it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: Game,
    pub setup: Setup,
}

impl Match {
    pub fn new(setup: Setup) -> Match {
        Match {
            game: Game::new(setup.variant),
            setup,
        }
    }

    pub fn seat_kind(&self, seat: u8) -> SeatKind {
        self.setup.seats[seat as usize]
    }

    /// Is the active seat played by a person at this device?
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.seat_kind(self.game.active()) == SeatKind::Human
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

/// A request to move: `from` and `to` name the holes (a jump chain by its destination), or a
/// pass.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveRequest {
    pub intent: Intent,
    pub source: MoveSource,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Intent {
    Between { from: Hole, to: Hole },
    Pass,
}

impl MoveRequest {
    pub fn between(from: Hole, to: Hole, source: MoveSource) -> MoveRequest {
        MoveRequest {
            intent: Intent::Between { from, to },
            source,
        }
    }

    pub fn pass(source: MoveSource) -> MoveRequest {
        MoveRequest {
            intent: Intent::Pass,
            source,
        }
    }
}

/// A move was played; marbles, animation and HUD follow its recorded route.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    pub played: Played,
}

/// A request was refused; the reason is shown to the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    pub request: MoveRequest,
    pub reason: String,
}

/// The whole game changed (new game, undo, load): everything mirroring it rebuilds.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameReset;

/// The board switched between the live game and a replayed position: what mirrors the shown
/// game rebuilds (the game itself did not change).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ViewChanged;

/// Set while a move is being animated: input and the computer wait for it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animating(pub bool);

/// Which move a press on a destination means when several reach it: a step before a jump (only a
/// Diamond king can have both), a swap last.
pub const MOVE_PREFERENCE: [MoveKind; 3] = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap];

/// The move `intent` names among the legal moves. A step is preferred over a jump to the same
/// hole (only a Diamond king can have both), and a swap is what a move onto an opponent's peg
/// means.
pub fn resolve(game: &Game, intent: Intent) -> Result<Move, IllegalMove> {
    let (from, to) = match intent {
        Intent::Pass => return game.check(Move::PASS).map(|()| Move::PASS),
        Intent::Between { from, to } => (from, to),
    };
    let legal = game.legal_moves();
    for kind in MOVE_PREFERENCE {
        let mv = Move { kind, from, to };
        if legal.contains(&mv) {
            return Ok(mv);
        }
    }
    // Not legal: let the engine say why, for the move a player most likely meant.
    let kind = if game.position().occupied() & to.bit() != 0 && game.position().owner(to).is_some()
    {
        MoveKind::Swap
    } else if from.distance(to) == 1 {
        MoveKind::Step
    } else {
        MoveKind::Jump
    };
    let mv = Move { kind, from, to };
    match game.check(mv) {
        Err(reason) => Err(reason),
        Ok(()) => Ok(mv),
    }
}

/// The one system that changes the game.
pub fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut state: ResMut<Match>,
    animating: Res<Animating>,
    viewing: Res<Viewing>,
    mut applied: MessageWriter<MoveApplied>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for &request in requests.read() {
        let refuse = |reason: String, rejected: &mut MessageWriter<MoveRejected>| {
            rejected.write(MoveRejected { request, reason });
        };
        if animating.0 {
            refuse("wait for the last move to finish".into(), &mut rejected);
            continue;
        }
        if !viewing.is_live() && request.source != MoveSource::Network {
            refuse(
                "you are looking at a past position: return to the live game first".into(),
                &mut rejected,
            );
            continue;
        }
        if state.game.is_over() {
            refuse(IllegalMove::GameOver.to_string(), &mut rejected);
            continue;
        }
        let seat = state.game.active();
        let kind = state.seat_kind(seat);
        let allowed = match kind {
            SeatKind::Human => {
                request.source.is_local_person() || request.source == MoveSource::Replay
            }
            SeatKind::Computer(_) => {
                matches!(request.source, MoveSource::Computer | MoveSource::Replay)
            }
        };
        if !allowed {
            refuse("it is not your turn".into(), &mut rejected);
            continue;
        }
        let mv = match resolve(&state.game, request.intent) {
            Ok(mv) => mv,
            Err(reason) => {
                refuse(reason.to_string(), &mut rejected);
                continue;
            }
        };
        match state.game.play(mv) {
            Ok(played) => {
                applied.write(MoveApplied {
                    played: played.clone(),
                });
            }
            Err(reason) => refuse(reason.to_string(), &mut rejected),
        }
    }
}

/// Systems that follow the game run after it changes.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Input and the computer write requests.
    Input,
    /// The game changes.
    Apply,
    /// Entities, animation and HUD follow.
    Mirror,
}

/// The headless core of the client: the match, requests and their application.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MoveRequest>()
            .add_message::<MoveApplied>()
            .add_message::<MoveRejected>()
            .add_message::<GameReset>()
            .add_message::<ViewChanged>()
            .init_resource::<Animating>()
            .init_resource::<Viewing>()
            .configure_sets(
                Update,
                (GameSet::Input, GameSet::Apply, GameSet::Mirror).chain(),
            )
            .add_systems(Update, apply_move_requests.in_set(GameSet::Apply));
    }
}

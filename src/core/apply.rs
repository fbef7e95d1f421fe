//! The systems that change the match: each request and command is checked against the rules
//! before anything changes, so a refused one leaves the match as it was.

use super::{
    Authority, CommandApplied, CommandRejected, GameCommand, GameReset, Match, MoveApplied,
    MoveRejected, MoveRequest, MoveSource, Proposal, RoomChange, SeatKind, Setup, ShowPly,
    ViewChanged, Viewing,
};
use crate::frame::Animating;
use crate::locale::{Phrase, illegal, resign_error, variant_name};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_rules::{Game, IllegalMove, Move};

/// Plays move requests (the only system that plays moves). Online, a person's move here is
/// only proposed to the server; the server's confirmation comes back as a `Network` request.
pub(super) fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut state: ResMut<Match>,
    animating: Res<Animating>,
    viewing: Res<Viewing>,
    authority: Res<Authority>,
    mut out: MoveOutcomes,
) {
    for &request in requests.read() {
        match check_request(&state, request, animating.0, &viewing, *authority) {
            Ok(mv) if *authority == Authority::Server && request.source != MoveSource::Network => {
                out.proposals.write(Proposal::Move(mv));
            }
            Ok(mv) => match state.game.play(mv) {
                Ok(played) => {
                    out.applied.write(MoveApplied {
                        played: played.clone(),
                        source: request.source,
                    });
                }
                Err(reason) => {
                    out.rejected.write(MoveRejected {
                        request,
                        reason: illegal(&reason),
                    });
                }
            },
            Err(reason) => {
                out.rejected.write(MoveRejected { request, reason });
            }
        }
    }
}

/// What the move requests of a frame come to.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MoveOutcomes<'w> {
    applied: MessageWriter<'w, MoveApplied>,
    rejected: MessageWriter<'w, MoveRejected>,
    proposals: MessageWriter<'w, Proposal>,
}

/// The move a request makes, or why it is refused. A `Network` move is the server's: it is
/// played for any seat, and only while a server is the authority.
fn check_request(
    state: &Match,
    request: MoveRequest,
    animating: bool,
    viewing: &Viewing,
    authority: Authority,
) -> Result<Move, Phrase> {
    if animating {
        return Err(Phrase::msg(id::REASON_ANIMATING));
    }
    if !viewing.is_live() && request.source != MoveSource::Network {
        return Err(Phrase::msg(id::REASON_REPLAY));
    }
    if state.game.is_over() {
        return Err(illegal(&IllegalMove::GameOver));
    }
    let allowed = if request.source == MoveSource::Network {
        authority == Authority::Server
    } else {
        match state.seat_kind(state.game.active()) {
            SeatKind::Human => request.source.is_local_person(),
            SeatKind::Computer(_) => request.source == MoveSource::Computer,
            SeatKind::Remote => false,
        }
    };
    if !allowed {
        return Err(Phrase::msg(id::REASON_NOT_YOUR_TURN));
    }
    state
        .game
        .check(request.mv)
        .map(|()| request.mv)
        .map_err(|reason| illegal(&reason))
}

/// What a command did.
enum Outcome {
    /// The game changed in place (a resignation).
    Changed,
    /// The whole game was replaced or taken back: everything mirroring it rebuilds.
    Reset,
    /// Online: checked here and sent to the server, which decides.
    Proposed(Proposal),
}

/// What the commands of a frame come to.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CommandOutcomes<'w> {
    applied: MessageWriter<'w, CommandApplied>,
    rejected: MessageWriter<'w, CommandRejected>,
    resets: MessageWriter<'w, GameReset>,
    proposals: MessageWriter<'w, Proposal>,
}

/// Carries out commands (the only other system that writes the game). A new, undone or loaded
/// game is always shown live.
pub(super) fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut state: ResMut<Match>,
    mut viewing: ResMut<Viewing>,
    mut authority: ResMut<Authority>,
    mut out: CommandOutcomes,
) {
    for command in commands.read() {
        match carry_out(&mut state, &mut authority, command) {
            Ok(Outcome::Proposed(proposal)) => {
                out.proposals.write(proposal);
            }
            Ok(outcome) => {
                if matches!(outcome, Outcome::Reset) {
                    if !viewing.is_live() {
                        *viewing = Viewing::Live;
                    }
                    out.resets.write(GameReset);
                }
                out.applied.write(CommandApplied(command.clone()));
            }
            Err(reason) => {
                out.rejected.write(CommandRejected {
                    command: command.clone(),
                    reason,
                });
            }
        }
    }
}

/// Switches the board between the live game and a past position (the only writer of
/// `Viewing`, with `apply_commands`' return to the live game on a reset).
pub(super) fn apply_show_requests(
    mut requests: MessageReader<ShowPly>,
    state: Res<Match>,
    mut viewing: ResMut<Viewing>,
    mut changed: MessageWriter<ViewChanged>,
) {
    for &ShowPly(ply) in requests.read() {
        let next = match ply {
            Some(ply) => Viewing::replay(&state.game, ply),
            None => Viewing::Live,
        };
        let same = match (&next, &*viewing) {
            (Viewing::Live, Viewing::Live) => true,
            (Viewing::Replay { ply: a, .. }, Viewing::Replay { ply: b, .. }) => a == b,
            _ => false,
        };
        if !same {
            *viewing = next;
            changed.write(ViewChanged);
        }
    }
}

/// Check that a person here plays `seat` in a game still going on.
/// `refusal` is why someone else's seat may not do it.
fn person_here(state: &Match, seat: u8, refusal: &'static str) -> Result<(), Phrase> {
    if seat >= state.game.variant().players() {
        return Err(Phrase::msg(id::REASON_NO_SEAT).with("seat", seat));
    }
    if state.seat_kind(seat) != SeatKind::Human {
        return Err(Phrase::msg(refusal));
    }
    if state.game.is_over() {
        return Err(illegal(&IllegalMove::GameOver));
    }
    Ok(())
}

/// `game` played with `setup`, if its seats are for its variant.
fn matched(game: &Game, setup: &Setup) -> Result<Match, Phrase> {
    setup.check()?;
    if game.variant() != setup.variant {
        return Err(Phrase::msg(id::REASON_SEATS_FOR)
            .with("setup", variant_name(setup.variant))
            .with("game", variant_name(game.variant())));
    }
    Ok(Match {
        game: game.clone(),
        setup: setup.clone(),
    })
}

/// Apply one command to the match. A refused command leaves the match untouched (checks come
/// before any change).
fn carry_out(
    state: &mut ResMut<Match>,
    authority: &mut ResMut<Authority>,
    command: &GameCommand,
) -> Result<Outcome, Phrase> {
    let online = **authority == Authority::Server;
    match command {
        GameCommand::Undo if online => Err(Phrase::msg(id::REASON_NO_ONLINE_UNDO)),
        GameCommand::Undo => {
            // Checked first so that a refused undo does not mark the match changed.
            let anything_played =
                !state.game.history().is_empty() || state.game.resigned().is_some();
            if anything_played && state.undo_for_people() {
                Ok(Outcome::Reset)
            } else {
                Err(Phrase::msg(id::REASON_NOTHING_TO_UNDO))
            }
        }
        GameCommand::Resign(seat) => {
            person_here(state, *seat, id::REASON_PERSON_RESIGN)?;
            if online {
                return Ok(Outcome::Proposed(Proposal::Resign));
            }
            state
                .game
                .resign(*seat)
                .map(|_| Outcome::Changed)
                .map_err(|e| resign_error(&e))
        }
        GameCommand::Leave(seat) => {
            if !online {
                return Err(Phrase::msg(id::REASON_LEAVE_OFFLINE));
            }
            if state.game.variant().players() < 3 {
                return Err(Phrase::msg(id::REASON_LEAVE_TWO));
            }
            person_here(state, *seat, id::REASON_PERSON_LEAVE)?;
            Ok(Outcome::Proposed(Proposal::Leave))
        }
        GameCommand::Rematch => {
            if !online {
                return Err(Phrase::msg(id::REASON_REMATCH_OFFLINE));
            }
            if !state.game.is_over() {
                return Err(Phrase::msg(id::REASON_NOT_OVER));
            }
            Ok(Outcome::Proposed(Proposal::Rematch))
        }
        GameCommand::NewGame(setup) => {
            setup.check()?;
            **state = Match::new(setup.clone());
            authority.set_if_neq(Authority::Local);
            Ok(Outcome::Reset)
        }
        GameCommand::Load(game, setup) => {
            **state = matched(game, setup)?;
            authority.set_if_neq(Authority::Local);
            Ok(Outcome::Reset)
        }
        GameCommand::Room(change) => {
            let outcome = room_change(state, online, change)?;
            authority.set_if_neq(Authority::Server);
            Ok(outcome)
        }
    }
}

/// The room server's change, made with the rules crate. Entering a room or receiving its game
/// makes the server the authority; the other changes come only while it is.
fn room_change(
    state: &mut ResMut<Match>,
    online: bool,
    change: &RoomChange,
) -> Result<Outcome, Phrase> {
    let variant = state.game.variant();
    match change {
        RoomChange::Entering(variant) => {
            **state = Match::new(Setup::online(*variant, None));
            Ok(Outcome::Reset)
        }
        RoomChange::Game { game, seat } => {
            **state = matched(game, &Setup::online(game.variant(), *seat))?;
            Ok(Outcome::Reset)
        }
        _ if !online => Err(Phrase::msg(id::REASON_NOT_ONLINE)),
        RoomChange::Resigned(seat) => state
            .game
            .resign(*seat)
            .map(|_| Outcome::Changed)
            .map_err(|e| resign_error(&e)),
        RoomChange::LeftHere => {
            // The game goes on as it was; only who plays here changed.
            state.setup = Setup::online(variant, None);
            Ok(Outcome::Reset)
        }
        RoomChange::Started { first } => {
            if !state.game.history().is_empty() {
                return Err(Phrase::msg(id::REASON_ALREADY_BEGUN));
            }
            let setup = Setup {
                first: *first,
                ..state.setup.clone()
            };
            setup.check()?;
            **state = Match::new(setup);
            Ok(Outcome::Reset)
        }
        RoomChange::Rematch { seat, first } => {
            let setup = Setup {
                first: *first,
                ..Setup::online(variant, *seat)
            };
            setup.check()?;
            **state = Match::new(setup);
            Ok(Outcome::Reset)
        }
    }
}

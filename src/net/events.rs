//! The room's events applied in order, each through core: a move as a `Network` request,
//! anything else that changes the game as a room change; the next waits for core's outcome.

use super::connection::{Handed, Link, Outcome};
use crate::core::{
    CommandApplied, CommandRejected, GameCommand, Match, MoveApplied, MoveRejected, MoveRequest,
    MoveSource, RoomChange,
};
use crate::frame::Animating;
use bevy::prelude::*;
use starhalma_protocol::{RoomEvent, SeatHolder};

/// What core did last frame with what the connection handed it.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CoreOutcomes<'w, 's> {
    moves: MessageReader<'w, 's, MoveApplied>,
    refused_moves: MessageReader<'w, 's, MoveRejected>,
    commands: MessageReader<'w, 's, CommandApplied>,
    refused_commands: MessageReader<'w, 's, CommandRejected>,
}

impl CoreOutcomes<'_, '_> {
    /// Every message is read each frame (so none is seen twice); the outcome of `handed`.
    fn of(&mut self, handed: Option<&Handed>) -> Outcome {
        // `filter(..).count()`, not `any`: `any` would stop reading at the first match.
        let network = |source: MoveSource| source == MoveSource::Network;
        let moved = self.moves.read().filter(|m| network(m.source)).count() > 0;
        let move_refused = self
            .refused_moves
            .read()
            .filter(|r| network(r.request.source))
            .count()
            > 0;
        let command = match handed {
            Some(Handed::Command(command)) => Some(command),
            _ => None,
        };
        let applied = self
            .commands
            .read()
            .filter(|c| Some(&c.0) == command)
            .count()
            > 0;
        let refused = self
            .refused_commands
            .read()
            .filter(|r| Some(&r.command) == command)
            .count()
            > 0;
        match handed {
            Some(Handed::Move) if move_refused => Outcome::Refused,
            Some(Handed::Move) if moved => Outcome::Taken,
            Some(Handed::Command(_)) if refused => Outcome::Refused,
            Some(Handed::Command(_)) if applied => Outcome::Taken,
            _ => Outcome::NotYet,
        }
    }
}

/// Apply the queued events in seq order: each once the last one was applied by core and
/// nothing animates. Events that change only the room (seats, start) are the connection's.
pub(super) fn apply_events(
    mut link: Link,
    state: Res<Match>,
    animating: Res<Animating>,
    mut outcomes: CoreOutcomes,
    mut requests: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Link {
        conn,
        online,
        memory,
        ..
    } = &mut link;
    match outcomes.of(conn.handed.as_ref()) {
        Outcome::Taken => {
            conn.handed = None;
            conn.session.taken();
        }
        Outcome::Refused => {
            // Our game and the server's disagree: ask for the whole state again.
            conn.handed = None;
            conn.session.refused();
        }
        Outcome::NotYet => {}
    }
    if conn.handed.is_none() && !animating.0 && conn.socket.is_some() {
        while let Some(event) = conn.session.next_event() {
            match event {
                RoomEvent::Moved { mv, .. } => {
                    requests.write(MoveRequest::new(mv, MoveSource::Network));
                    conn.handed = Some(Handed::Move);
                    break;
                }
                RoomEvent::Seats { seats } => {
                    online.started |= !seats.contains(&SeatHolder::Open);
                    online.seats = seats;
                    conn.session.taken();
                }
                RoomEvent::Started { first, record } => {
                    online.started = true;
                    online.record = record;
                    if first == state.game.first() {
                        conn.session.taken();
                    } else {
                        // The room tossed for the first seat: the game starts again with it.
                        conn.hand(
                            GameCommand::Room(RoomChange::Started { first }),
                            &mut commands,
                        );
                        break;
                    }
                }
                RoomEvent::Resigned { seat } => {
                    conn.hand(GameCommand::Room(RoomChange::Resigned(seat)), &mut commands);
                    break;
                }
                RoomEvent::Left { seat } => {
                    if let Some(holder) = online.seats.get_mut(usize::from(seat)) {
                        *holder = SeatHolder::Computer;
                    }
                    if online.seat != Some(seat) {
                        conn.session.taken();
                        continue;
                    }
                    // The seat is the computer's for good: its token is spent.
                    online.seat = None;
                    if let Some(room) = conn.session.room() {
                        memory.tokens.retain(|(r, _)| *r != room);
                    }
                    conn.session.forget_token();
                    conn.hand(GameCommand::Room(RoomChange::LeftHere), &mut commands);
                    break;
                }
                RoomEvent::Rematch {
                    seats,
                    first,
                    record,
                } => {
                    online.record = record;
                    let players = state.game.variant().players();
                    online.seat = online.seat.map(|s| (s + 1) % players);
                    // The host is whoever sits in seat 0.
                    online.host = online.seat == Some(0);
                    online.seats = seats;
                    online.away.clear();
                    let seat = online.seat;
                    conn.hand(
                        GameCommand::Room(RoomChange::Rematch { seat, first }),
                        &mut commands,
                    );
                    break;
                }
            }
        }
    }
    conn.flush();
}

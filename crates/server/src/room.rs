//! One room: the authoritative game, its seats and tokens, and the event log. Plain data and
//! checks, no I/O: every method either changes the room by appending events to its log or
//! refuses with a [`Refusal`] and changes nothing, so the socket code only routes messages.

use starhalma_protocol::{ErrorCode, RoomCode, RoomEvent, SeatHolder, Token, Welcome};
use starhalma_rules::{Game, IllegalMove, Move, Variant};
use std::time::Duration;
use thiserror::Error;

/// Why a request was refused: the protocol's code and a message for people.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{code}: {message}")]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// A seat: who holds it and, for a person, the token that proves it.
#[derive(Clone, Debug)]
pub struct Seat {
    pub holder: SeatHolder,
    pub token: Option<Token>,
}

/// What a move request became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Applied as the event with this seq.
    Applied(u64),
    /// The same move was already applied as this seq (a resend): ack it again.
    Resent(u64),
}

pub struct Room {
    code: RoomCode,
    game: Game,
    seats: Vec<Seat>,
    /// Event `seq` is `log[seq - 1]`: a new room is at seq 0.
    log: Vec<RoomEvent>,
    started: bool,
    /// When the room was made, on the server's clock (the 24 h expiry reads it).
    created_at: Duration,
    /// The seq a computer is planning for, so one position is planned once.
    planning_at: Option<u64>,
}

impl Room {
    /// A room for `variant` with its host in seat 0, holding `host_token`.
    pub fn new(code: RoomCode, variant: Variant, host_token: Token, now: Duration) -> Room {
        let mut seats = vec![
            Seat {
                holder: SeatHolder::Open,
                token: None,
            };
            usize::from(variant.players())
        ];
        seats[0] = Seat {
            holder: SeatHolder::Person { connected: true },
            token: Some(host_token),
        };
        Room {
            code,
            game: Game::new(variant),
            seats,
            log: Vec::new(),
            started: false,
            created_at: now,
            planning_at: None,
        }
    }

    pub fn code(&self) -> RoomCode {
        self.code
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn created_at(&self) -> Duration {
        self.created_at
    }

    /// The seq of the last event (0 for a new room).
    pub fn seq(&self) -> u64 {
        self.log.len() as u64
    }

    pub fn holders(&self) -> Vec<SeatHolder> {
        self.seats.iter().map(|s| s.holder).collect()
    }

    /// The events after `have` with their seqs (none when `have` is at or past the end).
    pub fn events_after(&self, have: u64) -> Vec<(u64, RoomEvent)> {
        let start = usize::try_from(have)
            .unwrap_or(usize::MAX)
            .min(self.log.len());
        (start..self.log.len())
            .map(|i| (i as u64 + 1, self.log[i].clone()))
            .collect()
    }

    /// The room as the holder of `seat` (or a spectator, `None`) sees it.
    pub fn welcome(&self, link: String, seat: Option<u8>) -> Welcome {
        Welcome {
            room: self.code,
            link,
            seat,
            token: seat.and_then(|s| self.seats[usize::from(s)].token),
            host: seat == Some(0),
            seats: self.holders(),
            game: self.game.clone(),
            seq: self.seq(),
        }
    }

    /// The seat `token` holds.
    pub fn seat_of(&self, token: Token) -> Result<u8, Refusal> {
        self.seats
            .iter()
            .position(|s| s.token == Some(token))
            .map(|s| s as u8)
            .ok_or_else(|| Refusal::new(ErrorCode::BadToken, "this token holds no seat here"))
    }

    /// Whether a person's connection to `seat` is open (shown to everyone in `seats`; not an
    /// event, since it changes nothing in the game).
    pub fn set_connected(&mut self, seat: u8, connected: bool) {
        if let Some(Seat {
            holder: SeatHolder::Person { connected: c },
            ..
        }) = self.seats.get_mut(usize::from(seat))
        {
            *c = connected;
        }
    }

    fn push(&mut self, event: RoomEvent) -> u64 {
        self.log.push(event);
        self.seq()
    }

    /// After a seating change: the new seating, then `started` once every seat is taken.
    fn seating_changed(&mut self) {
        let seats = self.holders();
        self.push(RoomEvent::Seats { seats });
        if !self.started && self.seats.iter().all(|s| s.holder != SeatHolder::Open) {
            self.started = true;
            self.push(RoomEvent::Started {});
        }
    }

    /// Seat a new person in the lowest open seat with `token`.
    pub fn join(&mut self, token: Token) -> Result<u8, Refusal> {
        let seat = self
            .seats
            .iter()
            .position(|s| s.holder == SeatHolder::Open)
            .ok_or_else(|| Refusal::new(ErrorCode::RoomFull, "every seat is taken; you watch"))?;
        self.seats[seat] = Seat {
            holder: SeatHolder::Person { connected: true },
            token: Some(token),
        };
        self.seating_changed();
        Ok(seat as u8)
    }

    /// The host seats the computer in every open seat, which starts play.
    pub fn fill_computer(&mut self, seat: Option<u8>) -> Result<(), Refusal> {
        if seat != Some(0) {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the host fills seats with the computer",
            ));
        }
        if self.started {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "every seat is taken already",
            ));
        }
        for s in &mut self.seats {
            if s.holder == SeatHolder::Open {
                s.holder = SeatHolder::Computer;
            }
        }
        self.seating_changed();
        Ok(())
    }

    /// Check that `seat` may act in the game now.
    fn playing_seat(&self, seat: Option<u8>) -> Result<u8, Refusal> {
        let seat = seat
            .ok_or_else(|| Refusal::new(ErrorCode::Spectator, "spectators watch; join to play"))?;
        if !self.started {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "play starts when every seat is taken",
            ));
        }
        Ok(seat)
    }

    /// `seat` plays `mv`, decided at `seq`. A resend of an applied move is recognised by the
    /// event right after `seq`, so it is acked again and never applied twice.
    pub fn play(&mut self, seat: Option<u8>, seq: u64, mv: Move) -> Result<MoveOutcome, Refusal> {
        let seat = self.playing_seat(seat)?;
        if let Some(RoomEvent::Moved { seat: s, mv: m }) =
            usize::try_from(seq).ok().and_then(|i| self.log.get(i))
            && *s == seat
            && *m == mv
        {
            return Ok(MoveOutcome::Resent(seq + 1));
        }
        if seq != self.seq() {
            return Err(Refusal::new(
                ErrorCode::Stale,
                format!("the room is at seq {}", self.seq()),
            ));
        }
        if self.game.active() != seat {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("seat {} is to move", self.game.active()),
            ));
        }
        self.apply(seat, mv).map(MoveOutcome::Applied)
    }

    fn apply(&mut self, seat: u8, mv: Move) -> Result<u64, Refusal> {
        match self.game.play(mv) {
            Ok(_) => Ok(self.push(RoomEvent::Moved { seat, mv })),
            Err(e @ IllegalMove::NotYourPiece { .. }) => {
                Err(Refusal::new(ErrorCode::NotYourSeat, e.to_string()))
            }
            Err(e) => Err(Refusal::new(ErrorCode::Illegal, e.to_string())),
        }
    }

    /// `seat` gives up (the rules crate's resignation: with two players the other wins).
    pub fn resign(&mut self, seat: Option<u8>) -> Result<u64, Refusal> {
        let seat = self.playing_seat(seat)?;
        self.game
            .resign(seat)
            .map_err(|e| Refusal::new(ErrorCode::Illegal, e.to_string()))?;
        Ok(self.push(RoomEvent::Resigned { seat }))
    }

    /// When a computer seat is to move and nobody plans for it yet: the seq to plan at (marked
    /// as taken) and the game to plan on.
    pub fn computer_turn(&mut self) -> Option<(u64, Game)> {
        let active = usize::from(self.game.active());
        let computer = self.seats.get(active)?.holder == SeatHolder::Computer;
        if !self.started || self.game.is_over() || !computer || self.planning_at.is_some() {
            return None;
        }
        self.planning_at = Some(self.seq());
        Some((self.seq(), self.game.clone()))
    }

    /// The computer's planned move for the position at `seq`; dropped when the room moved on
    /// meanwhile (a resignation), since the plan no longer fits.
    pub fn computer_move(&mut self, seq: u64, mv: Move) -> Option<u64> {
        if self.planning_at != Some(seq) {
            return None;
        }
        self.planning_at = None;
        if seq != self.seq() {
            return None;
        }
        let seat = self.game.active();
        self.apply(seat, mv).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(players: u8) -> Room {
        let variant = Variant::new(starhalma_rules::RuleSet::Laws, players).unwrap();
        Room::new(
            RoomCode::from_bits(7),
            variant,
            Token::from_bits(1),
            Duration::ZERO,
        )
    }

    #[test]
    fn joining_fills_the_lowest_seat_and_starts_play() {
        let mut r = room(2);
        assert_eq!(r.join(Token::from_bits(2)), Ok(1));
        assert_eq!(r.seq(), 2);
        assert_eq!(r.events_after(1), vec![(2, RoomEvent::Started {})]);
        assert_eq!(
            r.join(Token::from_bits(3)).unwrap_err().code,
            ErrorCode::RoomFull
        );
        assert_eq!(r.seq(), 2);
    }

    #[test]
    fn refusals_change_nothing() {
        let mut r = room(2);
        let mv = r.game().legal_moves()[0];
        assert_eq!(
            r.play(Some(0), 0, mv).unwrap_err().code,
            ErrorCode::NotStarted
        );
        r.join(Token::from_bits(2)).unwrap();
        assert_eq!(r.play(None, 2, mv).unwrap_err().code, ErrorCode::Spectator);
        assert_eq!(
            r.play(Some(1), 2, mv).unwrap_err().code,
            ErrorCode::NotYourTurn
        );
        assert_eq!(r.play(Some(0), 1, mv).unwrap_err().code, ErrorCode::Stale);
        assert_eq!(
            r.fill_computer(Some(1)).unwrap_err().code,
            ErrorCode::NotHost
        );
        assert_eq!(r.seq(), 2);
        assert_eq!(r.play(Some(0), 2, mv), Ok(MoveOutcome::Applied(3)));
        assert_eq!(r.play(Some(0), 2, mv), Ok(MoveOutcome::Resent(3)));
        assert_eq!(r.game().history().len(), 1);
    }
}

//! A client's side of a room (docs/ONLINE.md) as a plain state machine: no socket, clock or
//! window. The client tells it what the server said and what its own game made of each event;
//! it says what to send and which event to apply next.
//!
//! - Events are applied in seq order, one at a time: [`Session::next_event`] hands one out and
//!   waits for [`Session::taken`] or [`Session::refused`] before the next. A gap in the seqs
//!   asks for the missing events with `sync` (once per gap).
//! - A `welcome` replaces everything: the client applies its game, and events after its seq
//!   follow.
//! - One move of this client's is in flight at a time; its `ack` or `error` frees the next.
//! - A game that could not follow an event asks for the whole room again (`sync` with a `have`
//!   past the room's end is answered with a fresh `welcome`).
//! - A server not heard from for [`PING_AFTER`] is sent a `ping` (the server's own
//!   WebSocket pings are hidden from a page's script); one silent for [`GONE_AFTER`] is taken
//!   for gone, and the client reconnects with its token, waiting longer (with jitter) each try.

use crate::{ClientMessage, PlayerKey, PlayerName, RoomCode, RoomEvent, Token, Welcome};
use starhalma_rules::Move;
use std::collections::BTreeMap;
use std::time::Duration;

/// What the client's game has been handed and not yet taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// The game of a `welcome`, which includes every event up to its seq.
    Welcome,
    /// The event of this seq.
    Event(u64),
}

/// Time without a frame from the server before the client sends `ping`.
pub const PING_AFTER: Duration = Duration::from_secs(15);
/// Time without a frame from the server before the client takes it for gone and connects
/// again: a live server answers the ping long before.
pub const GONE_AFTER: Duration = Duration::from_secs(30);

/// What the client's look at the server's silence calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Liveness {
    Fine,
    /// Gone: close the socket and connect again.
    Gone,
}

/// A move proposed while another is still unanswered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a move is already waiting for the server's answer")]
pub struct MoveInFlight;

/// The client's side of one room connection.
#[derive(Clone, Debug, Default)]
pub struct Session {
    room: Option<RoomCode>,
    token: Option<Token>,
    /// The player's display name, sent with every `hello`.
    name: Option<PlayerName>,
    /// The player's key, sent with every `hello` (and by the client with `create` and
    /// `quick_match`).
    player_key: Option<PlayerKey>,
    /// Events up to this seq are in the client's game.
    applied: u64,
    /// Events received and not handed out yet, by seq.
    queue: BTreeMap<u64, RoomEvent>,
    pending: Option<Pending>,
    /// The `have` of the last `sync` sent for a gap, so a gap asks once.
    asked_sync: Option<u64>,
    /// The id of this client's move sent and not yet answered.
    in_flight: Option<u32>,
    last_id: u32,
    /// Connection attempts since the last `welcome`.
    retries: u32,
    /// When (the client's clock: time since it started) the server was last heard from on
    /// this connection, and when the client pinged it since.
    heard_at: Duration,
    pinged_at: Option<Duration>,
    outbox: Vec<ClientMessage>,
}

impl Session {
    /// A session for entering `room` (`None`: creating one) with the seat token kept for it.
    pub fn new(room: Option<RoomCode>, token: Option<Token>) -> Session {
        Session {
            room,
            token,
            ..Session::default()
        }
    }

    /// Forget the room, keeping the move ids counting (a new room starts from its `welcome`).
    pub fn restart(&mut self, room: Option<RoomCode>, token: Option<Token>) {
        *self = Session {
            last_id: self.last_id,
            name: self.name.take(),
            player_key: self.player_key,
            ..Session::new(room, token)
        };
    }

    /// The name to go by in rooms entered from now on (a seat keeps the one it was taken
    /// with).
    pub fn set_name(&mut self, name: Option<PlayerName>) {
        self.name = name;
    }

    pub fn name(&self) -> Option<&PlayerName> {
        self.name.as_ref()
    }

    /// The key rooms entered from now on know this player by.
    pub fn set_player_key(&mut self, key: Option<PlayerKey>) {
        self.player_key = key;
    }

    pub fn player_key(&self) -> Option<PlayerKey> {
        self.player_key
    }

    pub fn room(&self) -> Option<RoomCode> {
        self.room
    }

    pub fn token(&self) -> Option<Token> {
        self.token
    }

    /// The seq of the last event the client's game includes.
    pub fn applied(&self) -> u64 {
        self.applied
    }

    /// Queue a message for the server.
    pub fn send(&mut self, message: ClientMessage) {
        self.outbox.push(message);
    }

    /// The messages to send, in order.
    pub fn take_outbox(&mut self) -> Vec<ClientMessage> {
        std::mem::take(&mut self.outbox)
    }

    /// Say who we are (on every new connection): the room, the seat's token, if any, and the
    /// name.
    pub fn hello(&mut self) {
        let (room, token) = (self.room, self.token);
        let name = self.name.as_ref().map(|n| n.as_str().to_string());
        self.send(ClientMessage::Hello {
            room,
            token,
            name,
            player_key: self.player_key,
        });
    }

    /// The seat's token was refused, or the seat is gone (left to the computer): enter again
    /// as a spectator from now on.
    pub fn forget_token(&mut self) {
        self.token = None;
    }

    /// The connection dropped: how long to wait before trying again, 1 s doubling to 8 s,
    /// each times `0.5 + jitter / 2` for a `jitter` in 0..=1 (so clients dropped together do
    /// not all come back at once). The move in flight is answered by the next `welcome`, not
    /// by an `ack`.
    pub fn connection_lost(&mut self, jitter: f64) -> Duration {
        self.in_flight = None;
        self.retries += 1;
        let base = f64::from(1u32 << self.retries.min(4)) / 2.0;
        Duration::from_secs_f64(base * (0.5 + jitter.clamp(0.0, 1.0) / 2.0))
    }

    /// A connection opened (or the server said anything) at `now`.
    pub fn heard(&mut self, now: Duration) {
        self.heard_at = now;
        self.pinged_at = None;
    }

    /// Look at the server's silence at `now`: a `ping` after [`PING_AFTER`] seconds of it
    /// (queued once), gone after [`GONE_AFTER`].
    pub fn beat(&mut self, now: Duration) -> Liveness {
        let silent = now.saturating_sub(self.heard_at);
        if silent >= GONE_AFTER {
            return Liveness::Gone;
        }
        if silent >= PING_AFTER && self.pinged_at.is_none() {
            self.pinged_at = Some(now);
            self.send(ClientMessage::Ping {});
        }
        Liveness::Fine
    }

    /// A `welcome`: its game is the client's to apply now (report it with `taken`); events
    /// up to its seq are dropped.
    pub fn welcome(&mut self, welcome: &Welcome) {
        self.room = Some(welcome.room);
        self.token = welcome.token;
        self.applied = welcome.seq;
        self.queue.retain(|&seq, _| seq > welcome.seq);
        self.pending = Some(Pending::Welcome);
        self.asked_sync = None;
        self.retries = 0;
    }

    /// An event from the room's log.
    pub fn event(&mut self, seq: u64, event: RoomEvent) {
        if seq > self.applied {
            self.queue.insert(seq, event);
        }
    }

    /// Is something handed to the game and not yet taken or refused?
    pub fn is_waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// The next event to apply, if it is the one after the last applied and nothing else is
    /// being applied. A gap asks the server for the missing events.
    pub fn next_event(&mut self) -> Option<RoomEvent> {
        if self.pending.is_some() {
            return None;
        }
        while let Some((&seq, _)) = self.queue.first_key_value() {
            if seq <= self.applied {
                self.queue.pop_first();
                continue;
            }
            if seq > self.applied + 1 {
                let have = self.applied;
                if self.asked_sync != Some(have) {
                    self.asked_sync = Some(have);
                    self.send(ClientMessage::Sync { have });
                }
                return None;
            }
            let (seq, event) = self.queue.pop_first()?;
            self.pending = Some(Pending::Event(seq));
            return Some(event);
        }
        None
    }

    /// The game took what it was handed (the welcome's game, or the event).
    pub fn taken(&mut self) {
        if let Some(Pending::Event(seq)) = self.pending.take() {
            self.applied = seq;
        }
    }

    /// The game could not follow what it was handed: ours and the server's disagree, so the
    /// whole room is asked for again.
    pub fn refused(&mut self) {
        self.pending = None;
        self.queue.clear();
        self.send(ClientMessage::Sync { have: u64::MAX });
    }

    /// Propose this client's move, decided on the game as it is after the events applied.
    pub fn propose_move(&mut self, mv: Move) -> Result<(), MoveInFlight> {
        if self.in_flight.is_some() {
            return Err(MoveInFlight);
        }
        self.last_id = self.last_id.wrapping_add(1);
        let id = self.last_id;
        self.in_flight = Some(id);
        let seq = self.applied;
        self.send(ClientMessage::Move { seq, mv, id });
        Ok(())
    }

    /// The server answered a message with this id (`ack`, or `error` carrying it).
    pub fn answered(&mut self, id: Option<u32>) {
        if id.is_some() && self.in_flight == id {
            self.in_flight = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatHolder;
    use starhalma_rules::{Game, RuleSet, Variant};

    fn room() -> RoomCode {
        "abcdefghij".parse().unwrap()
    }

    fn welcome_at(seq: u64) -> Welcome {
        let variant = Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap();
        Welcome {
            room: room(),
            link: "http://127.0.0.1:1/?room=abcdefghij".parse().unwrap(),
            seat: Some(0),
            token: None,
            host: true,
            seats: vec![SeatHolder::Open, SeatHolder::Open],
            game: Game::new(variant),
            seq,
            clock_ms: None,
            turn_left_ms: None,
            player: None,
            record: None,
            records: true,
        }
    }

    fn resigned(seat: u8) -> RoomEvent {
        RoomEvent::Resigned { seat }
    }

    /// A session that has taken a welcome at `seq`.
    fn in_room(seq: u64) -> Session {
        let mut session = Session::new(Some(room()), None);
        session.welcome(&welcome_at(seq));
        session.taken();
        session
    }

    #[test]
    fn events_are_handed_out_in_seq_order_one_at_a_time() {
        let mut session = in_room(3);
        session.event(5, resigned(1));
        session.event(4, resigned(0));
        assert_eq!(session.next_event(), Some(resigned(0)));
        assert_eq!(session.next_event(), None, "the first is not taken yet");
        session.taken();
        assert_eq!(session.applied(), 4);
        assert_eq!(session.next_event(), Some(resigned(1)));
        session.taken();
        assert_eq!(session.applied(), 5);
        assert_eq!(session.next_event(), None);
        assert!(session.take_outbox().is_empty());
    }

    #[test]
    fn events_wait_until_the_welcome_game_is_taken() {
        let mut session = Session::new(Some(room()), None);
        session.welcome(&welcome_at(2));
        session.event(3, resigned(0));
        assert_eq!(session.next_event(), None);
        session.taken();
        assert_eq!(session.applied(), 2, "the welcome's seq, not more");
        assert_eq!(session.next_event(), Some(resigned(0)));
    }

    #[test]
    fn old_and_repeated_events_are_dropped() {
        let mut session = in_room(5);
        session.event(4, resigned(0));
        session.event(5, resigned(0));
        assert_eq!(session.next_event(), None);
        session.event(6, resigned(1));
        session.event(6, resigned(1));
        assert_eq!(session.next_event(), Some(resigned(1)));
        session.taken();
        assert_eq!(session.next_event(), None);
    }

    #[test]
    fn a_gap_asks_for_the_missing_events_once() {
        let mut session = in_room(1);
        session.event(4, resigned(0));
        assert_eq!(session.next_event(), None);
        assert_eq!(session.next_event(), None);
        assert_eq!(
            session.take_outbox(),
            vec![ClientMessage::Sync { have: 1 }],
            "one sync, however often the queue is looked at"
        );
        session.event(2, resigned(1));
        assert_eq!(session.next_event(), Some(resigned(1)));
        session.taken();
        assert_eq!(session.next_event(), None);
        assert_eq!(session.take_outbox(), vec![ClientMessage::Sync { have: 2 }]);
    }

    #[test]
    fn a_refused_event_asks_for_the_whole_room() {
        let mut session = in_room(1);
        session.event(2, resigned(0));
        session.event(3, resigned(1));
        assert_eq!(session.next_event(), Some(resigned(0)));
        session.refused();
        assert_eq!(session.applied(), 1, "nothing applied");
        assert_eq!(
            session.next_event(),
            None,
            "the queue waits for the new welcome"
        );
        assert_eq!(
            session.take_outbox(),
            vec![ClientMessage::Sync { have: u64::MAX }]
        );
    }

    #[test]
    fn a_welcome_replaces_the_log_up_to_its_seq() {
        let mut session = in_room(1);
        session.event(2, resigned(0));
        session.event(3, resigned(1));
        session.event(4, resigned(0));
        session.welcome(&welcome_at(3));
        session.taken();
        assert_eq!(session.applied(), 3);
        assert_eq!(session.next_event(), Some(resigned(0)));
        session.taken();
        assert_eq!(session.applied(), 4);
    }

    #[test]
    fn one_move_is_in_flight_at_a_time_and_carries_the_seq_it_was_decided_on() {
        let mut session = in_room(7);
        let mv: Move = "s 5,-1 4,0".parse().unwrap();
        assert_eq!(session.propose_move(mv), Ok(()));
        assert_eq!(session.propose_move(mv), Err(MoveInFlight));
        let sent = session.take_outbox();
        let [ClientMessage::Move { seq, id, .. }] = sent.as_slice() else {
            panic!("one move sent: {sent:?}");
        };
        assert_eq!(*seq, 7);
        session.answered(Some(id + 1));
        assert_eq!(session.propose_move(mv), Err(MoveInFlight), "another id");
        session.answered(Some(*id));
        assert_eq!(session.propose_move(mv), Ok(()));
        let sent = session.take_outbox();
        assert!(
            matches!(sent.as_slice(), [ClientMessage::Move { id: next, .. }] if next != id),
            "a new id for a new move: {sent:?}"
        );
    }

    fn secs(seconds: f64) -> Duration {
        Duration::from_secs_f64(seconds)
    }

    #[test]
    fn a_lost_connection_frees_the_move_and_waits_longer_each_time() {
        let mut session = in_room(0);
        let mv: Move = "s 5,-1 4,0".parse().unwrap();
        session.propose_move(mv).unwrap();
        let waits: Vec<f64> = (0..6)
            .map(|_| session.connection_lost(1.0).as_secs_f64())
            .collect();
        assert_eq!(waits, vec![1.0, 2.0, 4.0, 8.0, 8.0, 8.0]);
        assert_eq!(session.propose_move(mv), Ok(()));
        session.welcome(&welcome_at(0));
        assert_eq!(
            session.connection_lost(1.0),
            secs(1.0),
            "a welcome starts the waits again"
        );
        // Jitter spreads each wait over its upper half.
        assert_eq!(session.connection_lost(0.0), secs(1.0));
        assert_eq!(session.connection_lost(0.5), secs(3.0));
        assert_eq!(
            session.connection_lost(7.0),
            secs(8.0),
            "out of range is clamped"
        );
    }

    #[test]
    fn a_quiet_server_is_pinged_and_a_silent_one_taken_for_gone() {
        let mut session = in_room(0);
        session.heard(secs(100.0));
        assert_eq!(session.beat(secs(114.9)), Liveness::Fine);
        assert!(session.take_outbox().is_empty());
        assert_eq!(session.beat(secs(115.0)), Liveness::Fine);
        assert_eq!(session.take_outbox(), vec![ClientMessage::Ping {}]);
        assert_eq!(session.beat(secs(120.0)), Liveness::Fine);
        assert!(
            session.take_outbox().is_empty(),
            "one ping, not one a frame"
        );
        // The pong (any frame) starts the count again.
        session.heard(secs(121.0));
        assert_eq!(session.beat(secs(135.0)), Liveness::Fine);
        assert!(session.take_outbox().is_empty());
        assert_eq!(session.beat(secs(136.0)), Liveness::Fine);
        assert_eq!(session.take_outbox(), vec![ClientMessage::Ping {}]);
        assert_eq!(session.beat(secs(150.9)), Liveness::Fine);
        assert_eq!(session.beat(secs(151.0)), Liveness::Gone);
    }

    #[test]
    fn hello_names_the_room_the_token_until_it_is_forgotten_the_player_and_their_key() {
        let token: Token = "0123456789abcdef0123456789abcdef".parse().unwrap();
        let mut session = Session::new(Some(room()), Some(token));
        session.hello();
        session.set_name(Some(PlayerName::new("आशा").unwrap()));
        let key: PlayerKey = "fedcba9876543210fedcba9876543210".parse().unwrap();
        session.set_player_key(Some(key));
        session.forget_token();
        session.hello();
        let mut sent = session.take_outbox();
        // A restart (another room) keeps the name and the key.
        session.restart(None, None);
        session.hello();
        sent.extend(session.take_outbox());
        assert_eq!(
            sent,
            vec![
                ClientMessage::Hello {
                    room: Some(room()),
                    token: Some(token),
                    name: None,
                    player_key: None,
                },
                ClientMessage::Hello {
                    room: Some(room()),
                    token: None,
                    name: Some("आशा".into()),
                    player_key: Some(key),
                },
                ClientMessage::Hello {
                    room: None,
                    token: None,
                    name: Some("आशा".into()),
                    player_key: Some(key),
                },
            ]
        );
    }

    #[test]
    fn restarting_forgets_the_room_but_not_the_move_ids() {
        let mut session = in_room(4);
        let mv: Move = "s 5,-1 4,0".parse().unwrap();
        session.propose_move(mv).unwrap();
        let first = session.take_outbox();
        session.restart(None, None);
        assert_eq!(session.room(), None);
        assert_eq!(session.applied(), 0);
        session.propose_move(mv).unwrap();
        let second = session.take_outbox();
        match (first.as_slice(), second.as_slice()) {
            ([ClientMessage::Move { id: a, .. }], [ClientMessage::Move { id: b, .. }]) => {
                assert_ne!(a, b)
            }
            other => panic!("moves sent: {other:?}"),
        }
    }
}

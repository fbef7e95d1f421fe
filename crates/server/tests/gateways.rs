//! Gateways on one Redis (issue 12): the clients of one room on different gateways play it; the
//! gateway holding the room's lease dies mid-game, its player comes back through another with
//! the token, and the game, the takeover timer and the expiry carry on. Redis frozen or killed
//! mid-game (issue 33): every request is answered `unavailable` within the deadline, and the
//! game resumes with nothing lost or doubled once Redis is back.

mod common;

/// Every server of this file is a gateway on a shared Redis (started by each test).
const STORE: common::Store = common::Store::Redis;

use common::{Client, RedisProcess, ServerProcess};
use starhalma_protocol::{
    ClientMessage, ErrorCode, MoveClock, MovedBy, Reaction, RoomCode, RoomEvent, SeatHolder,
    ServerMessage,
};
use starhalma_rules::RuleSet;
use std::time::{Duration, Instant};

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;

/// The mover plays greedily and the other waits for its event.
fn play_one(host: &mut Client, friend: &mut Client, id: &mut u32) {
    let (mover, other) = if host.game().active() == 0 {
        (host, friend)
    } else {
        (friend, host)
    };
    *id += 1;
    let seq = mover.play(starhalma_ai::greedy(mover.game()), *id);
    other.recv_until(|m| {
        matches!(m, ServerMessage::Event { seq: s, .. } if *s == seq).then_some(())
    });
}

/// Move the manual clocks of these gateways on together, each sweep done before the next.
fn advance(clocks: &mut [&mut Client], ms: u64) {
    for clock in clocks.iter_mut() {
        clock.advance(ms);
        clock.assert_quiet();
    }
}

/// A started two-player room: the host created it on `a`, the friend joined on `b`.
fn room_across(a: &ServerProcess, b: &ServerProcess) -> (Client, Client) {
    room_across_with_clock(a, b, None)
}

fn room_across_with_clock(
    a: &ServerProcess,
    b: &ServerProcess,
    clock_ms: Option<MoveClock>,
) -> (Client, Client) {
    let mut host = a.connect();
    host.send(&ClientMessage::Create {
        variant: common::variant(RuleSet::Laws, 2),
        name: Some("Asha".into()),
        clock_ms,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let room = host.room;
    let mut friend = b.connect();
    friend.send(&ClientMessage::Hello {
        room,
        token: None,
        name: Some("Sakura".into()),
        player_key: None,
    });
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    assert_eq!(friend.seat, Some(1));
    while host.seq < 2 {
        host.recv();
    }
    (host, friend)
}

/// Redis's deadline (2 s) and a margin for a busy test machine.
const ANSWERED_WITHIN: Duration = Duration::from_millis(3500);

/// While Redis is out of reach: the mover's move and a newcomer's `hello` are each answered
/// `unavailable` (never `no_such_room` or `expired`) within the deadline. Returns the move.
fn refused_while_out(
    server: &ServerProcess,
    room: Option<RoomCode>,
    mover: &mut Client,
    id: u32,
) -> starhalma_rules::Move {
    let mv = starhalma_ai::greedy(mover.game());
    let sent = Instant::now();
    mover.send(&ClientMessage::Move {
        seq: mover.seq,
        mv,
        id,
    });
    let (_, answered) = mover.expect_error(ErrorCode::Unavailable);
    assert_eq!(answered, Some(id), "the error names the move");
    assert!(sent.elapsed() < ANSWERED_WITHIN, "{:?}", sent.elapsed());
    let mut newcomer = server.connect();
    let sent = Instant::now();
    newcomer.send(&ClientMessage::Hello {
        room,
        token: None,
        name: None,
        player_key: None,
    });
    newcomer.expect_error(ErrorCode::Unavailable);
    assert!(sent.elapsed() < ANSWERED_WITHIN, "{:?}", sent.elapsed());
    mv
}

/// Send the move again (same seq and id) until the store answers: applied now, or acked as
/// the resend of a write that landed late. Returns its seq.
fn resend_until_acked(mover: &mut Client, seq: u64, mv: starhalma_rules::Move, id: u32) -> u64 {
    let started = Instant::now();
    loop {
        mover.send(&ClientMessage::Move { seq, mv, id });
        let answer = mover.recv_until(|m| match m {
            ServerMessage::Ack { id: got, seq } if *got == id => Some(Ok(*seq)),
            ServerMessage::Error {
                code: ErrorCode::Unavailable,
                id: Some(got),
                ..
            } if *got == id => Some(Err(())),
            _ => None,
        });
        if let Ok(acked) = answer {
            return acked;
        }
        assert!(
            started.elapsed() < common::TIMEOUT,
            "the store never came back"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The rest of a trouble test: the move refused while Redis was out goes through (once), the
/// other player hears it through its own gateway, and a few more moves play.
fn resumes(host: &mut Client, friend: &mut Client, mv: starhalma_rules::Move, id: &mut u32) {
    let seq = host.seq;
    let acked = resend_until_acked(host, seq, mv, *id);
    assert_eq!(acked, seq + 1);
    while host.seq < acked {
        host.recv();
    }
    friend.recv_until(|m| {
        matches!(m, ServerMessage::Event { seq: s, .. } if *s == acked).then_some(())
    });
    for _ in 0..4 {
        play_one(host, friend, id);
    }
    assert_eq!(host.game, friend.game);
    // The friend was welcomed at seq 2; from there both logs are the room's, each seq once.
    let after_welcome: Vec<_> = host.events.iter().filter(|(seq, _)| *seq > 2).collect();
    assert_eq!(after_welcome, friend.events.iter().collect::<Vec<_>>());
}

#[test]
fn a_frozen_redis_is_told_as_unavailable_and_the_game_resumes() {
    let redis = RedisProcess::start();
    let a = ServerProcess::gateway(&redis);
    let b = ServerProcess::gateway(&redis);
    let (mut host, mut friend) = room_across(&a, &b);
    let mut id = 0;
    play_one(&mut host, &mut friend, &mut id);
    play_one(&mut host, &mut friend, &mut id);
    assert_eq!(host.game().active(), 0);
    assert_eq!(a.get("/healthz", &[]), (200, "ok\n".to_string()));
    redis.stop();
    id += 1;
    let mv = refused_while_out(&a, host.room, &mut host, id);
    // The proxy's health check sends no player to a gateway that cannot reach its rooms.
    let (status, said) = a.get("/healthz", &[]);
    assert_eq!(status, 503, "{said}");
    assert!(said.contains("unavailable"), "{said}");
    redis.resume();
    assert_eq!(a.get("/healthz", &[]).0, 200);
    resumes(&mut host, &mut friend, mv, &mut id);
}

#[test]
fn a_killed_redis_is_told_as_unavailable_and_the_game_resumes_when_it_returns() {
    let mut redis = RedisProcess::start_durable();
    let a = ServerProcess::gateway(&redis);
    let b = ServerProcess::gateway(&redis);
    let (mut host, mut friend) = room_across(&a, &b);
    let mut id = 0;
    play_one(&mut host, &mut friend, &mut id);
    play_one(&mut host, &mut friend, &mut id);
    redis.kill();
    id += 1;
    let mv = refused_while_out(&a, host.room, &mut host, id);
    redis.restart();
    // The friend's gateway hears the move only through a subscription made anew.
    resumes(&mut host, &mut friend, mv, &mut id);
}

/// A move's time is kept apart from the room's header (issue 33): the gateway running the
/// room's clock (A, the lease holder) counts the host's time from the friend's move made on B,
/// not from an earlier one.
#[test]
fn the_move_clock_counts_from_a_move_made_on_another_gateway() {
    let redis = RedisProcess::start();
    let a = ServerProcess::gateway(&redis);
    let b = ServerProcess::gateway(&redis);
    let (mut host, mut friend) = room_across_with_clock(&a, &b, Some(MoveClock::SECONDS_20));
    let mut clock_a = a.connect();
    let mut clock_b = b.connect();
    let mut id = 0;
    advance(&mut [&mut clock_a, &mut clock_b], 5 * SECOND);
    play_one(&mut host, &mut friend, &mut id);
    advance(&mut [&mut clock_a, &mut clock_b], 10 * SECOND);
    play_one(&mut host, &mut friend, &mut id);
    assert_eq!(host.game().active(), 0);
    // 4 s after the friend's move: A, which only followed it, gives the host 16 s left.
    advance(&mut [&mut clock_a, &mut clock_b], 4 * SECOND);
    assert_eq!(a.watch(host.room).turn_left_ms, Some(16_000));
    // 19 s after the friend's move (29 s after the host's): the host's time is not up.
    advance(&mut [&mut clock_a, &mut clock_b], 15 * SECOND);
    host.assert_quiet();
    advance(&mut [&mut clock_a, &mut clock_b], SECOND);
    let (seat, by) = host.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Moved { seat, by, .. },
            ..
        } => Some((*seat, *by)),
        _ => None,
    });
    assert_eq!((seat, by), (0, Some(MovedBy::Clock)));
}

#[test]
fn a_room_spread_over_three_gateways_survives_its_lease_holder() {
    assert_eq!(STORE, common::Store::Redis);
    let redis = RedisProcess::start();
    let a = ServerProcess::gateway(&redis);
    let b = ServerProcess::gateway(&redis);
    let c = ServerProcess::gateway(&redis);

    // The host creates the room on A (A holds its lease); the friend joins on B; C watches.
    let (mut host, mut friend) = room_across(&a, &b);
    let room = host.room;
    let mut watcher = c.watch(room);
    // A reaction and the names cross gateways: sent on B, heard on A and C.
    friend.send(&ClientMessage::React {
        reaction: Reaction::Hello,
    });
    for client in [&mut host, &mut watcher, &mut friend] {
        let heard = client.recv_until(|m| match m {
            ServerMessage::Reacted { seat, reaction } => Some((*seat, *reaction)),
            _ => None,
        });
        assert_eq!(heard, (1, Reaction::Hello));
    }
    let names: Vec<_> = watcher
        .welcome_seats
        .iter()
        .flatten()
        .map(|seat| match seat {
            SeatHolder::Person { name, .. } => name.as_ref().map(|n| n.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(names, [Some("Asha".into()), Some("Sakura".into())]);
    let mut id = 0;
    for _ in 0..10 {
        play_one(&mut host, &mut friend, &mut id);
    }
    while watcher.seq < friend.seq {
        watcher.recv();
    }
    assert_eq!(watcher.game, friend.game);

    // A dies with the lease; the host comes back through C with the token.
    drop(a);
    let token = host.token;
    let seq = host.seq;
    drop(host);
    let mut host = c.connect();
    host.send(&ClientMessage::Hello {
        room,
        token,
        name: None,
        player_key: None,
    });
    host.welcome();
    assert_eq!(host.seat, Some(0));
    assert_eq!(host.seq, seq, "nothing was lost");
    assert_eq!(host.game, friend.game);
    for _ in 0..10 {
        play_one(&mut host, &mut friend, &mut id);
    }
    assert!(!host.game().is_over());
    // The friend leaves on their own turn; a gateway that took A's lease over runs the 45 s.
    if host.game().active() == 1 {
        play_one(&mut host, &mut friend, &mut id);
    }
    play_one(&mut host, &mut friend, &mut id);
    assert_eq!(host.game().active(), 1);
    friend.close();
    host.recv_until(|m| matches!(m, ServerMessage::Disconnected { seat: 1, .. }).then_some(()));
    let mut clock_b = b.connect();
    let mut clock_c = c.connect();
    advance(&mut [&mut clock_b, &mut clock_c], 44 * SECOND);
    host.assert_quiet();
    advance(&mut [&mut clock_b, &mut clock_c], SECOND);
    // Within the lease time (1 s here) B or C holds the room, and its sweep plays seat 1.
    let played = host.recv_until(|m| match m {
        ServerMessage::Event {
            seq,
            event: RoomEvent::Moved { seat: 1, .. },
        } => Some(*seq),
        _ => None,
    });
    while watcher.seq < played {
        watcher.recv();
    }
    assert_eq!(watcher.game, host.game);

    // A is taken for dead three lease times (3 s here) after its last heartbeat, and only then
    // are its connections let go (the room counted the host's first one until then).
    std::thread::sleep(std::time::Duration::from_secs(4));
    // Everyone goes; the room lives 30 minutes on the holder's clock, then expires for all.
    host.close();
    watcher.close();
    advance(&mut [&mut clock_b, &mut clock_c], 30 * MINUTE - 1);
    b.watch(room).close();
    advance(&mut [&mut clock_b, &mut clock_c], 30 * MINUTE);
    let mut late = c.connect();
    late.send(&ClientMessage::Hello {
        room,
        token,
        name: None,
        player_key: None,
    });
    late.expect_error(ErrorCode::Expired);
    let mut late = b.connect();
    late.send(&ClientMessage::Hello {
        room,
        token: None,
        name: None,
        player_key: None,
    });
    late.expect_error(ErrorCode::Expired);
}

#[test]
fn quick_matches_on_different_gateways_meet_and_every_lobby_hears_of_it() {
    let redis = RedisProcess::start();
    let a = ServerProcess::gateway(&redis);
    let b = ServerProcess::gateway(&redis);
    let mut watcher = b.connect();
    watcher.send(&ClientMessage::LobbyWatch {});
    assert_eq!(
        watcher.lobby_message(),
        ServerMessage::Lobby { rooms: vec![] }
    );

    let mut clock_a = a.connect();
    let mut seated = Vec::new();
    // Two at once, one per gateway: the lock lets one open the room and the other join it.
    for round in 0..3 {
        // A second between rounds on both clocks, so the rooms' ages differ.
        advance(&mut [&mut clock_a, &mut watcher], SECOND);
        let players = [2, 3, 4][round];
        let (first, second) = std::thread::scope(|scope| {
            let one = scope.spawn(|| {
                let mut client = a.connect();
                client.quick_match(players, None, "Asha");
                client
            });
            let two = scope.spawn(|| {
                let mut client = b.connect();
                client.quick_match(players, None, "さくら");
                client
            });
            (one.join().unwrap(), two.join().unwrap())
        });
        assert_eq!(first.room, second.room, "round {round}: they meet");
        let mut seats = [first.seat, second.seat];
        seats.sort();
        assert_eq!(seats, [Some(0), Some(1)]);
        // The lobby on gateway b heard of the room opened on either.
        let room = loop {
            if let ServerMessage::Listed { room } = watcher.lobby_message()
                && room.taken() == 2
            {
                break room;
            }
        };
        assert_eq!(Some(room.room), first.room);
        assert_eq!(room.running, players == 2);
        // Kept connected: a player leaving changes the listing too.
        seated.extend([first, second]);
    }
    // A new watcher on gateway a gets the same list, the newest first.
    let mut late = a.connect();
    late.send(&ClientMessage::LobbyWatch {});
    let ServerMessage::Lobby { rooms } = late.lobby_message() else {
        panic!("lobby_watch is answered with the list");
    };
    let players: Vec<u8> = rooms.iter().map(|r| r.variant.players()).collect();
    assert_eq!(players, [4, 3, 2]);
}

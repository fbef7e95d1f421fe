// The lifecycle suite, run against each store (tests/lifecycle.rs and tests/lifecycle_redis.rs).
use common::{Client, FRIEND_NAME, HOST_NAME, ServerProcess, two_players, variant};
use starhalma_ai::greedy;
use starhalma_protocol::{
    ClientMessage, ErrorCode, MoveClock, MovedBy, PlayerName, RoomCode, RoomEvent, SeatHolder, ServerMessage, Token,
};
use starhalma_rules::{Game, RuleSet, Status};

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;

/// The seat of the next `moved` event.
fn next_mover(client: &mut Client) -> u8 {
    client.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Moved { seat, .. },
            ..
        } => Some(*seat),
        _ => None,
    })
}

/// Receive until the event `seq` is applied.
fn catch_up(client: &mut Client, seq: u64) {
    while client.seq < seq {
        client.recv();
    }
}

fn hello(server: &ServerProcess, room: Option<RoomCode>, token: Option<Token>) -> Client {
    let mut client = server.connect();
    client.send(&ClientMessage::Hello { room, token, name: None, player_key: None });
    client
}

/// A started three-player room: host (seat 0), a friend (seat 1), the computer (seat 2).
fn three_with_computer(server: &ServerProcess, rules: RuleSet) -> (Client, Client) {
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(rules, 3),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let mut friend = hello(server, host.room, None);
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    assert_eq!(friend.seat, Some(1));
    host.send(&ClientMessage::FillComputer {});
    host.recv_until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: RoomEvent::Started { first: 0, .. },
                ..
            }
        )
        .then_some(())
    });
    catch_up(&mut friend, host.seq);
    (host, friend)
}

/// Every connection looks at its heartbeat as soon as the test clock moves, each on its own
/// task: a moment for those looks before the clock moves again.
const HEARTBEAT_LOOK: std::time::Duration = std::time::Duration::from_millis(500);

/// A client that stops answering (a sleeping phone, a network gone without a FIN): pinged
/// after 15 s of the server's clock, counted gone 15 s later, and then away as if it had closed.
#[test]
fn a_client_that_answers_no_pings_is_away_within_30_seconds() {
    let server = ServerProcess::start(&[]);
    let (mut host, silent) = two_players(&server);
    // The silent client reads nothing from here on, so it answers no ping.
    host.advance(15 * SECOND);
    host.assert_quiet();
    std::thread::sleep(HEARTBEAT_LOOK);
    host.advance(14 * SECOND);
    std::thread::sleep(HEARTBEAT_LOOK);
    host.assert_quiet();
    host.advance(SECOND);
    assert_eq!(
        host.recv(),
        ServerMessage::Disconnected {
            seat: 1,
            computer_in_ms: 45_000
        }
    );
    drop(silent);
}

/// A client that reads answers the server's pings by itself: an hour of quiet keeps it.
#[test]
fn a_client_that_answers_pings_stays() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    for _ in 0..4 {
        host.advance(20 * SECOND);
        std::thread::sleep(HEARTBEAT_LOOK);
        host.assert_quiet();
        friend.assert_quiet();
    }
    assert!(host.presence.is_empty(), "{:?}", host.presence);
}

/// Over 4096 bytes a frame gets `too_large` and the connection stays, up to the 64 KiB read
/// limit; past it the connection closes with 1009.
#[test]
fn every_frame_size_gets_its_documented_answer() {
    let server = ServerProcess::start(&[]);
    let mut client = server.connect();
    for size in [4097, 65_536] {
        client.send_raw(&"x".repeat(size));
        client.expect_error(starhalma_protocol::ErrorCode::TooLarge);
        client.assert_quiet();
    }
    // Past the limit the server stops reading and closes with 1009. The frame's unread rest
    // makes the server's kernel reset the connection, which can reach a client before it
    // reads that Close: then the connection is over all the same.
    for size in [65_537, 1 << 20] {
        let mut client = server.connect();
        let sent = client.send_raw_until_cut(&"x".repeat(size));
        let status = client.end_status();
        assert!(
            matches!(status, Some(1009) | None),
            "{size} B: {status:?} (sent whole: {sent})"
        );
    }
    // The connection before went on after its too_large answers.
    client.assert_quiet();
}

#[test]
fn a_close_is_answered_with_a_status() {
    let server = ServerProcess::start(&[]);
    let (_host, friend) = two_players(&server);
    assert_eq!(friend.close_answered(1000), Some(1000));
}

#[test]
fn the_computer_plays_for_a_person_away_45_seconds_until_they_are_back() {
    let server = ServerProcess::start(&[]);
    let (mut host, friend) = two_players(&server);
    let token = friend.token;
    friend.close();
    assert_eq!(
        host.recv(),
        ServerMessage::Disconnected {
            seat: 1,
            computer_in_ms: 45_000
        }
    );
    host.play(greedy(host.game()), 1);
    // Seat 1 is to move, and away: nothing for 44 s, the computer's move at 45 s.
    host.advance(44 * SECOND);
    host.assert_quiet();
    host.advance(SECOND);
    assert_eq!(next_mover(&mut host), 1);
    // Still away: the computer answers the host's next move too.
    host.play(greedy(host.game()), 2);
    assert_eq!(next_mover(&mut host), 1);

    let mut back = hello(&server, host.room, token);
    back.welcome();
    assert_eq!(back.seat, Some(1));
    assert_eq!(back.game, host.game);
    assert_eq!(host.recv(), ServerMessage::Reconnected { seat: 1 });
    // Control is back: however long the wait, the computer leaves seat 1's turn to its person.
    let seq = host.play(greedy(host.game()), 3);
    catch_up(&mut back, seq);
    host.advance(HOUR / 2 - MINUTE);
    host.assert_quiet();
    back.assert_quiet();
    let seq = back.play(greedy(back.game()), 1);
    catch_up(&mut host, seq);
    assert_eq!(host.game, back.game);
}

#[test]
fn a_second_connection_with_the_token_takes_the_seat_over() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    let mut second = hello(&server, host.room, friend.token);
    second.welcome();
    assert_eq!(second.seat, Some(1));
    assert_eq!(friend.recv(), ServerMessage::Replaced {});
    assert!(friend.wait_closed().is_empty(), "nothing after replaced");
    // The seat never went away: nobody hears of presence.
    host.assert_quiet();
    let seq = host.play(greedy(host.game()), 1);
    catch_up(&mut second, seq);
    let seq = second.play(greedy(second.game()), 1);
    catch_up(&mut host, seq);
    assert!(host.presence.is_empty());
}

#[test]
fn a_leaver_in_a_game_of_three_is_replaced_by_the_computer() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = three_with_computer(&server, RuleSet::Laws);
    let token = friend.token;
    friend.send(&ClientMessage::Leave {});
    let left = friend.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Left { seat },
            ..
        } => Some(*seat),
        _ => None,
    });
    assert_eq!(left, 1);
    catch_up(&mut host, friend.seq);
    // The leaver watches now; its token holds nothing.
    assert_eq!(friend.seat, None);
    friend.send(&ClientMessage::Move {
        seq: friend.seq,
        mv: greedy(friend.game()),
        id: 1,
    });
    friend.expect_error(ErrorCode::Spectator);
    friend.send(&ClientMessage::Leave {});
    friend.expect_error(ErrorCode::Spectator);
    let mut again = hello(&server, host.room, token);
    again.expect_error(ErrorCode::BadToken);
    // The computer plays seats 1 and 2 after each of the host's moves.
    for id in 0..2 {
        host.play(greedy(host.game()), id);
        assert_eq!(next_mover(&mut host), 1);
        assert_eq!(next_mover(&mut host), 2);
    }
    let mut watcher = hello(&server, host.room, None);
    watcher.welcome();
    assert_eq!(
        watcher.welcome_seats.unwrap(),
        [
            SeatHolder::Person { connected: true, name: None, idle: false, player: None },
            SeatHolder::Computer,
            SeatHolder::Computer
        ]
    );
}

#[test]
fn two_players_resign_instead_of_leaving() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    friend.send(&ClientMessage::Leave {});
    friend.expect_error(ErrorCode::ResignInstead);
    friend.assert_quiet();
    host.assert_quiet();
    friend.send(&ClientMessage::Resign {});
    catch_up(&mut friend, host.seq + 1);
    catch_up(&mut host, friend.seq);
    assert_eq!(
        host.events.last().unwrap().1,
        RoomEvent::Resigned { seat: 1 }
    );
    assert!(matches!(
        host.game().status(),
        Status::Won { winner: 0, .. }
    ));
}

#[test]
fn a_rematch_after_the_end_shifts_every_seat_by_one() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    host.send(&ClientMessage::Rematch {});
    host.expect_error(ErrorCode::GameNotOver);
    let seq = host.play(greedy(host.game()), 1);
    catch_up(&mut friend, seq);
    friend.send(&ClientMessage::Resign {});
    catch_up(&mut friend, seq + 1);
    catch_up(&mut host, seq + 1);
    let mut watcher = hello(&server, host.room, None);
    watcher.welcome();
    watcher.send(&ClientMessage::Rematch {});
    watcher.expect_error(ErrorCode::Spectator);

    // One request from any seated person starts it.
    friend.send(&ClientMessage::Rematch {});
    catch_up(&mut friend, seq + 2);
    catch_up(&mut host, seq + 2);
    catch_up(&mut watcher, seq + 2);
    let (_, RoomEvent::Rematch { seats, .. }) = host.events.last().unwrap() else {
        panic!("expected the rematch event, got {:?}", host.events.last());
    };
    // Names move with their people.
    let person = |name: &str| SeatHolder::Person {
        connected: true,
        name: Some(PlayerName::new(name).unwrap()),
        idle: false,
        player: None,
    };
    assert_eq!(seats, &[person(FRIEND_NAME), person(HOST_NAME)]);
    // Each client worked out its new seat from the shift; the friend is Red and moves first.
    assert_eq!((host.seat, friend.seat), (Some(1), Some(0)));
    assert_eq!(host.game(), &Game::new(variant(RuleSet::Laws, 2)));
    host.send(&ClientMessage::Move {
        seq: host.seq,
        mv: greedy(host.game()),
        id: 2,
    });
    host.expect_error(ErrorCode::NotYourTurn);
    let seq = friend.play(greedy(friend.game()), 2);
    catch_up(&mut host, seq);
    let seq = host.play(greedy(host.game()), 3);
    catch_up(&mut friend, seq);
    catch_up(&mut watcher, seq);
    assert_eq!(watcher.game, host.game);
    // The tokens moved with their people: the host's now holds seat 1.
    let mut host_again = hello(&server, host.room, host.token);
    host_again.welcome();
    assert_eq!(host_again.seat, Some(1));
    assert_eq!(host_again.game, friend.game);
}

#[test]
fn an_empty_room_lives_30_minutes() {
    let server = ServerProcess::start(&[]);
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let token = host.token;
    let room = host.room;
    let mut clock = server.connect();
    host.close();
    // Alive at 29:59.999 after the last connection closed…
    clock.advance(30 * MINUTE - 1);
    clock.assert_quiet();
    let mut probe = hello(&server, room, None);
    probe.welcome();
    probe.close();
    // …and gone at 30:00 after the last one (the probe) closed.
    clock.advance(30 * MINUTE - 1);
    clock.assert_quiet();
    let mut probe = hello(&server, room, None);
    probe.welcome();
    probe.close();
    clock.advance(30 * MINUTE);
    clock.assert_quiet();
    hello(&server, room, None).expect_error(ErrorCode::Expired);
    hello(&server, room, token).expect_error(ErrorCode::Expired);
    let mut stranger = server.connect();
    stranger.send(&ClientMessage::Hello {
        room: Some("aaaaaaaaaa".parse().unwrap()),
        token: None,
        name: None,
        player_key: None,
    });
    stranger.expect_error(ErrorCode::NoSuchRoom);
}

#[test]
fn every_room_is_deleted_24_hours_after_its_creation() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    host.advance(24 * HOUR - 1);
    host.assert_quiet();
    friend.assert_quiet();
    host.advance(1);
    // Everyone in the room is told at once…
    host.expect_error(ErrorCode::Expired);
    friend.expect_error(ErrorCode::Expired);
    // …and every later message to the room hears the same.
    friend.send(&ClientMessage::Move {
        seq: friend.seq,
        mv: greedy(friend.game()),
        id: 1,
    });
    assert_eq!(friend.expect_error(ErrorCode::Expired).1, None);
    host.send(&ClientMessage::Sync { have: 0 });
    host.expect_error(ErrorCode::Expired);
    hello(&server, host.room, host.token).expect_error(ErrorCode::Expired);
    friend.assert_quiet();
}

#[test]
fn rooms_per_process_are_limited() {
    let server = ServerProcess::start(&["--max-rooms", "1"]);
    let mut a = server.connect();
    a.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    a.welcome();
    let mut b = server.connect();
    b.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    b.expect_error(ErrorCode::TooManyRooms);
    // Refused, b can still enter the room that exists.
    let mut b = hello(&server, a.room, None);
    b.welcome();
}

#[test]
fn connections_per_address_are_limited() {
    let server = ServerProcess::start(&["--max-connections-per-address", "2"]);
    let a = server.connect();
    let mut b = server.connect();
    let mut c = server.connect();
    c.expect_error(ErrorCode::TooManyConnections);
    c.wait_closed();
    a.close();
    let mut d = server.connect();
    d.assert_quiet();
    b.assert_quiet();
}

#[test]
fn rooms_created_per_address_per_hour_are_limited() {
    let server = ServerProcess::start(&["--max-rooms-per-hour", "2"]);
    let create = |expect: Option<ErrorCode>| {
        let mut c = server.connect();
        c.send(&ClientMessage::Create {
            variant: variant(RuleSet::Laws, 2),
            name: None,
            clock_ms: None,
            public: false,
            random_start: false,
            player_key: None,
        });
        match expect {
            None => c.welcome(),
            Some(code) => {
                c.expect_error(code);
            }
        }
        c
    };
    let _a = create(None);
    let _b = create(None);
    let mut c = create(Some(ErrorCode::TooManyRoomsCreated));
    c.advance(HOUR - 1);
    c.assert_quiet();
    let _c = create(Some(ErrorCode::TooManyRoomsCreated));
    c.advance(1);
    c.assert_quiet();
    let _d = create(None);
}

#[test]
fn messages_per_second_are_limited() {
    let server = ServerProcess::start(&["--max-messages-per-second", "5"]);
    let mut a = server.connect();
    for _ in 0..6 {
        a.send(&ClientMessage::Ping {});
    }
    for _ in 0..5 {
        assert_eq!(a.recv(), ServerMessage::Pong {});
    }
    a.expect_error(ErrorCode::RateLimited);
    // A fifth of a second refills one message.
    let mut clock = server.connect();
    clock.advance(199);
    clock.assert_quiet();
    a.send(&ClientMessage::Ping {});
    a.expect_error(ErrorCode::RateLimited);
    clock.advance(1);
    clock.assert_quiet();
    a.assert_quiet();
}

#[test]
fn repeated_bad_messages_close_the_connection() {
    let server = ServerProcess::start(&["--max-bad-messages", "3"]);
    let mut a = server.connect();
    a.send_raw("not json");
    a.expect_error(ErrorCode::Malformed);
    a.send_binary(b"{}");
    a.expect_error(ErrorCode::Malformed);
    // A good message in between starts the count again.
    a.assert_quiet();
    a.send_raw(r#"{"v":2,"t":"ping"}"#);
    a.expect_error(ErrorCode::UnknownVersion);
    a.send_raw(&"x".repeat(5000));
    a.expect_error(ErrorCode::TooLarge);
    a.send_raw("{");
    a.expect_error(ErrorCode::TooManyBadMessages);
    assert!(a.wait_closed().is_empty());
}

#[test]
fn behind_a_proxy_the_forwarded_address_and_scheme_count() {
    let server = ServerProcess::start(&["--behind-proxy", "--max-connections-per-address", "1"]);
    let alice = |proto: &str| {
        server.connect_with(&[
            ("x-forwarded-for", "203.0.113.9, 10.0.0.7"),
            ("x-forwarded-proto", proto),
        ])
    };
    let mut a = alice("https");
    a.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    a.welcome();
    let link = a.link.clone().unwrap().to_string();
    assert!(link.starts_with("https://"), "{link}");
    // The proxy's last hop (10.0.0.7) is the address counted, not the proxy's own.
    let mut again = alice("https");
    again.expect_error(ErrorCode::TooManyConnections);
    let mut b = server.connect_with(&[("x-forwarded-for", "10.0.0.8")]);
    b.assert_quiet();
}

#[test]
fn without_behind_proxy_forwarded_headers_are_ignored() {
    let server = ServerProcess::start(&["--max-connections-per-address", "1"]);
    let mut a = server.connect_with(&[
        ("x-forwarded-for", "10.0.0.7"),
        ("x-forwarded-proto", "https"),
    ]);
    a.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    a.welcome();
    assert!(a.link.clone().unwrap().to_string().starts_with("http://"));
    let mut b = server.connect_with(&[("x-forwarded-for", "10.0.0.8")]);
    b.expect_error(ErrorCode::TooManyConnections);
}

/// The next `moved` event: its seat and why the computer made it, if it did.
fn next_move_by(client: &mut Client) -> (u8, Option<MovedBy>) {
    client.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Moved { seat, by, .. },
            ..
        } => Some((*seat, *by)),
        _ => None,
    })
}

/// The next `seats` event's idle flag for `seat`.
fn next_idle(client: &mut Client, seat: usize) -> bool {
    client.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Seats { seats },
            ..
        } => Some(matches!(seats[seat], SeatHolder::Person { idle: true, .. })),
        _ => None,
    })
}

#[test]
fn a_move_clock_plays_for_a_late_seat_then_leaves_it_idle_until_its_person_is_back() {
    let server = ServerProcess::start(&[]);
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: Some(HOST_NAME.into()),
        clock_ms: Some(MoveClock::SECONDS_20),
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let mut friend = hello(&server, host.room, None);
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    catch_up(&mut host, 2);
    // One second into the host's turn, a newcomer is told the clock and what is left.
    host.advance(SECOND);
    host.assert_quiet();
    let mut watcher = hello(&server, host.room, None);
    let ServerMessage::Welcome(welcome) = watcher.recv() else {
        panic!("a welcome first");
    };
    assert_eq!(welcome.clock_ms, Some(MoveClock::SECONDS_20));
    assert_eq!(welcome.turn_left_ms, Some(19 * SECOND));
    // A spectator has no seat to take back.
    watcher.send(&ClientMessage::Back {});
    watcher.expect_error(ErrorCode::Spectator);
    drop(watcher);

    // At 20 s the computer moves for the host, by the clock; not a moment before.
    host.advance(19 * SECOND - 1);
    host.assert_quiet();
    host.advance(1);
    assert_eq!(next_move_by(&mut host), (0, Some(MovedBy::Clock)));
    catch_up(&mut friend, host.seq);
    let seq = friend.play(greedy(friend.game()), 1);
    catch_up(&mut host, seq);
    // A second timeout in a row: the seat goes idle...
    host.advance(20 * SECOND);
    assert_eq!(next_move_by(&mut host), (0, Some(MovedBy::Clock)));
    assert!(next_idle(&mut host, 0), "two in a row leave the seat idle");
    // ...and the computer plays it at once, with no clock to run out.
    catch_up(&mut friend, host.seq);
    friend.play(greedy(friend.game()), 2);
    assert_eq!(next_move_by(&mut host), (1, None));
    assert_eq!(next_move_by(&mut host), (0, Some(MovedBy::Clock)));
    // The host takes the seat back.
    host.send(&ClientMessage::Back {});
    assert!(!next_idle(&mut host, 0), "back: the seat is the person's");
    catch_up(&mut friend, host.seq);
    friend.play(greedy(friend.game()), 3);
    catch_up(&mut host, friend.seq);
    host.assert_quiet();
    // The host moves in time, themselves.
    host.advance(19 * SECOND);
    let seq = host.play(greedy(host.game()), 1);
    catch_up(&mut friend, seq);
    assert!(matches!(
        friend.events.last(),
        Some((_, RoomEvent::Moved { seat: 0, by: None, .. }))
    ));
}

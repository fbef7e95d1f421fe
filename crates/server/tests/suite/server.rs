// The server suite, run against each store (tests/server.rs and tests/server_redis.rs).
use common::{FRIEND_NAME, HOST_NAME, ServerProcess, two_players, variant};
use starhalma_protocol::{
    ClientMessage, ErrorCode, LobbyRoom, MatchVariant, MoveClock, Reaction, RoomEvent, SeatHolder,
    ServerMessage, Token,
};
use starhalma_rules::{IllegalMove, Move, RuleSet};
use std::io::{Read, Write};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// A spectator's fresh look at the room: the server's own game and seq.
fn server_view(server: &ServerProcess, host: &common::Client) -> common::Client {
    server.watch(host.room)
}

/// What a bug report and a proxy ask: the version (the same as `--version` prints) and the
/// health check, answered without records.
#[test]
fn the_server_says_its_version_and_that_it_is_healthy() {
    let server = ServerProcess::start(&[]);
    let (status, body) = server.get("/api/version", &[]);
    assert_eq!(status, 200, "{body}");
    let said: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(said["name"], "starhalma-server");
    assert_eq!(said["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(said["protocol"], starhalma_protocol::PROTOCOL_VERSION);
    assert_eq!(said["records"], false, "started with --database none");
    assert_eq!(server.get("/healthz", &[]), (200, "ok\n".to_string()));
    let printed = std::process::Command::new(env!("CARGO_BIN_EXE_starhalma-server"))
        .arg("--version")
        .output()
        .expect("the server binary runs");
    assert!(printed.status.success());
    assert_eq!(
        String::from_utf8_lossy(&printed.stdout),
        format!("starhalma-server {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn two_people_play_and_every_view_agrees() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    assert!(
        host.link
            .as_ref()
            .unwrap()
            .to_string()
            .starts_with(&format!("http://{}/?room=", server.addr))
    );
    let mut id = 0;
    for _ in 0..60 {
        if host.game().is_over() {
            break;
        }
        let (mover, other) = if host.game().active() == 0 {
            (&mut host, &mut friend)
        } else {
            (&mut friend, &mut host)
        };
        let choice = starhalma_ai::greedy(mover.game());
        id += 1;
        let seq = mover.play(choice, id);
        other.recv_until(|m| {
            matches!(m, ServerMessage::Event { seq: s, .. } if *s == seq).then_some(())
        });
    }
    if !host.game().is_over() {
        friend.send(&ClientMessage::Resign {});
        friend.recv();
        host.recv();
        assert_eq!(
            host.events.last().unwrap().1,
            RoomEvent::Resigned { seat: 1 }
        );
    }
    assert!(host.game().is_over());
    // The friend joined at seq 2 (its welcome held the seating): from there the streams match.
    assert_eq!(host.events[2..], friend.events[..]);
    assert_eq!(host.game, friend.game);
    assert!(host.game().history().len() >= 20, "many moves were played");
    let watcher = server_view(&server, &host);
    assert_eq!(watcher.game, host.game);
    assert_eq!(watcher.seq, host.seq);
    // After the end, moves are refused with the engine's reason.
    let seq = host.seq;
    host.send(&ClientMessage::Move {
        seq,
        mv: mv("pass"),
        id: 999,
    });
    let (message, _) = host.expect_error(ErrorCode::Illegal);
    assert_eq!(message, IllegalMove::GameOver.to_string());
}

#[test]
fn every_rejection_changes_nothing() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    let mut spectator = server_view(&server, &host);
    let before = host.seq;
    let first = starhalma_ai::greedy(host.game());
    let quiet = |clients: &mut [&mut common::Client]| {
        for c in clients.iter_mut() {
            c.assert_quiet();
        }
    };

    // Not your turn (seat 1 while seat 0 is to move).
    friend.send(&ClientMessage::Move {
        seq: before,
        mv: mv("s -5,1 -4,0"),
        id: 1,
    });
    assert_eq!(friend.expect_error(ErrorCode::NotYourTurn).1, Some(1));
    // A spectator.
    spectator.send(&ClientMessage::Move {
        seq: before,
        mv: first,
        id: 2,
    });
    assert_eq!(spectator.expect_error(ErrorCode::Spectator).1, Some(2));
    spectator.send(&ClientMessage::Join {});
    spectator.expect_error(ErrorCode::RoomFull);
    // Another seat's marble.
    let theirs = mv("s -5,1 -4,0");
    assert!(matches!(
        host.game().check(theirs),
        Err(IllegalMove::NotYourPiece { .. })
    ));
    host.send(&ClientMessage::Move {
        seq: before,
        mv: theirs,
        id: 3,
    });
    host.expect_error(ErrorCode::NotYourSeat);
    // Illegal, with the engine's reason.
    let empty = mv("s 0,0 1,-1");
    let reason = host.game().check(empty).unwrap_err().to_string();
    host.send(&ClientMessage::Move {
        seq: before,
        mv: empty,
        id: 4,
    });
    assert_eq!(host.expect_error(ErrorCode::Illegal), (reason, Some(4)));
    // Stale: a seq the room has left behind (the missed events follow).
    host.send(&ClientMessage::Move {
        seq: before - 1,
        mv: first,
        id: 5,
    });
    host.expect_error(ErrorCode::Stale);
    host.recv_until(|m| {
        matches!(m, ServerMessage::Event { seq, .. } if *seq == before).then_some(())
    });
    // Frames that are no message.
    for (frame, code) in [
        ("not json".to_string(), ErrorCode::Malformed),
        (r#"{"v":1,"t":"dance"}"#.to_string(), ErrorCode::Malformed),
        (
            r#"{"v":1,"t":"move","seq":2,"mv":"x 9","id":6}"#.to_string(),
            ErrorCode::Malformed,
        ),
        (
            r#"{"v":2,"t":"ping"}"#.to_string(),
            ErrorCode::UnknownVersion,
        ),
        (
            format!(r#"{{"v":1,"t":"ping","pad":"{}"}}"#, "a".repeat(5000)),
            ErrorCode::TooLarge,
        ),
    ] {
        host.send_raw(&frame);
        host.expect_error(code);
    }
    // Host-only and before-start actions.
    friend.send(&ClientMessage::FillComputer {});
    friend.expect_error(ErrorCode::NotHost);
    host.send(&ClientMessage::FillComputer {});
    host.expect_error(ErrorCode::AlreadyStarted);
    host.send(&ClientMessage::AdvanceClock { ms: 1000 });
    let mut stranger = server.connect();
    stranger.send(&ClientMessage::Join {});
    stranger.expect_error(ErrorCode::NotInRoom);

    quiet(&mut [&mut host, &mut friend, &mut spectator]);
    assert_eq!(host.seq, before);
    // The next legal move still works and takes the next seq.
    assert_eq!(host.play(first, 7), before + 1);
    friend.recv();
    assert_eq!(friend.seq, before + 1);
}

#[test]
fn moves_before_the_start_are_refused() {
    let server = ServerProcess::start(&[]);
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 3),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let first = host.game().legal_moves()[0];
    host.send(&ClientMessage::Move {
        seq: 0,
        mv: first,
        id: 1,
    });
    host.expect_error(ErrorCode::NotStarted);
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.expect_error(ErrorCode::AlreadyInRoom);
    host.assert_quiet();
    assert_eq!(host.seq, 0);
    assert_eq!(host.seats_open(), 2);
}

#[test]
fn a_resent_move_is_applied_once_and_acked_twice() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    let seq = host.seq;
    let first = starhalma_ai::greedy(host.game());
    assert_eq!(host.play(first, 1), seq + 1);
    // The answer was lost, say: the client sends the same move again.
    host.send(&ClientMessage::Move {
        seq,
        mv: first,
        id: 2,
    });
    assert_eq!(
        host.recv(),
        ServerMessage::Ack {
            id: 2,
            seq: seq + 1
        }
    );
    friend.recv();
    friend.assert_quiet();
    host.assert_quiet();
    let watcher = server_view(&server, &host);
    assert_eq!(watcher.game().history().len(), 1);
    assert_eq!(watcher.seq, seq + 1);
}

#[test]
fn a_token_gets_its_seat_back_and_a_wrong_one_is_refused() {
    let server = ServerProcess::start(&[]);
    let (mut host, friend) = two_players(&server);
    let room = friend.room;
    let token = friend.token.expect("a seated player has a token");
    friend.close();
    let first = starhalma_ai::greedy(host.game());
    host.play(first, 1);

    let mut back = server.connect();
    back.send(&ClientMessage::Hello {
        room,
        token: Some(token),
        name: None,
        player_key: None,
    });
    back.welcome();
    assert_eq!(back.seat, Some(1));
    assert_eq!(back.token, Some(token));
    assert_eq!(back.game, host.game);
    let reply = starhalma_ai::greedy(back.game());
    let seq = back.play(reply, 1);
    host.recv_until(|m| {
        matches!(m, ServerMessage::Event { seq: s, .. } if *s == seq).then_some(())
    });
    assert_eq!(host.game, back.game);
    // The host saw the seat go and come back.
    assert_eq!(
        host.presence,
        [
            ServerMessage::Disconnected {
                seat: 1,
                computer_in_ms: 45_000
            },
            ServerMessage::Reconnected { seat: 1 }
        ]
    );

    let mut impostor = server.connect();
    impostor.send(&ClientMessage::Hello {
        room,
        token: Some(Token::from_bits(12345)),
        name: None,
        player_key: None,
    });
    impostor.expect_error(ErrorCode::BadToken);
    impostor.send(&ClientMessage::Move {
        seq: host.seq,
        mv: first,
        id: 1,
    });
    impostor.expect_error(ErrorCode::NotInRoom);
    host.assert_quiet();
}

/// A whole three-handed game: two scripted people and the server's computer. It ends by
/// itself or, to keep the test short, by the host's resignation after 30 rounds; then both
/// people's event streams are the server's log and their games the server's.
#[test]
fn two_people_and_a_computer_play_a_whole_game_three_handed() {
    let server = ServerProcess::start(&[]);
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Table { long_hops: false }, 3),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    let mut friend = server.connect();
    friend.send(&ClientMessage::Hello {
        room: host.room,
        token: None,
        name: None,
        player_key: None,
    });
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
    let mut id = 0;
    'game: for _ in 0..30 {
        for seat in 0..2u8 {
            let mover = if seat == 0 { &mut host } else { &mut friend };
            // Catch up until it is this seat's turn (the computer plays seat 2).
            while mover.game().active() != seat && !mover.game().is_over() {
                mover.recv();
            }
            if mover.game().is_over() {
                break 'game;
            }
            id += 1;
            let choice = starhalma_ai::greedy(mover.game());
            mover.play(choice, id);
        }
    }
    if !host.game().is_over() {
        // A resignation is not a move: it needs no turn and no seq.
        host.send(&ClientMessage::Resign {});
        host.recv_until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: RoomEvent::Resigned { seat: 0 },
                    ..
                }
            )
            .then_some(())
        });
    }
    // The server's view: a spectator's fresh welcome, and its whole log replayed from seq 0.
    let watcher = server_view(&server, &host);
    assert!(watcher.game().is_over());
    let mut log = server_view(&server, &host);
    log.seq = 0;
    log.game = Some(starhalma_rules::Game::new(host.game().variant()));
    log.send(&ClientMessage::Sync { have: 0 });
    for client in [&mut host, &mut friend, &mut log] {
        while client.seq < watcher.seq {
            client.recv();
        }
        client.assert_quiet();
    }
    assert_eq!(host.events, log.events);
    // The friend joined at seq 1 (its welcome held that seating): from there the streams match.
    assert_eq!(friend.events[..], log.events[1..]);
    assert_eq!(host.game, watcher.game);
    assert_eq!(friend.game, watcher.game);
    assert_eq!(log.game, watcher.game);
    assert!(watcher.game().history().len() >= 30);
    let computer_moves = log
        .events
        .iter()
        .filter(|(_, e)| matches!(e, RoomEvent::Moved { seat: 2, .. }))
        .count();
    assert!(computer_moves >= 10, "the computer played {computer_moves}");
}

#[test]
fn sync_sends_the_missed_events_or_the_whole_room() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    let first = starhalma_ai::greedy(host.game());
    host.play(first, 1);
    friend.recv();
    let mut late = server_view(&server, &host);
    // As if it had applied only event 1 (the join), before the start and the first move.
    late.seq = 1;
    late.game = Some(starhalma_rules::Game::new(host.game().variant()));
    late.send(&ClientMessage::Sync { have: 1 });
    let events: Vec<u64> = (0..2)
        .map(|_| match late.recv() {
            ServerMessage::Event { seq, .. } => seq,
            other => panic!("expected an event, got {other:?}"),
        })
        .collect();
    assert_eq!(events, [2, 3]);
    assert_eq!(late.game, host.game);
    late.assert_quiet();
    // A client claiming more than the room has gets the whole room.
    late.send(&ClientMessage::Sync { have: 99 });
    match late.recv() {
        ServerMessage::Welcome(welcome) => assert_eq!(welcome.seq, 3),
        other => panic!("expected a welcome, got {other:?}"),
    }
    // A binary frame is no message.
    late.send_binary(b"{}");
    late.expect_error(ErrorCode::Malformed);
    host.assert_quiet();
}

#[test]
fn a_computer_seat_answers_moves() {
    computers_answer_on(ServerProcess::start(&[]));
}

/// The same on a server with several threads for its sockets and rooms (one is the default).
#[test]
fn a_computer_seat_answers_moves_on_a_server_of_several_threads() {
    computers_answer_on(ServerProcess::start(&["--threads", "3"]));
}

fn computers_answer_on(server: ServerProcess) {
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 3),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    host.welcome();
    host.send(&ClientMessage::FillComputer {});
    let seats = host.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Seats { seats },
            ..
        } => Some(seats.clone()),
        _ => None,
    });
    assert_eq!(seats[1..], [SeatHolder::Computer, SeatHolder::Computer]);
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
    for round in 0..3 {
        let choice = starhalma_ai::greedy(host.game());
        let acked = host.play(choice, round);
        // Both computers answer, in turn (the first may already have, before the ack).
        let target = acked + 2;
        while host.seq < target {
            host.recv();
        }
        assert_eq!(host.game().active(), 0);
    }
    let moved_by = |seat| {
        host.events
            .iter()
            .filter(|(_, e)| matches!(e, RoomEvent::Moved { seat: s, .. } if *s == seat))
            .count()
    };
    assert_eq!((moved_by(0), moved_by(1), moved_by(2)), (3, 3, 3));
}

/// One HTTP/1.1 GET with the given extra header lines; the status line, the headers (lower
/// case) and the body's bytes.
fn http_get(server: &ServerProcess, path: &str, headers: &str) -> (String, String, Vec<u8>) {
    let mut stream = std::net::TcpStream::connect(&server.addr).unwrap();
    stream.set_read_timeout(Some(common::TIMEOUT)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n",
        server.addr
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&response[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
    (
        status.to_string(),
        headers.to_lowercase(),
        response[split + 4..].to_vec(),
    )
}

/// A web build in a folder of its own, removed when dropped.
struct Dist(std::path::PathBuf);

impl Dist {
    fn new(files: &[(&str, &[u8])]) -> Dist {
        static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "starhalma-dist-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        Dist(dir)
    }
}

impl Drop for Dist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_web_build_is_served_at_the_root() {
    let dist = Dist::new(&[("index.html", b"<title>starhalma</title>")]);
    let server = ServerProcess::start(&["--dist", dist.0.to_str().unwrap()]);
    let (status, _, body) = http_get(&server, "/", "");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert_eq!(body, b"<title>starhalma</title>");
}

#[test]
fn a_browser_that_accepts_brotli_or_gzip_gets_the_precompressed_file() {
    // Stand-ins: the server never compresses; it picks the file that matches the request.
    let dist = Dist::new(&[
        ("starhalma_bg.wasm", b"\0asm plain"),
        ("starhalma_bg.wasm.br", b"brotli bytes"),
        ("starhalma_bg.wasm.gz", b"gzip bytes"),
        ("starhalma.js", b"export default 1;"),
    ]);
    let server = ServerProcess::start(&["--dist", dist.0.to_str().unwrap()]);
    let wasm = "/starhalma_bg.wasm";

    let (status, headers, body) = http_get(&server, wasm, "Accept-Encoding: gzip, deflate, br\r\n");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(headers.contains("content-encoding: br"), "{headers}");
    assert!(headers.contains("content-type: application/wasm"), "{headers}");
    assert_eq!(body, b"brotli bytes");

    let (_, headers, body) = http_get(&server, wasm, "Accept-Encoding: gzip\r\n");
    assert!(headers.contains("content-encoding: gzip"), "{headers}");
    assert_eq!(body, b"gzip bytes");

    let (_, headers, body) = http_get(&server, wasm, "");
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, b"\0asm plain");

    // A file without a compressed twin is served plain to every browser.
    let (status, headers, body) = http_get(&server, "/starhalma.js", "Accept-Encoding: br\r\n");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, b"export default 1;");
}

/// The example session of docs/ONLINE.md, replayed line by line against the real server: what
/// a reader sends with any WebSocket client, and what they then read, frame for frame (room
/// code, tokens, record id and address stand in as ROOM, TOKEN_A, TOKEN_B, RECORD and HOST).
#[test]
fn the_documented_example_session_replays() {
    let docs = include_str!("../../../../docs/ONLINE.md");
    let start = docs
        .find("### Example session")
        .expect("docs/ONLINE.md has an example session");
    let block = &docs[start..];
    let block = &block[block.find("```text").expect("a text block") + 7..];
    let block = &block[..block.find("```").expect("the block ends")];
    // A server as the docs start it: one that keeps games (its welcome says nothing of them).
    let dir = std::env::temp_dir().join(format!("starhalma-docs-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let journal = dir.join("journal").display().to_string();
    let server = ServerProcess::start(&["--database", &database, "--journal", &journal]);
    let mut clients: std::collections::BTreeMap<char, common::Client> = Default::default();
    // Placeholder and the value it stands for, learnt from the frames as they come.
    let mut known: Vec<(String, String)> = vec![("HOST".into(), server.addr.clone())];
    let mut lines = 0;
    for line in block.lines().filter(|l| !l.trim().is_empty()) {
        lines += 1;
        let (who, rest) = line.split_at(1);
        let who = who.chars().next().unwrap();
        let (arrow, frame) = rest.split_at(1);
        let frame = frame.trim();
        match arrow {
            ">" => {
                let mut text = frame.to_string();
                for (name, value) in &known {
                    text = text.replace(name, value);
                }
                clients
                    .entry(who)
                    .or_insert_with(|| server.connect())
                    .send_raw(&text);
            }
            "<" => {
                let client = clients.get_mut(&who).expect("a client that spoke first");
                let got = client.recv_text();
                let value: serde_json::Value = serde_json::from_str(&got).unwrap();
                if let Some(code) = value.get("room").and_then(|r| r.as_str())
                    && !known.iter().any(|(n, _)| n == "ROOM")
                {
                    known.push(("ROOM".into(), code.into()));
                }
                let record = value.get("record").or(value.pointer("/event/record"));
                if let Some(record) = record.and_then(|r| r.as_str())
                    && !known.iter().any(|(n, _)| n == "RECORD")
                {
                    known.push(("RECORD".into(), record.into()));
                }
                if let Some(token) = value.get("token").and_then(|t| t.as_str()) {
                    let name = format!("TOKEN_{}", if who == 'A' { 'A' } else { 'B' });
                    if !known.iter().any(|(n, _)| *n == name) {
                        known.push((name, token.into()));
                    }
                }
                let mut shown = got.clone();
                for (name, value) in &known {
                    shown = shown.replace(value, name);
                }
                let expected: serde_json::Value = serde_json::from_str(frame)
                    .unwrap_or_else(|e| panic!("docs line {line:?} is not JSON: {e}"));
                let shown_value: serde_json::Value = serde_json::from_str(&shown).unwrap();
                assert_eq!(shown_value, expected, "{who} read {shown}");
            }
            ":" => {
                assert_eq!(frame, "closes", "the only action is closing");
                clients.remove(&who).expect("an open client").close();
            }
            _ => panic!("docs line {line:?}: want `X> frame`, `X< frame` or `X: closes`"),
        }
    }
    assert!(lines > 20, "the session has its lines");
    for client in clients.values_mut() {
        client.assert_quiet();
    }
}

/// The seats of the welcome this client got last.
fn welcome_names(client: &common::Client) -> Vec<Option<String>> {
    client
        .welcome_seats
        .as_ref()
        .expect("a welcome came")
        .iter()
        .map(|seat| seat.name().map(|n| n.to_string()))
        .collect()
}

#[test]
fn names_are_shown_on_seats_and_bad_ones_refused() {
    let server = ServerProcess::start(&[]);
    let (mut host, friend) = two_players(&server);
    let both = vec![Some(HOST_NAME.to_string()), Some(FRIEND_NAME.to_string())];
    assert_eq!(welcome_names(&friend), both);
    // The host heard the join as a seats event carrying both names.
    assert!(matches!(
        &host.events[0].1,
        RoomEvent::Seats { seats } if matches!(
            &seats[1],
            SeatHolder::Person { name: Some(n), .. } if n.as_str() == FRIEND_NAME
        )
    ));
    // A spectator sees them too.
    assert_eq!(welcome_names(&server_view(&server, &host)), both);

    // A bidi override, a line break and 21 characters are refused, each with a sentence, and
    // the connection goes on as if they had not been sent.
    let mut stranger = server.connect();
    for (bad, says) in [
        ("Asha\u{202E}lived", "U+202E"),
        ("two\nlines", "U+000A"),
        (&"x".repeat(21)[..], "at most 20"),
        ("   ", "at least one"),
    ] {
        stranger.send(&ClientMessage::Hello {
            room: host.room,
            token: None,
            name: Some(bad.into()),
            player_key: None,
        });
        let (message, _) = stranger.expect_error(ErrorCode::BadName);
        assert!(message.contains(says), "{bad:?}: {message}");
    }
    stranger.send(&ClientMessage::Join {});
    stranger.expect_error(ErrorCode::NotInRoom);
    // A 20-character name is fine; surrounding spaces go.
    let twenty = "y".repeat(20);
    stranger.send(&ClientMessage::Hello {
        room: host.room,
        token: None,
        name: Some(format!("  {twenty} ")),
        player_key: None,
    });
    stranger.welcome();
    assert_eq!(welcome_names(&stranger), both);
    // A room is not created under a bad name.
    let mut creator = server.connect();
    creator.send(&ClientMessage::Create {
        variant: variant(RuleSet::Diamond, 3),
        name: Some("\u{200B}".into()),
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    creator.expect_error(ErrorCode::BadName);
    creator.send(&ClientMessage::Create {
        variant: variant(RuleSet::Diamond, 3),
        name: Some(twenty.clone()),
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    creator.welcome();
    assert_eq!(welcome_names(&creator), [Some(twenty), None, None]);

    // Back with the token under another name: the seat keeps the name it was taken with.
    let token = friend.token;
    drop(friend);
    // Wait until the server has seen the friend leave: a hello that overtook the close would
    // replace the connection, which is no return and tells nobody (a flake CI once met).
    host.recv_until(|m| matches!(m, ServerMessage::Disconnected { seat: 1, .. }).then_some(()));
    let mut back = server.connect();
    back.send(&ClientMessage::Hello {
        room: host.room,
        token,
        name: Some("Someone else".into()),
        player_key: None,
    });
    back.welcome();
    assert_eq!(welcome_names(&back), both);
    host.recv_until(|m| matches!(m, ServerMessage::Reconnected { seat: 1 }).then_some(()));
    host.assert_quiet();
}

#[test]
fn reactions_reach_everyone_at_most_one_per_seat_every_two_seconds() {
    let server = ServerProcess::start(&[]);
    let (mut host, mut friend) = two_players(&server);
    let mut watcher = server_view(&server, &host);
    let reacted = |client: &mut common::Client| {
        client.recv_until(|m| match m {
            ServerMessage::Reacted { seat, reaction } => Some((*seat, *reaction)),
            _ => None,
        })
    };
    friend.send(&ClientMessage::React {
        reaction: Reaction::GoodMove,
    });
    for client in [&mut host, &mut friend, &mut watcher] {
        assert_eq!(reacted(client), (1, Reaction::GoodMove));
    }
    // A second within 2 s is dropped, and nobody hears it.
    // (The pong says the clock has moved before the friend's message arrives.)
    host.advance(1999);
    host.assert_quiet();
    friend.send(&ClientMessage::React {
        reaction: Reaction::Oops,
    });
    friend.expect_error(ErrorCode::RateLimited);
    host.send(&ClientMessage::React {
        reaction: Reaction::Thanks,
    });
    for client in [&mut host, &mut friend, &mut watcher] {
        assert_eq!(reacted(client), (0, Reaction::Thanks), "a seat counts its own");
    }
    host.advance(1);
    host.assert_quiet();
    friend.send(&ClientMessage::React {
        reaction: Reaction::WellPlayed,
    });
    for client in [&mut host, &mut friend, &mut watcher] {
        assert_eq!(reacted(client), (1, Reaction::WellPlayed));
    }
    // Spectators watch; a reaction outside a room has nobody to reach; an unknown one is
    // malformed.
    watcher.send(&ClientMessage::React {
        reaction: Reaction::Hello,
    });
    watcher.expect_error(ErrorCode::Spectator);
    let mut outside = server.connect();
    outside.send(&ClientMessage::React {
        reaction: Reaction::Hello,
    });
    outside.expect_error(ErrorCode::NotInRoom);
    friend.send_raw(r#"{"v":1,"t":"react","reaction":"boo"}"#);
    friend.expect_error(ErrorCode::Malformed);
    // None of it is in the log.
    let seq = host.seq;
    for client in [&mut host, &mut friend, &mut watcher] {
        client.assert_quiet();
    }
    assert_eq!(host.seq, seq);
    assert_eq!(server_view(&server, &host).seq, seq);
}

/// The room a `listed` message lists.
fn listed(message: ServerMessage) -> LobbyRoom {
    match message {
        ServerMessage::Listed { room } => room,
        other => panic!("expected listed, got {other:?}"),
    }
}

fn create_public(client: &mut common::Client, rules: RuleSet, players: u8, name: &str) {
    client.send(&ClientMessage::Create {
        variant: variant(rules, players),
        name: Some(name.into()),
        clock_ms: None,
        public: true,
        random_start: false,
        player_key: None,
    });
    client.welcome();
}

#[test]
fn the_lobby_follows_public_rooms_as_they_open_fill_end_and_expire() {
    let server = ServerProcess::start(&[]);
    let mut watcher = server.connect();
    watcher.send(&ClientMessage::LobbyWatch {});
    assert_eq!(watcher.lobby_message(), ServerMessage::Lobby { rooms: vec![] });

    // A private room is never listed; a public one is, with its host's name and (none
    // given) the 60 s clock.
    let (mut private_host, _friend) = two_players(&server);
    let mut host = server.connect();
    create_public(&mut host, RuleSet::Laws, 2, "Asha");
    let room = listed(watcher.lobby_message());
    assert_eq!(Some(room.room), host.room);
    assert_eq!(room.clock_ms, Some(MoveClock::SECONDS_60));
    assert!(!room.running);
    assert_eq!(room.taken(), 1);
    assert!(matches!(&room.seats[0], SeatHolder::Person { name: Some(n), .. } if n.as_str() == "Asha"));

    // A second watcher gets the list as it is, its age on the server's clock.
    host.advance(5000);
    host.assert_quiet();
    let mut late = server.connect();
    late.send(&ClientMessage::LobbyWatch {});
    let ServerMessage::Lobby { rooms } = late.lobby_message() else {
        panic!("lobby_watch is answered with the list");
    };
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].room, room.room);
    assert_eq!(rooms[0].age_ms, 5000);

    // Filled: listed as running, to watch.
    let mut friend = server.connect();
    friend.send(&ClientMessage::Hello {
        room: host.room,
        token: None,
        name: Some("Bo".into()),
        player_key: None,
    });
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    for client in [&mut watcher, &mut late] {
        let running = listed(client.lobby_message());
        assert!(running.running);
        assert_eq!(running.taken(), 2);
    }
    // Over: unlisted.
    host.send(&ClientMessage::Resign {});
    for client in [&mut watcher, &mut late] {
        assert_eq!(
            client.lobby_message(),
            ServerMessage::Unlisted { room: room.room }
        );
    }
    // One who stops watching hears no more.
    late.send(&ClientMessage::LobbyLeave {});
    late.assert_quiet();

    // A waiting room whose host leaves is unlisted; a running one stays until it expires.
    let mut gone = server.connect();
    create_public(&mut gone, RuleSet::Diamond, 3, "Gone");
    let waiting = listed(watcher.lobby_message()).room;
    gone.close();
    assert_eq!(watcher.lobby_message(), ServerMessage::Unlisted { room: waiting });
    let mut filler = server.connect();
    create_public(&mut filler, RuleSet::Laws, 2, "Filler");
    let running = listed(watcher.lobby_message()).room;
    filler.send(&ClientMessage::FillComputer {});
    assert!(listed(watcher.lobby_message()).running);
    filler.close();
    assert!(matches!(
        listed(watcher.lobby_message()).seats[0],
        SeatHolder::Person { connected: false, .. }
    ));
    private_host.advance(31 * 60 * 1000);
    private_host.assert_quiet();
    assert_eq!(watcher.lobby_message(), ServerMessage::Unlisted { room: running });
    late.assert_quiet();

    // Watching is for connections outside a room.
    host.send(&ClientMessage::LobbyWatch {});
    host.recv_until(|m| {
        matches!(m, ServerMessage::Error { code: ErrorCode::AlreadyInRoom, .. }).then_some(())
    });
}

#[test]
fn quick_matches_meet_in_the_oldest_waiting_room_of_their_kind() {
    let server = ServerProcess::start(&[]);
    let mut a = server.connect();
    let room = a.quick_match(2, None, "Asha");
    assert_eq!(a.seat, Some(0), "the first opens a room and hosts it");
    let mut b = server.connect();
    b.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Exactly(a.game().variant()),
        players: 2,
        name: Some("Bo".into()),
        clock_ms: None,
        player_key: None,
    });
    b.welcome();
    assert_eq!((b.room, b.seat), (Some(room), Some(1)));
    assert_eq!(
        welcome_names(&b),
        [Some("Asha".to_string()), Some("Bo".to_string())]
    );
    a.recv_until(|m| {
        matches!(m, ServerMessage::Event { event: RoomEvent::Started { .. }, .. }).then_some(())
    });

    // Three players: a 20 s table, then one asking for 60 s opens another, then one who names
    // no clock joins the oldest.
    let mut c = server.connect();
    let twenty = c.quick_match(3, Some(MoveClock::SECONDS_20), "Cai");
    // A second later, so which room is older is plain.
    c.advance(1000);
    c.assert_quiet();
    let mut d = server.connect();
    let sixty = d.quick_match(3, Some(MoveClock::SECONDS_60), "Dev");
    assert_ne!(twenty, sixty);
    assert_eq!(d.seat, Some(0));
    let mut e = server.connect();
    assert_eq!(e.quick_match(3, None, "Eri"), twenty);
    assert_eq!(e.seat, Some(1));

    // Refusals change nothing.
    let mut f = server.connect();
    f.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Any,
        players: 5,
        name: None,
        clock_ms: None,
        player_key: None,
    });
    let (message, _) = f.expect_error(ErrorCode::NoSuchVariant);
    assert!(message.contains('5'), "{message}");
    f.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Exactly(variant(RuleSet::Laws, 2)),
        players: 3,
        name: None,
        clock_ms: None,
        player_key: None,
    });
    f.expect_error(ErrorCode::NoSuchVariant);
    f.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Any,
        players: 3,
        name: Some("\u{202E}x".into()),
        clock_ms: None,
        player_key: None,
    });
    f.expect_error(ErrorCode::BadName);
    assert_eq!(f.quick_match(3, None, "Fen"), twenty, "the 20 s table fills");
    a.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Any,
        players: 2,
        name: None,
        clock_ms: None,
        player_key: None,
    });
    a.expect_error(ErrorCode::AlreadyInRoom);
    // Full, so the next for three goes to the 60 s table.
    let mut g = server.connect();
    assert_eq!(g.quick_match(3, None, "Gus"), sixty);
}

#[test]
fn lobby_watchers_and_waiting_tables_have_limits() {
    let server = ServerProcess::start(&["--max-lobby-watchers", "1", "--max-waiting-rooms", "1"]);
    let mut first = server.connect();
    first.send(&ClientMessage::LobbyWatch {});
    first.lobby_message();
    let mut second = server.connect();
    second.send(&ClientMessage::LobbyWatch {});
    second.expect_error(ErrorCode::TooManyWatchers);
    first.send(&ClientMessage::LobbyLeave {});
    first.assert_quiet();
    second.send(&ClientMessage::LobbyWatch {});
    second.lobby_message();

    let mut a = server.connect();
    let room = a.quick_match(2, None, "Asha");
    let mut b = server.connect();
    b.send(&ClientMessage::Create {
        variant: variant(RuleSet::Diamond, 3),
        name: None,
        clock_ms: Some(MoveClock::SECONDS_20),
        public: true,
        random_start: false,
        player_key: None,
    });
    b.expect_error(ErrorCode::TooManyWaiting);
    b.send(&ClientMessage::QuickMatch {
        variant: MatchVariant::Any,
        players: 3,
        name: None,
        clock_ms: None,
        player_key: None,
    });
    b.expect_error(ErrorCode::TooManyWaiting);
    // A private room is not a waiting public table; a quick match that joins one is fine.
    let mut c = server.connect();
    c.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: false,
        player_key: None,
    });
    c.welcome();
    assert_eq!(b.quick_match(2, None, "Bo"), room);
    let mut d = server.connect();
    create_public(&mut d, RuleSet::Diamond, 3, "Dev");
}

/// `create` with `random_start`: the server tosses for the first seat. Whoever it names moves
/// first; the host (following `started`) and the friend (welcomed after it) see the same game.
#[test]
fn a_room_created_with_random_start_starts_with_the_tossed_seat() {
    let server = ServerProcess::start(&[]);
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: None,
        clock_ms: None,
        public: false,
        random_start: true,
        player_key: None,
    });
    host.welcome();
    let room = host.link.clone().unwrap().room;
    let mut friend = server.connect();
    friend.send(&ClientMessage::Hello {
        room: Some(room),
        token: None,
        name: None,
        player_key: None,
    });
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    let first = host.recv_until(|m| match m {
        ServerMessage::Event {
            event: RoomEvent::Started { first, .. },
            ..
        } => Some(*first),
        _ => None,
    });
    assert_eq!(host.game().first(), first);
    assert_eq!(friend.game().first(), first, "the welcome's game names it too");
    assert_eq!(friend.game().active(), first);
    let mover = if first == 0 { &mut host } else { &mut friend };
    let mv = mover.game().legal_moves()[0];
    mover.play(mv, 1);
}

/// A server that keeps no games says so in its welcome (`"records":false`), so clients ask it
/// for no ratings or records; one that keeps them says nothing of it (the documented example
/// session replays against such a server).
#[test]
fn a_server_without_records_says_so_in_its_welcome() {
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
    let frame = host.recv_text();
    assert!(frame.contains(r#""t":"welcome""#), "{frame}");
    assert!(frame.ends_with(r#","records":false}"#), "{frame}");
}

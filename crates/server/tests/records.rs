//! Finished games kept and read back (issue 35): the real binary with a SQLite file of the
//! test's own, killed at the end of a game and started again, and the HTTP API's answers.

mod common;

/// The store the servers of this suite keep rooms in.
const STORE: common::Store = common::Store::Memory;

use common::postgres::Postgres;
use common::{Client, RedisProcess, ServerProcess, variant};
use serde_json::{Value, json};
use starhalma_protocol::{
    ClientMessage, Family, GameRecord, GamesPage, KEY_HEADER, Leaderboard, PlayerKey, RatingsPage,
    RoomEvent, ServerMessage, games_url, leaderboard_url, ratings_url,
};
use starhalma_rules::RuleSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "starhalma-records-it-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn key(n: u128) -> PlayerKey {
    PlayerKey::from_bits(0x5eed_0000_0000_0000_0000_0000_0000_0000 + n)
}

/// A public two-player room (so rated: a clock, no computer) between two players with keys.
fn keyed_pair(server: &ServerProcess) -> (Client, Client) {
    keyed_pair_on(server, server)
}

/// The host on one server, the friend on another (gateways sharing a store).
fn keyed_pair_on(host_server: &ServerProcess, friend_server: &ServerProcess) -> (Client, Client) {
    let server = host_server;
    let mut host = server.connect();
    host.send(&ClientMessage::Create {
        variant: variant(RuleSet::Laws, 2),
        name: Some("Asha".into()),
        clock_ms: None,
        public: true,
        random_start: false,
        player_key: Some(key(1)),
    });
    host.welcome();
    let room = host.room.unwrap();
    let mut friend = friend_server.connect();
    friend.send(&ClientMessage::Hello {
        room: Some(room),
        token: None,
        name: Some("Sakura".into()),
        player_key: Some(key(2)),
    });
    friend.welcome();
    friend.send(&ClientMessage::Join {});
    friend.welcome();
    while host.seq < 2 {
        host.recv();
    }
    (host, friend)
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// `GET path` until it answers 200 (the journal's writer may still be at work).
fn get_when_there(server: &ServerProcess, path: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, body) = server.get(path, &[]);
        if status == 200 {
            return json(&body);
        }
        assert!(Instant::now() < deadline, "{path}: {status} {body}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_game_is_kept_through_a_kill_at_its_end_and_read_back_move_for_move_with_ratings() {
    let dir = temp_dir("kill");
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let journal = dir.join("journal").display().to_string();
    let args = [
        "--database",
        database.as_str(),
        "--journal",
        journal.as_str(),
    ];
    let mut server = ServerProcess::start(&args);
    let (mut host, mut friend) = keyed_pair(&server);
    let record = friend
        .record
        .clone()
        .expect("a started game has its record id");
    let (host_id, friend_id) = (host.player.clone().unwrap(), friend.player.clone().unwrap());
    assert_ne!(host_id, friend_id);
    // Every seat shows its player's public id, to everyone (for their ratings).
    let shown: Vec<Option<&str>> = friend
        .welcome_seats
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| s.player())
        .collect();
    assert_eq!(shown, [Some(host_id.as_str()), Some(friend_id.as_str())]);
    assert!(host.events.iter().any(|(_, e)| matches!(e,
        RoomEvent::Seats { seats } if seats[1].player() == Some(friend_id.as_str()))));
    assert!(
        !host_id.contains(&key(1).to_string()[..8]),
        "the id gives nothing of the key"
    );
    let mut played = Vec::new();
    for n in 0..6u32 {
        let (mover, other) = if n % 2 == 0 {
            (&mut host, &mut friend)
        } else {
            (&mut friend, &mut host)
        };
        let mv = mover.game().legal_moves()[0];
        mover.play(mv, n);
        played.push(mv.to_string());
        while other.seq < mover.seq {
            other.recv();
        }
    }
    friend.send(&ClientMessage::Resign {});
    host.recv_until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: RoomEvent::Resigned { .. },
                ..
            }
        )
        .then_some(())
    });
    // The end is seen: the server dies at once, before anything else can happen.
    server.kill();
    let server = ServerProcess::start(&args);
    let game = get_when_there(&server, &format!("/api/games/{record}"));
    assert_eq!(game["id"], record.as_str());
    assert_eq!(game["rules"], "laws");
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves, played, "move for move");
    assert_eq!(
        game["save"]["moves"].as_array().map(Vec::len),
        Some(6),
        "{game}"
    );
    assert_eq!(game["result"]["status"], "won", "{}", game["result"]);
    // A client reads the same answer as the protocol's one record type, the save a checked game.
    let typed: GameRecord = serde_json::from_value(game.clone()).expect("the protocol's record");
    let saved = typed.save.expect("the save read back");
    assert_eq!(saved.history().len(), 6);
    assert_eq!(typed.summary.plies, Some(6));
    assert_eq!(typed.summary.result, Some(saved.status()));
    assert_eq!(typed.moves.as_deref().map(<[String]>::len), Some(6));
    assert_eq!(game["seats"][0]["player"], host_id.as_str());
    assert_eq!(game["seats"][0]["name"], "Asha");
    assert_eq!(game["seats"][1]["name"], "Sakura");
    assert_eq!(game["seats"][0]["place"], 1);
    assert_eq!(game["rated"], true);
    assert_eq!(game["seats"][0]["rating_before"], 1500);
    assert!(
        game["seats"][0]["change"]
            .as_str()
            .unwrap()
            .starts_with('+'),
        "{game}"
    );
    assert!(
        game["seats"][1]["change"]
            .as_str()
            .unwrap()
            .starts_with('-'),
        "{game}"
    );
    assert!(
        !game.to_string().contains(&key(1).to_string()),
        "no key in any answer"
    );
    // docs/RECORDS.md's example answer has the real one's fields, and writes its variant and
    // result exactly as the server does.
    let example = documented_example("### `GET /api/games/{id}`");
    assert_documented_fields(&example, &game);
    for (field, real) in [
        ("variant", json!({"rules": {"kind": "laws"}, "players": 2})),
        (
            "result",
            json!({"status": "won", "winner": 0, "reason": "resignation"}),
        ),
    ] {
        assert_eq!(game[field], real, "the server's {field}");
        assert_eq!(
            documented_object(&example, field),
            real,
            "the docs' {field}"
        );
    }
    let player = get_when_there(&server, &format!("/api/players/{host_id}"));
    let example = documented_example("### `GET /api/players/{id}`");
    assert_documented_fields(&example, &player);
    assert_eq!(
        json(&example)["ratings"]["laws"]
            .as_object()
            .map(|r| r.keys().collect::<Vec<_>>()),
        player["ratings"]["laws"]
            .as_object()
            .map(|r| r.keys().collect::<Vec<_>>()),
        "a rating's fields as documented"
    );
    assert_eq!(player["name"], "Asha");
    assert_eq!(player["games"], 1);
    assert_eq!(player["ratings"]["laws"]["games"], 1);
    assert_eq!(player["ratings"]["laws"]["provisional"], true);
    assert!(player["ratings"]["laws"]["rating"].as_i64().unwrap() > 1500);
    // Both ratings in one request (a player without one is left out).
    let asked = ratings_url(
        &"http://x".parse().unwrap(),
        Family::Laws,
        &[&host_id, &friend_id, "abcdefghijkl"],
    );
    let (status, body) = server.get(asked.strip_prefix("http://x").unwrap(), &[]);
    assert_eq!(status, 200, "{body}");
    let ratings: RatingsPage = serde_json::from_str(&body).unwrap();
    assert_eq!(ratings.ratings.len(), 2, "{body}");
    assert_eq!(
        ratings.ratings[&host_id].rating,
        player["ratings"]["laws"]["rating"].as_i64().unwrap()
    );
    assert!(ratings.ratings[&friend_id].rating < 1500);
    let page = get_when_there(&server, &format!("/api/players/{friend_id}/games"));
    assert_eq!(page["games"].as_array().unwrap().len(), 1);
    assert_eq!(page["games"][0]["id"], record.as_str());
    assert_eq!(page["next"], Value::Null);
    // Their own key opens their list; someone else's is refused. The page reads as the
    // protocol's shape for clients, at the address it builds from the key alone.
    assert_eq!(key(2).public_id(), friend_id);
    let own = key(2).to_string();
    let address = games_url(&"http://x".parse().unwrap(), &friend_id, None);
    let (status, body) = server.get(
        address.strip_prefix("http://x").unwrap(),
        &[(KEY_HEADER, &own)],
    );
    assert_eq!(status, 200);
    let typed: GamesPage = serde_json::from_str(&body).unwrap();
    let seat = typed.games[0].seat_of(&friend_id).unwrap();
    assert_eq!((seat.name.as_str(), seat.place), ("Sakura", Some(2)));
    assert!(seat.change.as_deref().unwrap().starts_with('-'));
    assert_eq!(
        typed.games[0].plies,
        game["plies"].as_u64().map(|n| n as usize)
    );
    let theirs = key(1).to_string();
    let (status, body) = server.get(
        &format!("/api/players/{friend_id}/games"),
        &[("X-Player-Key", &theirs)],
    );
    assert_eq!(
        (status, json(&body)["error"].as_str()),
        (403, Some("not_your_key"))
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON example under `heading` in docs/RECORDS.md, as written.
fn documented_example(heading: &str) -> String {
    let docs = include_str!("../../../docs/RECORDS.md");
    let section = &docs[docs
        .find(heading)
        .expect("the heading is in docs/RECORDS.md")..];
    let start = section.find("```json\n").expect("a JSON example under it") + "```json\n".len();
    let end = section[start..].find("```").expect("the example ends");
    section[start..start + end].to_string()
}

/// Every field name the example writes (`"name":`) is a field of the real answer, at some
/// depth, so a client written from the docs finds what it reads.
fn assert_documented_fields(example: &str, real: &Value) {
    fn keys(value: &Value, into: &mut std::collections::BTreeSet<String>) {
        match value {
            Value::Object(map) => {
                for (key, inner) in map {
                    into.insert(key.clone());
                    keys(inner, into);
                }
            }
            Value::Array(items) => items.iter().for_each(|inner| keys(inner, into)),
            _ => {}
        }
    }
    let mut real_keys = std::collections::BTreeSet::new();
    keys(real, &mut real_keys);
    for piece in example.split('"').collect::<Vec<_>>().windows(2) {
        let (name, after) = (piece[0], piece[1]);
        // A field name is a quoted word followed by a colon.
        if after.starts_with(':')
            && !name.is_empty()
            && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        {
            assert!(
                real_keys.contains(name),
                "the docs name \"{name}\", the server has no such field: {real}"
            );
        }
    }
}

/// The object the example gives `field`, read as JSON.
fn documented_object(example: &str, field: &str) -> Value {
    let at = example
        .find(&format!("\"{field}\":{{"))
        .expect("the field in the example")
        + field.len()
        + 3;
    let mut depth = 0;
    for (i, c) in example[at..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return json(&example[at..=at + i]);
                }
            }
            _ => {}
        }
    }
    panic!("the example's {field} is not closed");
}

#[test]
fn the_api_answers_bad_ids_unknown_ids_bad_pages_and_floods_clearly() {
    let dir = temp_dir("api");
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let server = ServerProcess::start(&[
        "--database",
        &database,
        "--max-api-requests-per-second",
        "30",
    ]);
    let error_of = |path: &str| {
        let (status, body) = server.get(path, &[]);
        let code = json(&body)["error"].as_str().map(str::to_string);
        (status, code.unwrap_or_default())
    };
    let bad = (400, "bad_request".to_string());
    let missing = (404, "not_found".to_string());
    let many = format!(
        "/api/ratings?rules=laws&players={}",
        ["abcdefghijkl"; 101].join(",")
    );
    for path in [
        "/api/games/XYZ",
        "/api/games/0123",
        "/api/games/0123456789abcdef012G",
        "/api/players/ABCDEFGHIJKL",
        "/api/players/abcdefghijkl/games?limit=0",
        "/api/players/abcdefghijkl/games?limit=51",
        "/api/players/abcdefghijkl/games?limit=ten",
        "/api/players/abcdefghijkl/games?before=-5",
        "/api/leaderboard",
        "/api/leaderboard?rules=chess",
        "/api/ratings?players=abcdefghijkl",
        "/api/ratings?rules=laws",
        "/api/ratings?rules=laws&players=ABCDEFGHIJKL",
        many.as_str(),
        "/api/leaderboard?rules=laws&players=7",
    ] {
        assert_eq!(error_of(path), bad, "{path}");
    }
    assert_eq!(error_of("/api/games/0123456789abcdef0123"), missing);
    assert_eq!(error_of("/api/players/abcdefghijkl"), missing);
    let (status, body) = server.get(
        "/api/players/abcdefghijkl/games",
        &[("X-Player-Key", "nope")],
    );
    assert_eq!(
        (status, json(&body)["error"].as_str()),
        (400, Some("bad_request"))
    );
    // A new player (no game kept yet) asking with their own key: an empty list.
    let newcomer = key(9);
    let (status, body) = server.get(
        games_url(&"http://x".parse().unwrap(), &newcomer.public_id(), None)
            .strip_prefix("http://x")
            .unwrap(),
        &[(KEY_HEADER, &newcomer.to_string())],
    );
    assert_eq!(status, 200, "{body}");
    assert!(
        serde_json::from_str::<GamesPage>(&body)
            .unwrap()
            .games
            .is_empty()
    );
    let board = leaderboard_url(&"http://x".parse().unwrap(), Family::Diamond, Some(3));
    let (status, body) = server.get(board.strip_prefix("http://x").unwrap(), &[]);
    assert_eq!(status, 200);
    let board: Leaderboard = serde_json::from_str(&body).unwrap();
    assert_eq!((board.rules.as_str(), board.players), ("diamond", Some(3)));
    assert!(board.leaders.is_empty());
    // A flood: 30 a second, so of 40 more at once (the test clock stands still) some are
    // refused, and the next second serves again.
    let refused = (0..40)
        .filter(|_| server.get("/api/leaderboard?rules=laws", &[]).0 == 429)
        .count();
    assert!(refused >= 20, "{refused} of 40 refused");
    assert_eq!(error_of("/api/games/0123456789abcdef0123").0, 429);
    let mut clock = server.connect();
    clock.advance(1_000);
    // Answered in order: the pong comes once the clock has moved.
    clock.send(&ClientMessage::Ping {});
    assert!(matches!(clock.recv(), ServerMessage::Pong {}));
    assert_eq!(server.get("/api/leaderboard?rules=laws", &[]).0, 200);
    drop(server);
    // A server that keeps no games says so.
    let none = ServerProcess::start(&[]);
    let (status, body) = none.get("/api/games/0123456789abcdef0123", &[]);
    assert_eq!(
        (status, json(&body)["error"].as_str()),
        (503, Some("no_records"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_gateways_on_redis_and_one_postgresql_record_a_game_once() {
    let redis = RedisProcess::start();
    let postgres = Postgres::start("gateways");
    let dir = temp_dir("gateways");
    let database = postgres.address();
    let journals = [dir.join("a"), dir.join("b")].map(|p| p.display().to_string());
    let a = ServerProcess::gateway_with(
        &redis,
        &["--database", &database, "--journal", &journals[0]],
    );
    let b = ServerProcess::gateway_with(
        &redis,
        &["--database", &database, "--journal", &journals[1]],
    );
    let (mut host, mut friend) = keyed_pair_on(&a, &b);
    let record = friend.record.clone().unwrap();
    let mv = host.game().legal_moves()[0];
    host.play(mv, 1);
    while friend.seq < host.seq {
        friend.recv();
    }
    friend.send(&ClientMessage::Resign {});
    for client in [&mut host, &mut friend] {
        client.recv_until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: RoomEvent::Resigned { .. },
                    ..
                }
            )
            .then_some(())
        });
    }
    // Read through either gateway: the same one game, rated once.
    let on_a = get_when_there(&a, &format!("/api/games/{record}"));
    let on_b = get_when_there(&b, &format!("/api/games/{record}"));
    assert_eq!(on_a, on_b);
    let host_id = host.player.clone().unwrap();
    let player = get_when_there(&b, &format!("/api/players/{host_id}"));
    assert_eq!(player["games"], 1);
    assert_eq!(player["ratings"]["laws"]["games"], 1);
    // A rematch is another game with another id.
    host.send(&ClientMessage::Rematch {});
    host.recv_until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: RoomEvent::Rematch { .. },
                ..
            }
        )
        .then_some(())
    });
    let again = a.watch(host.room);
    assert!(again.record.is_some() && again.record != Some(record));
    drop((a, b));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database named on the command line that does not answer (here a PostgreSQL port nobody
/// listens on) stops the server once the connection timeout has passed, and the server says
/// why at once rather than only when it gives up.
#[test]
fn an_unreachable_database_stops_the_server_after_saying_why_at_once() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let began = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_starhalma-server"))
        .args(["--bind", "127.0.0.1", "--port", "0", "--database"])
        .arg(format!("postgres://starhalma@127.0.0.1:{port}/games"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut warned = None;
    let mut said = Vec::new();
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        if warned.is_none() && line.contains("does not answer") {
            warned = Some(began.elapsed());
        }
        said.push(line);
    }
    let status = child.wait().unwrap();
    let ended = began.elapsed();
    let said = said.join("\n");
    assert!(!status.success(), "{said}");
    let warned = warned.unwrap_or_else(|| panic!("no warning: {said}"));
    // The warning came well before the end: the server waited the timeout after it.
    assert!(
        ended - warned >= starhalma_server::records::CONNECT_TIMEOUT / 2,
        "warned at {warned:?}, stopped at {ended:?}: {said}"
    );
    assert!(
        said.contains(&port.to_string()) || said.contains("database"),
        "{said}"
    );
}

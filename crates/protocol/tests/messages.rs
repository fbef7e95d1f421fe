//! Hand-written examples: every message round-trips, the exact wire form of a few, and each way
//! a frame is refused.

mod common;

use common::*;
use starhalma_protocol::*;
use starhalma_rules::{Game, RuleSet, Variant};

#[test]
fn every_client_message_round_trips() {
    for message in client_examples() {
        let frame = message.encode();
        assert!(frame.len() <= MAX_FRAME_BYTES, "{frame}");
        assert_eq!(decode_client(&frame), Ok(message), "{frame}");
    }
}

#[test]
fn every_server_message_round_trips() {
    for message in server_examples() {
        let frame = message.encode();
        assert_eq!(decode_server(&frame), Ok(message), "{frame}");
    }
}

#[test]
fn wire_forms_put_version_and_type_first() {
    assert_eq!(ClientMessage::Join {}.encode(), r#"{"v":1,"t":"join"}"#);
    assert_eq!(
        ClientMessage::Hello {
            room: Some(room()),
            token: None,
            name: None,
            player_key: None,
        }
        .encode(),
        r#"{"v":1,"t":"hello","room":"k3v7q2mzpa"}"#
    );
    assert_eq!(
        ClientMessage::Create {
            variant: Variant::new(RuleSet::Diamond, 3).unwrap(),
            name: Some("Asha".into()),
            clock_ms: None,
            public: false,
            random_start: false,
            player_key: None,
        }
        .encode(),
        r#"{"v":1,"t":"create","variant":{"rules":{"kind":"diamond"},"players":3},"name":"Asha"}"#
    );
    assert_eq!(
        ClientMessage::React {
            reaction: Reaction::GoodMove
        }
        .encode(),
        r#"{"v":1,"t":"react","reaction":"good_move"}"#
    );
    assert_eq!(
        ServerMessage::Reacted {
            seat: 0,
            reaction: Reaction::GoodMove
        }
        .encode(),
        r#"{"v":1,"t":"reacted","seat":0,"reaction":"good_move"}"#
    );
    assert_eq!(
        ServerMessage::Event {
            seq: 1,
            event: RoomEvent::Seats {
                seats: vec![
                    SeatHolder::Person {
                        connected: true,
                        name: name("Asha"),
                        idle: false,
                        player: None,
                    },
                    SeatHolder::Open
                ]
            }
        }
        .encode(),
        r#"{"v":1,"t":"event","seq":1,"event":{"kind":"seats","seats":[{"kind":"person","connected":true,"name":"Asha"},{"kind":"open"}]}}"#
    );
    assert_eq!(
        ServerMessage::Event {
            seq: 8,
            event: RoomEvent::Moved {
                seat: 1,
                mv: mv("pass"),
                by: None,
            }
        }
        .encode(),
        r#"{"v":1,"t":"event","seq":8,"event":{"kind":"moved","seat":1,"mv":"pass"}}"#
    );
    assert_eq!(
        ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
            message: "Yellow is to move".into(),
            id: Some(2)
        }
        .encode(),
        r#"{"v":1,"t":"error","code":"not_your_turn","message":"Yellow is to move","id":2}"#
    );
}

#[test]
fn welcome_embeds_the_game_file_as_an_object() {
    let game = game_after_two_moves();
    let ServerMessage::Welcome(welcome) = &server_examples()[0] else {
        panic!("the first example is a welcome");
    };
    let frame: serde_json::Value =
        serde_json::from_str(&ServerMessage::Welcome(welcome.clone()).encode()).unwrap();
    let save_file: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    assert_eq!(frame["game"], save_file);
    assert_eq!(frame["seat"], 0);
    let spectator = &server_examples()[1];
    let frame: serde_json::Value = serde_json::from_str(&spectator.encode()).unwrap();
    assert!(frame["seat"].is_null() && frame["token"].is_null());
    assert_eq!(
        Game::from_json(&frame["game"].to_string()).unwrap(),
        Game::new(Variant::new(RuleSet::Diamond, 3).unwrap())
    );
}

#[test]
fn oversized_frames_are_refused_before_parsing() {
    let padding = " ".repeat(MAX_FRAME_BYTES);
    let frame = format!("{{\"v\":1,\"t\":\"ping\"}}{padding}");
    let error = decode_client(&frame).unwrap_err();
    assert_eq!(
        error,
        ProtocolError::TooLarge {
            len: frame.len(),
            max: MAX_FRAME_BYTES
        }
    );
    assert_eq!(error.code(), ErrorCode::TooLarge);
    // Not even JSON: the size alone decides.
    let junk = "x".repeat(MAX_FRAME_BYTES + 1);
    assert_eq!(
        decode_client(&junk).unwrap_err().code(),
        ErrorCode::TooLarge
    );
    // Exactly at the limit is read.
    let frame = r#"{"v":1,"t":"ping"}"#;
    let at_limit = format!("{frame}{}", " ".repeat(MAX_FRAME_BYTES - frame.len()));
    assert_eq!(decode_client(&at_limit), Ok(ClientMessage::Ping {}));
}

#[test]
fn unknown_versions_are_refused_whatever_follows() {
    for frame in [
        r#"{"v":2,"t":"ping"}"#,
        r#"{"v":0,"t":"ping"}"#,
        r#"{"v":"1","t":"ping"}"#,
        r#"{"v":1.5,"t":"ping"}"#,
        r#"{"t":"teleport","v":2,"anything":[1,2]}"#,
    ] {
        let error = decode_client(frame).unwrap_err();
        assert!(
            matches!(error, ProtocolError::UnknownVersion(_)),
            "{frame}: {error}"
        );
        assert_eq!(error.code(), ErrorCode::UnknownVersion);
    }
    assert_eq!(
        decode_server(r#"{"v":7,"t":"pong"}"#),
        Err(ProtocolError::UnknownVersion("7".into()))
    );
}

/// The frame is refused as malformed, and the error message mentions `expected`.
fn assert_malformed(frame: &str, expected: &str) {
    match decode_client(frame) {
        Err(ProtocolError::Malformed(message)) => {
            assert!(
                message.contains(expected),
                "{frame}: '{message}' lacks '{expected}'"
            )
        }
        other => panic!("{frame}: expected malformed, got {other:?}"),
    }
}

#[test]
fn malformed_frames_say_what_is_wrong() {
    assert_malformed("", "not JSON");
    assert_malformed("{\"v\":1,", "not JSON");
    assert_malformed("[1,2]", "JSON object");
    assert_malformed(r#"{"t":"ping"}"#, "`v`");
    assert_malformed(r#"{"v":1}"#, "`t`");
    assert_malformed(r#"{"v":1,"t":3}"#, "`t`");
    assert_malformed(r#"{"v":1,"t":"teleport"}"#, "teleport");
    assert_malformed(r#"{"v":1,"t":"move","seq":1,"id":2}"#, "mv");
    assert_malformed(
        r#"{"v":1,"t":"move","seq":1,"mv":"q 1,2 3,4","id":2}"#,
        "not a move",
    );
    assert_malformed(
        r#"{"v":1,"t":"move","seq":1,"mv":"s 9,9 3,4","id":2}"#,
        "not on the board",
    );
    assert_malformed(r#"{"v":1,"t":"move","seq":-1,"mv":"pass","id":2}"#, "move");
    assert_malformed(
        r#"{"v":1,"t":"move","seq":1,"mv":"pass","id":2,"seat":0}"#,
        "seat",
    );
    assert_malformed(r#"{"v":1,"t":"hello","room":"K3V7Q2MZPA"}"#, "room code");
    assert_malformed(r#"{"v":1,"t":"hello","room":"k3v7q2mzp1"}"#, "room code");
    assert_malformed(
        r#"{"v":1,"t":"hello","room":"k3v7q2mzpa","token":"xyz"}"#,
        "token",
    );
    assert_malformed(
        r#"{"v":1,"t":"create","variant":{"rules":{"kind":"diamond"},"players":6}}"#,
        "players",
    );
    assert_malformed(r#"{"v":1,"t":"react","reaction":"boo"}"#, "boo");
    assert_malformed(r#"{"v":1,"t":"react"}"#, "reaction");
    assert_malformed(r#"{"v":1,"t":"hello","name":7}"#, "expected a string");
    assert_malformed(
        r#"{"v":1,"t":"quick_match","variant":"some","players":2}"#,
        "\"any\" or a variant",
    );
    assert_malformed(r#"{"v":1,"t":"quick_match","variant":"any"}"#, "players");
    assert_malformed(
        r#"{"v":1,"t":"create","variant":{"rules":{"kind":"laws"},"players":2},"public":"yes"}"#,
        "boolean",
    );
    assert_malformed(
        r#"{"v":1,"t":"create","variant":{"rules":{"kind":"laws"},"players":2},"clock_ms":30000}"#,
        "30000",
    );
    // Unit messages refuse extra fields too.
    assert_malformed(r#"{"v":1,"t":"join","seat":2}"#, "seat");
    // Server frames are not client messages.
    assert_malformed(r#"{"v":1,"t":"pong"}"#, "pong");
}

#[test]
fn malformed_server_frames_are_refused() {
    let malformed = |frame: &str| {
        assert!(
            matches!(decode_server(frame), Err(ProtocolError::Malformed(_))),
            "{frame}"
        )
    };
    malformed(r#"{"v":1,"t":"error","code":"nope","message":"x"}"#);
    malformed(r#"{"v":1,"t":"event","seq":1,"event":{"kind":"teleported"}}"#);
    malformed(r#"{"v":1,"t":"ping"}"#);
    malformed(r#"{"v":1,"t":"pong","late":true}"#);
    malformed(r#"{"v":1,"t":"event","seq":1,"event":{"kind":"started","by":0}}"#);
    // A name the server would have refused is refused from the server too.
    malformed(
        r#"{"v":1,"t":"event","seq":1,"event":{"kind":"seats","seats":[{"kind":"person","connected":true,"name":"a\u202eb"}]}}"#,
    );
    malformed(r#"{"v":1,"t":"reacted","seat":0,"reaction":"boo"}"#);
    // A game file whose moves are illegal is refused: the rules crate replays it.
    let welcome = server_examples()[0]
        .encode()
        .replace("s -5,1 -4,0", "s -5,1 -5,0");
    malformed(&welcome);
}

#[test]
fn welcome_seats_must_fit_the_game() {
    let ServerMessage::Welcome(welcome) = &server_examples()[0] else {
        panic!("the first example is a welcome");
    };
    let mut too_many_seats = welcome.clone();
    too_many_seats.seats.push(SeatHolder::Open);
    let mut no_such_seat = welcome.clone();
    no_such_seat.seat = Some(2);
    for bad in [too_many_seats, no_such_seat] {
        let frame = ServerMessage::Welcome(bad).encode();
        assert!(
            matches!(decode_server(&frame), Err(ProtocolError::Malformed(m)) if m.contains("welcome")),
            "{frame}"
        );
    }
}

#[test]
fn lobby_seats_must_fit_their_variant() {
    let mut room = lobby_room();
    room.seats.push(SeatHolder::Computer);
    for frame in [
        ServerMessage::Listed { room: room.clone() }.encode(),
        ServerMessage::Lobby { rooms: vec![room] }.encode(),
    ] {
        assert!(
            matches!(decode_server(&frame), Err(ProtocolError::Malformed(m)) if m.contains("lobby")),
            "{frame}"
        );
    }
}

#[test]
fn a_quick_match_names_any_variant_or_one() {
    let any = r#"{"v":1,"t":"quick_match","variant":"any","players":3}"#;
    assert_eq!(
        decode_client(any),
        Ok(ClientMessage::QuickMatch {
            variant: MatchVariant::Any,
            players: 3,
            name: None,
            clock_ms: None,
            player_key: None,
        })
    );
    let laws = Variant::new(RuleSet::Laws, 2).unwrap();
    let exact = ClientMessage::QuickMatch {
        variant: MatchVariant::Exactly(laws),
        players: 2,
        name: None,
        clock_ms: Some(MoveClock::SECONDS_20),
        player_key: None,
    };
    assert_eq!(
        exact.encode(),
        r#"{"v":1,"t":"quick_match","variant":{"rules":{"kind":"laws"},"players":2},"players":2,"clock_ms":20000}"#
    );
    assert!(MatchVariant::Any.accepts(laws, 2));
    assert!(!MatchVariant::Any.accepts(laws, 3));
    assert!(MatchVariant::Exactly(laws).accepts(laws, 2));
    let diamond = Variant::new(RuleSet::Diamond, 2).unwrap();
    assert!(!MatchVariant::Exactly(laws).accepts(diamond, 2));
}

#[test]
fn protocol_errors_map_to_their_codes() {
    assert_eq!(
        ProtocolError::Malformed("x".into()).code(),
        ErrorCode::Malformed
    );
    assert_eq!(
        decode_client("nope").unwrap_err().code(),
        ErrorCode::Malformed
    );
}

#[test]
fn error_codes_are_written_as_their_names() {
    for code in ErrorCode::ALL {
        assert_eq!(
            serde_json::to_string(&code).unwrap(),
            format!("\"{}\"", code.as_str())
        );
    }
    let mut names: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ErrorCode::ALL.len());
}

#[test]
fn room_codes_are_ten_lowercase_base32_characters() {
    assert_eq!(RoomCode::from_bits(0).as_str(), "aaaaaaaaaa");
    assert_eq!(RoomCode::from_bits((1 << 50) - 1).as_str(), "7777777777");
    assert_eq!(
        RoomCode::from_bits(u64::MAX),
        RoomCode::from_bits((1 << 50) - 1)
    );
    assert_eq!(RoomCode::from_bits(1).as_str(), "aaaaaaaaab");
    let code: RoomCode = "k3v7q2mzpa".parse().unwrap();
    assert_eq!(code.to_string(), "k3v7q2mzpa");
    for bad in [
        "",
        "k3v7q2mzp",
        "k3v7q2mzpaa",
        "K3V7Q2MZPA",
        "k3v7q2mzp0",
        "k3v7q2mzp8",
        "k3v7q2mzp!",
        "k3v7q2mzé",
    ] {
        assert!(bad.parse::<RoomCode>().is_err(), "{bad}");
    }
}

#[test]
fn tokens_are_32_lowercase_hex_characters_and_stay_out_of_debug_output() {
    let text = "9f3c1a7e5b2d4c6f8a0b1c2d3e4f5a6b";
    let token: Token = text.parse().unwrap();
    assert_eq!(token.to_string(), text);
    assert_eq!(Token::from_bits(1).to_string(), format!("{:032}", 1));
    assert_eq!(Token::from_bytes([0xab; 16]).to_string(), "ab".repeat(16));
    assert!(!format!("{token:?}").contains("9f3c"));
    let too_short = &text[1..];
    let signed = format!("+{}", &text[1..]);
    for bad in [
        "",
        too_short,
        &format!("{text}0"),
        &text.to_uppercase(),
        &signed,
        "9f3c1a7e5b2d4c6f8a0b1c2d3e4f5a6g",
    ] {
        assert!(bad.parse::<Token>().is_err(), "{bad}");
    }
}

#[test]
fn room_links_are_built_and_read_back() {
    let code = room();
    let server: ServerUrl = "http://192.168.1.20:8080".parse().unwrap();
    let link = server.room(code);
    assert_eq!(
        link.to_string(),
        "http://192.168.1.20:8080/?room=k3v7q2mzpa"
    );
    let secure: ServerUrl = "https://halma.example.org/".parse().unwrap();
    assert_eq!(
        secure.room(code).to_string(),
        "https://halma.example.org/?room=k3v7q2mzpa"
    );
    assert_eq!(link.to_string().parse::<RoomLink>(), Ok(link.clone()));
    let read = |text: &str| text.parse::<RoomLink>().map(|link| link.room);
    assert_eq!(read("http://h/?lang=en&room=k3v7q2mzpa#board"), Ok(code));
    assert_eq!(read("http://h/index.html?room=k3v7q2mzpa&x=1"), Ok(code));
    assert_eq!(read("http://h:8080/"), Err(LinkError::NoRoom));
    assert_eq!(read("http://h/?rooms=k3v7q2mzpa"), Err(LinkError::NoRoom));
    assert_eq!(read("http://h/#?room=k3v7q2mzpa"), Err(LinkError::NoRoom));
    assert!(matches!(
        read("http://h/?room=short"),
        Err(LinkError::BadRoom(_))
    ));
    assert_eq!(read("k3v7q2mzpa"), Err(LinkError::BadScheme));
    // A link travels as its text.
    let json = serde_json::to_string(&link).unwrap();
    assert_eq!(json, "\"http://192.168.1.20:8080/?room=k3v7q2mzpa\"");
    assert_eq!(serde_json::from_str::<RoomLink>(&json).ok(), Some(link));
}

#[test]
fn links_lead_to_the_socket_on_the_same_port() {
    let socket = |text: &str| text.parse::<RoomLink>().map(|link| link.server.socket());
    assert_eq!(
        socket("http://192.168.1.20:8080/?room=k3v7q2mzpa").as_deref(),
        Ok("ws://192.168.1.20:8080/ws")
    );
    assert_eq!(
        socket("https://halma.example.org?room=k3v7q2mzpa").as_deref(),
        Ok("wss://halma.example.org/ws")
    );
    assert_eq!(
        socket("ftp://h/?room=k3v7q2mzpa"),
        Err(LinkError::BadScheme)
    );
    assert_eq!(socket("http:///?room=k3v7q2mzpa"), Err(LinkError::NoHost));
}

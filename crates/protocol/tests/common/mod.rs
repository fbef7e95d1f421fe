//! Messages shared by the test binaries: one hand-written example of every message, event and
//! seat holder, and proptest strategies that generate any message.
#![allow(dead_code)] // each test binary uses part of this

use proptest::prelude::*;
use starhalma_protocol::{
    ClientMessage, ErrorCode, LobbyRoom, MatchVariant, MoveClock, MovedBy, PlayerName, Reaction,
    RoomCode, RoomEvent, SeatHolder, ServerMessage, Token, Welcome,
};
use starhalma_rules::{Game, Hole, Move, MoveKind, RuleSet, Variant};

pub fn mv(text: &str) -> Move {
    text.parse().expect("a test move is valid notation")
}

pub fn room() -> RoomCode {
    "k3v7q2mzpa".parse().unwrap()
}

pub fn token() -> Token {
    "9f3c1a7e5b2d4c6f8a0b1c2d3e4f5a6b".parse().unwrap()
}

/// A 2-player laws game after its first two moves.
pub fn game_after_two_moves() -> Game {
    let mut game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
    game.play(mv("s 5,-1 4,0")).unwrap();
    game.play(mv("s -5,1 -4,0")).unwrap();
    game
}

pub fn client_examples() -> Vec<ClientMessage> {
    vec![
        ClientMessage::Hello {
            room: None,
            token: None,
            name: None,
            player_key: None,
        },
        ClientMessage::Hello {
            room: Some(room()),
            token: None,
            name: Some("さくら".into()),
            player_key: None,
        },
        ClientMessage::Hello {
            room: Some(room()),
            token: Some(token()),
            name: Some("Asha".into()),
            player_key: None,
        },
        ClientMessage::Create {
            variant: Variant::new(RuleSet::Table { long_hops: true }, 3).unwrap(),
            name: Some("आशा".into()),
            clock_ms: None,
            public: false,
            random_start: false,
            player_key: None,
        },
        ClientMessage::Create {
            variant: Variant::new(RuleSet::Laws, 2).unwrap(),
            name: None,
            clock_ms: Some(MoveClock::SECONDS_60),
            public: false,
            random_start: false,
            player_key: None,
        },
        ClientMessage::Create {
            variant: Variant::new(RuleSet::Diamond, 3).unwrap(),
            name: Some("Asha".into()),
            clock_ms: Some(MoveClock::SECONDS_20),
            public: true,
            random_start: false,
            player_key: None,
        },
        ClientMessage::QuickMatch {
            variant: MatchVariant::Any,
            players: 2,
            name: Some("さくら".into()),
            clock_ms: None,
            player_key: None,
        },
        ClientMessage::QuickMatch {
            variant: MatchVariant::Exactly(
                Variant::new(RuleSet::Table { long_hops: false }, 4).unwrap(),
            ),
            players: 4,
            name: Some("Asha".into()),
            clock_ms: Some(MoveClock::MINUTES_3),
            player_key: None,
        },
        ClientMessage::LobbyWatch {},
        ClientMessage::LobbyLeave {},
        ClientMessage::Back {},
        ClientMessage::Create {
            variant: Variant::new(RuleSet::Laws, 2).unwrap(),
            name: None,
            clock_ms: None,
            public: false,
            random_start: false,
            player_key: None,
        },
        ClientMessage::Join {},
        ClientMessage::FillComputer {},
        ClientMessage::Move {
            seq: 7,
            mv: mv("j 5,-4 3,-2"),
            id: 3,
        },
        ClientMessage::Move {
            seq: 12,
            mv: Move::PASS,
            id: 4,
        },
        ClientMessage::Resign {},
        ClientMessage::Leave {},
        ClientMessage::Rematch {},
        ClientMessage::Sync { have: 5 },
        ClientMessage::React {
            reaction: Reaction::GoodMove,
        },
        ClientMessage::Ping {},
        ClientMessage::AdvanceClock { ms: 45_000 },
    ]
}

pub fn name(text: &str) -> Option<PlayerName> {
    Some(PlayerName::new(text).expect("a test name is valid"))
}

pub fn seats() -> Vec<SeatHolder> {
    vec![
        SeatHolder::Person {
            connected: true,
            name: name("Asha"),
            idle: false,
            player: None,
        },
        SeatHolder::Person {
            connected: false,
            name: name("さくら"),
            idle: false,
            player: None,
        },
        SeatHolder::Computer,
    ]
}

pub fn lobby_room() -> LobbyRoom {
    LobbyRoom {
        room: room(),
        variant: Variant::new(RuleSet::Laws, 2).unwrap(),
        seats: vec![
            SeatHolder::Person {
                connected: true,
                name: name("Asha"),
                idle: false,
                player: None,
            },
            SeatHolder::Open,
        ],
        clock_ms: Some(MoveClock::SECONDS_60),
        running: false,
        age_ms: 12_000,
    }
}

pub fn event_examples() -> Vec<RoomEvent> {
    vec![
        RoomEvent::Seats {
            seats: vec![
                SeatHolder::Person {
                    connected: true,
                    name: None,
                    idle: false,
                    player: None,
                },
                SeatHolder::Open,
            ],
        },
        RoomEvent::Started {
            first: 0,
            record: Some("5f1c0a9e3b27d4c86a10".into()),
        },
        RoomEvent::Moved {
            seat: 1,
            mv: mv("j 5,-4 3,-2"),
            by: None,
        },
        RoomEvent::Moved {
            seat: 0,
            mv: mv("s 5,-1 4,0"),
            by: Some(MovedBy::Clock),
        },
        RoomEvent::Seats {
            seats: vec![
                SeatHolder::Person {
                    connected: true,
                    name: name("Asha"),
                    idle: true,
                    player: None,
                },
                SeatHolder::Computer,
            ],
        },
        RoomEvent::Resigned { seat: 0 },
        RoomEvent::Left { seat: 2 },
        RoomEvent::Rematch {
            seats: seats(),
            first: 1,
            record: None,
        },
    ]
}

pub fn server_examples() -> Vec<ServerMessage> {
    let mut messages = vec![
        ServerMessage::Welcome(Box::new(Welcome {
            room: room(),
            link: "http://192.168.1.20:8080/?room=k3v7q2mzpa".parse().unwrap(),
            seat: Some(0),
            token: Some(token()),
            host: true,
            seats: vec![
                SeatHolder::Person {
                    connected: true,
                    name: None,
                    idle: false,
                    player: None,
                },
                SeatHolder::Computer,
            ],
            game: game_after_two_moves(),
            seq: 4,
            clock_ms: Some(MoveClock::SECONDS_20),
            turn_left_ms: Some(12_500),
            player: None,
            record: None,
            records: true,
        })),
        ServerMessage::Welcome(Box::new(Welcome {
            room: room(),
            link: "https://halma.example.org/?room=k3v7q2mzpa"
                .parse()
                .unwrap(),
            seat: None,
            token: None,
            host: false,
            seats: seats(),
            game: Game::new(Variant::new(RuleSet::Diamond, 3).unwrap()),
            seq: 0,
            clock_ms: None,
            turn_left_ms: None,
            player: None,
            record: None,
            records: true,
        })),
        ServerMessage::Ack { id: 3, seq: 8 },
        ServerMessage::Disconnected {
            seat: 2,
            computer_in_ms: 45_000,
        },
        ServerMessage::Reconnected { seat: 2 },
        ServerMessage::Reacted {
            seat: 1,
            reaction: Reaction::WellPlayed,
        },
        ServerMessage::Lobby {
            rooms: vec![lobby_room()],
        },
        ServerMessage::Listed { room: lobby_room() },
        ServerMessage::Unlisted { room: room() },
        ServerMessage::Replaced {},
        ServerMessage::Pong {},
        ServerMessage::Error {
            code: ErrorCode::Illegal,
            message: "no chain of jumps leads from 5,-4 to 1,0".into(),
            id: Some(3),
        },
    ];
    messages.extend(event_examples().into_iter().enumerate().map(|(i, event)| {
        ServerMessage::Event {
            seq: i as u64 + 1,
            event,
        }
    }));
    messages.extend(ErrorCode::ALL.into_iter().map(|code| ServerMessage::Error {
        code,
        message: format!("refused: {code}"),
        id: None,
    }));
    messages
}

// Strategies.

/// Any text a client might send as a name, valid or not (the server checks it).
pub fn any_name_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z ]{0,24}",
        "\\PC{0,24}",
        "[\u{0900}-\u{097F}\u{200C}\u{200D}]{1,10}",
        any::<String>(),
    ]
}

/// Any valid name.
pub fn any_name() -> impl Strategy<Value = PlayerName> {
    any_name_text().prop_filter_map("a valid name", |text| PlayerName::new(&text).ok())
}

pub fn any_clock() -> impl Strategy<Value = MoveClock> {
    proptest::sample::select(MoveClock::ALL.to_vec())
}

pub fn any_reaction() -> impl Strategy<Value = Reaction> {
    proptest::sample::select(Reaction::ALL.to_vec())
}

pub fn any_move() -> impl Strategy<Value = Move> {
    let hole = (0..121usize).prop_map(|i| Hole::from_index(i).unwrap());
    prop_oneof![
        Just(Move::PASS),
        (
            prop_oneof![
                Just(MoveKind::Step),
                Just(MoveKind::Jump),
                Just(MoveKind::Swap)
            ],
            hole.clone(),
            hole
        )
            .prop_map(|(kind, from, to)| Move { kind, from, to }),
    ]
}

pub fn any_variant() -> impl Strategy<Value = Variant> {
    let all: Vec<Variant> = Variant::all().collect();
    proptest::sample::select(all)
}

pub fn any_room() -> impl Strategy<Value = RoomCode> {
    any::<u64>().prop_map(RoomCode::from_bits)
}

pub fn any_token() -> impl Strategy<Value = Token> {
    any::<u128>().prop_map(Token::from_bits)
}

pub fn any_client_message() -> impl Strategy<Value = ClientMessage> {
    prop_oneof![
        (
            proptest::option::of(any_room()),
            proptest::option::of(any_token()),
            proptest::option::of(any_name_text()),
        )
            .prop_map(|(room, token, name)| ClientMessage::Hello {
                room,
                token,
                name,
                player_key: None
            }),
        (
            any_variant(),
            proptest::option::of(any_name_text()),
            proptest::option::of(any_clock()),
            any::<bool>()
        )
            .prop_map(|(variant, name, clock_ms, public)| {
                ClientMessage::Create {
                    variant,
                    name,
                    clock_ms,
                    public,
                    random_start: false,
                    player_key: None,
                }
            }),
        (
            proptest::option::of(any_variant()),
            any::<u8>(),
            proptest::option::of(any_name_text()),
            proptest::option::of(any_clock()),
        )
            .prop_map(
                |(variant, players, name, clock_ms)| ClientMessage::QuickMatch {
                    variant: variant.map_or(MatchVariant::Any, MatchVariant::Exactly),
                    players,
                    name,
                    clock_ms,
                    player_key: None,
                }
            ),
        Just(ClientMessage::LobbyWatch {}),
        Just(ClientMessage::LobbyLeave {}),
        any_reaction().prop_map(|reaction| ClientMessage::React { reaction }),
        Just(ClientMessage::Join {}),
        Just(ClientMessage::FillComputer {}),
        (any::<u64>(), any_move(), any::<u32>()).prop_map(|(seq, mv, id)| ClientMessage::Move {
            seq,
            mv,
            id
        }),
        Just(ClientMessage::Resign {}),
        Just(ClientMessage::Leave {}),
        Just(ClientMessage::Rematch {}),
        any::<u64>().prop_map(|have| ClientMessage::Sync { have }),
        Just(ClientMessage::Ping {}),
        any::<u64>().prop_map(|ms| ClientMessage::AdvanceClock { ms }),
    ]
}

pub fn any_seat_holder() -> impl Strategy<Value = SeatHolder> {
    prop_oneof![
        Just(SeatHolder::Open),
        (any::<bool>(), proptest::option::of(any_name())).prop_map(|(connected, name)| {
            SeatHolder::Person {
                connected,
                name,
                idle: false,
                player: None,
            }
        }),
        Just(SeatHolder::Computer),
    ]
}

/// A game of `variant` after up to 40 legal moves picked by `choices`, resigned or not.
pub fn any_game() -> impl Strategy<Value = Game> {
    (
        any_variant(),
        proptest::collection::vec(any::<usize>(), 0..40),
        proptest::option::of(0u8..6),
    )
        .prop_map(|(variant, choices, resigner)| {
            let mut game = Game::new(variant);
            for choice in choices {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[choice % moves.len()]).unwrap();
            }
            if let Some(seat) = resigner.filter(|&s| s < variant.players()) {
                let _ = game.resign(seat);
            }
            game
        })
}

pub fn any_event() -> impl Strategy<Value = RoomEvent> {
    let seat_list = || proptest::collection::vec(any_seat_holder(), 2..=6);
    prop_oneof![
        seat_list().prop_map(|seats| RoomEvent::Seats { seats }),
        (0u8..6, proptest::option::of("[0-9a-f]{20}"))
            .prop_map(|(first, record)| RoomEvent::Started { first, record }),
        (0u8..6, any_move(), any::<bool>()).prop_map(|(seat, mv, clock)| RoomEvent::Moved {
            seat,
            mv,
            by: clock.then_some(MovedBy::Clock)
        }),
        (0u8..6).prop_map(|seat| RoomEvent::Resigned { seat }),
        (0u8..6).prop_map(|seat| RoomEvent::Left { seat }),
        (seat_list(), 0u8..6, proptest::option::of("[0-9a-f]{20}")).prop_map(
            |(seats, first, record)| RoomEvent::Rematch {
                seats,
                first,
                record
            }
        ),
    ]
}

pub fn any_welcome() -> impl Strategy<Value = ServerMessage> {
    (
        any_room(),
        any_game(),
        any::<u8>(),
        proptest::option::of(any_token()),
        any::<bool>(),
        proptest::collection::vec(any_seat_holder(), 6),
        any::<u64>(),
        "[a-z0-9.-]{1,30}(:[0-9]{1,5})?",
        proptest::option::of((
            proptest::sample::select(MoveClock::ALL.to_vec()),
            any::<u64>(),
        )),
    )
        .prop_map(
            |(room, game, seat, token, host, mut seats, seq, link, clock)| {
                let players = game.variant().players();
                seats.truncate(players.into());
                let seat = token.map(|_| seat % players);
                let link = format!("http://{link}/?room={room}")
                    .parse()
                    .expect("a host of host characters");
                ServerMessage::Welcome(Box::new(Welcome {
                    room,
                    link,
                    seat,
                    token,
                    host,
                    seats,
                    game,
                    seq,
                    clock_ms: clock.map(|(c, _)| c),
                    turn_left_ms: clock.map(|(_, left)| left),
                    player: None,
                    record: None,
                    records: true,
                }))
            },
        )
}

pub fn any_server_message() -> impl Strategy<Value = ServerMessage> {
    prop_oneof![
        any_welcome(),
        (any::<u64>(), any_event()).prop_map(|(seq, event)| ServerMessage::Event { seq, event }),
        (any::<u32>(), any::<u64>()).prop_map(|(id, seq)| ServerMessage::Ack { id, seq }),
        (
            proptest::sample::select(ErrorCode::ALL.to_vec()),
            any::<String>(),
            proptest::option::of(any::<u32>())
        )
            .prop_map(|(code, message, id)| ServerMessage::Error { code, message, id }),
        (0u8..6, any::<u64>()).prop_map(|(seat, computer_in_ms)| ServerMessage::Disconnected {
            seat,
            computer_in_ms
        }),
        (0u8..6).prop_map(|seat| ServerMessage::Reconnected { seat }),
        (0u8..6, any_reaction())
            .prop_map(|(seat, reaction)| ServerMessage::Reacted { seat, reaction }),
        proptest::collection::vec(any_lobby_room(), 0..5)
            .prop_map(|rooms| ServerMessage::Lobby { rooms }),
        any_lobby_room().prop_map(|room| ServerMessage::Listed { room }),
        any_room().prop_map(|room| ServerMessage::Unlisted { room }),
        Just(ServerMessage::Replaced {}),
        Just(ServerMessage::Pong {}),
    ]
}

/// A listed room whose seats fit its variant.
pub fn any_lobby_room() -> impl Strategy<Value = LobbyRoom> {
    (
        any_room(),
        any_variant(),
        proptest::collection::vec(any_seat_holder(), 6),
        proptest::option::of(any_clock()),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(room, variant, mut seats, clock_ms, running, age_ms)| {
            seats.truncate(variant.players().into());
            LobbyRoom {
                room,
                variant,
                seats,
                clock_ms,
                running,
                age_ms,
            }
        })
}

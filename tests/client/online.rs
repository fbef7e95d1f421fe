//! Online play without a network: a scripted socket plays the server's part. The server's
//! events animate as `MoveApplied` (the mirror check on), one at a time and in seq order; a
//! local move is only proposed and waits for its event; a gap asks for `sync`; a `welcome`
//! resets the board; commands that have no meaning online are refused.

use super::{app_in, command, hud, run_until_still, send, send_press, sent, table2};
use crate::scripted::ScriptedNetwork;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhalma::testing::SoundCue;
use starhalma::testing::{
    Animating, Authority, ButtonAction, CommandApplied, CommandRejected, FinishedRecord, GameReset,
    HudText, KnownRatings, Lobby, LobbyState, MainButton, Marble, MenuPage, MoveApplied,
    NetRequest, Notice, OnHole, Online, OnlineButton, OnlineMemory, Phase, Phrase, PlayerProfile,
    ReactionBubble, ReactionButton, Reactions, Remote, RoomButton, RoomClock, SeatNames, TextField,
    Typing, ViewButton, Words, suggest_name,
};
use starhalma::{
    GameCommand, Language, Match, MoveRequest, MoveSource, OnlineServer, RoomChange, Screen,
    SeatKind, Store,
};
use starhalma_protocol::{
    ClientMessage, GameRecord, GameSummary, LobbyRoom, MoveClock, MovedBy, PlayerKey, PlayerName,
    Reaction, RoomCode, RoomEvent, SeatHolder, ServerMessage, ServerUrl, Token, Welcome,
};
use starhalma_rules::{Game, Move, RuleSet, Variant};
use std::time::Duration;

const LINK: &str = "http://127.0.0.1:9/?room=abcdefghij";

fn room() -> RoomCode {
    "abcdefghij".parse().unwrap()
}

/// The name this device plays under in these tests.
const ME: &str = "Mina";

/// A client on the menu whose connections are scripted, playing as [`ME`].
/// The player key of [`online_app`]'s profile.
fn my_key() -> PlayerKey {
    PlayerKey::from_bits(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef)
}

fn online_app() -> (App, ScriptedNetwork) {
    online_app_named(Some(ME))
}

/// A client on the menu whose connections are scripted, its profile holding `name`, with a
/// server to host rooms on.
fn online_app_named(name: Option<&str>) -> (App, ScriptedNetwork) {
    let script = ScriptedNetwork::default();
    let app = app_in(Store::Nowhere, None, |app| {
        app.insert_resource(script.network())
            .insert_resource(PlayerProfile {
                name: name.map(|n| PlayerName::new(n).unwrap()),
                mute_reactions: false,
                player_key: name.map(|_| my_key()),
            })
            .insert_resource(OnlineServer(Some("http://127.0.0.1:9".parse().unwrap())));
    });
    (app, script)
}

/// A started two-player table game at seq 2 between this device ([`ME`], seat 0) and さくら,
/// as `seat` sees it.
fn named_welcome(seat: Option<u8>) -> ServerMessage {
    welcome(
        seat,
        vec![person(ME), person("さくら")],
        Game::new(table2()),
        2,
    )
}

fn person(name: &str) -> SeatHolder {
    SeatHolder::Person {
        connected: true,
        name: Some(PlayerName::new(name).unwrap()),
        idle: false,
        player: None,
    }
}

fn welcome(seat: Option<u8>, seats: Vec<SeatHolder>, game: Game, seq: u64) -> ServerMessage {
    ServerMessage::Welcome(Box::new(Welcome {
        room: room(),
        link: LINK.parse().unwrap(),
        seat,
        token: seat.map(|s| Token::from_bits(100 + u128::from(s))),
        host: seat == Some(0),
        seats,
        game,
        seq,
        clock_ms: None,
        turn_left_ms: None,
        player: None,
        // A started game's record id (the server sends it once play starts).
        record: (seq >= 2).then(|| FIRST_RECORD.to_string()),
        records: true,
    }))
}

/// The record ids [`welcome`] and the tests' rematches give the room's games.
const FIRST_RECORD: &str = "0123456789abcdef0123";
const SECOND_RECORD: &str = "fedcba9876543210fedc";

fn people(n: usize) -> Vec<SeatHolder> {
    vec![
        SeatHolder::Person {
            connected: true,
            name: None,
            idle: false,
            player: None,
        };
        n
    ]
}

/// Welcomed into Asha's two-player table: watching while its other seat is free (`seat` none),
/// or in seat 1 beside her, the game started.
fn welcome_to_ashas_table(app: &mut App, script: &ScriptedNetwork, seat: Option<u8>) {
    let (other, seq) = match seat {
        None => (SeatHolder::Open, 1),
        Some(_) => (person(ME), 2),
    };
    script.push(&welcome(
        seat,
        vec![person("Asha"), other],
        Game::new(table2()),
        seq,
    ));
    app.update();
    app.update();
}

/// Open the room link, as the page's `?room=` or Continue does: the game screen shows.
fn open_link(app: &mut App) {
    enter_by(app, NetRequest::Join(LINK.parse().unwrap()));
}

/// Send `request` (a way into the room) and show the game screen, as opening a link does.
fn enter_by(app: &mut App, request: NetRequest) {
    app.world_mut().write_message(request);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
}

/// Joined by link and welcomed into a started two-player table game in `seat`, at seq 2.
fn joined(seat: u8) -> (App, ScriptedNetwork) {
    let (mut app, script) = online_app();
    open_link(&mut app);
    script.push(&welcome(Some(seat), people(2), Game::new(table2()), 2));
    app.update();
    app.update();
    script.sent();
    (app, script)
}

/// The client's only message since the last look: `hello` to the room with the token of the
/// seat it was welcomed into (`joined(seat)` gives seat `s` the token `100 + s`).
fn assert_said_hello_with_token(script: &ScriptedNetwork, seat: u8) {
    assert_eq!(
        script.sent(),
        vec![ClientMessage::Hello {
            room: Some(room()),
            token: Some(Token::from_bits(100 + u128::from(seat))),
            name: Some(ME.into()),
            player_key: Some(my_key()),
        }]
    );
}

fn game(app: &App) -> Game {
    app.world().resource::<Match>().game.clone()
}

fn moved(app: &App, seq: u64, mv: Move) -> ServerMessage {
    ServerMessage::Event {
        seq,
        event: RoomEvent::Moved {
            seat: game(app).active(),
            mv,
            by: None,
        },
    }
}

/// Frames until `done` holds (at most 300).
/// Run frames until `done`, at most `frames` of them, pausing `pause` after each (a real
/// server's answers take real time; a scripted network's arrive within frames).
fn run_until(app: &mut App, what: &str, frames: u32, pause: Duration, done: impl Fn(&App) -> bool) {
    for _ in 0..frames {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(pause);
    }
    panic!(
        "timed out waiting for {what}: {:?}",
        app.world().resource::<Online>()
    );
}

fn until(app: &mut App, done: impl Fn(&App) -> bool) {
    run_until(app, "a scripted event", 300, Duration::ZERO, done);
}

#[test]
fn a_link_says_hello_and_the_welcome_replaces_the_match() {
    let (mut app, script) = online_app();
    open_link(&mut app);
    assert_eq!(script.urls(), vec!["ws://127.0.0.1:9/ws".to_string()]);
    assert_eq!(
        script.sent(),
        vec![ClientMessage::Hello {
            room: Some(room()),
            token: None,
            name: Some(ME.into()),
            player_key: Some(my_key()),
        }]
    );
    // The room has one move played, and waits for nobody.
    let mut room_game = Game::new(table2());
    room_game.play(room_game.legal_moves()[0]).unwrap();
    script.push(&welcome(Some(1), people(2), room_game.clone(), 3));
    app.update();
    assert!(!sent::<GameReset>(&app).is_empty(), "the board was rebuilt");
    let state = app.world().resource::<Match>().clone();
    assert_eq!(state.game, room_game);
    assert_eq!(state.setup.seats, vec![SeatKind::Remote, SeatKind::Human]);
    assert_eq!(*app.world().resource::<Authority>(), Authority::Server);
    let online = app.world().resource::<Online>().clone();
    assert_eq!(online.phase, Phase::InRoom);
    assert_eq!(online.seat, Some(1));
    let memory = app.world().resource::<OnlineMemory>();
    assert_eq!(memory.tokens, vec![(room(), Token::from_bits(101))]);
    assert_eq!(
        memory
            .last_link
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some(LINK)
    );
    app.update();
    assert_eq!(hud(&mut app, HudText::Online), "Online: you are Blue");
}

#[test]
fn the_servers_moves_animate_one_at_a_time_in_seq_order() {
    let (mut app, script) = joined(1);
    let mut expected = game(&app);
    let first = expected.legal_moves()[0];
    expected.play(first).unwrap();
    let second = expected.legal_moves()[0];
    expected.play(second).unwrap();
    // Both arrive at once, the later first: the queue orders them and waits for the animation.
    let mut after_first = game(&app);
    after_first.play(first).unwrap();
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Moved {
            seat: 1,
            mv: second,
            by: None,
        },
    });
    script.push(&moved(&app, 3, first));
    app.update();
    assert_eq!(sent::<MoveApplied>(&app).len(), 1);
    assert_eq!(game(&app), after_first);
    for _ in 0..5 {
        app.update();
        assert!(app.world().resource::<Animating>().0);
        assert_eq!(game(&app).history().len(), 1, "the second waits");
    }
    run_until_still(&mut app);
    until(&mut app, |app| game(app).history().len() == 2);
    assert_eq!(game(&app), expected);
    run_until_still(&mut app);
    assert!(script.sent().is_empty(), "no gap, no sync");
}

#[test]
fn a_local_move_is_proposed_and_waits_for_its_event() {
    let (mut app, script) = joined(0);
    let mv = game(&app).legal_moves()[0];
    send(&mut app, MoveRequest::new(mv, MoveSource::Board));
    app.update();
    assert_eq!(
        game(&app).history().len(),
        0,
        "nothing is played before the server says so"
    );
    assert_eq!(
        script.sent(),
        vec![ClientMessage::Move { seq: 2, mv, id: 1 }]
    );
    // A second try before the answer is not sent.
    send(&mut app, MoveRequest::new(mv, MoveSource::Board));
    app.update();
    assert!(script.sent().is_empty());
    script.push(&moved(&app, 3, mv));
    script.push(&ServerMessage::Ack { id: 1, seq: 3 });
    app.update();
    assert_eq!(game(&app).history().len(), 1);
    run_until_still(&mut app);
    // The other seat is remote: a local request for it is refused here at once.
    let theirs = game(&app).legal_moves()[0];
    send(&mut app, MoveRequest::new(theirs, MoveSource::Board));
    assert!(script.sent().is_empty());
    assert_eq!(game(&app).history().len(), 1);
}

#[test]
fn a_gap_asks_for_sync_and_a_welcome_resets_the_board() {
    let (mut app, script) = joined(1);
    let mut ahead = game(&app);
    let first = ahead.legal_moves()[0];
    ahead.play(first).unwrap();
    let second = ahead.legal_moves()[0];
    ahead.play(second).unwrap();
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Moved {
            seat: 1,
            mv: second,
            by: None,
        },
    });
    app.update();
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Sync { have: 2 }]);
    assert_eq!(
        game(&app).history().len(),
        0,
        "nothing past a gap is applied"
    );
    // Asked once, not every frame.
    app.update();
    assert!(script.sent().is_empty());
    script.push(&welcome(Some(1), people(2), ahead.clone(), 4));
    app.update();
    assert!(!sent::<GameReset>(&app).is_empty());
    assert_eq!(game(&app), ahead);
    app.update();
    let marbles: Vec<(Marble, OnHole)> = app
        .world_mut()
        .query::<(&Marble, &OnHole)>()
        .iter(app.world())
        .map(|(m, o)| (*m, *o))
        .collect();
    for (marble, on) in &marbles {
        assert_eq!(ahead.position().owner(on.0), Some(marble.seat));
    }
    assert_eq!(marbles.len(), 20);
    // The queued event is already in the snapshot: it is dropped, not played twice.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(game(&app), ahead);
}

#[test]
fn online_commands_go_to_the_server_and_come_back_as_events() {
    let (mut app, script) = joined(0);
    command(&mut app, GameCommand::Undo);
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "there is no undo in an online game"
    );
    command(&mut app, GameCommand::Resign(0));
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Resign {}]);
    assert!(!game(&app).is_over(), "the server decides");
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Resigned { seat: 0 },
    });
    until(&mut app, |app| game(app).is_over());
    // The finished game's replay link is there to copy (headless: printed, and said).
    app.update();
    let replay = format!("http://127.0.0.1:9/?game={FIRST_RECORD}");
    assert_eq!(
        app.world()
            .resource::<Online>()
            .replay_link()
            .map(|link| link.to_string())
            .as_deref(),
        Some(replay.as_str())
    );
    press(&mut app, RoomButton::CopyReplayLink);
    assert!(
        texts(&mut app).iter().any(|t| t.contains(&replay)),
        "{:?}",
        texts(&mut app)
    );
    command(&mut app, GameCommand::Rematch);
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Rematch {}]);
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Rematch {
            seats: people(2),
            first: 0,
            record: Some(SECOND_RECORD.into()),
        },
    });
    until(&mut app, |app| !game(app).is_over());
    // The new game has its own record.
    assert_eq!(
        app.world().resource::<Online>().record.as_deref(),
        Some(SECOND_RECORD)
    );
    // Seats shift by one: this device now plays Blue, and Red (the friend) moves first.
    let state = app.world().resource::<Match>().clone();
    assert_eq!(state.setup.seats, vec![SeatKind::Remote, SeatKind::Human]);
    assert_eq!(state.game, Game::new(table2()));
    assert_eq!(app.world().resource::<Online>().seat, Some(1));
    // Leave is for three or more.
    command(&mut app, GameCommand::Leave(1));
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "with two players, resign instead"
    );
}

/// Joined and welcomed into a started three-player laws game in `seat`, at seq 2.
fn joined_three(seat: u8) -> (App, ScriptedNetwork) {
    let (mut app, script) = online_app();
    open_link(&mut app);
    let variant = Variant::new(starhalma_rules::RuleSet::Laws, 3).unwrap();
    script.push(&welcome(Some(seat), people(3), Game::new(variant), 2));
    app.update();
    app.update();
    script.sent();
    (app, script)
}

#[test]
fn leaving_makes_this_device_a_spectator_through_core() {
    let (mut app, script) = joined_three(1);
    command(&mut app, GameCommand::Leave(1));
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Leave {}]);
    assert_eq!(
        app.world().resource::<Match>().setup.seats[1],
        SeatKind::Human,
        "the server decides"
    );
    // Another seat's person leaving changes only the seating shown.
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Left { seat: 2 },
    });
    until(&mut app, |app| {
        app.world().resource::<Online>().seats[2] == SeatHolder::Computer
    });
    assert_eq!(
        app.world().resource::<Match>().setup.seats,
        vec![SeatKind::Remote, SeatKind::Human, SeatKind::Remote]
    );
    // This device's: core makes every seat remote, and the seat's token is spent.
    let before = game(&app);
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Left { seat: 1 },
    });
    until(&mut app, |app| {
        app.world().resource::<Match>().setup.seats == vec![SeatKind::Remote; 3]
    });
    assert!(
        sent::<CommandApplied>(&app)
            .iter()
            .any(|c| c.0 == GameCommand::Room(RoomChange::LeftHere))
    );
    assert_eq!(game(&app), before, "the game goes on as it was");
    assert_eq!(app.world().resource::<Online>().seat, None);
    assert!(app.world().resource::<OnlineMemory>().tokens.is_empty());
    // The events after it follow.
    let mv = game(&app).legal_moves()[0];
    script.push(&moved(&app, 5, mv));
    until(&mut app, |app| game(app).history().len() == 1);
    assert!(script.sent().is_empty(), "no gap, no sync");
}

#[test]
fn an_event_the_game_cannot_follow_asks_for_the_whole_room() {
    let (mut app, script) = joined(0);
    // Seat 5 does not exist in a two-player game: core refuses the resignation, the player
    // sees no refusal, and the room is asked for again.
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Resigned { seat: 5 },
    });
    app.update();
    assert!(
        sent::<CommandRejected>(&app)
            .iter()
            .any(|r| r.command == GameCommand::Room(RoomChange::Resigned(5)))
    );
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Sync { have: u64::MAX }]);
    assert!(!game(&app).is_over());
    assert!(app.world().resource::<Notice>().0.is_empty());
    // A move the rules refuse does the same.
    let jump_nowhere = Move::jump(
        game(&app).legal_moves()[0].from,
        game(&app).legal_moves()[0].from,
    );
    script.push(&moved(&app, 3, jump_nowhere));
    until(&mut app, |_| !script.sent().is_empty());
    assert_eq!(game(&app).history().len(), 0);
    // The welcome that answers the sync puts the room's game in place.
    let mut room_game = game(&app);
    room_game.play(room_game.legal_moves()[0]).unwrap();
    script.push(&welcome(Some(0), people(2), room_game.clone(), 4));
    until(&mut app, |app| game(app) == room_game);
}

#[test]
fn room_changes_are_refused_once_the_game_is_local() {
    let mut app = super::app_for(Match::new(super::people(table2())));
    for change in [
        RoomChange::Resigned(0),
        RoomChange::LeftHere,
        RoomChange::Rematch {
            seat: Some(1),
            first: 0,
        },
        RoomChange::Started { first: 1 },
    ] {
        command(&mut app, GameCommand::Room(change.clone()));
        assert_eq!(
            sent::<CommandRejected>(&app)[0].command,
            GameCommand::Room(change)
        );
    }
    assert_eq!(game(&app), Game::new(table2()));
    assert_eq!(*app.world().resource::<Authority>(), Authority::Local);
    assert_eq!(
        app.world().resource::<Match>().setup.seats,
        vec![SeatKind::Human; 2]
    );
}

#[test]
fn a_local_game_ends_online_play_and_bad_frames_change_nothing() {
    let (mut app, script) = joined(1);
    script.push_frame("not json".into());
    script.push_frame(r#"{"v":2,"t":"pong"}"#.into());
    app.update();
    assert_eq!(app.world().resource::<Online>().phase, Phase::InRoom);
    assert_eq!(game(&app).history().len(), 0);
    let setup = super::people(table2());
    command(&mut app, GameCommand::NewGame(setup));
    app.update();
    assert_eq!(app.world().resource::<Online>().phase, Phase::Offline);
    assert_eq!(*app.world().resource::<Authority>(), Authority::Local);
    let memory = app.world().resource::<OnlineMemory>();
    assert_eq!(memory.last_link, None);
    assert_eq!(
        memory.tokens.len(),
        1,
        "the seat's token is kept for the link"
    );
}

#[test]
fn a_dropped_connection_comes_back_with_the_token() {
    let (mut app, script) = joined(1);
    script.drop_connection();
    app.update();
    assert_eq!(app.world().resource::<Online>().phase, Phase::Reconnecting);
    app.update();
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Connection lost: reconnecting..."
    );
    until(&mut app, |_| script.urls().len() == 2);
    app.update();
    assert_said_hello_with_token(&script, 1);
}

/// Run `frames` frames of a quarter second each (the longest step Bevy's virtual time takes).
fn quarter_seconds(app: &mut App, frames: usize) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    for _ in 0..frames {
        app.update();
    }
}

/// A server that goes silent (a network gone without a word, a server frozen) is pinged after
/// 15 s without a frame; after 30 s the client leaves the connection and comes back with its
/// token, as after a close.
#[test]
fn a_silent_server_is_pinged_then_left_for_a_new_connection() {
    let (mut app, script) = joined(1);
    quarter_seconds(&mut app, 14 * 4);
    assert!(script.sent().is_empty(), "nothing to say in 14 s");
    quarter_seconds(&mut app, 2 * 4);
    assert_eq!(script.sent(), vec![ClientMessage::Ping {}]);
    // The pong starts the count again.
    script.push(&ServerMessage::Pong {});
    quarter_seconds(&mut app, 29 * 4);
    assert_eq!(phase(&app), Phase::InRoom);
    assert_eq!(script.sent(), vec![ClientMessage::Ping {}], "pinged again");
    assert_eq!(script.urls().len(), 1);
    quarter_seconds(&mut app, 2 * 4);
    assert_eq!(phase(&app), Phase::Reconnecting);
    quarter_seconds(&mut app, 10 * 4);
    assert_eq!(script.urls().len(), 2, "connected again");
    assert_said_hello_with_token(&script, 1);
}

/// A connection that never opens (a server that accepts and then says nothing, a host gone
/// without a word) is given up after 30 s, as a silent one, and tried again.
#[test]
fn a_connection_that_never_opens_is_given_up_and_tried_again() {
    let (mut app, script) = joined(1);
    script.stall_connections(true);
    script.drop_connection();
    app.update();
    assert_eq!(phase(&app), Phase::Reconnecting);
    quarter_seconds(&mut app, 2 * 4);
    assert_eq!(script.urls().len(), 2, "tried again");
    quarter_seconds(&mut app, 28 * 4);
    assert_eq!(script.urls().len(), 2, "still waiting for it to open");
    assert!(
        script.sent().is_empty(),
        "nothing sent on a socket not open"
    );
    quarter_seconds(&mut app, 12 * 4);
    assert_eq!(script.urls().len(), 3, "given up and tried again");
    assert_eq!(phase(&app), Phase::Reconnecting);
}

/// The server cannot reach its store: the move may or may not have landed, so the client
/// says so and connects again; the new `welcome` tells the truth.
#[test]
fn an_unavailable_store_is_told_and_the_client_connects_again() {
    let (mut app, script) = joined(0);
    let mv = game(&app).legal_moves()[0];
    send(&mut app, MoveRequest::new(mv, MoveSource::Board));
    app.update();
    let id = match script.sent().as_slice() {
        [ClientMessage::Move { id, .. }] => *id,
        other => panic!("expected the move, got {other:?}"),
    };
    script.push(&ServerMessage::Error {
        code: starhalma_protocol::ErrorCode::Unavailable,
        message: "the room server cannot reach its store; try again".into(),
        id: Some(id),
    });
    app.update();
    assert_eq!(phase(&app), Phase::Reconnecting);
    app.update();
    assert!(
        hud(&mut app, HudText::Online).contains("reconnecting"),
        "{}",
        hud(&mut app, HudText::Online)
    );
    assert!(
        game(&app).history().is_empty(),
        "nothing applied unconfirmed"
    );
    until(&mut app, |_| script.urls().len() == 2);
    app.update();
    assert_said_hello_with_token(&script, 0);
}

#[test]
fn waiting_players_and_a_disconnected_friend_are_shown() {
    let (mut app, script) = online_app();
    open_link(&mut app);
    let variant = Variant::new(starhalma_rules::RuleSet::Laws, 3).unwrap();
    let seats = vec![person("Asha"), person(ME), SeatHolder::Open];
    script.push(&welcome(Some(1), seats, Game::new(variant), 2));
    app.update();
    app.update();
    // Seated in Asha's room: whose room it is, and how many are still awaited.
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Asha's room: waiting for players (2/3)"
    );
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Seats {
            seats: vec![person("Asha"), person(ME), SeatHolder::Computer],
        },
    });
    script.push(&ServerMessage::Disconnected {
        seat: 0,
        computer_in_ms: 45_000,
    });
    app.update();
    app.update();
    // Seats are named by who plays them, the computer's as the computer.
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Asha (Red) disconnected: the computer plays in 45 s"
    );
    let names = app.world().resource::<SeatNames>().clone();
    let colour = |seat: u8| variant.colour(seat);
    assert_eq!(
        names.of(colour(2)).map(|p| p.in_english()),
        Some(format!(
            "{} (computer, Medium)",
            Phrase::Seat(colour(2)).in_english()
        ))
    );
    assert!(
        hud(&mut app, HudText::Turn).starts_with("Asha (Red) to move"),
        "{}",
        hud(&mut app, HudText::Turn)
    );
    script.push(&ServerMessage::Reconnected { seat: 0 });
    app.update();
    app.update();
    assert_eq!(
        hud(&mut app, HudText::Online),
        format!("Online: you are {ME} (Yellow)")
    );
}

/// `starhalma-server` on 127.0.0.1 port 0 (built by `cargo test --workspace` next to this test
/// binary), killed when dropped.
struct RealServer {
    child: std::process::Child,
    origin: String,
}

impl RealServer {
    fn start() -> RealServer {
        use std::io::{BufRead, BufReader};
        let exe = std::env::current_exe().unwrap();
        let binary = exe
            .parent()
            .and_then(|deps| deps.parent())
            .map(|dir| dir.join("starhalma-server"))
            .unwrap();
        assert!(
            binary.exists(),
            "{} is missing: run the tests with `cargo test --workspace`",
            binary.display()
        );
        let mut child = std::process::Command::new(binary)
            .args(["--bind", "127.0.0.1", "--port", "0", "--database", "none"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap()
            .to_string();
        RealServer {
            child,
            origin: format!("http://{addr}"),
        }
    }
}

impl RealServer {
    /// Send the server a signal (`-STOP` freezes it, `-CONT` lets it go on).
    fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill {signal}");
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Run frames (with a short real pause each, so the socket threads can work) until `done`.
fn until_real(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    run_until(app, what, 1000, Duration::from_millis(10), done);
}

/// A client on the menu that plays online on the server at `origin` (real sockets).
fn real_client(origin: &str) -> App {
    let origin = origin.to_string();
    app_in(Store::Nowhere, None, move |app| {
        app.insert_resource(starhalma::OnlineServer(Some(origin.parse().unwrap())));
    })
}

fn phase(app: &App) -> Phase {
    app.world().resource::<Online>().phase.clone()
}

#[test]
fn two_desktop_clients_play_through_the_real_server() {
    let server = RealServer::start();
    let client = real_client;
    let mut host = client(&server.origin);
    host.world_mut().write_message(NetRequest::Host {
        variant: table2(),
        clock: None,
        public: false,
        random_start: false,
    });
    until_real(&mut host, "the room", |app| phase(app) == Phase::InRoom);
    let link = host.world().resource::<Online>().link.clone().unwrap();
    assert!(
        link.to_string()
            .starts_with(&format!("{}/?room=", server.origin))
    );
    let mut friend = client(&server.origin);
    friend
        .world_mut()
        .write_message(NetRequest::Join(link.clone()));
    until_real(&mut friend, "the friend in the room", |app| {
        phase(app) == Phase::InRoom
    });
    assert_eq!(friend.world().resource::<Online>().seat, None);
    friend.world_mut().write_message(NetRequest::TakeSeat);
    until_real(&mut friend, "the friend's seat", |app| {
        app.world().resource::<Online>().seat == Some(1)
    });
    until_real(&mut host, "the start", |app| {
        app.world().resource::<Online>().started
    });
    // The host (Red) moves; both boards show it. Then the friend (Blue).
    for (mover, seat) in [(0, 0u8), (1, 1u8)] {
        let apps = [&mut host, &mut friend];
        let [a, b] = apps;
        let (me, other) = if mover == 0 { (a, b) } else { (b, a) };
        until_real(me, "the last move's animation", |app| {
            !app.world().resource::<Animating>().0
        });
        assert_eq!(game(me).active(), seat);
        let mv = game(me).legal_moves()[0];
        me.world_mut()
            .write_message(MoveRequest::new(mv, MoveSource::Board));
        let plies = usize::from(seat) + 1;
        until_real(me, "the move on the mover's board", |app| {
            game(app).history().len() == plies
        });
        until_real(other, "the move on the other board", |app| {
            game(app).history().len() == plies
        });
    }
    assert_eq!(game(&host), game(&friend));
    drop(server);
    until_real(&mut host, "the lost connection", |app| {
        phase(app) == Phase::Reconnecting
    });
}

/// A real server that freezes (SIGSTOP: its socket stays open and says nothing, as a network
/// gone without a word would) is taken for gone after 30 s without a frame, pinged first; the
/// client tries again, and once the server goes on it is back in the room, in its seat.
#[test]
fn a_desktop_client_leaves_a_frozen_server_and_comes_back_when_it_wakes() {
    let server = RealServer::start();
    let mut host = app_in(Store::Nowhere, None, |app| {
        app.insert_resource(starhalma::OnlineServer(Some(
            server.origin.parse().unwrap(),
        )));
    });
    host.world_mut().write_message(NetRequest::Host {
        variant: table2(),
        clock: None,
        public: false,
        random_start: false,
    });
    until_real(&mut host, "the room", |app| phase(app) == Phase::InRoom);
    server.signal("-STOP");
    let stopped_at = host.world().resource::<Time<Real>>().elapsed_secs_f64();
    // Quarter-second frames: 30 s of the client's clock pass in a few real seconds.
    host.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    until_real(&mut host, "the frozen server taken for gone", |app| {
        phase(app) == Phase::Reconnecting
    });
    let silent_for = host.world().resource::<Time<Real>>().elapsed_secs_f64() - stopped_at;
    server.signal("-CONT");
    until_real(&mut host, "the room again", |app| {
        phase(app) == Phase::InRoom
    });
    assert_eq!(host.world().resource::<Online>().seat, Some(0), "its seat");
    assert!(
        (29.5..31.0).contains(&silent_for),
        "gone after 30 s of silence, not {silent_for} s"
    );
}

#[test]
fn the_first_time_online_a_name_is_suggested_kept_and_sent() {
    let (mut app, script) = online_app_named(None);
    open_link(&mut app);
    let sent = script.sent();
    let [
        ClientMessage::Hello {
            name: Some(name), ..
        },
    ] = sent.as_slice()
    else {
        panic!("expected a hello with a name: {sent:?}");
    };
    let kept = app.world().resource::<PlayerProfile>().name.clone();
    assert_eq!(kept.as_ref().map(PlayerName::as_str), Some(name.as_str()));
    // A player key too, made now and kept: the same one goes with every message after.
    let key = app
        .world()
        .resource::<PlayerProfile>()
        .player_key
        .expect("a key was made");
    assert!(
        matches!(sent.as_slice(), [ClientMessage::Hello { player_key: Some(k), .. }] if *k == key),
        "{sent:?}"
    );
    // English: an adjective, a marble word and a number from 10 to 99.
    let words: Vec<&str> = name.split(' ').collect();
    assert_eq!(words.len(), 3, "{name}");
    assert!(words[2].parse::<u8>().is_ok_and(|n| (10..100).contains(&n)));
    // Hosting later goes by the same name, for the room and its seat.
    app.world_mut().write_message(NetRequest::Host {
        variant: table2(),
        clock: None,
        public: false,
        random_start: false,
    });
    app.update();
    assert_eq!(
        script.sent(),
        vec![
            ClientMessage::Hello {
                room: None,
                token: None,
                name: Some(name.clone()),
                player_key: Some(key),
            },
            ClientMessage::Create {
                variant: table2(),
                name: Some(name.clone()),
                clock_ms: None,
                public: false,
                random_start: false,
                player_key: Some(key),
            },
        ]
    );
}

#[test]
fn suggested_names_are_in_the_players_language_and_vary() {
    for language in [Language::English, Language::Japanese, Language::Nepali] {
        let words = Words::new(language);
        let names: std::collections::BTreeSet<String> = (0..40u64)
            .map(|seed| suggest_name(&words, seed).to_string())
            .collect();
        assert!(names.len() >= 20, "{language:?}: {names:?}");
        for name in &names {
            let in_script = match language {
                Language::English => name.is_ascii(),
                Language::Japanese => name
                    .chars()
                    .any(|c| ('\u{3040}'..='\u{30FF}').contains(&c) || c == '星'),
                Language::Nepali => name.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)),
            };
            assert!(in_script, "{language:?}: {name}");
        }
    }
}

/// Every text on screen, as drawn.
pub(crate) fn texts(app: &mut App) -> Vec<String> {
    app.world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect()
}

/// The text of every reaction bubble on screen.
fn bubbles(app: &mut App) -> Vec<String> {
    let bubbles: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<ReactionBubble>>()
        .iter(app.world())
        .collect();
    app.world_mut()
        .query::<(&Text, &ChildOf)>()
        .iter(app.world())
        .filter(|(_, parent)| bubbles.contains(&parent.parent()))
        .map(|(t, _)| t.0.clone())
        .collect()
}

fn reactions(app: &App) -> Reactions {
    *app.world().resource::<State<Reactions>>().get()
}

fn press<A: ButtonAction>(app: &mut App, action: A) {
    send_press(app, action);
    app.update();
}

#[test]
fn reactions_are_sent_shown_by_the_sender_and_in_the_move_list_and_can_be_muted() {
    let (mut app, script) = online_app();
    open_link(&mut app);
    script.push(&named_welcome(Some(0)));
    app.update();
    app.update();
    script.sent();
    // React opens the bar; a reaction goes out and closes it.
    press(&mut app, ReactionButton::OpenReactions);
    app.update();
    assert_eq!(reactions(&app), Reactions::Open);
    press(&mut app, ReactionButton::React(Reaction::GoodMove));
    app.update();
    assert_eq!(reactions(&app), Reactions::Closed);
    app.update();
    assert_eq!(
        script.sent(),
        vec![ClientMessage::React {
            reaction: Reaction::GoodMove
        }]
    );
    // The friend's answer shows as a bubble and in the move list, in this player's words.
    script.push(&ServerMessage::Reacted {
        seat: 1,
        reaction: Reaction::Thanks,
    });
    app.update();
    app.update();
    let friend = Phrase::Seat(table2().colour(1)).in_english();
    let line = format!("さくら ({friend}): Thanks!");
    assert_eq!(bubbles(&mut app), vec![line.clone()]);
    let shown = texts(&mut app).iter().filter(|t| **t == line).count();
    assert_eq!(shown, 2, "the bubble and the move list");
    // The bubble goes after a few seconds; the move list keeps the reaction.
    for _ in 0..(4200 / 20) {
        app.update();
    }
    assert!(bubbles(&mut app).is_empty());
    assert_eq!(texts(&mut app).iter().filter(|t| **t == line).count(), 1);
    // Muted: no bubble, and the move list leaves reactions out.
    press(&mut app, ReactionButton::MuteReactions);
    assert!(app.world().resource::<PlayerProfile>().mute_reactions);
    script.push(&ServerMessage::Reacted {
        seat: 1,
        reaction: Reaction::GoodGame,
    });
    app.update();
    app.update();
    assert!(bubbles(&mut app).is_empty());
    assert!(
        !texts(&mut app)
            .iter()
            .any(|t| t.starts_with(&format!("さくら ({friend}):"))),
        "{:?}",
        texts(&mut app)
    );
    // A spectator cannot open the bar nor send.
    script.push(&named_welcome(None));
    app.update();
    app.update();
    script.sent();
    press(&mut app, ReactionButton::OpenReactions);
    press(&mut app, ReactionButton::React(Reaction::Hello));
    app.update();
    assert_eq!(reactions(&app), Reactions::Closed);
    assert!(script.sent().is_empty());
}

#[test]
fn a_move_clock_counts_down_ticks_its_last_ten_seconds_and_an_idle_seat_is_taken_back() {
    let (mut app, script) = online_app();
    open_link(&mut app);
    let ServerMessage::Welcome(mut welcome) = named_welcome(Some(0)) else {
        unreachable!()
    };
    welcome.clock_ms = Some(MoveClock::SECONDS_20);
    welcome.turn_left_ms = Some(12_000);
    script.push(&ServerMessage::Welcome(welcome));
    app.update();
    app.update();
    assert_eq!(
        hud(&mut app, HudText::Turn),
        format!("{ME} (Red) to move · 12 s")
    );
    // The last ten seconds tick, once each, on this player's own turn.
    app.world_mut().resource_mut::<super::Heard>().0.clear();
    for _ in 0..(12_100 / 20) {
        app.update();
    }
    assert_eq!(
        hud(&mut app, HudText::Turn),
        format!("{ME} (Red) to move · 0 s")
    );
    let ticks = |app: &App| {
        app.world()
            .resource::<super::Heard>()
            .0
            .iter()
            .filter(|c| **c == SoundCue::ClockTick)
            .count()
    };
    assert_eq!(ticks(&app), 10);
    // The computer moves for us by the clock: the friend's turn starts with the whole clock.
    let mv = game(&app).legal_moves()[0];
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Moved {
            seat: 0,
            mv,
            by: Some(MovedBy::Clock),
        },
    });
    until(&mut app, |app| game(app).history().len() == 1);
    run_until_still(&mut app);
    assert!(
        hud(&mut app, HudText::Turn).ends_with(" s")
            && hud(&mut app, HudText::Turn).starts_with("さくら (Blue) to move"),
        "{}",
        hud(&mut app, HudText::Turn)
    );
    // Nobody ticks for another's clock.
    let before = ticks(&app);
    for _ in 0..(20_000 / 20) {
        app.update();
    }
    assert_eq!(ticks(&app), before);
    // The clock left our seat idle: told, and any button takes it back.
    let mut idle = person(ME);
    if let SeatHolder::Person { idle: flag, .. } = &mut idle {
        *flag = true;
    }
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Seats {
            seats: vec![idle, person("さくら")],
        },
    });
    until(&mut app, |app| app.world().resource::<Online>().idle_here());
    app.update();
    assert!(
        hud(&mut app, HudText::Online).starts_with("Your time ran out twice"),
        "{}",
        hud(&mut app, HudText::Online)
    );
    script.sent();
    press(&mut app, ViewButton::CycleSpeed);
    app.update();
    assert_eq!(script.sent(), vec![ClientMessage::Back {}]);
}

/// The words on the button of `action`.
fn button_text<A: ButtonAction>(app: &mut App, action: A) -> String {
    let mut found = app
        .world_mut()
        .query::<(&A, &Children)>()
        .iter(app.world())
        .filter(|(a, _)| **a == action)
        .flat_map(|(_, children)| children.iter().collect::<Vec<_>>())
        .collect::<Vec<Entity>>();
    let child = found.pop().expect("the button is on the screen");
    app.world().get::<Text>(child).unwrap().0.clone()
}

#[test]
fn the_menu_chooses_the_move_clock_of_the_rooms_it_opens() {
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    let clock_button = |app: &mut App| button_text(app, OnlineButton::CycleRoomClock);
    assert_eq!(clock_button(&mut app), "Move clock: none");
    press(&mut app, OnlineButton::CycleRoomClock);
    app.update();
    assert_eq!(clock_button(&mut app), "Move clock: 20 s");
    press(&mut app, OnlineButton::CycleRoomClock);
    press(&mut app, OnlineButton::CycleRoomClock);
    app.update();
    assert_eq!(clock_button(&mut app), "Move clock: 3 min");
    press(&mut app, OnlineButton::CycleRoomClock);
    press(&mut app, OnlineButton::CycleRoomClock);
    app.update();
    assert_eq!(
        app.world().resource::<RoomClock>().0,
        Some(MoveClock::SECONDS_20),
        "after 3 min comes none, then 20 s"
    );
    // The name shows, and another can be drawn; rooms opened from now on carry it.
    let name_button = |app: &mut App| button_text(app, OnlineButton::NewName);
    assert_eq!(
        name_button(&mut app),
        format!("Online name: {ME} (press for another)")
    );
    let mut drawn = std::collections::BTreeSet::new();
    for _ in 0..5 {
        press(&mut app, OnlineButton::NewName);
        let name = profile_name(&app).unwrap();
        app.update();
        assert_eq!(
            name_button(&mut app),
            format!("Online name: {name} (press for another)")
        );
        drawn.insert(name.to_string());
    }
    assert!(drawn.len() >= 3, "{drawn:?}");
    let name = profile_name(&app).unwrap();
    press(&mut app, OnlineButton::PlayFriend);
    app.update();
    let sent = script.sent();
    assert!(
        sent.iter().any(|m| matches!(
            m,
            ClientMessage::Create {
                clock_ms: Some(MoveClock::SECONDS_20),
                name: Some(sent_name),
                ..
            } if *sent_name == name
        )),
        "{sent:?}"
    );
}

/// Type `text` into the field being edited, as key presses (each character's own key).
fn type_keys(app: &mut App, text: &str) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for c in text.chars() {
        let key = Key::Character(c.to_string().into());
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
            logical_key: key,
            state: ButtonState::Pressed,
            text: Some(c.to_string().into()),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// A named key (Enter, Backspace, Escape) pressed while typing, and the same key's press the
/// menu's keyboard sees.
fn type_key(app: &mut App, named: bevy::input::keyboard::Key, code: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::KeyboardInput;
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: named,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    super::key(app, code);
}

fn lobby_table(code: &str, host: &str, running: bool, age_ms: u64) -> LobbyRoom {
    let mut seats = vec![person(host), SeatHolder::Open];
    if running {
        seats[1] = person("さくら");
    }
    LobbyRoom {
        room: code.parse().unwrap(),
        variant: table2(),
        seats,
        clock_ms: Some(MoveClock::SECONDS_60),
        running,
        age_ms,
    }
}

/// The lobby's table as its rows' texts, top to bottom: each row's cells, then its button's
/// label.
fn table_rows(app: &mut App) -> Vec<Vec<String>> {
    let world = app.world_mut();
    let lines: Vec<Entity> = world
        .query_filtered::<Entity, With<starhalma::testing::MenuTable>>()
        .iter(world)
        .collect();
    let Some(column) = lines.first().and_then(|&l| world.get::<ChildOf>(l)) else {
        return Vec::new();
    };
    // In the column's order.
    let in_order: Vec<Entity> = world
        .get::<Children>(column.parent())
        .map(|c| c.iter().filter(|e| lines.contains(e)).collect())
        .unwrap_or_default();
    let text_of = |e: Entity| -> Option<String> {
        let own = world.get::<Text>(e).map(|t| t.0.clone());
        own.or_else(|| {
            let label = world.get::<Children>(e)?.first().copied()?;
            world.get::<Text>(label).map(|t| t.0.clone())
        })
    };
    in_order
        .into_iter()
        .map(|line| {
            world
                .get::<Children>(line)
                .map(|c| c.iter().filter_map(text_of).collect())
                .unwrap_or_default()
        })
        .collect()
}

/// The texts of the menu's buttons.
fn menu_buttons<A: ButtonAction>(app: &mut App) -> Vec<(A, String)> {
    let found: Vec<(A, Entity)> = app
        .world_mut()
        .query::<(&A, &Children)>()
        .iter(app.world())
        .filter_map(|(a, children)| children.first().map(|c| (*a, *c)))
        .collect();
    found
        .into_iter()
        .filter_map(|(action, child)| Some((action, app.world().get::<Text>(child)?.0.clone())))
        .collect()
}

#[test]
fn the_play_online_page_follows_the_public_tables() {
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    assert_eq!(
        *app.world().resource::<State<MenuPage>>().get(),
        MenuPage::Online
    );
    assert_eq!(
        script.sent(),
        [
            ClientMessage::Hello {
                room: None,
                token: None,
                name: Some(ME.into()),
                player_key: Some(my_key()),
            },
            ClientMessage::LobbyWatch {}
        ]
    );
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Looking for public tables...")
    );
    script.push(&ServerMessage::Lobby {
        rooms: vec![
            lobby_table("aaaaaaaaaa", "Asha", false, 5_000),
            lobby_table("bbbbbbbbbb", "Bo", true, 60_000),
        ],
    });
    app.update();
    app.update();
    let lobby = app.world().resource::<Lobby>();
    assert_eq!(lobby.state, LobbyState::Listing);
    assert_eq!(lobby.rooms.len(), 2);
    let buttons = menu_buttons(&mut app);
    let sit: RoomCode = "aaaaaaaaaa".parse().unwrap();
    let watch: RoomCode = "bbbbbbbbbb".parse().unwrap();
    assert!(
        buttons.contains(&(OnlineButton::SitAt(sit), "Sit".into())),
        "{buttons:?}"
    );
    assert!(
        buttons.contains(&(OnlineButton::Watch(watch), "Watch".into())),
        "{buttons:?}"
    );
    // Each table is a row: who, the rules, the seats taken, the clock, how long it waited (or
    // that it plays), then its one button; the header names the columns.
    assert_eq!(
        table_rows(&mut app),
        [
            vec!["Who", "Rules", "Seats", "Move clock", "Waiting"],
            vec![
                "Asha",
                "Table, 2 players",
                "1/2",
                "60 s",
                "just opened",
                "Sit"
            ],
            vec![
                "Bo, さくら",
                "Table, 2 players",
                "2/2",
                "60 s",
                "playing",
                "Watch"
            ],
        ]
    );
    assert!(texts(&mut app).iter().any(|t| t == "Public tables: 2"));
    // A new table goes first (the newest); one that fills changes in place; one that ends goes.
    script.push(&ServerMessage::Listed {
        room: lobby_table("cccccccccc", "Cai", false, 0),
    });
    script.push(&ServerMessage::Listed {
        room: lobby_table("aaaaaaaaaa", "Asha", true, 5_000),
    });
    script.push(&ServerMessage::Unlisted { room: watch });
    app.update();
    app.update();
    let codes: Vec<(String, bool)> = app
        .world()
        .resource::<Lobby>()
        .rooms
        .iter()
        .map(|(r, _)| (r.room.to_string(), r.running))
        .collect();
    assert_eq!(
        codes,
        [
            ("cccccccccc".to_string(), false),
            ("aaaaaaaaaa".to_string(), true)
        ]
    );
    // Sitting at a waiting table enters it and takes a seat at once.
    let code: RoomCode = "cccccccccc".parse().unwrap();
    press(&mut app, OnlineButton::SitAt(code));
    app.update();
    assert_eq!(
        script.sent(),
        [
            ClientMessage::Hello {
                room: Some(code),
                token: None,
                name: Some(ME.into()),
                player_key: Some(my_key()),
            },
            ClientMessage::Join {}
        ]
    );
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(app.world().resource::<Lobby>().state, LobbyState::Off);
    assert!(
        app.world().get_resource::<State<MenuPage>>().is_none(),
        "the menu's page went with the menu"
    );
}

#[test]
fn quick_match_and_new_tables_go_to_the_server_with_the_menus_choice() {
    for (action, expected) in [
        (
            OnlineButton::QuickMatch,
            ClientMessage::QuickMatch {
                variant: starhalma_protocol::MatchVariant::Exactly(menu_variant()),
                players: menu_variant().players(),
                name: Some(ME.into()),
                clock_ms: None,
                player_key: Some(my_key()),
            },
        ),
        (
            OnlineButton::QuickMatchAny,
            ClientMessage::QuickMatch {
                variant: starhalma_protocol::MatchVariant::Any,
                players: menu_variant().players(),
                name: Some(ME.into()),
                clock_ms: None,
                player_key: Some(my_key()),
            },
        ),
        (
            OnlineButton::HostPublic,
            ClientMessage::Create {
                variant: menu_variant(),
                name: Some(ME.into()),
                clock_ms: None,
                public: true,
                random_start: false,
                player_key: Some(my_key()),
            },
        ),
    ] {
        let (mut app, script) = online_app();
        press(&mut app, MainButton::OpenOnline);
        script.sent();
        press(&mut app, action);
        app.update();
        let sent = script.sent();
        assert_eq!(sent.last(), Some(&expected), "{action:?}: {sent:?}");
        assert!(matches!(sent[0], ClientMessage::Hello { room: None, .. }));
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Playing
        );
        // The server's refusal is told, and nothing moves.
        script.push(&ServerMessage::Error {
            code: starhalma_protocol::ErrorCode::TooManyWaiting,
            message: "full".into(),
            id: None,
        });
        app.update();
        app.update();
        assert!(
            app.world().resource::<Online>().refusal.is_some(),
            "{action:?}: the refusal is kept to show"
        );
    }
}

#[test]
fn a_name_and_a_room_code_are_typed_on_the_keyboard() {
    use bevy::input::keyboard::Key;
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    script.sent();
    // Reach "Type a name" by the arrow keys and press it with Enter, as a keyboard player does.
    let target = OnlineButton::Type(TextField::Name);
    for _ in 0..40 {
        let focused = app.world().resource::<Typing>().editing;
        if focused.is_some() {
            break;
        }
        super::key(&mut app, KeyCode::ArrowDown);
        let on_target = {
            let focus = focused_action(&mut app);
            focus == Some(target)
        };
        if on_target {
            super::key(&mut app, KeyCode::Enter);
        }
    }
    assert_eq!(
        app.world().resource::<Typing>().editing,
        Some(TextField::Name)
    );
    // The field starts with the name; Backspace and letters change it; the menu's keys keep out.
    for _ in 0..ME.len() {
        type_key(&mut app, Key::Backspace, KeyCode::Backspace);
    }
    type_keys(&mut app, "सीता 7");
    assert!(
        menu_buttons::<OnlineButton>(&mut app)
            .iter()
            .any(|(a, t)| *a == target && t.contains("सीता 7|")),
        "the field shows what is typed, with a caret"
    );
    type_key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(app.world().resource::<Typing>().editing, None);
    assert_eq!(profile_name(&app).as_deref(), Some("सीता 7"));
    // A name over 20 characters is refused in words, and the old one kept.
    press(&mut app, target);
    type_keys(&mut app, &"x".repeat(20));
    type_key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(profile_name(&app).as_deref(), Some("सीता 7"));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("A name has 1 to 20 characters"))
    );
    // Escape stops typing without taking anything.
    press(&mut app, OnlineButton::Type(TextField::RoomCode));
    type_keys(&mut app, "not a code");
    type_key(&mut app, Key::Escape, KeyCode::Escape);
    assert_eq!(app.world().resource::<Typing>().editing, None);
    press(&mut app, OnlineButton::JoinCode);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("\"not a code\" is not a room code"))
    );
    assert!(script.sent().is_empty(), "nothing was sent for a bad code");
    // A code typed and Enter: the room on this game's server.
    press(&mut app, OnlineButton::Type(TextField::RoomCode));
    for _ in 0.."not a code".len() {
        type_key(&mut app, Key::Backspace, KeyCode::Backspace);
    }
    type_keys(&mut app, "ABCDEFGHIJ");
    type_key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(
        script.urls().last().map(String::as_str),
        Some("ws://127.0.0.1:9/ws")
    );
    assert_eq!(
        script.sent().first(),
        Some(&ClientMessage::Hello {
            room: Some(room()),
            token: None,
            name: Some("सीता 7".into()),
            player_key: Some(my_key()),
        })
    );
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

/// Buttons spawned since the counter was added (`count_spawned_buttons`).
#[derive(Resource, Default)]
struct SpawnedButtons(usize);

fn count_spawned_buttons(app: &mut App) {
    app.init_resource::<SpawnedButtons>();
    app.world_mut()
        .add_observer(|_: On<Add, Button>, mut spawned: ResMut<SpawnedButtons>| {
            spawned.0 += 1;
        });
}

fn button_entities(app: &mut App) -> Vec<Entity> {
    let mut all: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<Button>>()
        .iter(app.world())
        .collect();
    all.sort();
    all
}

/// The menu changes in place: a name typed letter by letter spawns no button and keeps every
/// button it had, while the field shows each letter.
#[test]
fn typing_a_twenty_character_name_rebuilds_no_button() {
    use bevy::input::keyboard::Key;
    let (mut app, _script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    let field = OnlineButton::Type(TextField::Name);
    press(&mut app, field);
    for _ in 0..ME.chars().count() {
        type_key(&mut app, Key::Backspace, KeyCode::Backspace);
    }
    let before = button_entities(&mut app);
    count_spawned_buttons(&mut app);
    let name = "abcdefghijklmnopqrst";
    for (typed, letter) in name.chars().enumerate() {
        type_keys(&mut app, &letter.to_string());
        let shown = menu_buttons::<OnlineButton>(&mut app)
            .into_iter()
            .find(|(a, _)| *a == field)
            .map(|(_, text)| text)
            .unwrap_or_default();
        assert!(
            shown.contains(&format!(
                "{}|",
                name.chars().take(typed + 1).collect::<String>()
            )),
            "the field shows what is typed: {shown}"
        );
    }
    assert_eq!(app.world().resource::<SpawnedButtons>().0, 0);
    assert_eq!(button_entities(&mut app), before);
}

/// A table listed while the keyboard is on another row leaves the focus where it was, on the
/// same button, which turns from Sit to Watch when its table fills.
#[test]
fn the_focused_table_keeps_the_focus_when_another_is_listed() {
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    script.push(&ServerMessage::Lobby {
        rooms: vec![lobby_table("aaaaaaaaaa", "Asha", false, 5_000)],
    });
    app.update();
    app.update();
    let asha: RoomCode = "aaaaaaaaaa".parse().unwrap();
    for _ in 0..60 {
        if focused_action(&mut app) == Some(OnlineButton::SitAt(asha)) {
            break;
        }
        super::key(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focused_action(&mut app), Some(OnlineButton::SitAt(asha)));
    let focused = app.world().resource::<starhalma::testing::Focus>().0;
    script.push(&ServerMessage::Listed {
        room: lobby_table("cccccccccc", "Cai", false, 0),
    });
    app.update();
    app.update();
    let cai: RoomCode = "cccccccccc".parse().unwrap();
    assert!(
        menu_buttons::<OnlineButton>(&mut app)
            .iter()
            .any(|(a, _)| *a == OnlineButton::SitAt(cai)),
        "the new table is listed"
    );
    assert_eq!(
        app.world().resource::<starhalma::testing::Focus>().0,
        focused
    );
    assert_eq!(focused_action(&mut app), Some(OnlineButton::SitAt(asha)));
    // Asha's table fills: the same button now watches it, and the keyboard is still on it.
    script.push(&ServerMessage::Listed {
        room: lobby_table("aaaaaaaaaa", "Asha", true, 5_000),
    });
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<starhalma::testing::Focus>().0,
        focused
    );
    assert_eq!(focused_action(&mut app), Some(OnlineButton::Watch(asha)));
    // Enter on it watches that table.
    super::key(&mut app, KeyCode::Enter);
    app.update();
    assert!(
        script.sent().iter().any(|m| matches!(
            m,
            ClientMessage::Hello { room: Some(room), .. } if *room == asha
        )),
        "Enter on the focused row opened Asha's table"
    );
}

/// The name the player goes online under.
fn profile_name(app: &App) -> Option<String> {
    let profile = app.world().resource::<PlayerProfile>();
    profile.name.as_ref().map(|name| name.to_string())
}

/// The action of the button the keyboard is on.
fn focused_action<A: ButtonAction>(app: &mut App) -> Option<A> {
    let focus = app.world().resource::<starhalma::testing::Focus>().0?;
    app.world().get::<A>(focus).copied()
}

/// The variant the menu starts with.
fn menu_variant() -> Variant {
    starhalma::Setup::default().variant
}

/// Two desktop clients through the real server: one watches the lobby and sees the other's
/// quick match open a table, then sits at it from the list; play starts for both.
#[test]
fn a_quick_match_table_is_listed_and_taken_through_the_real_server() {
    let server = RealServer::start();
    let client = real_client;
    let mut watcher = client(&server.origin);
    watcher.world_mut().write_message(NetRequest::WatchLobby);
    until_real(&mut watcher, "the lobby", |app| {
        app.world().resource::<Lobby>().state == LobbyState::Listing
    });
    let mut host = client(&server.origin);
    host.world_mut().write_message(NetRequest::QuickMatch(
        starhalma_protocol::MatchVariant::Exactly(table2()),
        2,
        None,
    ));
    until_real(&mut host, "the new table", |app| {
        phase(app) == Phase::InRoom
    });
    until_real(&mut watcher, "the table listed", |app| {
        app.world().resource::<Lobby>().rooms.len() == 1
    });
    let listed = watcher.world().resource::<Lobby>().rooms[0].0.clone();
    assert!(!listed.running);
    assert_eq!(listed.clock_ms, Some(MoveClock::SECONDS_60));
    let link = server
        .origin
        .parse::<ServerUrl>()
        .unwrap()
        .room(listed.room);
    watcher.world_mut().write_message(NetRequest::Sit(link));
    until_real(&mut watcher, "a seat at the table", |app| {
        app.world().resource::<Online>().seat == Some(1)
    });
    until_real(&mut host, "the start", |app| {
        app.world().resource::<Online>().started
    });
    assert_eq!(
        host.world().resource::<Online>().clock,
        Some(MoveClock::SECONDS_60),
        "a public table has a clock"
    );
}

/// Host on this computer: the game starts the room server inside itself (here on 127.0.0.1,
/// any port) and opens a room there; a scripted client that knows only the link the game
/// shows joins by it, and play starts with its name on the seat. (Built without the `host`
/// feature the game has no server inside and no such button.)
#[cfg(feature = "host")]
#[test]
fn host_on_this_computer_serves_a_room_a_friend_joins_by_its_link() {
    use starhalma::testing::LocalServer;
    use tungstenite::Message;
    let mut host = app_in(Store::Nowhere, None, |app| {
        app.insert_resource(LocalServer {
            bind: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            running: None,
        });
    });
    press(&mut host, MainButton::OpenOnline);
    press(&mut host, OnlineButton::ToggleMore);
    press(&mut host, OnlineButton::HostHere);
    until_real(&mut host, "the room on this computer", |app| {
        phase(app) == Phase::InRoom
    });
    let running = host
        .world()
        .resource::<LocalServer>()
        .running
        .expect("the server runs");
    let link = host.world().resource::<Online>().link.clone().unwrap();
    assert!(
        link.to_string()
            .starts_with(&format!("http://127.0.0.1:{}/?room=", running.port())),
        "{link}"
    );
    assert_eq!(
        host.world()
            .resource::<starhalma::OnlineServer>()
            .0
            .as_ref(),
        Some(&link.server)
    );
    assert_eq!(
        link.server.to_string(),
        format!("http://127.0.0.1:{}", running.port())
    );
    // The friend: the link, and nothing else.
    let (room, url) = (link.room, link.server.socket());
    let (mut friend, _) = tungstenite::connect(url.as_str()).expect("the friend connects");
    let send = |socket: &mut tungstenite::WebSocket<_>, message: ClientMessage| {
        socket.send(Message::text(message.encode())).unwrap();
    };
    send(
        &mut friend,
        ClientMessage::Hello {
            room: Some(room),
            token: None,
            name: Some("Ravi".into()),
            player_key: None,
        },
    );
    send(&mut friend, ClientMessage::Join {});
    let seat = loop {
        let Message::Text(frame) = friend.read().expect("the server answers") else {
            continue;
        };
        if let Ok(ServerMessage::Welcome(welcome)) = starhalma_protocol::decode_server(&frame)
            && welcome.seat.is_some()
        {
            break welcome.seat;
        }
    };
    assert_eq!(seat, Some(1));
    until_real(&mut host, "play started", |app| {
        app.world().resource::<Online>().started
    });
    let names = host.world().resource::<SeatNames>().clone();
    let said = host.world().resource::<Words>().say(
        &Phrase::Seat(table2().colour(1)),
        starhalma::SeatSymbols::default(),
        &names,
    );
    assert!(said.contains("Ravi"), "{said}");
}

/// A host waiting a minute for players is offered the computer for the open seats; the
/// offer goes once play starts.
#[test]
fn a_host_left_waiting_a_minute_is_offered_the_computer() {
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    press(&mut app, OnlineButton::PlayFriend);
    app.update();
    script.push(&welcome(
        Some(0),
        vec![person(ME), SeatHolder::Open],
        Game::new(table2()),
        1,
    ));
    app.update();
    app.update();
    assert_eq!(hud(&mut app, HudText::Online), "Waiting for players (1/2)");
    // 59 s, the server answering each ping.
    for _ in 0..59 {
        quarter_seconds(&mut app, 4);
        script.push(&ServerMessage::Pong {});
    }
    assert_eq!(hud(&mut app, HudText::Online), "Waiting for players (1/2)");
    quarter_seconds(&mut app, 8);
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Nobody else yet (1/2): press Fill empty seats with the computer, or keep waiting"
    );
    assert!(
        button_text(&mut app, RoomButton::FillComputer)
            .contains("Fill empty seats with the computer"),
        "the button the line names is there"
    );
    script.push(&ServerMessage::Event {
        seq: 2,
        event: RoomEvent::Seats {
            seats: vec![person(ME), SeatHolder::Computer],
        },
    });
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Started {
            first: 0,
            record: Some(FIRST_RECORD.into()),
        },
    });
    app.update();
    app.update();
    assert!(
        hud(&mut app, HudText::Online).starts_with("Online: you are"),
        "{}",
        hud(&mut app, HudText::Online)
    );
}

/// A resting app is woken by each frame the server sends (a socket's thread calls the wake);
/// while online it runs a frame a second (the move clock, the heartbeat, the retries), and once
/// play goes local it rests again.
#[test]
fn the_servers_frames_wake_the_app_and_online_ticks_once_a_second() {
    use starhalma::testing::{FramesAsked, Need, WakeSignal};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let woken = Arc::new(AtomicUsize::new(0));
    let (mut app, script) = online_app();
    app.insert_resource(WakeSignal::new({
        let woken = woken.clone();
        move || {
            woken.fetch_add(1, Ordering::SeqCst);
        }
    }));
    open_link(&mut app);
    assert_eq!(woken.load(Ordering::SeqCst), 1, "the socket opened");
    script.push(&welcome(Some(1), people(2), Game::new(table2()), 2));
    assert_eq!(woken.load(Ordering::SeqCst), 2, "the welcome arrived");
    let asked = |app: &App| app.world().resource::<FramesAsked>().0;
    for _ in 0..200 {
        app.update();
        if asked(&app) != Need::EveryFrame {
            break;
        }
    }
    assert_eq!(asked(&app), Need::EverySecond, "in the room");
    assert_eq!(app.world().resource::<Online>().phase, Phase::InRoom);
    command(&mut app, GameCommand::NewGame(super::people(table2())));
    for _ in 0..200 {
        app.update();
        if asked(&app) == Need::Rest {
            break;
        }
    }
    assert_eq!(asked(&app), Need::Rest, "offline again");
}

/// "Who starts: random" online: the room is created asking the server to toss, the tossed
/// seat's `started` starts the game with it, and a rematch starts with the seat its event
/// names.
#[test]
fn a_room_that_tosses_starts_with_the_seat_the_server_names() {
    let (mut app, script) = online_app();
    app.world_mut()
        .resource_mut::<starhalma::testing::MenuChoice>()
        .starts = starhalma::WhoStarts::Random;
    press(&mut app, MainButton::OpenOnline);
    press(&mut app, OnlineButton::PlayFriend);
    app.update();
    let created = script.sent();
    assert!(
        created.iter().any(|m| matches!(
            m,
            ClientMessage::Create {
                random_start: true,
                ..
            }
        )),
        "{created:?}"
    );
    script.push(&welcome(
        Some(0),
        vec![person(ME), SeatHolder::Open],
        Game::new(table2()),
        1,
    ));
    app.update();
    script.push(&ServerMessage::Event {
        seq: 2,
        event: RoomEvent::Seats {
            seats: vec![person(ME), person("さくら")],
        },
    });
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Started {
            first: 1,
            record: None,
        },
    });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).first(), 1);
    assert_eq!(game(&app).active(), 1, "Blue, the tossed seat, moves first");
    // Blue resigns; in the rematch each person moves on a seat (this device to seat 1) and
    // the toss starts seat 1.
    script.push(&ServerMessage::Event {
        seq: 4,
        event: RoomEvent::Resigned { seat: 1 },
    });
    script.push(&ServerMessage::Event {
        seq: 5,
        event: RoomEvent::Rematch {
            seats: vec![person("さくら"), person(ME)],
            first: 1,
            record: None,
        },
    });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).first(), 1);
    assert_eq!(
        game(&app).active(),
        1,
        "this device, now seat 1, moves first"
    );
    assert!(game(&app).history().is_empty());
}

/// The player code: hidden until pressed, then shown to copy; another device's code typed in
/// makes this device that player (and the next room hears it); a bad one changes nothing; a
/// new player takes two presses.
#[test]
fn the_player_code_moves_a_player_between_devices_and_a_new_player_takes_two_presses() {
    use bevy::input::keyboard::Key;
    let (mut app, script) = online_app();
    press(&mut app, MainButton::OpenOnline);
    app.update();
    script.sent();
    let key = |app: &App| app.world().resource::<PlayerProfile>().player_key;
    let shown = "0123-4567-89ab-cdef-0123-4567-89ab-cdef";
    // The player code waits behind More.
    assert!(
        !texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Player code (to play as you"))
    );
    press(&mut app, OnlineButton::ToggleMore);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Player code (to play as you on another device): press to show")
    );
    assert!(!texts(&mut app).iter().any(|t| t.contains(shown)));
    press(&mut app, OnlineButton::Type(TextField::PlayerCode));
    app.update();
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains(&format!("Player code: {shown}"))),
        "{:?}",
        texts(&mut app)
    );
    // A bad code: refused in words, the key stays.
    for _ in 0..shown.len() {
        type_key(&mut app, Key::Backspace, KeyCode::Backspace);
    }
    type_keys(&mut app, "not a code");
    type_key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(key(&app), Some(my_key()));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("A player code is 32 characters"))
    );
    // Another device's code, with capitals and spaces: this device plays as that player.
    press(&mut app, OnlineButton::Type(TextField::PlayerCode));
    for _ in 0..shown.len() {
        type_key(&mut app, Key::Backspace, KeyCode::Backspace);
    }
    type_keys(&mut app, "FEDC BA98 7654 3210 fedc-ba98-7654-3210");
    type_key(&mut app, Key::Enter, KeyCode::Enter);
    let theirs = PlayerKey::from_bits(0xfedc_ba98_7654_3210_fedc_ba98_7654_3210);
    assert_eq!(key(&app), Some(theirs));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Player code taken"))
    );
    // A new player: the first press asks, something else cancels, two presses do it.
    press(&mut app, OnlineButton::NewIdentity);
    app.update();
    assert_eq!(key(&app), Some(theirs));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Start over as a new player?"))
    );
    press(&mut app, OnlineButton::CycleRoomClock);
    press(&mut app, OnlineButton::NewIdentity);
    assert_eq!(
        key(&app),
        Some(theirs),
        "the question was cancelled in between"
    );
    press(&mut app, OnlineButton::NewIdentity);
    app.update();
    let new = key(&app).expect("a key");
    assert!(new != theirs && new != my_key());
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "You are a new player now")
    );
    // The next room is entered as the new player.
    press(&mut app, OnlineButton::QuickMatch);
    app.update();
    let sent = script.sent();
    assert!(
        sent.iter().any(
            |m| matches!(m, ClientMessage::QuickMatch { player_key: Some(k), .. } if *k == new)
        ),
        "{sent:?}"
    );
    assert!(
        sent.iter()
            .any(|m| matches!(m, ClientMessage::Hello { player_key: Some(k), .. } if *k == new)),
        "{sent:?}"
    );
}

/// A server's records API for one answer: the request line it read comes back on the channel.
pub(crate) fn serve_once(
    status: &str,
    body: String,
) -> (String, std::sync::mpsc::Receiver<String>) {
    serve_each(vec![(status.to_string(), body)])
}

/// A plain HTTP server answering its connections in turn with `answers` (status, JSON body),
/// then gone; each request's head (request line and headers, one a line) comes through the
/// receiver.
pub(crate) fn serve_each(
    answers: Vec<(String, String)>,
) -> (String, std::sync::mpsc::Receiver<String>) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for (status, body) in answers {
            let Ok((stream, _)) = listener.accept() else {
                return;
            };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            // The request to its blank line.
            let mut head = Vec::new();
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                head.push(line.trim_end().to_string());
                line.clear();
            }
            let _ = tx.send(head.join("\n"));
            let mut stream = stream;
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (addr, rx)
}

/// Update until `done` (a real thread answers), at most 10 s.
pub(crate) fn until_answered(app: &mut App, done: impl Fn(&App) -> bool) {
    let start = std::time::Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no answer in 10 s"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A finished online game's share link opens it as a replay: its record fetched from the
/// server's API and loaded on the board move for move; a link the server does not know says
/// why in the server's words, a link that is no game's is refused at once, and the game on
/// the board stays as it was.
#[test]
fn a_finished_game_opens_as_a_replay_from_its_share_link() {
    use starhalma::testing::Notice;
    let mut game = Game::new(table2());
    for _ in 0..5 {
        game.play(game.legal_moves()[0]).unwrap();
    }
    game.resign(0).unwrap();
    let id = "0123456789abcdef0123";
    // The record as the server writes it: the protocol's one type.
    let record = GameRecord {
        summary: GameSummary {
            id: id.into(),
            rules: "table".into(),
            players: 2,
            public: true,
            clock_ms: None,
            rated: false,
            started_ms: 1,
            ended_ms: 2,
            seats: vec![],
            variant: Some(game.variant()),
            result: Some(game.status()),
            plies: Some(5),
        },
        moves: None,
        save: Some(game.clone()),
    };
    let (addr, asked) = serve_once("200 OK", serde_json::to_string(&record).unwrap());
    let (mut app, _script) = online_app();
    let notice = |app: &App| app.world().resource::<Notice>().0.in_english();
    app.world_mut().write_message(NetRequest::OpenReplay(
        format!("http://{addr}/?game={id}").parse().unwrap(),
    ));
    until_answered(&mut app, |app| {
        app.world().resource::<Match>().game.history().len() == 5
    });
    app.update();
    assert_eq!(
        asked.recv().unwrap().lines().next(),
        Some(format!("GET /api/games/{id} HTTP/1.1").as_str())
    );
    let shown = &app.world().resource::<Match>().game;
    assert_eq!(shown.history(), game.history(), "move for move");
    assert_eq!(shown.status(), game.status());
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(
        notice(&app),
        format!("Replay of game {id}: step through it with the move list")
    );
    // A game the server does not keep: its reason, and the replay stays on the board.
    let missing = serde_json::json!({"error": "not_found", "message": "no game has this id"});
    let (addr, _) = serve_once("404 Not Found", missing.to_string());
    let other = "fedcba9876543210fedc";
    app.world_mut().write_message(NetRequest::OpenReplay(
        format!("http://{addr}/?game={other}").parse().unwrap(),
    ));
    until_answered(&mut app, |app| notice(app).starts_with("Could not open"));
    assert_eq!(
        notice(&app),
        format!("Could not open game {other}: no game has this id")
    );
    assert_eq!(
        app.world().resource::<Match>().game.history(),
        game.history()
    );
    // A record whose save file is corrupt is refused like a corrupt file.
    let corrupt = serde_json::json!({ "id": id, "save": { "format": "nonsense" } });
    let (addr, _) = serve_once("200 OK", corrupt.to_string());
    app.world_mut().write_message(NetRequest::OpenReplay(
        format!("http://{addr}/api/games/{id}").parse().unwrap(),
    ));
    until_answered(&mut app, |app| notice(app).starts_with("Could not open"));
    assert_eq!(
        app.world().resource::<Match>().game.history(),
        game.history()
    );
}

/// A person's seat taken with a player key: the server shows their public id.
fn rated_person(name: &str, player: &str) -> SeatHolder {
    SeatHolder::Person {
        connected: true,
        name: Some(PlayerName::new(name).unwrap()),
        idle: false,
        player: Some(player.into()),
    }
}

/// The seats' names as the game's lines say them, in English.
fn seat_names(app: &App) -> Vec<String> {
    app.world()
        .resource::<SeatNames>()
        .0
        .iter()
        .map(|(_, phrase)| phrase.in_english())
        .collect()
}

/// Ratings beside names (issue 35): the seats' players' ratings are read in one request and
/// said with their names (a player with no rated game yet at 1500, provisional); once the game
/// ends, the server's record of it (asked again while not written yet) gives each rated
/// player's new rating and its change on the result panel, and the names follow.
#[test]
fn ratings_show_beside_the_seats_and_the_result_gives_their_change() {
    let me = my_key().public_id();
    let sakura = "abcdefghijkl";
    let ratings = |mine: i64| {
        serde_json::json!({"rules": "table", "ratings": {
            me.as_str(): {"rating": mine, "deviation": 80, "games": 12, "provisional": false}
        }})
        .to_string()
    };
    let record = serde_json::json!({
        "id": FIRST_RECORD, "rules": "table", "players": 2, "public": true, "rated": true,
        "started_ms": 1_796_428_000_000_i64, "ended_ms": 1_796_428_800_000_i64,
        "seats": [
            {"seat": 0, "player": me, "name": ME, "place": 2,
             "rating_before": 1520, "rating_after": 1508, "change": "-12"},
            {"seat": 1, "player": sakura, "name": "さくら", "place": 1,
             "rating_before": 1500, "rating_after": 1590, "change": "+90"}
        ]
    });
    let missing = serde_json::json!({"error": "not_found", "message": "no game has this id"});
    let ok = |body: String| ("200 OK".to_string(), body);
    let (addr, asked) = serve_each(vec![
        ok(ratings(1520)),
        ("404 Not Found".into(), missing.to_string()),
        ok(record.to_string()),
        ok(ratings(1508)),
    ]);
    // The menu's server is another one: a room's records are read from the room's own.
    let (mut app, script) = online_app();
    open_link(&mut app);
    let seats = vec![rated_person(ME, &me), rated_person("さくら", sakura)];
    let mut welcomed = welcome(Some(0), seats, Game::new(table2()), 2);
    if let ServerMessage::Welcome(w) = &mut welcomed {
        w.link = format!("http://{addr}/?room=abcdefghij").parse().unwrap();
    }
    script.push(&welcomed);
    until_answered(&mut app, |app| {
        seat_names(app).first().is_some_and(|n| n.contains("1520"))
    });
    assert_eq!(
        seat_names(&app),
        [format!("{ME} (Red, 1520)"), "さくら (Blue, 1500?)".into()]
    );
    let head = asked.recv().unwrap();
    assert!(
        head.starts_with("GET /api/ratings?rules=table&players=")
            && head.contains(&me)
            && head.contains(sakura),
        "one request for both: {head}"
    );

    // The game ends; the record is not written at first, then is.
    script.push(&ServerMessage::Event {
        seq: 3,
        event: RoomEvent::Resigned { seat: 0 },
    });
    until_answered(&mut app, |app| {
        matches!(
            app.world().resource::<FinishedRecord>().game,
            Remote::Got(_)
        )
    });
    run_until_still(&mut app);
    app.update();
    let heads: Vec<String> = (0..2).map(|_| asked.recv().unwrap()).collect();
    for head in &heads {
        assert!(
            head.starts_with(&format!("GET /api/games/{FIRST_RECORD} HTTP/1.1")),
            "{heads:?}"
        );
    }
    let shown = texts(&mut app);
    for line in [
        format!("{ME} (Red): rating 1508 (-12)"),
        "さくら (Blue): rating 1590 (+90)".to_string(),
    ] {
        assert!(shown.contains(&line), "{line} in {shown:?}");
    }
    // The names follow the new ratings.
    until_answered(&mut app, |app| {
        seat_names(app).first().is_some_and(|n| n.contains("1508"))
    });
}

/// The lobby names its tables' players with their ratings.
#[test]
fn the_lobby_names_players_with_their_ratings() {
    let asha = "abcdefghijkl";
    let ratings = serde_json::json!({"rules": "laws", "ratings": {
        asha: {"rating": 1702, "deviation": 60, "games": 30, "provisional": false}
    }});
    let (addr, _asked) = serve_each(vec![("200 OK".into(), ratings.to_string())]);
    let (mut app, script) = online_app();
    app.insert_resource(OnlineServer(Some(
        format!("http://{addr}").parse().unwrap(),
    )));
    press(&mut app, MainButton::OpenOnline);
    script.push(&ServerMessage::Lobby {
        rooms: vec![LobbyRoom {
            room: room(),
            variant: Variant::new(RuleSet::Laws, 2).unwrap(),
            seats: vec![rated_person("Asha", asha), SeatHolder::Open],
            clock_ms: Some(MoveClock::SECONDS_60),
            running: false,
            age_ms: 1_000,
        }],
    });
    until_answered(&mut app, |app| {
        app.world()
            .resource::<KnownRatings>()
            .words(starhalma_protocol::Family::Laws, asha)
            == Some(Phrase::Verbatim("1702".into()))
    });
    app.update();
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "Asha (1702)"), "{shown:?}");
}

/// A friend's link opened while its room waits for players seats the friend at once (no Join
/// to find), and until the game starts the HUD says it waits instead of whose move it is. A
/// room that is full or playing opens to watch, asking for nothing.
#[test]
fn an_invitation_seats_the_friend_while_the_room_waits() {
    let (mut app, script) = online_app();
    enter_by(&mut app, NetRequest::Open(LINK.parse().unwrap()));
    script.sent();
    welcome_to_ashas_table(&mut app, &script, None);
    assert!(
        script.sent().contains(&ClientMessage::Join {}),
        "the invited friend asks for the free seat"
    );
    assert_eq!(
        hud(&mut app, HudText::Turn),
        "The game starts when every seat is taken"
    );
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Watching Asha's room: press Join to play"
    );
    // Seated (the server's new welcome): the seat's own welcome asks for nothing more.
    welcome_to_ashas_table(&mut app, &script, Some(1));
    assert!(!script.sent().contains(&ClientMessage::Join {}));
    assert_eq!(app.world().resource::<Online>().seat, Some(1));
    let turn = hud(&mut app, HudText::Turn);
    assert!(turn.contains("to move"), "{turn}");

    // A full room, opened by its link: watched, no seat asked for.
    let (mut app, script) = online_app();
    enter_by(&mut app, NetRequest::Open(LINK.parse().unwrap()));
    script.sent();
    script.push(&welcome(None, people(2), Game::new(table2()), 2));
    app.update();
    app.update();
    assert!(!script.sent().contains(&ClientMessage::Join {}));
    assert_eq!(app.world().resource::<Online>().seat, None);
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Watching (every seat is taken)"
    );
}

/// A watcher of a room with a free seat finds Join right under the line that offers it, among
/// the HUD's lines rather than the column of buttons; pressing it asks for the seat. The link
/// for players to send is not a watcher's line.
#[test]
fn a_watcher_finds_join_under_the_line_that_offers_it() {
    let (mut app, script) = online_app();
    open_link(&mut app);
    welcome_to_ashas_table(&mut app, &script, None);
    script.sent();
    assert_eq!(
        hud(&mut app, HudText::Online),
        "Watching Asha's room: press Join to play"
    );
    assert_eq!(hud(&mut app, HudText::Link), "");
    let line_parent = app
        .world_mut()
        .query::<(&HudText, &ChildOf)>()
        .iter(app.world())
        .find(|(t, _)| **t == HudText::Online)
        .map(|(_, p)| p.parent())
        .unwrap();
    let joins: Vec<(Entity, Display)> = app
        .world_mut()
        .query::<(&RoomButton, &ChildOf, &Node)>()
        .iter(app.world())
        .filter(|(b, ..)| **b == RoomButton::TakeSeat)
        .map(|(_, p, node)| (p.parent(), node.display))
        .collect();
    assert_eq!(
        joins,
        [(line_parent, Display::Flex)],
        "one Join, with the lines"
    );
    press(&mut app, RoomButton::TakeSeat);
    assert!(script.sent().contains(&ClientMessage::Join {}));

    // Seated, the Join goes and the link to send shows.
    welcome_to_ashas_table(&mut app, &script, Some(1));
    let shown = app
        .world_mut()
        .query::<(&RoomButton, &Node)>()
        .iter(app.world())
        .any(|(b, node)| *b == RoomButton::TakeSeat && node.display != Display::None);
    assert!(!shown, "no Join once seated");
    assert_eq!(hud(&mut app, HudText::Link), LINK);
}

/// A room on a server that keeps no games (a desktop's "Host on this computer") is never asked
/// for ratings or records: its welcome says so. The same room on a server that keeps them is.
#[test]
fn a_server_without_records_is_asked_for_none() {
    for records in [false, true] {
        let (mut app, script) = online_app();
        open_link(&mut app);
        let mut seats = people(2);
        if let SeatHolder::Person { player, .. } = &mut seats[0] {
            *player = Some("0123456789abcdef0123".into());
        }
        let ServerMessage::Welcome(mut welcome) = welcome(Some(1), seats, Game::new(table2()), 2)
        else {
            unreachable!("a welcome")
        };
        welcome.records = records;
        script.push(&ServerMessage::Welcome(welcome));
        for _ in 0..3 {
            app.update();
        }
        let asked = !app.world().resource::<KnownRatings>().is_empty();
        assert_eq!(asked, records, "records kept: {records}");
        assert_eq!(
            app.world().resource::<Online>().replay_link().is_some(),
            records,
            "a replay link only where games are kept"
        );
    }
}

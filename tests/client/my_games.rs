//! My games and the Leaderboard (issue 35): games against the computer kept on the device with
//! their statistics, opened as replays, kept across restarts; the player's online games and
//! the leaderboard read from the server's API.

use super::online::{serve_each, texts, until_answered};
use super::*;
use starhalma::testing::{
    AnimationSettings, ComputerPace, Focusable, KEPT_GAMES, KEPT_GAMES_UNREADABLE, KeptGames,
    MenuPage, Notice, Outcome, Remote, ServerRecords,
};
use starhalma::testing::{BoardButton, GameButton, GamesButton, MainButton};
use starhalma::{OnlineServer, PlayerProfile, Screen};
use starhalma_protocol::PlayerKey;
use starhalma_rules::board::CAMPS;
use starhalma_rules::{Direction, Game, Position};
use std::path::Path;

/// Red (seat 0) has nine marbles in its target and the tenth one step from the last hole;
/// Blue's marbles are in the middle.
fn one_move_from_winning() -> (Game, MoveRequest) {
    let target: Vec<Hole> = Hole::all().filter(|h| CAMPS[3] & h.bit() != 0).collect();
    let last = target[9];
    let entry = Hole::all()
        .find(|h| h.in_hexagon() && Direction::ALL.iter().any(|&d| h.neighbor(d) == Some(last)))
        .unwrap();
    let mut pieces: Vec<(Hole, u8, bool)> = target[..9].iter().map(|&h| (h, 0, false)).collect();
    pieces.push((entry, 0, false));
    for (q, r) in [(0, -2), (1, -2), (2, -2), (3, -3), (0, -4)] {
        pieces.push((Hole::at(Coord::new(q, r)).unwrap(), 1, false));
    }
    let position = Position::from_placements(pieces).unwrap();
    let game = Game::from_state(table2(), starhalma_rules::State::new(position, 0, 100)).unwrap();
    (
        game,
        MoveRequest::new(Move::step(entry, last), MoveSource::Board),
    )
}

fn temp_store(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("starhalma-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The client keeping its files in `dir`, on the menu or playing `start`, quick.
fn app_keeping(dir: &Path, start: Option<Match>) -> App {
    app_in(Store::Folder(dir.to_path_buf()), start, |app| {
        app.insert_resource(AnimationSettings {
            seconds_per_hop: 0.0,
        })
        .insert_resource(ComputerPace {
            minimum_think: Duration::ZERO,
        });
    })
}

/// The moves of the game Continue would resume (the autosave in `dir`).
fn autosaved_plies(dir: &Path) -> usize {
    let autosave = std::fs::read_to_string(dir.join(starhalma::testing::AUTOSAVE)).unwrap();
    starhalma::testing::load_text(&autosave)
        .unwrap()
        .game
        .history()
        .len()
}

fn kept(app: &App) -> KeptGames {
    app.world().resource::<KeptGames>().clone()
}

fn history_len(app: &App) -> usize {
    app.world().resource::<Match>().game.history().len()
}

/// Update until the computer has replied (the history is `plies` long).
fn until_plies(app: &mut App, plies: usize) {
    for _ in 0..3000 {
        if history_len(app) >= plies {
            return;
        }
        app.update();
    }
    panic!("the computer never replied");
}

/// The kept games' buttons in the order the keyboard visits them: (place in the list, words).
fn kept_buttons(app: &mut App) -> Vec<(usize, String)> {
    let mut buttons: Vec<(u32, usize, Entity)> = app
        .world_mut()
        .query::<(Entity, &GamesButton, &Focusable)>()
        .iter(app.world())
        .filter_map(|(e, action, order)| match action {
            GamesButton::OpenKeptGame(i) => Some((order.0, *i, e)),
            _ => None,
        })
        .collect();
    buttons.sort();
    buttons
        .into_iter()
        .map(|(_, i, button)| {
            let words = app
                .world()
                .get::<Children>(button)
                .into_iter()
                .flatten()
                .find_map(|child| app.world().get::<Text>(*child).map(|t| t.0.clone()))
                .unwrap_or_default();
            (i, words)
        })
        .collect()
}

fn against(level: Level) -> Setup {
    Setup::against_computer(table2(), level)
}

/// Games against Easy and Hard end here and are kept once each (an undo and the same end again
/// is the same game), with their statistics on My games; one opens as a replay without being
/// kept again or taking the game to continue; all of it is there after a restart, and an
/// unreadable file is put aside, not overwritten.
#[test]
fn games_against_easy_and_hard_are_kept_with_statistics_and_open_as_replays() {
    let dir = temp_store("kept-games");
    let (near_end, winning) = one_move_from_winning();
    let mut app = app_keeping(
        &dir,
        Some(Match {
            game: near_end,
            setup: against(Level::Easy),
        }),
    );
    send(&mut app, winning);
    run_until_still(&mut app);
    let games = kept(&app);
    assert_eq!(games.0.len(), 1, "the won game is kept");
    assert_eq!(
        (games.0[0].outcome, games.0[0].level, games.0[0].moves),
        (Outcome::Won, Level::Easy, 1)
    );
    // Undone and won again: still one game.
    command(&mut app, GameCommand::Undo);
    assert!(!app.world().resource::<Match>().game.is_over());
    send(&mut app, winning);
    run_until_still(&mut app);
    assert_eq!(kept(&app).0.len(), 1, "an undone end is not a second game");

    // Against Hard: a move, its reply, then resigned: lost.
    command(&mut app, GameCommand::NewGame(against(Level::Hard)));
    send(&mut app, step_or_jump(h(5, -1), h(4, 0), MoveSource::Board));
    until_plies(&mut app, 2);
    command(&mut app, GameCommand::Resign(0));
    // Against Easy again, resigned at once.
    command(&mut app, GameCommand::NewGame(against(Level::Easy)));
    command(&mut app, GameCommand::Resign(0));
    let games = kept(&app);
    assert_eq!(
        games
            .0
            .iter()
            .map(|g| (g.level, g.outcome, g.moves))
            .collect::<Vec<_>>(),
        vec![
            (Level::Easy, Outcome::Won, 1),
            (Level::Hard, Outcome::Lost, 1),
            (Level::Easy, Outcome::Lost, 0),
        ]
    );
    let stats = games.statistics();
    assert_eq!(
        stats
            .iter()
            .map(|s| (s.level, s.played, s.won, s.lost, s.average_moves()))
            .collect::<Vec<_>>(),
        vec![(Level::Easy, 2, 1, 1, 1), (Level::Hard, 1, 0, 1, 1)]
    );

    // A game in progress, then My games from the menu.
    command(&mut app, GameCommand::NewGame(against(Level::Easy)));
    send(&mut app, step_or_jump(h(5, -1), h(4, 0), MoveSource::Board));
    until_plies(&mut app, 2);
    press(&mut app, GameButton::ChangeMode);
    press(&mut app, MainButton::OpenMyGames);
    assert_eq!(
        *app.world().resource::<State<MenuPage>>().get(),
        MenuPage::Games
    );
    let shown = texts(&mut app);
    for line in [
        "Kept on this device: 3 games against the computer (the last 500)",
        "Table against Easy: 2 played, 1 won, 1 lost, 0 drawn, 1 move a game",
        "Table against Hard: 1 played, 0 won, 1 lost, 0 drawn, 1 move a game",
        "Online games: none yet (play online and they are kept)",
    ] {
        assert!(shown.iter().any(|t| t == line), "{line} in {shown:?}");
    }
    // The kept games, newest first.
    let listed = kept_buttons(&mut app);
    assert_eq!(
        listed.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        vec![2, 1, 0]
    );
    assert!(
        listed[0]
            .1
            .starts_with("Lost: Table, 2 players against Easy, 0 moves, 20"),
        "{listed:?}"
    );
    assert!(
        listed[2]
            .1
            .starts_with("Won: Table, 2 players against Easy, 1 move, 20"),
        "{listed:?}"
    );

    // The won game opens as a replay; it is not kept again, and Continue still has the game
    // in progress.
    press(&mut app, GamesButton::OpenKeptGame(0));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let state = app.world().resource::<Match>();
    assert!(matches!(state.game.status(), Status::Won { winner: 0, .. }));
    assert_eq!(state.game.history().len(), 1);
    assert!(
        app.world()
            .resource::<Notice>()
            .0
            .in_english()
            .starts_with("Your game of 20")
    );
    app.update();
    assert_eq!(kept(&app).0.len(), 3, "opening a kept game keeps nothing");
    assert_eq!(
        autosaved_plies(&dir),
        2,
        "the game in progress is still there to continue"
    );
    // Undone a move, then the app closes: still not the game to continue.
    command(&mut app, GameCommand::Undo);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(
        autosaved_plies(&dir),
        2,
        "the game in progress is still there after closing"
    );
    let before = kept(&app);
    drop(app);

    // A restart reads them back.
    let app = app_keeping(&dir, None);
    assert_eq!(kept(&app), before);
    drop(app);

    // An unreadable file: put aside, the list starts empty, and a new game does not overwrite
    // what was put aside.
    std::fs::write(dir.join(KEPT_GAMES), "{ not a list").unwrap();
    let mut app = app_keeping(&dir, None);
    assert!(kept(&app).0.is_empty());
    assert_eq!(
        std::fs::read_to_string(dir.join(KEPT_GAMES_UNREADABLE)).unwrap(),
        "{ not a list"
    );
    command(&mut app, GameCommand::NewGame(against(Level::Medium)));
    command(&mut app, GameCommand::Resign(0));
    assert_eq!(kept(&app).0.len(), 1);
    assert_eq!(
        std::fs::read_to_string(dir.join(KEPT_GAMES_UNREADABLE)).unwrap(),
        "{ not a list"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games people play against each other, or online, are not "against the computer".
#[test]
fn games_without_the_computer_are_not_kept() {
    let mut app = app_for(Match::new(people(table2())));
    command(&mut app, GameCommand::Resign(0));
    assert!(app.world().resource::<Match>().game.is_over());
    assert!(kept(&app).0.is_empty());
}

fn key() -> PlayerKey {
    "0123456789abcdef0123456789abcdef".parse().unwrap()
}

/// The client with a server at `addr` and a player key.
fn app_with_server(addr: &str) -> App {
    app_in(Store::Nowhere, None, |app| {
        app.insert_resource(OnlineServer(Some(
            format!("http://{addr}").parse().unwrap(),
        )))
        .insert_resource(PlayerProfile {
            name: None,
            mute_reactions: false,
            player_key: Some(key()),
        });
    })
}

/// My games reads the player's online games from the server with their key in a header (not
/// the address), shows each with its result and rating change, and opens one as a replay;
/// the Leaderboard reads a family's top ratings, marks the player's line, and asks again for
/// another player count.
#[test]
fn online_games_and_the_leaderboard_come_from_the_server() {
    let me = key().public_id();
    let page = serde_json::json!({
        "player": me,
        "games": [{
            "id": "0123456789abcdef0123", "rules": "laws", "players": 2, "public": true,
            "rated": true, "started_ms": 1_796_428_000_000_i64, "ended_ms": 1_796_428_800_000_i64,
            "plies": 80,
            "seats": [
                {"seat": 0, "player": me, "name": "Mina", "place": 1, "change": "+12"},
                {"seat": 1, "player": "abcdefghijkl", "name": "Sakura", "place": 2, "change": "-12"}
            ]
        }],
        "next": null
    });
    let board = |players: Option<u8>| {
        serde_json::json!({
            "rules": "table", "players": players,
            "leaders": [
                {"rank": 1, "player": "abcdefghijkl", "name": "Sakura",
                 "rating": {"rating": 1702, "deviation": 80, "games": 14, "provisional": false}},
                {"rank": 2, "player": me, "name": "Mina",
                 "rating": {"rating": 1650, "deviation": 90, "games": 1, "provisional": false}}
            ]
        })
        .to_string()
    };
    // The first page says an older one follows: the same game ended a day before.
    let mut first = page.clone();
    first["next"] = serde_json::json!(1_796_428_800_000_i64);
    let mut older = page.clone();
    older["games"][0]["id"] = serde_json::json!("00000000000000000001");
    older["games"][0]["ended_ms"] = serde_json::json!(1_796_342_400_000_i64);
    let ok = "200 OK".to_string();
    let (addr, asked) = serve_each(vec![
        (ok.clone(), first.to_string()),
        (ok.clone(), older.to_string()),
        (ok.clone(), board(None)),
        (ok.clone(), board(Some(2))),
        (ok, page.to_string()),
    ]);
    let mut app = app_with_server(&addr);
    let got_games = |app: &App| {
        matches!(
            app.world().resource::<ServerRecords>().my_games,
            Remote::Got(_)
        )
    };
    press(&mut app, MainButton::OpenMyGames);
    until_answered(&mut app, got_games);
    app.update();
    let head = asked.recv().unwrap();
    assert!(
        head.starts_with(&format!("GET /api/players/{me}/games?limit=50 HTTP/1.1")),
        "{head}"
    );
    assert!(
        head.lines()
            .any(|l| l.eq_ignore_ascii_case(&format!("x-player-key: {}", key()))),
        "the key in a header: {head}"
    );
    let shown = texts(&mut app);
    for line in [
        "Online games: 1 (the newest first)",
        "Won (+12): Laws, 2 players with Sakura, 2026-12-05",
    ] {
        assert!(shown.iter().any(|t| t == line), "{line} in {shown:?}");
    }

    // The older page, added below.
    press(&mut app, GamesButton::MoreOnlineGames);
    until_answered(&mut app, |app| {
        matches!(&app.world().resource::<ServerRecords>().my_games,
            Remote::Got(page) if page.games.len() == 2 && page.next.is_none())
    });
    app.update();
    let head = asked.recv().unwrap();
    assert!(
        head.starts_with(&format!(
            "GET /api/players/{me}/games?limit=50&before=1796428800000 HTTP/1.1"
        )),
        "{head}"
    );
    let shown = texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| t == "Won (+12): Laws, 2 players with Sakura, 2026-12-04"),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t == "Show more"),
        "no more pages: {shown:?}"
    );

    // The leaderboard, for the menu's rule set (the table), all counts, then 2 players.
    press(&mut app, GamesButton::OpenLeaderboard);
    assert_eq!(
        *app.world().resource::<State<MenuPage>>().get(),
        MenuPage::Leaderboard
    );
    let got_board = |players: Option<u8>| {
        move |app: &App| {
            matches!(&app.world().resource::<ServerRecords>().leaderboard,
                Remote::Got(b) if b.players == players)
        }
    };
    until_answered(&mut app, got_board(None));
    app.update();
    let head = asked.recv().unwrap();
    assert!(
        head.starts_with("GET /api/leaderboard?rules=table HTTP/1.1"),
        "{head}"
    );
    let shown = texts(&mut app);
    for line in [
        "Table: the top 2",
        "1. Sakura: 1702 (14 games)",
        "2. Mina (you): 1650 (1 game)",
    ] {
        assert!(shown.iter().any(|t| t == line), "{line} in {shown:?}");
    }
    press(&mut app, BoardButton::LeaderboardPlayers(Some(2)));
    until_answered(&mut app, got_board(Some(2)));
    let head = asked.recv().unwrap();
    assert!(
        head.starts_with("GET /api/leaderboard?rules=table&players=2 HTTP/1.1"),
        "{head}"
    );

    // Back to My games (asked again), and its game opened: its record is fetched from the
    // server (gone by now, so the reason is said, and the menu stays).
    press(&mut app, BoardButton::CloseRecords);
    press(&mut app, MainButton::OpenMyGames);
    until_answered(&mut app, got_games);
    app.update();
    assert!(asked.recv().unwrap().contains("/games?limit=50"));
    press(&mut app, GamesButton::OpenRecord(0));
    assert_eq!(
        *app.world().resource::<State<MenuPage>>().get(),
        MenuPage::Main
    );
    until_answered(&mut app, |app| {
        app.world()
            .resource::<Notice>()
            .0
            .in_english()
            .starts_with("Could not open game 0123456789abcdef0123")
    });
}

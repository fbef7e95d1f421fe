//! Game commands through the message only (undo, resign, new game, load), with the mirror check
//! on; the computer's plan in flight is dropped after each; refused commands change nothing.
//! Also the game questions `Match` answers for the interface.

use super::{
    app_for, command, h, marble_on, people, run_until_still, send, sent, step_or_jump, table2,
};
use bevy::prelude::*;
use starhalma::testing::{
    CommandApplied, CommandRejected, ComputerPace, ComputerThinking, GameReset, Marble, OnHole,
    hint_planner,
};
use starhalma::{GameCommand, Match, MoveSource, SeatKind, Setup};
use starhalma_ai::Level;
use starhalma_rules::{Game, RuleSet, Status, Variant};
use std::time::Duration;

/// How long the computer shows it is thinking in these tests: 100 frames of 20 ms, so a plan is
/// still in flight when a command arrives.
const PACE: Duration = Duration::from_secs(2);

fn paced(app: &mut App) {
    app.insert_resource(ComputerPace {
        minimum_think: PACE,
    });
}

fn thinking(app: &App) -> bool {
    app.world().resource::<ComputerThinking>().0
}

fn plies(app: &App) -> usize {
    app.world().resource::<Match>().game.history().len()
}

/// Frames until the game has `n` plies (at most `limit`).
fn frames_until_plies(app: &mut App, n: usize, limit: usize) -> usize {
    for frame in 0..limit {
        if plies(app) >= n {
            return frame;
        }
        app.update();
    }
    panic!("the game never reached {n} plies");
}

/// Every marble stands where the engine has a piece (the mirror check also runs each frame).
fn marbles_mirror_the_game(app: &mut App) {
    let game = app.world().resource::<Match>().game.clone();
    let mut on_board = 0u128;
    let pieces: Vec<(Marble, OnHole)> = app
        .world_mut()
        .query::<(&Marble, &OnHole)>()
        .iter(app.world())
        .map(|(m, o)| (*m, *o))
        .collect();
    for (marble, on) in pieces {
        assert_eq!(game.position().owner(on.0), Some(marble.seat));
        on_board |= on.0.bit();
    }
    assert_eq!(on_board, game.position().occupied());
}

#[test]
fn undo_against_the_computer_drops_its_plan_and_takes_back_to_the_persons_move() {
    let mut app = app_for(Match::new(Setup::against_computer(table2(), Level::Medium)));
    paced(&mut app);
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    app.update();
    assert!(thinking(&app), "the computer is planning its reply");
    command(&mut app, GameCommand::Undo);
    assert_eq!(sent::<CommandApplied>(&app).len(), 1);
    app.update();
    assert!(!thinking(&app), "the plan was dropped");
    assert_eq!(plies(&app), 0);
    assert!(marble_on(&mut app, h(6, -2)).is_some());
    assert!(marble_on(&mut app, h(4, 0)).is_none());
    // The person is to move again; the dropped plan never plays.
    for _ in 0..(PACE.as_millis() / 20 + 50) {
        app.update();
    }
    assert_eq!(plies(&app), 0);
    marbles_mirror_the_game(&mut app);
    // After the person's move and the computer's reply, one undo takes back both.
    send(&mut app, step_or_jump(h(5, -1), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    frames_until_plies(&mut app, 2, 1000);
    run_until_still(&mut app);
    command(&mut app, GameCommand::Undo);
    assert_eq!(plies(&app), 0);
    marbles_mirror_the_game(&mut app);
}

#[test]
fn resigning_at_two_players_ends_the_game_and_drops_the_plan() {
    let setup = Setup {
        variant: table2(),
        seats: vec![SeatKind::Computer(Level::Medium), SeatKind::Human],
        first: 0,
    };
    let mut app = app_for(Match::new(setup));
    paced(&mut app);
    app.update();
    assert!(thinking(&app), "Red (the computer) is planning");
    // Nobody resigns for the computer.
    command(&mut app, GameCommand::Resign(0));
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "only a person playing here can resign"
    );
    assert!(!app.world().resource::<Match>().game.is_over());
    command(&mut app, GameCommand::Resign(1));
    app.update();
    assert!(!thinking(&app));
    let status = app.world().resource::<Match>().game.status();
    assert!(
        matches!(status, Status::Won { winner: 0, .. }),
        "{status:?}"
    );
    assert_eq!(plies(&app), 0);
    // A second resignation is refused and changes nothing.
    let before = app.world().resource::<Match>().game.clone();
    command(&mut app, GameCommand::Resign(1));
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "the game is over"
    );
    assert_eq!(app.world().resource::<Match>().game, before);
    marbles_mirror_the_game(&mut app);
}

#[test]
fn resigning_at_three_players_ends_the_game_with_a_ranking() {
    let variant = Variant::new(RuleSet::Table { long_hops: false }, 3).unwrap();
    let setup = Setup {
        variant,
        seats: vec![
            SeatKind::Human,
            SeatKind::Computer(Level::Medium),
            SeatKind::Computer(Level::Medium),
        ],
        first: 0,
    };
    let mut app = app_for(Match::new(setup));
    paced(&mut app);
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    app.update();
    assert!(thinking(&app), "the computer is planning");
    command(&mut app, GameCommand::Resign(0));
    app.update();
    assert!(!thinking(&app), "the plan was dropped");
    let game = app.world().resource::<Match>().game.clone();
    assert!(
        matches!(game.status(), Status::Won { winner, .. } if winner != 0),
        "{:?}",
        game.status()
    );
    assert_eq!(game.resigned(), Some(0));
    assert_eq!(game.ranking().last().unwrap().seat, 0);
    // The computers do not play on after the end.
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(plies(&app), 1);
    marbles_mirror_the_game(&mut app);
}

#[test]
fn a_new_game_replaces_the_board_and_restarts_the_computers_plan() {
    let setup = Setup {
        variant: table2(),
        seats: vec![SeatKind::Computer(Level::Medium), SeatKind::Human],
        first: 0,
    };
    let mut app = app_for(Match::new(setup.clone()));
    paced(&mut app);
    // Half the pace into Red's plan, a new game: a plan for it starts then, so Red's first move
    // comes a whole pace after the command, not after the first plan began.
    for _ in 0..50 {
        app.update();
    }
    assert!(thinking(&app));
    let diamond = Setup {
        variant: Variant::new(RuleSet::Diamond, 2).unwrap(),
        seats: setup.seats.clone(),
        first: 0,
    };
    command(&mut app, GameCommand::NewGame(diamond.clone()));
    assert_eq!(sent::<GameReset>(&app).len(), 1);
    app.update();
    assert_eq!(app.world().resource::<Match>().setup, diamond);
    let kings = app
        .world_mut()
        .query::<&Marble>()
        .iter(app.world())
        .filter(|m| m.king)
        .count();
    assert_eq!(kings, 2, "the Diamond Game's marbles are on the board");
    let frames = frames_until_plies(&mut app, 1, 1000);
    assert!(
        frames >= 90,
        "Red moved {frames} frames after the new game: the old plan was kept"
    );
    // A setup with the wrong number of seats is refused; the game stays.
    let before = app.world().resource::<Match>().game.clone();
    command(
        &mut app,
        GameCommand::NewGame(Setup {
            variant: table2(),
            seats: vec![SeatKind::Human],
            first: 0,
        }),
    );
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "a 2-player game needs 2 seats, not 1"
    );
    assert_eq!(app.world().resource::<Match>().game, before);
    run_until_still(&mut app);
    marbles_mirror_the_game(&mut app);
}

#[test]
fn loading_a_game_replaces_the_match_and_its_marbles() {
    let mut app = app_for(Match::new(people(table2())));
    paced(&mut app);
    // A game of five plies: the computer (Blue) is to move next.
    let mut game = Game::new(table2());
    for _ in 0..5 {
        let mv = starhalma_ai::greedy(&game);
        game.play(mv).unwrap();
    }
    let setup = Setup {
        variant: table2(),
        seats: vec![SeatKind::Human, SeatKind::Computer(Level::Medium)],
        first: 0,
    };
    command(
        &mut app,
        GameCommand::Load(Box::new(game.clone()), setup.clone()),
    );
    assert_eq!(sent::<GameReset>(&app).len(), 1);
    let loaded = app.world().resource::<Match>().clone();
    assert_eq!(loaded.game, game);
    assert_eq!(loaded.setup, setup);
    marbles_mirror_the_game(&mut app);
    // Blue is to move: its plan starts with the loaded game and ends in one move.
    let frames = frames_until_plies(&mut app, 6, 1000);
    assert!(frames >= 90, "{frames}");
    run_until_still(&mut app);
    marbles_mirror_the_game(&mut app);
    // Seats for another variant are refused.
    let before = app.world().resource::<Match>().game.clone();
    let wrong = Setup {
        variant: Variant::new(RuleSet::Laws, 2).unwrap(),
        seats: setup.seats.clone(),
        first: 0,
    };
    command(&mut app, GameCommand::Load(Box::new(game), wrong));
    assert!(
        sent::<CommandRejected>(&app)[0]
            .reason
            .in_english()
            .starts_with("the seats are for"),
    );
    assert_eq!(app.world().resource::<Match>().game, before);
}

#[test]
fn undo_with_nothing_to_take_back_is_refused() {
    let mut app = app_for(Match::new(people(table2())));
    command(&mut app, GameCommand::Undo);
    assert_eq!(
        sent::<CommandRejected>(&app)[0].reason.in_english(),
        "there is no move to take back"
    );
    assert!(sent::<GameReset>(&app).is_empty());
    // Among people one undo takes back one move.
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    send(
        &mut app,
        step_or_jump(h(-5, 1), h(-4, 1), MoveSource::Board),
    );
    run_until_still(&mut app);
    command(&mut app, GameCommand::Undo);
    assert_eq!(plies(&app), 1);
    marbles_mirror_the_game(&mut app);
}

#[test]
fn match_answers_the_interfaces_questions() {
    let setup = Setup {
        variant: Variant::new(RuleSet::Table { long_hops: false }, 3).unwrap(),
        seats: vec![
            SeatKind::Computer(Level::Easy),
            SeatKind::Human,
            SeatKind::Human,
        ],
        first: 0,
    };
    let mut state = Match::new(setup);
    assert_eq!(state.first_person(), Some(1));
    // The computer is to move: no hint, nothing to pass, Resign means the first person.
    assert!(!state.human_to_move());
    assert!(!state.must_pass());
    assert_eq!(state.resigning_seat(), Some(1));
    let mv = starhalma_ai::greedy(&state.game);
    state.game.play(mv).unwrap();
    // A person is to move: the hint is a legal move of theirs; Resign means them.
    let (mut planner, level, budget) = hint_planner(&state.game);
    let hint = planner.plan(&state.game, level, budget).mv;
    assert!(!hint.is_pass(), "a hint for the person to move");
    assert!(state.game.legal_moves().contains(&hint));
    assert_eq!(state.resigning_seat(), Some(1));
    let mv = starhalma_ai::greedy(&state.game);
    state.game.play(mv).unwrap();
    assert_eq!(state.resigning_seat(), Some(2));
    // Undo among people and a computer: back to before the last person's move only.
    assert!(state.undo_for_people());
    assert_eq!(state.game.history().len(), 1);
    assert!(state.undo_for_people());
    assert!(state.game.history().is_empty(), "the computer's move too");
    assert!(!state.undo_for_people());
}

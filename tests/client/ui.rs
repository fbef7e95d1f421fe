//! The menu and HUD in a headless app: buttons pressed as a pointer would press them, and what
//! the player then sees.

use super::{app_for, h, hud, people, press, run_until_still, send, step_or_jump, table2};
use bevy::prelude::*;
use starhalma::testing::{AnimationSettings, GameOverPanel, HudText, SoundSettings, marked_tips};
use starhalma::testing::{ButtonAction, GameButton, ViewButton};
use starhalma::{Match, MoveSource, PanelSettings, Screen};
use starhalma_rules::{Game, Hole, Position, RuleSet, State, Status, Variant};

/// A client playing `state` (menu, HUD and the rest).
fn ui_app(state: Match) -> App {
    app_for(state)
}

fn shown<A: ButtonAction>(app: &mut App, action: A) -> bool {
    app.world_mut()
        .query::<(&A, &Node)>()
        .iter(app.world())
        .any(|(a, node)| *a == action && node.display != Display::None)
}

/// All texts under an entity, depth first.
fn texts_under(app: &mut App, root: Entity) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        if let Some(t) = app.world().get::<Text>(e) {
            out.push(t.0.clone());
        }
        if let Some(children) = app.world().get::<Children>(e) {
            stack.extend(children.iter().rev());
        }
    }
    out
}

#[test]
fn the_hud_follows_the_game_and_resigning_shows_the_result_panel() {
    let mut app = ui_app(Match::new(people(table2())));
    assert_eq!(hud(&mut app, HudText::Turn), "Red to move");
    assert!(!shown(&mut app, GameButton::Pass), "Red has moves: no Pass");
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    app.update();
    assert_eq!(
        hud(&mut app, HudText::LastMove),
        "Red moved from R3 S1 to R5 S5 (1 jump)"
    );
    assert_eq!(hud(&mut app, HudText::Turn), "Blue to move");
    press(&mut app, GameButton::Resign);
    let state = app.world().resource::<Match>();
    assert!(matches!(state.game.status(), Status::Won { winner: 0, .. }));
    let panel = app
        .world_mut()
        .query_filtered::<Entity, With<GameOverPanel>>()
        .single(app.world())
        .expect("the game-over panel is shown");
    let lines = texts_under(&mut app, panel);
    assert_eq!(lines[0], "Red wins: Blue resigned");
    // The table places both players, with marbles home and distance to go.
    assert!(lines[1].starts_with("1. Red: 0 home, "), "{lines:?}");
    assert_eq!(lines[2], "2. Blue: resigned");
    assert!(lines.contains(&"Play again".to_string()));
    assert!(lines.contains(&"Change mode".to_string()));
    // Play again: the same setup from the start, and the panel is gone.
    press(&mut app, GameButton::PlayAgain);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    assert!(!app.world().resource::<Match>().game.is_over());
    let panels = app
        .world_mut()
        .query_filtered::<(), With<GameOverPanel>>()
        .iter(app.world())
        .count();
    assert_eq!(panels, 0);
    assert_eq!(hud(&mut app, HudText::Turn), "Red to move");
}

#[test]
fn a_three_player_result_lists_the_ranking() {
    let variant = Variant::new(RuleSet::Table { long_hops: false }, 3).unwrap();
    let mut app = ui_app(Match::new(people(variant)));
    // Red resigns: the game ends, the best placed of the others wins, Red is ranked last.
    press(&mut app, GameButton::Resign);
    let panel = app
        .world_mut()
        .query_filtered::<Entity, With<GameOverPanel>>()
        .single(app.world())
        .expect("the game-over panel is shown");
    let lines = texts_under(&mut app, panel);
    assert!(lines[0].ends_with("wins: Red resigned"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("1. ")), "{lines:?}");
    assert!(lines.contains(&"3. Red: resigned".to_string()), "{lines:?}");
}

#[test]
fn undo_and_change_mode_buttons() {
    let mut app = ui_app(Match::new(people(table2())));
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    press(&mut app, GameButton::Undo);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    press(&mut app, GameButton::ChangeMode);
    app.update();
    assert_eq!(
        *app.world()
            .resource::<bevy::state::state::State<Screen>>()
            .get(),
        Screen::Menu
    );
}

#[test]
fn the_speed_and_sound_buttons_change_their_settings_and_labels() {
    let mut app = ui_app(Match::new(people(table2())));
    let before = app.world().resource::<AnimationSettings>().seconds_per_hop;
    press(&mut app, ViewButton::CycleSpeed);
    let after = app.world().resource::<AnimationSettings>().seconds_per_hop;
    assert!(after < before, "Normal -> Fast");
    press(&mut app, ViewButton::ToggleSound);
    assert!(app.world().resource::<SoundSettings>().muted);
    let labels: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(labels.contains(&"Speed: Fast".to_string()), "{labels:?}");
    assert!(labels.contains(&"Sound: off".to_string()), "{labels:?}");
}

#[test]
fn the_pass_button_shows_only_when_passing_is_all_that_is_left() {
    // Every hole full: Red cannot move.
    let pieces = Hole::all()
        .enumerate()
        .map(|(i, x)| (x, (i % 2) as u8, false));
    let position = Position::from_placements(pieces).unwrap();
    let variant = Variant::new(RuleSet::Laws, 2).unwrap();
    let game = Game::from_state(variant, State::new(position, 0, 10)).unwrap();
    let state = Match {
        game,
        setup: people(variant),
    };
    assert!(state.must_pass());
    let mut app = ui_app(state);
    assert!(shown(&mut app, GameButton::Pass));
    press(&mut app, GameButton::Pass);
    let state = app.world().resource::<Match>();
    assert_eq!(state.game.history().len(), 1);
    assert!(state.game.history()[0].mv.is_pass());
}

#[test]
fn diamond_says_king_to_the_tip_when_the_triangle_is_full_without_the_king_on_it() {
    // Red's 15 target holes (camp 3 and its edge) full, a regular marble on the tip -8,4 and
    // the king beside it.
    let triangle = starhalma_rules::board::CAMPS[3] | starhalma_rules::board::camp_edge(3);
    let tip = h(-8, 4);
    let king_at = h(-7, 4);
    let mut pieces: Vec<(Hole, u8, bool)> = Hole::all()
        .filter(|x| triangle & x.bit() != 0)
        .map(|x| (x, 0, x == king_at))
        .collect();
    assert_eq!(pieces.len(), 15);
    pieces.push((h(-4, 8), 1, true));
    let variant = Variant::new(RuleSet::Diamond, 2).unwrap();
    let position = Position::from_placements(pieces.clone()).unwrap();
    let game = Game::from_state(variant, State::new(position, 0, 40)).unwrap();
    let state = Match {
        game,
        setup: people(variant),
    };
    assert!(state.king_to_the_tip());
    let mut app = ui_app(state);
    assert_eq!(hud(&mut app, HudText::Message), "King to ◎");
    // With the king on the tip the game is already won: no such notice.
    let swapped = pieces
        .iter()
        .map(|&(x, s, _)| (x, s, x == tip || x == h(-4, 8)));
    let position = Position::from_placements(swapped).unwrap();
    let game = Game::from_state(variant, State::new(position, 0, 40)).unwrap();
    assert!(
        !Match {
            game,
            setup: people(variant)
        }
        .king_to_the_tip()
    );
}

/// The Diamond Game's result names only the winner (seed 003: "second and third places are not
/// decided"), on the panel and in the HUD alike.
#[test]
fn a_diamond_result_names_only_the_winner() {
    let variant = Variant::new(RuleSet::Diamond, 3).unwrap();
    let triangle = starhalma_rules::board::CAMPS[3] | starhalma_rules::board::camp_edge(3);
    let last = h(-4, 0);
    let mut pieces: Vec<(Hole, u8, bool)> = Hole::all()
        .filter(|x| triangle & x.bit() != 0 && *x != last)
        .map(|x| (x, 0, x == h(-8, 4)))
        .collect();
    pieces.push((h(-3, 0), 0, false));
    pieces.push((h(-4, 8), 1, true));
    pieces.push((h(-4, -4), 2, true));
    let position = Position::from_placements(pieces).unwrap();
    let game = Game::from_state(variant, State::new(position, 0, 60)).unwrap();
    let mut app = ui_app(Match {
        game,
        setup: people(variant),
    });
    send(&mut app, step_or_jump(h(-3, 0), last, MoveSource::Board));
    run_until_still(&mut app);
    app.update();
    let panel = app
        .world_mut()
        .query_filtered::<Entity, With<GameOverPanel>>()
        .single(app.world())
        .expect("the game-over panel is shown");
    let lines = texts_under(&mut app, panel);
    assert_eq!(lines[0], "Red wins: target filled, king on ◎");
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("2.") && !l.starts_with("3.")),
        "no second or third place: {lines:?}"
    );
    assert_eq!(
        hud(&mut app, HudText::Turn),
        "Red wins: target filled, king on ◎"
    );
}

/// ◎ marks the tip of each used triangle in the Diamond Game, and no other rule set's board.
#[test]
fn the_diamond_board_marks_each_triangle_tip() {
    let tips = |rules: RuleSet, players: u8| {
        let mut holes = marked_tips(Variant::new(rules, players).unwrap());
        holes.sort_by_key(|h| h.index());
        holes
    };
    let mut expected: Vec<Hole> = [0, 3, 2, 5].map(starhalma_rules::board::camp_tip).to_vec();
    expected.sort_by_key(|h| h.index());
    assert_eq!(
        tips(RuleSet::Diamond, 2),
        expected,
        "Red's and Yellow's two triangles each"
    );
    assert!(expected.contains(&h(-8, 4)), "Red's target tip");
    assert_eq!(tips(RuleSet::Diamond, 3).len(), 6);
    assert!(tips(RuleSet::Table { long_hops: false }, 2).is_empty());
    assert!(tips(RuleSet::Laws, 6).is_empty());
}

/// The move list names holes as the HUD does, from the mover's seat, and shows the engine's
/// notation on request (the button or L), kept as a setting.
#[test]
fn the_move_list_shows_labels_or_notation() {
    let mut app = ui_app(Match::new(people(table2())));
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    app.update();
    let entries = |app: &mut App| {
        let mut all: Vec<String> = app
            .world_mut()
            .query::<&Text>()
            .iter(app.world())
            .map(|t| t.0.clone())
            .filter(|t| t.starts_with("1. "))
            .collect();
        all.sort();
        all
    };
    assert_eq!(entries(&mut app), ["1. Red R3 S1 – R5 S5"]);
    assert!(shown(&mut app, ViewButton::ToggleNotation));
    press(&mut app, ViewButton::ToggleNotation);
    app.update();
    assert_eq!(entries(&mut app), ["1. Red j 6,-2 4,0"]);
    assert!(app.world().resource::<PanelSettings>().notation);
    let labels: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(labels.contains(&"Notation".to_string()), "{labels:?}");
    press(&mut app, ViewButton::ToggleNotation);
    app.update();
    assert_eq!(entries(&mut app), ["1. Red R3 S1 – R5 S5"]);
}

/// With the 3D board hidden, the panel draws the board as text: an empty Diamond tip shows as
/// ◎, as the 3D board marks it, and the key says so.
#[test]
fn the_text_board_marks_the_empty_diamond_tips() {
    let mut app = ui_app(Match::new(people(
        Variant::new(RuleSet::Diamond, 2).unwrap(),
    )));
    app.insert_resource(PanelSettings {
        board_hidden: true,
        ..default()
    });
    app.update();
    app.update();
    let board: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .filter(|t| t.contains("@ chosen"))
        .collect();
    assert_eq!(board.len(), 1, "{board:?}");
    let (picture, key) = board[0].split_once("lower case").expect("the king's key");
    // Red's and Yellow's targets are empty at the start: their two tips; the start tips hold
    // the kings.
    assert_eq!(picture.matches('◎').count(), 2, "{picture}");
    assert!(key.contains("◎ an empty tip"), "{key}");
}

/// How many screens' actions a button carries (a button with none does nothing; one with two
/// would reach two handlers).
fn actions_on(app: &App, button: Entity) -> usize {
    use starhalma::testing::{
        BoardButton, ChoiceButton, GamesButton, MainButton, OnlineButton, PanelButton,
        ReactionButton, ReplayButton, RoomButton, RulesButton, ToggleMore,
    };
    let e = app.world().entity(button);
    [
        e.contains::<ChoiceButton>(),
        e.contains::<MainButton>(),
        e.contains::<OnlineButton>(),
        e.contains::<GamesButton>(),
        e.contains::<BoardButton>(),
        e.contains::<GameButton>(),
        e.contains::<ViewButton>(),
        e.contains::<RoomButton>(),
        e.contains::<ReactionButton>(),
        e.contains::<ToggleMore>(),
        e.contains::<RulesButton>(),
        e.contains::<PanelButton>(),
        e.contains::<ReplayButton>(),
    ]
    .into_iter()
    .filter(|&has| has)
    .count()
}

/// Every button of every screen carries exactly one screen's action, and the buttons pressed
/// through `add_buttons` are named by it (the web page's probe finds them by that name).
fn each_button_has_one_action(app: &mut App, screen: &str) -> usize {
    use starhalma::testing::ButtonName;
    let buttons: Vec<(Entity, Option<String>)> = app
        .world_mut()
        .query_filtered::<(Entity, Option<&ButtonName>), With<Button>>()
        .iter(app.world())
        .map(|(e, name)| (e, name.map(|n| n.0.clone())))
        .collect();
    assert!(!buttons.is_empty(), "{screen}: no buttons");
    for (button, name) in &buttons {
        assert_eq!(
            actions_on(app, *button),
            1,
            "{screen}: button {name:?} carries {} actions",
            actions_on(app, *button)
        );
    }
    buttons.len()
}

#[test]
fn every_button_on_every_screen_carries_one_screens_action() {
    use starhalma::testing::{
        BoardButton, GamesButton, MainButton, MenuPage, OnlineButton, RulesButton,
    };
    let mut app = ui_app(Match::new(people(table2())));
    // The game: the HUD, the panel, the move list; How to play over it.
    let game = each_button_has_one_action(&mut app, "game");
    press(&mut app, GameButton::HowToPlay);
    let rules = each_button_has_one_action(&mut app, "game with How to play");
    assert!(rules > game, "How to play adds its buttons");
    press(&mut app, RulesButton::CloseHowToPlay);
    // The game over: its panel's buttons too.
    press(&mut app, GameButton::Resign);
    each_button_has_one_action(&mut app, "game over");
    // Each page of the menu.
    press(&mut app, GameButton::ChangeMode);
    assert_eq!(
        *app.world()
            .resource::<bevy::state::state::State<Screen>>()
            .get(),
        Screen::Menu
    );
    each_button_has_one_action(&mut app, "menu");
    for (open, back, page) in [
        (
            MainButton::OpenOnline,
            Some(OnlineButton::CloseOnline),
            MenuPage::Online,
        ),
        (MainButton::OpenMyGames, None, MenuPage::Games),
    ] {
        press(&mut app, open);
        assert_eq!(
            *app.world()
                .resource::<bevy::state::state::State<MenuPage>>()
                .get(),
            page
        );
        each_button_has_one_action(&mut app, &format!("{page:?}"));
        if let Some(back) = back {
            press(&mut app, back);
        }
    }
    press(&mut app, GamesButton::OpenLeaderboard);
    assert_eq!(
        *app.world()
            .resource::<bevy::state::state::State<MenuPage>>()
            .get(),
        MenuPage::Leaderboard
    );
    each_button_has_one_action(&mut app, "leaderboard");
    press(&mut app, BoardButton::CloseRecords);
    assert_eq!(
        *app.world()
            .resource::<bevy::state::state::State<MenuPage>>()
            .get(),
        MenuPage::Main
    );
}

/// A press reaches its own screen's handler and no other: the HUD's Undo is a `GameButton`
/// press (and a press of some button), never a view's or a room's.
#[test]
fn a_press_goes_out_as_its_own_screens_action_only() {
    use starhalma::testing::{ButtonPressed, Pressed, RoomButton};
    let mut app = ui_app(Match::new(people(table2())));
    let undo = app
        .world_mut()
        .query::<(Entity, &GameButton)>()
        .iter(app.world())
        .find(|(_, a)| **a == GameButton::Undo)
        .map(|(e, _)| e)
        .expect("an Undo button");
    app.world_mut()
        .entity_mut(undo)
        .insert(Interaction::Pressed);
    app.update();
    let game: Vec<Pressed<GameButton>> = super::sent(&app);
    assert_eq!(game, vec![Pressed(GameButton::Undo)]);
    assert!(super::sent::<Pressed<ViewButton>>(&app).is_empty());
    assert!(super::sent::<Pressed<RoomButton>>(&app).is_empty());
    assert_eq!(super::sent::<ButtonPressed>(&app).len(), 1);
    // The U key stands for the same button.
    app.world_mut().entity_mut(undo).insert(Interaction::None);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyU);
    app.update();
    let game: Vec<Pressed<GameButton>> = super::sent(&app);
    assert_eq!(game, vec![Pressed(GameButton::Undo)]);
    assert!(super::sent::<Pressed<ViewButton>>(&app).is_empty());
}

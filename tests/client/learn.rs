//! Learning to play inside the game: each rule set's summary on the menu, the How to play
//! screen (opened and closed with the keyboard, each diagram drawn from the guide's own
//! position), the game-over panel's link to the rule that decided the game, a refused press
//! explained in words, and the guided first game completed by simulated presses.

use super::{app_in, command, key, press, run_until_still, table2};
use bevy::prelude::*;
use starhalma::testing::{ChoiceButton, GameButton, MainButton, RulesButton};
use starhalma::testing::{
    DiagramHole, DiagramMark, Guide, HowToPlay, MenuSummary, ModalFocus, Notice, PressKind,
    RulesPage, Selection, handle_press,
};
use starhalma::{GameCommand, Match, MoveRequest, Screen, SeatKind, Setup, Store};
use starhalma_guide::{Topic, sections, summary};
use starhalma_locale::{Language, Texts};
use starhalma_rules::{Hole, RuleSet};

fn menu_app() -> App {
    app_in(Store::Nowhere, None, |_| {})
}

/// Whether the menu's summary paragraph is shown: neither it nor a node above it is hidden.
/// (Read from `Visibility` itself: the headless app draws nothing, so nothing propagates it.)
fn summary_visible(app: &mut App) -> bool {
    let world = app.world_mut();
    let summaries: Vec<Entity> = world
        .query_filtered::<Entity, With<MenuSummary>>()
        .iter(world)
        .collect();
    assert!(!summaries.is_empty(), "the menu shows its summary");
    summaries.into_iter().all(|mut node| {
        loop {
            if world.get::<Visibility>(node) == Some(&Visibility::Hidden) {
                break false;
            }
            match world.get::<ChildOf>(node) {
                Some(parent) => node = parent.parent(),
                None => break true,
            }
        }
    })
}

fn page(app: &App) -> Option<RulesPage> {
    let open = *app.world().resource::<State<HowToPlay>>().get() == HowToPlay::Open;
    open.then(|| *app.world().resource::<RulesPage>())
}

fn texts_of<C: Component>(app: &mut App) -> Vec<String> {
    let roots: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<C>>()
        .iter(app.world())
        .collect();
    let mut out = Vec::new();
    let mut stack = roots;
    while let Some(e) = stack.pop() {
        if let Some(t) = app.world().get::<Text>(e) {
            out.push(t.0.clone());
        }
        if let Some(children) = app.world().get::<Children>(e) {
            stack.extend(children.iter());
        }
    }
    out
}

/// A message in English (the guide names its texts by message id).
fn english(id: &str) -> String {
    Texts::new(Language::English).get(id)
}

fn count_modal(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<ModalFocus>>()
        .iter(app.world())
        .count()
}

#[test]
fn the_menu_explains_each_rule_set_under_its_buttons() {
    let mut app = menu_app();
    for rules in RuleSet::ALL {
        press(&mut app, ChoiceButton::Rules(rules));
        assert_eq!(
            texts_of::<MenuSummary>(&mut app),
            vec![english(summary(rules))]
        );
    }
}

#[test]
fn how_to_play_opens_and_closes_with_the_keyboard_on_the_menu_and_in_the_game() {
    let mut app = menu_app();
    press(&mut app, ChoiceButton::Rules(RuleSet::Diamond));
    key(&mut app, KeyCode::F1);
    assert_eq!(
        page(&app),
        Some(RulesPage {
            rules: RuleSet::Diamond,
            section: 0
        })
    );
    // Only the screen's own buttons take the keyboard: the first in its ring is the first rule
    // set's tab (behind it, the menu's first would be Start).
    assert!(count_modal(&mut app) > 0);
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(page(&app).map(|p| p.rules), Some(RuleSet::Laws));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    // The menu is hidden under the rules' page (its words would show through), and back after.
    assert!(
        !summary_visible(&mut app),
        "the menu hides under How to play"
    );
    key(&mut app, KeyCode::Escape);
    assert_eq!(page(&app), None);
    assert_eq!(count_modal(&mut app), 0);
    assert!(summary_visible(&mut app), "the menu shows again");
    // In a game: F1 opens the game's own rules, Escape closes them.
    press(
        &mut app,
        ChoiceButton::Rules(RuleSet::Table { long_hops: true }),
    );
    press(&mut app, MainButton::Start);
    key(&mut app, KeyCode::F1);
    assert_eq!(
        page(&app).map(|p| p.rules),
        Some(RuleSet::Table { long_hops: true })
    );
    press(&mut app, RulesButton::NextSection);
    assert_eq!(page(&app).map(|p| p.section), Some(1));
    key(&mut app, KeyCode::Escape);
    assert_eq!(page(&app), None);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

#[test]
fn every_diagram_draws_its_own_position_and_move() {
    let mut app = menu_app();
    for rules in RuleSet::ALL {
        for (section, shown) in sections(rules).iter().enumerate() {
            app.world_mut()
                .insert_resource(RulesPage { rules, section });
            app.world_mut()
                .resource_mut::<NextState<HowToPlay>>()
                .set(HowToPlay::Open);
            app.update();
            let holes: Vec<DiagramHole> = app
                .world_mut()
                .query::<&DiagramHole>()
                .iter(app.world())
                .copied()
                .collect();
            let marks: Vec<DiagramMark> = app
                .world_mut()
                .query::<&DiagramMark>()
                .iter(app.world())
                .copied()
                .collect();
            let Some(diagram) = &shown.diagram else {
                assert!(
                    holes.is_empty(),
                    "{}: no board without a diagram",
                    shown.title
                );
                continue;
            };
            assert_eq!(holes.len(), Hole::all().count(), "{}", shown.title);
            let position = diagram.game.position();
            for hole in &holes {
                assert_eq!(hole.seat, position.owner(hole.hole), "{}", shown.title);
            }
            // The move drawn is the guide's, and legal where it is drawn.
            assert!(diagram.game.legal_moves().contains(&diagram.mv));
            assert!(marks.contains(&DiagramMark::From(diagram.mv.from)));
            assert!(marks.contains(&DiagramMark::To(diagram.mv.to)));
            let route = diagram.route();
            for through in &route[1..route.len() - 1] {
                assert!(marks.contains(&DiagramMark::Through(*through)));
            }
            if let Some(refused) = diagram.forbidden {
                assert!(!diagram.game.legal_moves().contains(&refused));
                assert!(marks.contains(&DiagramMark::Refused(refused.to)));
            }
        }
    }
}

#[test]
fn the_game_over_panel_names_the_rule_that_decided_and_opens_it() {
    let people = Setup {
        variant: table2(),
        seats: vec![SeatKind::Human; 2],
        first: 0,
    };
    let mut app = app_in(Store::Nowhere, Some(Match::new(people)), |_| {});
    command(&mut app, GameCommand::Resign(0));
    app.update();
    let decision = starhalma_guide::decision(&app.world().resource::<Match>().game).unwrap();
    assert_eq!(decision.topic, Topic::Resigning);
    let panel = texts_of::<starhalma::testing::GameOverPanel>(&mut app);
    let en = Texts::new(Language::English);
    let sentence = en.get_args(
        "decided-resigned",
        &[("resigned", "Red".into()), ("winner", "Blue".into())],
    );
    assert!(panel.contains(&sentence), "{sentence:?} not in {panel:?}");
    press(&mut app, GameButton::RulesTopic(decision.topic));
    let opened = page(&app).unwrap();
    assert_eq!(
        sections(opened.rules)[opened.section].topic,
        Topic::Resigning
    );
}

#[test]
fn a_press_the_rules_refuse_is_explained_in_words() {
    let people = Setup {
        variant: table2(),
        seats: vec![SeatKind::Human; 2],
        first: 0,
    };
    let mut app = app_in(Store::Nowhere, Some(Match::new(people)), |_| {});
    let game = app.world().resource::<Match>().game.clone();
    // A marble of the first row, and a far empty hole it cannot reach in one move.
    let from = game.legal_moves()[0].from;
    let far = Hole::all()
        .find(|&h| {
            game.position().owner(h).is_none()
                && !game
                    .legal_moves()
                    .iter()
                    .any(|m| m.from == from && m.to == h)
        })
        .unwrap();
    let refusal = starhalma_guide::why_not(&game, from, far).unwrap();
    press_hole(&mut app, from);
    press_hole(&mut app, far);
    assert_eq!(
        app.world().resource::<Notice>().0.in_english(),
        english(starhalma_guide::explain(&refusal, game.rule_set()))
    );
    assert_eq!(app.world().resource::<Selection>().from, None);
}

/// A tap on `hole`, as the board sends it.
fn press_hole(app: &mut App, hole: Hole) {
    use bevy::ecs::system::RunSystemOnce;
    app.world_mut()
        .run_system_once(
            move |state: Res<Match>,
                  mut selection: ResMut<Selection>,
                  mut requests: MessageWriter<MoveRequest>| {
                handle_press(
                    hole,
                    PressKind::Touch,
                    &state,
                    &mut selection,
                    &mut requests,
                );
            },
        )
        .unwrap();
    app.update();
}

#[test]
fn the_guided_first_game_can_be_followed_to_the_end_of_its_script() {
    let mut app = menu_app();
    press(&mut app, MainButton::GuidedGame);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let mut steps_seen = Vec::new();
    for _ in 0..80 {
        let guide = app.world().resource::<Guide>().0.clone().unwrap();
        if guide.is_free() {
            break;
        }
        steps_seen.push(guide.index());
        // The computer (Easy) plans on a thread of its own: its reply takes real time, which
        // a loaded machine stretches over many frames, so it is waited for here.
        for _ in 0..3000 {
            let state = app.world().resource::<Match>();
            if state.human_to_move() || state.game.is_over() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
            app.update();
        }
        let state = app.world().resource::<Match>().clone();
        if !state.human_to_move() {
            continue;
        }
        let mv = guide.hint(&state.game).expect("the guide points at a move");
        // Pick the marble up, preview the landing (a first tap), then move (a second).
        press_hole(&mut app, mv.from);
        press_hole(&mut app, mv.to);
        press_hole(&mut app, mv.to);
        run_until_still(&mut app);
    }
    let guide = app.world().resource::<Guide>().0.clone().unwrap();
    assert!(
        guide.is_free(),
        "the script ended (steps seen: {steps_seen:?})"
    );
    assert!(steps_seen.len() >= 3, "several steps were shown");
    // Then it is an ordinary game against Easy: the computer answers the player.
    let plies = app.world().resource::<Match>().game.history().len();
    for _ in 0..400 {
        app.update();
        if app.world().resource::<Match>().human_to_move() {
            break;
        }
    }
    let state = app.world().resource::<Match>().clone();
    assert!(state.human_to_move() || state.game.is_over());
    assert!(state.game.history().len() >= plies);
    assert_eq!(
        state.setup.seats,
        vec![
            SeatKind::Human,
            SeatKind::Computer(starhalma_ai::Level::Easy)
        ]
    );
}

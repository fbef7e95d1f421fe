//! A board that rests (issue 37): no frames asked for while nothing changes, and one asked for
//! by each thing that can change the picture.

use super::{app_for, app_in, people, run_until_still, send, send_press, step_or_jump, table2};
use crate::h;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{CursorMoved, WindowEvent};
use starhalma::testing::{
    Awake, Choice, ComputerThinking, FramesAsked, KeepAwake, MenuPage, Need, PlanningMode,
    PressKind, WakeSignal,
};
use starhalma::testing::{GameButton, HowToPlay, MainButton};
use starhalma::{Match, MoveSource, Screen, SeatKind, Setup, Store};
use starhalma_ai::Level;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

fn asked(app: &App) -> Need {
    app.world().resource::<FramesAsked>().0
}

fn holds(app: &App, reason: Awake) -> bool {
    app.world().resource::<KeepAwake>().holds(reason)
}

/// Run frames (at most `limit`) until the app asks for none; how many it took.
fn until_rest(app: &mut App, limit: u32) -> u32 {
    for frame in 0..limit {
        if asked(app) == Need::Rest {
            return frame;
        }
        app.update();
    }
    panic!(
        "still asking for frames after {limit}: {:?}",
        app.world().resource::<KeepAwake>()
    );
}

/// Past the first seconds after start (which run every frame while things load).
fn settled(app: &mut App) {
    // 20 ms frames: 2 s of start-up is 100 frames.
    until_rest(app, 200);
}

#[test]
fn the_menu_and_a_person_to_move_ask_for_no_frames() {
    let mut menu = app_in(Store::Nowhere, None, |_| {});
    settled(&mut menu);
    for _ in 0..20 {
        menu.update();
        assert_eq!(asked(&menu), Need::Rest, "the menu, left alone");
    }
    let mut game = app_for(Match::new(people(table2())));
    settled(&mut game);
    for _ in 0..20 {
        game.update();
        assert_eq!(asked(&game), Need::Rest, "a person to move, thinking");
    }
}

#[test]
fn input_asks_for_frames_until_its_effects_are_drawn() {
    let mut app = app_for(Match::new(people(table2())));
    settled(&mut app);
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window: Entity::PLACEHOLDER,
            position: Vec2::new(300.0, 200.0),
            delta: None,
        }));
    app.update();
    assert!(holds(&app, Awake::Input));
    assert_eq!(asked(&app), Need::EveryFrame);
    // A few frames more (what shows a frame late), then rest again.
    let lingered = until_rest(&mut app, 10);
    assert!((1..=3).contains(&lingered), "{lingered} frames after input");
}

/// A press with no window event (the web page's own buttons) that changes the screen or the
/// menu's page asks for the frame that makes the change.
#[test]
fn a_screen_or_page_change_asks_for_the_frame_that_makes_it() {
    let mut app = app_for(Match::new(people(table2())));
    settled(&mut app);
    send_press(&mut app, GameButton::ChangeMode);
    app.update();
    assert!(holds(&app, Awake::Transition));
    assert_eq!(asked(&app), Need::EveryFrame);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert!(!holds(&app, Awake::Transition));
    settled(&mut app);
    send_press(&mut app, MainButton::OpenMyGames);
    app.update();
    assert!(holds(&app, Awake::Transition));
    app.update();
    assert_eq!(
        *app.world().resource::<State<MenuPage>>().get(),
        MenuPage::Games
    );
    assert!(!holds(&app, Awake::Transition));
    // An overlay of any screen: How to play.
    settled(&mut app);
    send_press(&mut app, MainButton::HowToPlay);
    app.update();
    assert!(holds(&app, Awake::Transition));
    app.update();
    assert_eq!(
        *app.world().resource::<State<HowToPlay>>().get(),
        HowToPlay::Open
    );
    assert!(!holds(&app, Awake::Transition));
}

#[test]
fn a_hop_asks_for_every_frame_until_it_lands() {
    let mut app = app_for(Match::new(people(table2())));
    settled(&mut app);
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    assert!(holds(&app, Awake::Animation));
    assert_eq!(asked(&app), Need::EveryFrame);
    run_until_still(&mut app);
    until_rest(&mut app, 10);
}

/// The person moves, then the computer plans on a thread of its own: the app rests while it
/// thinks, the plan wakes it, and its move is drawn every frame until it lands.
#[test]
fn the_computer_plans_while_the_board_rests_and_its_plan_wakes_it() {
    let setup = Setup {
        variant: table2(),
        seats: vec![SeatKind::Human, SeatKind::Computer(Level::Hard)],
        first: 0,
    };
    let woken = Arc::new(AtomicUsize::new(0));
    let mut app = app_in(Store::Nowhere, Some(Match::new(setup)), |app| {
        app.insert_resource(WakeSignal::new({
            let woken = woken.clone();
            move || {
                woken.fetch_add(1, Ordering::SeqCst);
            }
        }));
    });
    settled(&mut app);
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    let mut rested_while_thinking = false;
    for _ in 0..100_000 {
        app.update();
        let thinking = app.world().resource::<ComputerThinking>().0;
        rested_while_thinking |= thinking && asked(&app) == Need::Rest;
        if app.world().resource::<Match>().game.history().len() == 2 {
            break;
        }
        // A frame that runs for nothing while the plan is made elsewhere: the thread works.
        if thinking && asked(&app) == Need::Rest {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);
    assert!(rested_while_thinking, "no frames asked while Hard planned");
    assert!(woken.load(Ordering::SeqCst) >= 1, "the plan woke the app");
    assert!(holds(&app, Awake::Animation), "the answer is drawn moving");
    assert_eq!(asked(&app), Need::EveryFrame);
    run_until_still(&mut app);
    until_rest(&mut app, 10);
}

/// On the web the plan is made a slice a frame: frames keep coming while it thinks.
#[test]
fn sliced_planning_asks_for_every_frame_while_it_thinks() {
    let setup = Setup {
        variant: table2(),
        seats: vec![SeatKind::Computer(Level::Medium), SeatKind::Human],
        first: 0,
    };
    let mut app = app_in(Store::Nowhere, Some(Match::new(setup)), |app| {
        app.insert_resource(PlanningMode::Sliced {
            per_frame: Duration::from_millis(2),
        });
    });
    let mut frames_thinking = 0;
    for _ in 0..5_000 {
        app.update();
        if app.world().resource::<ComputerThinking>().0 {
            frames_thinking += 1;
            assert!(holds(&app, Awake::Computer));
            assert_eq!(asked(&app), Need::EveryFrame);
        }
        if app.world().resource::<Match>().game.history().len() == 1 {
            break;
        }
    }
    assert!(frames_thinking > 0);
    assert_eq!(app.world().resource::<Match>().game.history().len(), 1);
}

#[test]
fn rings_pulse_for_a_moment_then_glow_steady_at_rest() {
    let mut app = app_for(Match::new(people(table2())));
    settled(&mut app);
    app.world_mut()
        .write_message(Choice::Press(h(6, -2), PressKind::Mouse));
    app.update();
    app.update();
    assert!(holds(&app, Awake::Pulse), "new rings pulse");
    // 20 ms frames: the pulse lasts 3 s, then the rings stay, steady, and nothing is asked.
    let frames = until_rest(&mut app, 400);
    assert!((145..=160).contains(&frames), "pulsed for {frames} frames");
    assert!(!holds(&app, Awake::Pulse));
    assert_eq!(
        app.world().resource::<starhalma::testing::Selection>().from,
        Some(h(6, -2)),
        "still chosen"
    );
}

/// The first frame after rest steps the animation clock by one frame's time, however long
/// the board rested; the clock the deadlines read counts every second of it.
#[test]
fn waking_from_rest_steps_animations_by_a_frame_and_deadlines_by_the_wall_clock() {
    let mut app = app_for(Match::new(people(table2())));
    settled(&mut app);
    let virtual_before = app.world().resource::<Time<Virtual>>().elapsed();
    let real_before = app.world().resource::<Time<Real>>().elapsed();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(9)));
    app.update();
    let virtual_step = app.world().resource::<Time<Virtual>>().elapsed() - virtual_before;
    let real_step = app.world().resource::<Time<Real>>().elapsed() - real_before;
    assert_eq!(virtual_step, starhalma::testing::WAKE_STEP);
    assert_eq!(real_step, Duration::from_secs(9));
}

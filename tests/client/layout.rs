//! The layout for a window's shape and size: the interface beside or under the board, fingers'
//! sizes on touch screens. (The camera's framing of the whole star is a test of `camera`.)

use super::{app_for, people, press, table2};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use starhalma::Match;
use starhalma::testing::{
    Arrangement, ButtonGroup, CameraView, HudSlot, MoveListMeasure, ScreenLayout, SheetOpen,
    TOUCH_TARGET,
};
use starhalma::testing::{ButtonName, GameButton, ToggleMore, ViewButton};

/// A client whose primary window is `width` x `height` logical pixels.
fn app_in_window(width: u32, height: u32) -> App {
    let mut app = app_for(Match::new(people(table2())));
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(width, height).with_scale_factor_override(1.0),
            ..default()
        },
        PrimaryWindow,
    ));
    app.update();
    app.update();
    app
}

fn resize(app: &mut App, width: u32, height: u32) {
    let mut windows = app.world_mut().query::<&mut Window>();
    for mut window in windows.iter_mut(app.world_mut()) {
        window.resolution = WindowResolution::new(width, height).with_scale_factor_override(1.0);
    }
    app.update();
    app.update();
}

/// The HUD buttons of `group` and whether each is in the same parent as Undo (the column or
/// the bar) and shown.
fn button_places(app: &mut App, group: ButtonGroup) -> Vec<(String, bool, bool)> {
    let mut query = app
        .world_mut()
        .query::<(&ButtonName, &HudSlot, &ChildOf, &Node)>();
    let rows: Vec<_> = query
        .iter(app.world())
        .map(|(a, slot, parent, node)| (a.0.clone(), slot.group, parent.parent(), node.display))
        .collect();
    let bar = rows
        .iter()
        .find(|(a, ..)| a == "Undo")
        .map(|r| r.2)
        .expect("an Undo button");
    rows.into_iter()
        .filter(|(_, g, ..)| *g == group)
        .map(|(a, _, parent, display)| (a, parent == bar, display != Display::None))
        .collect()
}

fn layout(app: &App) -> ScreenLayout {
    *app.world().resource::<ScreenLayout>()
}

#[test]
fn the_layout_follows_the_window_through_resizes_and_rotations() {
    let mut app = app_in_window(1280, 800);
    assert_eq!(layout(&app).arrangement, Arrangement::Side);
    assert!(!layout(&app).compact);
    // The desktop column: every secondary button with the actions, no "More".
    assert!(
        button_places(&mut app, ButtonGroup::Secondary)
            .iter()
            .all(|(_, in_bar, _)| *in_bar)
    );
    assert!(
        button_places(&mut app, ButtonGroup::More)
            .iter()
            .all(|(.., shown)| !*shown)
    );

    // A phone held upright: stacked, the secondary buttons behind "More".
    resize(&mut app, 412, 860);
    let phone = layout(&app);
    assert_eq!(phone.arrangement, Arrangement::Stacked);
    assert!(phone.compact);
    assert!(
        phone.board.max.y < 860.0 - 150.0,
        "room under the board: {phone:?}"
    );
    let secondary = button_places(&mut app, ButtonGroup::Secondary);
    assert_eq!(secondary.len(), 12);
    assert!(
        secondary.iter().all(|(_, in_bar, _)| !*in_bar),
        "{secondary:?}"
    );
    assert!(
        button_places(&mut app, ButtonGroup::More)
            .iter()
            .all(|(.., shown)| *shown)
    );
    let main = button_places(&mut app, ButtonGroup::Main);
    assert!(main.iter().all(|(_, in_bar, _)| *in_bar));

    // Turned sideways: the board between two bands, still compact (too low for the column).
    resize(&mut app, 860, 412);
    let landscape = layout(&app);
    assert_eq!(landscape.arrangement, Arrangement::Side);
    assert!(landscape.compact);
    assert!(landscape.band >= 150.0);

    // A tablet upright is stacked by the same rule; back on the desktop, everything returns.
    resize(&mut app, 768, 1024);
    assert_eq!(layout(&app).arrangement, Arrangement::Stacked);
    resize(&mut app, 1280, 800);
    assert!(!layout(&app).compact);
    assert!(
        button_places(&mut app, ButtonGroup::Secondary)
            .iter()
            .all(|(_, in_bar, _)| *in_bar)
    );
}

#[test]
fn more_opens_the_sheet_and_an_action_in_it_closes_it() {
    let mut app = app_in_window(412, 860);
    let sheet_shown = |app: &mut App| {
        let mut query = app.world_mut().query::<(&GameButton, &ChildOf)>();
        let parent = query
            .iter(app.world())
            .find(|(a, _)| **a == GameButton::Hint)
            .map(|(_, p)| p.parent())
            .unwrap();
        app.world().get::<Node>(parent).unwrap().display != Display::None
    };
    assert!(!sheet_shown(&mut app));
    press(&mut app, ToggleMore);
    assert!(app.world().resource::<SheetOpen>().0);
    assert!(sheet_shown(&mut app), "the sheet with Hint in it opens");
    press(&mut app, ViewButton::View(CameraView::TopDown));
    assert!(
        !app.world().resource::<SheetOpen>().0,
        "choosing in the sheet closes it"
    );
    assert!(!sheet_shown(&mut app));
}

#[test]
fn a_touch_makes_every_button_a_fingers_height() {
    let mut app = app_in_window(412, 860);
    let heights = |app: &mut App| -> Vec<Val> {
        let mut query = app.world_mut().query_filtered::<&Node, With<Button>>();
        query.iter(app.world()).map(|n| n.min_height).collect()
    };
    assert!(heights(&mut app).iter().all(|h| *h == Val::Auto));
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: Vec2::new(200.0, 300.0),
        window,
        force: None,
        id: 1,
    });
    app.update();
    app.update();
    assert!(layout(&app).touch);
    let all = heights(&mut app);
    assert!(!all.is_empty());
    assert!(all.iter().all(|h| *h == Val::Px(TOUCH_TARGET)), "{all:?}");
}

#[test]
fn the_wheel_scrolls_the_menu() {
    let mut app = super::app_in(starhalma::Store::Nowhere, None, |_| {});
    let scrolled = |app: &mut App| {
        let mut query = app.world_mut().query::<&bevy::ui::ScrollPosition>();
        query.iter(app.world()).map(|s| s.y).fold(0.0f32, f32::max)
    };
    assert_eq!(scrolled(&mut app), 0.0);
    let window = app.world_mut().spawn(Window::default()).id();
    app.world_mut()
        .write_message(bevy::input::mouse::MouseWheel {
            unit: bevy::input::mouse::MouseScrollUnit::Line,
            x: 0.0,
            y: -2.0,
            window,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
    app.update();
    assert!(
        scrolled(&mut app) > 0.0,
        "a wheel turned down scrolls the menu down"
    );
}

#[test]
fn a_tap_quicker_than_a_frame_presses_a_button() {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::input::touch::{Touches, touch_screen_input_system};
    use bevy::picking::events::{Click, Pointer};
    use bevy::picking::pointer::{Location, PointerId};
    let mut app = app_in_window(412, 860);
    app.init_resource::<Touches>()
        .add_systems(PreUpdate, touch_screen_input_system);
    let more = app
        .world_mut()
        .query_filtered::<Entity, With<ToggleMore>>()
        .iter(app.world())
        .next()
        .unwrap();
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    // The finger goes down and up between two frames; picking reports its click.
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(60.0, 830.0),
            window,
            force: None,
            id: 7,
        });
    }
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 412,
            height: 860,
        },
        position: Vec2::new(60.0, 830.0),
    };
    app.world_mut().write_message(Pointer::<Click>::new(
        PointerId::Touch(7),
        location,
        super::click_event(),
        more,
    ));
    app.update();
    assert!(
        app.world().resource::<SheetOpen>().0,
        "the quick tap on More opened the sheet"
    );
    app.update();
    assert!(
        app.world().resource::<SheetOpen>().0,
        "pressed once, not again"
    );
    assert_eq!(
        app.world().get::<Interaction>(more),
        Some(&Interaction::None)
    );
}

// The layout chosen for a window, without an app.

#[test]
fn desktop_is_side_and_full() {
    let layout = ScreenLayout::choose(Vec2::new(1280.0, 800.0), false, 90.0);
    assert_eq!(layout.arrangement, Arrangement::Side);
    assert!(!layout.compact);
    assert_eq!(layout.button_height(), 0.0);
    // The move list keeps under the column of buttons (13 at 42 px from the top, to 554 px;
    // the list's head is 84 px and each move 20, 8 px from the bottom: seven moves start at
    // 568 px, eight would at 548): seven moves at 800 px high, all ten at 1080.
    let estimated = MoveListMeasure::default();
    assert_eq!(layout.move_list_rows(&estimated), 7);
    let tall = ScreenLayout::choose(Vec2::new(1920.0, 1080.0), false, 90.0);
    assert_eq!(tall.move_list_rows(&estimated), 10);
    // As laid out: a column ending at 400 px, a head of 100 px and entries of 30 px leave
    // room for (800 - 10 - 400 - 6 - 100) / 30 = 9 moves.
    let measured = MoveListMeasure {
        head: Some(100.0),
        row: Some(30.0),
        column_bottom: Some(400.0),
    };
    assert_eq!(layout.move_list_rows(&measured), 9);
    // A window too low for the desktop's column and two moves under it is compact.
    assert!(ScreenLayout::choose(Vec2::new(1024.0, 640.0), false, 90.0).compact);
    assert!(!ScreenLayout::choose(Vec2::new(1024.0, 700.0), false, 90.0).compact);
}

#[test]
fn phone_portrait_is_stacked_with_room_under_the_board() {
    let layout = ScreenLayout::choose(Vec2::new(412.0, 860.0), true, 90.0);
    assert_eq!(layout.arrangement, Arrangement::Stacked);
    assert!(layout.compact);
    assert!(layout.board.min.y >= 90.0);
    assert!(layout.below_board() > 200.0, "{layout:?}");
    // An action bar of two rows (measured) takes its room from the board, not the panel's
    // and the move list's; so does a move list that needs more than the least kept.
    let short = Vec2::new(412.0, 600.0);
    let one_row = ScreenLayout::choose(short, true, 90.0);
    let two_rows = ScreenLayout::choose_with_bars(short, true, 90.0, 110.0, 0.0);
    assert!(
        two_rows.board.max.y <= one_row.board.max.y - 45.0,
        "{two_rows:?}"
    );
    assert!(two_rows.below_board() >= one_row.below_board() - 1.0);
    let tall_list = ScreenLayout::choose_with_bars(short, true, 90.0, 110.0, 150.0);
    assert!(tall_list.below_board() >= 150.0, "{tall_list:?}");
    assert_eq!(layout.button_height(), TOUCH_TARGET);
}

#[test]
fn landscape_phone_is_side_and_compact() {
    let layout = ScreenLayout::choose(Vec2::new(860.0, 412.0), true, 60.0);
    assert_eq!(layout.arrangement, Arrangement::Side);
    assert!(layout.compact);
    assert!(layout.move_list_rows(&MoveListMeasure::default()) >= 2);
}

#[test]
fn narrow_landscape_window_is_stacked() {
    let layout = ScreenLayout::choose(Vec2::new(560.0, 400.0), false, 60.0);
    assert_eq!(layout.arrangement, Arrangement::Stacked);
}

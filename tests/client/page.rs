//! The interface as page elements (what the web draws for screen readers): every shown button
//! by its drawn words, grouped and titled as the screen is; a press there takes the button's
//! own path; the live region's words change once per move, refusal and result.

use super::{app_in, run_until_still};
use bevy::prelude::*;
use starhalma::testing::{Announcement, MoveApplied, PageControls, PagePress};
use starhalma::{Language, Match, Screen, Store};

fn page(app: &App) -> PageControls {
    app.world().resource::<PageControls>().clone()
}

/// The page's button named `words`, in any group.
fn button(app: &App, words: &str) -> Entity {
    page(app)
        .groups
        .iter()
        .flat_map(|g| &g.items)
        .find(|i| i.button && i.words == words)
        .map(|i| i.entity)
        .unwrap_or_else(|| panic!("no {words:?} button on the page: {:#?}", page(app)))
}

fn press(app: &mut App, entity: Entity) {
    app.world_mut().write_message(PagePress(entity));
    app.update();
    app.update();
}

#[test]
fn the_menu_is_on_the_page_by_name_in_the_chosen_language() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    let menu = page(&app);
    assert_eq!(menu.language, Some(Language::English));
    let title = &menu.groups[0].title;
    assert_eq!(title, "starhalma", "{menu:#?}");
    for name in [
        "Start",
        "Table",
        "2 players",
        "How to play",
        "Language: English",
    ] {
        button(&app, name);
    }
    // The language button, pressed on the page, changes the page's words and language.
    let language = button(&app, "Language: English");
    press(&mut app, language);
    let japanese = page(&app);
    assert_eq!(japanese.language, Some(Language::Japanese));
    button(&app, "スタート");
    // Pressing what is not a button changes nothing.
    let before = page(&app);
    let title_entity = app
        .world_mut()
        .query_filtered::<Entity, With<Text>>()
        .iter(app.world())
        .next()
        .unwrap();
    press(&mut app, title_entity);
    assert_eq!(page(&app), before);
}

#[test]
fn a_game_is_played_from_the_page_and_each_move_is_announced_once() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    let start = button(&app, "Start");
    press(&mut app, start);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let marbles = page(&app);
    let panel = marbles
        .groups
        .iter()
        .find(|g| g.title == "Your marbles:")
        .unwrap_or_else(|| panic!("the panel on the page: {marbles:#?}"));
    let first = panel.items.iter().find(|i| i.button).unwrap().entity;
    let said = app.world().resource::<Announcement>().clone();
    press(&mut app, first);
    let destinations = page(&app);
    let to = destinations
        .groups
        .iter()
        .find(|g| g.title.ends_with(':') && g.title != "Your marbles:")
        .and_then(|g| g.items.iter().find(|i| i.button))
        .unwrap_or_else(|| panic!("the marble's destinations: {destinations:#?}"))
        .entity;
    app.init_resource::<Moves>().add_systems(Last, count_moves);
    press(&mut app, to);
    run_until_still(&mut app);
    assert_eq!(
        app.world().resource::<Moves>().0,
        1,
        "one move, from the page"
    );
    let now = app.world().resource::<Announcement>().clone();
    assert!(now.count > said.count);
    assert!(
        now.words.starts_with("Red moved from R"),
        "the move, then whose turn: {now:?}"
    );
    assert!(
        now.words.contains(". Blue (Medium)"),
        "then whose turn: {now:?}"
    );
    // Nothing new on screen, nothing said again.
    app.update();
    assert_eq!(app.world().resource::<Announcement>().count, now.count);
    let state = app.world().resource::<Match>();
    assert_eq!(state.game.history().len(), 1);
}

#[derive(Resource, Default)]
struct Moves(usize);

fn count_moves(mut applied: MessageReader<MoveApplied>, mut moves: ResMut<Moves>) {
    moves.0 += applied.read().count();
}

#[test]
fn a_notice_alone_is_said_alone() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    let start = button(&app, "Start");
    press(&mut app, start);
    run_until_still(&mut app);
    let before = app.world().resource::<Announcement>().clone();
    let hint = button(&app, "Hint");
    press(&mut app, hint);
    // The hint is planned off the frame: it is said once it is found, frames later on a busy
    // machine (the board may be still before then).
    for _ in 0..1000 {
        if app.world().resource::<Announcement>().count > before.count {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        app.update();
    }
    run_until_still(&mut app);
    let now = app.world().resource::<Announcement>().clone();
    assert_eq!(now.count, before.count + 1, "{before:?} then {now:?}");
    assert!(
        now.words.starts_with("Hint: R") && !now.words.contains("moved"),
        "the hint, without the turn said again: {now:?}"
    );
    assert_eq!(app.world().resource::<Match>().game.history().len(), 0);
}

/// The page's language button, pressed from the page again and again, goes through every
/// language, even when the next press comes in the very next frame (a web page at rest runs
/// one frame a click): the release of the last press never undoes the new one.
#[test]
fn the_language_button_pressed_from_the_page_cycles_every_language() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    let words = |app: &App| page(app).language;
    let english = button(&app, "Language: English");
    app.world_mut().write_message(PagePress(english));
    app.update();
    assert_eq!(
        app.world()
            .resource::<starhalma::testing::Words>()
            .language(),
        Language::Japanese
    );
    // The same button (its words are Japanese now), pressed in the next frame.
    app.world_mut().write_message(PagePress(english));
    app.update();
    app.update();
    assert_eq!(words(&app), Some(Language::Nepali));
}

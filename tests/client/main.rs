//! Client integration tests: a headless `App` (no window, no GPU) with the game's own plugins.
//! The mirror check runs (and panics on a mismatch) throughout.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Drag, Out, Over, Pointer, Press};
use bevy::picking::pointer::{Location, PointerId};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhalma::testing::{
    Animating, AnimationSettings, ComputerPace, DestinationRing, HudText, LastMoveMark, Marble,
    MirrorCheck, MoveApplied, MoveRejected, OnHole, PlanningMode, PlanningStats, PreviewLanding,
    PreviewMark, SeatSymbols, Selection, SoundCue,
};
use starhalma::{GameCommand, Match, MoveRequest, MoveSource, SeatKind, Setup, Store};
use starhalma_ai::Level;
use starhalma_rules::{Blocked, Coord, Hole, Move, RuleSet, Status, Variant};
use std::time::Duration;

pub(crate) fn h(q: i8, r: i8) -> Hole {
    Hole::at(Coord::new(q, r)).unwrap()
}

/// A key pressed for one frame and released the next, as a player's keystroke.
pub(crate) fn key(app: &mut App, code: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(code);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(code);
    keys.clear();
    app.update();
}

/// The text of one HUD line.
pub(crate) fn hud(app: &mut App, which: HudText) -> String {
    app.world_mut()
        .query::<(&HudText, &Text)>()
        .iter(app.world())
        .find(|(w, _)| **w == which)
        .map(|(_, t)| t.0.clone())
        .unwrap()
}

fn app_with(setup: Setup) -> App {
    app_for(Match::new(setup))
}

/// The sounds the game asked for, in order.
#[derive(Resource, Default)]
pub(crate) struct Heard(pub(crate) Vec<SoundCue>);

fn listen(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

/// The one builder of client tests: the whole client without a window (menu, HUD, panel, move
/// list and persistence included), keeping files in `store`, on the menu or playing `start`;
/// 20 ms a frame, the mirror check panicking on any mismatch.
/// `tune` changes the app before its first frame (before the stored settings are read).
pub(crate) fn app_in(store: Store, start: Option<Match>, tune: impl FnOnce(&mut App)) -> App {
    let mut app = starhalma::headless_app(store, start);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )))
    .insert_resource(MirrorCheck { panic: true })
    // Lines read as words: the symbols beside colours' names have tests of their own.
    .insert_resource(SeatSymbols { shown: false })
    .init_resource::<Heard>()
    .add_systems(Last, listen);
    tune(&mut app);
    app.update();
    app.update();
    app
}

/// A client playing `state`, saving nowhere.
pub(crate) fn app_for(state: Match) -> App {
    app_in(Store::Nowhere, Some(state), |_| {})
}

/// Send a command and run a frame.
pub(crate) fn command(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    app.update();
}

pub(crate) fn people(variant: Variant) -> Setup {
    Setup {
        variant,
        seats: vec![SeatKind::Human; variant.players() as usize],
        first: 0,
    }
}

pub(crate) fn table2() -> Variant {
    Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap()
}

fn marble_count(app: &mut App) -> usize {
    app.world_mut().query::<&Marble>().iter(app.world()).count()
}

pub(crate) fn marble_on(app: &mut App, hole: Hole) -> Option<Entity> {
    app.world_mut()
        .query::<(Entity, &OnHole)>()
        .iter(app.world())
        .find(|(_, on)| on.0 == hole)
        .map(|(e, _)| e)
}

/// The move a player means by pressing the marble on `from`, then `to`, in these tests'
/// positions: a step to a neighbouring hole, otherwise a jump.
pub(crate) fn step_or_jump(from: Hole, to: Hole, source: MoveSource) -> MoveRequest {
    let mv = if from.distance(to) == 1 {
        Move::step(from, to)
    } else {
        Move::jump(from, to)
    };
    MoveRequest::new(mv, source)
}

pub(crate) fn send(app: &mut App, request: MoveRequest) {
    app.world_mut().write_message(request);
    app.update();
}

pub(crate) fn run_until_still(app: &mut App) {
    for _ in 0..500 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            return;
        }
    }
    panic!("the animation never ended");
}

/// Press a button (found by its action component) as the pointer would, then release it. The
/// button may be gone with its panel afterwards (Play again).
pub(crate) fn press<C: Component + PartialEq + std::fmt::Debug>(app: &mut App, what: C) {
    let button = app
        .world_mut()
        .query::<(Entity, &C)>()
        .iter(app.world())
        .filter(|(_, c)| **c == what)
        .map(|(e, _)| e)
        .last()
        .unwrap_or_else(|| panic!("no {what:?} button"));
    app.world_mut()
        .entity_mut(button)
        .insert(Interaction::Pressed);
    app.update();
    if let Ok(mut e) = app.world_mut().get_entity_mut(button) {
        e.insert(Interaction::None);
    }
    app.update();
}

/// Send a press of `action` as its button would (without a frame): its screen's `Pressed` and
/// the `ButtonPressed` every press sends.
pub(crate) fn send_press<A: starhalma::testing::ButtonAction>(app: &mut App, action: A) {
    app.world_mut()
        .write_message(starhalma::testing::Pressed(action));
    app.world_mut()
        .write_message(starhalma::testing::ButtonPressed);
}

/// The messages of kind `M` sent in the last frame.
pub(crate) fn sent<M: Message + Clone>(app: &App) -> Vec<M> {
    app.world()
        .resource::<Messages<M>>()
        .iter_current_update_messages()
        .cloned()
        .collect()
}

fn rejections(app: &App) -> Vec<MoveRejected> {
    sent(app)
}

#[test]
fn a_game_starts_with_one_marble_per_piece() {
    let mut app = app_with(people(table2()));
    assert_eq!(marble_count(&mut app), 20);
    let mut diamond = app_with(people(Variant::new(RuleSet::Diamond, 3).unwrap()));
    assert_eq!(marble_count(&mut diamond), 45);
    let kings = diamond
        .world_mut()
        .query::<&Marble>()
        .iter(diamond.world())
        .filter(|m| m.king)
        .count();
    assert_eq!(kings, 3);
}

#[test]
fn a_move_request_is_applied_animated_and_mirrored() {
    let mut app = app_with(people(table2()));
    let marble = marble_on(&mut app, h(6, -2)).unwrap();
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    let state = app.world().resource::<Match>();
    assert_eq!(state.game.history().len(), 1);
    assert_eq!(state.game.history()[0].route, vec![h(6, -2), h(4, 0)]);
    assert_eq!(app.world().get::<OnHole>(marble).unwrap().0, h(4, 0));
    assert!(
        app.world().resource::<Animating>().0,
        "the marble is on its way"
    );
    // While it moves, the next player's input waits.
    send(
        &mut app,
        step_or_jump(h(-5, 1), h(-4, 1), MoveSource::Board),
    );
    assert_eq!(
        rejections(&app)[0].reason.in_english(),
        "wait for the last move to finish"
    );
    run_until_still(&mut app);
    let end = starhalma::testing::rest_position(h(4, 0), false);
    let at = app.world().get::<Transform>(marble).unwrap().translation;
    assert!(at.distance(end) < 1e-3, "{at} vs {end}");
    send(
        &mut app,
        step_or_jump(h(-5, 1), h(-4, 1), MoveSource::Board),
    );
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);
}

#[test]
fn an_illegal_request_is_rejected_with_a_reason_and_changes_nothing() {
    let mut app = app_with(people(table2()));
    let before = app.world().resource::<Match>().game.clone();
    send(&mut app, step_or_jump(h(5, -1), h(3, 0), MoveSource::Board));
    let r = rejections(&app);
    assert_eq!(r.len(), 1);
    assert_eq!(
        r[0].reason.in_english(),
        "no chain of jumps leads from 5,-1 to 3,0"
    );
    send(&mut app, MoveRequest::pass(MoveSource::Panel));
    assert_eq!(
        rejections(&app)[0].reason.in_english(),
        "you have a legal move, so you cannot pass"
    );
    assert_eq!(app.world().resource::<Match>().game, before);
    assert_eq!(marble_count(&mut app), 20);
}

#[test]
fn people_cannot_move_for_the_computer_nor_the_computer_for_people() {
    let setup = Setup::against_computer(table2(), Level::Easy);
    let mut app = app_with(setup);
    send(
        &mut app,
        step_or_jump(h(5, -1), h(4, 0), MoveSource::Computer),
    );
    assert_eq!(
        rejections(&app)[0].reason.in_english(),
        "it is not your turn"
    );
    assert!(app.world().resource::<Match>().game.history().is_empty());
}

/// Let the computer play every seat until the game ends.
fn computer_game(variant: Variant, level: Level) -> Status {
    computer_game_planned(variant, level, PlanningMode::Background).status()
}

fn computer_game_planned(
    variant: Variant,
    level: Level,
    mode: PlanningMode,
) -> starhalma_rules::Game {
    let setup = Setup {
        variant,
        seats: vec![SeatKind::Computer(level); variant.players() as usize],
        first: 0,
    };
    let mut app = app_with(setup);
    app.insert_resource(mode);
    app.insert_resource(AnimationSettings {
        seconds_per_hop: 0.001,
    })
    .insert_resource(ComputerPace {
        minimum_think: Duration::ZERO,
    });
    for _ in 0..200_000 {
        app.update();
        let state = app.world().resource::<Match>();
        // Laws and masters have no move cap: stop at the table's cap if nobody finishes.
        if state.game.is_over() || state.game.history().len() >= 200 * variant.players() as usize {
            return state.game.clone();
        }
    }
    panic!("the computer stalled in {variant}");
}

#[test]
fn the_computer_plays_whole_games_in_every_rule_set() {
    for (rules, players) in [
        (RuleSet::Laws, 2),
        (RuleSet::Table { long_hops: false }, 3),
        (RuleSet::Table { long_hops: true }, 2),
        (
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            2,
        ),
        (
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            2,
        ),
        (RuleSet::Diamond, 2),
    ] {
        let variant = Variant::new(rules, players).unwrap();
        let status = computer_game(variant, Level::Medium);
        assert!(
            matches!(status, Status::Won { .. }),
            "{variant}: {status:?}"
        );
    }
}

#[test]
fn sliced_planning_for_the_web_plays_whole_games() {
    // The web build searches in slices on the main thread; the same code runs here.
    let mode = PlanningMode::Sliced {
        per_frame: Duration::from_millis(4),
    };
    // Medium's plans are node-budgeted, so sliced and background planning play the same game.
    for variant in [
        Variant::new(RuleSet::Laws, 2).unwrap(),
        Variant::new(RuleSet::Diamond, 3).unwrap(),
    ] {
        let sliced = computer_game_planned(variant, Level::Medium, mode);
        assert!(
            matches!(sliced.status(), Status::Won { .. }),
            "{variant}: {:?}",
            sliced.status()
        );
        let background = computer_game_planned(variant, Level::Medium, PlanningMode::Background);
        assert_eq!(sliced.history(), background.history(), "{variant}");
    }
    // Hard thinks in many slices, each near the frame's share.
    let mut app = app_with(Setup::against_computer(table2(), Level::Hard));
    app.insert_resource(mode).insert_resource(ComputerPace {
        minimum_think: Duration::ZERO,
    });
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    let mut frames = 0;
    while app.world().resource::<Match>().game.history().len() < 2 {
        app.update();
        frames += 1;
        assert!(frames < 100_000, "Hard never answered");
    }
    assert!(frames > 3, "Hard answered in {frames} frames: not sliced");
    let longest = app.world().resource::<PlanningStats>().longest_slice;
    assert!(longest > Duration::ZERO);
}

#[test]
fn undo_against_the_computer_takes_back_its_replies_too() {
    let setup = Setup::against_computer(table2(), Level::Easy);
    let mut app = app_with(setup);
    app.insert_resource(ComputerPace {
        minimum_think: Duration::ZERO,
    });
    send(&mut app, step_or_jump(h(5, -1), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    for _ in 0..200 {
        app.update();
        if app.world().resource::<Match>().game.history().len() == 2 {
            break;
        }
    }
    assert_eq!(app.world().resource::<Match>().game.history().len(), 2);
    command(&mut app, GameCommand::Undo);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    assert!(marble_on(&mut app, h(5, -1)).is_some());
    assert!(marble_on(&mut app, h(4, 0)).is_none());
}

#[test]
fn resign_and_play_again() {
    let mut app = app_with(people(table2()));
    send(&mut app, step_or_jump(h(5, -1), h(4, 0), MoveSource::Board));
    run_until_still(&mut app);
    command(&mut app, GameCommand::Resign(1));
    let state = app.world().resource::<Match>();
    assert!(matches!(state.game.status(), Status::Won { winner: 0, .. }));
    send(
        &mut app,
        step_or_jump(h(-5, 1), h(-4, 1), MoveSource::Board),
    );
    assert_eq!(rejections(&app)[0].reason.in_english(), "the game is over");
    // Play again: the same setup from the start.
    let setup = app.world().resource::<Match>().setup.clone();
    command(&mut app, GameCommand::NewGame(setup));
    assert!(app.world().resource::<Match>().game.history().is_empty());
    assert!(marble_on(&mut app, h(5, -1)).is_some());
}

pub(crate) fn no_hit() -> HitData {
    HitData {
        camera: Entity::PLACEHOLDER,
        depth: 0.0,
        position: None,
        normal: None,
        extra: None,
    }
}

/// Send a pointer event to `entity` as bevy_picking would, then run a frame.
fn pointer<E: Clone + std::fmt::Debug + Reflect>(
    app: &mut App,
    id: PointerId,
    event: E,
    entity: Entity,
) {
    app.world_mut().trigger(Pointer::new(
        id,
        Location {
            target: NormalizedRenderTarget::None {
                width: 0,
                height: 0,
            },
            position: Vec2::ZERO,
        },
        event,
        entity,
    ));
    app.update();
}

pub(crate) fn click_event() -> Click {
    Click {
        button: PointerButton::Primary,
        hit: no_hit(),
        duration: Duration::from_millis(80),
        count: 1,
    }
}

pub(crate) fn click(app: &mut App, entity: Entity) {
    pointer(app, PointerId::Mouse, click_event(), entity);
}

fn tap(app: &mut App, entity: Entity) {
    pointer(app, PointerId::Touch(7), click_event(), entity);
}

fn ring_on(app: &mut App, hole: Hole) -> Entity {
    app.world_mut()
        .query::<(Entity, &DestinationRing)>()
        .iter(app.world())
        .find(|(_, r)| r.0 == hole)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no ring on {hole}"))
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

#[test]
fn clicking_a_marble_then_a_ring_moves_it() {
    let mut app = app_with(people(table2()));
    let marble = marble_on(&mut app, h(6, -2)).unwrap();
    click(&mut app, marble);
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.from, Some(h(6, -2)));
    let rings: Vec<(Entity, Hole)> = app
        .world_mut()
        .query::<(Entity, &DestinationRing)>()
        .iter(app.world())
        .map(|(e, r)| (e, r.0))
        .collect();
    let mut ring_holes: Vec<Hole> = rings.iter().map(|r| r.1).collect();
    ring_holes.sort();
    let mut expected: Vec<Hole> = selection.destinations().collect();
    expected.sort();
    assert_eq!(ring_holes, expected);
    assert!(ring_holes.contains(&h(4, 0)));
    // Clicking the same marble again cancels; clicking it once more selects again.
    click(&mut app, marble);
    assert_eq!(app.world().resource::<Selection>().from, None);
    click(&mut app, marble);
    let ring = ring_on(&mut app, h(4, 0));
    click(&mut app, ring);
    let state = app.world().resource::<Match>();
    assert_eq!(state.game.history().len(), 1);
    assert_eq!(state.game.history()[0].mv.to, h(4, 0));
    let applied = app.world().resource::<Messages<MoveApplied>>();
    assert!(applied.iter_current_update_messages().count() <= 1);
    assert_eq!(app.world().get::<OnHole>(marble).unwrap().0, h(4, 0));
}
mod architecture;
mod colour_vision;
mod commands;
mod controls;
mod inventory_off;
mod layout;
mod learn;
mod my_games;
mod online;
mod page;
mod rest;
mod screens;
mod screenshot;
mod scripted;
mod ui;
mod words;

#[test]
fn a_drag_that_orbits_the_camera_never_selects_or_moves() {
    let mut app = app_with(people(table2()));
    let marble = marble_on(&mut app, h(6, -2)).unwrap();
    let press = Press {
        button: PointerButton::Primary,
        hit: no_hit(),
        count: 1,
    };
    let drag = Drag {
        button: PointerButton::Primary,
        distance: Vec2::new(120.0, 10.0),
        delta: Vec2::new(12.0, 1.0),
    };
    // Press, drag, and the click bevy_picking sends on release: nothing is selected.
    pointer(&mut app, PointerId::Mouse, press.clone(), marble);
    pointer(&mut app, PointerId::Mouse, drag.clone(), marble);
    click(&mut app, marble);
    assert_eq!(app.world().resource::<Selection>().from, None);
    // Select properly, then drag across a ring: the move is not made.
    pointer(&mut app, PointerId::Mouse, press.clone(), marble);
    click(&mut app, marble);
    assert_eq!(app.world().resource::<Selection>().from, Some(h(6, -2)));
    let ring = ring_on(&mut app, h(4, 0));
    pointer(&mut app, PointerId::Mouse, press.clone(), ring);
    pointer(&mut app, PointerId::Mouse, drag, ring);
    click(&mut app, ring);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    // A plain click after the drag works again.
    pointer(&mut app, PointerId::Mouse, press, ring);
    click(&mut app, ring);
    assert_eq!(app.world().resource::<Match>().game.history().len(), 1);
}

#[test]
fn hovering_a_ring_previews_the_route_and_leaving_it_ends_the_preview() {
    let mut app = app_with(people(table2()));
    let marble = marble_on(&mut app, h(6, -2)).unwrap();
    click(&mut app, marble);
    assert_eq!(count::<PreviewMark>(&mut app), 0);
    let ring = ring_on(&mut app, h(4, 0));
    let over = Over { hit: no_hit() };
    pointer(&mut app, PointerId::Mouse, over, ring);
    assert_eq!(app.world().resource::<Selection>().preview, Some(h(4, 0)));
    // One jump: a dotted arc (5 dots between the two holes) and the landing marble.
    let landing: Vec<Hole> = app
        .world_mut()
        .query::<&PreviewLanding>()
        .iter(app.world())
        .map(|l| l.0)
        .collect();
    assert_eq!(landing, vec![h(4, 0)]);
    assert_eq!(count::<PreviewMark>(&mut app), 6);
    // The arc rises between the holes: its middle dot is above both ends.
    let top = app
        .world_mut()
        .query_filtered::<&Transform, (With<PreviewMark>, Without<PreviewLanding>)>()
        .iter(app.world())
        .map(|t| t.translation.y)
        .fold(f32::MIN, f32::max);
    assert!(top > starhalma::testing::rest_position(h(4, 0), false).y + 0.5);
    // Hovering did not replace the ring under the pointer.
    assert_eq!(ring_on(&mut app, h(4, 0)), ring);
    pointer(&mut app, PointerId::Mouse, Out { hit: no_hit() }, ring);
    assert_eq!(app.world().resource::<Selection>().preview, None);
    assert_eq!(count::<PreviewMark>(&mut app), 0);
    assert!(app.world().resource::<Match>().game.history().is_empty());
}

#[test]
fn on_touch_the_first_tap_previews_and_the_second_moves() {
    let mut app = app_with(people(table2()));
    let marble = marble_on(&mut app, h(6, -2)).unwrap();
    tap(&mut app, marble);
    let ring = ring_on(&mut app, h(4, 0));
    tap(&mut app, ring);
    assert_eq!(app.world().resource::<Selection>().preview, Some(h(4, 0)));
    assert_eq!(count::<PreviewLanding>(&mut app), 1);
    assert!(app.world().resource::<Match>().game.history().is_empty());
    // A tap on another destination moves the preview there instead of moving.
    let other = app
        .world()
        .resource::<Selection>()
        .destinations()
        .find(|&d| d != h(4, 0))
        .unwrap();
    let other_ring = ring_on(&mut app, other);
    tap(&mut app, other_ring);
    assert_eq!(app.world().resource::<Selection>().preview, Some(other));
    assert!(app.world().resource::<Match>().game.history().is_empty());
    tap(&mut app, other_ring);
    let state = app.world().resource::<Match>();
    assert_eq!(state.game.history().len(), 1);
    assert_eq!(state.game.history()[0].mv.to, other);
    assert_eq!(count::<PreviewMark>(&mut app), 0);
}

#[test]
fn the_last_move_of_each_other_player_is_marked() {
    let variant = Variant::new(RuleSet::Table { long_hops: false }, 3).unwrap();
    let mut app = app_with(people(variant));
    let mut froms = Vec::new();
    for _ in 0..2 {
        let mv = app.world().resource::<Match>().game.legal_moves()[0];
        froms.push(mv.from);
        send(&mut app, MoveRequest::new(mv, MoveSource::Board));
        run_until_still(&mut app);
    }
    // Seat 2 to move: the moves of seats 0 and 1 are marked, each with an origin ring.
    let origins = |app: &mut App| {
        let mut v: Vec<(u8, Hole)> = app
            .world_mut()
            .query::<&LastMoveMark>()
            .iter(app.world())
            .filter_map(|m| m.origin.map(|o| (m.seat, o)))
            .collect();
        v.sort();
        v
    };
    assert_eq!(origins(&mut app), vec![(0, froms[0]), (1, froms[1])]);
    // After seat 2 moves, seat 0 is to move: the marks are those of seats 1 and 2.
    let mv = app.world().resource::<Match>().game.legal_moves()[0];
    send(&mut app, MoveRequest::new(mv, MoveSource::Board));
    assert_eq!(origins(&mut app), vec![(1, froms[1]), (2, mv.from)]);
}

#[test]
fn steps_and_hops_sound_when_they_land() {
    let mut app = app_with(people(table2()));
    send(&mut app, step_or_jump(h(6, -2), h(4, 0), MoveSource::Board));
    // Nothing sounds until the marble lands.
    assert!(app.world().resource::<Heard>().0.is_empty());
    run_until_still(&mut app);
    app.update();
    assert_eq!(app.world().resource::<Heard>().0, vec![SoundCue::Hop]);
    send(
        &mut app,
        step_or_jump(h(-5, 1), h(-4, 1), MoveSource::Board),
    );
    run_until_still(&mut app);
    app.update();
    assert_eq!(
        app.world().resource::<Heard>().0,
        vec![SoundCue::Hop, SoundCue::Step]
    );
    // A win plays the fanfare once.
    command(&mut app, GameCommand::Resign(1));
    app.update();
    assert_eq!(
        app.world().resource::<Heard>().0,
        vec![SoundCue::Hop, SoundCue::Step, SoundCue::Win]
    );
}

#[test]
fn the_synthesised_sounds_are_valid_wav_files() {
    for cue in [SoundCue::Step, SoundCue::Hop, SoundCue::Win] {
        let wav = starhalma::testing::cue_wav(cue);
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        let data_len = u32::from_le_bytes(wav[40..44].try_into().unwrap()) as usize;
        assert_eq!(wav.len(), 44 + data_len);
        // Not silence: some sample is loud.
        let loudest = wav[44..]
            .chunks(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]).unsigned_abs())
            .max()
            .unwrap();
        assert!(loudest > 3000, "{cue:?} is too quiet: {loudest}");
    }
}

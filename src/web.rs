//! Web build only: the page's controls for screen readers (the interface as page elements,
//! and a live region), and a small JSON probe as `window.starhalma_probe`, so the page (its
//! loading indicator) and the end-to-end test can see where the game is: the screen, the turn,
//! whether the computer is thinking, and where holes and buttons are on the canvas in CSS
//! pixels. Moves in the test are still made with real pointer input.
//!
//! The probe's body is rebuilt only when something it shows changed (the game, the selection,
//! the screen, thinking, animation, the camera or a button's place); each frame only its frame
//! number, whether it asked for another (`resting` when not) and the presses released so far
//! are new.

use crate::ai::{ComputerThinking, PlanningStats};
use crate::core::Match;
use crate::frame::{Animating, Frame};
use crate::layout::{CoverQuery, ScreenLayout, TouchScreen, covered_rects, rect_pixels, tenth};
use crate::net::{FinishedRecord, KnownRatings, Lobby, Online, Phase, Remote};
use crate::rest::{FramesAsked, KeepAwake, Need, WakeSignal};
use crate::selection::Selection;
use crate::ui::{Announcement, ButtonName, PageControls, PagePress, PanelSettings, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use serde::Serialize;
use starhalma_rules::Hole;

/// What the probe shows (CSS pixels), as the page and the end-to-end tests read it.
#[derive(Serialize)]
struct Probe {
    screen: String,
    ply: usize,
    active: u8,
    human: bool,
    thinking: bool,
    animating: bool,
    over: bool,
    /// The picked-up marble's hole index, -1 for none.
    selected: i32,
    destinations: usize,
    longest_slice_ms: f64,
    longest_think_per_frame_ms: f64,
    online: OnlineProbe,
    /// The moves played, in notation.
    moves: Vec<String>,
    /// The picked-up marble's destinations, by hole index.
    targets: Vec<usize>,
    /// Every hole: `[x, y, owner]` (owner -1 for an empty hole; x and y null off the screen).
    holes: Vec<(Option<f32>, Option<f32>, i32)>,
    buttons: Vec<ButtonProbe>,
    layout: LayoutProbe,
    covered: Vec<[f32; 4]>,
}

/// Where the connection stands, this page's seat (-1: none) and the room's link; the names
/// on the seats ("" for none), the reactions heard (`"1:good_move"`), and the public tables
/// listed on the Play online page.
#[derive(Serialize)]
struct OnlineProbe {
    phase: String,
    seat: i32,
    started: bool,
    link: String,
    names: Vec<String>,
    /// Each seat's rating as shown beside its name ("1500?"; "" while unknown).
    ratings: Vec<String>,
    /// Once a rated game has ended and the server kept it: each seat's change (`"0:+12"`).
    changes: Vec<String>,
    /// The finished game's replay link ("" while there is none).
    replay: String,
    reactions: Vec<String>,
    tables: usize,
}

#[derive(Serialize)]
struct ButtonProbe {
    action: String,
    x: f32,
    y: f32,
    h: f32,
    visible: bool,
}

/// The arrangement, the board's rectangle and the device pixel ratio the game renders at.
#[derive(Serialize)]
struct LayoutProbe {
    arrangement: String,
    compact: bool,
    touch: bool,
    window: [f32; 2],
    board: [f32; 4],
    scale: f32,
}

/// What the probe reads.
#[derive(SystemParam)]
struct Seen<'w, 's> {
    state: Res<'w, Match>,
    online: Res<'w, Online>,
    lobby: Res<'w, Lobby>,
    records: (Res<'w, KnownRatings>, Res<'w, FinishedRecord>),
    screen: Res<'w, State<Screen>>,
    thinking: Res<'w, ComputerThinking>,
    stats: Res<'w, PlanningStats>,
    animating: Res<'w, Animating>,
    selection: Res<'w, Selection>,
    cameras: Query<'w, 's, (Ref<'static, GlobalTransform>, &'static Camera)>,
    buttons: Query<
        'w,
        's,
        (
            &'static ButtonName,
            Ref<'static, ComputedNode>,
            Ref<'static, UiGlobalTransform>,
        ),
    >,
    layout: Res<'w, ScreenLayout>,
    covers: CoverQuery<'w, 's>,
    windows: Query<'w, 's, &'static Window>,
}

impl Seen<'_, '_> {
    fn changed(&self) -> bool {
        let camera_moved = self.cameras.iter().any(|(at, _)| at.is_changed());
        let buttons_moved = self
            .buttons
            .iter()
            .any(|(_, node, at)| node.is_changed() || at.is_changed());
        self.state.is_changed()
            || self.online.is_changed()
            || self.lobby.is_changed()
            || self.records.0.is_changed()
            || self.records.1.is_changed()
            || self.screen.is_changed()
            || self.thinking.is_changed()
            || self.stats.is_changed()
            || self.animating.is_changed()
            || self.selection.is_changed()
            || camera_moved
            || buttons_moved
            || self.layout.is_changed()
    }

    fn probe(&self) -> Probe {
        let game = &self.state.game;
        let online = &*self.online;
        let phase = match &online.phase {
            Phase::Failed(_) => "Failed".to_string(),
            other => format!("{other:?}"),
        };
        let holes = match self.cameras.single() {
            Ok((at, camera)) => Hole::all()
                .map(|hole| {
                    let p = crate::board::hole_position(hole);
                    let xy = camera.world_to_viewport(&at, p).ok();
                    let owner = game.position().owner(hole).map_or(-1, i32::from);
                    (xy.map(|v| tenth(v.x)), xy.map(|v| tenth(v.y)), owner)
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        let buttons = self
            .buttons
            .iter()
            .map(|(action, node, transform)| {
                let scale = node.inverse_scale_factor;
                let centre = transform.translation * scale;
                ButtonProbe {
                    action: action.0.clone(),
                    x: tenth(centre.x),
                    y: tenth(centre.y),
                    h: tenth(node.size.y * scale),
                    visible: node.size.x > 0.0,
                }
            })
            .collect();
        let layout = &*self.layout;
        let hundredth = |v: f64| (v * 100.0).round() / 100.0;
        Probe {
            screen: format!("{:?}", self.screen.get()),
            ply: game.history().len(),
            active: game.active(),
            human: self.state.human_to_move(),
            thinking: self.thinking.0,
            animating: self.animating.0,
            over: game.is_over(),
            selected: self.selection.from.map_or(-1, |h| h.index() as i32),
            destinations: self.selection.moves.len(),
            longest_slice_ms: hundredth(self.stats.longest_slice.as_secs_f64() * 1e3),
            longest_think_per_frame_ms: hundredth(
                self.stats.longest_frame_share.as_secs_f64() * 1e3,
            ),
            online: OnlineProbe {
                phase,
                seat: online.seat.map_or(-1, i32::from),
                started: online.started,
                link: online
                    .link
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                names: online
                    .seats
                    .iter()
                    .map(|holder| holder.name().map(|n| n.to_string()).unwrap_or_default())
                    .collect(),
                ratings: online
                    .seats
                    .iter()
                    .map(|holder| {
                        let family = starhalma_protocol::Family::of(game.rule_set());
                        holder
                            .player()
                            .and_then(|p| self.records.0.words(family, p))
                            .map(|words| words.in_english())
                            .unwrap_or_default()
                    })
                    .collect(),
                changes: match &self.records.1.game {
                    Remote::Got(record) if self.records.1.id == online.record => record
                        .seats
                        .iter()
                        .filter_map(|s| Some(format!("{}:{}", s.seat, s.change.as_ref()?)))
                        .collect(),
                    _ => Vec::new(),
                },
                replay: online
                    .replay_link()
                    .map(|link| link.to_string())
                    .unwrap_or_default(),
                reactions: online
                    .reactions
                    .iter()
                    .map(|r| format!("{}:{}", r.seat, r.reaction.as_str()))
                    .collect(),
                tables: self.lobby.rooms.len(),
            },
            moves: game.history().iter().map(|p| p.mv.to_string()).collect(),
            targets: self.selection.destinations().map(|to| to.index()).collect(),
            holes,
            buttons,
            layout: LayoutProbe {
                arrangement: format!("{:?}", layout.arrangement),
                compact: layout.compact,
                touch: layout.touch,
                window: [tenth(layout.window.x), tenth(layout.window.y)],
                board: rect_pixels(&layout.board, 1.0),
                scale: self
                    .windows
                    .single()
                    .map_or(1.0, |w| (w.scale_factor() * 100.0).round() / 100.0),
            },
            covered: covered_rects(&self.covers)
                .iter()
                .map(|r| rect_pixels(r, 1.0))
                .collect(),
        }
    }
}

/// Publish the probe: `{"frame":N,...}`, the rest rebuilt only when something it shows changed.
fn publish_probe(
    // The probe's JSON after its opening brace, as last built.
    mut body: Local<String>,
    seen: Seen,
    (asked, keep): (Res<FramesAsked>, Res<KeepAwake>),
    (mut buttons, mut touches): (
        MessageReader<bevy::input::mouse::MouseButtonInput>,
        MessageReader<bevy::input::touch::TouchInput>,
    ),
    mut frame: Local<u32>,
    mut releases: Local<u32>,
) {
    *frame += 1;
    // Presses the game has seen end (a mouse button released, a finger lifted): a test waits
    // for its click to be counted here before it waits for the page to rest.
    let lifted = buttons
        .read()
        .filter(|b| b.state == bevy::input::ButtonState::Released)
        .count()
        + touches
            .read()
            .filter(|t| t.phase == bevy::input::touch::TouchPhase::Ended)
            .count();
    *releases += lifted as u32;
    if seen.changed() || body.is_empty() {
        let json = serde_json::to_string(&seen.probe()).expect("the probe is plain data");
        *body = json.trim_start_matches('{').to_string();
    }
    // Resting: this frame asked for no next one (the page waits for input, a socket, a tick).
    let resting = asked.0 != Need::EveryFrame;
    let awake: Vec<String> = keep.reasons().map(|r| format!("\"{r:?}\"")).collect();
    let json = format!(
        "{{\"frame\":{},\"resting\":{resting},\"awake\":[{}],\"releases\":{},{}",
        *frame,
        awake.join(","),
        *releases,
        *body
    );
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &window,
            &wasm_bindgen::JsValue::from_str("starhalma_probe"),
            &wasm_bindgen::JsValue::from_str(&json),
        );
    }
}

/// A touch screen is known from the start when the browser reports a coarse pointer or touch
/// points, so a phone's first frame is already laid out for fingers.
fn detect_touch(mut touch: ResMut<TouchScreen>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let coarse = window
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if coarse || window.navigator().max_touch_points() > 0 {
        touch.0 = true;
    }
}

/// The page's controls (`#page-buttons`): the interface as page elements, for screen readers,
/// switch devices and voice control ([`PageControls`]), and the `#announce` live region. A
/// press there is queued here by the page's click handler (which wakes the app) and becomes a
/// [`PagePress`] of the same button.
/// It lives on the browser's one thread, with the page's handler (a non-send resource).
#[derive(Clone, Default)]
struct PageQueue(std::rc::Rc<std::cell::RefCell<Vec<u64>>>);

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Listen for presses on the page's controls: the button's `data-e` names its entity.
fn listen_to_page(queue: NonSend<PageQueue>, wake: Res<WakeSignal>) {
    use wasm_bindgen::JsCast;
    let Some(controls) = element("page-buttons") else {
        return;
    };
    let (queue, wake) = (queue.0.clone(), wake.clone());
    let on_click = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(
        move |event: web_sys::Event| {
            let pressed = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("button[data-e]").ok().flatten())
                .and_then(|b| b.get_attribute("data-e"))
                .and_then(|e| e.parse::<u64>().ok());
            if let Some(bits) = pressed {
                queue.borrow_mut().push(bits);
                wake.wake();
            }
        },
    );
    let _ = controls.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    // The page keeps its handler for as long as it runs.
    on_click.forget();
}

fn take_page_presses(queue: NonSend<PageQueue>, mut presses: MessageWriter<PagePress>) {
    for bits in queue.0.borrow_mut().drain(..) {
        if let Some(entity) = Entity::try_from_bits(bits) {
            presses.write(PagePress(entity));
        }
    }
}

/// The `index`th child of `parent`, made a `<tag>` (a new element put in its place when it is
/// another kind, or added at the end when there is none).
fn child_element(
    document: &web_sys::Document,
    parent: &web_sys::Element,
    index: u32,
    tag: &str,
) -> Option<web_sys::Element> {
    let existing = parent.children().item(index);
    if let Some(element) = &existing
        && element.tag_name().eq_ignore_ascii_case(tag)
    {
        return existing;
    }
    let made = document.create_element(tag).ok()?;
    match existing {
        Some(other) => parent.replace_child(&made, &other).ok()?,
        None => parent.append_child(&made).ok()?,
    };
    Some(made)
}

fn set_text(element: &web_sys::Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

fn set_attribute(element: &web_sys::Element, name: &str, value: &str) {
    if element.get_attribute(name).as_deref() != Some(value) {
        let _ = element.set_attribute(name, value);
    }
}

/// Drop `parent`'s children from `keep` on.
fn truncate_children(parent: &web_sys::Element, keep: u32) {
    while let Some(extra) = parent.children().item(keep) {
        extra.remove();
    }
}

/// Draw the page's controls as they changed: a section per group, titled, with its buttons
/// and lines in the screen's order. The page's elements are changed in place, only where the
/// words differ, so a screen reader keeps its place and a focused button its focus.
fn draw_page(page: Res<PageControls>, settings: Res<PanelSettings>) {
    let Some(controls) = element("page-buttons") else {
        return;
    };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for (at, group) in (0u32..).zip(&page.groups) {
        let Some(section) = child_element(&document, &controls, at, "section") else {
            return;
        };
        set_attribute(&section, "aria-label", &group.title);
        let Some(heading) = child_element(&document, &section, 0, "h2") else {
            return;
        };
        set_text(&heading, &group.title);
        for (place, item) in (1u32..).zip(&group.items) {
            let tag = if item.button { "button" } else { "p" };
            let Some(line) = child_element(&document, &section, place, tag) else {
                return;
            };
            if item.button {
                set_attribute(&line, "type", "button");
                set_attribute(&line, "data-e", &item.entity.to_bits().to_string());
            }
            set_text(&line, &item.words);
        }
        truncate_children(&section, group.items.len() as u32 + 1);
    }
    truncate_children(&controls, page.groups.len() as u32);
    if let Some(language) = page.language {
        set_attribute(&controls, "lang", language.code());
    }
    // Shown under the board when asked for or the board is hidden (B); otherwise for screen
    // readers only.
    let shown = settings.page_controls || settings.board_hidden;
    set_attribute(&controls, "class", if shown { "shown" } else { "sr-only" });
}

/// Say the announcement in the live region, once.
fn draw_announcement(said: Res<Announcement>) {
    if let Some(live) = element("announce") {
        live.set_text_content(Some(&said.words));
    }
}

pub(crate) struct WebPlugin;

impl Plugin for WebPlugin {
    fn build(&self, app: &mut App) {
        app.init_non_send::<PageQueue>()
            .add_systems(Startup, (detect_touch, listen_to_page))
            .add_systems(
                Update,
                take_page_presses
                    .run_if(|queue: NonSend<PageQueue>| !queue.0.borrow().is_empty())
                    .before(Frame::Keys),
            )
            .add_systems(
                Last,
                (
                    (
                        draw_page.run_if(
                            resource_changed::<PageControls>
                                .or_eager(resource_changed::<PanelSettings>),
                        ),
                        draw_announcement.run_if(resource_changed::<Announcement>),
                    ),
                    publish_probe,
                )
                    .after(Frame::Rest),
            );
    }
}

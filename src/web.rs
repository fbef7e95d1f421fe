//! Web build only: publishes a small JSON probe as `window.starhalma_probe`, so the page (its
//! loading indicator) and the end-to-end test can see where the game is: the screen, the turn,
//! whether the computer is thinking, and where holes and buttons are on the canvas in CSS
//! pixels. Moves in the test are still made with real pointer input.
//!
//! The probe's body is rebuilt only when something it shows changed (the game, the selection,
//! the screen, thinking, animation, the camera or a button's place); each frame only its frame
//! number is new.

use crate::ai::{ComputerThinking, PlanningStats};
use crate::core::{Animating, Match};
use crate::layout::{CoverQuery, ScreenLayout, TouchScreen, covered_rects, rect_json};
use crate::net::{Online, Phase};
use crate::selection::Selection;
use crate::ui::{Screen, UiAction};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use starhalma_rules::Hole;
use std::fmt::Write as _;

#[allow(clippy::too_many_arguments)]
fn publish_probe(
    // The probe's body as last built.
    mut body: Local<String>,
    state: Res<Match>,
    online: Res<Online>,
    screen: Res<State<Screen>>,
    thinking: Res<ComputerThinking>,
    stats: Res<PlanningStats>,
    animating: Res<Animating>,
    selection: Res<Selection>,
    cameras: Query<(Ref<GlobalTransform>, &Camera)>,
    buttons: Query<(&UiAction, Ref<ComputedNode>, Ref<UiGlobalTransform>)>,
    layout: Res<ScreenLayout>,
    covers: CoverQuery,
    windows: Query<&Window>,
    mut frame: Local<u32>,
) {
    *frame += 1;
    let camera_moved = cameras.iter().any(|(at, _)| at.is_changed());
    let buttons_moved = buttons
        .iter()
        .any(|(_, node, at)| node.is_changed() || at.is_changed());
    let changed = state.is_changed()
        || online.is_changed()
        || screen.is_changed()
        || thinking.is_changed()
        || stats.is_changed()
        || animating.is_changed()
        || selection.is_changed()
        || camera_moved
        || buttons_moved
        || layout.is_changed();
    if changed || body.is_empty() {
        *body = probe_body(
            &state,
            &online,
            *screen.get(),
            thinking.0,
            &stats,
            animating.0,
            &selection,
            &cameras,
            &buttons,
        );
        let scale = windows.single().map_or(1.0, |w| w.scale_factor());
        body.push_str(&layout_json(&layout, &covered_rects(&covers), scale));
    }
    let json = format!("{{\"frame\":{},{}", *frame, *body);
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &window,
            &wasm_bindgen::JsValue::from_str("starhalma_probe"),
            &wasm_bindgen::JsValue::from_str(&json),
        );
    }
}

/// Everything but the frame number (the text after `{"frame":N,`).
#[allow(clippy::too_many_arguments)]
fn probe_body(
    state: &Match,
    online: &Online,
    screen: Screen,
    thinking: bool,
    stats: &PlanningStats,
    animating: bool,
    selection: &Selection,
    cameras: &Query<(Ref<GlobalTransform>, &Camera)>,
    buttons: &Query<(&UiAction, Ref<ComputedNode>, Ref<UiGlobalTransform>)>,
) -> String {
    let game = &state.game;
    let mut json = String::with_capacity(4096);
    let _ = write!(
        json,
        "\"screen\":\"{:?}\",\"ply\":{},\"active\":{},\"human\":{},\
         \"thinking\":{},\"animating\":{},\"over\":{},\"selected\":{},\"destinations\":{},\
         \"longest_slice_ms\":{:.2},\"longest_think_per_frame_ms\":{:.2}",
        screen,
        game.history().len(),
        game.active(),
        state.human_to_move(),
        thinking,
        animating,
        game.is_over(),
        selection.from.map_or(-1, |h| h.index() as i32),
        selection.moves.len(),
        stats.longest_slice.as_secs_f64() * 1e3,
        stats.longest_frame_share.as_secs_f64() * 1e3,
    );
    // Online: where the connection stands, this page's seat and the room's link.
    let phase = match &online.phase {
        Phase::Failed(_) => "Failed".to_string(),
        other => format!("{other:?}"),
    };
    let link = online.link.as_deref().unwrap_or_default();
    let _ = write!(
        json,
        ",\"online\":{{\"phase\":\"{phase}\",\"seat\":{},\"started\":{},\"link\":\"{}\"}}",
        online.seat.map_or(-1, i32::from),
        online.started,
        link.replace(['"', '\\'], ""),
    );
    json.push_str(",\"moves\":[");
    for (i, played) in game.history().iter().enumerate() {
        let sep = if i == 0 { "" } else { "," };
        let _ = write!(json, "{sep}\"{}\"", played.mv);
    }
    json.push(']');
    json.push_str(",\"targets\":[");
    for (i, to) in selection.destinations().enumerate() {
        let sep = if i == 0 { "" } else { "," };
        let _ = write!(json, "{sep}{}", to.index());
    }
    json.push_str("],\"holes\":[");
    if let Ok((at, camera)) = cameras.single() {
        for (i, hole) in Hole::all().enumerate() {
            let p = crate::board::hole_position(hole);
            let xy = camera.world_to_viewport(&at, p).unwrap_or(Vec2::NAN);
            let owner = game.position().owner(hole).map_or(-1, |s| s as i32);
            let sep = if i == 0 { "" } else { "," };
            let _ = write!(json, "{sep}[{:.1},{:.1},{owner}]", xy.x, xy.y);
        }
    }
    json.push_str("],\"buttons\":[");
    for (i, (action, node, transform)) in buttons.iter().enumerate() {
        let scale = node.inverse_scale_factor;
        let centre = transform.translation * scale;
        let sep = if i == 0 { "" } else { "," };
        let _ = write!(
            json,
            "{sep}{{\"action\":\"{action:?}\",\"x\":{:.1},\"y\":{:.1},\"h\":{:.1},\
             \"visible\":{}}}",
            centre.x,
            centre.y,
            node.size.y * scale,
            node.size.x > 0.0
        );
    }
    json.push(']');
    json
}

/// The layout's part of the probe (CSS pixels): the arrangement, the board's rectangle, what the
/// interface covers and the device pixel ratio the game renders at.
fn layout_json(layout: &ScreenLayout, covered: &[Rect], scale: f32) -> String {
    let covered: Vec<String> = covered.iter().map(|r| rect_json(r, 1.0)).collect();
    format!(
        ",\"layout\":{{\"arrangement\":\"{:?}\",\"compact\":{},\"touch\":{},\
         \"window\":[{:.1},{:.1}],\"board\":{},\"scale\":{scale:.2}}},\"covered\":[{}]}}",
        layout.arrangement,
        layout.compact,
        layout.touch,
        layout.window.x,
        layout.window.y,
        rect_json(&layout.board, 1.0),
        covered.join(",")
    )
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

pub(crate) struct WebPlugin;

impl Plugin for WebPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, detect_touch)
            .add_systems(Last, publish_probe);
    }
}

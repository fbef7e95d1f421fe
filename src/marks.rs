//! Marks on the board: a glowing ring on every hole the selected marble can reach, the previewed
//! route (a dotted arc and a translucent marble where it lands), and the last move of each other
//! player (an orange ring on its origin and its route dotted).
//!
//! Marks never take part in picking except the rings, which name their hole.

use crate::board::{hole_position, seat_color};
use crate::core::{Match, MoveApplied, Viewing, shown_game_replaced};
use crate::frame::Frame;
use crate::glow::GlowMaterial;
use crate::marbles::{arc_point, rest_position, segment_height};
use crate::rest::{Awake, KeepAwake};
use crate::selection::Selection;
use bevy::prelude::*;
use starhalma_rules::{Game, Hole, Played};

/// A ring on a hole the selected marble can reach.
#[derive(Component, Clone, Copy, Debug)]
pub struct DestinationRing(pub Hole);

/// Part of the previewed route: its dots and the translucent marble at the landing hole.
#[derive(Component, Clone, Copy, Debug)]
pub struct PreviewMark;

/// The landing marble of the preview.
#[derive(Component, Clone, Copy, Debug)]
pub struct PreviewLanding(pub Hole);

/// A mark of another player's last move: the ring on its origin (`origin: true`) or a dot of
/// its route.
#[derive(Component, Clone, Copy, Debug)]
pub struct LastMoveMark {
    pub seat: u8,
    pub origin: Option<Hole>,
}

/// Shared meshes and materials of the marks.
#[derive(Resource, Clone)]
struct MarkAssets {
    ring: Handle<Mesh>,
    destination: Handle<GlowMaterial>,
    origin: Handle<GlowMaterial>,
    dot: Handle<Mesh>,
    preview_dot: Handle<StandardMaterial>,
    last_move_dot: Handle<StandardMaterial>,
    marble: Handle<Mesh>,
    king: Handle<Mesh>,
    /// Translucent marbles, one per camp colour.
    ghosts: Vec<Handle<StandardMaterial>>,
}

const DESTINATION: Color = Color::srgb(0.2, 1.0, 0.75);
const LAST_MOVE: Color = Color::srgb(1.0, 0.55, 0.1);

fn create_mark_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut glows: ResMut<Assets<GlowMaterial>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let dot_material = |materials: &mut Assets<StandardMaterial>, color: Color| {
        materials.add(StandardMaterial {
            base_color: color,
            emissive: color.to_linear() * 1.5,
            unlit: true,
            ..default()
        })
    };
    let ghosts = (0..6)
        .map(|camp| {
            materials.add(StandardMaterial {
                base_color: seat_color(camp).with_alpha(0.45),
                alpha_mode: AlphaMode::Blend,
                perceptual_roughness: 0.2,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(MarkAssets {
        ring: meshes.add(Plane3d::new(Vec3::Y, Vec2::splat(0.5))),
        destination: glows.add(GlowMaterial::pulsing(DESTINATION)),
        origin: glows.add(GlowMaterial::steady(LAST_MOVE)),
        dot: meshes.add(Sphere::new(0.055)),
        preview_dot: dot_material(&mut materials, DESTINATION),
        last_move_dot: dot_material(&mut materials, LAST_MOVE),
        marble: meshes.add(Sphere::new(crate::marbles::MARBLE_RADIUS)),
        king: meshes.add(Sphere::new(crate::marbles::KING_RADIUS)),
        ghosts,
    });
}

/// Points along a route's arcs (the ends excluded), `per_segment` of them per step or hop.
fn dotted_route(route: &[Hole], king: bool, per_segment: usize) -> Vec<Vec3> {
    let mut dots = Vec::new();
    for pair in route.windows(2) {
        let (a, b) = (rest_position(pair[0], king), rest_position(pair[1], king));
        let height = segment_height(pair[0], pair[1]);
        for i in 1..per_segment {
            let f = i as f32 / per_segment as f32;
            dots.push(arc_point(a, b, height, f));
        }
    }
    dots
}

/// Rings follow the selection (rebuilt only when the selected marble or its moves change, so
/// hovering does not replace the ring under the pointer).
fn show_destinations(
    mut commands: Commands,
    selection: Res<Selection>,
    assets: Res<MarkAssets>,
    rings: Query<Entity, With<DestinationRing>>,
    mut shown: Local<Option<(Option<Hole>, Vec<starhalma_rules::Move>)>>,
) {
    if shown
        .as_ref()
        .is_some_and(|(from, moves)| *from == selection.from && *moves == selection.moves)
    {
        return;
    }
    let wanted = (selection.from, selection.moves.clone());
    for e in &rings {
        commands.entity(e).despawn();
    }
    for to in selection.destinations() {
        commands.spawn((
            DestinationRing(to),
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.destination.clone()),
            Transform::from_translation(hole_position(to) + Vec3::Y * 0.03),
        ));
    }
    *shown = Some(wanted);
}

/// How long destination rings pulse after a marble is chosen. Then they glow steady, so a
/// person thinking over a chosen marble costs no frames.
const PULSE: std::time::Duration = std::time::Duration::from_secs(3);

/// New rings pulse for [`PULSE`] (holding frames), then settle to a steady glow.
fn settle_pulse(
    rings: Query<(), With<DestinationRing>>,
    new_rings: Query<(), Added<DestinationRing>>,
    time: Res<Time<Real>>,
    assets: Res<MarkAssets>,
    mut glows: ResMut<Assets<GlowMaterial>>,
    mut since: Local<Option<std::time::Duration>>,
    mut keep: ResMut<KeepAwake>,
) {
    let now = time.elapsed();
    let pulse = |glows: &mut Assets<GlowMaterial>, on: bool| {
        if let Some(mut glow) = glows.get_mut(&assets.destination) {
            glow.params.w = if on { GlowMaterial::PULSE_DEPTH } else { 0.0 };
        }
    };
    if !new_rings.is_empty() {
        if since.is_none() {
            pulse(&mut glows, true);
        }
        *since = Some(now);
    }
    let pulsing = !rings.is_empty() && since.is_some_and(|t| now.saturating_sub(t) < PULSE);
    if !pulsing && since.take().is_some() {
        pulse(&mut glows, false);
    }
    keep.hold(Awake::Pulse, pulsing);
}

/// The previewed destination: the route as a dotted arc and a translucent marble where it lands.
fn show_preview(
    mut commands: Commands,
    selection: Res<Selection>,
    state: Res<Match>,
    assets: Res<MarkAssets>,
    marks: Query<Entity, With<PreviewMark>>,
    mut shown: Local<Option<(Hole, Hole)>>,
) {
    let wanted = selection
        .from
        .zip(selection.preview)
        .filter(|&(_, to)| selection.move_to(to).is_some());
    if *shown == wanted {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    *shown = wanted;
    let Some((from, to)) = wanted else { return };
    let Some(mv) = selection.move_to(to) else {
        return;
    };
    let game = &state.game;
    let route = game.rules().route(game.state(), mv);
    let king = game.position().is_king(from);
    for dot in dotted_route(&route, king, 6) {
        commands.spawn((
            PreviewMark,
            Mesh3d(assets.dot.clone()),
            MeshMaterial3d(assets.preview_dot.clone()),
            Transform::from_translation(dot),
            Pickable::IGNORE,
        ));
    }
    let camp = game.variant().camp_of(game.active()) as usize;
    commands.spawn((
        PreviewMark,
        PreviewLanding(to),
        Mesh3d(if king {
            assets.king.clone()
        } else {
            assets.marble.clone()
        }),
        MeshMaterial3d(assets.ghosts[camp].clone()),
        Transform::from_translation(rest_position(to, king)),
        Pickable::IGNORE,
    ));
}

/// The latest move of each player other than the one to move, newest first: what happened
/// since the player to move last moved. Passes leave no mark.
fn last_moves_of_others(game: &Game) -> Vec<&Played> {
    let active = game.active();
    let mut seen = 0u8;
    let mut moves = Vec::new();
    for played in game.history().iter().rev() {
        if played.seat == active && !game.is_over() {
            break;
        }
        if seen & (1 << played.seat) != 0 {
            continue;
        }
        seen |= 1 << played.seat;
        if !played.mv.is_pass() {
            moves.push(played);
        }
    }
    moves
}

/// The marks of the others' last moves, redrawn after every move and whenever the shown game
/// is replaced.
fn show_last_moves(
    mut commands: Commands,
    state: Res<Match>,
    viewing: Res<Viewing>,
    assets: Res<MarkAssets>,
    marks: Query<Entity, With<LastMoveMark>>,
) {
    for e in &marks {
        commands.entity(e).despawn();
    }
    let shown = viewing.shown(&state);
    for played in last_moves_of_others(shown) {
        let king = shown.position().is_king(played.mv.to);
        commands.spawn((
            LastMoveMark {
                seat: played.seat,
                origin: Some(played.mv.from),
            },
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.origin.clone()),
            Transform::from_translation(hole_position(played.mv.from) + Vec3::Y * 0.02),
            Pickable::IGNORE,
        ));
        for dot in dotted_route(&played.route, king, 5) {
            commands.spawn((
                LastMoveMark {
                    seat: played.seat,
                    origin: None,
                },
                Mesh3d(assets.dot.clone()),
                MeshMaterial3d(assets.last_move_dot.clone()),
                Transform::from_translation(dot).with_scale(Vec3::splat(0.8)),
                Pickable::IGNORE,
            ));
        }
    }
}

/// Rings, previews and last-move marks (headless tests use it with plain asset storages).
pub(crate) struct MarksPlugin;

impl Plugin for MarksPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, create_mark_assets).add_systems(
            Update,
            (
                (show_destinations, show_preview).run_if(resource_changed::<Selection>),
                settle_pulse.after(show_destinations),
                show_last_moves.run_if(on_message::<MoveApplied>.or_eager(shown_game_replaced)),
            )
                .in_set(Frame::Scene),
        );
    }
}

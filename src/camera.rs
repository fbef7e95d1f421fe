//! The orbit camera: drag to orbit, wheel or two fingers to zoom, limits so the board never flips
//! or disappears; "Angled" and "Top-down" glide between presets; each game starts with the first
//! person's camp nearest. The camera owns the current view ([`CurrentView`]); the settings only
//! read it.
//!
//! The framing follows the window: whenever the layout, the view or the facing changes, the
//! distance and focus are solved ([`frame_board`]) so the whole star lies inside the layout's
//! board rectangle, in portrait as in landscape. Zooming in stays the player's choice.

use crate::board::hole_position;
use crate::core::{GameReset, Match};
use crate::frame::Frame;
use crate::layout::ScreenLayout;
use crate::marbles::MARBLE_RADIUS;
use crate::rest::{Awake, KeepAwake};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin, PanOrbitCameraSystemSet};
use starhalma_rules::Hole;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CameraView {
    #[default]
    Angled,
    TopDown,
}

/// A request to glide to a preset view.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct ViewRequest(pub CameraView);

/// The preset view last asked for.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CurrentView(pub CameraView);

const ANGLED_PITCH: f32 = 0.95;
const TOP_DOWN_PITCH: f32 = 1.5;

/// The yaw that puts `camp` nearest the viewer. At yaw 0 the camera looks from +Z, where camp
/// 2's tip lies; camp `c`'s tip is at `-30° + 60°·c` around the board.
pub(crate) fn yaw_facing_camp(camp: u8) -> f32 {
    (120.0 - 60.0 * camp as f32).to_radians()
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Transform::from_xyz(0.0, 14.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
        PanOrbitCamera {
            focus: Vec3::ZERO,
            target_focus: Vec3::ZERO,
            pitch_lower_limit: Some(0.25),
            pitch_upper_limit: Some(TOP_DOWN_PITCH),
            zoom_lower_limit: 8.0,
            zoom_upper_limit: Some(40.0),
            pan_sensitivity: 0.0,
            allow_upside_down: false,
            target_pitch: ANGLED_PITCH,
            target_radius: 19.0,
            ..default()
        },
        // A tonemapper computed in the shader: Bevy's default (TonyMcMapface) reads lookup
        // tables that cost the web download 875 KiB (566 KiB brotli) with their decoder. The seat colours are
        // checked as this one renders them (the screenshot test).
        Tonemapping::SomewhatBoringDisplayTransform,
        // A fill light that turns with the view, a little above it: the marbles' faces toward
        // the player are lit alike in every camp, so a seat's colour reads the same near and
        // far, whichever side the camera faces (the sun alone left the far camps' lower halves
        // in ambient light, and yellow read as olive).
        children![(
            DirectionalLight {
                illuminance: 4_000.0,
                shadow_maps_enabled: false,
                ..default()
            },
            Transform::from_rotation(Quat::from_rotation_x(-0.35)),
        )],
    ));
}

/// A yaw to glide to once the camera has initialised itself (before that, the orbit camera takes
/// its angles from its transform and would overwrite ours).
#[derive(Resource, Default)]
struct PendingYaw(Option<f32>);

/// The yaw the current framing was solved for (the first person's side).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
struct FacingYaw(f32);

fn face_first_person(
    state: Res<Match>,
    mut pending: ResMut<PendingYaw>,
    mut facing: ResMut<FacingYaw>,
) {
    let seat = state.first_person().unwrap_or(0);
    let yaw = yaw_facing_camp(state.game.variant().camp_of(seat));
    pending.0 = Some(yaw);
    facing.set_if_neq(FacingYaw(yaw));
}

fn apply_pending_yaw(
    mut pending: ResMut<PendingYaw>,
    current: Res<CurrentView>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    let Some(yaw) = pending.0 else { return };
    for mut cam in &mut cams {
        if !cam.initialized {
            return;
        }
        cam.target_yaw = yaw;
        cam.target_pitch = pitch_of(current.0);
    }
    pending.0 = None;
}

/// The pitch of a preset view.
pub(crate) fn pitch_of(view: CameraView) -> f32 {
    match view {
        CameraView::Angled => ANGLED_PITCH,
        CameraView::TopDown => TOP_DOWN_PITCH,
    }
}

fn track_view(mut views: MessageReader<ViewRequest>, mut current: ResMut<CurrentView>) {
    if let Some(ViewRequest(view)) = views.read().last() {
        current.set_if_neq(CurrentView(*view));
    }
}

/// Every request glides, even to the view already chosen (back from a view orbited by hand).
fn glide(mut views: MessageReader<ViewRequest>, mut cams: Query<&mut PanOrbitCamera>) {
    let Some(ViewRequest(view)) = views.read().last() else {
        return;
    };
    for mut cam in &mut cams {
        cam.target_pitch = pitch_of(*view);
    }
}

/// Where the camera stands to show the whole star: its distance from the focus, and the focus
/// (a point on the board's plane, off its centre when the board's rectangle is off the window's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Framing {
    pub radius: f32,
    pub focus: Vec3,
}

/// How far the board's wood reaches past the outer holes' centres.
const WOOD_BEYOND_HOLES: f32 = 0.7;

/// The points the framing keeps in view: around every hole, the board's wood beyond it and the
/// top of a marble on it.
fn star_outline() -> Vec<Vec3> {
    Hole::all()
        .flat_map(|hole| {
            let at = hole_position(hole);
            let out = at.normalize_or_zero();
            [
                at + out * WOOD_BEYOND_HOLES,
                at + out * MARBLE_RADIUS + Vec3::Y * (2.0 * MARBLE_RADIUS),
            ]
        })
        .collect()
}

/// The camera's transform as the orbit camera builds it from its angles (bevy_panorbit_camera's
/// `update_orbit_transform` with the default axes).
pub(crate) fn orbit_transform(yaw: f32, pitch: f32, radius: f32, focus: Vec3) -> Transform {
    let rotation = Quat::from_rotation_y(yaw) * Quat::from_rotation_x(-pitch);
    Transform {
        translation: focus + rotation * Vec3::new(0.0, 0.0, radius),
        rotation,
        ..default()
    }
}

/// Where `points` fall on a `window` (logical pixels from the top left), seen through a
/// perspective camera at `transform` with vertical field of view `fov`; `None` if one is behind
/// it.
fn projected_bounds(
    points: &[Vec3],
    transform: &Transform,
    window: Vec2,
    fov: f32,
) -> Option<Rect> {
    let view = transform.to_matrix().inverse();
    let half_height = (fov / 2.0).tan();
    let aspect = window.x / window.y;
    let mut bounds = Rect::EMPTY;
    for p in points {
        let v = view.transform_point3(*p);
        if v.z > -0.1 {
            return None;
        }
        let ndc = Vec2::new(
            v.x / (-v.z * half_height * aspect),
            v.y / (-v.z * half_height),
        );
        let px = Vec2::new(
            (ndc.x + 1.0) / 2.0 * window.x,
            (1.0 - ndc.y) / 2.0 * window.y,
        );
        bounds = bounds.union_point(px);
    }
    Some(bounds)
}

/// The distance and focus that show the whole star inside `board` (logical pixels of a
/// `window`), centred in it, for a camera at `yaw` and `pitch` with vertical field of view `fov`.
/// Solved by repeated corrections: the distance by how much too big the star looks, the focus
/// by how far off centre it is (moving the focus sideways moves the picture sideways; moving it
/// away from the viewer moves the picture down by `sin(pitch)` of the distance).
pub(crate) fn frame_board(window: Vec2, board: Rect, yaw: f32, pitch: f32, fov: f32) -> Framing {
    let points = star_outline();
    // A little room at the rectangle's edges, so the star never touches them.
    let target = board.inflate(-(board.width().min(board.height()) * 0.02));
    let right = Quat::from_rotation_y(yaw) * Vec3::X;
    let away = Quat::from_rotation_y(yaw) * Vec3::NEG_Z;
    let mut framing = Framing {
        radius: 20.0,
        focus: Vec3::ZERO,
    };
    for _ in 0..60 {
        let transform = orbit_transform(yaw, pitch, framing.radius, framing.focus);
        let Some(bounds) = projected_bounds(&points, &transform, window, fov) else {
            framing.radius *= 1.5;
            continue;
        };
        let too_big = (bounds.width() / target.width()).max(bounds.height() / target.height());
        let off = target.center() - bounds.center();
        let world_per_pixel = 2.0 * framing.radius * (fov / 2.0).tan() / window.y;
        framing.focus -= right * (off.x * world_per_pixel);
        framing.focus += away * (off.y * world_per_pixel / pitch.sin().max(0.2));
        framing.radius *= too_big;
    }
    framing
}

/// The framing solved last: for which layout, view and facing, and the focus in the facing's
/// frame (the focus turns with the camera when the player orbits).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
struct Framed {
    solved_for: Option<(ScreenLayout, CameraView, f32)>,
    focus: Vec3,
}

/// Solves the framing when the layout, the view or the facing changed, and keeps the focus
/// turned with the camera's yaw.
fn frame_to_layout(
    layout: Res<ScreenLayout>,
    current: Res<CurrentView>,
    facing: Res<FacingYaw>,
    mut framed: ResMut<Framed>,
    mut cams: Query<(&mut PanOrbitCamera, Option<&Projection>)>,
) {
    for (mut cam, projection) in &mut cams {
        if !cam.initialized {
            return;
        }
        let key = (*layout, current.0, facing.0);
        if framed.solved_for != Some(key) {
            let fov = match projection {
                Some(Projection::Perspective(p)) => p.fov,
                _ => std::f32::consts::FRAC_PI_4,
            };
            let framing = frame_board(
                layout.window,
                layout.board,
                facing.0,
                pitch_of(current.0),
                fov,
            );
            cam.target_radius = framing.radius;
            cam.zoom_upper_limit = Some(framing.radius.max(40.0) * 1.3);
            *framed = Framed {
                solved_for: Some(key),
                focus: framing.focus,
            };
        }
        let focus = Quat::from_rotation_y(cam.target_yaw - facing.0) * framed.focus;
        if cam.target_focus.distance(focus) > 1e-4 {
            cam.target_focus = focus;
        }
    }
}

/// The view requests and the current view; with `orbit`, the orbit camera that shows them
/// (headless apps have no window to orbit in).
pub(crate) struct CameraPlugin {
    pub orbit: bool,
}

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ViewRequest>()
            .init_resource::<CurrentView>()
            .add_systems(Update, track_view.in_set(Frame::Scene));
        if !self.orbit {
            return;
        }
        app.add_plugins(PanOrbitCameraPlugin)
            .init_resource::<PendingYaw>()
            .init_resource::<FacingYaw>()
            .init_resource::<Framed>()
            .add_systems(Startup, spawn_camera)
            .add_systems(
                Update,
                (
                    face_first_person.run_if(on_message::<GameReset>),
                    apply_pending_yaw,
                    glide,
                    frame_to_layout,
                )
                    .chain()
                    .in_set(Frame::Scene),
            )
            .add_systems(PostUpdate, keep_gliding.after(PanOrbitCameraSystemSet));
    }
}

/// The camera needs frames until it reaches where it is headed (a glide, a drag's inertia,
/// a zoom easing in).
fn keep_gliding(cams: Query<&PanOrbitCamera>, mut keep: ResMut<KeepAwake>) {
    let moving = cams.iter().any(|cam| {
        !cam.initialized
            || cam.yaw != Some(cam.target_yaw)
            || cam.pitch != Some(cam.target_pitch)
            || cam.radius != Some(cam.target_radius)
            || cam.focus != cam.target_focus
    });
    keep.hold(Awake::Camera, moving);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::hole_position;
    use crate::layout::ScreenLayout;
    use bevy::camera::{CameraProjection, PerspectiveProjection};
    use starhalma_rules::Hole;

    /// Where `p` lands on a `window`, in logical pixels from the top left, through the camera at
    /// `transform` (Bevy's own perspective projection, as the game's camera uses).
    fn on_screen(p: Vec3, transform: &Transform, window: Vec2) -> Vec2 {
        let projection = PerspectiveProjection {
            aspect_ratio: window.x / window.y,
            ..default()
        };
        let clip = projection.get_clip_from_view() * transform.to_matrix().inverse();
        let ndc = clip.project_point3(p);
        Vec2::new(
            (ndc.x + 1.0) / 2.0 * window.x,
            (1.0 - ndc.y) / 2.0 * window.y,
        )
    }

    #[test]
    fn the_whole_star_is_framed_inside_the_board_for_any_aspect_ratio() {
        let fov = PerspectiveProjection::default().fov;
        let mut aspect = 0.45f32;
        while aspect <= 2.4001 {
            for height in [412.0, 800.0, 1024.0] {
                let window = Vec2::new((height * aspect).round(), height);
                let layout = ScreenLayout::choose(window, true, 60.0);
                for view in [CameraView::Angled, CameraView::TopDown] {
                    for camp in 0..6 {
                        let (yaw, pitch) = (yaw_facing_camp(camp), pitch_of(view));
                        let framing = frame_board(window, layout.board, yaw, pitch, fov);
                        let transform = orbit_transform(yaw, pitch, framing.radius, framing.focus);
                        let mut seen = Rect::EMPTY;
                        for hole in Hole::all() {
                            let base = hole_position(hole);
                            for p in [base, base + Vec3::Y * 0.72] {
                                let at = on_screen(p, &transform, window);
                                assert!(
                                    layout.board.inflate(0.5).contains(at),
                                    "{window} {view:?} camp {camp}: hole {hole} at {at} is outside \
                                     the board's rectangle {:?}",
                                    layout.board
                                );
                                seen = seen.union_point(at);
                            }
                        }
                        // Framed, not merely inside: the star fills the rectangle one way.
                        let fill = (seen.width() / layout.board.width())
                            .max(seen.height() / layout.board.height());
                        assert!(
                            fill > 0.85,
                            "{window} {view:?} camp {camp}: fills only {fill}"
                        );
                    }
                }
            }
            aspect += 0.05;
        }
    }
}

//! The orbit camera: drag to orbit, wheel or two fingers to zoom, limits so the board never flips
//! or disappears; "Angled" and "Top-down" glide between presets; each game starts with the first
//! person's camp nearest. The camera owns the current view ([`CurrentView`]); the settings only
//! read it.

use crate::core::{GameReset, GameSet, Match};
use bevy::prelude::*;
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CameraView {
    #[default]
    Angled,
    TopDown,
}

/// A request to glide to a preset view.
#[derive(Message, Clone, Copy, Debug)]
pub struct ViewRequest(pub CameraView);

/// The preset view last asked for.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CurrentView(pub CameraView);

const ANGLED_PITCH: f32 = 0.95;
const TOP_DOWN_PITCH: f32 = 1.5;

/// The yaw that puts `camp` nearest the viewer. At yaw 0 the camera looks from +Z, where camp
/// 2's tip lies; camp `c`'s tip is at `-30° + 60°·c` around the board.
fn yaw_facing_camp(camp: u8) -> f32 {
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
    ));
}

/// A yaw to glide to once the camera has initialised itself (before that, the orbit camera takes
/// its angles from its transform and would overwrite ours).
#[derive(Resource, Default)]
struct PendingYaw(Option<f32>);

fn face_first_person(state: Res<Match>, mut pending: ResMut<PendingYaw>) {
    let seat = state.first_person().unwrap_or(0);
    pending.0 = Some(yaw_facing_camp(state.game.variant().camp_of(seat)));
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

fn pitch_of(view: CameraView) -> f32 {
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

/// The view requests and the current view; with `orbit`, the orbit camera that shows them
/// (headless apps have no window to orbit in).
pub(crate) struct CameraPlugin {
    pub orbit: bool,
}

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ViewRequest>()
            .init_resource::<CurrentView>()
            .add_systems(Update, track_view.in_set(GameSet::Mirror));
        if !self.orbit {
            return;
        }
        app.add_plugins(PanOrbitCameraPlugin)
            .init_resource::<PendingYaw>()
            .add_systems(Startup, spawn_camera)
            .add_systems(
                Update,
                (
                    face_first_person.run_if(on_message::<GameReset>),
                    apply_pending_yaw,
                    glide,
                )
                    .chain()
                    .in_set(GameSet::Mirror),
            );
    }
}

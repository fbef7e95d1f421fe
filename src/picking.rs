//! Choosing moves on the 3D board: press one of your marbles to lift it and ring every hole it
//! can reach; press a ring to move there. Pressing the same marble again or a hole that is not a
//! destination cancels; pressing another of your marbles changes the selection. A drag (which
//! orbits the camera) never selects or moves.

use crate::board::{HoleSpot, hole_position};
use crate::core::{GameReset, GameSet, Match, MoveApplied, MoveRequest, MoveSource};
use crate::marbles::{Marble, OnHole};
use bevy::picking::events::{Click, Drag, Pointer, Press};
use bevy::prelude::*;
use starhalma_rules::{Hole, Move};

/// The marble a player has picked up and where it can go.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub from: Option<Hole>,
    pub moves: Vec<Move>,
}

impl Selection {
    pub fn destinations(&self) -> impl Iterator<Item = Hole> + '_ {
        self.moves.iter().map(|m| m.to)
    }
}

/// A ring on a hole the selected marble can reach.
#[derive(Component, Clone, Copy, Debug)]
pub struct DestinationRing(pub Hole);

/// Set when the pointer dragged since it was pressed: the click that ends a drag is ignored.
#[derive(Resource, Default)]
pub struct DragGuard(bool);

#[derive(Resource, Clone)]
pub struct RingAssets {
    pub mesh: Handle<Mesh>,
    pub material: Handle<StandardMaterial>,
}

fn create_ring_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(RingAssets {
        mesh: meshes.add(Torus::new(0.2, 0.38)),
        material: materials.add(StandardMaterial {
            base_color: Color::srgb(0.05, 0.85, 0.6),
            emissive: LinearRgba::rgb(0.05, 0.9, 0.55),
            ..default()
        }),
    });
}

/// What a press on `hole` means for the selection: select, reselect, cancel or move.
pub enum PressOutcome {
    Select(Hole),
    Cancel,
    Move(MoveRequest),
    Ignore,
}

/// The selection logic, shared by the board, the button panel and tests.
pub fn press(state: &Match, selection: &Selection, hole: Hole) -> PressOutcome {
    if !state.human_to_move() {
        return PressOutcome::Ignore;
    }
    let seat = state.game.active();
    if let Some(from) = selection.from {
        if selection.destinations().any(|d| d == hole) {
            return PressOutcome::Move(MoveRequest::between(from, hole, MoveSource::Board));
        }
        if from == hole {
            return PressOutcome::Cancel;
        }
    }
    if state.game.position().owner(hole) == Some(seat) {
        return PressOutcome::Select(hole);
    }
    PressOutcome::Cancel
}

/// Apply a press to the selection (and send the move it makes).
pub fn handle_press(
    hole: Hole,
    state: &Match,
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequest>,
) {
    match press(state, selection, hole) {
        PressOutcome::Select(from) => {
            let moves: Vec<Move> = state
                .game
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_pass() && m.from == from)
                .collect();
            *selection = Selection {
                from: Some(from),
                moves,
            };
        }
        PressOutcome::Cancel => *selection = Selection::default(),
        PressOutcome::Move(request) => {
            requests.write(request);
            *selection = Selection::default();
        }
        PressOutcome::Ignore => {}
    }
}

fn on_press(_: On<Pointer<Press>>, mut guard: ResMut<DragGuard>) {
    guard.0 = false;
}

fn on_drag(_: On<Pointer<Drag>>, mut guard: ResMut<DragGuard>) {
    guard.0 = true;
}

/// A click on a marble, a hole or a ring: the hole it names goes to `handle_press`.
#[allow(clippy::too_many_arguments)]
fn on_click(
    click: On<Pointer<Click>>,
    guard: Res<DragGuard>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    marbles: Query<&OnHole, With<Marble>>,
    spots: Query<&HoleSpot>,
    rings: Query<&DestinationRing>,
) {
    if guard.0 || click.button != PointerButton::Primary {
        return;
    }
    let target = click.entity;
    let hole = marbles
        .get(target)
        .map(|h| h.0)
        .or_else(|_| spots.get(target).map(|h| h.0))
        .or_else(|_| rings.get(target).map(|r| r.0));
    if let Ok(hole) = hole {
        handle_press(hole, &state, &mut selection, &mut requests);
    }
}

/// Forget the selection when the game moves on.
fn clear_selection(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<GameReset>,
    mut selection: ResMut<Selection>,
) {
    if applied.read().count() + resets.read().count() > 0 && *selection != Selection::default() {
        *selection = Selection::default();
    }
}

/// Rings follow the selection; the selected marble is lifted.
fn show_selection(
    mut commands: Commands,
    selection: Res<Selection>,
    assets: Res<RingAssets>,
    rings: Query<Entity, With<DestinationRing>>,
    mut marbles: Query<(&Marble, &OnHole, &mut Transform), Without<bevy_tweening::TweenAnim>>,
) {
    if !selection.is_changed() {
        return;
    }
    for e in &rings {
        commands.entity(e).despawn();
    }
    for to in selection.destinations() {
        commands.spawn((
            DestinationRing(to),
            Mesh3d(assets.mesh.clone()),
            MeshMaterial3d(assets.material.clone()),
            Transform::from_translation(hole_position(to) + Vec3::Y * 0.03),
        ));
    }
    for (marble, on, mut transform) in &mut marbles {
        let rest = crate::marbles::rest_position(on.0, marble.king);
        let lifted = Some(on.0) == selection.from;
        transform.translation.y = if lifted { rest.y + 0.35 } else { rest.y };
    }
}

pub struct BoardPickingPlugin;

impl Plugin for BoardPickingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .init_resource::<DragGuard>()
            .add_systems(Startup, create_ring_assets)
            .add_observer(on_press)
            .add_observer(on_drag)
            .add_observer(on_click)
            .add_systems(
                Update,
                (clear_selection, show_selection)
                    .chain()
                    .in_set(GameSet::Mirror),
            );
    }
}

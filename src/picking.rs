//! Choosing moves on the 3D board: press one of your marbles to lift it and ring every hole it
//! can reach; hover a ring to preview the route, press it to move there. On touch the first tap
//! on a ring previews and a second tap on it moves. Pressing the same marble again or a hole that
//! is not a destination cancels; pressing another of your marbles changes the selection. A drag
//! (which orbits the camera) never selects or moves.

use crate::board::HoleSpot;
use crate::core::{
    GameReset, GameSet, MOVE_PREFERENCE, Match, MoveApplied, MoveRequest, MoveSource,
};
use crate::marbles::{Marble, OnHole};
use crate::marks::DestinationRing;
use bevy::picking::events::{Click, Drag, Out, Over, Pointer, Press};
use bevy::prelude::*;
use starhalma_rules::{Game, Hole, Move};

/// The marble a player has picked up, where it can go, and the destination being previewed.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub from: Option<Hole>,
    pub moves: Vec<Move>,
    /// The destination under the pointer (mouse) or tapped once (touch): its route is drawn.
    pub preview: Option<Hole>,
}

impl Selection {
    pub fn destinations(&self) -> impl Iterator<Item = Hole> + '_ {
        self.moves.iter().map(|m| m.to)
    }

    /// The marble on `from` picked up, with its legal moves.
    pub fn for_marble(game: &Game, from: Hole) -> Selection {
        Selection {
            from: Some(from),
            moves: game
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_pass() && m.from == from)
                .collect(),
            preview: None,
        }
    }

    /// The move a press on `to` makes, chosen as `core::resolve` chooses.
    pub fn move_to(&self, to: Hole) -> Option<Move> {
        MOVE_PREFERENCE.into_iter().find_map(|kind| {
            self.moves
                .iter()
                .copied()
                .find(|m| m.to == to && m.kind == kind)
        })
    }
}

/// Set when the pointer dragged since it was pressed: the click that ends a drag is ignored.
#[derive(Resource, Default)]
pub struct DragGuard(bool);

/// How a press was made: a touch previews before it moves; the panel (and the keyboard on it)
/// sends its moves as the panel's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressKind {
    Mouse,
    Touch,
    Panel,
}

impl PressKind {
    fn source(self) -> MoveSource {
        match self {
            PressKind::Mouse | PressKind::Touch => MoveSource::Board,
            PressKind::Panel => MoveSource::Panel,
        }
    }
}

/// What a press on `hole` means for the selection: select, reselect, cancel or move.
pub enum PressOutcome {
    Select(Hole),
    Preview(Hole),
    Cancel,
    Move(MoveRequest),
    Ignore,
}

/// The selection logic, shared by the board, the button panel and tests.
pub fn press(state: &Match, selection: &Selection, hole: Hole, kind: PressKind) -> PressOutcome {
    if !state.human_to_move() {
        return PressOutcome::Ignore;
    }
    let seat = state.game.active();
    if let Some(from) = selection.from {
        if selection.destinations().any(|d| d == hole) {
            if kind == PressKind::Touch && selection.preview != Some(hole) {
                return PressOutcome::Preview(hole);
            }
            return PressOutcome::Move(MoveRequest::between(from, hole, kind.source()));
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
    kind: PressKind,
    state: &Match,
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequest>,
) {
    match press(state, selection, hole, kind) {
        PressOutcome::Select(from) => *selection = Selection::for_marble(&state.game, from),
        PressOutcome::Preview(to) => selection.preview = Some(to),
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

/// The hole a marble, hole disc or ring entity stands for.
fn hole_of(
    entity: Entity,
    marbles: &Query<&OnHole, With<Marble>>,
    spots: &Query<&HoleSpot>,
    rings: &Query<&DestinationRing>,
) -> Option<Hole> {
    marbles
        .get(entity)
        .map(|h| h.0)
        .or_else(|_| spots.get(entity).map(|h| h.0))
        .or_else(|_| rings.get(entity).map(|r| r.0))
        .ok()
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
    let kind = if click.pointer_id.is_touch() {
        PressKind::Touch
    } else {
        PressKind::Mouse
    };
    if let Some(hole) = hole_of(click.entity, &marbles, &spots, &rings) {
        handle_press(hole, kind, &state, &mut selection, &mut requests);
    }
}

/// A mouse over a destination previews its route (touch previews with a first tap instead).
fn on_over(
    over: On<Pointer<Over>>,
    mut selection: ResMut<Selection>,
    marbles: Query<&OnHole, With<Marble>>,
    spots: Query<&HoleSpot>,
    rings: Query<&DestinationRing>,
) {
    if over.pointer_id.is_touch() || selection.from.is_none() {
        return;
    }
    let Some(hole) = hole_of(over.entity, &marbles, &spots, &rings) else {
        return;
    };
    if selection.move_to(hole).is_some() && selection.preview != Some(hole) {
        selection.preview = Some(hole);
    }
}

/// Leaving the previewed destination ends the preview.
fn on_out(
    out: On<Pointer<Out>>,
    mut selection: ResMut<Selection>,
    marbles: Query<&OnHole, With<Marble>>,
    spots: Query<&HoleSpot>,
    rings: Query<&DestinationRing>,
) {
    if out.pointer_id.is_touch() {
        return;
    }
    let hole = hole_of(out.entity, &marbles, &spots, &rings);
    if hole.is_some() && selection.preview == hole {
        selection.preview = None;
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

/// The selected marble is lifted.
fn lift_selected(
    selection: Res<Selection>,
    mut marbles: Query<(&Marble, &OnHole, &mut Transform), Without<bevy_tweening::TweenAnim>>,
) {
    if !selection.is_changed() {
        return;
    }
    for (marble, on, mut transform) in &mut marbles {
        let rest = crate::marbles::rest_position(on.0, marble.king);
        let y = if Some(on.0) == selection.from {
            rest.y + 0.35
        } else {
            rest.y
        };
        if transform.translation.y != y {
            transform.translation.y = y;
        }
    }
}

/// Where the selection is brought up to date; marks that follow it run after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SelectionSet;

pub struct BoardPickingPlugin;

impl Plugin for BoardPickingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .init_resource::<DragGuard>()
            .add_observer(on_press)
            .add_observer(on_drag)
            .add_observer(on_click)
            .add_observer(on_over)
            .add_observer(on_out)
            .add_systems(
                Update,
                (clear_selection, lift_selected)
                    .chain()
                    .in_set(GameSet::Mirror)
                    .in_set(SelectionSet),
            );
    }
}

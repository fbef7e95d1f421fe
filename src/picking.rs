//! Pointer input on the 3D board (observers only): press one of your marbles to lift it and ring
//! every hole it can reach; hover a ring to preview the route, press it to move there. On touch
//! the first tap on a ring previews and a second tap on it moves. A drag (which orbits the
//! camera) never selects or moves. What a press means is the selection model's
//! ([`crate::selection::press`]).

use crate::board::HoleSpot;
use crate::core::{Match, MoveRequest};
use crate::marbles::{Marble, OnHole};
use crate::marks::DestinationRing;
use crate::selection::{PressKind, Selection, handle_press};
use bevy::picking::events::{Click, Drag, Out, Over, Pointer, Press};
use bevy::prelude::*;
use starhalma_rules::Hole;

/// Set when the pointer dragged since it was pressed: the click that ends a drag is ignored.
#[derive(Resource, Default)]
struct DragGuard(bool);

fn on_press(_: On<Pointer<Press>>, mut guard: ResMut<DragGuard>) {
    guard.0 = false;
}

fn on_drag(_: On<Pointer<Drag>>, mut guard: ResMut<DragGuard>) {
    guard.0 = true;
}

/// What a pointer event can land on: a marble, a hole disc or a ring, each naming its hole.
#[derive(bevy::ecs::system::SystemParam)]
struct HoleTargets<'w, 's> {
    marbles: Query<'w, 's, &'static OnHole, With<Marble>>,
    spots: Query<'w, 's, &'static HoleSpot>,
    rings: Query<'w, 's, &'static DestinationRing>,
}

impl HoleTargets<'_, '_> {
    /// The hole a marble, hole disc or ring entity stands for.
    fn hole_of(&self, entity: Entity) -> Option<Hole> {
        self.marbles
            .get(entity)
            .map(|h| h.0)
            .or_else(|_| self.spots.get(entity).map(|h| h.0))
            .or_else(|_| self.rings.get(entity).map(|r| r.0))
            .ok()
    }
}

/// A click on a marble, a hole or a ring: the hole it names goes to `handle_press`.
fn on_click(
    click: On<Pointer<Click>>,
    guard: Res<DragGuard>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    targets: HoleTargets,
) {
    if guard.0 || click.button != PointerButton::Primary {
        return;
    }
    let kind = if click.pointer_id.is_touch() {
        PressKind::Touch
    } else {
        PressKind::Mouse
    };
    if let Some(hole) = targets.hole_of(click.entity) {
        handle_press(hole, kind, &state, &mut selection, &mut requests);
    }
}

/// A mouse over a destination previews its route (touch previews with a first tap instead).
fn on_over(over: On<Pointer<Over>>, mut selection: ResMut<Selection>, targets: HoleTargets) {
    if over.pointer_id.is_touch() || selection.from.is_none() {
        return;
    }
    let Some(hole) = targets.hole_of(over.entity) else {
        return;
    };
    if selection.move_to(hole).is_some() && selection.preview != Some(hole) {
        selection.preview = Some(hole);
    }
}

/// Leaving the previewed destination ends the preview.
fn on_out(out: On<Pointer<Out>>, mut selection: ResMut<Selection>, targets: HoleTargets) {
    if out.pointer_id.is_touch() {
        return;
    }
    let hole = targets.hole_of(out.entity);
    if hole.is_some() && selection.preview == hole {
        selection.preview = None;
    }
}

pub(crate) struct BoardPickingPlugin;

impl Plugin for BoardPickingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DragGuard>()
            .add_observer(on_press)
            .add_observer(on_drag)
            .add_observer(on_click)
            .add_observer(on_over)
            .add_observer(on_out);
    }
}

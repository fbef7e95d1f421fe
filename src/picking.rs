//! Pointer input on the 3D board (observers only): press one of your marbles to lift it and ring
//! every hole it can reach; hover a ring to preview the route, press it to move there. On touch
//! the first tap on a ring previews and a second tap on it moves. A drag (which orbits the
//! camera) never selects or moves. What a press means is the selection model's
//! ([`crate::selection::press`]).

use crate::board::HoleSpot;
use crate::frame::{Frame, OnScreen};
use crate::layout::{node_rect, quick_tap};
use crate::marbles::{Marble, OnHole};
use crate::marks::DestinationRing;
use crate::selection::{Choice, PressKind};
use bevy::ecs::system::SystemParam;
use bevy::input::touch::{TouchInput, TouchPhase, Touches};
use bevy::picking::events::{Click, Drag, Out, Over, Pointer, Press};
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
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

/// A click on a marble, a hole or a ring: the hole it names is pressed.
fn on_click(
    click: On<Pointer<Click>>,
    guard: Res<DragGuard>,
    touches: Option<Res<Touches>>,
    mut choices: MessageWriter<Choice>,
    targets: HoleTargets,
) {
    if guard.0 || click.button != PointerButton::Primary {
        return;
    }
    // A tap between two frames is `aim_quick_taps`'s, whatever picking made of it.
    if let (PointerId::Touch(id), Some(touches)) = (click.pointer_id, &touches)
        && quick_tap(touches, id)
    {
        return;
    }
    let kind = if click.pointer_id.is_touch() {
        PressKind::Touch
    } else {
        PressKind::Mouse
    };
    if let Some(hole) = targets.hole_of(click.entity) {
        choices.write(Choice::Press(hole, kind));
    }
}

/// A mouse over a destination previews its route (touch previews with a first tap instead).
fn on_over(over: On<Pointer<Over>>, mut choices: MessageWriter<Choice>, targets: HoleTargets) {
    if over.pointer_id.is_touch() {
        return;
    }
    if let Some(hole) = targets.hole_of(over.entity) {
        choices.write(Choice::Over(hole));
    }
}

/// Leaving the previewed destination ends the preview.
fn on_out(out: On<Pointer<Out>>, mut choices: MessageWriter<Choice>, targets: HoleTargets) {
    if out.pointer_id.is_touch() {
        return;
    }
    if let Some(hole) = targets.hole_of(out.entity) {
        choices.write(Choice::Out(hole));
    }
}

/// Interface nodes with what decides whether a tap stops on them.
type TapStoppers<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
        Option<&'static Pickable>,
        Option<&'static BackgroundColor>,
        Has<Button>,
    ),
>;

/// A tap that begins and ends between two frames (a quick finger on a slow frame) gives picking
/// no frame in which its pointer exists, so no click reaches the board: such a tap is aimed
/// here, through the camera, at the first marble, hole or ring under it (and `on_click` leaves
/// such taps alone, whatever picking made of them). Taps on the interface are its own.
/// What a quick tap is aimed through: the camera, the interface that may stop it, and the
/// scene's meshes with the holes they name.
#[derive(SystemParam)]
struct TapAim<'w, 's> {
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    nodes: TapStoppers<'w, 's>,
    parents: Query<'w, 's, &'static ChildOf>,
    pickables: Query<'w, 's, &'static Pickable>,
    ray_cast: MeshRayCast<'w, 's>,
    targets: HoleTargets<'w, 's>,
}

fn aim_quick_taps(
    mut touches_in: MessageReader<TouchInput>,
    touches: Res<Touches>,
    on_screen: Res<OnScreen>,
    aim: TapAim,
    mut choices: MessageWriter<Choice>,
) {
    let TapAim {
        cameras,
        nodes,
        parents,
        pickables,
        mut ray_cast,
        targets,
    } = aim;
    let Ok((camera, at)) = cameras.single() else {
        touches_in.clear();
        return;
    };
    if !on_screen.0 {
        touches_in.clear();
        return;
    }
    for touch in touches_in.read() {
        if touch.phase != TouchPhase::Ended || !quick_tap(&touches, touch.id) {
            continue;
        }
        // What would stop picking: a button, or a backed node that does not let taps through
        // (the menu, a rules page, the game-over panel).
        let on_interface = nodes
            .iter()
            .any(|(node, place, visible, pickable, back, button)| {
                let blocks = button
                    || (back.is_some_and(|b| b.0.alpha() > 0.0)
                        && pickable.is_none_or(|p| p.should_block_lower));
                blocks && visible.get() && node_rect(node, place).contains(touch.position)
            });
        if on_interface {
            continue;
        }
        let Ok(ray) = camera.viewport_to_world(at, touch.position) else {
            continue;
        };
        // The first hit that names a hole, itself or through a parent (a marble's symbol).
        // What picking would see: not the route's dots or the see-through landing marble.
        let seen = |entity: Entity| pickables.get(entity).map_or(true, |p| p.is_hoverable);
        let hole = ray_cast
            .cast_ray(ray, &MeshRayCastSettings::default().with_filter(&seen))
            .iter()
            .find_map(|(entity, _)| {
                std::iter::once(*entity)
                    .chain(parents.iter_ancestors(*entity))
                    .find_map(|e| targets.hole_of(e))
            });
        if let Some(hole) = hole {
            choices.write(Choice::Press(hole, PressKind::Touch));
        }
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
            .add_observer(on_out)
            .add_message::<TouchInput>()
            .add_systems(
                PreUpdate,
                aim_quick_taps
                    .run_if(resource_exists::<Touches>)
                    .in_set(Frame::QuickTaps),
            );
    }
}

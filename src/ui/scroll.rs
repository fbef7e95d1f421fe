//! Scrolling: the wheel and a finger's drag move the content of the scrolling node under the
//! pointer (the menu on a short screen, How to play's page, the game-over words, the controls
//! panel's list), the one drawn on top where they nest.

use super::Screen;
use crate::frame::Frame;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform, UiStack};
use bevy::window::PrimaryWindow;

/// A node whose overflow scrolls.
#[derive(Component, Default)]
#[require(ScrollPosition)]
pub(super) struct Scrolls;

/// Pixels one notch of a mouse wheel scrolls.
const WHEEL_LINE: f32 = 32.0;

type ScrollNode<'a> = (
    Entity,
    Option<&'a ComputedNode>,
    Option<&'a UiGlobalTransform>,
    &'a mut ScrollPosition,
);

fn scroll_under_pointer(
    mut wheel: MessageReader<MouseWheel>,
    touches: Option<Res<Touches>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    stack: Option<Res<UiStack>>,
    mut nodes: Query<ScrollNode, With<Scrolls>>,
) {
    let cursor = windows
        .single()
        .ok()
        .and_then(Window::physical_cursor_position);
    let mut moves: Vec<(Option<Vec2>, f32)> = Vec::new();
    for event in wheel.read() {
        let by = -match event.unit {
            MouseScrollUnit::Line => event.y * WHEEL_LINE,
            MouseScrollUnit::Pixel => event.y,
        };
        moves.push((cursor, by));
    }
    if let Some(touches) = touches {
        let scale = windows.single().map_or(1.0, Window::scale_factor);
        for touch in touches.iter() {
            if touch.delta().y != 0.0 {
                moves.push((Some(touch.position() * scale), -touch.delta().y));
            }
        }
    }
    if moves.is_empty() {
        return;
    }
    // Back to front: the last node under the pointer is the one the player sees.
    let order = |entity: Entity| {
        stack
            .as_ref()
            .and_then(|s| s.uinodes.iter().position(|e| *e == entity))
            .unwrap_or(0)
    };
    for (at, by) in moves {
        let under = |node: Option<&ComputedNode>, place: Option<&UiGlobalTransform>| match (
            at, node, place,
        ) {
            (Some(at), Some(node), Some(place)) => {
                Rect::from_center_size(place.translation, node.size).contains(at)
            }
            // No pointer position or no layout (a headless app): every scrolling node.
            _ => true,
        };
        let target = nodes
            .iter()
            .filter(|(_, node, place, _)| under(*node, *place))
            .max_by_key(|(entity, ..)| order(*entity))
            .map(|(entity, ..)| entity);
        if let Some(target) = target
            && let Ok((.., mut scroll)) = nodes.get_mut(target)
        {
            // Bevy's layout keeps the position within the content.
            scroll.y = (scroll.y + by).max(0.0);
        }
    }
}

pub(super) struct ScrollPlugin;

impl Plugin for ScrollPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MouseWheel>().add_systems(
            Update,
            scroll_under_pointer
                .run_if(in_state(Screen::Menu).or_eager(in_state(Screen::Playing)))
                .in_set(Frame::Buttons),
        );
    }
}

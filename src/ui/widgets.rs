//! The pieces every screen is built from: buttons in three sizes, their colours, and the
//! keyboard's focus.

use super::theme::{BUTTON_BACKGROUND, BUTTON_BORDER, BUTTON_SELECTED, TEXT};
use crate::layout::quick_tap;
use crate::locale::{Phrase, Say};
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;

/// A button pressed for one frame by something bevy_ui's focus system does not see (Enter on
/// the focused button, a tap shorter than a frame): released on the next frame.
#[derive(Component)]
pub(super) struct PressedForAFrame;

/// Release what was pressed for a frame.
pub(super) fn release_presses(
    mut commands: Commands,
    mut pressed: Query<(Entity, &mut Interaction), With<PressedForAFrame>>,
) {
    for (entity, mut interaction) in &mut pressed {
        *interaction = Interaction::None;
        commands.entity(entity).remove::<PressedForAFrame>();
    }
}

/// A tap that begins and ends within one frame (a quick finger on a slow frame) never shows
/// as a pressed touch to bevy_ui's focus system, which looks for touches still down; picking
/// still sees its click, which presses the button here.
pub(super) fn press_quick_taps(
    mut commands: Commands,
    mut clicks: MessageReader<Pointer<Click>>,
    touches: Option<Res<Touches>>,
    mut buttons: Query<&mut Interaction, With<Button>>,
) {
    let Some(touches) = touches else {
        clicks.clear();
        return;
    };
    for click in clicks.read() {
        let PointerId::Touch(id) = click.pointer_id else {
            continue;
        };
        if quick_tap(&touches, id)
            && let Ok(mut interaction) = buttons.get_mut(click.entity)
        {
            *interaction = Interaction::Pressed;
            commands.entity(click.entity).insert(PressedForAFrame);
        }
    }
}

/// A button the keyboard can reach, in `order`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Focusable(pub u32);

/// The button the keyboard is on.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Focus(pub Option<Entity>);

/// How big a button is: menu and HUD, the controls panel, the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ButtonSize {
    Large,
    Medium,
    Small,
}

/// A button with a text label; `action` is the component its handler looks for.
pub(super) fn styled_button(
    label: Phrase,
    action: impl Component,
    size: ButtonSize,
    background: Color,
) -> impl Bundle {
    let (padding, margin, border, font) = match size {
        ButtonSize::Large => (UiRect::axes(px(12), px(6)), 3, 1, 18.0),
        ButtonSize::Medium => (UiRect::axes(px(10), px(4)), 2, 2, 16.0),
        ButtonSize::Small => (UiRect::axes(px(8), px(3)), 2, 1, 15.0),
    };
    (
        Button,
        action,
        // Never wider than its row: a long label (Nepali, on a phone) wraps inside it.
        Node {
            padding,
            margin: UiRect::all(px(margin)),
            border: UiRect::all(px(border)),
            justify_content: JustifyContent::Center,
            max_width: percent(100),
            ..default()
        },
        BackgroundColor(background),
        BorderColor::all(BUTTON_BORDER),
        children![(
            Say(label),
            Text::default(),
            TextFont::from_font_size(font),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
    )
}

/// A button's background: highlighted when `selected`.
pub(super) fn button_colour(selected: bool) -> Color {
    if selected {
        BUTTON_SELECTED
    } else {
        BUTTON_BACKGROUND
    }
}

/// A large button (menu, HUD, game-over panel), highlighted when `selected`.
pub(super) fn large_button(label: Phrase, action: impl Component, selected: bool) -> impl Bundle {
    styled_button(label, action, ButtonSize::Large, button_colour(selected))
}

/// A large button the keyboard can reach, in `order`.
pub(super) fn focusable_button(
    label: Phrase,
    action: impl Component,
    selected: bool,
    order: u32,
) -> impl Bundle {
    (large_button(label, action, selected), Focusable(order))
}

/// A line of text that pointers pass through.
pub(super) fn label(text: Phrase, size: f32, color: Color) -> impl Bundle {
    (
        Say(text),
        Text::default(),
        TextFont::from_font_size(size),
        TextColor(color),
        Pickable::IGNORE,
    )
}

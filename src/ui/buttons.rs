//! A button carries its own action: a component of its screen's action type (`MainButton` on
//! the menu's main page, `GameButton` on the game screen, ...). Pressing it (a pointer, Enter
//! on the focused button, a page button, a quick tap) sends [`Pressed`] of that type, which only
//! its screen's handler reads; every press also sends the payload-free [`ButtonPressed`] for the
//! few rules that follow any press (the More sheet closes, "I'm back", an unanswered question
//! is dropped).

use crate::frame::Frame;
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use std::fmt::Debug;

/// A screen's button actions: one enum (or unit struct) per screen, carried by its buttons.
pub trait ButtonAction:
    Component<Mutability = Mutable> + Copy + PartialEq + Debug + Send + Sync + 'static
{
}

impl<T> ButtonAction for T where
    T: Component<Mutability = Mutable> + Copy + PartialEq + Debug + Send + Sync + 'static
{
}

/// A button of action type `A` pressed (or the key standing for it).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Pressed<A: ButtonAction>(pub A);

/// Some button was pressed, whichever.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ButtonPressed;

/// A button's action as words for developers (`Start`, `CycleSeat(1)`): the web page's probe
/// and the browser tests find buttons by it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonName(pub String);

/// Buttons of type `A` pressed by a pointer or by Enter.
fn press_buttons<A: ButtonAction>(
    interactions: Query<(&Interaction, &A), Changed<Interaction>>,
    mut pressed: MessageWriter<Pressed<A>>,
    mut any: MessageWriter<ButtonPressed>,
) {
    for (interaction, &action) in &interactions {
        if *interaction == Interaction::Pressed {
            pressed.write(Pressed(action));
            any.write(ButtonPressed);
        }
    }
}

/// A button's name follows its action (a table's Sit that turns into Watch is renamed).
fn name_button<A: ButtonAction>(
    inserted: On<Insert, A>,
    actions: Query<&A>,
    mut commands: Commands,
) {
    if let Ok(action) = actions.get(inserted.entity) {
        commands
            .entity(inserted.entity)
            .insert(ButtonName(format!("{action:?}")));
    }
}

/// Registers a screen's action type: its presses become `Pressed<A>`.
pub(crate) trait AddButtons {
    fn add_buttons<A: ButtonAction>(&mut self) -> &mut Self;
}

impl AddButtons for App {
    fn add_buttons<A: ButtonAction>(&mut self) -> &mut Self {
        self.add_message::<Pressed<A>>()
            .add_observer(name_button::<A>)
            .add_systems(Update, press_buttons::<A>.in_set(Frame::Buttons))
    }
}

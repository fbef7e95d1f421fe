//! The keyboard: arrows (or Tab) move the focus over the buttons it can reach, Enter or Space
//! presses the focused one, Escape goes back to choosing a marble; shortcuts U undo, P pass,
//! H hint, F1 how to play, A / T the angled and top-down views, C shows or hides the panel, B hides or shows
//! the 3D board, M mutes, N starts a new game once this one is over. The focused button wears
//! a bright border, so the focus is always visible.

use super::buttons::{ButtonPressed, Pressed};
use super::how_to_play::ModalFocus;
use super::play_online::not_typing;
use super::theme::{BUTTON_BORDER, FOCUS_BORDER};
use super::widgets::{Focus, Focusable, PressedForAFrame, press_quick_taps, release_presses};
use super::{GameButton, Screen, ViewButton};
use crate::camera::CameraView;
use crate::core::Match;
use crate::frame::Frame;
use crate::selection::Choice;
use bevy::prelude::*;

/// The shortcut keys of the game screen's own buttons.
const GAME_KEYS: [(KeyCode, GameButton); 4] = [
    (KeyCode::KeyU, GameButton::Undo),
    (KeyCode::KeyP, GameButton::Pass),
    (KeyCode::KeyH, GameButton::Hint),
    (KeyCode::KeyN, GameButton::PlayAgain),
];

/// The shortcut keys of how the game is shown and heard.
const VIEW_KEYS: [(KeyCode, ViewButton); 7] = [
    (KeyCode::KeyA, ViewButton::View(CameraView::Angled)),
    (KeyCode::KeyT, ViewButton::View(CameraView::TopDown)),
    (KeyCode::KeyC, ViewButton::TogglePanel),
    (KeyCode::KeyB, ViewButton::ToggleBoard),
    (KeyCode::KeyL, ViewButton::ToggleNotation),
    (KeyCode::KeyM, ViewButton::ToggleSound),
    (KeyCode::KeyS, ViewButton::ToggleSymbols),
];

fn any_key_pressed(keys: Res<ButtonInput<KeyCode>>) -> bool {
    keys.get_just_pressed().next().is_some()
}

/// Focus moves and Enter presses.
fn move_focus_and_press(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut focus: ResMut<Focus>,
    mut focusables: Query<(Entity, &Focusable, &mut Interaction, &Node, Has<ModalFocus>)>,
) {
    let shown = |node: &Node| node.display != Display::None;
    // A screen drawn over the others (How to play) keeps the keyboard to itself.
    let modal = focusables
        .iter()
        .any(|(.., node, modal)| modal && shown(node));
    let mut ring: Vec<(Focusable, Entity)> = focusables
        .iter()
        .filter(|(.., node, in_modal)| shown(node) && (!modal || *in_modal))
        .map(|(e, f, ..)| (*f, e))
        .collect();
    ring.sort();
    let at = focus.0.and_then(|f| ring.iter().position(|&(_, e)| e == f));
    let step = |delta: isize| -> Option<Entity> {
        if ring.is_empty() {
            return None;
        }
        let n = ring.len() as isize;
        let i = match at {
            Some(i) => (i as isize + delta).rem_euclid(n),
            None => 0,
        };
        Some(ring[i as usize].1)
    };
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::ArrowRight, KeyCode::Tab]) {
        focus.0 = step(1);
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowLeft]) {
        focus.0 = step(-1);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        let target = focus.0.filter(|f| ring.iter().any(|&(_, e)| e == *f));
        if let Some(target) = target.or_else(|| step(0))
            && let Ok((entity, _, mut interaction, ..)) = focusables.get_mut(target)
        {
            *interaction = Interaction::Pressed;
            commands.entity(entity).insert(PressedForAFrame);
        }
    }
}

/// The game screen's shortcuts; Escape puts a chosen marble back. N starts a new game only once
/// this one is over, never by a slip mid-game.
fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<Match>,
    mut choices: MessageWriter<Choice>,
    (mut game, mut view, mut any): (
        MessageWriter<Pressed<GameButton>>,
        MessageWriter<Pressed<ViewButton>>,
        MessageWriter<ButtonPressed>,
    ),
) {
    if keys.just_pressed(KeyCode::Escape) {
        choices.write(Choice::PutBack);
    }
    // A shortcut counts as its button's press (it closes the More sheet, says "I'm back").
    for (key, action) in GAME_KEYS {
        let slip = action == GameButton::PlayAgain && !state.game.is_over();
        if keys.just_pressed(key) && !slip {
            game.write(Pressed(action));
            any.write(ButtonPressed);
        }
    }
    for (key, action) in VIEW_KEYS {
        if keys.just_pressed(key) {
            view.write(Pressed(action));
            any.write(ButtonPressed);
        }
    }
}

/// The focused button wears the focus border, the others their own.
fn show_focus(focus: Res<Focus>, mut buttons: Query<(Entity, &mut BorderColor), With<Focusable>>) {
    for (entity, mut border) in &mut buttons {
        let color = if Some(entity) == focus.0 {
            FOCUS_BORDER
        } else {
            BUTTON_BORDER
        };
        border.set_if_neq(BorderColor::all(color));
    }
}

pub(super) struct KeyboardPlugin;

impl Plugin for KeyboardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ButtonInput<KeyCode>>()
            // A button pressed for a frame (by a key, a quick tap or the web page) is released
            // before anything of the next frame presses another: in `PreUpdate`, so a press
            // from the page in the same frame cannot be undone by the release of the last.
            .add_systems(
                PreUpdate,
                release_presses
                    .run_if(any_with_component::<PressedForAFrame>)
                    .in_set(Frame::QuickTaps),
            )
            .add_systems(
                Update,
                (
                    (
                        press_quick_taps,
                        (
                            move_focus_and_press,
                            shortcuts.run_if(in_state(Screen::Playing)),
                        )
                            .chain()
                            .run_if(any_key_pressed)
                            // Keys typed into a text field are its own.
                            .run_if(not_typing),
                    )
                        .chain()
                        .in_set(Frame::Keys),
                    show_focus
                        .run_if(
                            resource_changed::<Focus>
                                .or_eager(any_match_filter::<Added<Focusable>>),
                        )
                        .in_set(Frame::Hud),
                ),
            );
    }
}

//! The panel shown when a game ends (once the last move has landed): the result as the rules
//! state it (the winner or a draw, and where the rules place players, with marbles home and
//! distance to go), the rule that decided it (with a link to its explanation), and Play again
//! (Rematch online) / Change mode.

use super::hud::describe_turn;
use super::theme::{RESULT_BACKGROUND, RESULT_BORDER, SOFT_TEXT, TEXT, size};
use super::widgets::{focusable_button, label};
use super::{Screen, UiAction};
use crate::core::Match;
use crate::frame::{Animating, Frame};
use crate::locale::Phrase;
use bevy::prelude::*;
use starhalma_locale::id;

/// The game-over panel.
#[derive(Component)]
pub struct GameOverPanel;

/// The result lines of a finished game, as its rules state it (starhalma-guide's outcome): who
/// won and how, or a draw, then the places where the rules place players.
fn result_lines(state: &Match) -> Vec<Phrase> {
    let variant = state.game.variant();
    let mut lines = vec![describe_turn(state, false)];
    if let Some(outcome) = starhalma_guide::outcome(&state.game) {
        lines.extend(
            outcome
                .places
                .iter()
                .map(|line| Phrase::from_line(line, variant)),
        );
    }
    lines
}

/// Show the panel when the game is over and still; remove it when a new game starts.
fn show_game_over(
    mut commands: Commands,
    state: Res<Match>,
    animating: Res<Animating>,
    panels: Query<Entity, With<GameOverPanel>>,
) {
    let wanted = state.game.is_over() && !animating.0;
    if wanted != panels.is_empty() {
        return;
    }
    for e in &panels {
        commands.entity(e).despawn();
    }
    if !wanted {
        return;
    }
    let panel = commands
        .spawn((
            GameOverPanel,
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                left: percent(50),
                top: percent(40),
                margin: UiRect::left(px(-170)),
                width: px(340),
                padding: UiRect::all(px(16)),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(6),
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(RESULT_BACKGROUND),
            BorderColor::all(RESULT_BORDER),
        ))
        .id();
    for (i, line) in result_lines(&state).into_iter().enumerate() {
        let text_size = if i == 0 {
            size::RESULT
        } else {
            size::PROMINENT
        };
        commands
            .entity(panel)
            .with_child(label(line, text_size, TEXT));
    }
    // When a rule decided the game, say which, with the way to its explanation.
    let why = starhalma_guide::outcome(&state.game).and_then(|outcome| outcome.why);
    if let Some((why, decision)) = &why {
        commands.entity(panel).with_children(|panel| {
            panel.spawn((
                Node {
                    max_width: px(300),
                    ..default()
                },
                children![label(
                    Phrase::from_line(why, state.game.variant()),
                    size::BODY,
                    SOFT_TEXT
                )],
            ));
            panel.spawn(focusable_button(
                Phrase::msg(id::BUTTON_HOW_DECIDED),
                UiAction::RulesTopic(decision.topic),
                false,
                999,
            ));
        });
    }
    commands.entity(panel).with_child((
        Node {
            flex_direction: FlexDirection::Row,
            margin: UiRect::top(px(8)),
            ..default()
        },
        children![
            focusable_button(
                Phrase::msg(id::BUTTON_PLAY_AGAIN),
                UiAction::PlayAgain,
                true,
                1000
            ),
            focusable_button(
                Phrase::msg(id::BUTTON_REMATCH),
                UiAction::Rematch,
                true,
                1000
            ),
            focusable_button(
                Phrase::msg(id::BUTTON_CHANGE_MODE),
                UiAction::ChangeMode,
                false,
                1001
            ),
        ],
    ));
}

pub(super) struct GameOverPlugin;

impl Plugin for GameOverPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            show_game_over
                .run_if(resource_changed::<Match>.or_eager(resource_changed::<Animating>))
                .in_set(Frame::Hud)
                .run_if(in_state(Screen::Playing)),
        );
    }
}

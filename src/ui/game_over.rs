//! The panel shown when a game ends (once the last move has landed): the winner or a draw, the
//! ranking with three or more players, the rule that decided it (with a link to its
//! explanation), and Play again (Rematch online) / Change mode.

use super::hud::describe_turn;
use super::theme::{RESULT_BACKGROUND, RESULT_BORDER, SOFT_TEXT, TEXT, size};
use super::widgets::{focusable_button, label};
use super::{Screen, UiAction};
use crate::core::Match;
use crate::frame::{Animating, Frame};
use crate::locale::{Glue, Phrase, colour_name};
use bevy::prelude::*;
use starhalma_guide::{Among, Decided, Decision};
use starhalma_locale::id;
use starhalma_rules::Status;

/// The game-over panel.
#[derive(Component)]
pub struct GameOverPanel;

/// The result lines of a finished game: the winner or a draw, then the ranking with 3+ players.
fn result_lines(state: &Match) -> Vec<Phrase> {
    let game = &state.game;
    let variant = game.variant();
    let mut lines = vec![describe_turn(state, false)];
    let ranked_in_title = matches!(game.status(), Status::Ranked { .. } | Status::Draw { .. });
    if variant.players() > 2 && !ranked_in_title {
        lines.extend(game.ranking().iter().map(|p| {
            Phrase::msg(id::RANKING_PLACE)
                .with("place", p.place)
                .with("colour", variant.colour(p.seat))
        }));
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
    let decision = starhalma_guide::decision(&state.game);
    if let Some(decision) = &decision {
        commands.entity(panel).with_children(|panel| {
            panel.spawn((
                Node {
                    max_width: px(300),
                    ..default()
                },
                children![label(decided_by(decision, &state), size::BODY, SOFT_TEXT)],
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

/// Why the game ended, in words: a decision of starhalma-guide put into the player's language.
fn decided_by(decision: &Decision, state: &Match) -> Phrase {
    let colour = |seat: u8| colour_name(state.game.variant().colour(seat));
    // "Blue's own move completed it." after the first sentence, when someone else's move did.
    let completed = |sentence: Phrase, by: &Option<u8>| match by {
        Some(seat) => Phrase::msg(id::SENTENCE_PAIR).with("first", sentence).with(
            "second",
            Phrase::msg(id::DECIDED_COMPLETED_BY).with("colour", colour(*seat)),
        ),
        None => sentence,
    };
    match &decision.decided {
        Decided::AntiSpoil {
            winner,
            opposite,
            left,
            turns,
            completed_by,
        } => completed(
            Phrase::msg(id::DECIDED_ANTI_SPOIL)
                .with("winner", colour(*winner))
                .with("opposite", colour(*opposite))
                .with("left", *left)
                .with("turns", *turns),
            completed_by,
        ),
        Decided::Fill {
            winner,
            others,
            completed_by,
        } => completed(
            Phrase::msg(id::DECIDED_FILL)
                .with("winner", colour(*winner))
                .with("others", *others),
            completed_by,
        ),
        Decided::FilledDiamond {
            winner,
            others,
            completed_by,
        } => completed(
            Phrase::msg(id::DECIDED_FILLED_DIAMOND)
                .with("winner", colour(*winner))
                .with("others", *others),
            completed_by,
        ),
        Decided::Resigned {
            resigned,
            winner,
            among,
        } => {
            let sentence = Phrase::msg(id::DECIDED_RESIGNED)
                .with("resigned", colour(*resigned))
                .with("winner", colour(*winner));
            let how = match among {
                None => return sentence,
                Some(Among::Nearest) => id::DECIDED_RESIGNED_NEAREST,
                Some(Among::BestPlaced) => id::DECIDED_RESIGNED_BEST_PLACED,
            };
            Phrase::msg(id::SENTENCE_PAIR)
                .with("first", sentence)
                .with("second", Phrase::msg(how))
        }
        Decided::AllPassedDraw => Phrase::msg(id::DECIDED_ALL_PASSED_DRAW),
        Decided::MoveCapDraw { moves } => {
            Phrase::msg(id::DECIDED_MOVE_CAP_DRAW).with("moves", *moves)
        }
        Decided::Ranked { turn_cap, first } => {
            let first = match first.as_slice() {
                [one] => Phrase::msg(id::DECIDED_FIRST_ONE).with("colour", colour(*one)),
                [init @ .., last] => Phrase::msg(id::DECIDED_FIRST_SHARED)
                    .with(
                        "colours",
                        Phrase::Joined(init.iter().map(|&s| colour(s)).collect(), Glue::List),
                    )
                    .with("last", colour(*last)),
                [] => Phrase::empty(),
            };
            match turn_cap {
                Some(turns) => Phrase::msg(id::DECIDED_RANKED_TURN_CAP).with("turns", *turns),
                None => Phrase::msg(id::DECIDED_RANKED_ALL_PASSED),
            }
            .with("first", first)
        }
    }
}

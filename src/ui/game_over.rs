//! The panel shown when a game ends (once the last move has landed): the result as the rules
//! state it (the winner or a draw, and where the rules place players, with marbles home and
//! distance to go), the rule that decided it (with a link to its explanation), and Play again
//! (Rematch online) / Change mode.

use super::hud::describe_turn;
use super::online::RoomButton;
use super::scroll::Scrolls;
use super::theme::{RESULT_BACKGROUND, RESULT_BORDER, SOFT_TEXT, TEXT, size};
use super::widgets::{focusable_button, label};
use super::{GameButton, HudAction, Screen};
use crate::core::Match;
use crate::frame::{Animating, Frame};
use crate::layout::ScreenLayout;
use crate::locale::{Phrase, colour_name};
use crate::net::{FinishedRecord, Online, Remote};
use bevy::prelude::*;
use starhalma_locale::id;

/// The game-over panel.
#[derive(Component)]
pub struct GameOverPanel;

/// The result lines of a finished game, as its rules state it (starhalma-guide's outcome): who
/// won and how, or a draw, then the places where the rules place players.
fn result_lines(state: &Match, outcome: Option<&starhalma_guide::Outcome>) -> Vec<Phrase> {
    let variant = state.game.variant();
    let mut lines = vec![describe_turn(state, false)];
    if let Some(outcome) = outcome {
        lines.extend(
            outcome
                .places
                .iter()
                .map(|line| Phrase::from_line(line, variant)),
        );
    }
    lines
}

/// Online, once the server has kept the game: each rated player's rating after it, with the
/// change it made ("Asha (Red): rating 1512 (+12)").
fn rating_lines(state: &Match, online: &Online, finished: &FinishedRecord) -> Vec<Phrase> {
    let (Remote::Got(game), Some(record)) = (&finished.game, &online.record) else {
        return Vec::new();
    };
    let variant = state.game.variant();
    // Only the record of the game on the board (never a seat it does not have).
    if finished.id.as_ref() != Some(record)
        || !online.is_online()
        || game.seats.len() != usize::from(variant.players())
    {
        return Vec::new();
    }
    game.seats
        .iter()
        .filter(|seat| seat.seat < variant.players())
        .filter_map(|seat| {
            let (after, change) = (seat.rating_after?, seat.change.clone()?);
            let named = Phrase::msg(id::SEAT_NAMED)
                .with("name", Phrase::Verbatim(seat.name.clone()))
                .with("colour", colour_name(variant.colour(seat.seat)));
            Some(
                Phrase::msg(id::GAME_OVER_RATING)
                    .with("seat", named)
                    .with("rating", after)
                    .with("change", Phrase::Verbatim(change)),
            )
        })
        .collect()
}

/// Show the panel when the game is over and still; remove it when a new game starts; lay it
/// out again for a new window shape, or with the ratings the game moved once they are known.
fn show_game_over(
    mut commands: Commands,
    state: Res<Match>,
    animating: Res<Animating>,
    layout: Res<ScreenLayout>,
    (online, finished): (Res<Online>, Res<FinishedRecord>),
    panels: Query<Entity, With<GameOverPanel>>,
    // The rating lines the panel shows: it is built again only when they change.
    mut shown_ratings: Local<Vec<Phrase>>,
) {
    let wanted = state.game.is_over() && !animating.0;
    let ratings = rating_lines(&state, &online, &finished);
    if wanted != panels.is_empty() && !layout.is_changed() && ratings == *shown_ratings {
        return;
    }
    *shown_ratings = ratings.clone();
    for e in &panels {
        commands.entity(e).despawn();
    }
    if !wanted {
        return;
    }
    // Over everything but How to play (which its "How this was decided" opens), centred in
    // the window whatever its shape; the words scroll when the window is too short for them,
    // the buttons stay in view.
    let shade = commands
        .spawn((
            GameOverPanel,
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                padding: UiRect::all(px(8)),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            GlobalZIndex(40),
            Pickable::IGNORE,
        ))
        .id();
    let panel = commands
        .spawn((
            ChildOf(shade),
            Node {
                width: px(PANEL_WIDTH),
                max_width: percent(100),
                max_height: percent(100),
                padding: UiRect::all(px(if layout.compact { 10 } else { 16 })),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(RESULT_BACKGROUND),
            BorderColor::all(RESULT_BORDER),
        ))
        .id();
    let words = commands
        .spawn((
            ChildOf(panel),
            Node {
                width: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(6),
                flex_shrink: 1.0,
                min_height: px(0),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            Scrolls,
        ))
        .id();
    let headline_size = if layout.compact {
        size::PROMINENT
    } else {
        size::RESULT
    };
    let outcome = starhalma_guide::outcome(&state.game);
    for (i, line) in result_lines(&state, outcome.as_ref())
        .into_iter()
        .enumerate()
    {
        let text_size = if i == 0 { headline_size } else { size::LINE };
        commands
            .entity(words)
            .with_child(label(line, text_size, TEXT));
    }
    for line in ratings {
        commands
            .entity(words)
            .with_child(label(line, size::LINE, TEXT));
    }
    // When a rule decided the game, say which, with the way to its explanation.
    let why = outcome.and_then(|outcome| outcome.why);
    if let Some((why, _)) = &why {
        commands.entity(words).with_child(label(
            Phrase::from_line(why, state.game.variant()),
            size::BODY,
            SOFT_TEXT,
        ));
    }
    let buttons = commands
        .spawn((
            ChildOf(panel),
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                flex_shrink: 0.0,
                margin: UiRect::top(px(8)),
                ..default()
            },
        ))
        .id();
    if let Some((_, decision)) = &why {
        commands.entity(buttons).with_child(focusable_button(
            Phrase::msg(id::BUTTON_HOW_DECIDED),
            GameButton::RulesTopic(decision.topic),
            false,
            999,
        ));
    }
    commands.entity(buttons).with_children(|row| {
        // The HUD shows each where it means something (Play again offline, Rematch online).
        row.spawn((
            focusable_button(
                Phrase::msg(id::BUTTON_PLAY_AGAIN),
                GameButton::PlayAgain,
                true,
                1000,
            ),
            HudAction::Game(GameButton::PlayAgain),
        ));
        row.spawn((
            focusable_button(
                Phrase::msg(id::BUTTON_REMATCH),
                RoomButton::Rematch,
                true,
                1000,
            ),
            HudAction::Room(RoomButton::Rematch),
        ));
        row.spawn(focusable_button(
            Phrase::msg(id::BUTTON_CHANGE_MODE),
            GameButton::ChangeMode,
            false,
            1001,
        ));
    });
}

/// The panel's width where the window allows it.
const PANEL_WIDTH: f32 = 360.0;

pub(super) struct GameOverPlugin;

impl Plugin for GameOverPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            show_game_over
                .run_if(
                    resource_changed::<Match>
                        .or_eager(resource_changed::<Animating>)
                        .or_eager(resource_changed::<ScreenLayout>)
                        .or_eager(resource_changed::<FinishedRecord>)
                        .or_eager(resource_changed::<Online>),
                )
                .in_set(Frame::Hud)
                .run_if(in_state(Screen::Playing)),
        );
    }
}

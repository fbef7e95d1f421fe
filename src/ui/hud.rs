//! The HUD: whose turn it is, the last move, marbles home and the latest notice on the left; the
//! game's buttons on the right (views, speed, sound, hint, save, load, undo, pass, resign, play
//! again, change mode). Text is rebuilt only when what it shows changed.

use super::online::{describe_connection, online_buttons};
use super::widgets::{SOFT_TEXT, label, large_button, set_text};
use super::{Guide, Notice, Screen, UiAction, move_words, speed_name};
use crate::ai::ComputerThinking;
use crate::camera::CameraView;
use crate::core::{Authority, GameSet, Match, SeatKind};
use crate::marbles::AnimationSettings;
use crate::net::Online;
use crate::sound::SoundSettings;
use bevy::prelude::*;
use starhalma_rules::{Label, Status, WinReason};

/// The HUD's text lines.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum HudText {
    Turn,
    LastMove,
    Home,
    Message,
    /// The online connection in words (empty offline).
    Online,
    /// The online room's link to send friends.
    Link,
    /// The guided first game's instruction.
    Guide,
}

fn build_hud(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            left: px(12),
            top: px(10),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (HudText::Turn, label("", 24.0, Color::WHITE)),
            (HudText::LastMove, label("", 18.0, SOFT_TEXT)),
            (HudText::Home, label("", 18.0, SOFT_TEXT)),
            (
                HudText::Message,
                label("", 18.0, Color::srgb(1.0, 0.75, 0.4))
            ),
            (
                HudText::Online,
                label("", 18.0, Color::srgb(0.55, 0.9, 1.0))
            ),
            (HudText::Link, label("", 16.0, SOFT_TEXT)),
            (HudText::Guide, label("", 20.0, Color::srgb(0.55, 1.0, 0.6))),
        ],
    ));
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            right: px(10),
            top: px(10),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::End,
            ..default()
        },
        Pickable::IGNORE,
        children![
            large_button("Angled", UiAction::View(CameraView::Angled), false),
            large_button("Top-down", UiAction::View(CameraView::TopDown), false),
            large_button("Speed: Normal", UiAction::CycleSpeed, false),
            large_button("Sound: on", UiAction::ToggleSound, false),
            large_button("Hint", UiAction::Hint, false),
            large_button("How to play", UiAction::HowToPlay, false),
            large_button("Save", UiAction::Save, false),
            large_button("Load", UiAction::Load, false),
            large_button("Undo", UiAction::Undo, false),
            large_button("Pass", UiAction::Pass, false),
            large_button("Resign", UiAction::Resign, false),
            large_button("Play again", UiAction::PlayAgain, false),
            large_button("Copy link", UiAction::CopyLink, false),
            large_button("Join", UiAction::TakeSeat, false),
            large_button("Fill with the computer", UiAction::FillComputer, false),
            large_button("Leave (the computer takes over)", UiAction::Leave, false),
            large_button("Rematch", UiAction::Rematch, false),
            large_button("Change mode", UiAction::ChangeMode, false),
        ],
    ));
}

/// "Yellow moved from R10 S1 to R10 S3 (1 jump)", in the mover's own labels.
pub(super) fn describe_last_move(state: &Match) -> String {
    let Some(last) = state.game.history().last() else {
        return String::new();
    };
    let variant = state.game.variant();
    let colour = variant.colour(last.seat);
    if last.mv.is_pass() {
        return format!("{colour} passed");
    }
    let camp = variant.camp_of(last.seat);
    format!(
        "{colour} moved from {} to {} ({})",
        Label::of(last.mv.from, camp),
        Label::of(last.mv.to, camp),
        move_words(last.mv.kind, last.hops())
    )
}

/// The turn line: whose turn, or how the game ended.
pub(super) fn describe_turn(state: &Match, thinking: bool) -> String {
    let variant = state.game.variant();
    match state.game.status() {
        Status::Ongoing => {
            let seat = state.game.active();
            let colour = variant.colour(seat);
            match state.seat_kind(seat) {
                SeatKind::Computer(level) if thinking => format!("{colour} ({level}) thinking..."),
                SeatKind::Computer(level) => format!("{colour} ({level})"),
                SeatKind::Human => format!("{colour} to move"),
                SeatKind::Remote => format!("{colour} to move (online)"),
            }
        }
        Status::Won { winner, reason } => {
            let why = match reason {
                WinReason::Resignation => " (resignation)",
                WinReason::AntiSpoil => " (anti-spoiling)",
                _ => "",
            };
            format!("{} wins{why}", variant.colour(winner))
        }
        Status::Draw { .. } => "Draw".to_string(),
        Status::Ranked { .. } => {
            let places: Vec<String> = state
                .game
                .ranking()
                .iter()
                .map(|p| format!("{}. {}", p.place, variant.colour(p.seat)))
                .collect();
            format!("Game over: {}", places.join(", "))
        }
    }
}

/// "Red 3   Blue 0 home".
fn describe_home(state: &Match) -> String {
    let variant = state.game.variant();
    let counts: Vec<String> = variant
        .seats()
        .map(|s| {
            format!(
                "{} {}",
                variant.colour(s),
                state.game.rules().marbles_home(state.game.state(), s)
            )
        })
        .collect();
    counts.join("   ") + " home"
}

fn update_hud(
    state: Res<Match>,
    thinking: Res<ComputerThinking>,
    notice: Res<Notice>,
    online: Res<Online>,
    guide: Res<Guide>,
    time: Res<Time>,
    mut texts: Query<(&HudText, &mut Text)>,
) {
    for (which, mut text) in &mut texts {
        let line = match which {
            HudText::Turn => describe_turn(&state, thinking.0),
            HudText::LastMove => describe_last_move(&state),
            HudText::Home => describe_home(&state),
            HudText::Message if notice.0.is_empty() && state.king_to_the_tip() => {
                "King to the tip".to_string()
            }
            HudText::Message => notice.0.clone(),
            HudText::Online => describe_connection(&online, &state, time.elapsed_secs_f64()),
            HudText::Link => match (&online.link, online.started) {
                (Some(link), false) => format!("Send this link: {link}"),
                (Some(link), true) => link.clone(),
                (None, _) => String::new(),
            },
            HudText::Guide => guide
                .0
                .as_ref()
                .map(|g| g.instruction(&state.game).to_string())
                .unwrap_or_default(),
        };
        set_text(&mut text, &line);
    }
}

/// The Pass button shows only when passing is the one thing left to do; the speed and sound
/// buttons show their setting.
fn update_buttons(
    state: Res<Match>,
    speed: Res<AnimationSettings>,
    sound: Res<SoundSettings>,
    online: Res<Online>,
    authority: Res<Authority>,
    mut buttons: Query<(&UiAction, &mut Node, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let local = *authority == Authority::Local;
    let mut shown = online_buttons(&online, &state).to_vec();
    shown.extend([
        (UiAction::Pass, state.must_pass()),
        (UiAction::Undo, local),
        (UiAction::PlayAgain, local),
        // Online with three or more, Leave stands in for Resign.
        (
            UiAction::Resign,
            local || (state.game.variant().players() < 3 && online.seat.is_some()),
        ),
    ]);
    for (action, mut node, children) in &mut buttons {
        if let Some(&(_, visible)) = shown.iter().find(|(a, _)| a == action) {
            let display = if visible {
                Display::Flex
            } else {
                Display::None
            };
            if node.display != display {
                node.display = display;
            }
        }
        let line = match action {
            UiAction::Rematch if state.game.variant().players() == 2 => {
                "Rematch (swap sides)".to_string()
            }
            UiAction::Rematch => "Rematch with the same players".to_string(),
            UiAction::CycleSpeed => format!("Speed: {}", speed_name(speed.seconds_per_hop)),
            UiAction::ToggleSound => format!("Sound: {}", if sound.muted { "off" } else { "on" }),
            _ => continue,
        };
        for &child in children {
            if let Ok(mut text) = texts.get_mut(child) {
                set_text(&mut text, &line);
            }
        }
    }
}

pub(super) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Playing), build_hud)
            .add_systems(
                Update,
                (
                    update_hud.run_if(
                        resource_changed::<Match>
                            .or_eager(resource_changed::<ComputerThinking>)
                            .or_eager(resource_changed::<Notice>)
                            .or_eager(resource_changed::<Online>)
                            .or_eager(resource_changed::<Guide>)
                            // The takeover countdown ticks.
                            .or_eager(|online: Res<Online>| !online.away.is_empty())
                            .or_eager(any_match_filter::<Added<HudText>>),
                    ),
                    update_buttons.run_if(
                        resource_changed::<Match>
                            .or_eager(resource_changed::<Online>)
                            .or_eager(resource_changed::<Authority>)
                            .or_eager(resource_changed::<AnimationSettings>)
                            .or_eager(resource_changed::<SoundSettings>)
                            .or_eager(any_match_filter::<Added<UiAction>>),
                    ),
                )
                    .in_set(GameSet::Mirror)
                    .run_if(in_state(Screen::Playing)),
            );
    }
}

//! The move list: every move in the mover's row/space labels (or the game's notation, a
//! setting), newest last (online, with the reactions
//! heard among them). Pressing an entry shows the
//! position after it, read-only (first / back / forward / last to step through); "Live" returns
//! to the game in one press. The live game is never touched by it: the board shows a copy taken
//! back to that point (`Viewing::Replay`), and moves wait until the player is back.

use super::arrange::{MoveListEntries, MoveListRoot};
use super::reactions::reaction_said;
use super::theme::{BUTTON_BACKGROUND, HEADING, LIST_TEXT, PANEL_BACKGROUND, SHOWN_ENTRY, size};
use super::widgets::{ButtonSize, label, styled_button};
use super::{HudAction, PanelSettings, Screen, ViewButton};
use crate::core::{Match, ShowPly, Viewing};
use crate::frame::Frame;
use crate::layout::{MoveListMeasure, ScreenLayout};
use crate::locale::{Glue, Phrase};
use crate::net::{Online, PlayerProfile};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_rules::{Label, MoveKind, Played, Variant};

/// What a move-list button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayButton {
    /// Show the position after this many moves.
    After(usize),
    First,
    Back,
    Forward,
    /// Back to the live game.
    Live,
}

/// The view a button leads to from the current one.
fn navigate(live: &Match, viewing: &Viewing, button: ReplayButton) -> ShowPly {
    let total = live.game.history().len();
    let now = match viewing {
        Viewing::Live => total,
        Viewing::Replay { ply, .. } => *ply,
    };
    let ply = match button {
        ReplayButton::After(ply) => ply,
        ReplayButton::First => 0,
        ReplayButton::Back => now.saturating_sub(1),
        ReplayButton::Forward => now + 1,
        ReplayButton::Live => total,
    };
    ShowPly((ply < total).then_some(ply))
}

/// The entries shown: `(ply after the move, text)`, a window of `rows` moves around what is
/// shown. Live, the reactions heard (`(ply when heard, text)`) stand among the moves, each
/// after the move it followed, and count as rows.
fn list_window(
    state: &Match,
    viewing: &Viewing,
    rows: usize,
    reactions: &[(usize, Phrase)],
    notation: bool,
) -> Vec<(usize, Phrase)> {
    let history = state.game.history();
    let variant = state.game.variant();
    let end = match viewing {
        Viewing::Live => history.len(),
        Viewing::Replay { ply, .. } => (*ply + rows / 2).min(history.len()),
    };
    let start = end.saturating_sub(rows);
    let mut entries: Vec<(usize, Phrase)> = Vec::new();
    let live = matches!(viewing, Viewing::Live);
    let heard_after = |ply: usize| {
        reactions
            .iter()
            .filter(move |(at, _)| live && *at == ply)
            .cloned()
    };
    if start == 0 {
        // Who moved first (a random start may have chosen anyone); pressing it shows the start.
        entries.push((
            0,
            Phrase::msg(id::MOVES_FIRST).with("colour", variant.colour(state.game.first())),
        ));
    }
    entries.extend(heard_after(start));
    for (i, played) in history[start..end].iter().enumerate() {
        let n = start + i + 1;
        entries.push((
            n,
            Phrase::msg(id::MOVES_ENTRY)
                .with("number", n)
                .with("colour", variant.colour(played.seat))
                .with("move", move_said(played, variant, notation)),
        ));
        entries.extend(heard_after(n));
    }
    let extra = entries.len().saturating_sub(rows);
    entries.drain(..extra);
    entries
}

/// A move as the list shows it: in the mover's own row/space labels, as the HUD and the
/// controls panel name holes ("R3 S1 – R5 S5"), or in the engine's notation when asked for
/// (`j 6,-2 4,0`, as saves keep it).
fn move_said(played: &Played, variant: Variant, notation: bool) -> Phrase {
    if notation {
        return Phrase::Verbatim(played.mv.to_string());
    }
    if played.mv.is_pass() {
        return Phrase::msg(id::MOVES_PASS);
    }
    let camp = variant.camp_of(played.seat);
    let (from, to) = (
        Label::of(played.mv.from, camp),
        Label::of(played.mv.to, camp),
    );
    let route = Phrase::Verbatim(format!("{from} – {to}"));
    if played.mv.kind == MoveKind::Swap {
        return Phrase::Joined(vec![route, Phrase::msg(id::MOVE_SWAP)], Glue::Literal(" "));
    }
    route
}

/// The reactions the move list shows: every one heard in this room, unless muted.
fn heard_reactions(
    state: &Match,
    online: &Online,
    profile: &PlayerProfile,
) -> Vec<(usize, Phrase)> {
    if profile.mute_reactions {
        return Vec::new();
    }
    let variant = state.game.variant();
    online
        .reactions
        .iter()
        .map(|r| (r.ply, reaction_said(variant, r)))
        .collect()
}

fn small_button(label: Phrase, action: ReplayButton) -> impl Bundle {
    styled_button(label, action, ButtonSize::Small, BUTTON_BACKGROUND)
}

fn build_move_list(mut commands: Commands) {
    commands.spawn((
        MoveListRoot,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            right: px(10),
            bottom: px(10),
            width: px(250),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL_BACKGROUND),
        Pickable::IGNORE,
        children![
            label(Phrase::msg(id::MOVES_HEADING), size::SMALL, HEADING),
            (
                // A narrow list (a phone) puts the buttons on two rows, whole.
                Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    // Arrows are the same in every language.
                    small_button(Phrase::Verbatim("|<".into()), ReplayButton::First),
                    small_button(Phrase::Verbatim("<".into()), ReplayButton::Back),
                    small_button(Phrase::Verbatim(">".into()), ReplayButton::Forward),
                    small_button(Phrase::msg(id::MOVES_LIVE), ReplayButton::Live),
                    (
                        styled_button(
                            Phrase::msg(id::BUTTON_MOVES_LABELS),
                            ViewButton::ToggleNotation,
                            ButtonSize::Small,
                            BUTTON_BACKGROUND
                        ),
                        // The HUD names the list's notation on it.
                        HudAction::View(ViewButton::ToggleNotation),
                    ),
                ],
            ),
            (
                MoveListEntries,
                Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                Pickable::IGNORE,
            ),
        ],
    ));
}

/// What the move list was built from: the list entity, its entries and the replayed ply.
type ShownList = (Entity, Vec<(usize, Phrase)>, Option<usize>);

#[allow(clippy::too_many_arguments)]
fn update_move_list(
    mut commands: Commands,
    state: Res<Match>,
    viewing: Res<Viewing>,
    (layout, measured): (Res<ScreenLayout>, Res<MoveListMeasure>),
    online: Res<Online>,
    profile: Res<PlayerProfile>,
    panel: Res<PanelSettings>,
    lists: Query<(Entity, Option<&Children>), With<MoveListEntries>>,
    mut shown: Local<Option<ShownList>>,
) {
    let Ok((list, children)) = lists.single() else {
        return;
    };
    // The remembered entries belong to the list entity they were built into.
    let new_list = shown
        .as_ref()
        .is_none_or(|(built_in, ..)| *built_in != list);
    let heard_changed = online.is_changed() || profile.is_changed();
    if !new_list
        && !state.is_changed()
        && !viewing.is_changed()
        && !layout.is_changed()
        && !measured.is_changed()
        && !panel.is_changed()
        && !heard_changed
    {
        return;
    }
    let reactions = heard_reactions(&state, &online, &profile);
    let entries = list_window(
        &state,
        &viewing,
        layout.move_list_rows(&measured),
        &reactions,
        panel.notation,
    );
    let ply = match &*viewing {
        Viewing::Live => None,
        Viewing::Replay { ply, .. } => Some(*ply),
    };
    if !new_list
        && shown
            .as_ref()
            .is_some_and(|(_, lines, at)| *lines == entries && *at == ply)
    {
        return;
    }
    for &child in children.into_iter().flatten() {
        commands.entity(child).despawn();
    }
    for (n, text) in &entries {
        let current = ply == Some(*n);
        let entry = commands
            .spawn((
                Button,
                ReplayButton::After(*n),
                Node {
                    padding: UiRect::axes(px(6), px(1)),
                    ..default()
                },
                BackgroundColor(if current { SHOWN_ENTRY } else { Color::NONE }),
                children![label(text.clone(), size::LIST, LIST_TEXT)],
            ))
            .id();
        commands.entity(list).add_child(entry);
    }
    *shown = Some((list, entries, ply));
}

/// A move-list button asks core to show another position (the computer waits while the past
/// is shown: the AI plugin sees the switch).
fn on_replay_buttons(
    interactions: Query<(&Interaction, &ReplayButton), Changed<Interaction>>,
    state: Res<Match>,
    viewing: Res<Viewing>,
    mut show: MessageWriter<ShowPly>,
) {
    for (interaction, &button) in &interactions {
        if *interaction == Interaction::Pressed {
            show.write(navigate(&state, &viewing, button));
        }
    }
}

pub(super) struct MoveListPlugin;

impl Plugin for MoveListPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Playing), build_move_list)
            .add_systems(
                Update,
                (
                    on_replay_buttons.in_set(Frame::Buttons),
                    update_move_list
                        .in_set(Frame::Hud)
                        .run_if(in_state(Screen::Playing)),
                ),
            );
    }
}

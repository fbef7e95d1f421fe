//! The HUD: whose turn it is, the last move, marbles home and the latest notice on the left; the
//! game's buttons on the right (views, speed, sound, hint, save, load, undo, pass, resign, play
//! again, change mode). Text is rebuilt only when what it shows changed. Where the lines and
//! buttons stand on each shape of screen is `arrange`'s.

use super::arrange::{
    ButtonGroup, HudButtons, HudColumn, HudSlot, LeftOutWhenCompact, MoreSheet, SheetOpen,
};
use super::online::RoomButton;
use super::online::{describe_connection, online_buttons};
use super::reactions::ReactionButton;
use super::theme::{GUIDE_TEXT, NOTICE_TEXT, ONLINE_TEXT, SHEET_BACKGROUND, SOFT_TEXT, TEXT, size};
use super::widgets::{ButtonSize, button_colour, label, large_button, styled_button};
use super::{
    GameButton, Guide, HudAction, Notice, PanelSettings, Screen, ViewButton, level_name,
    move_words, speed_name,
};
use crate::ai::ComputerThinking;
use crate::camera::CameraView;
use crate::core::{Authority, Match, SeatKind};
use crate::frame::Frame;
use crate::locale::{Glue, Phrase, Say, SeatSymbols, set_say};
use crate::marbles::{AnimationSettings, Speed};
use crate::net::{Online, Phase, PlayerProfile};
use crate::sound::SoundSettings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_rules::{Label, Status};

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

pub(super) fn build_hud(mut commands: Commands) {
    commands.spawn((
        HudColumn,
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
            (HudText::Turn, label(Phrase::empty(), size::TURN, TEXT)),
            (
                HudText::LastMove,
                // The move list shows it too.
                LeftOutWhenCompact,
                label(Phrase::empty(), size::LINE, SOFT_TEXT)
            ),
            (HudText::Home, label(Phrase::empty(), size::LINE, SOFT_TEXT)),
            (
                HudText::Message,
                label(Phrase::empty(), size::LINE, NOTICE_TEXT)
            ),
            (
                HudText::Online,
                label(Phrase::empty(), size::LINE, ONLINE_TEXT)
            ),
            // A watcher's Join, under the line that says a seat is free: where the player
            // reads, not one among the column's buttons. Shown only while it means something
            // (`online_buttons`).
            (
                styled_button(
                    Phrase::msg(id::BUTTON_JOIN),
                    RoomButton::TakeSeat,
                    ButtonSize::Small,
                    button_colour(true),
                ),
                HudAction::Room(RoomButton::TakeSeat),
            ),
            (
                HudText::Link,
                label(Phrase::empty(), size::SMALL, SOFT_TEXT)
            ),
            (
                HudText::Guide,
                label(Phrase::empty(), size::PROMINENT, GUIDE_TEXT)
            ),
        ],
    ));
    let buttons = commands
        .spawn((
            HudButtons,
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
        ))
        .id();
    commands.spawn((
        MoreSheet,
        DespawnOnExit(Screen::Playing),
        Node {
            display: Display::None,
            position_type: PositionType::Absolute,
            ..default()
        },
        // Opaque, over the panel and the move list: what it covers would make its buttons hard
        // to read. It stops taps between its buttons from reaching the board under it.
        BackgroundColor(SHEET_BACKGROUND),
        GlobalZIndex(30),
    ));
    for (slot, (label, action, group)) in hud_buttons().into_iter().enumerate() {
        let mut button = commands.spawn((
            large_button(label, action, false),
            HudSlot {
                order: slot as u8,
                group,
            },
        ));
        action.put_on(&mut button);
        let button = button.id();
        commands.entity(buttons).add_child(button);
    }
}

/// The HUD's buttons in the order a desktop column shows them, with the group each belongs to.
fn hud_buttons() -> Vec<(Phrase, HudAction, ButtonGroup)> {
    use ButtonGroup::{Main, More, Secondary};
    let msg = Phrase::msg;
    vec![
        (msg(id::BUTTON_MORE), HudAction::More, More),
        (
            msg(id::BUTTON_ANGLED),
            ViewButton::View(CameraView::Angled).into(),
            Secondary,
        ),
        (
            msg(id::BUTTON_TOP_DOWN),
            ViewButton::View(CameraView::TopDown).into(),
            Secondary,
        ),
        (
            speed_button(Speed::DEFAULT.seconds_per_hop()),
            ViewButton::CycleSpeed.into(),
            Secondary,
        ),
        (
            msg(id::BUTTON_SOUND_ON),
            ViewButton::ToggleSound.into(),
            Secondary,
        ),
        (
            msg(id::BUTTON_SYMBOLS_ON),
            ViewButton::ToggleSymbols.into(),
            Secondary,
        ),
        (msg(id::BUTTON_HINT), GameButton::Hint.into(), Secondary),
        (
            msg(id::BUTTON_HOW_TO_PLAY),
            GameButton::HowToPlay.into(),
            Secondary,
        ),
        (msg(id::BUTTON_SAVE), GameButton::Save.into(), Secondary),
        (msg(id::BUTTON_LOAD), GameButton::Load.into(), Secondary),
        (msg(id::BUTTON_UNDO), GameButton::Undo.into(), Main),
        (msg(id::BUTTON_PASS), GameButton::Pass.into(), Main),
        (msg(id::BUTTON_RESIGN), GameButton::Resign.into(), Main),
        (
            msg(id::BUTTON_PLAY_AGAIN),
            GameButton::PlayAgain.into(),
            Main,
        ),
        (msg(id::BUTTON_COPY_LINK), RoomButton::CopyLink.into(), Main),
        // Online, once the game is over: its replay link, to send friends.
        (
            msg(id::BUTTON_COPY_REPLAY_LINK),
            RoomButton::CopyReplayLink.into(),
            Secondary,
        ),
        (
            msg(id::BUTTON_FILL_COMPUTER),
            RoomButton::FillComputer.into(),
            Main,
        ),
        (msg(id::BUTTON_LEAVE), RoomButton::Leave.into(), Main),
        (msg(id::BUTTON_REMATCH), RoomButton::Rematch.into(), Main),
        (msg(id::BUTTON_BACK), RoomButton::Back.into(), Main),
        (
            msg(id::BUTTON_REACT),
            ReactionButton::OpenReactions.into(),
            Main,
        ),
        (
            msg(id::BUTTON_REACTIONS_ON),
            ReactionButton::MuteReactions.into(),
            Secondary,
        ),
        (
            msg(id::BUTTON_CHANGE_MODE),
            GameButton::ChangeMode.into(),
            Secondary,
        ),
    ]
}

/// "Yellow moved from R10 S1 to R10 S3 (1 jump)", in the mover's own labels.
pub(super) fn describe_last_move(state: &Match) -> Phrase {
    let Some(last) = state.game.history().last() else {
        return Phrase::empty();
    };
    let variant = state.game.variant();
    let colour = variant.colour(last.seat);
    if last.mv.is_pass() {
        return Phrase::msg(id::HUD_PASSED).with("colour", colour);
    }
    let camp = variant.camp_of(last.seat);
    Phrase::msg(id::HUD_MOVED)
        .with("colour", colour)
        .with("from", label_of(last.mv.from, camp))
        .with("to", label_of(last.mv.to, camp))
        .with("how", move_words(last.mv.kind, last.hops()))
}

/// A hole's row/space label from `camp`, "R10 S1": notation in every language.
pub(super) fn label_of(hole: starhalma_rules::Hole, camp: u8) -> Phrase {
    Phrase::Verbatim(Label::of(hole, camp).to_string())
}

/// The turn line: whose turn, or how the game ended.
pub(super) fn describe_turn(state: &Match, thinking: bool) -> Phrase {
    let variant = state.game.variant();
    match state.game.status() {
        Status::Ongoing => {
            let seat = state.game.active();
            let colour = variant.colour(seat);
            let id = match state.seat_kind(seat) {
                SeatKind::Computer(level) => {
                    let id = if thinking {
                        id::HUD_COMPUTER_THINKING
                    } else {
                        id::HUD_COMPUTER
                    };
                    return Phrase::msg(id)
                        .with("colour", colour)
                        .with("level", level_name(level));
                }
                SeatKind::Human => id::HUD_TO_MOVE,
                SeatKind::Remote => id::HUD_TO_MOVE_ONLINE,
            };
            Phrase::msg(id).with("colour", colour)
        }
        _ => match starhalma_guide::outcome(&state.game) {
            Some(outcome) => Phrase::from_line(&outcome.headline, variant),
            None => Phrase::empty(),
        },
    }
}

/// "Red 3   Blue 0 home".
fn describe_home(state: &Match) -> Phrase {
    let variant = state.game.variant();
    let counts = variant
        .seats()
        .map(|s| {
            Phrase::msg(id::HUD_HOME_COUNT)
                .with("colour", variant.colour(s))
                .with("count", state.game.marbles_home(s))
        })
        .collect();
    Phrase::msg(id::HUD_HOME).with("counts", Phrase::Joined(counts, Glue::Literal("   ")))
}

/// The speed button's text.
fn speed_button(seconds_per_hop: f32) -> Phrase {
    Phrase::msg(id::BUTTON_SPEED).with("speed", speed_name(seconds_per_hop))
}

fn update_hud(
    state: Res<Match>,
    thinking: Res<ComputerThinking>,
    notice: Res<Notice>,
    online: Res<Online>,
    guide: Res<Guide>,
    time: Res<Time<Real>>,
    mut texts: Query<(&HudText, &mut Say)>,
) {
    for (which, mut say) in &mut texts {
        let line = match which {
            // A room waiting for players: nobody is to move yet.
            HudText::Turn if online.phase == Phase::InRoom && !online.started => {
                Phrase::msg(id::HUD_WAITING_TO_START)
            }
            HudText::Turn => {
                let turn = describe_turn(&state, thinking.0);
                match online.seconds_left(time.elapsed()) {
                    Some(seconds) if !state.game.is_over() => Phrase::msg(id::HUD_TURN_CLOCK)
                        .with("turn", turn)
                        .with("seconds", seconds),
                    _ => turn,
                }
            }
            HudText::LastMove => describe_last_move(&state),
            // Before a room's game starts nobody has a marble home: the line would say
            // nothing, and a phone held sideways needs its height for Join.
            HudText::Home if online.phase == Phase::InRoom && !online.started => Phrase::empty(),
            HudText::Home => describe_home(&state),
            HudText::Message if notice.0.is_empty() && state.king_to_the_tip() => {
                Phrase::msg(id::HUD_KING_TO_TIP)
            }
            HudText::Message => notice.0.clone(),
            HudText::Online => describe_connection(&online, &state, time.elapsed()),
            HudText::Link => match (&online.link, online.started) {
                // The link is for the players to send; a watcher has Join under the lines
                // instead (and Copy link among the buttons).
                (Some(_), _) if online.seat.is_none() => Phrase::empty(),
                (Some(link), false) => {
                    Phrase::msg(id::HUD_SEND_LINK).with("link", Phrase::Verbatim(link.to_string()))
                }
                (Some(link), true) => Phrase::Verbatim(link.to_string()),
                (None, _) => Phrase::empty(),
            },
            HudText::Guide => guide
                .0
                .as_ref()
                .map(|g| Phrase::msg(g.instruction(&state.game)))
                .unwrap_or_default(),
        };
        set_say(&mut say, line);
    }
}

/// The Pass button shows only when passing is the one thing left to do; the speed and sound
/// buttons show their setting.
/// What the HUD's buttons show: which are there, and the settings some of them name.
#[derive(SystemParam)]
struct ButtonStates<'w> {
    state: Res<'w, Match>,
    speed: Res<'w, AnimationSettings>,
    sound: Res<'w, SoundSettings>,
    symbols: Res<'w, SeatSymbols>,
    online: Res<'w, Online>,
    authority: Res<'w, Authority>,
    sheet: Res<'w, SheetOpen>,
    profile: Res<'w, PlayerProfile>,
    panel: Res<'w, PanelSettings>,
}

fn update_buttons(
    now: ButtonStates,
    mut buttons: Query<(&HudAction, &mut Node, &Children)>,
    mut texts: Query<&mut Say>,
) {
    let ButtonStates {
        state,
        speed,
        sound,
        symbols,
        online,
        authority,
        sheet,
        profile,
        panel,
    } = now;
    let local = *authority == Authority::Local;
    let mut shown = online_buttons(&online, &state).to_vec();
    shown.extend([
        (GameButton::Pass.into(), state.must_pass()),
        (GameButton::Undo.into(), local),
        (GameButton::PlayAgain.into(), local),
        // Online with three or more, Leave stands in for Resign.
        (
            GameButton::Resign.into(),
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
        let line = match *action {
            HudAction::Room(RoomButton::Rematch) if state.game.variant().players() == 2 => {
                Phrase::msg(id::BUTTON_REMATCH_SWAP)
            }
            HudAction::Room(RoomButton::Rematch) => Phrase::msg(id::BUTTON_REMATCH_SAME),
            HudAction::View(ViewButton::CycleSpeed) => speed_button(speed.seconds_per_hop),
            HudAction::View(ViewButton::ToggleSound) if sound.muted => {
                Phrase::msg(id::BUTTON_SOUND_OFF)
            }
            HudAction::View(ViewButton::ToggleSound) => Phrase::msg(id::BUTTON_SOUND_ON),
            HudAction::View(ViewButton::ToggleSymbols) if symbols.shown => {
                Phrase::msg(id::BUTTON_SYMBOLS_ON)
            }
            HudAction::View(ViewButton::ToggleSymbols) => Phrase::msg(id::BUTTON_SYMBOLS_OFF),
            HudAction::Reaction(ReactionButton::MuteReactions) if profile.mute_reactions => {
                Phrase::msg(id::BUTTON_REACTIONS_OFF)
            }
            HudAction::Reaction(ReactionButton::MuteReactions) => {
                Phrase::msg(id::BUTTON_REACTIONS_ON)
            }
            HudAction::View(ViewButton::ToggleNotation) if panel.notation => {
                Phrase::msg(id::BUTTON_MOVES_NOTATION)
            }
            HudAction::View(ViewButton::ToggleNotation) => Phrase::msg(id::BUTTON_MOVES_LABELS),
            HudAction::More if sheet.0 => Phrase::msg(id::BUTTON_MORE_CLOSE),
            HudAction::More => Phrase::msg(id::BUTTON_MORE),
            _ => continue,
        };
        for &child in children {
            if let Ok(mut say) = texts.get_mut(child) {
                set_say(&mut say, line.clone());
            }
        }
    }
}

pub(super) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                update_hud.run_if(
                    resource_changed::<Match>
                        .or_eager(resource_changed::<ComputerThinking>)
                        .or_eager(resource_changed::<Notice>)
                        .or_eager(resource_changed::<Online>)
                        .or_eager(resource_changed::<Guide>)
                        // The takeover countdown and the move clock tick.
                        .or_eager(|online: Res<Online>| {
                            !online.away.is_empty()
                                || online.turn_deadline.is_some()
                                // The host's wait for players (after a minute the computer
                                // is suggested).
                                || online.host_waiting_since().is_some()
                        })
                        .or_eager(any_match_filter::<Added<HudText>>),
                ),
                update_buttons.run_if(
                    resource_changed::<Match>
                        .or_eager(resource_changed::<Online>)
                        .or_eager(resource_changed::<Authority>)
                        .or_eager(resource_changed::<AnimationSettings>)
                        .or_eager(resource_changed::<SoundSettings>)
                        .or_eager(resource_changed::<SeatSymbols>)
                        .or_eager(resource_changed::<SheetOpen>)
                        .or_eager(resource_changed::<PlayerProfile>)
                        .or_eager(resource_changed::<PanelSettings>)
                        .or_eager(any_match_filter::<Added<HudAction>>),
                ),
            )
                .in_set(Frame::Hud)
                .run_if(in_state(Screen::Playing)),
        );
    }
}

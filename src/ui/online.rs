//! Online play in the interface: the connection's state in words (always shown while online),
//! the room's link with Copy, and the buttons that only mean something online (Join, Fill with
//! the computer, Leave, Rematch).

use super::buttons::{AddButtons, ButtonPressed, Pressed};
use super::reactions::ReactionButton;
use super::{HudAction, Notice, Screen};
use crate::core::{GameCommand, Match};
use crate::frame::Frame;
use crate::locale::Phrase;
use crate::net::{JoinAtStart, NetRequest, Online, Phase};
use crate::sound::SoundCue;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::SeatHolder;
use std::time::Duration;

/// The connection in words: "Waiting for players (2/3)", "Yellow disconnected: the computer
/// plays in 32 s", "Reconnecting...". Empty when not online.
pub(super) fn describe_connection(online: &Online, state: &Match, now: Duration) -> Phrase {
    let variant = state.game.variant();
    match &online.phase {
        Phase::Offline => Phrase::empty(),
        Phase::Connecting => Phrase::msg(id::ONLINE_CONNECTING),
        Phase::Reconnecting => Phrase::msg(id::ONLINE_RECONNECTING),
        Phase::Expired => Phrase::msg(id::ONLINE_EXPIRED),
        Phase::Replaced => Phrase::msg(id::ONLINE_REPLACED),
        Phase::Failed(why) => Phrase::msg(id::ONLINE_FAILED).with("reason", why.clone()),
        Phase::InRoom if online.idle_here() => Phrase::msg(id::ONLINE_IDLE),
        Phase::InRoom => {
            let seated = online
                .seats
                .iter()
                .filter(|h| **h != SeatHolder::Open)
                .count();
            let open = online.seats.len() - seated;
            if let Some(&(seat, at)) = online.away.first() {
                let colour = variant.colour(seat);
                let left = at.saturating_sub(now).as_secs_f64().ceil();
                return if left > 0.0 {
                    Phrase::msg(id::ONLINE_AWAY_COUNTDOWN)
                        .with("colour", colour)
                        .with("seconds", left as i64)
                } else {
                    Phrase::msg(id::ONLINE_AWAY).with("colour", colour)
                };
            }
            // Whose room it is, for whoever did not open it (the creator sits in seat 0).
            let host = (!online.host)
                .then(|| online.seats.first()?.name())
                .flatten()
                .map(|name| Phrase::Verbatim(name.to_string()));
            match (online.seat, host) {
                (None, Some(host)) if open > 0 => {
                    Phrase::msg(id::ONLINE_WATCHING_ROOM).with("host", host)
                }
                (None, _) if open > 0 => Phrase::msg(id::ONLINE_WATCHING),
                (None, _) => Phrase::msg(id::ONLINE_WATCHING_FULL),
                (Some(_), _) if online.waited_long(now) => Phrase::msg(id::ONLINE_WAITING_LONG)
                    .with("seated", seated)
                    .with("seats", online.seats.len()),
                (Some(_), Some(host)) if !online.started => Phrase::msg(id::ONLINE_WAITING_IN)
                    .with("host", host)
                    .with("seated", seated)
                    .with("seats", online.seats.len()),
                (Some(_), None) if !online.started => Phrase::msg(id::ONLINE_WAITING)
                    .with("seated", seated)
                    .with("seats", online.seats.len()),
                (Some(seat), _) => {
                    Phrase::msg(id::ONLINE_YOU_ARE).with("colour", variant.colour(seat))
                }
            }
        }
    }
}

/// The buttons of a room: they mean something only online.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomButton {
    /// Copy the room's link.
    CopyLink,
    /// Copy the finished online game's replay link.
    CopyReplayLink,
    /// A spectator takes the lowest open seat.
    TakeSeat,
    /// The host seats the computer in the open seats.
    FillComputer,
    /// Online, 3+ players: leave; the computer plays on.
    Leave,
    /// Online, after the game: the same players again, seats shifted by one.
    Rematch,
    /// Take back the seat the clock left to the computer (any button does it too).
    Back,
}

/// Which online buttons show: (action, shown).
pub(super) fn online_buttons(online: &Online, state: &Match) -> [(HudAction, bool); 9] {
    let in_room = online.phase == Phase::InRoom;
    let seated = in_room && online.seat.is_some();
    let many = state.game.variant().players() >= 3;
    [
        (RoomButton::CopyLink.into(), online.link.is_some()),
        (
            RoomButton::CopyReplayLink.into(),
            in_room && state.game.is_over() && online.replay_link().is_some(),
        ),
        (
            RoomButton::TakeSeat.into(),
            in_room && online.seat.is_none() && online.seats.contains(&SeatHolder::Open),
        ),
        (
            RoomButton::FillComputer.into(),
            seated && online.host && !online.started,
        ),
        (
            RoomButton::Leave.into(),
            seated && many && !state.game.is_over(),
        ),
        (RoomButton::Rematch.into(), seated && state.game.is_over()),
        (ReactionButton::OpenReactions.into(), seated),
        (ReactionButton::MuteReactions.into(), in_room),
        (RoomButton::Back.into(), online.idle_here()),
    ]
}

/// What the online buttons act on.
#[derive(SystemParam)]
struct RoomHere<'w> {
    state: Res<'w, Match>,
    online: Res<'w, Online>,
}

fn online_actions(
    mut pressed: MessageReader<Pressed<RoomButton>>,
    here: RoomHere,
    mut requests: MessageWriter<NetRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
    mut clipboard: SystemClipboard,
) {
    let RoomHere { state, online } = here;
    for Pressed(action) in pressed.read() {
        match *action {
            RoomButton::TakeSeat => {
                requests.write(NetRequest::TakeSeat);
            }
            RoomButton::FillComputer => {
                requests.write(NetRequest::FillComputer);
            }
            RoomButton::Leave => {
                if let Some(seat) = state.first_person() {
                    commands.write(GameCommand::Leave(seat));
                }
            }
            RoomButton::Rematch => {
                commands.write(GameCommand::Rematch);
            }
            RoomButton::CopyLink => {
                if let Some(link) = &online.link {
                    notice.0 = copy_to_clipboard(&link.to_string(), &mut clipboard);
                }
            }
            RoomButton::CopyReplayLink => {
                if let Some(link) = online.replay_link() {
                    notice.0 = copy_to_clipboard(&link.to_string(), &mut clipboard);
                }
            }
            // Any press says so (`back_on_any_press`).
            RoomButton::Back => {}
        }
    }
}

/// Any button pressed says the player is here (after the clock left their seat idle).
fn back_on_any_press(
    mut pressed: MessageReader<ButtonPressed>,
    online: Res<Online>,
    mut requests: MessageWriter<NetRequest>,
) {
    if pressed.read().count() > 0 && online.idle_here() {
        requests.write(NetRequest::Back);
    }
}

/// The desktop's system clipboard (none on the web, and none in headless tests).
#[cfg(not(target_arch = "wasm32"))]
type SystemClipboard<'w> = Option<ResMut<'w, bevy::clipboard::Clipboard>>;
#[cfg(target_arch = "wasm32")]
type SystemClipboard<'w> = ();

/// Put `link` on the clipboard (the browser's on the web, the system's on the desktop); where
/// there is none, print it for the terminal. Returns what to tell the player.
fn copy_to_clipboard(link: &str, clipboard: &mut SystemClipboard) -> Phrase {
    #[cfg(target_arch = "wasm32")]
    {
        let () = clipboard;
        let copy = js_sys::Function::new_with_args(
            "text",
            "if (navigator.clipboard) { navigator.clipboard.writeText(text).catch(() => {}); return true; } return false;",
        );
        let copied = copy
            .call1(&wasm_bindgen::JsValue::NULL, &link.into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if copied {
            return Phrase::msg(id::ONLINE_LINK_COPIED);
        }
        Phrase::msg(id::ONLINE_COPY_THIS_LINK).with("link", Phrase::Verbatim(link.to_string()))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(clipboard) = clipboard
            && clipboard.set_text(link).is_ok()
        {
            return Phrase::msg(id::ONLINE_LINK_COPIED);
        }
        println!("{link}");
        Phrase::msg(id::ONLINE_LINK_PRINTED).with("link", Phrase::Verbatim(link.to_string()))
    }
}

/// A tick each second of the last ten on this player's move clock (Sound off silences it).
fn clock_ticks(
    online: Res<Online>,
    state: Res<Match>,
    time: Res<Time<Real>>,
    mut last: Local<Option<i64>>,
    mut cues: MessageWriter<SoundCue>,
) {
    let ours = online.seat == Some(state.game.active()) && !state.game.is_over();
    let left = online
        .seconds_left(time.elapsed())
        .filter(|s| ours && (1..=10).contains(s));
    if left.is_some() && left != *last {
        cues.write(SoundCue::ClockTick);
    }
    *last = left;
}

/// A refusal from the server becomes the notice.
fn server_refusals(
    online: Res<Online>,
    mut shown: Local<Option<Phrase>>,
    mut notice: ResMut<Notice>,
) {
    if online.refusal != *shown {
        shown.clone_from(&online.refusal);
        if let Some(refusal) = &online.refusal {
            notice.0 = Phrase::msg(id::NOTICE_NOT_ALLOWED).with("reason", refusal.clone());
        }
    }
}

/// Opened with a room link (the page's `?room=`, the desktop's `--join`): straight to the game.
fn join_at_start(join: Option<Res<JoinAtStart>>, mut next: ResMut<NextState<Screen>>) {
    if join.is_some() {
        next.set(Screen::Playing);
    }
}

pub(super) struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.add_buttons::<RoomButton>()
            .add_systems(Startup, join_at_start)
            .add_systems(
                Update,
                (
                    online_actions
                        .run_if(on_message::<Pressed<RoomButton>>)
                        .in_set(Frame::Actions),
                    back_on_any_press
                        .run_if(on_message::<ButtonPressed>)
                        .in_set(Frame::Actions),
                    server_refusals
                        .run_if(resource_changed::<Online>)
                        .in_set(Frame::Hud),
                    clock_ticks
                        .run_if(|online: Res<Online>| online.turn_deadline.is_some())
                        .in_set(Frame::Hud),
                ),
            );
    }
}

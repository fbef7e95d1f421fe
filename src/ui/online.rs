//! Online play in the interface: the connection's state in words (always shown while online),
//! the room's link with Copy, and the buttons that only mean something online (Join, Fill with
//! the computer, Leave, Rematch).

use super::{ActionPressed, Notice, Screen, UiAction};
use crate::core::{GameCommand, Match};
use crate::frame::Frame;
use crate::locale::Phrase;
use crate::net::{JoinAtStart, NetRequest, Online, OnlineMemory, Phase};
use crate::sound::SoundCue;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::SeatHolder;

/// The connection in words: "Waiting for players (2/3)", "Yellow disconnected: the computer
/// plays in 32 s", "Reconnecting...". Empty when not online.
pub(super) fn describe_connection(online: &Online, state: &Match, now: f64) -> Phrase {
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
                let left = (at - now).ceil();
                return if left > 0.0 {
                    Phrase::msg(id::ONLINE_AWAY_COUNTDOWN)
                        .with("colour", colour)
                        .with("seconds", left as i64)
                } else {
                    Phrase::msg(id::ONLINE_AWAY).with("colour", colour)
                };
            }
            match online.seat {
                None if open > 0 => Phrase::msg(id::ONLINE_WATCHING),
                None => Phrase::msg(id::ONLINE_WATCHING_FULL),
                Some(_) if online.waited_long(now) => Phrase::msg(id::ONLINE_WAITING_LONG)
                    .with("seated", seated)
                    .with("seats", online.seats.len()),
                Some(_) if !online.started => Phrase::msg(id::ONLINE_WAITING)
                    .with("seated", seated)
                    .with("seats", online.seats.len()),
                Some(seat) => Phrase::msg(id::ONLINE_YOU_ARE).with("colour", variant.colour(seat)),
            }
        }
    }
}

/// Which online buttons show: (action, shown).
pub(super) fn online_buttons(online: &Online, state: &Match) -> [(UiAction, bool); 9] {
    let in_room = online.phase == Phase::InRoom;
    let seated = in_room && online.seat.is_some();
    let many = state.game.variant().players() >= 3;
    [
        (UiAction::CopyLink, online.link.is_some()),
        (
            UiAction::CopyReplayLink,
            in_room && state.game.is_over() && online.replay_link().is_some(),
        ),
        (
            UiAction::TakeSeat,
            in_room && online.seat.is_none() && online.seats.contains(&SeatHolder::Open),
        ),
        (
            UiAction::FillComputer,
            seated && online.host && !online.started,
        ),
        (UiAction::Leave, seated && many && !state.game.is_over()),
        (UiAction::Rematch, seated && state.game.is_over()),
        (UiAction::OpenReactions, seated),
        (UiAction::MuteReactions, in_room),
        (UiAction::Back, online.idle_here()),
    ]
}

/// The actions of online play.
/// What the online buttons act on.
#[derive(SystemParam)]
struct RoomHere<'w> {
    state: Res<'w, Match>,
    online: Res<'w, Online>,
    memory: Res<'w, OnlineMemory>,
}

fn online_actions(
    mut actions: MessageReader<ActionPressed>,
    here: RoomHere,
    mut requests: MessageWriter<NetRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut clipboard: SystemClipboard,
) {
    let RoomHere {
        state,
        online,
        memory,
    } = here;
    for ActionPressed(action) in actions.read() {
        // Any button pressed says the player is here (after the clock left their seat idle).
        if online.idle_here() {
            requests.write(NetRequest::Back);
        }
        match action {
            UiAction::Continue => {
                if let Some(link) = &memory.last_link {
                    requests.write(NetRequest::Join(link.clone()));
                    next.set(Screen::Playing);
                }
            }
            UiAction::TakeSeat => {
                requests.write(NetRequest::TakeSeat);
            }
            UiAction::FillComputer => {
                requests.write(NetRequest::FillComputer);
            }
            UiAction::Leave => {
                if let Some(seat) = state.first_person() {
                    commands.write(GameCommand::Leave(seat));
                }
            }
            UiAction::Rematch => {
                commands.write(GameCommand::Rematch);
            }
            UiAction::CopyLink => {
                if let Some(link) = &online.link {
                    notice.0 = copy_to_clipboard(link, &mut clipboard);
                }
            }
            UiAction::CopyReplayLink => {
                if let Some(link) = online.replay_link() {
                    notice.0 = copy_to_clipboard(&link, &mut clipboard);
                }
            }
            _ => {}
        }
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
        .seconds_left(time.elapsed_secs_f64())
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
        app.add_systems(Startup, join_at_start).add_systems(
            Update,
            (
                online_actions
                    .run_if(on_message::<ActionPressed>)
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

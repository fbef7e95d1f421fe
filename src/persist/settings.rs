//! The settings that persist between runs: the menu's choice, speed, sound, panel, view,
//! language, symbols, and the player's online name and reactions setting.

use super::store::{SETTINGS, Store};
use crate::camera::{CameraView, CurrentView, ViewRequest};
use crate::core::SeatKind;
use crate::locale::{Language, SeatSymbols, Words};
use crate::marbles::AnimationSettings;
use crate::net::{ChosenServer, OnlineServer, PlayerProfile};
use crate::sound::SoundSettings;
use crate::ui::{MenuChoice, PanelSettings, RoomClock, WhoStarts};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhalma_protocol::{MoveClock, PlayerKey, PlayerName, ServerUrl};
use starhalma_rules::Variant;

/// What persists between runs, as the typed values the game holds. A file from an older game
/// reads the same (each value is written as it always was); a value that does not read (an
/// edited file) is dropped alone, and the game's own used in its place.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub(super) struct Settings {
    variant: Variant,
    /// `"human"`, `"easy"`, …, as save files write them.
    #[serde(deserialize_with = "crate::lenient::or_none")]
    seats: Option<Vec<SeatKind>>,
    top_down: bool,
    seconds_per_hop: f32,
    muted: bool,
    volume: f32,
    panel_shown: bool,
    board_hidden: bool,
    /// The move list in the engine's notation instead of row/space labels.
    move_notation: bool,
    /// Web: the page's buttons shown under the board.
    page_controls: bool,
    /// A new game's first seat is tossed for ("Who starts: random").
    random_start: bool,
    /// The seats' symbols shown beside their colours and on their marbles.
    symbols: bool,
    /// The language's code (`"ja"`). Without one (a first start, an older file, a code the
    /// game does not speak) the system's language is used.
    #[serde(deserialize_with = "crate::lenient::or_none")]
    language: Option<Language>,
    /// The name to play online under (none until the player first goes online). A name the
    /// game would not send (an edited file) is dropped for a new suggestion.
    #[serde(deserialize_with = "crate::lenient::or_none")]
    player_name: Option<PlayerName>,
    /// Others' reactions online are not shown.
    mute_reactions: bool,
    /// The player key online, as 32 hex characters (none until the player first goes online;
    /// one that does not read as a key is dropped, and a new one made when needed).
    #[serde(deserialize_with = "crate::lenient::or_none")]
    player_key: Option<PlayerKey>,
    /// The move clock of rooms "Play a friend" opens, in milliseconds (none: no clock; a value
    /// off the list is dropped).
    #[serde(deserialize_with = "crate::lenient::or_none")]
    room_clock_ms: Option<MoveClock>,
    /// The server address typed on the Play online page (`http://HOST:PORT`); used unless
    /// `--server` names another. One that is not an address is dropped.
    #[serde(deserialize_with = "crate::lenient::or_none")]
    server: Option<ServerUrl>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::of(
            &MenuChoice::default(),
            &AnimationSettings::default(),
            &SoundSettings::default(),
            &PanelSettings::default(),
            CameraView::default(),
            SeatSymbols::default(),
            None,
        )
        .expect("the default menu choice is a valid game")
    }
}

impl Settings {
    /// The settings as each part of the game holds them now (none while the menu's choice is
    /// not a valid game).
    fn of(
        choice: &MenuChoice,
        speed: &AnimationSettings,
        sound: &SoundSettings,
        panel: &PanelSettings,
        view: CameraView,
        symbols: SeatSymbols,
        language: Option<Language>,
    ) -> Option<Settings> {
        Some(Settings {
            variant: Variant::new(choice.rules, choice.players).ok()?,
            seats: Some(choice.seats.clone()),
            top_down: view == CameraView::TopDown,
            seconds_per_hop: speed.seconds_per_hop,
            muted: sound.muted,
            volume: sound.volume,
            panel_shown: panel.shown,
            board_hidden: panel.board_hidden,
            move_notation: panel.notation,
            page_controls: panel.page_controls,
            random_start: choice.starts == WhoStarts::Random,
            symbols: symbols.shown,
            language,
            player_name: None,
            mute_reactions: false,
            player_key: None,
            room_clock_ms: None,
            server: None,
        })
    }
}

/// The choices the settings file keeps, to be set from it.
#[derive(SystemParam)]
pub(super) struct KeptChoices<'w> {
    choice: ResMut<'w, MenuChoice>,
    speed: ResMut<'w, AnimationSettings>,
    sound: ResMut<'w, SoundSettings>,
    panel: ResMut<'w, PanelSettings>,
    words: ResMut<'w, Words>,
    symbols: ResMut<'w, SeatSymbols>,
    profile: ResMut<'w, PlayerProfile>,
    clock: ResMut<'w, RoomClock>,
    chosen: ResMut<'w, ChosenServer>,
    server: ResMut<'w, OnlineServer>,
}

/// Read the settings at start-up and hand them to each part of the game.
pub(super) fn load_settings(
    store: Res<Store>,
    kept: KeptChoices,
    mut views: MessageWriter<ViewRequest>,
) {
    let KeptChoices {
        mut choice,
        mut speed,
        mut sound,
        mut panel,
        mut words,
        mut symbols,
        mut profile,
        mut clock,
        mut chosen,
        mut server,
    } = kept;
    let settings = match store.read(SETTINGS) {
        Ok(Some(text)) => match serde_json::from_str::<Settings>(&text) {
            Ok(s) => s,
            Err(e) => {
                warn!("ignoring unreadable settings ({e})");
                return;
            }
        },
        Ok(None) => return,
        Err(e) => {
            warn!("ignoring settings: {e}");
            return;
        }
    };
    // A seat played from afar (the last online room's) is a person here on the menu.
    let seats = settings.seats.map(|seats| {
        seats
            .into_iter()
            .map(|kind| match kind {
                SeatKind::Remote => SeatKind::Human,
                kind => kind,
            })
            .collect::<Vec<_>>()
    });
    if let Some(seats) = seats.filter(|s| s.len() == settings.variant.players() as usize) {
        *choice = MenuChoice {
            rules: settings.variant.rules(),
            players: settings.variant.players(),
            seats,
            starts: if settings.random_start {
                WhoStarts::Random
            } else {
                WhoStarts::Red
            },
        };
    }
    if settings.seconds_per_hop.is_finite() && settings.seconds_per_hop > 0.0 {
        speed.seconds_per_hop = settings.seconds_per_hop.min(2.0);
    }
    sound.muted = settings.muted;
    sound.volume = settings.volume.clamp(0.0, 1.0);
    panel.shown = settings.panel_shown;
    panel.board_hidden = settings.board_hidden;
    panel.notation = settings.move_notation;
    panel.page_controls = settings.page_controls;
    if settings.top_down {
        views.write(ViewRequest(CameraView::TopDown));
    }
    symbols.set_if_neq(SeatSymbols {
        shown: settings.symbols,
    });
    clock.set_if_neq(RoomClock(settings.room_clock_ms));
    profile.set_if_neq(PlayerProfile {
        name: settings.player_name,
        mute_reactions: settings.mute_reactions,
        player_key: settings.player_key,
    });
    if let Some(address) = settings.server {
        if server.0.is_none() {
            server.0 = Some(address.clone());
        }
        chosen.set_if_neq(ChosenServer(Some(address)));
    }
    if let Some(language) = settings.language
        && language != words.language()
    {
        *words = Words::new(language);
    }
}

/// The choices the settings file keeps, as they are now.
#[derive(SystemParam)]
pub(super) struct Choices<'w> {
    choice: Res<'w, MenuChoice>,
    speed: Res<'w, AnimationSettings>,
    sound: Res<'w, SoundSettings>,
    panel: Res<'w, PanelSettings>,
    view: Res<'w, CurrentView>,
    words: Res<'w, Words>,
    symbols: Res<'w, SeatSymbols>,
    profile: Res<'w, PlayerProfile>,
    clock: Res<'w, RoomClock>,
    chosen: Res<'w, ChosenServer>,
}

/// Write the settings when one of them changed (the first run only records what was loaded).
pub(super) fn save_settings(store: Res<Store>, now: Choices, mut written: Local<Option<Settings>>) {
    let language = Some(now.words.language());
    let Some(mut settings) = Settings::of(
        &now.choice,
        &now.speed,
        &now.sound,
        &now.panel,
        now.view.0,
        *now.symbols,
        language,
    ) else {
        return;
    };
    settings.player_name.clone_from(&now.profile.name);
    settings.mute_reactions = now.profile.mute_reactions;
    settings.player_key = now.profile.player_key;
    settings.room_clock_ms = now.clock.0;
    settings.server.clone_from(&now.chosen.0);
    if written.as_ref() == Some(&settings) {
        return;
    }
    if written.is_some() {
        let text = serde_json::to_string_pretty(&settings).expect("settings serialise");
        if let Err(e) = store.write(SETTINGS, &text) {
            warn!("could not save the settings: {e}");
        }
    }
    *written = Some(settings);
}

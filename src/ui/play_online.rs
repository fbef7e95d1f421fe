//! The Play online screen, a page of the menu: the player's name (drawn or typed), their player
//! code (shown to copy to another device, or typed to play as the player of another), Quick match
//! for the menu's rule set or any, a new private or public table with its move clock, Join by
//! code or link (typed), and the list of public tables on the server (sit at a waiting one,
//! watch a playing one). The menu draws it ([`online_rows`]); this module keeps what is typed
//! and acts on the page's buttons, through `NetRequest`s like every online action.

use super::buttons::{AddButtons, ButtonPressed, Pressed};
use super::{MenuChoice, MenuRow, RoomClock, Screen, TableLine};
use crate::frame::Frame;
use crate::locale::Words;
use crate::locale::{Glue, Phrase, rules_name};
use crate::net::{
    ChosenServer, KnownRatings, Lobby, LobbyState, NetRequest, OnlineServer, PlayerProfile,
    bad_link, link_reason, new_player_key, player_code, read_player_code, suggest_name,
};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::Ime;
use starhalma_locale::id;
use starhalma_protocol::{
    Family, LobbyRoom, MatchVariant, PlayerName, RoomCode, RoomLink, SeatHolder, ServerUrl,
};

/// Which page the menu shows: a state of the menu screen, so a page is spawned on entering it
/// and gone on leaving it, and the menu always opens on its main page.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Menu)]
pub enum MenuPage {
    #[default]
    Main,
    Online,
    /// My games: the games kept on this device and online.
    Games,
    Leaderboard,
}

/// The Play online page's buttons (and Enter in its text fields).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineButton {
    /// Open a room for the menu's choice and play friends by link.
    PlayFriend,
    /// The next move clock for the rooms this page opens.
    CycleRoomClock,
    /// Draw another suggested name to play online under.
    NewName,
    /// A seat at a waiting public table for the menu's rule set and count, or a new one.
    QuickMatch,
    /// The same for any rule set with the menu's player count.
    QuickMatchAny,
    /// Open a public table (listed in the lobby) for the menu's choice.
    HostPublic,
    /// Start the room server inside the game and open a private table on it (desktop).
    HostHere,
    /// Start (or stop) typing into this field.
    Type(TextField),
    /// Take the typed name.
    TakeName,
    /// Take the typed player code: play as the player it stands for (another device's).
    TakePlayerCode,
    /// Start over as a new player (pressed twice: the first press asks).
    NewIdentity,
    /// Play on the typed server.
    TakeServer,
    /// Enter the room whose code or link was typed.
    JoinCode,
    /// Ask the server for the list of public tables again.
    RefreshLobby,
    /// Show (or fold away) the rarely used: the server, the player code, host here.
    ToggleMore,
    /// Sit at this waiting public table.
    SitAt(RoomCode),
    /// Watch this public table's game.
    Watch(RoomCode),
    /// Back to the menu's main page.
    CloseOnline,
}

/// A line the player types into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    /// The name to play online under.
    Name,
    /// A room's code or link, to join.
    RoomCode,
    /// The server to play on (`http://HOST:PORT`; the desktop).
    Server,
    /// The player code (the player key), shown while editing, to copy or replace.
    PlayerCode,
}

/// What is typed on the Play online page, and into which field the keys go now.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Typing {
    pub editing: Option<TextField>,
    pub name: String,
    pub code: String,
    pub server: String,
    pub player_code: String,
    /// Why the last thing typed was not taken (or what was done: a code taken).
    pub error: Option<Phrase>,
    /// "New identity" was pressed once: the next press starts over.
    pub confirm_new_identity: bool,
    /// The page's More fold is open (the server, the player code, host on this computer).
    pub more_shown: bool,
}

impl Typing {
    fn text_mut(&mut self, field: TextField) -> &mut String {
        match field {
            TextField::Name => &mut self.name,
            TextField::RoomCode => &mut self.code,
            TextField::Server => &mut self.server,
            TextField::PlayerCode => &mut self.player_code,
        }
    }

    /// The field's text as its button shows it: a caret while typing.
    fn shown(&self, field: TextField) -> String {
        let text = match field {
            TextField::Name => &self.name,
            TextField::RoomCode => &self.code,
            TextField::Server => &self.server,
            TextField::PlayerCode => &self.player_code,
        };
        if self.editing == Some(field) {
            format!("{text}|") // for developers: the caret
        } else {
            text.clone()
        }
    }
}

/// Typed lines are short: a name is at most 20 characters, a room link fits in this.
const TYPED_AT_MOST: usize = 120;

/// Whether keys go into a text field (the menu's keyboard then leaves them alone).
pub(super) fn not_typing(typing: Res<Typing>) -> bool {
    typing.editing.is_none()
}

/// The page below the rule set and player count: its rows of buttons, the line saying the
/// lobby's state (or what was refused), the public tables as a table, and Refresh and Back.
pub(super) struct OnlinePage {
    pub rows: Vec<MenuRow>,
    pub status: Phrase,
    pub tables: Vec<TableLine>,
    pub last: MenuRow,
}

/// The Play online page for the menu's choice.
pub(super) fn online_rows(
    choice: &MenuChoice,
    clock: RoomClock,
    profile: &PlayerProfile,
    (typing, server): (&Typing, &OnlineServer),
    (lobby, ratings): (&Lobby, &KnownRatings),
) -> OnlinePage {
    // A field's button: what is typed (with a caret and how to finish) while typing, else
    // `resting` (what was typed, or the setting it edits).
    let typed = |field: TextField, id: &'static str, key: &'static str, resting: String| {
        let editing = typing.editing == Some(field);
        let text = if editing {
            typing.shown(field)
        } else {
            resting
        };
        let mut phrase = Phrase::msg(id).with(key, Phrase::Verbatim(text));
        if editing {
            phrase = Phrase::Joined(
                vec![phrase, Phrase::msg(id::TYPING_HINT)],
                Glue::Literal(" "),
            );
        }
        phrase
    };
    let name_button = match &profile.name {
        Some(name) => {
            Phrase::msg(id::MENU_PLAYER_NAME).with("name", Phrase::Verbatim(name.to_string()))
        }
        None => Phrase::msg(id::MENU_PLAYER_NAME_NEW),
    };
    let names = vec![
        (name_button, OnlineButton::NewName.into(), false),
        (
            typed(
                TextField::Name,
                id::MENU_TYPE_NAME,
                "name",
                typing.name.clone(),
            ),
            OnlineButton::Type(TextField::Name).into(),
            typing.editing == Some(TextField::Name),
        ),
    ];
    let quick = vec![
        (
            Phrase::msg(id::MENU_QUICK_MATCH)
                .with("rules", rules_name(choice.rules))
                .with("count", choice.players),
            OnlineButton::QuickMatch.into(),
            true,
        ),
        (
            Phrase::msg(id::MENU_QUICK_MATCH_ANY).with("count", choice.players),
            OnlineButton::QuickMatchAny.into(),
            false,
        ),
    ];
    let seconds = clock.0.map_or(0, |c| c.millis() / 1000);
    let create = vec![
        (
            Phrase::msg(id::MENU_CREATE_PRIVATE),
            OnlineButton::PlayFriend.into(),
            false,
        ),
        (
            Phrase::msg(id::MENU_CREATE_PUBLIC),
            OnlineButton::HostPublic.into(),
            false,
        ),
        (
            Phrase::msg(id::MENU_ROOM_CLOCK).with("seconds", Phrase::Number(seconds as i64)),
            OnlineButton::CycleRoomClock.into(),
            false,
        ),
    ];
    let code = vec![
        (
            typed(
                TextField::RoomCode,
                id::MENU_TYPE_CODE,
                "code",
                typing.code.clone(),
            ),
            OnlineButton::Type(TextField::RoomCode).into(),
            typing.editing == Some(TextField::RoomCode),
        ),
        (
            Phrase::msg(id::MENU_JOIN_CODE),
            OnlineButton::JoinCode.into(),
            false,
        ),
    ];
    // The player code stays hidden until pressed (it is the player's secret).
    let identity = vec![
        (
            if typing.editing == Some(TextField::PlayerCode) {
                typed(
                    TextField::PlayerCode,
                    id::MENU_PLAYER_CODE,
                    "code",
                    String::new(),
                )
            } else {
                Phrase::msg(id::MENU_PLAYER_CODE_HIDDEN)
            },
            OnlineButton::Type(TextField::PlayerCode).into(),
            typing.editing == Some(TextField::PlayerCode),
        ),
        (
            Phrase::msg(if typing.confirm_new_identity {
                id::MENU_NEW_IDENTITY_SURE
            } else {
                id::MENU_NEW_IDENTITY
            }),
            OnlineButton::NewIdentity.into(),
            typing.confirm_new_identity,
        ),
    ];
    let more = vec![(
        Phrase::msg(if typing.more_shown {
            id::MENU_ONLINE_LESS
        } else {
            id::MENU_ONLINE_MORE
        }),
        OnlineButton::ToggleMore.into(),
        typing.more_shown,
    )];
    // What most players use first: a game now, a table of their own, their name, a friend's
    // code; the rest behind More.
    let mut rows = vec![quick, create, names, code, more];
    if typing.more_shown {
        rows.push(identity);
    }
    // The desktop chooses its server, or (built with the server) is the server itself for
    // friends on its network.
    if typing.more_shown && cfg!(not(target_arch = "wasm32")) {
        let address = server
            .0
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        let server_button = typed(TextField::Server, id::MENU_TYPE_SERVER, "address", address);
        let mut row = vec![(
            server_button,
            OnlineButton::Type(TextField::Server).into(),
            typing.editing == Some(TextField::Server),
        )];
        if cfg!(feature = "host") {
            row.push((
                Phrase::msg(id::MENU_HOST_HERE),
                OnlineButton::HostHere.into(),
                false,
            ));
        }
        rows.push(row);
    }
    let status = match (&typing.error, &lobby.state) {
        (Some(error), _) => error.clone(),
        (None, LobbyState::Off | LobbyState::Connecting) => Phrase::msg(id::LOBBY_CONNECTING),
        (None, LobbyState::Failed(why)) => {
            Phrase::msg(id::LOBBY_FAILED).with("reason", why.clone())
        }
        (None, LobbyState::Listing) if lobby.rooms.is_empty() => Phrase::msg(id::LOBBY_EMPTY),
        (None, LobbyState::Listing) => {
            Phrase::msg(id::LOBBY_COUNT).with("count", lobby.rooms.len())
        }
    };
    let mut tables = Vec::new();
    if !lobby.rooms.is_empty() {
        tables.push(TableLine {
            cells: [
                id::LOBBY_COLUMN_WHO,
                id::LOBBY_COLUMN_RULES,
                id::LOBBY_COLUMN_SEATS,
                id::LOBBY_COLUMN_CLOCK,
                id::LOBBY_COLUMN_AGE,
            ]
            .map(Phrase::msg)
            .to_vec(),
            action: None,
            header: true,
        });
    }
    tables.extend(
        lobby
            .rooms
            .iter()
            .map(|(room, _)| table_line(room, ratings)),
    );
    let last = vec![
        (
            Phrase::msg(id::LOBBY_REFRESH),
            OnlineButton::RefreshLobby.into(),
            false,
        ),
        (
            Phrase::msg(id::MENU_BACK),
            OnlineButton::CloseOnline.into(),
            false,
        ),
    ];
    OnlinePage {
        rows,
        status,
        tables,
        last,
    }
}

/// A public table as a row: who (with ratings where known), the rules, the seats taken, the
/// move clock, how long it has waited (or that it plays), and Sit at a waiting one or Watch a
/// playing one.
fn table_line(room: &LobbyRoom, ratings: &KnownRatings) -> TableLine {
    let rules = Phrase::Joined(
        vec![
            rules_name(room.variant.rules()),
            Phrase::msg(id::MENU_PLAYERS).with("count", room.variant.players()),
        ],
        Glue::List,
    );
    let family = Family::of(room.variant.rules());
    let name_of = |holder: &SeatHolder| {
        let name = Phrase::Verbatim(holder.name()?.to_string());
        Some(
            match holder.player().and_then(|p| ratings.words(family, p)) {
                Some(rating) => Phrase::msg(id::RATED_NAME)
                    .with("name", name)
                    .with("rating", rating),
                None => name,
            },
        )
    };
    let seats = Phrase::Verbatim(format!("{}/{}", room.taken(), room.seats.len()));
    let seconds = room.clock_ms.map_or(0, |c| c.millis() / 1000) as i64;
    let clock = Phrase::msg(id::LOBBY_CLOCK).with("seconds", seconds);
    if room.running {
        let names: Vec<Phrase> = room.seats.iter().filter_map(name_of).collect();
        TableLine {
            cells: vec![
                Phrase::Joined(names, Glue::List),
                rules,
                seats,
                clock,
                Phrase::msg(id::LOBBY_PLAYING),
            ],
            action: Some((
                Phrase::msg(id::LOBBY_WATCH),
                OnlineButton::Watch(room.room).into(),
            )),
            header: false,
        }
    } else {
        let host = room.seats.first().and_then(name_of).unwrap_or_default();
        let minutes = (room.age_ms / 60_000) as i64;
        TableLine {
            cells: vec![
                host,
                rules,
                seats,
                clock,
                Phrase::msg(id::LOBBY_AGE).with("minutes", minutes),
            ],
            action: Some((
                Phrase::msg(id::LOBBY_SIT),
                OnlineButton::SitAt(room.room).into(),
            )),
            header: false,
        }
    }
}

/// Keys typed into the field being edited: characters (and what an input method commits),
/// Backspace, Enter to take it, Escape to stop.
fn type_text(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut typing: ResMut<Typing>,
    mut take: MessageWriter<Pressed<OnlineButton>>,
) {
    let Some(field) = typing.editing else {
        keys.clear();
        ime.clear();
        return;
    };
    let mut typed = String::new();
    let mut done = false;
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        match (&key.logical_key, &key.text) {
            (Key::Enter, _) => done = true,
            (Key::Escape, _) => {
                typing.editing = None;
                return;
            }
            (Key::Backspace, _) => {
                let text = typing.text_mut(field);
                typed.pop().or_else(|| text.pop());
            }
            // The text a key makes (dead keys and Shift applied), else its character.
            (_, Some(text)) | (Key::Character(text), None) => {
                typed.extend(text.chars().filter(|c| !c.is_control()));
            }
            (Key::Space, None) => typed.push(' '),
            _ => {}
        }
    }
    for event in ime.read() {
        if let Ime::Commit { value, .. } = event {
            typed.extend(value.chars().filter(|c| !c.is_control()));
        }
    }
    if !typed.is_empty() {
        let text = typing.text_mut(field);
        text.extend(
            typed
                .chars()
                .take(TYPED_AT_MOST.saturating_sub(text.chars().count())),
        );
    }
    if done {
        let action = match field {
            TextField::Name => OnlineButton::TakeName,
            TextField::RoomCode => OnlineButton::JoinCode,
            TextField::Server => OnlineButton::TakeServer,
            TextField::PlayerCode => OnlineButton::TakePlayerCode,
        };
        take.write(Pressed(action));
    }
}

/// The link to a room typed as a link, or as a code on this game's server; or why it is
/// neither, in words.
fn typed_room_link(typed: &str, server: &OnlineServer) -> Result<RoomLink, Phrase> {
    let typed = typed.trim();
    if typed.contains("://") {
        return typed.parse().map_err(|why| bad_link(typed, &why));
    }
    let not_a_code =
        || Phrase::msg(id::ONLINE_BAD_CODE).with("code", Phrase::Verbatim(typed.to_string()));
    let code: RoomCode = typed.to_lowercase().parse().map_err(|_| not_a_code())?;
    Ok(server.0.as_ref().ok_or_else(not_a_code)?.room(code))
}

/// Entering the page follows the public tables.
fn open_online_page(mut typing: ResMut<Typing>, mut requests: MessageWriter<NetRequest>) {
    typing.error = None;
    requests.write(NetRequest::WatchLobby);
}

/// The page's buttons.
#[allow(clippy::too_many_arguments)] // the page's one handler
fn online_page_actions(
    mut pressed: MessageReader<Pressed<OnlineButton>>,
    mut any: MessageReader<ButtonPressed>,
    (mut page, mut typing, mut profile): (
        ResMut<NextState<MenuPage>>,
        ResMut<Typing>,
        ResMut<PlayerProfile>,
    ),
    (choice, mut clock, words): (Res<MenuChoice>, ResMut<RoomClock>, Res<Words>),
    time: Res<Time<Real>>,
    (mut server, mut chosen): (ResMut<OnlineServer>, ResMut<ChosenServer>),
    mut requests: MessageWriter<NetRequest>,
    mut next: ResMut<NextState<Screen>>,
    mut windows: Query<&mut Window>,
) {
    let variant = choice.setup(0).variant;
    let random_start = choice.starts == super::WhoStarts::Random;
    let actions: Vec<OnlineButton> = pressed.read().map(|Pressed(a)| *a).collect();
    // "New identity" asks once; anything else pressed in between (on this page or its rule-set
    // buttons) cancels the question.
    let asked = actions
        .iter()
        .filter(|a| **a == OnlineButton::NewIdentity)
        .count();
    let other_press = any.read().count() > asked;
    if typing.confirm_new_identity
        && (other_press || actions.iter().any(|a| *a != OnlineButton::NewIdentity))
    {
        typing.confirm_new_identity = false;
        typing.error = None;
    }
    for action in actions {
        // Leaving the menu leaves its page too.
        let mut play = |request: NetRequest| {
            requests.write(request);
            next.set(Screen::Playing);
        };
        match action {
            OnlineButton::CycleRoomClock => *clock = clock.next(),
            OnlineButton::NewName => {
                let seed = time.elapsed().as_nanos() as u64;
                profile.name = Some(suggest_name(&words, seed));
            }
            OnlineButton::RefreshLobby => {
                typing.error = None;
                requests.write(NetRequest::WatchLobby);
            }
            OnlineButton::ToggleMore => {
                typing.more_shown = !typing.more_shown;
                // A field folded away takes no more keys.
                if matches!(
                    typing.editing,
                    Some(TextField::Server | TextField::PlayerCode)
                ) {
                    typing.editing = None;
                }
            }
            OnlineButton::CloseOnline => {
                page.set(MenuPage::Main);
                typing.editing = None;
                requests.write(NetRequest::LeaveLobby);
            }
            OnlineButton::Type(field) => {
                typing.error = None;
                typing.confirm_new_identity = false;
                if typing.editing == Some(field) {
                    typing.editing = None;
                    continue;
                }
                match field {
                    TextField::Name => {
                        typing.name = profile
                            .name
                            .as_ref()
                            .map(|n| n.to_string())
                            .unwrap_or_default();
                    }
                    TextField::Server => {
                        typing.server = server
                            .0
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default()
                    }
                    TextField::PlayerCode => {
                        let key = *profile.player_key.get_or_insert_with(new_player_key);
                        typing.player_code = player_code(key);
                    }
                    TextField::RoomCode => {}
                }
                typing.editing = Some(field);
            }
            OnlineButton::TakeName => {
                typing.editing = None;
                match PlayerName::new(&typing.name) {
                    Ok(name) => {
                        profile.name = Some(name);
                        typing.error = None;
                    }
                    Err(_) => typing.error = Some(Phrase::msg(id::ONLINE_BAD_NAME)),
                }
            }
            OnlineButton::TakePlayerCode => {
                typing.editing = None;
                match read_player_code(&typing.player_code) {
                    Some(key) => {
                        profile.player_key = Some(key);
                        typing.error = Some(Phrase::msg(id::ONLINE_PLAYER_CODE_TAKEN));
                    }
                    None => typing.error = Some(Phrase::msg(id::ONLINE_BAD_PLAYER_CODE)),
                }
                typing.player_code.clear();
            }
            OnlineButton::NewIdentity => {
                typing.editing = None;
                if typing.confirm_new_identity {
                    profile.player_key = Some(new_player_key());
                    typing.confirm_new_identity = false;
                    typing.error = Some(Phrase::msg(id::ONLINE_NEW_IDENTITY_DONE));
                } else {
                    typing.confirm_new_identity = true;
                    typing.error = Some(Phrase::msg(id::ONLINE_NEW_IDENTITY_ASK));
                }
            }
            OnlineButton::TakeServer => {
                typing.editing = None;
                let typed = typing.server.trim();
                match typed.parse::<ServerUrl>() {
                    Ok(address) => {
                        typing.error = None;
                        server.0 = Some(address.clone());
                        chosen.0 = Some(address);
                        requests.write(NetRequest::WatchLobby);
                    }
                    Err(why) => {
                        typing.error = Some(
                            Phrase::msg(id::ONLINE_BAD_SERVER)
                                .with("address", Phrase::Verbatim(typed.to_string()))
                                .with("reason", link_reason(&why)),
                        );
                    }
                }
            }
            OnlineButton::JoinCode => {
                typing.editing = None;
                match typed_room_link(&typing.code, &server) {
                    Ok(link) => {
                        typing.error = None;
                        play(NetRequest::Open(link));
                    }
                    Err(why) => typing.error = Some(why),
                }
            }
            OnlineButton::QuickMatch => play(NetRequest::QuickMatch(
                MatchVariant::Exactly(variant),
                variant.players(),
                clock.0,
            )),
            OnlineButton::QuickMatchAny => play(NetRequest::QuickMatch(
                MatchVariant::Any,
                variant.players(),
                clock.0,
            )),
            OnlineButton::HostHere => play(NetRequest::HostHere {
                variant,
                clock: clock.0,
                random_start,
            }),
            OnlineButton::HostPublic => play(NetRequest::Host {
                variant,
                clock: clock.0,
                public: true,
                random_start,
            }),
            OnlineButton::PlayFriend => play(NetRequest::Host {
                variant,
                clock: clock.0,
                public: false,
                random_start,
            }),
            OnlineButton::SitAt(code) | OnlineButton::Watch(code) => {
                let Some(origin) = &server.0 else {
                    continue;
                };
                let link = origin.room(code);
                let request = if matches!(action, OnlineButton::SitAt(_)) {
                    NetRequest::Sit(link)
                } else {
                    NetRequest::Join(link)
                };
                play(request);
            }
        }
    }
    // An input method (Japanese, say) sends its text only to a window that asks for it.
    for mut window in &mut windows {
        let wanted = typing.editing.is_some();
        if window.ime_enabled != wanted {
            window.ime_enabled = wanted;
        }
    }
}

pub(super) struct PlayOnlinePlugin;

impl Plugin for PlayOnlinePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<KeyboardInput>()
            .add_message::<Ime>()
            .init_resource::<Typing>()
            .add_buttons::<OnlineButton>()
            .add_systems(OnEnter(MenuPage::Online), open_online_page)
            .add_systems(
                Update,
                (
                    type_text.in_set(Frame::Keys),
                    online_page_actions
                        .run_if(
                            on_message::<Pressed<OnlineButton>>
                                .or_eager(on_message::<ButtonPressed>),
                        )
                        .in_set(Frame::Actions),
                ),
            );
    }
}

//! Online play with friends through a room server (`starhalma-server`, docs/ONLINE.md), on
//! core's one path: the server decides, and the client applies only what it confirmed.
//!
//! - A person's move here is checked by core and comes out as a `Proposal`, sent as `move`;
//!   Resign, Leave and Rematch likewise.
//! - The server's events are queued by seq (`starhalma_protocol::Session`, a plain state machine in the protocol
//!   crate) and applied in order, one at a time and only while nothing animates: a move as a
//!   `Network` `MoveRequest`, a resignation, a leave or a rematch as a `RoomChange` command
//!   that core makes with the rules crate. The next waits until core applied (or refused) it,
//!   matched by where it came from, so the connection never plays the rules itself.
//! - `welcome` (entering, reconnecting, a resync) hands core the room's game the same way.
//! - A lost connection is retried with the seat's token; the token of every room this device
//!   sat in is kept ([`OnlineMemory`], stored by persist), so a reload or Continue takes the seat
//!   back.
//!
//! By feature: `connection.rs` keeps the socket and the session and talks to the server;
//! `events.rs` hands the room's events to core one at a time; `room.rs` is the room as the
//! player sees it and the tokens kept; `lobby.rs` the public tables; `identity.rs` the player's
//! key, code and name; `host.rs` the server this computer can host; `records.rs` and
//! `replay.rs` the finished games and ratings; `reasons.rs` what went wrong, in words.

mod connection;
mod events;
mod fetch;
mod host;
mod identity;
mod lobby;
mod reasons;
mod records;
mod replay;
mod room;
mod socket;

pub use host::LocalServer;
pub use identity::{PlayerProfile, suggest_name};
pub(crate) use identity::{new_player_key, player_code, read_player_code};
pub use lobby::{Lobby, LobbyState};
use reasons::server_error;
pub(crate) use reasons::{bad_link, link_reason};
pub use records::{FinishedRecord, KnownRatings, Remote, ServerRecords};
pub(crate) use replay::ReplayArrived;
pub use room::{JoinAtStart, Online, OnlineMemory, Phase, Reacted};
use room::{join_at_start, leave_online, name_seats};

pub use socket::{Dial, Link, Network, SocketEvent};

use crate::core::Match;
use crate::frame::Frame;
use bevy::prelude::*;
use connection::{Connection, handle_requests, receive, send_proposals};
use events::apply_events;
use starhalma_protocol::{GameLink, MatchVariant, MoveClock, Reaction, RoomLink, ServerUrl};
use starhalma_rules::Variant;

/// Where "Play a friend" opens rooms (`http://HOST:PORT`): the page's own server on the web,
/// `--server` on the desktop; `None` hides the button.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineServer(pub Option<ServerUrl>);

/// The server address the player typed on the Play online page (the desktop), kept in the
/// settings: where the game plays online unless `--server` or the web page's own server says
/// otherwise.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ChosenServer(pub Option<ServerUrl>);

/// What the interface asks of the connection.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Open a room for this variant, with this move clock or none, on [`OnlineServer`], as its
    /// host (seat 0); a `public` one is listed in the lobby; `random_start`: the server tosses
    /// for each game's first seat.
    Host {
        variant: Variant,
        clock: Option<MoveClock>,
        public: bool,
        random_start: bool,
    },
    /// Enter the room a link names, with the seat token kept for it if any.
    Join(RoomLink),
    /// Enter the room a link names and take its lowest open seat (a waiting public table
    /// picked from the lobby).
    Sit(RoomLink),
    /// Open a room's link, as a friend sent it: seated at once in a free seat while the game
    /// waits for players, else watching (a full or running room); the seat token kept for
    /// the room, if any, takes its seat back.
    Open(RoomLink),
    /// A seat at the oldest public table waiting for this variant (or any rule set for the
    /// player count) on [`OnlineServer`], or a new one, with the given clock or any.
    QuickMatch(MatchVariant, u8, Option<MoveClock>),
    /// Start the room server inside the game on the local network ([`LocalServer`]), make
    /// it the [`OnlineServer`], and open a private room there as its host (desktop only).
    HostHere {
        variant: Variant,
        clock: Option<MoveClock>,
        random_start: bool,
    },
    /// Follow the list of public tables on [`OnlineServer`] ([`Lobby`]).
    WatchLobby,
    /// Stop following it.
    LeaveLobby,
    /// Take the lowest open seat (a spectator, in a room with one).
    TakeSeat,
    /// The host seats the computer in every open seat, which starts play.
    FillComputer,
    /// Send everyone in the room a reaction (a seated player).
    React(Reaction),
    /// Take back the seat the clock left to the computer.
    Back,
    /// Open a finished game's replay by its share link (`…/?game=ID`).
    OpenReplay(GameLink),
    /// Read this player's kept online games from the server ([`ServerRecords`]).
    FetchMyGames,
    /// Read the next page of them (the older ones), added to those read.
    FetchMoreGames,
    /// Read a family's leaderboard, for games of one player count or all.
    FetchLeaderboard(starhalma_protocol::Family, Option<u8>),
}

/// The web page's own server (`http(s)://HOST:PORT`) and the address it was opened with.
#[cfg(target_arch = "wasm32")]
fn page_address() -> Option<(ServerUrl, String)> {
    let location = web_sys::window()?.location();
    let origin = location.origin().ok()?.parse().ok()?;
    let href = location.href().ok()?;
    Some((origin, href))
}

pub(crate) struct NetPlugin;

impl Plugin for NetPlugin {
    fn build(&self, app: &mut App) {
        #[cfg(target_arch = "wasm32")]
        if let Some((origin, href)) = page_address() {
            app.insert_resource(OnlineServer(Some(origin)));
            // A page opened on its own (no room, no game) starts at the menu.
            if let Ok(join) = href.parse::<JoinAtStart>() {
                app.insert_resource(join);
            }
        }
        app.add_message::<NetRequest>()
            .init_resource::<OnlineServer>()
            .init_resource::<OnlineMemory>()
            .init_resource::<Online>()
            .init_resource::<Lobby>()
            .init_resource::<LocalServer>()
            .init_resource::<ChosenServer>()
            .init_resource::<Connection>()
            .init_resource::<Network>()
            .init_resource::<PlayerProfile>()
            .init_resource::<replay::PendingReplay>()
            .init_resource::<records::PendingRecords>()
            .init_resource::<ServerRecords>()
            .init_resource::<KnownRatings>()
            .init_resource::<FinishedRecord>()
            .init_resource::<records::PendingFinished>()
            .add_message::<ReplayArrived>()
            .add_systems(
                Update,
                (
                    (
                        join_at_start,
                        handle_requests,
                        replay::open_replays,
                        replay::receive_replay,
                        records::fetch_records,
                        records::receive_records,
                        send_proposals,
                        receive,
                        apply_events,
                        records::receive_ratings,
                        records::ask_ratings.run_if(
                            resource_changed::<Online>
                                .or_eager(resource_changed::<Lobby>)
                                .or_eager(resource_changed::<KnownRatings>),
                        ),
                        records::fetch_finished_record,
                        name_seats.run_if(
                            resource_changed::<Online>
                                .or_eager(resource_changed::<Match>)
                                .or_eager(resource_changed::<KnownRatings>),
                        ),
                    )
                        .chain()
                        .in_set(Frame::Net),
                    (leave_online, connection::keep_ticking)
                        .chain()
                        .in_set(Frame::Hud),
                ),
            );
    }
}

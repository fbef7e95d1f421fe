//! The records the room server keeps, read for the My games and Leaderboard pages: the
//! player's own games (with their key, so their private games are listed too) and a rule
//! set's leaderboard, each fetched from the server's API when asked and kept until asked again.

use super::fetch::{Fetch, Fetched};
use super::{NetRequest, PlayerProfile, ServerUrl};
use crate::locale::Phrase;
use crate::rest::WakeSignal;
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::{Family, GamesPage, KEY_HEADER, Leaderboard, games_url, leaderboard_url};

/// One page read from the server: not asked, on its way, come, or why it did not.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Remote<T> {
    #[default]
    NotAsked,
    Loading,
    Got(T),
    Failed(Phrase),
}

/// What the server said of this player's games and of the leaderboard last asked for.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ServerRecords {
    /// The player's kept online games, newest first (none asked: no player key yet).
    pub my_games: Remote<GamesPage>,
    /// The leaderboard of a family (for games of one player count, or all).
    pub leaderboard: Remote<Leaderboard>,
    /// Which leaderboard `leaderboard` is (or will be).
    pub board: Option<(Family, Option<u8>)>,
}

/// The fetches on their way.
#[derive(Resource, Default)]
pub(super) struct PendingRecords {
    my_games: Option<Fetch>,
    leaderboard: Option<Fetch>,
}

/// Why there is nothing to ask: no server to ask.
fn no_server() -> Phrase {
    Phrase::msg(id::RECORDS_NO_SERVER)
}

/// `FetchMyGames` and `FetchLeaderboard`: start them (a newer request replaces an older one).
pub(super) fn fetch_records(
    mut requests: MessageReader<NetRequest>,
    (server, profile): (Res<ServerUrl>, Res<PlayerProfile>),
    mut records: ResMut<ServerRecords>,
    mut pending: ResMut<PendingRecords>,
    wake: Res<WakeSignal>,
) {
    for request in requests.read() {
        match request {
            NetRequest::FetchMyGames => {
                let Some(key) = profile.player_key else {
                    // Never online from here: nothing of theirs is kept.
                    records.my_games = Remote::NotAsked;
                    continue;
                };
                let Some(origin) = &server.0 else {
                    records.my_games = Remote::Failed(no_server());
                    continue;
                };
                let url = games_url(origin, &key.public_id(), None);
                // The key travels in a header, never in the address.
                let headers = [(KEY_HEADER, key.to_string())];
                pending.my_games = Some(Fetch::get_with(&url, &headers, &wake));
                records.my_games = Remote::Loading;
            }
            NetRequest::FetchLeaderboard(family, players) => {
                records.board = Some((*family, *players));
                let Some(origin) = &server.0 else {
                    records.leaderboard = Remote::Failed(no_server());
                    continue;
                };
                let url = leaderboard_url(origin, *family, *players);
                pending.leaderboard = Some(Fetch::get(&url, &wake));
                records.leaderboard = Remote::Loading;
            }
            _ => {}
        }
    }
}

/// An answer read as the page it should be.
fn read<T: serde::de::DeserializeOwned>(fetched: Fetched) -> Remote<T> {
    match fetched
        .and_then(|body| serde_json::from_str(&body).map_err(|_| Phrase::msg(id::FETCH_GARBLED)))
    {
        Ok(page) => Remote::Got(page),
        Err(why) => Remote::Failed(why),
    }
}

/// The answers, as they come (a resting app is woken by the fetch).
pub(super) fn receive_records(
    mut pending: ResMut<PendingRecords>,
    mut records: ResMut<ServerRecords>,
) {
    if let Some(fetched) = pending.my_games.as_ref().and_then(Fetch::poll) {
        records.my_games = read(fetched);
        pending.my_games = None;
    }
    if let Some(fetched) = pending.leaderboard.as_ref().and_then(Fetch::poll) {
        records.leaderboard = read(fetched);
        pending.leaderboard = None;
    }
}

//! The records the room server keeps, read from its API: for the My games and Leaderboard
//! pages, the player's own games (with their key, so their private games are listed too) and
//! a rule set's leaderboard, fetched when asked; the ratings of the players the lobby and the
//! room show ([`KnownRatings`]); and a room's game once it ended, with the ratings it moved
//! ([`FinishedRecord`]).

use super::fetch::{Fetch, Fetched};
use super::{Lobby, NetRequest, Online, OnlineServer, PlayerProfile};
use crate::core::Match;
use crate::locale::Phrase;
use crate::rest::WakeSignal;
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::{
    Family, GameSummary, GamesPage, KEY_HEADER, Leaderboard, RATINGS_MAX_PLAYERS, RatingSummary,
    RatingsPage, ServerUrl, games_url, leaderboard_url, ratings_url,
};
use std::collections::HashMap;
use std::time::Duration;

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
    /// The next page of the player's games is on its way.
    pub loading_more: bool,
}

/// The fetches on their way.
#[derive(Resource, Default)]
pub(super) struct PendingRecords {
    my_games: Option<Fetch>,
    more_games: Option<Fetch>,
    leaderboard: Option<Fetch>,
}

/// Why there is nothing to ask: no server to ask.
fn no_server() -> Phrase {
    Phrase::msg(id::RECORDS_NO_SERVER)
}

/// `FetchMyGames`, `FetchMoreGames` and `FetchLeaderboard`: start them (a newer request
/// replaces an older one).
pub(super) fn fetch_records(
    mut requests: MessageReader<NetRequest>,
    (server, profile): (Res<OnlineServer>, Res<PlayerProfile>),
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
                pending.more_games = None;
                records.my_games = Remote::Loading;
                records.loading_more = false;
            }
            NetRequest::FetchMoreGames => {
                let (Some(key), Some(origin)) = (profile.player_key, &server.0) else {
                    continue;
                };
                let Remote::Got(GamesPage {
                    next: Some(before), ..
                }) = records.my_games
                else {
                    continue;
                };
                if pending.more_games.is_some() {
                    continue;
                }
                let url = games_url(origin, &key.public_id(), Some(before));
                let headers = [(KEY_HEADER, key.to_string())];
                pending.more_games = Some(Fetch::get_with(&url, &headers, &wake));
                records.loading_more = true;
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
    if let Some(fetched) = pending.more_games.as_ref().and_then(Fetch::poll) {
        pending.more_games = None;
        records.loading_more = false;
        match (read::<GamesPage>(fetched), &mut records.my_games) {
            (Remote::Got(more), Remote::Got(page)) => {
                page.games.extend(more.games);
                page.next = more.next;
            }
            (Remote::Failed(why), _) => warn!("more games: {why}"),
            _ => {}
        }
    }
    if let Some(fetched) = pending.leaderboard.as_ref().and_then(Fetch::poll) {
        records.leaderboard = read(fetched);
        pending.leaderboard = None;
    }
}

/// What is known of a player's rating in a family.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Known {
    Asked,
    Rated(RatingSummary),
    /// No rated game yet: they start at 1500, provisional.
    Unrated,
    /// The server could not answer (at this time, `Time<Real>::elapsed`): asked again
    /// [`RETRY_AFTER`] later, when the room or the lobby next changes.
    Failed(Duration),
}

/// How long after a failed request its players' ratings are asked again.
const RETRY_AFTER: Duration = Duration::from_secs(10);

/// The ratings of the players the lobby and the room show, by family and public id, asked of
/// their server in batches as new players appear.
#[derive(Resource, Default)]
pub struct KnownRatings {
    /// The server they come from: another server's players are asked again.
    origin: Option<ServerUrl>,
    known: HashMap<(Family, String), Known>,
    pending: Option<Fetch>,
}

impl PartialEq for KnownRatings {
    fn eq(&self, other: &Self) -> bool {
        self.origin == other.origin && self.known == other.known
    }
}

impl KnownRatings {
    /// `player`'s rating in `family` in words ("1520"; "1500?" while provisional), once known.
    pub fn words(&self, family: Family, player: &str) -> Option<Phrase> {
        let (rating, provisional) = match self.known.get(&(family, player.to_string()))? {
            Known::Asked | Known::Failed(_) => return None,
            Known::Rated(r) => (r.rating, r.provisional),
            Known::Unrated => (1500, true),
        };
        let mark = if provisional { "?" } else { "" }; // for developers: a provisional rating
        Some(Phrase::Verbatim(format!("{rating}{mark}")))
    }

    /// No rating asked for or known yet.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// Forget `player`'s rating in `family` (a game just changed it): asked again when shown.
    fn forget(&mut self, family: Family, player: &str) {
        self.known.remove(&(family, player.to_string()));
    }
}

/// The players shown now (the room's seats, the lobby's tables), by family.
fn shown_players(online: &Online, state: &Match, lobby: &Lobby) -> Vec<(Family, String)> {
    let mut shown = Vec::new();
    if online.is_online() {
        let family = Family::of(state.game.rule_set());
        shown.extend(
            online
                .seats
                .iter()
                .filter_map(|s| s.player().map(|p| (family, p.to_string()))),
        );
    }
    for (room, _) in &lobby.rooms {
        let family = Family::of(room.variant.rules());
        shown.extend(
            room.seats
                .iter()
                .filter_map(|s| s.player().map(|p| (family, p.to_string()))),
        );
    }
    shown
}

/// Ask for the ratings of players shown and not known yet: one family's at a time, at most
/// [`RATINGS_MAX_PLAYERS`] a request.
pub(super) fn ask_ratings(
    (online, state, lobby): (Res<Online>, Res<Match>, Res<Lobby>),
    server: Res<OnlineServer>,
    mut ratings: ResMut<KnownRatings>,
    (wake, time): (Res<WakeSignal>, Res<Time<Real>>),
) {
    // In a room, its own server (joined by a link, it may not be the menu's); else the
    // lobby's. A room's server that keeps no games has no ratings to give.
    if online.origin().is_some() && online.no_records {
        return;
    }
    let Some(origin) = online.origin().or(server.0.as_ref()) else {
        return;
    };
    if ratings.origin.as_ref() != Some(origin) {
        *ratings = KnownRatings {
            origin: Some(origin.clone()),
            ..default()
        };
    }
    if ratings.pending.is_some() {
        return;
    }
    let now = time.elapsed();
    let missing: Vec<(Family, String)> = shown_players(&online, &state, &lobby)
        .into_iter()
        .filter(|key| match ratings.known.get(key) {
            None => true,
            Some(Known::Failed(at)) => now.saturating_sub(*at) >= RETRY_AFTER,
            Some(_) => false,
        })
        .collect();
    let Some(&(family, _)) = missing.first() else {
        return;
    };
    let mut asked: Vec<String> = missing
        .into_iter()
        .filter(|(f, _)| *f == family)
        .map(|(_, player)| player)
        .collect();
    asked.sort();
    asked.dedup();
    asked.truncate(RATINGS_MAX_PLAYERS);
    let ids: Vec<&str> = asked.iter().map(String::as_str).collect();
    let fetch = Fetch::get(&ratings_url(origin, family, &ids), &wake);
    for player in asked {
        ratings.known.insert((family, player), Known::Asked);
    }
    ratings.pending = Some(fetch);
}

/// The ratings as they come: those asked and not in the answer have none yet; a server that
/// could not answer is asked again later.
pub(super) fn receive_ratings(mut ratings: ResMut<KnownRatings>, time: Res<Time<Real>>) {
    let Some(fetched) = ratings.pending.as_ref().and_then(Fetch::poll) else {
        return;
    };
    ratings.pending = None;
    match read::<RatingsPage>(fetched) {
        Remote::Got(page) => {
            let family = Family::from_name(&page.rules);
            for ((f, player), known) in ratings.known.iter_mut() {
                if *known == Known::Asked && Some(*f) == family {
                    *known = page
                        .ratings
                        .get(player)
                        .map_or(Known::Unrated, |r| Known::Rated(*r));
                }
            }
        }
        Remote::Failed(why) => {
            warn!("ratings: {why}");
            let now = time.elapsed();
            for known in ratings.known.values_mut() {
                if *known == Known::Asked {
                    *known = Known::Failed(now);
                }
            }
        }
        Remote::NotAsked | Remote::Loading => {}
    }
}

/// The room's game that just ended, as the server kept it (its players' ratings before and
/// after); asked once the game is over, again while the server has not written it yet.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct FinishedRecord {
    /// The record asked for.
    pub id: Option<String>,
    pub game: Remote<GameSummary>,
}

/// Asked when a game in a room ends, until written.
#[derive(Resource, Default)]
pub(super) struct PendingFinished(Option<Fetch>);

pub(super) fn fetch_finished_record(
    (online, state): (Res<Online>, Res<Match>),
    mut finished: ResMut<FinishedRecord>,
    mut pending: ResMut<PendingFinished>,
    mut ratings: ResMut<KnownRatings>,
    wake: Res<WakeSignal>,
) {
    if let Some(fetched) = pending.0.as_ref().and_then(Fetch::poll) {
        pending.0 = None;
        finished.game = read(fetched);
        // The game moved its players' ratings: asked again where they are shown.
        if let Remote::Got(game) = &finished.game
            && let Some(family) = Family::from_name(&game.rules)
        {
            for seat in &game.seats {
                if let Some(player) = &seat.player {
                    ratings.forget(family, player);
                }
            }
        }
    }
    let Some(link) = online.replay_link() else {
        return;
    };
    let record = link.id();
    if !online.is_online()
        || online.no_records
        || !state.game.is_over()
        || finished.id.as_deref() == Some(record)
    {
        return;
    }
    finished.id = Some(record.to_string());
    finished.game = Remote::Loading;
    pending.0 = Some(Fetch::get_when_there(&link.api_url(), &wake));
}

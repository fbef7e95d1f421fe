//! The records read back over HTTP, on the room server's own port (docs/RECORDS.md):
//!
//! - `GET /api/games/{id}`: a finished game, its moves in the rules crate's notation, its save
//!   file, its seats with names, places and ratings before and after.
//! - `GET /api/players/{id}`: a player's name, ratings per rule-set family and count of games.
//! - `GET /api/players/{id}/games?before=MS&limit=N`: their games, newest first, at most 50 a
//!   page; their private games too when the request carries their key (`X-Player-Key`).
//! - `GET /api/leaderboard?rules=FAMILY&players=N`: the best 100 settled ratings.
//!
//! Every answer is JSON; a malformed id or page is 400, an unknown one 404, a flood from one
//! address 429, a server that keeps no games 503 and a database out of reach 503.

use crate::identity::{is_player_id, key_matches};
use crate::ratings::{Family, Rating, change_words};
use crate::records::{PAGE_MAX, Records, RecordsError, StoredGame};
use crate::server::{Server, forwarded_for};
use crate::store::RoomStore;
use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use starhalma_protocol::{
    ApiError, GameRecord, GameSummary, GamesPage, LeaderLine, Leaderboard, PlayerKey, PlayerPage,
    RatingSummary, RatingsPage, SeatSummary, is_game_id,
};
use starhalma_rules::Game;
use std::net::SocketAddr;
use std::sync::Arc;

pub use starhalma_protocol::KEY_HEADER;
use starhalma_protocol::RATINGS_MAX_PLAYERS;
/// Games on a page when the request names no `limit`.
const PAGE_DEFAULT: u32 = 20;

fn refusal(status: StatusCode, code: &str, message: &str) -> Response {
    let error = ApiError {
        error: code.to_string(),
        message: message.to_string(),
    };
    (status, Json(error)).into_response()
}

fn bad(message: &str) -> Response {
    refusal(StatusCode::BAD_REQUEST, "bad_request", message)
}

fn not_found(message: &str) -> Response {
    refusal(StatusCode::NOT_FOUND, "not_found", message)
}

fn database(e: RecordsError) -> Response {
    tracing::warn!("api: {e}");
    refusal(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "the records cannot be read now; try again",
    )
}

/// The checks every request passes first: the address's rate, and a server that keeps
/// games. Answers the records to read, or the refusal (boxed: a response is large).
fn admit<'a, S: RoomStore>(
    server: &'a Server<S>,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<&'a Records, Box<Response>> {
    let address = if server.behind_proxy {
        forwarded_for(headers).unwrap_or(peer.ip())
    } else {
        peer.ip()
    };
    let rate = server.limits.max_api_requests_per_second;
    if !server.gate.may_read_api(address, rate, server.clock.now()) {
        return Err(Box::new(refusal(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests from your address; slow down",
        )));
    }
    server
        .recorder
        .as_ref()
        .map(|r| r.records())
        .ok_or_else(|| {
            Box::new(refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "no_records",
                "this server keeps no games (started with --database none)",
            ))
        })
}

fn rating_summary(rating: &Rating) -> RatingSummary {
    RatingSummary {
        rating: rating.rating.round() as i64,
        deviation: rating.deviation.round() as i64,
        games: i64::from(rating.games),
        provisional: rating.provisional(),
    }
}

/// A game as a page lists it, and its save file read back (for its variant, result and moves).
fn game_summary(game: &StoredGame) -> (GameSummary, Option<Game>) {
    let played = Game::from_json(&game.save).ok();
    let seats = game
        .seats
        .iter()
        .map(|seat| {
            let change = match (seat.rating_before, seat.rating_after) {
                (Some(before), Some(after)) => Some(change_words(
                    &Rating {
                        rating: before,
                        ..Rating::START
                    },
                    &Rating {
                        rating: after,
                        ..Rating::START
                    },
                )),
                _ => None,
            };
            SeatSummary {
                seat: seat.seat,
                player: seat.player.clone(),
                computer: seat.computer.clone(),
                name: seat.name.clone(),
                place: seat.place,
                rating_before: seat.rating_before.map(|r| r.round() as i64),
                rating_after: seat.rating_after.map(|r| r.round() as i64),
                change,
            }
        })
        .collect();
    let summary = GameSummary {
        id: game.id.clone(),
        rules: game.family.name().to_string(),
        players: game.seats.len(),
        public: game.public,
        clock_ms: game.clock_ms,
        rated: game.seats.iter().any(|s| s.rating_after.is_some()),
        started_ms: game.started_ms,
        ended_ms: game.ended_ms,
        seats,
        variant: played.as_ref().map(Game::variant),
        result: played.as_ref().map(Game::status),
        plies: played.as_ref().map(|p| p.history().len()),
    };
    (summary, played)
}

/// A game whole: its summary, its moves and its save.
fn game_record(game: &StoredGame) -> GameRecord {
    let (summary, played) = game_summary(game);
    GameRecord {
        summary,
        moves: played
            .as_ref()
            .map(|p| p.history().iter().map(|p| p.mv.to_string()).collect()),
        save: played,
    }
}

async fn get_game<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let records = match admit(&server, peer, &headers) {
        Ok(records) => records,
        Err(refusal) => return *refusal,
    };
    if !is_game_id(&id) {
        return bad("a game id is 20 lowercase hexadecimal characters");
    }
    match records.game(&id).await {
        Ok(Some(game)) => Json(game_record(&game)).into_response(),
        Ok(None) => not_found("no game has this id"),
        Err(e) => database(e),
    }
}

async fn get_player<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let records = match admit(&server, peer, &headers) {
        Ok(records) => records,
        Err(refusal) => return *refusal,
    };
    if !is_player_id(&id) {
        return bad("a player id is 12 characters of a-z and 2-7");
    }
    match records.player(&id).await {
        Ok(Some(player)) => Json(PlayerPage {
            id: player.id,
            name: player.name,
            created_ms: player.created_ms,
            games: player.games,
            ratings: player
                .ratings
                .iter()
                .map(|(family, rating)| (family.name().to_string(), rating_summary(rating)))
                .collect(),
        })
        .into_response(),
        Ok(None) => {
            not_found("no player has this id (a player appears with their first kept game)")
        }
        Err(e) => database(e),
    }
}

#[derive(Deserialize)]
struct PageQuery {
    before: Option<String>,
    limit: Option<String>,
}

async fn get_player_games<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(page): Query<PageQuery>,
) -> Response {
    let records = match admit(&server, peer, &headers) {
        Ok(records) => records,
        Err(refusal) => return *refusal,
    };
    if !is_player_id(&id) {
        return bad("a player id is 12 characters of a-z and 2-7");
    }
    let before = match page.before.as_deref().map(str::parse::<i64>) {
        None => None,
        Some(Ok(ms)) if ms > 0 => Some(ms),
        Some(_) => return bad("before is a time in ms since 1970 (a page's \"next\")"),
    };
    let limit = match page.limit.as_deref().map(str::parse::<u32>) {
        None => PAGE_DEFAULT,
        Some(Ok(n)) if (1..=PAGE_MAX).contains(&n) => n,
        Some(_) => return bad("limit is a count from 1 to 50"),
    };
    // A key that is not this player's is refused rather than ignored: the client has the
    // wrong key for the page it asked.
    let own = match headers.get(KEY_HEADER).map(|v| v.to_str().map(str::parse)) {
        None => false,
        Some(Ok(Ok(key))) => {
            let key: PlayerKey = key;
            match records.key_hash(&id).await {
                Ok(Some(stored)) if key_matches(key, &stored) => true,
                // No game of theirs kept yet (a new player): an empty list, not a refusal.
                Ok(None) => false,
                Ok(Some(_)) => {
                    return refusal(
                        StatusCode::FORBIDDEN,
                        "not_your_key",
                        "that key is not this player's",
                    );
                }
                Err(e) => return database(e),
            }
        }
        Some(_) => return bad("X-Player-Key is 32 lowercase hexadecimal characters"),
    };
    match records.player_games(&id, before, limit, own).await {
        Ok(games) => {
            let next = (games.len() == limit as usize)
                .then(|| games.last().map(|g| g.ended_ms))
                .flatten();
            Json(GamesPage {
                player: id,
                games: games.iter().map(|g| game_summary(g).0).collect(),
                next,
            })
            .into_response()
        }
        Err(e) => database(e),
    }
}

/// `rules` (a family) and `players`: the leaderboard's player count, the ratings' ids.
#[derive(Deserialize)]
struct RulesQuery {
    rules: Option<String>,
    players: Option<String>,
}

impl RulesQuery {
    /// The family `rules` names, or the 400 that says which there are (boxed, as
    /// [`admit`]'s refusal).
    fn family(&self) -> Result<Family, Box<Response>> {
        self.rules
            .as_deref()
            .and_then(Family::from_name)
            .ok_or_else(|| {
                Box::new(bad(
                    "rules is one of laws, table, table_long_hops, masters, diamond",
                ))
            })
    }
}

async fn get_leaderboard<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<RulesQuery>,
) -> Response {
    let records = match admit(&server, peer, &headers) {
        Ok(records) => records,
        Err(refusal) => return *refusal,
    };
    let family = match query.family() {
        Ok(family) => family,
        Err(refusal) => return *refusal,
    };
    let players = match query.players.as_deref().map(str::parse::<u8>) {
        None => None,
        Some(Ok(n)) if (2..=6).contains(&n) => Some(n),
        Some(_) => return bad("players is a count from 2 to 6"),
    };
    match records.leaderboard(family, players).await {
        Ok(lines) => Json(Leaderboard {
            rules: family.name().to_string(),
            players,
            leaders: lines
                .into_iter()
                .enumerate()
                .map(|(i, line)| LeaderLine {
                    rank: i + 1,
                    player: line.player,
                    name: line.name,
                    rating: rating_summary(&line.rating),
                })
                .collect(),
        })
        .into_response(),
        Err(e) => database(e),
    }
}

/// The ratings of the players a room or the lobby shows, in one request.
async fn get_ratings<S: RoomStore>(
    State(server): State<Arc<Server<S>>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<RulesQuery>,
) -> Response {
    let records = match admit(&server, peer, &headers) {
        Ok(records) => records,
        Err(refusal) => return *refusal,
    };
    let family = match query.family() {
        Ok(family) => family,
        Err(refusal) => return *refusal,
    };
    let players: Vec<String> = query
        .players
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .filter(|id| !id.is_empty())
        .map(str::to_string)
        .collect();
    if players.is_empty() || players.len() > RATINGS_MAX_PLAYERS {
        return bad("players is a list of 1 to 100 player ids, separated by commas");
    }
    if !players.iter().all(|id| is_player_id(id)) {
        return bad("a player id is 12 characters of a-z and 2-7");
    }
    match records.ratings_of(family, &players).await {
        Ok(found) => Json(RatingsPage {
            rules: family.name().to_string(),
            ratings: found
                .iter()
                .map(|(player, rating)| (player.clone(), rating_summary(rating)))
                .collect(),
        })
        .into_response(),
        Err(e) => database(e),
    }
}

/// The API's routes, for [`crate::http::app`].
pub fn routes<S: RoomStore>() -> axum::Router<Arc<Server<S>>> {
    use axum::routing::get;
    axum::Router::new()
        .route("/api/games/{id}", get(get_game::<S>))
        .route("/api/players/{id}", get(get_player::<S>))
        .route("/api/players/{id}/games", get(get_player_games::<S>))
        .route("/api/leaderboard", get(get_leaderboard::<S>))
        .route("/api/ratings", get(get_ratings::<S>))
}

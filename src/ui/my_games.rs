//! My games, a page of the menu: the games against the computer that finished on this device
//! (the last [`KEPT_AT_MOST`], kept by persist, readable offline) with statistics per rule set
//! and level, and the player's online games as the server keeps them. Any of them opens as a
//! replay on the board, stepped through with the move list.

use super::buttons::{AddButtons, Pressed};
use super::{FileRequest, MenuLine, MenuPage, MenuRow, level_name};
use crate::core::{Match, SeatKind};
use crate::frame::Frame;
use crate::locale::{Phrase, date_words, family_name, rules_name};
use crate::net::{NetRequest, OnlineServer, PlayerProfile, Remote, ServerRecords};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhalma_ai::Level;
use starhalma_locale::id;
use starhalma_protocol::{Family, GameLink, GameSummary, places};
use starhalma_rules::{RuleSet, Status};

/// How many finished games against the computer a device keeps (the oldest go first).
pub(crate) const KEPT_AT_MOST: usize = 500;

/// How many kept games the page lists at first, and how many more "Show more" adds.
const LISTED_AT_FIRST: usize = 20;

/// The My games page's buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamesButton {
    /// List more of the games kept on this device.
    MoreKeptGames,
    /// Open this kept game (by its place in [`KeptGames`]) as a replay.
    OpenKeptGame(usize),
    /// Open this online game (by its place on the page the server sent) as a replay.
    OpenRecord(usize),
    /// Read the next, older page of the player's online games.
    MoreOnlineGames,
    /// Ask the server for the player's online games again.
    RefreshGames,
    /// The Leaderboard page, for the menu's rule set.
    OpenLeaderboard,
    /// Back to the menu's main page.
    CloseRecords,
}

/// How a game went for the people at this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    Lost,
    Drawn,
}

impl Outcome {
    fn words(self) -> Phrase {
        Phrase::msg(match self {
            Outcome::Won => id::OUTCOME_WON,
            Outcome::Lost => id::OUTCOME_LOST,
            Outcome::Drawn => id::OUTCOME_DRAWN,
        })
    }
}

/// A finished game against the computer, as this device keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptGame {
    /// When it ended, in ms since 1970.
    pub ended_ms: i64,
    pub rules: RuleSet,
    pub players: u8,
    /// The strongest computer level at the table.
    #[serde(with = "level_by_name")]
    pub level: Level,
    pub outcome: Outcome,
    /// The moves the people at this device made (passes not counted).
    pub moves: u32,
    /// The save file (the game and its seats), opened as the replay.
    pub save: String,
}

/// A level in the file by its name ("Easy"), as the command line spells it.
mod level_by_name {
    use serde::{Deserialize, Deserializer, Serializer};
    use starhalma_ai::Level;

    pub(super) fn serialize<S: Serializer>(level: &Level, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(level.name())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Level, D::Error> {
        let name = String::deserialize(from)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl KeptGame {
    /// The finished `state` as a kept game, when people at this device played the computer
    /// (and nobody online): `save` is its save file, `ended_ms` the time now.
    pub fn of(state: &Match, save: String, ended_ms: i64) -> Option<KeptGame> {
        let seats = &state.setup.seats;
        let here = |seat: u8| seats.get(seat as usize) == Some(&SeatKind::Human);
        let level = seats
            .iter()
            .filter_map(|kind| match kind {
                SeatKind::Computer(level) => Some(*level),
                _ => None,
            })
            .max_by_key(|level| Level::ALL.iter().position(|l| l == level))?;
        if !seats.contains(&SeatKind::Human) || seats.contains(&SeatKind::Remote) {
            return None;
        }
        let places = places(&state.game)?;
        let outcome = if matches!(state.game.status(), Status::Draw { .. }) {
            Outcome::Drawn
        } else if (0..places.len() as u8).any(|seat| here(seat) && places[seat as usize] == 1) {
            Outcome::Won
        } else {
            Outcome::Lost
        };
        let moves = state
            .game
            .history()
            .iter()
            .filter(|played| here(played.seat) && played.hops() > 0)
            .count() as u32;
        Some(KeptGame {
            ended_ms,
            rules: state.game.rule_set(),
            players: state.game.variant().players(),
            level,
            outcome,
            moves,
            save,
        })
    }
}

/// The finished games against the computer this device keeps, oldest first (persist reads
/// and writes them).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct KeptGames(pub Vec<KeptGame>);

impl KeptGames {
    /// Keep one more; the oldest goes once there are [`KEPT_AT_MOST`].
    pub fn keep(&mut self, game: KeptGame) {
        self.0.push(game);
        let over = self.0.len().saturating_sub(KEPT_AT_MOST);
        self.0.drain(..over);
    }

    /// Results per rule set and level, in the menu's order of rule sets, easiest level first.
    pub fn statistics(&self) -> Vec<LevelStats> {
        let mut lines: Vec<LevelStats> = Vec::new();
        for game in &self.0 {
            let line = match lines
                .iter_mut()
                .position(|l| l.rules == game.rules && l.level == game.level)
            {
                Some(at) => &mut lines[at],
                None => {
                    lines.push(LevelStats {
                        rules: game.rules,
                        level: game.level,
                        ..LevelStats::default()
                    });
                    lines.last_mut().expect("just pushed")
                }
            };
            line.played += 1;
            line.moves += game.moves;
            match game.outcome {
                Outcome::Won => line.won += 1,
                Outcome::Lost => line.lost += 1,
                Outcome::Drawn => line.drawn += 1,
            }
        }
        let order = |l: &LevelStats| {
            (
                RuleSet::ALL.iter().position(|r| *r == l.rules),
                Level::ALL.iter().position(|v| *v == l.level),
            )
        };
        lines.sort_by_key(order);
        lines
    }
}

/// The results against one level in one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelStats {
    pub rules: RuleSet,
    pub level: Level,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    /// Moves made in all of them.
    pub moves: u32,
}

impl Default for LevelStats {
    fn default() -> Self {
        LevelStats {
            rules: RuleSet::Laws,
            level: Level::Easy,
            played: 0,
            won: 0,
            lost: 0,
            drawn: 0,
            moves: 0,
        }
    }
}

impl LevelStats {
    /// Moves a game, rounded.
    pub fn average_moves(&self) -> u32 {
        (self.moves + self.played / 2) / self.played.max(1)
    }
}

/// How many kept games the page lists now.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Listed(pub(super) usize);

impl Default for Listed {
    fn default() -> Self {
        Listed(LISTED_AT_FIRST)
    }
}

/// A rule set with its player count: "Table, 2 players".
fn table_words(rules: Phrase, players: impl Into<Phrase>) -> Phrase {
    Phrase::msg(id::MY_GAMES_RULES)
        .with("rules", rules)
        .with("players", players)
}

/// How an online game went for `player`: won, lost, or drawn (everyone placed first).
fn online_outcome(game: &GameSummary, player: &str) -> Option<Outcome> {
    let mine = game.seat_of(player)?.place?;
    Some(if game.seats.iter().all(|s| s.place == Some(1)) {
        Outcome::Drawn
    } else if mine == 1 {
        Outcome::Won
    } else {
        Outcome::Lost
    })
}

/// An online game as a button: the result (with the rating's change), the rules, the others.
fn online_game_button(
    game: &GameSummary,
    player: &str,
    index: usize,
) -> (Phrase, super::MenuAction, bool) {
    let rules = Family::from_name(&game.rules)
        .map_or_else(|| Phrase::Verbatim(game.rules.clone()), family_name);
    let others: Vec<String> = game
        .seats
        .iter()
        .filter(|s| s.player.as_deref() != Some(player))
        .map(|s| s.name.clone())
        .collect();
    let result = online_outcome(game, player).map_or_else(Phrase::empty, Outcome::words);
    let change = game.seat_of(player).and_then(|s| s.change.clone());
    let words = Phrase::msg(match change {
        Some(_) => id::MY_GAMES_ONLINE_GAME_RATED,
        None => id::MY_GAMES_ONLINE_GAME,
    })
    .with("result", result)
    .with("change", Phrase::Verbatim(change.unwrap_or_default()))
    .with("rules", table_words(rules, game.players))
    .with("others", Phrase::Verbatim(others.join(", ")))
    .with("date", date_words(game.ended_ms));
    (words, GamesButton::OpenRecord(index).into(), false)
}

/// The My games page: statistics and kept games, then the online games and the way back.
pub(super) fn my_games_lines(
    kept: &KeptGames,
    listed: usize,
    records: &ServerRecords,
    profile: &PlayerProfile,
) -> Vec<MenuLine> {
    let mut lines = Vec::new();
    if kept.0.is_empty() {
        lines.push(MenuLine::Text(Phrase::msg(id::MY_GAMES_LOCAL_NONE)));
    } else {
        lines.push(MenuLine::Text(
            Phrase::msg(id::MY_GAMES_LOCAL_COUNT)
                .with("count", kept.0.len())
                .with("most", KEPT_AT_MOST),
        ));
    }
    for line in kept.statistics() {
        lines.push(MenuLine::Text(
            Phrase::msg(id::MY_GAMES_STATS)
                .with("rules", rules_name(line.rules))
                .with("level", level_name(line.level))
                .with("played", line.played)
                .with("won", line.won)
                .with("lost", line.lost)
                .with("drawn", line.drawn)
                .with("moves", line.average_moves()),
        ));
    }
    // Newest first, one button a row (the words are long).
    for (index, game) in kept.0.iter().enumerate().rev().take(listed) {
        let words = Phrase::msg(id::MY_GAMES_LOCAL_GAME)
            .with("result", game.outcome.words())
            .with("rules", table_words(rules_name(game.rules), game.players))
            .with("level", level_name(game.level))
            .with("moves", game.moves)
            .with("date", date_words(game.ended_ms));
        lines.push(MenuLine::Buttons(vec![(
            words,
            GamesButton::OpenKeptGame(index).into(),
            false,
        )]));
    }
    if kept.0.len() > listed {
        lines.push(MenuLine::Buttons(vec![(
            Phrase::msg(id::MY_GAMES_MORE),
            GamesButton::MoreKeptGames.into(),
            false,
        )]));
    }
    let online = match (&profile.player_key, &records.my_games) {
        (None, _) | (_, Remote::NotAsked) => Phrase::msg(id::MY_GAMES_ONLINE_NEVER),
        (_, Remote::Loading) => Phrase::msg(id::MY_GAMES_ONLINE_LOADING),
        (_, Remote::Failed(why)) => {
            Phrase::msg(id::MY_GAMES_ONLINE_FAILED).with("reason", why.clone())
        }
        (_, Remote::Got(page)) if page.games.is_empty() => Phrase::msg(id::MY_GAMES_ONLINE_NONE),
        (_, Remote::Got(page)) => {
            Phrase::msg(id::MY_GAMES_ONLINE_COUNT).with("count", page.games.len())
        }
    };
    lines.push(MenuLine::Text(online));
    if let (Some(key), Remote::Got(page)) = (profile.player_key, &records.my_games) {
        let player = key.public_id();
        for (index, game) in page.games.iter().enumerate() {
            lines.push(MenuLine::Buttons(vec![online_game_button(
                game, &player, index,
            )]));
        }
        if page.next.is_some() {
            let words = if records.loading_more {
                id::MY_GAMES_ONLINE_LOADING
            } else {
                id::MY_GAMES_MORE
            };
            lines.push(MenuLine::Buttons(vec![(
                Phrase::msg(words),
                GamesButton::MoreOnlineGames.into(),
                false,
            )]));
        }
    }
    let last: MenuRow = vec![
        (
            Phrase::msg(id::MENU_LEADERBOARD),
            GamesButton::OpenLeaderboard.into(),
            false,
        ),
        (
            Phrase::msg(id::LOBBY_REFRESH),
            GamesButton::RefreshGames.into(),
            false,
        ),
        (
            Phrase::msg(id::MENU_BACK),
            GamesButton::CloseRecords.into(),
            false,
        ),
    ];
    lines.push(MenuLine::Buttons(last));
    lines
}

/// Entering the page lists the first kept games and asks the server for the player's games.
fn open_my_games(mut listed: ResMut<Listed>, mut requests: MessageWriter<NetRequest>) {
    *listed = Listed::default();
    requests.write(NetRequest::FetchMyGames);
}

/// The page's buttons: list more, open a game as a replay, ask again, go on or back.
fn my_games_actions(
    mut pressed: MessageReader<Pressed<GamesButton>>,
    (mut page, mut listed): (ResMut<NextState<MenuPage>>, ResMut<Listed>),
    (records, server): (Res<ServerRecords>, Res<OnlineServer>),
    mut requests: MessageWriter<NetRequest>,
    mut files: MessageWriter<FileRequest>,
) {
    for Pressed(action) in pressed.read() {
        match *action {
            GamesButton::RefreshGames => {
                *listed = Listed::default();
                requests.write(NetRequest::FetchMyGames);
            }
            GamesButton::MoreKeptGames => listed.0 += LISTED_AT_FIRST,
            GamesButton::MoreOnlineGames => {
                requests.write(NetRequest::FetchMoreGames);
            }
            GamesButton::OpenKeptGame(index) => {
                page.set(MenuPage::Main);
                files.write(FileRequest::OpenKept(index));
            }
            GamesButton::OpenRecord(index) => {
                let (Remote::Got(games), Some(origin)) = (&records.my_games, &server.0) else {
                    continue;
                };
                if let Some(game) = games.games.get(index) {
                    page.set(MenuPage::Main);
                    if let Ok(link) = GameLink::new(origin.clone(), &game.id) {
                        requests.write(NetRequest::OpenReplay(link));
                    }
                }
            }
            GamesButton::OpenLeaderboard => page.set(MenuPage::Leaderboard),
            GamesButton::CloseRecords => page.set(MenuPage::Main),
        }
    }
}

pub(super) struct MyGamesPlugin;

impl Plugin for MyGamesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<KeptGames>()
            .init_resource::<Listed>()
            .add_buttons::<GamesButton>()
            .add_systems(OnEnter(MenuPage::Games), open_my_games)
            .add_systems(
                Update,
                my_games_actions
                    .run_if(on_message::<Pressed<GamesButton>>)
                    .in_set(Frame::Actions),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(rules: RuleSet, level: Level, outcome: Outcome, moves: u32) -> KeptGame {
        KeptGame {
            ended_ms: 0,
            rules,
            players: 2,
            level,
            outcome,
            moves,
            save: String::new(),
        }
    }

    #[test]
    fn statistics_count_each_rule_set_and_level_and_only_the_last_500_are_kept() {
        let mut games = KeptGames::default();
        let table = RuleSet::Table { long_hops: false };
        games.keep(kept(table, Level::Hard, Outcome::Lost, 40));
        games.keep(kept(RuleSet::Laws, Level::Easy, Outcome::Won, 30));
        games.keep(kept(RuleSet::Laws, Level::Easy, Outcome::Drawn, 45));
        let stats = games.statistics();
        assert_eq!(stats.len(), 2);
        assert_eq!(
            (stats[0].rules, stats[0].level, stats[0].played),
            (RuleSet::Laws, Level::Easy, 2)
        );
        assert_eq!((stats[0].won, stats[0].lost, stats[0].drawn), (1, 0, 1));
        assert_eq!(stats[0].average_moves(), 38);
        assert_eq!((stats[1].rules, stats[1].lost), (table, 1));
        for n in 0..KEPT_AT_MOST as u32 {
            games.keep(kept(RuleSet::Diamond, Level::Medium, Outcome::Won, n));
        }
        assert_eq!(games.0.len(), KEPT_AT_MOST);
        assert_eq!(games.0[0].moves, 0, "the three oldest went first"); // for developers
        let text = serde_json::to_string(&games.0[0]).unwrap();
        assert!(text.contains("\"level\":\"Medium\""), "{text}");
        assert_eq!(serde_json::from_str::<KeptGame>(&text).unwrap(), games.0[0]);
    }
}

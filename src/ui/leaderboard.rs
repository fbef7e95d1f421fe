//! The Leaderboard, a page of the menu: the server's top settled ratings of one rule-set family
//! (chosen with the menu's rule-set buttons), for games of one player count or all of them; the
//! player's own line marked.

use super::buttons::{AddButtons, Pressed};
use super::{MenuChoice, MenuLine, MenuPage, MenuRow};
use crate::frame::Frame;
use crate::locale::{Phrase, family_name};
use crate::net::{NetRequest, PlayerProfile, Remote, ServerRecords};
use bevy::prelude::*;
use starhalma_locale::id;
use starhalma_protocol::Family;
use starhalma_rules::RuleSet;

/// The Leaderboard page's buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardButton {
    /// The leaderboard of this family.
    LeaderboardOf(Family),
    /// The leaderboard for games of this many players (none: all counts).
    LeaderboardPlayers(Option<u8>),
    /// Ask the server for the leaderboard again.
    RefreshLeaderboard,
    /// Back to the menu's main page.
    CloseRecords,
}

/// The family and player count shown (or asked for): the menu's rule set, all counts, until
/// the page's buttons choose.
fn shown_board(records: &ServerRecords, choice: &MenuChoice) -> (Family, Option<u8>) {
    records.board.unwrap_or((Family::of(choice.rules), None))
}

/// The page: the families, the player counts, what the server said, the lines, the way back.
pub(super) fn leaderboard_lines(
    records: &ServerRecords,
    choice: &MenuChoice,
    profile: &PlayerProfile,
) -> Vec<MenuLine> {
    let (family, players) = shown_board(records, choice);
    let families: MenuRow = Family::ALL
        .iter()
        .map(|&f| {
            (
                family_name(f),
                BoardButton::LeaderboardOf(f).into(),
                f == family,
            )
        })
        .collect();
    // Diamond is played by 2 or 3; the others by 2, 3, 4 or 6.
    let counts = match family {
        Family::Diamond => RuleSet::Diamond.player_counts(),
        _ => RuleSet::Laws.player_counts(),
    };
    let mut count_row: MenuRow = vec![(
        Phrase::msg(id::LEADERBOARD_ALL_COUNTS),
        BoardButton::LeaderboardPlayers(None).into(),
        players.is_none(),
    )];
    count_row.extend(counts.iter().map(|&n| {
        (
            Phrase::msg(id::MENU_PLAYERS).with("count", n),
            BoardButton::LeaderboardPlayers(Some(n)).into(),
            players == Some(n),
        )
    }));
    let mut lines = vec![MenuLine::Buttons(families), MenuLine::Buttons(count_row)];
    let status = match &records.leaderboard {
        Remote::NotAsked | Remote::Loading => Phrase::msg(id::LEADERBOARD_LOADING),
        Remote::Failed(why) => Phrase::msg(id::LEADERBOARD_FAILED).with("reason", why.clone()),
        Remote::Got(board) if board.leaders.is_empty() => Phrase::msg(id::LEADERBOARD_EMPTY),
        Remote::Got(board) => Phrase::msg(id::LEADERBOARD_COUNT)
            .with("count", board.leaders.len())
            .with("rules", family_name(family)),
    };
    lines.push(MenuLine::Text(status));
    if let Remote::Got(board) = &records.leaderboard {
        let me = profile.player_key.map(|key| key.public_id());
        for line in &board.leaders {
            let name = line
                .name
                .clone()
                .map_or_else(|| Phrase::msg(id::RECORDS_UNNAMED), Phrase::Verbatim);
            let words = if me.as_deref() == Some(line.player.as_str()) {
                id::LEADERBOARD_LINE_YOU
            } else {
                id::LEADERBOARD_LINE
            };
            lines.push(MenuLine::Text(
                Phrase::msg(words)
                    .with("rank", line.rank)
                    .with("name", name)
                    .with("rating", line.rating.rating)
                    .with("games", line.rating.games),
            ));
        }
    }
    lines.push(MenuLine::Buttons(vec![
        (
            Phrase::msg(id::LOBBY_REFRESH),
            BoardButton::RefreshLeaderboard.into(),
            false,
        ),
        (
            Phrase::msg(id::MENU_BACK),
            BoardButton::CloseRecords.into(),
            false,
        ),
    ]));
    lines
}

/// Entering the page asks for the menu's rule set's family, all counts.
fn open_leaderboard(choice: Res<MenuChoice>, mut requests: MessageWriter<NetRequest>) {
    requests.write(NetRequest::FetchLeaderboard(Family::of(choice.rules), None));
}

/// Choose a family or a player count, ask again, go back.
fn leaderboard_actions(
    mut pressed: MessageReader<Pressed<BoardButton>>,
    mut page: ResMut<NextState<MenuPage>>,
    (records, choice): (Res<ServerRecords>, Res<MenuChoice>),
    mut requests: MessageWriter<NetRequest>,
) {
    let (family, players) = shown_board(&records, &choice);
    let mut ask = None;
    for Pressed(action) in pressed.read() {
        ask = match *action {
            BoardButton::LeaderboardOf(f) => {
                // A count the family is not played by falls back to all counts.
                let fits = f != Family::Diamond || players.is_none_or(|n| n <= 3);
                Some((f, if fits { players } else { None }))
            }
            BoardButton::LeaderboardPlayers(n) => Some((family, n)),
            BoardButton::RefreshLeaderboard => Some((family, players)),
            BoardButton::CloseRecords => {
                page.set(MenuPage::Main);
                continue;
            }
        };
    }
    if let Some((family, players)) = ask {
        requests.write(NetRequest::FetchLeaderboard(family, players));
    }
}

pub(super) struct LeaderboardPlugin;

impl Plugin for LeaderboardPlugin {
    fn build(&self, app: &mut App) {
        app.add_buttons::<BoardButton>()
            .add_systems(OnEnter(MenuPage::Leaderboard), open_leaderboard)
            .add_systems(
                Update,
                leaderboard_actions
                    .run_if(on_message::<Pressed<BoardButton>>)
                    .in_set(Frame::Actions),
            );
    }
}

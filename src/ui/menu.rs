//! The menu: the rule set, the number of players (only the counts it allows), who plays each
//! seat, Start, and Continue / Load saved game when there is one.

use super::leaderboard::leaderboard_lines;
use super::my_games::{KeptGames, Listed, my_games_lines};
use super::play_online::{MenuPage, Typing, online_rows};
use super::scroll::Scrolls;
use super::theme::{MENU_BACKGROUND, READING_PANEL, SOFT_TEXT, TEXT, size};
use super::widgets::focusable_button;
use super::widgets::label;
use super::{
    ActionPressed, MenuChoice, MenuLine, MenuRow, RoomClock, SavedGames, Screen, UiAction,
    WhoStarts, seat_label,
};
use crate::core::{GameCommand, SeatKind};
use crate::frame::Frame;
use crate::layout::ScreenLayout;
use crate::locale::{Language, Phrase, Words, rules_name};
use crate::net::{
    KnownRatings, Lobby, OnlineMemory, PlayerProfile, ServerRecords, ServerUrl, suggest_name,
};
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_locale::id;
use starhalma_rules::{RuleSet, Variant};

#[derive(Component)]
struct MenuRoot;

/// The rows of the menu's main page for the current choice.
fn menu_rows(
    choice: &MenuChoice,
    saved: SavedGames,
    online: bool,
    rejoin: bool,
    language: Language,
    page_controls: Option<bool>,
) -> Vec<MenuRow> {
    let [rules, players] = choice_rows(choice);
    let variant = Variant::new(choice.rules, choice.players).expect("menu keeps counts valid");
    let mut seats: MenuRow = choice
        .seats
        .iter()
        .enumerate()
        .map(|(i, &kind)| {
            let colour = variant.colour(i as u8);
            (
                Phrase::msg(id::MENU_SEAT)
                    .with("colour", colour)
                    .with("seat", seat_label(kind)),
                UiAction::CycleSeat(i as u8),
                false,
            )
        })
        .collect();
    let who = match choice.starts {
        WhoStarts::Red => Phrase::Seat(variant.colour(0)),
        WhoStarts::Random => Phrase::msg(id::MENU_STARTS_RANDOM),
    };
    seats.push((
        Phrase::msg(id::MENU_WHO_STARTS).with("who", who),
        UiAction::CycleStarts,
        false,
    ));
    let mut last = vec![(Phrase::msg(id::MENU_START), UiAction::Start, true)];
    if online {
        last.push((
            Phrase::msg(id::MENU_PLAY_ONLINE),
            UiAction::OpenOnline,
            false,
        ));
    }
    if saved.can_continue || rejoin {
        last.push((Phrase::msg(id::MENU_CONTINUE), UiAction::Continue, false));
    }
    if saved.saved_game {
        last.push((Phrase::msg(id::MENU_LOAD_SAVED), UiAction::Load, false));
    }
    last.push((Phrase::msg(id::MENU_MY_GAMES), UiAction::OpenMyGames, false));
    last.push((
        Phrase::msg(id::BUTTON_HOW_TO_PLAY),
        UiAction::HowToPlay,
        false,
    ));
    let guided = if saved.first_start {
        id::MENU_GUIDED_FIRST_START
    } else {
        id::MENU_GUIDED
    };
    last.push((Phrase::msg(guided), UiAction::GuidedGame, saved.first_start));
    let mut languages = vec![(
        Phrase::msg(id::MENU_LANGUAGE)
            .with("language", Phrase::Verbatim(language.native_name().into())),
        UiAction::CycleLanguage,
        false,
    )];
    // The web page's buttons under the board (switch devices, voice control).
    if let Some(shown) = page_controls {
        let words = if shown {
            id::MENU_PAGE_CONTROLS_ON
        } else {
            id::MENU_PAGE_CONTROLS_OFF
        };
        languages.push((Phrase::msg(words), UiAction::TogglePageControls, shown));
    }
    vec![rules, players, seats, last, languages]
}

/// The rule sets, and the player counts the chosen one allows (both pages start with them).
fn choice_rows(choice: &MenuChoice) -> [MenuRow; 2] {
    let rules = RuleSet::ALL
        .iter()
        .map(|&rules| {
            (
                rules_name(rules),
                UiAction::Rules(rules),
                rules == choice.rules,
            )
        })
        .collect();
    let players = choice
        .rules
        .player_counts()
        .iter()
        .map(|&n| {
            (
                Phrase::msg(id::MENU_PLAYERS).with("count", n),
                UiAction::Players(n),
                n == choice.players,
            )
        })
        .collect();
    [rules, players]
}

/// Build the menu (again, whenever the choice or the stored games change).
#[allow(clippy::too_many_arguments)] // the menu shows all of these
fn build_menu(
    mut commands: Commands,
    (choice, clock, profile): (Res<MenuChoice>, Res<RoomClock>, Res<PlayerProfile>),
    (page, typing, lobby): (Res<MenuPage>, Res<Typing>, Res<Lobby>),
    saved: Res<SavedGames>,
    server: Res<ServerUrl>,
    memory: Res<OnlineMemory>,
    (kept, listed, records): (Res<KeptGames>, Res<Listed>, Res<ServerRecords>),
    ratings: Res<KnownRatings>,
    (words, layout, panel): (Res<Words>, Res<ScreenLayout>, Res<super::PanelSettings>),
    old: Query<Entity, With<MenuRoot>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The screen scrolls when the menu is taller than it (a landscape phone); the inner
    // column's automatic margins centre it when it is not, and keep its top reachable when it is.
    let screen = commands
        .spawn((
            MenuRoot,
            DespawnOnExit(Screen::Menu),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                overflow: Overflow::scroll_y(),
                ..default()
            },
            Scrolls,
            BackgroundColor(MENU_BACKGROUND),
        ))
        .id();
    let root = commands
        .spawn((
            ChildOf(screen),
            Node {
                width: percent(100),
                margin: UiRect::vertical(Val::Auto),
                padding: UiRect::vertical(px(10)),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                flex_shrink: 0.0,
                row_gap: px(10),
                ..default()
            },
        ))
        .with_child(label(
            Phrase::msg(match *page {
                MenuPage::Main => id::APP_TITLE,
                MenuPage::Online => id::ONLINE_PAGE_TITLE,
                MenuPage::Games => id::MY_GAMES_TITLE,
                MenuPage::Leaderboard => id::LEADERBOARD_TITLE,
            }),
            size::TITLE,
            TEXT,
        ))
        .id();
    // Start comes first for the keyboard: Enter on the menu starts the game.
    let mut order = 1;
    let rejoin = memory.last_link.is_some();
    let lines: Vec<MenuLine> = match *page {
        MenuPage::Main => {
            // The desktop can always host on this computer; the web plays on its own server.
            let online = server.0.is_some() || cfg!(not(target_arch = "wasm32"));
            // Only the web page has page buttons to show.
            let page_controls = cfg!(target_arch = "wasm32").then_some(panel.page_controls);
            let rows = menu_rows(
                &choice,
                *saved,
                online,
                rejoin,
                words.language(),
                page_controls,
            );
            with_summary(rows.into_iter().map(MenuLine::Buttons).collect())
        }
        MenuPage::Online => {
            let page = online_rows(
                &choice,
                *clock,
                &profile,
                (&typing, &server),
                (&lobby, &ratings),
            );
            let mut lines: Vec<MenuLine> = choice_rows(&choice)
                .into_iter()
                .chain(page.rows)
                .map(MenuLine::Buttons)
                .collect();
            lines.insert(2 + page.status_after, MenuLine::Text(page.status));
            with_summary(lines)
        }
        MenuPage::Games => my_games_lines(&kept, listed.0, &records, &profile),
        MenuPage::Leaderboard => leaderboard_lines(&records, &choice, &profile),
    };
    for line in lines {
        let buttons = match line {
            MenuLine::Buttons(buttons) => buttons,
            MenuLine::Text(text) => {
                commands.entity(root).with_child((
                    Node {
                        width: percent(94),
                        max_width: px(640),
                        ..default()
                    },
                    children![label(text, size::SMALL, SOFT_TEXT)],
                ));
                continue;
            }
            MenuLine::Summary => {
                // What the chosen rules mean, in a paragraph under their buttons.
                commands.entity(root).with_child((
                    MenuSummary,
                    // A definite width in pixels (not a maximum or a share of the window), so
                    // the paragraph is measured at the width it wraps at and its height makes
                    // room for every line; on a panel, since the board's wood behind it gives
                    // light text little contrast.
                    Node {
                        width: px((layout.window.x * 0.94).min(640.0).floor()),
                        padding: UiRect::axes(px(10), px(6)),
                        ..default()
                    },
                    BackgroundColor(READING_PANEL),
                    children![label(
                        Phrase::msg(starhalma_guide::summary(choice.rules)),
                        size::SMALL,
                        SOFT_TEXT
                    )],
                ));
                continue;
            }
        };
        let row = commands
            .spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                max_width: percent(100),
                ..default()
            })
            .id();
        for (label, action, selected) in buttons {
            let focus_order = if action == UiAction::Start { 0 } else { order };
            order += 1;
            let button = commands
                .spawn(focusable_button(label, action, selected, focus_order))
                .id();
            commands.entity(row).add_child(button);
        }
        commands.entity(root).add_child(row);
    }
}

/// A page that starts with the rule-set buttons: the chosen rules' summary right under them.
fn with_summary(mut lines: Vec<MenuLine>) -> Vec<MenuLine> {
    lines.insert(1.min(lines.len()), MenuLine::Summary);
    lines
}

/// While How to play is open over the menu, the menu is hidden: its words would otherwise
/// show through the rules' page.
fn hide_menu_under_rules(
    how_to_play: Res<super::HowToPlay>,
    mut menus: Query<&mut Visibility, With<MenuRoot>>,
) {
    let shown = if how_to_play.0.is_some() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut menus {
        visibility.set_if_neq(shown);
    }
}

/// The chosen rule set's summary on the menu.
#[derive(Component)]
pub struct MenuSummary;

/// The menu's own buttons change the choice; Start begins its game.
fn menu_actions(
    mut actions: MessageReader<ActionPressed>,
    mut choice: ResMut<MenuChoice>,
    (mut clock, mut profile, time): (ResMut<RoomClock>, ResMut<PlayerProfile>, Res<Time<Real>>),
    mut commands: MessageWriter<GameCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut words: ResMut<Words>,
) {
    for ActionPressed(action) in actions.read() {
        match *action {
            UiAction::CycleLanguage => {
                let all = Language::ALL;
                let now = all.iter().position(|&l| l == words.language()).unwrap_or(0);
                *words = Words::new(all[(now + 1) % all.len()]);
            }
            UiAction::Rules(rules) => {
                choice.rules = rules;
                if !rules.player_counts().contains(&choice.players) {
                    choice.players = 2;
                }
                let players = choice.players as usize;
                choice
                    .seats
                    .resize(players, SeatKind::Computer(Level::Medium));
            }
            UiAction::Players(n) => {
                choice.players = n;
                choice
                    .seats
                    .resize(n as usize, SeatKind::Computer(Level::Medium));
            }
            UiAction::CycleSeat(i) => {
                let seat = &mut choice.seats[i as usize];
                *seat = match *seat {
                    SeatKind::Human => SeatKind::Computer(Level::Easy),
                    SeatKind::Computer(Level::Easy) => SeatKind::Computer(Level::Medium),
                    SeatKind::Computer(Level::Medium) => SeatKind::Computer(Level::Hard),
                    SeatKind::Computer(Level::Hard) | SeatKind::Remote => SeatKind::Human,
                };
            }
            UiAction::CycleStarts => {
                choice.starts = match choice.starts {
                    WhoStarts::Red => WhoStarts::Random,
                    WhoStarts::Random => WhoStarts::Red,
                }
            }
            UiAction::CycleRoomClock => *clock = clock.next(),
            UiAction::NewName => {
                let seed = time.elapsed().as_nanos() as u64;
                profile.name = Some(suggest_name(&words, seed));
            }
            UiAction::Start => {
                let toss = time.elapsed().as_nanos() as u64;
                commands.write(GameCommand::NewGame(choice.setup(toss)));
                next.set(Screen::Playing);
            }
            _ => {}
        }
    }
}

pub(super) struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Menu), build_menu)
            .add_systems(
                Update,
                (
                    menu_actions
                        .run_if(on_message::<ActionPressed>)
                        .in_set(Frame::Actions),
                    build_menu
                        .run_if(in_state(Screen::Menu))
                        .run_if(
                            resource_changed::<MenuChoice>
                                .or_eager(resource_changed::<RoomClock>)
                                .or_eager(resource_changed::<PlayerProfile>)
                                .or_eager(resource_changed::<SavedGames>)
                                .or_eager(resource_changed::<ServerUrl>)
                                .or_eager(resource_changed::<OnlineMemory>)
                                .or_eager(resource_changed::<MenuPage>)
                                .or_eager(resource_changed::<Typing>)
                                .or_eager(resource_changed::<Lobby>)
                                .or_eager(resource_changed::<KeptGames>)
                                .or_eager(resource_changed::<Listed>)
                                .or_eager(resource_changed::<ServerRecords>)
                                .or_eager(resource_changed::<KnownRatings>)
                                // The summary's width follows the window's.
                                .or_eager(resource_changed::<ScreenLayout>)
                                .or_eager(resource_changed::<super::PanelSettings>)
                                // The language button names the language.
                                .or_eager(resource_changed::<Words>),
                        )
                        .in_set(Frame::Hud),
                    hide_menu_under_rules
                        .run_if(in_state(Screen::Menu))
                        .run_if(
                            resource_changed::<super::HowToPlay>
                                .or_eager(any_match_filter::<Added<MenuRoot>>),
                        )
                        .in_set(Frame::Hud),
                ),
            );
    }
}

//! The menu: the rule set, the number of players (only the counts it allows), who plays each
//! seat, Start, and Continue / Load saved game when there is one.

use super::buttons::{AddButtons, Pressed};
use super::guided::StartGuided;
use super::how_to_play::OpenRules;
use super::leaderboard::leaderboard_lines;
use super::my_games::{KeptGames, Listed, my_games_lines};
use super::play_online::OnlineButton;
use super::play_online::{MenuPage, Typing, online_rows};
use super::scroll::Scrolls;
use super::theme::{MENU_BACKGROUND, READING_PANEL, SOFT_TEXT, TEXT, size};
use super::widgets::label;
use super::widgets::{Focusable, button_colour, focusable_button};
use super::{
    FileRequest, MenuAction, MenuChoice, MenuLine, MenuRow, PanelSettings, RoomClock, SavedGames,
    Screen, StoredFile, WhoStarts, seat_label,
};
use crate::core::{GameCommand, SeatKind};
use crate::frame::Frame;
use crate::layout::ScreenLayout;
use crate::locale::{Language, Phrase, Say, Words, rules_name, set_say};
use crate::net::{
    KnownRatings, Lobby, NetRequest, OnlineMemory, OnlineServer, PlayerProfile, ServerRecords,
};
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_locale::id;
use starhalma_rules::{RuleSet, Variant};

/// The rule set and player count buttons (the main page and Play online start with them).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceButton {
    Rules(RuleSet),
    Players(u8),
}

/// The menu's main page's buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MainButton {
    /// The next kind of player for this seat: a person, Easy, Medium, Hard.
    CycleSeat(u8),
    /// "Who starts": Red, or random.
    CycleStarts,
    Start,
    /// The Play online page.
    OpenOnline,
    /// Continue the last online room, else the autosaved game.
    Continue,
    /// The saved game.
    Load,
    /// The My games page.
    OpenMyGames,
    /// The rules screen for the menu's rule set.
    HowToPlay,
    /// Start the guided first game.
    GuidedGame,
    /// The next language (English, Japanese, Nepali).
    CycleLanguage,
    /// Web: show the page's buttons under the board, or keep them for screen readers only.
    TogglePageControls,
}

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
                MainButton::CycleSeat(i as u8).into(),
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
        MainButton::CycleStarts.into(),
        false,
    ));
    let mut last = vec![(Phrase::msg(id::MENU_START), MainButton::Start.into(), true)];
    if online {
        last.push((
            Phrase::msg(id::MENU_PLAY_ONLINE),
            MainButton::OpenOnline.into(),
            false,
        ));
    }
    if saved.can_continue || rejoin {
        last.push((
            Phrase::msg(id::MENU_CONTINUE),
            MainButton::Continue.into(),
            false,
        ));
    }
    if saved.saved_game {
        last.push((
            Phrase::msg(id::MENU_LOAD_SAVED),
            MainButton::Load.into(),
            false,
        ));
    }
    last.push((
        Phrase::msg(id::MENU_MY_GAMES),
        MainButton::OpenMyGames.into(),
        false,
    ));
    last.push((
        Phrase::msg(id::BUTTON_HOW_TO_PLAY),
        MainButton::HowToPlay.into(),
        false,
    ));
    let guided = if saved.first_start {
        id::MENU_GUIDED_FIRST_START
    } else {
        id::MENU_GUIDED
    };
    last.push((
        Phrase::msg(guided),
        MainButton::GuidedGame.into(),
        saved.first_start,
    ));
    let mut languages = vec![(
        Phrase::msg(id::MENU_LANGUAGE)
            .with("language", Phrase::Verbatim(language.native_name().into())),
        MainButton::CycleLanguage.into(),
        false,
    )];
    // The web page's buttons under the board (switch devices, voice control).
    if let Some(shown) = page_controls {
        let words = if shown {
            id::MENU_PAGE_CONTROLS_ON
        } else {
            id::MENU_PAGE_CONTROLS_OFF
        };
        languages.push((
            Phrase::msg(words),
            MainButton::TogglePageControls.into(),
            shown,
        ));
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
                ChoiceButton::Rules(rules).into(),
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
                ChoiceButton::Players(n).into(),
                n == choice.players,
            )
        })
        .collect();
    [rules, players]
}

/// The menu's full-screen root: it scrolls when the menu is taller than the window.
#[derive(Component)]
struct MenuRoot;

/// The column of the page's lines, under its title.
#[derive(Component)]
struct MenuColumn;

/// The page's title.
#[derive(Component)]
struct MenuTitle;

/// The main page's footer: the game's version.
#[derive(Component)]
pub(crate) struct MenuFooter;

/// What a line of the column shows: the next sync reuses the node for a line of its kind.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum LineKind {
    Buttons,
    Text,
    Summary,
    TableHeader,
    TableRow,
}

impl MenuLine {
    fn kind(&self) -> LineKind {
        match self {
            MenuLine::Buttons(_) => LineKind::Buttons,
            MenuLine::Text(_) => LineKind::Text,
            MenuLine::Summary => LineKind::Summary,
            MenuLine::Table(table) if table.header => LineKind::TableHeader,
            MenuLine::Table(_) => LineKind::TableRow,
        }
    }
}

/// A cell of a table line: its text, its share of the line's width.
#[derive(Component)]
struct TableCell;

/// A line of a table (its header or a row).
#[derive(Component)]
pub struct MenuTable;

/// The cells' shares of a table line (per cent), for a window this wide. Wide, a row is one
/// line with room left for its button; on a phone it folds after the third cell, the button
/// ending the second line.
fn cell_widths(window_width: f32) -> [f32; 5] {
    if window_width >= 600.0 {
        [28.0, 22.0, 9.0, 11.0, 12.0]
    } else {
        [52.0, 33.0, 15.0, 30.0, 30.0]
    }
}

/// A table line's width: the column's, at most 760 px (in pixels, like the summary's, so its
/// cells' shares are of a width known before their text is measured).
fn table_width(window_width: f32) -> Val {
    px((window_width * 0.94).min(760.0).floor())
}

/// What keeps a button across syncs: its action, except that a table's Sit and Watch are one
/// button (a table that fills turns one into the other and keeps the keyboard's focus).
fn button_key(action: MenuAction) -> MenuAction {
    match action {
        MenuAction::Online(OnlineButton::Watch(code)) => OnlineButton::SitAt(code).into(),
        other => other,
    }
}

/// A page's frame, once on entering it: the lines come from `sync_menu`.
fn spawn_menu(mut commands: Commands, page: Res<State<MenuPage>>) {
    // The screen scrolls when the menu is taller than it (a landscape phone); the inner
    // column's automatic margins centre it when it is not, and keep its top reachable when it is.
    let screen = commands
        .spawn((
            MenuRoot,
            DespawnOnExit(*page.get()),
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
    commands
        .spawn((
            ChildOf(screen),
            MenuColumn,
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
        .with_child((
            MenuTitle,
            label(Phrase::msg(id::APP_TITLE), size::TITLE, TEXT),
        ));
    if *page.get() == MenuPage::Main {
        // Under the column, at the foot of the screen: the version a bug report names.
        commands.spawn((
            ChildOf(screen),
            MenuFooter,
            Node {
                align_self: AlignSelf::Center,
                margin: UiRect::bottom(px(6)),
                flex_shrink: 0.0,
                ..default()
            },
            label(
                Phrase::Verbatim(format!("starhalma {}", env!("CARGO_PKG_VERSION"))),
                size::CAPTION,
                SOFT_TEXT,
            ),
        ));
    }
}

/// The menu's existing nodes, which `sync_menu` changes in place.
type MenuNodes<'w, 's> = (
    Query<'w, 's, (Entity, &'static Children), With<MenuColumn>>,
    Query<'w, 's, Entity, With<MenuTitle>>,
    Query<'w, 's, (&'static LineKind, Option<&'static Children>)>,
    Query<
        'w,
        's,
        (
            Entity,
            &'static mut MenuAction,
            &'static mut Focusable,
            &'static mut BackgroundColor,
            &'static Children,
        ),
    >,
    Query<'w, 's, &'static mut Say>,
    Query<'w, 's, &'static mut Node, Or<(With<MenuSummary>, With<TableCell>, With<LineKind>)>>,
);

/// The menu's buttons from before a sync, by key, until a line takes them again.
struct SpareButtons(Vec<(MenuAction, Entity)>);

/// The buttons of the menu, as `sync_menu` changes them.
type ButtonNodes<'a, 'w, 's> = (
    &'a mut Query<
        'w,
        's,
        (
            Entity,
            &'static mut MenuAction,
            &'static mut Focusable,
            &'static mut BackgroundColor,
            &'static Children,
        ),
    >,
    &'a mut Query<'w, 's, &'static mut Say>,
);

impl SpareButtons {
    /// The button for `action` with this label: the one the page had for it (changed in
    /// place, so the keyboard's focus stays on it), else a new one.
    fn button(
        &mut self,
        commands: &mut Commands,
        (buttons, says): ButtonNodes,
        (label, action, selected, focus_order): (Phrase, MenuAction, bool, u32),
    ) -> Entity {
        let key = button_key(action);
        let old = self
            .0
            .iter()
            .position(|(k, _)| *k == key)
            .map(|at| self.0.swap_remove(at).1);
        match old.and_then(|e| buttons.get_mut(e).ok()) {
            Some((button, mut was, mut focusable, mut background, children)) => {
                if *was != action {
                    *was = action;
                    action.put_on(&mut commands.entity(button));
                }
                focusable.set_if_neq(Focusable(focus_order));
                background.set_if_neq(BackgroundColor(button_colour(selected)));
                if let Some(mut say) = children.first().and_then(|&t| says.get_mut(t).ok()) {
                    set_say(&mut say, label);
                }
                button
            }
            None => {
                let mut button =
                    commands.spawn(focusable_button(label, action, selected, focus_order));
                action.put_on(&mut button);
                button.id()
            }
        }
    }
}

/// Bring the page's lines up to date in place: a line of the same kind keeps its node and a
/// button with the same action keeps its entity (so the keyboard's focus stays on it); only
/// what is new is spawned, and only what went is despawned.
#[allow(clippy::too_many_arguments)] // the menu shows all of these
fn sync_menu(
    mut commands: Commands,
    (choice, clock, profile): (Res<MenuChoice>, Res<RoomClock>, Res<PlayerProfile>),
    (page, typing, lobby): (Res<State<MenuPage>>, Res<Typing>, Res<Lobby>),
    saved: Res<SavedGames>,
    server: Res<OnlineServer>,
    memory: Res<OnlineMemory>,
    (kept, listed, records): (Res<KeptGames>, Res<Listed>, Res<ServerRecords>),
    ratings: Res<KnownRatings>,
    (words, layout, panel): (Res<Words>, Res<ScreenLayout>, Res<super::PanelSettings>),
    (columns, titles, line_nodes, mut buttons, mut says, mut shapes): MenuNodes,
) {
    let Ok((column, column_children)) = columns.single() else {
        return;
    };
    let title = Phrase::msg(match page.get() {
        MenuPage::Main => id::APP_TITLE,
        MenuPage::Online => id::ONLINE_PAGE_TITLE,
        MenuPage::Games => id::MY_GAMES_TITLE,
        MenuPage::Leaderboard => id::LEADERBOARD_TITLE,
    });
    let Ok(title_entity) = titles.single() else {
        return;
    };
    if let Ok(mut say) = says.get_mut(title_entity) {
        set_say(&mut say, title);
    }
    let rejoin = memory.last_link.is_some();
    let lines: Vec<MenuLine> = match page.get() {
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
            lines.push(MenuLine::Text(page.status));
            lines.extend(page.tables.into_iter().map(MenuLine::Table));
            lines.push(MenuLine::Buttons(page.last));
            with_summary(lines)
        }
        MenuPage::Games => my_games_lines(&kept, listed.0, &records, &profile),
        MenuPage::Leaderboard => leaderboard_lines(&records, &choice, &profile),
    };
    let old_lines: Vec<(Entity, LineKind)> = column_children
        .iter()
        .filter_map(|e| line_nodes.get(e).ok().map(|(kind, _)| (e, *kind)))
        .collect();
    let mut buttons_kept = SpareButtons(
        buttons
            .iter()
            .map(|(e, action, ..)| (button_key(*action), e))
            .collect(),
    );
    let mut kept_lines = vec![title_entity];
    // Start comes first for the keyboard: Enter on the menu starts the game.
    let mut order = 1;
    for (i, line) in lines.into_iter().enumerate() {
        let reused = old_lines
            .get(i)
            .filter(|(_, kind)| *kind == line.kind())
            .map(|&(e, _)| e);
        // The text of a reused line's label (its first child).
        let mut say_in = |node: Entity, phrase: Phrase| {
            let label = line_nodes
                .get(node)
                .ok()
                .and_then(|(_, children)| children?.first().copied());
            if let Some(mut say) = label.and_then(|l| says.get_mut(l).ok()) {
                set_say(&mut say, phrase);
            }
        };
        let node = match line {
            MenuLine::Text(text) => match reused {
                Some(node) => {
                    say_in(node, text);
                    node
                }
                None => commands
                    .spawn((
                        LineKind::Text,
                        Node {
                            width: percent(94),
                            max_width: px(640),
                            ..default()
                        },
                        children![label(text, size::SMALL, SOFT_TEXT)],
                    ))
                    .id(),
            },
            MenuLine::Summary => {
                // What the chosen rules mean, in a paragraph under their buttons. A definite
                // width in pixels (not a maximum or a share of the window), so the paragraph
                // is measured at the width it wraps at and its height makes room for every
                // line; on a panel, since the board's wood behind it gives light text little
                // contrast.
                let width = px((layout.window.x * 0.94).min(640.0).floor());
                let summary = Phrase::msg(starhalma_guide::summary(choice.rules));
                match reused {
                    Some(node) => {
                        say_in(node, summary);
                        if let Ok(mut shape) = shapes.get_mut(node)
                            && shape.width != width
                        {
                            shape.width = width;
                        }
                        node
                    }
                    None => commands
                        .spawn((
                            LineKind::Summary,
                            MenuSummary,
                            Node {
                                width,
                                padding: UiRect::axes(px(10), px(6)),
                                ..default()
                            },
                            BackgroundColor(READING_PANEL),
                            children![label(summary, size::SMALL, SOFT_TEXT)],
                        ))
                        .id(),
                }
            }
            MenuLine::Buttons(row) => {
                let node = reused.unwrap_or_else(|| {
                    commands
                        .spawn((
                            LineKind::Buttons,
                            Node {
                                flex_direction: FlexDirection::Row,
                                flex_wrap: FlexWrap::Wrap,
                                justify_content: JustifyContent::Center,
                                max_width: percent(100),
                                ..default()
                            },
                        ))
                        .id()
                });
                let mut row_buttons = Vec::with_capacity(row.len());
                for (label, action, selected) in row {
                    let start = action == MainButton::Start.into();
                    let focus_order = if start { 0 } else { order };
                    order += 1;
                    row_buttons.push(buttons_kept.button(
                        &mut commands,
                        (&mut buttons, &mut says),
                        (label, action, selected, focus_order),
                    ));
                }
                let current = line_nodes
                    .get(node)
                    .ok()
                    .and_then(|(_, children)| children)
                    .map(|c| c.to_vec())
                    .unwrap_or_default();
                if current != row_buttons {
                    commands.entity(node).replace_children(&row_buttons);
                }
                node
            }
            MenuLine::Table(table) => {
                let kind = if table.header {
                    LineKind::TableHeader
                } else {
                    LineKind::TableRow
                };
                let width = table_width(layout.window.x);
                let node = match reused {
                    Some(node) => {
                        if let Ok(mut shape) = shapes.get_mut(node)
                            && shape.width != width
                        {
                            shape.width = width;
                        }
                        node
                    }
                    None => commands
                        .spawn((
                            kind,
                            MenuTable,
                            Node {
                                width,
                                flex_direction: FlexDirection::Row,
                                flex_wrap: FlexWrap::Wrap,
                                align_items: AlignItems::Center,
                                padding: UiRect::axes(px(8), px(3)),
                                ..default()
                            },
                            BackgroundColor(READING_PANEL),
                        ))
                        .id(),
                };
                // The line's cells are the children that carry their own words (a button's
                // are on its label); each is kept and changed in place.
                let old_cells: Vec<Entity> = line_nodes
                    .get(node)
                    .ok()
                    .and_then(|(_, children)| children)
                    .map(|c| c.iter().filter(|&e| says.contains(e)).collect())
                    .unwrap_or_default();
                let colour = if table.header { SOFT_TEXT } else { TEXT };
                let shares = cell_widths(layout.window.x);
                let mut children = Vec::with_capacity(table.cells.len() + 1);
                for (i, text) in table.cells.into_iter().enumerate() {
                    let cell_width = percent(shares.get(i).copied().unwrap_or(20.0));
                    let cell = match old_cells.get(i) {
                        Some(&cell) => {
                            if let Ok(mut say) = says.get_mut(cell) {
                                set_say(&mut say, text);
                            }
                            if let Ok(mut shape) = shapes.get_mut(cell)
                                && shape.width != cell_width
                            {
                                shape.width = cell_width;
                            }
                            cell
                        }
                        None => commands
                            .spawn((
                                TableCell,
                                Node {
                                    width: cell_width,
                                    padding: UiRect::right(px(6)),
                                    ..default()
                                },
                                label(text, size::SMALL, colour),
                            ))
                            .id(),
                    };
                    children.push(cell);
                }
                for &gone in old_cells.iter().skip(children.len()) {
                    commands.entity(gone).despawn();
                }
                if let Some((label, action)) = table.action {
                    children.push(buttons_kept.button(
                        &mut commands,
                        (&mut buttons, &mut says),
                        (label, action, false, order),
                    ));
                    order += 1;
                }
                let current = line_nodes
                    .get(node)
                    .ok()
                    .and_then(|(_, children)| children)
                    .map(|c| c.to_vec())
                    .unwrap_or_default();
                if current != children {
                    commands.entity(node).replace_children(&children);
                }
                node
            }
        };
        kept_lines.push(node);
    }
    if column_children.to_vec() != kept_lines {
        commands.entity(column).replace_children(&kept_lines);
    }
    // What is no longer shown goes: first the buttons no line kept (some may still sit in a
    // row that goes), then the lines (the buttons they held have found their new rows).
    for (_, button) in buttons_kept.0 {
        commands.entity(button).despawn();
    }
    for (old, _) in old_lines {
        if !kept_lines.contains(&old) {
            commands.entity(old).despawn();
        }
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
    how_to_play: Res<State<super::HowToPlay>>,
    mut menus: Query<&mut Visibility, With<MenuRoot>>,
) {
    let shown = if *how_to_play.get() == super::HowToPlay::Open {
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

/// The rule set and player count buttons change the choice (their seats follow the count).
fn choice_actions(
    mut pressed: MessageReader<Pressed<ChoiceButton>>,
    mut choice: ResMut<MenuChoice>,
) {
    for Pressed(action) in pressed.read() {
        match *action {
            ChoiceButton::Rules(rules) => {
                choice.rules = rules;
                if !rules.player_counts().contains(&choice.players) {
                    choice.players = 2;
                }
                let players = choice.players as usize;
                choice
                    .seats
                    .resize(players, SeatKind::Computer(Level::Medium));
            }
            ChoiceButton::Players(n) => {
                choice.players = n;
                choice
                    .seats
                    .resize(n as usize, SeatKind::Computer(Level::Medium));
            }
        }
    }
}

/// Where the main page's buttons lead.
#[derive(bevy::ecs::system::SystemParam)]
struct MainWays<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    page: ResMut<'w, NextState<MenuPage>>,
    games: MessageWriter<'w, GameCommand>,
    files: MessageWriter<'w, FileRequest>,
    net: MessageWriter<'w, NetRequest>,
    rules: MessageWriter<'w, OpenRules>,
    guided: MessageWriter<'w, StartGuided>,
}

/// The main page's buttons: the seats and who starts, Start, the other pages, the stored games,
/// the rules, the guided game, the language and the page's buttons.
fn main_actions(
    mut pressed: MessageReader<Pressed<MainButton>>,
    mut choice: ResMut<MenuChoice>,
    (memory, time): (Res<OnlineMemory>, Res<Time<Real>>),
    (mut words, mut panel): (ResMut<Words>, ResMut<PanelSettings>),
    mut ways: MainWays,
) {
    for Pressed(action) in pressed.read() {
        match *action {
            MainButton::CycleSeat(i) => {
                let Some(seat) = choice.seats.get_mut(i as usize) else {
                    continue;
                };
                *seat = match *seat {
                    SeatKind::Human => SeatKind::Computer(Level::Easy),
                    SeatKind::Computer(Level::Easy) => SeatKind::Computer(Level::Medium),
                    SeatKind::Computer(Level::Medium) => SeatKind::Computer(Level::Hard),
                    SeatKind::Computer(Level::Hard) | SeatKind::Remote => SeatKind::Human,
                };
            }
            MainButton::CycleStarts => {
                choice.starts = match choice.starts {
                    WhoStarts::Red => WhoStarts::Random,
                    WhoStarts::Random => WhoStarts::Red,
                }
            }
            MainButton::Start => {
                let toss = time.elapsed().as_nanos() as u64;
                ways.games.write(GameCommand::NewGame(choice.setup(toss)));
                ways.screen.set(Screen::Playing);
            }
            MainButton::OpenOnline => ways.page.set(MenuPage::Online),
            MainButton::OpenMyGames => ways.page.set(MenuPage::Games),
            // The last online room when there is one to rejoin, else the autosave.
            MainButton::Continue => match &memory.last_link {
                Some(link) => {
                    ways.net.write(NetRequest::Join(link.clone()));
                    ways.screen.set(Screen::Playing);
                }
                None => {
                    ways.files.write(FileRequest::Load(StoredFile::Autosave));
                }
            },
            MainButton::Load => {
                ways.files.write(FileRequest::Load(StoredFile::SavedGame));
            }
            MainButton::HowToPlay => {
                ways.rules.write(OpenRules(None));
            }
            MainButton::GuidedGame => {
                ways.guided.write(StartGuided);
            }
            MainButton::CycleLanguage => {
                let all = Language::ALL;
                let now = all.iter().position(|&l| l == words.language()).unwrap_or(0);
                *words = Words::new(all[(now + 1) % all.len()]);
            }
            MainButton::TogglePageControls => panel.page_controls = !panel.page_controls,
        }
    }
}

pub(super) struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        for page in [
            MenuPage::Main,
            MenuPage::Online,
            MenuPage::Games,
            MenuPage::Leaderboard,
        ] {
            app.add_systems(OnEnter(page), spawn_menu);
        }
        app.add_buttons::<ChoiceButton>()
            .add_buttons::<MainButton>()
            .add_systems(
                Update,
                (
                    choice_actions
                        .run_if(on_message::<Pressed<ChoiceButton>>)
                        .in_set(Frame::Actions),
                    main_actions
                        .run_if(on_message::<Pressed<MainButton>>)
                        .in_set(Frame::Actions),
                    sync_menu
                        .run_if(in_state(Screen::Menu))
                        .run_if(
                            any_match_filter::<Added<MenuColumn>>
                                .or_eager(resource_changed::<MenuChoice>)
                                .or_eager(resource_changed::<RoomClock>)
                                .or_eager(resource_changed::<PlayerProfile>)
                                .or_eager(resource_changed::<SavedGames>)
                                .or_eager(resource_changed::<OnlineServer>)
                                .or_eager(resource_changed::<OnlineMemory>)
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
                            state_changed::<super::HowToPlay>
                                .or_eager(any_match_filter::<Added<MenuRoot>>),
                        )
                        .in_set(Frame::Hud),
                ),
            );
    }
}

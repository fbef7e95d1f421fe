//! Every screen laid out by Bevy's own UI layout and text shaping (the game's fonts, its three
//! languages), at the window sizes players meet: no two texts or buttons overlap, no text runs
//! outside its box or the window, and body text reads against what is drawn behind it (WCAG 2.1
//! contrast ratio of at least 4.5).

use super::{app_in, table2};
use crate::scripted::ScriptedNetwork;
use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::{CalculatedClip, ComputedNode, UiStack};
use bevy::window::{PrimaryWindow, WindowResolution};
use starhalma::testing::{
    BACKDROP, HudSlot, KeptGame, KeptGames, Outcome, Remote, ScreenLayout, ServerRecords, SheetOpen,
};
use starhalma::testing::{
    ButtonAction, ChoiceButton, GameButton, GamesButton, MainButton, OnlineButton, RulesButton,
    ToggleMore, ViewButton,
};
use starhalma::{
    GameCommand, Language, Match, OnlineServer, PanelSettings, PlayerProfile, Screen, SeatKind,
    Setup, Store, SystemLanguage, TouchScreen,
};
use starhalma_ai::Level;
use starhalma_protocol::{
    GameSummary, GamesPage, LeaderLine, Leaderboard, LobbyRoom, MoveClock, PlayerName,
    RatingSummary, RoomCode, RoomEvent, SeatHolder, SeatSummary, ServerMessage, Token, Welcome,
};
use starhalma_rules::board::CAMPS;
use starhalma_rules::{Game, Hole, Holes, Move, Position, RuleSet, Rules, State, Variant};
use std::collections::HashMap;

struct Size {
    name: &'static str,
    width: u32,
    height: u32,
    touch: bool,
}

const SIZES: [Size; 4] = [
    Size {
        name: "1280x800",
        width: 1280,
        height: 800,
        touch: false,
    },
    Size {
        name: "1024x640",
        width: 1024,
        height: 640,
        touch: false,
    },
    Size {
        name: "412x860 touch",
        width: 412,
        height: 860,
        touch: true,
    },
    Size {
        name: "860x412 touch",
        width: 860,
        height: 412,
        touch: true,
    },
];

const LANGUAGES: [Language; 3] = [Language::English, Language::Japanese, Language::Nepali];

/// The client at `size` in `language`, its UI laid out as a window would lay it out (Bevy's
/// UI and text plugins, a camera that renders to the window's size), on the menu or playing
/// `start`, its connections scripted.
fn laid_out(size: &Size, language: Language, start: Option<Match>) -> (App, ScriptedNetwork) {
    let script = ScriptedNetwork::default();
    let (width, height) = (size.width, size.height);
    let touch = size.touch;
    let tune = |app: &mut App| {
        app.add_plugins((
            bevy::asset::AssetPlugin::default(),
            bevy::image::ImagePlugin::default(),
            bevy::image::TextureAtlasPlugin,
            bevy::text::TextPlugin,
            bevy::ui::UiPlugin,
        ));
        // What Bevy's input and picking plugins would hold: the UI's focus and picking
        // systems read them (nothing is pointed at here).
        app.init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<Touches>()
            .init_resource::<bevy::picking::hover::HoverMap>()
            .init_resource::<bevy::picking::events::PointerState>()
            .add_message::<bevy::picking::backend::PointerHits>()
            .add_message::<bevy::picking::pointer::PointerInput>()
            .insert_resource(SystemLanguage(language))
            .insert_resource(TouchScreen(touch))
            .insert_resource(script.network())
            .insert_resource(PlayerProfile {
                name: Some(PlayerName::new("Mina").unwrap()),
                mute_reactions: false,
                player_key: None,
            })
            .insert_resource(OnlineServer(Some("http://127.0.0.1:9".parse().unwrap())));
        app.world_mut().spawn((
            Window {
                resolution: WindowResolution::new(width, height).with_scale_factor_override(1.0),
                ..default()
            },
            PrimaryWindow,
        ));
        // What the render plugin's camera system would compute for a camera on that window.
        app.world_mut().spawn((
            Camera2d,
            Camera {
                computed: ComputedCameraValues {
                    target_info: Some(RenderTargetInfo {
                        physical_size: UVec2::new(width, height),
                        scale_factor: 1.0,
                    }),
                    ..default()
                },
                ..default()
            },
        ));
    };
    let app = app_in(Store::Nowhere, start, tune);
    (app, script)
}

fn act<A: ButtonAction>(app: &mut App, action: A) {
    super::send_press(app, action);
    app.update();
}

fn settle(app: &mut App) {
    for _ in 0..6 {
        app.update();
    }
}

fn hole(text: &str) -> Hole {
    text.parse().unwrap()
}

fn playing(game: Game) -> Match {
    let variant = game.variant();
    Match {
        game,
        setup: Setup::new(variant, vec![SeatKind::Human; variant.players() as usize]),
    }
}

fn fresh(rules: RuleSet, players: u8) -> Match {
    playing(Game::new(Variant::new(rules, players).unwrap()))
}

/// Diamond, three players: Red fills its target (two of Yellow's marbles on its edge) with the
/// king on ◎.
fn diamond_won() -> Match {
    let rules = Rules::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    let last = hole("-4,0");
    let yellow_left = [hole("-4,3"), hole("-4,4")];
    let mut pieces: Vec<(Hole, u8, bool)> = Holes(rules.target(0))
        .filter(|h| *h != last && !yellow_left.contains(h))
        .map(|h| (h, 0, h == hole("-8,4")))
        .collect();
    pieces.push((hole("-3,0"), 0, false));
    pieces.extend(yellow_left.map(|h| (h, 1, false)));
    pieces.push((hole("-4,8"), 1, true));
    pieces.push((hole("-4,-4"), 2, true));
    let state = State::new(Position::from_placements(pieces).unwrap(), 0, 60);
    let mut game = Game::from_state(rules.variant(), state).unwrap();
    game.play(Move::step(hole("-3,0"), last)).unwrap();
    assert!(game.is_over());
    playing(game)
}

/// Table, two players, 200 turns each: Red seven marbles home, Blue five.
fn table_capped() -> Match {
    let red_home: Vec<Hole> = Holes(CAMPS[3]).take(7).collect();
    let blue_home: Vec<Hole> = Holes(CAMPS[0]).take(5).collect();
    let mut pieces: Vec<(Hole, u8, bool)> = red_home.iter().map(|&h| (h, 0, false)).collect();
    pieces.extend(["0,0", "1,0", "2,0"].map(|h| (hole(h), 0, false)));
    pieces.extend(blue_home.iter().map(|&h| (h, 1, false)));
    pieces.extend(["0,-2", "1,-2", "2,-2", "-1,-2", "0,-3"].map(|h| (hole(h), 1, false)));
    let state = State::new(Position::from_placements(pieces).unwrap(), 1, 399);
    let mut game = Game::from_state(table2(), state).unwrap();
    game.play("s 0,-3 0,-4".parse().unwrap()).unwrap();
    assert!(game.is_over());
    playing(game)
}

fn person(name: &str) -> SeatHolder {
    SeatHolder::Person {
        connected: true,
        name: Some(PlayerName::new(name).unwrap()),
        idle: false,
        player: None,
    }
}

/// Welcomed into seat 1 of a room of `seats` playing `game`.
fn welcome(seats: Vec<SeatHolder>, game: Game) -> ServerMessage {
    welcome_in(Some(1), seats, game)
}

/// The room's welcome for the holder of `seat` (seat 0 is the host's; none: a watcher).
fn welcome_in(seat: Option<u8>, seats: Vec<SeatHolder>, game: Game) -> ServerMessage {
    ServerMessage::Welcome(Box::new(Welcome {
        room: "abcdefghij".parse::<RoomCode>().unwrap(),
        link: "http://127.0.0.1:9/?room=abcdefghij".parse().unwrap(),
        seat,
        token: seat.map(|s| Token::from_bits(100 + u128::from(s))),
        host: seat == Some(0),
        seats,
        game,
        seq: 2,
        clock_ms: Some(MoveClock::SECONDS_60),
        turn_left_ms: Some(42_000),
        player: None,
        record: None,
        records: true,
    }))
}

/// What brings a fresh client to a scene: actions pressed, messages from the server.
type Steps = Box<dyn Fn(&mut App, &ScriptedNetwork)>;

/// One of the screens a player meets, and how to get there from a fresh client.
struct Scene {
    name: String,
    start: Option<Match>,
    steps: Steps,
}

fn scene(
    name: impl Into<String>,
    start: Option<Match>,
    steps: impl Fn(&mut App, &ScriptedNetwork) + 'static,
) -> Scene {
    Scene {
        name: name.into(),
        start,
        steps: Box::new(steps),
    }
}

fn rules_name(rules: RuleSet) -> String {
    match rules {
        RuleSet::Table { long_hops: true } => "table, long hops".into(),
        RuleSet::Table { long_hops: false } => "table".into(),
        RuleSet::Masters { blocked } => format!("masters ({blocked:?})").to_lowercase(),
        other => format!("{other:?}").to_lowercase(),
    }
}

fn scenes() -> Vec<Scene> {
    let mut all = Vec::new();
    for rules in RuleSet::ALL {
        let counts = rules.player_counts();
        for players in [counts[0], counts[counts.len() - 1]] {
            all.push(scene(
                format!("menu: {}, {players} players", rules_name(rules)),
                None,
                move |app, _| {
                    act(app, ChoiceButton::Rules(rules));
                    act(app, ChoiceButton::Players(players));
                },
            ));
        }
    }
    all.push(scene("menu: how to play", None, |app, _| {
        act(app, ChoiceButton::Rules(RuleSet::Diamond));
        act(app, MainButton::HowToPlay);
    }));
    all.push(scene("menu: how to play, a later page", None, |app, _| {
        act(app, MainButton::HowToPlay);
        for _ in 0..3 {
            act(app, RulesButton::NextSection);
        }
    }));
    all.push(scene(
        "menu: play online, public tables",
        None,
        |app, script| {
            act(app, MainButton::OpenOnline);
            let table = |code: &str, host: &str, players: u8, running: bool| LobbyRoom {
                room: code.parse().unwrap(),
                variant: Variant::new(RuleSet::Table { long_hops: false }, players).unwrap(),
                seats: (0..players)
                    .map(|s| {
                        if s == 0 || running {
                            person(host)
                        } else {
                            SeatHolder::Open
                        }
                    })
                    .collect(),
                clock_ms: Some(MoveClock::SECONDS_60),
                running,
                age_ms: 5_000,
            };
            script.push(&ServerMessage::Lobby {
                rooms: vec![
                    table("aaaaaaaaaa", "Asha", 2, false),
                    table("bbbbbbbbbb", "さくら", 6, true),
                    table("cccccccccc", "आशा", 3, false),
                ],
            });
        },
    ));
    all.push(scene("menu: play online, more options", None, |app, _| {
        act(app, MainButton::OpenOnline);
        act(app, OnlineButton::ToggleMore);
    }));
    all.push(scene("menu: my games", None, |app, _| {
        act(app, MainButton::OpenMyGames);
        let world = app.world_mut();
        world.resource_mut::<KeptGames>().0 = kept_games();
        world.resource_mut::<ServerRecords>().my_games = Remote::Got(games_page());
        app.update();
    }));
    all.push(scene("menu: leaderboard", None, |app, _| {
        act(app, GamesButton::OpenLeaderboard);
        app.world_mut().resource_mut::<ServerRecords>().leaderboard = Remote::Got(leaderboard());
        app.update();
    }));
    all.push(scene(
        "game: table, 2 players",
        Some(fresh(RuleSet::Table { long_hops: false }, 2)),
        |_, _| {},
    ));
    all.push(scene(
        "game: laws, 6 players",
        Some(fresh(RuleSet::Laws, 6)),
        |_, _| {},
    ));
    all.push(scene(
        "game: diamond, 3 players, a marble chosen",
        Some(fresh(RuleSet::Diamond, 3)),
        |app, _| {
            // The controls panel lists the marbles; choosing one lists its destinations.
            act(app, ViewButton::TogglePanel);
        },
    ));
    all.push(scene(
        "game: more buttons open",
        Some(fresh(RuleSet::Table { long_hops: false }, 2)),
        |app, _| act(app, ToggleMore),
    ));
    all.push(scene(
        "game: board hidden (text board)",
        Some(fresh(RuleSet::Diamond, 3)),
        |app, _| act(app, ViewButton::ToggleBoard),
    ));
    all.push(scene(
        "game: how to play",
        Some(fresh(
            RuleSet::Masters {
                blocked: starhalma_rules::Blocked::Swap,
            },
            4,
        )),
        |app, _| act(app, GameButton::HowToPlay),
    ));
    all.push(scene(
        "game over: diamond, 3 players",
        Some(diamond_won()),
        |_, _| {},
    ));
    all.push(scene(
        "game over: table, turn cap",
        Some(table_capped()),
        |_, _| {},
    ));
    all.push(scene(
        "game over: table, 6 players, a resignation",
        Some(fresh(RuleSet::Table { long_hops: false }, 6)),
        |app, _| {
            app.world_mut().write_message(GameCommand::Resign(0));
            app.update();
        },
    ));
    all.push(scene("online: waiting for players", None, |app, script| {
        enter_room(app);
        let variant = Variant::new(RuleSet::Laws, 3).unwrap();
        let seats = vec![person("Asha"), person("Mina"), SeatHolder::Open];
        script.push(&welcome(seats, Game::new(variant)));
    }));
    // The host's own view while it waits: "Fill empty seats with the computer" shows (the
    // longest label of the HUD's column).
    all.push(scene(
        "online: hosting, waiting for players",
        None,
        |app, script| {
            enter_room(app);
            let variant = Variant::new(RuleSet::Laws, 3).unwrap();
            let seats = vec![person("Mina"), SeatHolder::Open, SeatHolder::Open];
            script.push(&welcome_in(Some(0), seats, Game::new(variant)));
        },
    ));
    // A watcher while a seat is free: Join under the line that offers it.
    all.push(scene(
        "online: watching, a seat free",
        None,
        |app, script| {
            enter_room(app);
            let variant = Variant::new(RuleSet::Laws, 3).unwrap();
            let seats = vec![person("Mina"), person("さくら"), SeatHolder::Open];
            script.push(&welcome_in(None, seats, Game::new(variant)));
        },
    ));
    all.push(scene(
        "online: playing, then the game ends",
        None,
        |app, script| {
            enter_room(app);
            let seats = vec![person("さくら"), person("Mina")];
            script.push(&welcome(seats, Game::new(table2())));
            script.push(&ServerMessage::Event {
                seq: 3,
                event: RoomEvent::Resigned { seat: 0 },
            });
        },
    ));
    all
}

/// Games against the computer in several rule sets and levels, all results.
fn kept_games() -> Vec<KeptGame> {
    let rule_sets = [
        RuleSet::Laws,
        RuleSet::Table { long_hops: true },
        RuleSet::Diamond,
    ];
    (0..12)
        .map(|i| KeptGame {
            ended_ms: 1_796_428_800_000 + i * 3_600_000,
            rules: rule_sets[i as usize % 3],
            players: [2, 3, 6][i as usize % 3],
            level: [Level::Easy, Level::Medium, Level::Hard][i as usize % 3],
            outcome: [Outcome::Won, Outcome::Lost, Outcome::Drawn][(i / 3) as usize % 3],
            moves: 40 + i as u32,
            save: String::new(),
        })
        .collect()
}

/// A page of online games, rated and not, with names in three scripts.
fn games_page() -> GamesPage {
    let seat = |seat: u8, player: &str, name: &str, place: u8, change: Option<&str>| SeatSummary {
        seat,
        player: Some(player.into()),
        computer: None,
        name: name.into(),
        place: Some(place),
        rating_before: None,
        rating_after: None,
        change: change.map(str::to_string),
    };
    let me = my_player_id();
    GamesPage {
        player: me.clone(),
        games: (0..4)
            .map(|i| GameSummary {
                id: format!("{i:020}"),
                rules: ["laws", "table_long_hops", "masters", "diamond"][i].into(),
                players: 2,
                public: i % 2 == 0,
                clock_ms: None,
                rated: i % 2 == 0,
                variant: None,
                result: None,
                started_ms: 1_796_428_000_000,
                ended_ms: 1_796_428_800_000,
                seats: vec![
                    seat(
                        0,
                        &me,
                        "Mina",
                        1 + (i % 2) as u8,
                        (i % 2 == 0).then_some("+12"),
                    ),
                    seat(
                        1,
                        "abcdefghijkl",
                        ["さくら", "आशा", "Asha", "Sakura"][i],
                        2 - (i % 2) as u8,
                        None,
                    ),
                ],
                plies: Some(80),
            })
            .collect(),
        next: None,
    }
}

/// The player key of the scenes' player (none is set: the public id of the default).
fn my_player_id() -> String {
    "0123456789abcdef0123456789abcdef"
        .parse::<starhalma_protocol::PlayerKey>()
        .unwrap()
        .public_id()
}

/// A leaderboard of ten, with long names in three scripts.
fn leaderboard() -> Leaderboard {
    let names = [
        "さくらさくらさくら",
        "आशा आशा आशा",
        "Asha the Patient",
        "Mina",
    ];
    Leaderboard {
        rules: "table".into(),
        players: None,
        leaders: (0..10)
            .map(|i| LeaderLine {
                rank: i + 1,
                player: format!("abcdefghijk{}", (b'a' + i as u8) as char),
                name: Some(names[i % 4].into()),
                rating: RatingSummary {
                    rating: 1900 - 17 * i as i64,
                    deviation: 60,
                    games: 30 - i as i64,
                    provisional: false,
                },
            })
            .collect(),
    }
}

/// Open a room's link, as the page's `?room=` or Continue does: the game screen shows.
fn enter_room(app: &mut App) {
    app.world_mut()
        .write_message(starhalma::testing::NetRequest::Join(
            "http://127.0.0.1:9/?room=abcdefghij".parse().unwrap(),
        ));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
}

/// A node as it is drawn: where, which is its parent, what it shows.
struct Drawn {
    entity: Entity,
    /// Its rectangle cut to what its scrolling or clipping ancestors let show.
    rect: Rect,
    /// Its place in the drawing order (back to front).
    order: usize,
    text: Option<String>,
    button: bool,
    background: Option<Srgba>,
    text_colour: Option<Srgba>,
    ancestors: Vec<Entity>,
    /// For a button: the first words drawn inside it (to name it in a fault).
    inner: Option<String>,
    /// One of the HUD's buttons (the column or bar beside the board, or the More sheet).
    hud_button: bool,
}

fn srgba(color: Color) -> Srgba {
    color.to_srgba()
}

/// Every shown node, back to front.
fn drawn(app: &mut App) -> Vec<Drawn> {
    let world = app.world_mut();
    let stack = world.resource::<UiStack>().uinodes.clone();
    let mut query = world.query::<(
        &ComputedNode,
        &UiGlobalTransform,
        Option<&CalculatedClip>,
        Option<&Text>,
        Option<&TextLayoutInfo>,
        Option<&TextColor>,
        Option<&BackgroundColor>,
        Option<&Button>,
        Option<&Visibility>,
        Option<&ChildOf>,
        Has<HudSlot>,
    )>();
    let mut parents = HashMap::new();
    let mut hidden = HashMap::new();
    for (entity, _) in stack.iter().enumerate().map(|(i, e)| (*e, i)) {
        if let Ok((.., visibility, parent, _)) = query.get(world, entity) {
            if let Some(parent) = parent {
                parents.insert(entity, parent.parent());
            }
            hidden.insert(entity, visibility == Some(&Visibility::Hidden));
        }
    }
    let mut out = Vec::new();
    for (order, &entity) in stack.iter().enumerate() {
        let Ok((node, at, clip, text, layout, colour, background, button, _, _, hud_button)) =
            query.get(world, entity)
        else {
            continue;
        };
        let mut ancestors = Vec::new();
        let mut up = parents.get(&entity).copied();
        while let Some(p) = up {
            ancestors.push(p);
            up = parents.get(&p).copied();
        }
        if hidden[&entity] || ancestors.iter().any(|a| hidden.get(a) == Some(&true)) {
            continue;
        }
        let size = node.size();
        if size.x < 0.5 || size.y < 0.5 {
            continue;
        }
        let mut rect = Rect::from_center_size(at.translation, size);
        let text = text.map(|t| t.0.clone()).filter(|t| !t.trim().is_empty());
        // Text is where its node is and wherever its glyphs' ink reaches beyond it (a
        // glyph that overhangs its advance, a line too long for the node).
        if let (Some(_), Some(layout)) = (&text, layout) {
            let top_left = at.translation - size / 2.0;
            for glyph in &layout.glyphs {
                let ink =
                    Rect::from_center_size(top_left + glyph.position, glyph.atlas_info.rect.size());
                rect = rect.union(ink);
            }
        }
        if let Some(clip) = clip {
            rect = rect.intersect(clip.clip);
        }
        if rect.width() < 0.5 || rect.height() < 0.5 {
            continue;
        }
        out.push(Drawn {
            entity,
            rect,
            order,
            text,
            button: button.is_some(),
            background: background.map(|b| srgba(b.0)).filter(|b| b.alpha > 0.0),
            text_colour: colour.map(|c| srgba(c.0)),
            ancestors,
            inner: None,
            hud_button,
        });
    }
    for i in 0..out.len() {
        if out[i].button {
            let inner = out
                .iter()
                .find(|d| d.ancestors.contains(&out[i].entity) && d.text.is_some())
                .and_then(|d| d.text.clone());
            out[i].inner = inner;
        }
    }
    out
}

fn label(d: &Drawn) -> String {
    match &d.text {
        Some(t) => format!("{:?}", t.chars().take(40).collect::<String>()),
        None => match &d.inner {
            Some(inner) => format!(
                "button {:?} ({:?})",
                d.entity,
                inner.chars().take(40).collect::<String>()
            ),
            None => format!("button {:?}", d.entity),
        },
    }
}

/// The relative luminance of an sRGB colour (WCAG 2.1).
fn luminance(c: Srgba) -> f32 {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
}

fn contrast(a: Srgba, b: Srgba) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `top` drawn over the opaque `under`.
fn over(top: Srgba, under: Srgba) -> Srgba {
    let a = top.alpha;
    Srgba::new(
        top.red * a + under.red * (1.0 - a),
        top.green * a + under.green * (1.0 - a),
        top.blue * a + under.blue * (1.0 - a),
        1.0,
    )
}

const OPAQUE: f32 = 0.99;

/// What is wrong with one laid-out screen.
fn faults(
    all: &[Drawn],
    layout: &ScreenLayout,
    (board_hidden, sheet_open): (bool, bool),
) -> Vec<String> {
    let window = Rect::from_corners(Vec2::ZERO, layout.window);
    let mut faults = Vec::new();
    // The HUD's buttons stay beside the board (the More sheet, open, lies over it by design):
    // a label too long for its column must wrap, not reach over the board.
    if !board_hidden && !sheet_open {
        for d in all.iter().filter(|d| d.hud_button) {
            let over = layout.board.intersect(d.rect);
            if over.width() > 1.0 && over.height() > 1.0 {
                faults.push(format!(
                    "{} reaches over the board: {:?}, the board {:?}",
                    label(d),
                    d.rect,
                    layout.board
                ));
            }
        }
    }
    // A node is seen where no opaque node drawn later (not one of its own ancestors) covers it.
    let covered_at = |d: &Drawn, area: Rect| {
        all.iter().any(|p| {
            p.order > d.order
                && !d.ancestors.contains(&p.entity)
                && p.background.is_some_and(|b| b.alpha >= OPAQUE)
                && p.rect.inflate(0.5).contains(area.min)
                && p.rect.inflate(0.5).contains(area.max)
        })
    };
    let items: Vec<&Drawn> = all
        .iter()
        .filter(|d| d.text.is_some() || d.button)
        .filter(|d| !covered_at(d, d.rect))
        .collect();
    for d in &items {
        let inside = window.inflate(0.5);
        if !(inside.contains(d.rect.min) && inside.contains(d.rect.max)) {
            faults.push(format!(
                "{} runs outside the window: {:?}",
                label(d),
                d.rect
            ));
        }
        // Its box: the nearest ancestor drawn with a background.
        if let Some(frame) = d.ancestors.iter().find_map(|a| {
            all.iter()
                .find(|p| p.entity == *a && p.background.is_some())
        }) && !(frame.rect.inflate(0.5).contains(d.rect.min)
            && frame.rect.inflate(0.5).contains(d.rect.max))
        {
            faults.push(format!(
                "{} runs outside its box: {:?} in {:?}",
                label(d),
                d.rect,
                frame.rect
            ));
        }
    }
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            if a.ancestors.contains(&b.entity) || b.ancestors.contains(&a.entity) {
                continue;
            }
            let both = a.rect.intersect(b.rect);
            if both.width() <= 1.0 || both.height() <= 1.0 {
                continue;
            }
            let (lower, upper) = if a.order < b.order { (a, b) } else { (b, a) };
            if covered_at(lower, both) {
                continue;
            }
            faults.push(format!(
                "{} and {} overlap: {:?} and {:?}",
                label(lower),
                label(upper),
                lower.rect,
                upper.rect
            ));
        }
    }
    for d in &items {
        let (Some(_), Some(colour)) = (&d.text, d.text_colour) else {
            continue;
        };
        // What is drawn behind the text: the backgrounds under it, from the topmost opaque
        // one up.
        let mut behind: Vec<&Drawn> = all
            .iter()
            .filter(|p| {
                p.order < d.order
                    && p.background.is_some()
                    && p.rect.inflate(0.5).contains(d.rect.min)
                    && p.rect.inflate(0.5).contains(d.rect.max)
            })
            .collect();
        behind.sort_by_key(|p| p.order);
        // Under the interface: the backdrop beside the board, or on the board anything from
        // its lightest to its darkest.
        let (bases, translucent) = match behind
            .iter()
            .rposition(|p| p.background.unwrap().alpha >= OPAQUE)
        {
            Some(base) => (vec![behind[base].background.unwrap()], &behind[base + 1..]),
            None if board_hidden || layout.board.intersect(d.rect).is_empty() => {
                (vec![BACKDROP.to_srgba()], &behind[..])
            }
            None => (vec![Srgba::WHITE, Srgba::BLACK], &behind[..]),
        };
        for base in bases {
            let backdrop = translucent
                .iter()
                .fold(base, |under, p| over(p.background.unwrap(), under));
            let ratio = contrast(over(colour, backdrop), backdrop);
            if ratio < 4.5 {
                faults.push(format!(
                    "{} has contrast {ratio:.2} ({colour:?} on {backdrop:?})",
                    label(d)
                ));
                break;
            }
        }
    }
    faults
}

#[test]
fn every_screen_in_every_language_and_size_is_laid_out_clear_and_legible() {
    let mut list = Vec::new();
    let mut failures = Vec::new();
    for size in &SIZES {
        for language in LANGUAGES {
            for scene in scenes() {
                let (mut app, script) = laid_out(size, language, scene.start);
                (scene.steps)(&mut app, &script);
                settle(&mut app);
                let shown = drawn(&mut app);
                let texts = shown.iter().filter(|d| d.text.is_some()).count();
                let buttons = shown.iter().filter(|d| d.button).count();
                let layout = *app.world().resource::<ScreenLayout>();
                let board_hidden = app.world().resource::<PanelSettings>().board_hidden;
                let sheet_open = app.world().resource::<SheetOpen>().0;
                let found = faults(&shown, &layout, (board_hidden, sheet_open));
                let line = format!(
                    "{:<14} {:<3} {:<48} {texts:>3} texts {buttons:>3} buttons: {}",
                    size.name,
                    language.code(),
                    scene.name,
                    if found.is_empty() {
                        "clear".to_string()
                    } else {
                        format!("{} faults", found.len())
                    }
                );
                list.push(line);
                failures.extend(
                    found
                        .into_iter()
                        .map(|f| format!("{} {} {}: {f}", size.name, language.code(), scene.name)),
                );
            }
        }
    }
    // The list, here (`-- --nocapture`) and in a file beside the test build.
    let list = list.join("\n");
    println!("{list}");
    let _ = std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screens.txt"),
        &list,
    );
    assert!(
        failures.is_empty(),
        "{} faults:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The wheel scrolls the scrolling node under the pointer: on a landscape phone the words of
/// a six-player result are taller than their place in the game-over panel, and the wheel over
/// them scrolls them, not the controls panel's list beside it.
#[test]
fn the_wheel_scrolls_what_is_under_the_pointer() {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use starhalma::testing::GameOverPanel;
    let size = &SIZES[3];
    let (mut app, _) = laid_out(
        size,
        Language::Nepali,
        Some(fresh(RuleSet::Table { long_hops: false }, 6)),
    );
    app.world_mut().write_message(GameCommand::Resign(0));
    settle(&mut app);
    let panel = app
        .world_mut()
        .query_filtered::<Entity, With<GameOverPanel>>()
        .single(app.world())
        .expect("the game-over panel");
    let world = app.world_mut();
    let mut scrolling = world.query::<(Entity, &Node, &ComputedNode, &UiGlobalTransform)>();
    let in_panel = |world: &World, mut e: Entity| {
        while let Some(parent) = world.get::<ChildOf>(e) {
            e = parent.parent();
            if e == panel {
                return true;
            }
        }
        false
    };
    let (words, place) = scrolling
        .iter(world)
        .filter(|(e, node, ..)| node.overflow.y == OverflowAxis::Scroll && in_panel(world, *e))
        .map(|(e, _, node, at)| (e, (at.translation, node.size)))
        .next()
        .expect("the result's words scroll");
    let (centre, _) = place;
    let window = world
        .query_filtered::<Entity, With<Window>>()
        .single(world)
        .unwrap();
    world
        .get_mut::<Window>(window)
        .unwrap()
        .set_physical_cursor_position(Some(centre.as_dvec2()));
    world.write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: -2.0,
        window,
        phase: bevy::input::touch::TouchPhase::Moved,
    });
    // Laid out again: Bevy's layout keeps a scroll within what overflows.
    settle(&mut app);
    let world = app.world_mut();
    let positions: Vec<(Entity, f32)> = world
        .query::<(Entity, &ScrollPosition)>()
        .iter(world)
        .map(|(e, s)| (e, s.y))
        .collect();
    for (entity, y) in positions {
        if entity == words {
            assert!(y > 0.0, "the words under the pointer scrolled");
        } else {
            assert_eq!(y, 0.0, "{entity:?}, not under the pointer, stayed");
        }
    }
}

//! The interface's words: every text is drawn in the chosen language, switching language
//! redraws what is on screen, the choice is kept, and no player-visible English is left in the
//! client's source outside the locale files.

use super::{app_in, hud, people, press, table2};
use bevy::prelude::*;
use starhalma::testing::{GameButton, MainButton, ViewButton};
use starhalma::testing::{HudText, PanelButton, Say, Words};
use starhalma::{Language, Match, Screen, Store, SystemLanguage};
use starhalma_locale::{Texts, message_ids};
use std::path::Path;

/// Every text on screen, in no particular order.
fn all_texts(app: &mut App) -> Vec<String> {
    app.world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The text of the panel's first button.
fn panel_first_line(app: &mut App) -> String {
    let buttons: Vec<(Entity, PanelButton)> = app
        .world_mut()
        .query::<(Entity, &PanelButton)>()
        .iter(app.world())
        .map(|(e, b)| (e, *b))
        .collect();
    let (button, _) = buttons
        .iter()
        .find(|(_, b)| matches!(b, PanelButton::Marble(_)))
        .expect("the panel lists the marbles");
    let child = app.world().get::<Children>(*button).unwrap()[0];
    app.world().get::<Text>(child).unwrap().0.clone()
}

fn language(app: &App) -> Language {
    app.world().resource::<Words>().language()
}

#[test]
fn the_language_button_redraws_the_menu_and_the_game_in_each_language() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    app.update();
    assert_eq!(language(&app), Language::English);
    let english = all_texts(&mut app);
    assert!(english.iter().any(|t| t == "Start"), "{english:?}");
    assert!(english.iter().any(|t| t == "Language: English"));

    press(&mut app, MainButton::CycleLanguage);
    assert_eq!(language(&app), Language::Japanese);
    let ja = Texts::new(Language::Japanese);
    let japanese = all_texts(&mut app);
    assert!(japanese.contains(&ja.get("menu-start")), "{japanese:?}");
    assert!(japanese.contains(&ja.get("rules-diamond")), "{japanese:?}");
    assert!(!japanese.iter().any(|t| t == "Start"));
    // The rule set's summary under its buttons is the Japanese one too.
    assert!(japanese.contains(&ja.get("summary-table")), "{japanese:?}");

    // Into the game: the HUD and the panel speak Japanese.
    press(&mut app, MainButton::Start);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let turn = hud(&mut app, HudText::Turn);
    assert_eq!(
        turn,
        ja.get_args("hud-to-move", &[("colour", ja.get("colour-red").into())])
    );
    let texts = all_texts(&mut app);
    for id in [
        "button-undo",
        "button-resign",
        "moves-heading",
        "panel-your-marbles",
    ] {
        assert!(texts.contains(&ja.get(id)), "{id} missing from {texts:?}");
    }
    // Labels are notation: the same in every language.
    let label = panel_first_line(&mut app);
    assert!(label.starts_with('R') && label.contains(" S"), "{label}");

    // Nepali, from the game: the screen is redrawn without leaving it.
    *app.world_mut().resource_mut::<Words>() = Words::new(Language::Nepali);
    app.update();
    let ne = Texts::new(Language::Nepali);
    assert_eq!(
        hud(&mut app, HudText::Turn),
        ne.get_args("hud-to-move", &[("colour", ne.get("colour-red").into())])
    );
    let texts = all_texts(&mut app);
    assert!(texts.contains(&ne.get("button-undo")), "{texts:?}");
    assert!(!texts.contains(&ja.get("button-undo")));
}

#[test]
fn the_chosen_language_is_kept_and_the_system_language_comes_first() {
    let store = std::env::temp_dir().join(format!("starhalma-words-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&store);
    // First start on a Nepali system: Nepali.
    let mut app = app_in(Store::Folder(store.clone()), None, |app| {
        app.insert_resource(SystemLanguage(Language::Nepali));
    });
    app.update();
    assert_eq!(language(&app), Language::Nepali);
    // The player switches to English (Nepali → English).
    press(&mut app, MainButton::CycleLanguage);
    assert_eq!(language(&app), Language::English);
    app.update();
    drop(app);
    // A restart keeps the player's choice over the system's language.
    let mut again = app_in(Store::Folder(store.clone()), None, |app| {
        app.insert_resource(SystemLanguage(Language::Nepali));
    });
    again.update();
    assert_eq!(language(&again), Language::English);
    assert!(all_texts(&mut again).iter().any(|t| t == "Start"));
    // A settings file naming a language the game does not speak falls back to the system's.
    let settings = store.join("settings.json");
    let text = std::fs::read_to_string(&settings).unwrap();
    assert!(text.contains("\"language\": \"en\""), "{text}");
    std::fs::write(&settings, text.replace("\"en\"", "\"xx\"")).unwrap();
    let mut third = app_in(Store::Folder(store.clone()), None, |app| {
        app.insert_resource(SystemLanguage(Language::Japanese));
    });
    third.update();
    assert_eq!(language(&third), Language::Japanese);
    let _ = std::fs::remove_dir_all(&store);
}

#[test]
fn the_game_over_sentence_speaks_the_players_language() {
    let mut app = app_in(Store::Nowhere, Some(Match::new(people(table2()))), |_| {});
    app.update();
    *app.world_mut().resource_mut::<Words>() = Words::new(Language::Japanese);
    press(&mut app, GameButton::Resign);
    for _ in 0..5 {
        app.update();
    }
    let ja = Texts::new(Language::Japanese);
    let variant = table2();
    let colour = |seat: u8| {
        ja.get(&format!(
            "colour-{}",
            variant.colour(seat).name().to_lowercase()
        ))
    };
    let expected = ja.get_args(
        "decided-resigned",
        &[("resigned", colour(0).into()), ("winner", colour(1).into())],
    );
    let texts = all_texts(&mut app);
    assert!(texts.contains(&expected), "{expected} not in {texts:?}");
    // And in English when the language changes back.
    *app.world_mut().resource_mut::<Words>() = Words::new(Language::English);
    app.update();
    let en = Texts::new(Language::English);
    let english = en.get_args(
        "decided-resigned",
        &[("resigned", "Red".into()), ("winner", "Blue".into())],
    );
    assert!(all_texts(&mut app).contains(&english), "{english}");
}

/// Every `Say` on screen formats to something other than its message id: no id is missing
/// from the English file (and so, by the locale crate's tests, from none of the three).
#[test]
fn every_phrase_on_screen_is_a_message_of_the_locale_files() {
    let ids = message_ids(Language::English);
    let mut app = app_in(Store::Nowhere, Some(Match::new(people(table2()))), |_| {});
    for _ in 0..3 {
        app.update();
    }
    press(&mut app, GameButton::HowToPlay);
    app.update();
    let says: Vec<(String, String)> = app
        .world_mut()
        .query::<(&Say, &Text)>()
        .iter(app.world())
        .map(|(s, t)| (format!("{:?}", s.0), t.0.clone()))
        .collect();
    assert!(says.len() > 20, "{}", says.len());
    for (phrase, text) in says {
        assert!(
            !ids.iter().any(|id| *id == text),
            "{phrase} shows its bare id '{text}'"
        );
    }
}

/// The string literals of `source` that are message ids: the client names messages only
/// through `starhalma_locale::id`'s constants, which the compiler checks against the files.
fn bare_ids_in_source<'a>(source: &str, ids: &[&'a str]) -> Vec<&'a str> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        if let Some(id) = ids.iter().find(|id| **id == &after[..end]) {
            found.push(*id);
        }
        rest = &after[end + 1..];
    }
    found
}

/// Every Rust file under `dir`.
fn rust_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The string literals of `source` that look like words for a player (a capitalised word, or
/// two words with a space), outside comments, logs, panics, `Phrase::Verbatim`, script code
/// for the browser and lines marked `// for developers`.
fn english_literals(source: &str) -> Vec<String> {
    // Where a literal is not for a player (on its line or the two before): logs, messages for
    // developers, attributes, text that is the same in every language, JavaScript.
    const NOT_FOR_PLAYERS: [&str; 13] = [
        "warn!(",
        "info!(",
        "debug!(",
        "error!(",
        "trace!(",
        "println!(",
        "eprintln!(",
        "panic!(",
        "unreachable!(",
        "expect(",
        "#[",
        "Phrase::Verbatim(",
        "Function::new_with_args(",
    ];
    let mut found = Vec::new();
    // The two lines before: a call's literal may stand a line or two below its name.
    let mut previous = ["", ""];
    // A file's unit tests (its `#[cfg(test)]` module, last) are never shown to a player.
    let shipped = source
        .split("\n#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or(source);
    for (number, line) in shipped.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let for_developers = line.trim_end().ends_with("// for developers");
        let mut rest = code;
        let mut line_before = previous.concat();
        previous = [previous[1], code];
        if for_developers {
            continue;
        }
        while let Some(start) = rest.find('"') {
            line_before.push_str(&rest[..start]);
            let before = line_before.as_str();
            let after = &rest[start + 1..];
            let Some(end) = after.find('"') else { break };
            let literal = &after[..end];
            rest = &after[end + 1..];
            let skipped = NOT_FOR_PLAYERS.iter().any(|m| before.contains(m));
            let words: Vec<&str> = literal
                .split(' ')
                .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()) && !w.is_empty())
                .collect();
            let capitalised = words.first().is_some_and(|w| {
                w.len() > 2
                    && w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                    && w.chars().skip(1).all(|c| c.is_ascii_lowercase())
            });
            if !skipped && (words.len() >= 2 || capitalised) {
                found.push(format!("line {}: \"{literal}\"", number + 1));
            }
        }
    }
    found
}

#[test]
fn no_player_visible_english_is_left_in_the_client_source() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let ids = message_ids(Language::English);
    // Command-line usage and errors (a terminal's, for developers and scripts), the developer
    // tools and the web page's probe (read by the browser test) are English on purpose.
    let developer_only = ["main.rs", "devtools.rs", "web.rs"];
    let mut problems = Vec::new();
    for file in rust_files(&src) {
        let source = std::fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        for id in bare_ids_in_source(&source, &ids) {
            problems.push(format!(
                "{name}: the message id \"{id}\" as a string: use starhalma_locale::id"
            ));
        }
        if developer_only.contains(&name.as_str()) {
            continue;
        }
        for literal in english_literals(&source) {
            problems.push(format!("{name} {literal}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_english_literal_check_would_catch_one() {
    let caught = english_literals("    large_button(\"Undo\", GameButton::Undo, false),\n");
    assert_eq!(caught.len(), 1, "{caught:?}");
    let caught = english_literals("    notice.0 = format!(\"could not load {e}\");\n");
    assert_eq!(caught.len(), 1, "{caught:?}");
    assert!(english_literals("    Phrase::msg(\"button-undo\") // \"Not this\"\n").is_empty());
    assert!(english_literals("    warn!(\"could not save the settings: {e}\");\n").is_empty());
    assert!(english_literals("    x(\n        Phrase::Verbatim(\n\"the same here\"\n").is_empty());
    assert!(english_literals("    let p = \"two marbles\"; // for developers\n").is_empty());
    let ids = ["button-undo", "button-pass"];
    assert_eq!(
        bare_ids_in_source("Phrase::msg(\"button-undo\").with(\"x\", 1)", &ids),
        vec!["button-undo"]
    );
    assert!(bare_ids_in_source("Phrase::msg(id::BUTTON_UNDO)", &ids).is_empty());
}

/// Every button on screen, with its accessible role and name, and the text it shows.
fn accessible_buttons(app: &mut App) -> Vec<(Option<accesskit::Role>, Option<String>, String)> {
    let buttons: Vec<(Entity, Vec<Entity>)> = app
        .world_mut()
        .query_filtered::<(Entity, &Children), With<Button>>()
        .iter(app.world())
        .map(|(e, c)| (e, c.iter().collect()))
        .collect();
    buttons
        .into_iter()
        .map(|(button, children)| {
            let shown = children
                .iter()
                .find_map(|c| app.world().get::<Text>(*c))
                .map(|t| t.0.clone())
                .unwrap_or_default();
            let node = app.world().get::<bevy::a11y::AccessibilityNode>(button);
            (
                node.map(|n| n.role()),
                node.and_then(|n| n.label().map(str::to_string)),
                shown,
            )
        })
        .collect()
}

#[test]
fn screen_readers_find_every_button_named_in_the_menu_and_the_panel() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    app.update();
    let check = |app: &mut App, at: &str| {
        let buttons = accessible_buttons(app);
        assert!(buttons.len() > 8, "{at}: {buttons:?}");
        for (role, name, shown) in buttons {
            assert_eq!(role, Some(accesskit::Role::Button), "{at}: {shown}");
            assert!(!shown.is_empty(), "{at}: a button without text");
            assert_eq!(name.as_deref(), Some(shown.as_str()), "{at}");
        }
    };
    check(&mut app, "menu");
    press(&mut app, MainButton::CycleLanguage);
    check(&mut app, "menu in Japanese");
    press(&mut app, MainButton::Start);
    app.update();
    // The game: HUD buttons, the panel's marbles, the move list.
    let panel = app
        .world_mut()
        .query::<&PanelButton>()
        .iter(app.world())
        .count();
    assert!(panel > 0);
    check(&mut app, "game");
    // The HUD's lines are labels with their text as the value.
    let turn: Vec<(Option<String>, String)> = app
        .world_mut()
        .query::<(&HudText, &Text, Option<&bevy::a11y::AccessibilityNode>)>()
        .iter(app.world())
        .filter(|(w, ..)| **w == HudText::Turn)
        .map(|(_, t, n)| (n.and_then(|n| n.value().map(str::to_string)), t.0.clone()))
        .collect();
    assert_eq!(turn.len(), 1);
    assert_eq!(turn[0].0.as_deref(), Some(turn[0].1.as_str()));
}

#[test]
fn each_seat_has_its_symbol_on_its_marbles_and_beside_its_name_until_turned_off() {
    use starhalma::testing::{Marble, SeatSymbols, SymbolMark};
    use starhalma_rules::{RuleSet, Variant};
    let six = Variant::new(RuleSet::Laws, 6).unwrap();
    let mut app = app_in(Store::Nowhere, Some(Match::new(people(six))), |app| {
        app.insert_resource(SeatSymbols { shown: true });
    });
    app.update();
    // One symbol on every marble, the same for a seat's marbles and different between seats.
    let marks: Vec<(u8, AssetId<Mesh>, Visibility)> = app
        .world_mut()
        .query::<(&Marble, &Children)>()
        .iter(app.world())
        .flat_map(|(m, children)| children.iter().map(move |c| (m.seat, c)))
        .collect::<Vec<_>>()
        .into_iter()
        .filter(|(_, c)| app.world().get::<SymbolMark>(*c).is_some())
        .map(|(seat, c)| {
            let mesh = app.world().get::<Mesh3d>(c).unwrap().0.id();
            (seat, mesh, *app.world().get::<Visibility>(c).unwrap())
        })
        .collect();
    assert_eq!(marks.len(), 60, "ten marbles of six seats, one symbol each");
    let mut by_seat = std::collections::BTreeMap::new();
    for (seat, mesh, visibility) in &marks {
        assert_eq!(*visibility, Visibility::Inherited);
        assert_eq!(*by_seat.entry(*seat).or_insert(*mesh), *mesh, "seat {seat}");
    }
    let distinct: std::collections::BTreeSet<_> = by_seat.values().collect();
    assert_eq!(distinct.len(), 6, "six seats, six symbols");
    // The same symbol beside each seat's name: the turn line and the marbles home.
    let en = Texts::new(Language::English);
    let glyph = |colour: starhalma_rules::Colour| {
        en.get(starhalma::testing::Symbol::of(colour).message_id())
    };
    let red = six.colour(0);
    assert_eq!(
        hud(&mut app, HudText::Turn),
        format!("{} Red to move", glyph(red))
    );
    let home = hud(&mut app, HudText::Home);
    for seat in six.seats() {
        let colour = six.colour(seat);
        assert!(
            home.contains(&format!("{} {}", glyph(colour), colour.name())),
            "{home}"
        );
    }
    // Turned off: gone from the marbles and from the words.
    press(&mut app, ViewButton::ToggleSymbols);
    app.update();
    assert!(!app.world().resource::<SeatSymbols>().shown);
    let hidden = app
        .world_mut()
        .query_filtered::<&Visibility, With<SymbolMark>>()
        .iter(app.world())
        .all(|v| *v == Visibility::Hidden);
    assert!(hidden);
    assert_eq!(hud(&mut app, HudText::Turn), "Red to move");
}

#[test]
fn the_menu_names_the_games_version_on_its_main_page_only() {
    let mut app = app_in(Store::Nowhere, None, |_| {});
    app.update();
    let version = format!("starhalma {}", env!("CARGO_PKG_VERSION"));
    let main_page = all_texts(&mut app);
    assert!(main_page.contains(&version), "{main_page:?}");
    press(&mut app, MainButton::OpenOnline);
    let online_page = all_texts(&mut app);
    assert!(
        online_page.iter().any(|t| t.contains("Quick match")),
        "{online_page:?}"
    );
    assert!(!online_page.contains(&version), "{online_page:?}");
}

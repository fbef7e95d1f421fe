//! The three .ftl files against each other: the same ids, no parse errors, the same variables,
//! every message formatting without errors; plus language negotiation and fallbacks.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use starhalma_locale::{Arg, Language, Texts, all_characters, message_ids, variables};
use std::collections::BTreeSet;

fn ids(language: Language) -> BTreeSet<&'static str> {
    message_ids(language).into_iter().collect()
}

#[test]
fn every_file_parses_without_errors() {
    for language in Language::ALL {
        if let Err((_, errors)) = FluentResource::try_new(language.source().to_string()) {
            panic!("{}: {errors:?}", language.code());
        }
    }
}

#[test]
fn every_id_is_in_every_language_once() {
    let english = ids(Language::English);
    assert!(english.len() > 200, "{} messages", english.len());
    for language in Language::ALL {
        let all = message_ids(language);
        let unique = ids(language);
        assert_eq!(
            all.len(),
            unique.len(),
            "{}: an id repeats",
            language.code()
        );
        let missing: Vec<_> = english.difference(&unique).collect();
        let extra: Vec<_> = unique.difference(&english).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", language.code());
        assert!(extra.is_empty(), "{} has extra {extra:?}", language.code());
    }
}

#[test]
fn the_id_constants_are_the_english_files_ids_in_order() {
    // scripts/message-ids.py writes src/id.rs from en.ftl: run it after adding a message.
    assert_eq!(
        starhalma_locale::id::ALL.to_vec(),
        message_ids(Language::English),
        "crates/locale/src/id.rs is out of step with en.ftl: run scripts/message-ids.py"
    );
    assert_eq!(starhalma_locale::id::BUTTON_UNDO, "button-undo");
}

#[test]
fn ids_are_kebab_case() {
    for id in ids(Language::English) {
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !id.starts_with('-')
                && !id.ends_with('-')
                && !id.contains("--"),
            "{id}"
        );
    }
}

#[test]
fn translations_use_only_the_english_variables() {
    for id in ids(Language::English) {
        let english = variables(Language::English, id);
        for language in [Language::Japanese, Language::Nepali] {
            let used = variables(language, id);
            let unknown: Vec<_> = used.difference(&english).collect();
            assert!(
                unknown.is_empty(),
                "{} {id}: {unknown:?} is not an argument (English has {english:?})",
                language.code()
            );
        }
    }
}

/// Every message of every language formats without a Fluent error, with its arguments as
/// numbers 0, 1, 2, 5 and 21 (plural categories) and as text.
#[test]
fn every_message_formats_with_its_arguments() {
    for language in Language::ALL {
        let resource = FluentResource::try_new(language.source().to_string()).unwrap();
        let mut bundle = FluentBundle::new_concurrent(vec![language.identifier()]);
        bundle.set_use_isolating(false);
        bundle.add_resource(resource).unwrap();
        for id in ids(Language::English) {
            let message = bundle.get_message(id).unwrap();
            let pattern = message
                .value()
                .unwrap_or_else(|| panic!("{id} has no value"));
            let names = variables(Language::English, id);
            let values: Vec<FluentValue> = [0, 1, 2, 5, 21]
                .into_iter()
                .map(FluentValue::from)
                .chain([FluentValue::from("R10 S1")])
                .collect();
            for value in values {
                let mut args = FluentArgs::new();
                for name in &names {
                    args.set(*name, value.clone());
                }
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{} {id}: {errors:?}", language.code());
                assert!(
                    !text.trim().is_empty() || id == "list-separator",
                    "{} {id}",
                    language.code()
                );
                assert!(
                    !text.contains('\u{2068}'),
                    "{} {id}: isolation marks",
                    language.code()
                );
            }
        }
    }
}

#[test]
fn move_descriptions_follow_plural_rules() {
    let en = Texts::new(Language::English);
    let jumps = |texts: &Texts, n: i64| texts.get_args("move-jumps", &[("jumps", n.into())]);
    assert_eq!(jumps(&en, 1), "1 jump");
    assert_eq!(jumps(&en, 2), "2 jumps");
    assert_eq!(jumps(&en, 11), "11 jumps");
    for language in [Language::Japanese, Language::Nepali] {
        let texts = Texts::new(language);
        assert!(jumps(&texts, 2).contains('2'), "{}", jumps(&texts, 2));
        assert!(jumps(&texts, 1).contains('1'), "{}", jumps(&texts, 1));
    }
    let how = jumps(&en, 2);
    let line = en.get_args(
        "panel-destination",
        &[
            ("label", "R12 S3".into()),
            ("how", how.into()),
            ("rows", "+4".into()),
        ],
    );
    assert_eq!(line, "R12 S3: 2 jumps, +4 rows");
    let ja = Texts::new(Language::Japanese);
    let line = ja.get_args(
        "panel-destination",
        &[
            ("label", "R12 S3".into()),
            ("how", jumps(&ja, 2).into()),
            ("rows", "+4".into()),
        ],
    );
    assert!(line.starts_with("R12 S3"), "{line}");
    assert!(line.contains("+4"), "{line}");
}

#[test]
fn english_reads_as_the_game_does_today() {
    let en = Texts::new(Language::English);
    let moved = en.get_args(
        "hud-moved",
        &[
            ("colour", en.get("colour-yellow").into()),
            ("from", "R10 S1".into()),
            ("to", "R10 S3".into()),
            (
                "how",
                en.get_args("move-jumps", &[("jumps", 1.into())]).into(),
            ),
        ],
    );
    assert_eq!(moved, "Yellow moved from R10 S1 to R10 S3 (1 jump)");
    assert_eq!(
        en.get_args("menu-players", &[("count", 3.into())]),
        "3 players"
    );
    assert_eq!(en.get("list-separator"), ", ");
    assert_eq!(
        en.get_args(
            "sentence-pair",
            &[("first", "A.".into()), ("second", "B.".into())]
        ),
        "A. B."
    );
    assert_eq!(en.get("text-board-key"), "@ chosen  + can go  . empty");
    // Paragraphs are separated by a blank line, as the rules screen splits them.
    let tips = en.get("rules-tips");
    assert_eq!(tips.split("\n\n").count(), 4, "{tips:?}");
    assert!(!tips.contains("\n\n\n"));
    assert_eq!(en.get("rules-tips-diamond").split("\n\n").count(), 6);
    // Single paragraphs have no line breaks.
    assert!(!en.get("rules-king").contains('\n'));
}

#[test]
fn translated_paragraphs_split_like_the_english() {
    for language in [Language::Japanese, Language::Nepali] {
        let texts = Texts::new(language);
        let en = Texts::new(Language::English);
        for id in ids(Language::English) {
            let paragraphs = |t: &Texts| t.get(id).split("\n\n").count();
            assert_eq!(
                paragraphs(&texts),
                paragraphs(&en),
                "{} {id}",
                language.code()
            );
        }
    }
}

#[test]
fn translations_differ_from_english() {
    // Only names and notation may stay the same.
    let same_allowed = [
        "app-title",
        "list-separator",
        "sentence-pair",
        "ranking-place",
        "hud-home-count",
        "text-board-colour",
        "moves-entry",
        "online-bad-link",
        "hud-computer",
        "menu-seat",
        "seat-tag",
        "seat-named",
        "seat-named-rated",
        "rated-name",
        "name-suggestion",
    ];
    for language in [Language::Japanese, Language::Nepali] {
        let texts = Texts::new(language);
        let en = Texts::new(Language::English);
        for id in ids(Language::English) {
            // The seats' symbols are shapes, the same for everyone.
            if same_allowed.contains(&id) || id.starts_with("symbol-") {
                continue;
            }
            assert_ne!(
                texts.get(id),
                en.get(id),
                "{} {id} is not translated",
                language.code()
            );
        }
    }
}

#[test]
fn languages_are_negotiated_from_tags() {
    assert_eq!(Language::negotiate(&["ja-JP"]), Language::Japanese);
    assert_eq!(Language::negotiate(&["ne"]), Language::Nepali);
    assert_eq!(Language::negotiate(&["ne-NP"]), Language::Nepali);
    assert_eq!(Language::negotiate(&["en-US"]), Language::English);
    assert_eq!(Language::negotiate(&["fr"]), Language::English);
    assert_eq!(Language::negotiate(&["fr-FR", "ja"]), Language::Japanese);
    assert_eq!(Language::negotiate(&["ja_JP.UTF-8"]), Language::Japanese);
    assert_eq!(
        Language::negotiate(&["", "not a tag!", "NE"]),
        Language::Nepali
    );
    assert_eq!(Language::negotiate(&[]), Language::English);
    for language in Language::ALL {
        assert_eq!(Language::from_tag(language.code()), Some(language));
    }
}

#[test]
fn languages_are_kept_as_their_code() {
    for language in Language::ALL {
        let json = serde_json::to_string(&language).unwrap();
        assert_eq!(json, format!("\"{}\"", language.code()));
        assert_eq!(serde_json::from_str::<Language>(&json).unwrap(), language);
    }
    assert_eq!(
        serde_json::from_str::<Language>("\"ja-JP\"").unwrap(),
        Language::Japanese
    );
    assert!(serde_json::from_str::<Language>("\"fr\"").is_err());
    assert_eq!(Language::Japanese.native_name(), "日本語");
    assert_eq!(Language::Nepali.native_name(), "नेपाली");
}

#[test]
fn missing_ids_fall_back_and_never_panic() {
    for language in Language::ALL {
        let texts = Texts::new(language);
        assert_eq!(texts.get("no-such-message"), "no-such-message");
        assert_eq!(
            texts.get_args("no-such-message", &[("x", 1.into())]),
            "no-such-message"
        );
        // A missing argument shows its name instead of failing.
        let line = texts.get("hud-to-move");
        assert!(line.contains("colour"), "{line}");
        // An argument nobody asked for is ignored.
        assert!(
            !texts
                .get_args("button-undo", &[("extra", "x".into())])
                .is_empty()
        );
    }
}

/// A message a translation lacks comes in English: built here with a bundle that has only one
/// message, through the same public type.
#[test]
fn a_message_missing_from_a_translation_comes_in_english() {
    let ja = Texts::new(Language::Japanese);
    assert!(ja.has("button-undo"));
    assert!(!ja.has("no-such-message"));
    // Every English id resolves in Japanese to something other than the id.
    for id in ids(Language::English) {
        assert_ne!(ja.get(id), id);
    }
}

#[test]
fn texts_can_live_in_a_bevy_resource() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Texts>();
    let arg: Arg = 3u8.into();
    assert_eq!(arg, Arg::Number(3.0));
}

#[test]
fn the_characters_cover_all_three_scripts() {
    let chars = all_characters();
    for c in [
        'R', 'S', '0', '9', ':', '◎', 'ダ', 'イ', 'キ', 'ग', 'ु', '्', 'च', 'ा', 'त', 'र',
    ] {
        assert!(chars.contains(&c), "{c:?} missing");
    }
    assert!(!chars.contains(&'\n'));
    assert!(!chars.contains(&'$'), "variable names are not text");
    // The Japanese and Nepali text is in the set.
    for language in Language::ALL {
        let texts = Texts::new(language);
        for c in texts.get("rules-king").chars() {
            assert!(chars.contains(&c), "{c:?} of {}", language.code());
        }
    }
}

/// The subset fonts made by scripts/fonts.sh draw every character of their language (run the
/// script again when this fails after a new string).
#[test]
fn the_subset_fonts_cover_their_languages() {
    let fonts = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/fonts/");
    let font_of = |language| match language {
        Language::English => "NotoSans-subset.ttf",
        Language::Japanese => "NotoSansJP-subset.otf",
        Language::Nepali => "NotoSansDevanagari-subset.ttf",
    };
    for language in Language::ALL {
        let data = std::fs::read(format!("{fonts}{}", font_of(language))).unwrap();
        let face = ttf_parser::Face::parse(&data, 0).unwrap();
        let texts = Texts::new(language);
        let mut lacking = BTreeSet::new();
        for id in ids(Language::English) {
            for c in texts.get(id).chars() {
                // Joiners have no glyph of their own: they steer shaping.
                if !c.is_whitespace()
                    && !matches!(c, '\u{200C}' | '\u{200D}')
                    && face.glyph_index(c).is_none()
                {
                    lacking.insert(c);
                }
            }
        }
        // Notation and the ASCII the game passes in (labels, links, paths).
        for c in '!'..='~' {
            if face.glyph_index(c).is_none() {
                lacking.insert(c);
            }
        }
        // Players' names online: the letters of the language's script (its own font draws
        // them in any language's lines, by fallback).
        let name_letters: Vec<char> = match language {
            Language::English => ('\u{00C0}'..='\u{017F}')
                .filter(|c| c.is_alphabetic())
                .collect(),
            Language::Japanese => ('\u{3041}'..='\u{3096}')
                .chain('\u{30A1}'..='\u{30FA}')
                .collect(),
            Language::Nepali => ('\u{0905}'..='\u{0939}').collect(),
        };
        for c in name_letters {
            if face.glyph_index(c).is_none() {
                lacking.insert(c);
            }
        }
        assert!(
            lacking.is_empty(),
            "{} lacks {lacking:?}: run scripts/fonts.sh",
            font_of(language)
        );
        if language == Language::Nepali {
            let tables = face.tables();
            assert!(
                tables.gsub.is_some() && tables.gpos.is_some(),
                "Devanagari needs GSUB and GPOS"
            );
        }
    }
}

#[test]
fn lists_and_sentences_join_as_each_language_writes() {
    let en = Texts::new(Language::English);
    let ja = Texts::new(Language::Japanese);
    assert_eq!(en.join_list(["1. Red", "2. Blue"]), "1. Red, 2. Blue");
    assert_eq!(ja.join_list(["1位 赤", "2位 青"]), "1位 赤、2位 青");
    assert_eq!(en.join_list(Vec::<String>::new()), "");
    assert_eq!(en.sentence_pair("A.", "B."), "A. B.");
    assert_eq!(ja.sentence_pair("あ。", "い。"), "あ。い。");
}

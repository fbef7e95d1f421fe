//! The English file says exactly what the game says today: the rules crate's colour names and
//! refusal reasons, and every text of starhalma-guide (menu summaries, rules sections, diagram
//! captions, refusals in words, the guided game's script) is an English message, so putting the
//! client's words through the locale changes nothing for English players. The pairs below are
//! also the map from those texts to their message ids.

use starhalma_guide::{NOWHERE_TO_GO, SCRIPT, Topic, explain, sections, summary};
use starhalma_locale::{Language, Texts, message_ids};
use starhalma_rules::{Blocked, Colour, IllegalMove, RuleSet};

fn en() -> Texts {
    Texts::new(Language::English)
}

/// Every English message without arguments, formatted.
fn english_values() -> Vec<String> {
    let en = en();
    message_ids(Language::English)
        .into_iter()
        .map(|id| en.get(id))
        .collect()
}

fn rules_suffix(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Laws => "laws",
        RuleSet::Table { long_hops: false } => "table",
        RuleSet::Table { long_hops: true } => "table-long-hops",
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => "masters-swap",
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => "masters-fill",
        RuleSet::Diamond => "diamond",
    }
}

#[test]
fn colour_names_are_the_rules_crates() {
    let en = en();
    for colour in Colour::BY_CAMP {
        let id = format!("colour-{}", colour.name().to_lowercase());
        assert_eq!(en.get(&id), colour.name());
    }
}

#[test]
fn menu_summaries_are_the_guides() {
    let en = en();
    for rules in RuleSet::ALL {
        let id = format!("summary-{}", rules_suffix(rules));
        assert_eq!(en.get(&id), summary(rules), "{id}");
    }
}

/// The message ids of a section's title and text.
fn section_ids(rules: RuleSet, topic: Topic) -> (&'static str, &'static str) {
    let diamond = rules == RuleSet::Diamond;
    match topic {
        Topic::Goal if diamond => ("rules-aim-title", "rules-aim-diamond"),
        Topic::Goal => ("rules-aim-title", "rules-aim"),
        Topic::Step => ("rules-step-title", "rules-step"),
        Topic::Hop if diamond => ("rules-hop-title", "rules-hop-diamond"),
        Topic::Hop => ("rules-hop-title", "rules-hop"),
        Topic::Chain => ("rules-chain-title", "rules-chain"),
        Topic::LongHops => ("rules-long-hops-title", "rules-long-hops"),
        Topic::King => ("rules-king-title", "rules-king"),
        Topic::WhereMovesEnd => match rules {
            RuleSet::Laws => ("rules-where-title", "rules-where-laws"),
            RuleSet::Table { .. } => ("rules-where-title", "rules-where-table"),
            RuleSet::Masters { .. } => ("rules-where-title", "rules-where-masters"),
            RuleSet::Diamond => ("rules-closed-title", "rules-closed"),
        },
        Topic::TargetLock => match rules {
            RuleSet::Table { .. } => ("rules-target-lock-title", "rules-target-lock-table"),
            _ => ("rules-target-lock-title", "rules-target-lock-masters"),
        },
        Topic::AntiSpoil => ("rules-anti-spoil-title", "rules-anti-spoil"),
        Topic::Swap => ("rules-swap-title", "rules-swap"),
        Topic::Fill => ("rules-fill-title", "rules-fill"),
        Topic::Winning => match rules {
            RuleSet::Laws
            | RuleSet::Masters {
                blocked: Blocked::Swap,
            } => ("rules-winning-title", "rules-winning-own"),
            RuleSet::Table { .. } => ("rules-winning-title", "rules-winning-table"),
            RuleSet::Masters {
                blocked: Blocked::Fill,
            } => ("rules-winning-title", "rules-winning-fill"),
            RuleSet::Diamond => ("rules-winning-title", "rules-winning-diamond"),
        },
        Topic::DrawsAndLimits => match rules {
            RuleSet::Laws | RuleSet::Masters { .. } => {
                ("rules-draws-title", "rules-draws-no-limit")
            }
            RuleSet::Table { .. } => ("rules-draws-title", "rules-draws-table"),
            RuleSet::Diamond => ("rules-draws-title", "rules-draws-diamond"),
        },
        Topic::Passing => ("rules-passing-title", "rules-passing"),
        Topic::Resigning if diamond => ("rules-resigning-title", "rules-resigning-diamond"),
        Topic::Resigning => ("rules-resigning-title", "rules-resigning"),
        Topic::Labels => ("rules-labels-title", "rules-labels"),
        Topic::Tips if diamond => ("rules-tips-title", "rules-tips-diamond"),
        Topic::Tips => ("rules-tips-title", "rules-tips"),
    }
}

#[test]
fn rules_sections_and_captions_are_the_guides() {
    let en = en();
    let values = english_values();
    for rules in RuleSet::ALL {
        for section in sections(rules) {
            let (title, text) = section_ids(rules, section.topic);
            assert_eq!(en.get(title), section.title, "{rules} {title}");
            assert_eq!(en.get(text), section.text, "{rules} {text}");
            if let Some(diagram) = &section.diagram {
                assert!(
                    values.iter().any(|v| v == diagram.caption),
                    "{rules}: no message reads {:?}",
                    diagram.caption
                );
            }
        }
    }
}

fn every_refusal() -> Vec<(IllegalMove, &'static str)> {
    let h = || "4,-3".to_string();
    vec![
        (IllegalMove::GameOver, "game-over"),
        (IllegalMove::EmptyOrigin(h()), "empty-origin"),
        (IllegalMove::NotYourPiece { hole: h() }, "not-your-piece"),
        (IllegalMove::DestinationOccupied(h()), "occupied"),
        (
            IllegalMove::NotAdjacent {
                from: h(),
                to: "0,0".into(),
            },
            "not-adjacent",
        ),
        (
            IllegalMove::NotReachable {
                from: h(),
                to: "0,0".into(),
            },
            "not-reachable",
        ),
        (IllegalMove::NoMovement, "no-movement"),
        (IllegalMove::MustStayInTarget, "must-stay-in-target"),
        (IllegalMove::CannotStopThere(h()), "cannot-stop-there"),
        (IllegalMove::MakesAnotherWin, "makes-another-win"),
        (IllegalMove::CannotPass, "cannot-pass"),
        (IllegalMove::BadSwap, "bad-swap"),
        (IllegalMove::SwapNotPlayed, "swap-not-played"),
    ]
}

#[test]
fn refusals_are_the_engines_and_the_guides() {
    let en = en();
    for (refusal, name) in every_refusal() {
        // The engine's reason, after "Not allowed: ".
        let args = [
            ("hole", "4,-3".into()),
            ("from", "4,-3".into()),
            ("to", "0,0".into()),
        ];
        assert_eq!(
            en.get_args(&format!("illegal-{name}"), &args),
            refusal.to_string()
        );
        // The guide's words for a refused press.
        for rules in RuleSet::ALL {
            let id = match (&refusal, rules) {
                (IllegalMove::CannotStopThere(_), RuleSet::Diamond) => {
                    "refusal-cannot-stop-there-diamond".to_string()
                }
                _ => format!("refusal-{name}"),
            };
            assert_eq!(en.get(&id), explain(&refusal, rules), "{rules} {id}");
        }
    }
    assert_eq!(en.get("refusal-nowhere-to-go"), NOWHERE_TO_GO);
}

#[test]
fn the_guided_script_is_the_guides() {
    let en = en();
    let ids = [
        ("guided-select-any", "", "guided-select-any-done"),
        ("guided-select-movable", "", "guided-select-movable-done"),
        ("guided-preview", "", "guided-preview-done"),
        ("guided-step", "guided-step-meanwhile", "guided-step-done"),
        ("guided-hop", "guided-hop-meanwhile", "guided-hop-done"),
        (
            "guided-chain",
            "guided-chain-meanwhile",
            "guided-chain-done",
        ),
        ("guided-free", "", ""),
    ];
    assert_eq!(SCRIPT.len(), ids.len());
    for (step, (instruction, meanwhile, done)) in SCRIPT.iter().zip(ids) {
        assert_eq!(en.get(instruction), step.instruction);
        for (id, text) in [(meanwhile, step.meanwhile), (done, step.done)] {
            if id.is_empty() {
                assert!(text.is_empty(), "{instruction}: {text:?} has no message");
            } else {
                assert_eq!(en.get(id), text);
            }
        }
    }
}

/// The game-over sentence of a resignation, built from its pieces as the client will.
#[test]
fn a_resignation_reads_as_the_guide_says() {
    use starhalma_rules::{Game, Variant};
    let en = en();
    for (rules, players) in [
        (RuleSet::Table { long_hops: false }, 2),
        (RuleSet::Table { long_hops: false }, 3),
        (RuleSet::Diamond, 3),
    ] {
        let variant = Variant::new(rules, players).unwrap();
        let mut game = Game::new(variant);
        game.resign(0).unwrap();
        let expected = starhalma_guide::decided_by(&game).unwrap();
        let winner = match game.status() {
            starhalma_rules::Status::Won { winner, .. } => winner,
            other => panic!("{other:?}"),
        };
        let name = |seat: u8| variant.colour(seat).name();
        let sentence = en.get_args(
            "decided-resigned",
            &[
                ("resigned", name(0).into()),
                ("winner", name(winner).into()),
            ],
        );
        let text = match (players, rules) {
            (2, _) => sentence,
            (_, RuleSet::Diamond) => en.get_args(
                "sentence-pair",
                &[
                    ("first", sentence.into()),
                    ("second", en.get("decided-resigned-nearest").into()),
                ],
            ),
            _ => en.get_args(
                "sentence-pair",
                &[
                    ("first", sentence.into()),
                    ("second", en.get("decided-resigned-best-placed").into()),
                ],
            ),
        };
        assert_eq!(text, expected);
    }
}

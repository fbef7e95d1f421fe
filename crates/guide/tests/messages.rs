//! Every text the guide hands the client is a message of the locale files, with words in every
//! language: the menu summaries, every section's title and text, every diagram's caption, the
//! friendly words for every refusal, and the guided game's script.

use starhalma_guide::{NOWHERE_TO_GO, SCRIPT, explain, sections, summary};
use starhalma_locale::{Language, Texts, message_ids};
use starhalma_rules::{IllegalMove, RuleSet};

fn every_text() -> Vec<(String, &'static str)> {
    let mut texts = vec![("nowhere to go".to_string(), NOWHERE_TO_GO)];
    let h = || "4,-3".to_string();
    let refusals = [
        IllegalMove::GameOver,
        IllegalMove::EmptyOrigin(h()),
        IllegalMove::NotYourPiece { hole: h() },
        IllegalMove::DestinationOccupied(h()),
        IllegalMove::NotAdjacent {
            from: h(),
            to: "0,0".into(),
        },
        IllegalMove::NotReachable {
            from: h(),
            to: "0,0".into(),
        },
        IllegalMove::NoMovement,
        IllegalMove::MustStayInTarget,
        IllegalMove::CannotStopThere(h()),
        IllegalMove::MakesAnotherWin,
        IllegalMove::CannotPass,
        IllegalMove::BadSwap,
        IllegalMove::SwapNotPlayed,
    ];
    for rules in RuleSet::ALL {
        texts.push((format!("{rules} summary"), summary(rules)));
        for section in sections(rules) {
            let topic = section.topic;
            texts.push((format!("{rules} {topic:?} title"), section.title));
            texts.push((format!("{rules} {topic:?} text"), section.text));
            if let Some(diagram) = &section.diagram {
                texts.push((format!("{rules} {topic:?} caption"), diagram.caption));
            }
        }
        for refusal in &refusals {
            texts.push((format!("{rules} {refusal:?}"), explain(refusal, rules)));
        }
    }
    for (i, step) in SCRIPT.iter().enumerate() {
        texts.push((format!("step {i}"), step.instruction));
        for text in [step.meanwhile, step.done] {
            if !text.is_empty() {
                texts.push((format!("step {i}"), text));
            }
        }
    }
    texts
}

#[test]
fn every_guide_text_is_a_message_in_every_language() {
    let ids = message_ids(Language::English);
    let texts = every_text();
    assert!(texts.len() > 150, "{}", texts.len());
    for language in Language::ALL {
        let words = Texts::new(language);
        for (what, id) in &texts {
            assert!(ids.contains(id), "{what}: {id:?} is not a message id");
            assert!(words.has(id), "{what}: {id} has no {language:?} words");
            assert_ne!(words.get(id), *id, "{what}: {id}");
        }
    }
}

#[test]
fn a_section_title_is_never_its_text() {
    for rules in RuleSet::ALL {
        for section in sections(rules) {
            assert_ne!(section.title, section.text, "{rules} {:?}", section.topic);
        }
    }
}

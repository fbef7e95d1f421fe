//! The one-paragraph summary shown under each rule set's button on the menu.

use starhalma_locale::id;
use starhalma_rules::{Blocked, RuleSet};

/// The message id of one paragraph for the menu: where a move may end, whether a marble in its target stays, how
/// the game is won and when it is drawn, and what is special about the rule set.
pub fn summary(rules: RuleSet) -> &'static str {
    match rules {
        // Seed 000, "the laws".
        RuleSet::Laws => id::SUMMARY_LAWS,
        // Seed 001, the online table.
        RuleSet::Table { long_hops: false } => id::SUMMARY_TABLE,
        RuleSet::Table { long_hops: true } => id::SUMMARY_TABLE_LONG_HOPS,
        // Seed 004, the shop's traditional rules.
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => id::SUMMARY_MASTERS_SWAP,
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => id::SUMMARY_MASTERS_FILL,
        // Seed 003, the Japanese Diamond Game.
        RuleSet::Diamond => id::SUMMARY_DIAMOND,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english;

    #[test]
    fn every_rule_set_has_a_menu_sized_summary_of_its_own() {
        let mut seen = Vec::new();
        for rules in RuleSet::ALL {
            let text = english(summary(rules));
            let chars = text.chars().count();
            assert!(
                (250..=460).contains(&chars),
                "{rules}: {chars} characters is not menu-sized"
            );
            assert!(!text.contains("  "), "{rules}: doubled space in {text:?}");
            assert!(!seen.contains(&text), "{rules} repeats another summary");
            seen.push(text);
        }
    }

    /// What is special about each rule set is named in its summary (the menu's promise).
    #[test]
    fn summaries_name_what_is_special() {
        let names = |rules: RuleSet, words: &[&str]| {
            let text = english(summary(rules)).to_lowercase();
            for word in words {
                assert!(text.contains(word), "{rules} does not mention {word:?}");
            }
        };
        names(RuleSet::Laws, &["draw", "any hole", "ten"]);
        names(
            RuleSet::Table { long_hops: false },
            &["30 turns", "200 turns", "stays"],
        );
        names(
            RuleSet::Table { long_hops: true },
            &["long hops", "30 turns"],
        );
        names(
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            &["swap", "draw"],
        );
        names(
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            &["full", "no swaps"],
        );
        names(RuleSet::Diamond, &["king", "400 moves", "fifteen"]);
    }
}

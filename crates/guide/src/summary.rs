//! The one-paragraph summary shown under each rule set's button on the menu.

use starhalma_rules::{Blocked, RuleSet};

/// One paragraph for the menu: where a move may end, whether a marble in its target stays, how
/// the game is won and when it is drawn, and what is special about the rule set.
pub fn summary(rules: RuleSet) -> &'static str {
    match rules {
        // Seed 000, "the laws".
        RuleSet::Laws => {
            "The plain game. Step to a neighbouring hole or hop over marbles, as many hops in a \
             row as you like, and stop on any hole of the star. Marbles may leave the target \
             again. Win by filling the opposite point with all ten of your own marbles. If \
             nobody can move, the game is a draw. There is no move limit."
        }
        // Seed 001, the online table.
        RuleSet::Table { long_hops: false } => {
            "A move may end only in the middle, in your own point or in your target; hops may \
             cross other points without stopping. A marble in its target stays there. Fill your \
             target to win; after 30 turns each, marbles the opponent left at home count for \
             you. The first to finish wins and the others are placed. After 200 turns each, the \
             game stops and is placed."
        }
        RuleSet::Table { long_hops: true } => {
            "Table rules with long hops: a hop may go over a marble further along a line and \
             land as far beyond it, all other holes on the way empty, so marbles cross the \
             board fast. Moves end only in the middle, your own point or your target, and a \
             marble home stays home. After 30 turns each, marbles left at home count for the \
             player opposite. Stops after 200 turns each."
        }
        // Seed 004, the shop's traditional rules.
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => {
            "Stop on any hole of the star, other points included. A marble in its target moves \
             only inside it. Win with all ten of your own marbles in your target. If an opponent's \
             marble sits in your target where yours could go, you may swap the two instead of \
             moving. If nobody can move, it is a draw."
        }
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => {
            "Stop on any hole of the star, other points included. A marble in its target moves \
             only inside it. There are no swaps: your target counts as done once every hole in \
             it is full, whoever's marbles fill it, as long as one of them is yours. So any move \
             can finish the game, even for another player. If nobody can move, it is a draw."
        }
        // Seed 003, the Japanese Diamond Game.
        RuleSet::Diamond => {
            "Two or three players, fifteen marbles each, one of them a king. Nobody may enter \
             another colour's triangle, except the five holes on the edge of the middle. The \
             king hops a whole row of marbles at once. Marbles may leave the target. Win with \
             the target full and your king on its tip. A draw after 400 moves each, or if \
             nobody can move."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_has_a_menu_sized_summary_of_its_own() {
        let mut seen = Vec::new();
        for rules in RuleSet::ALL {
            let text = summary(rules);
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
            let text = summary(rules).to_lowercase();
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

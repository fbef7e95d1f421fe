//! The "How to play" screen: each rule set's rules as short sections, in reading order.

use crate::diagram::{self, Diagram};
use starhalma_locale::id;
use starhalma_rules::{Blocked, RuleSet};

/// What a section is about: a stable name for linking to it (the game-over panel opens the
/// section of the rule that decided the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    Goal,
    Step,
    Hop,
    Chain,
    WhereMovesEnd,
    TargetLock,
    LongHops,
    King,
    Swap,
    Fill,
    AntiSpoil,
    Winning,
    DrawsAndLimits,
    Passing,
    Resigning,
    Labels,
    Tips,
}

/// One section of the rules screen.
#[derive(Clone, Debug)]
pub struct Section {
    pub topic: Topic,
    /// The title's message id.
    pub title: &'static str,
    /// The text's message id; in every language its paragraphs are separated by a blank line.
    pub text: &'static str,
    pub diagram: Option<Diagram>,
}

fn section(topic: Topic, title: &'static str, text: &'static str) -> Section {
    Section {
        topic,
        title,
        text,
        diagram: None,
    }
}

impl Section {
    fn with(mut self, diagram: Diagram) -> Section {
        self.diagram = Some(diagram);
        self
    }
}

/// The rules screen of `rules`, in reading order.
pub fn sections(rules: RuleSet) -> Vec<Section> {
    let diamond = rules == RuleSet::Diamond;
    let mut out = vec![goal(rules)];
    out.push(section(Topic::Step, id::RULES_STEP_TITLE, id::RULES_STEP).with(diagram::step(rules)));
    out.push(
        section(
            Topic::Hop,
            id::RULES_HOP_TITLE,
            if diamond {
                id::RULES_HOP_DIAMOND
            } else {
                id::RULES_HOP
            },
        )
        .with(diagram::hop(rules)),
    );
    out.push(
        section(Topic::Chain, id::RULES_CHAIN_TITLE, id::RULES_CHAIN).with(diagram::chain(rules)),
    );
    if rules == (RuleSet::Table { long_hops: true }) {
        out.push(
            section(
                Topic::LongHops,
                id::RULES_LONG_HOPS_TITLE,
                id::RULES_LONG_HOPS,
            )
            .with(diagram::long_hop()),
        );
    }
    if diamond {
        out.push(
            section(Topic::King, id::RULES_KING_TITLE, id::RULES_KING).with(diagram::king_jump()),
        );
    }
    out.extend(where_moves_end(rules));
    out.extend(blocked_target(rules));
    out.push(winning(rules));
    out.push(draws(rules));
    out.push(section(
        Topic::Passing,
        id::RULES_PASSING_TITLE,
        id::RULES_PASSING,
    ));
    out.push(resigning(rules));
    out.push(
        section(Topic::Labels, id::RULES_LABELS_TITLE, id::RULES_LABELS)
            .with(diagram::labels(rules)),
    );
    out.push(tips(rules));
    out
}

fn goal(rules: RuleSet) -> Section {
    section(
        Topic::Goal,
        id::RULES_AIM_TITLE,
        match rules {
            RuleSet::Diamond => id::RULES_AIM_DIAMOND,
            _ => id::RULES_AIM,
        },
    )
}

fn where_moves_end(rules: RuleSet) -> Vec<Section> {
    match rules {
        RuleSet::Laws => vec![section(
            Topic::WhereMovesEnd,
            id::RULES_WHERE_TITLE,
            id::RULES_WHERE_LAWS,
        )],
        RuleSet::Table { long_hops } => vec![
            section(
                Topic::WhereMovesEnd,
                id::RULES_WHERE_TITLE,
                id::RULES_WHERE_TABLE,
            )
            .with(diagram::through_point(long_hops)),
            section(
                Topic::TargetLock,
                id::RULES_TARGET_LOCK_TITLE,
                id::RULES_TARGET_LOCK_TABLE,
            )
            .with(diagram::target_lock(rules)),
        ],
        RuleSet::Masters { .. } => vec![
            section(
                Topic::WhereMovesEnd,
                id::RULES_WHERE_TITLE,
                id::RULES_WHERE_MASTERS,
            ),
            section(
                Topic::TargetLock,
                id::RULES_TARGET_LOCK_TITLE,
                id::RULES_TARGET_LOCK_MASTERS,
            )
            .with(diagram::target_lock(rules)),
        ],
        RuleSet::Diamond => {
            vec![
                section(
                    Topic::WhereMovesEnd,
                    id::RULES_CLOSED_TITLE,
                    id::RULES_CLOSED,
                )
                .with(diagram::closed_triangle()),
            ]
        }
    }
}

fn blocked_target(rules: RuleSet) -> Vec<Section> {
    match rules {
        RuleSet::Table { long_hops } => vec![
            section(
                Topic::AntiSpoil,
                id::RULES_ANTI_SPOIL_TITLE,
                id::RULES_ANTI_SPOIL,
            )
            .with(diagram::anti_spoil(long_hops)),
        ],
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => vec![section(Topic::Swap, id::RULES_SWAP_TITLE, id::RULES_SWAP).with(diagram::swap())],
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => vec![
            section(Topic::Fill, id::RULES_FILL_TITLE, id::RULES_FILL).with(diagram::fill_win()),
        ],
        RuleSet::Laws | RuleSet::Diamond => Vec::new(),
    }
}

fn winning(rules: RuleSet) -> Section {
    let text = match rules {
        RuleSet::Laws => id::RULES_WINNING_OWN,
        RuleSet::Table { .. } => id::RULES_WINNING_TABLE,
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => id::RULES_WINNING_OWN,
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => id::RULES_WINNING_FILL,
        RuleSet::Diamond => id::RULES_WINNING_DIAMOND,
    };
    section(Topic::Winning, id::RULES_WINNING_TITLE, text).with(if rules == RuleSet::Diamond {
        diagram::king_home()
    } else {
        diagram::win(rules)
    })
}

fn draws(rules: RuleSet) -> Section {
    section(
        Topic::DrawsAndLimits,
        id::RULES_DRAWS_TITLE,
        match rules {
            RuleSet::Laws | RuleSet::Masters { .. } => id::RULES_DRAWS_NO_PROGRESS,
            RuleSet::Table { .. } => id::RULES_DRAWS_TABLE,
            RuleSet::Diamond => id::RULES_DRAWS_DIAMOND,
        },
    )
}

fn resigning(rules: RuleSet) -> Section {
    section(
        Topic::Resigning,
        id::RULES_RESIGNING_TITLE,
        if rules == RuleSet::Diamond {
            id::RULES_RESIGNING_DIAMOND
        } else {
            id::RULES_RESIGNING
        },
    )
}

fn tips(rules: RuleSet) -> Section {
    section(
        Topic::Tips,
        id::RULES_TIPS_TITLE,
        match rules {
            RuleSet::Diamond => id::RULES_TIPS_DIAMOND,
            _ => id::RULES_TIPS,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english;
    use starhalma_rules::rules::{
        DIAMOND_MOVE_CAP, NO_PROGRESS_TURNS, TABLE_ANTI_SPOIL_TURNS, TABLE_TURN_CAP,
    };

    fn topics(rules: RuleSet) -> Vec<Topic> {
        sections(rules).iter().map(|s| s.topic).collect()
    }

    fn text_of(rules: RuleSet, topic: Topic) -> String {
        english(
            sections(rules)
                .into_iter()
                .find(|s| s.topic == topic)
                .unwrap_or_else(|| panic!("{rules} has no {topic:?} section"))
                .text,
        )
    }

    #[test]
    fn every_screen_covers_the_basics_once_each() {
        use Topic::*;
        for rules in RuleSet::ALL {
            let topics = topics(rules);
            for needed in [
                Goal,
                Step,
                Hop,
                Chain,
                WhereMovesEnd,
                Winning,
                DrawsAndLimits,
                Passing,
                Resigning,
                Labels,
                Tips,
            ] {
                assert!(topics.contains(&needed), "{rules} lacks {needed:?}");
            }
            for (i, topic) in topics.iter().enumerate() {
                assert!(!topics[..i].contains(topic), "{rules}: {topic:?} twice");
            }
            for s in sections(rules) {
                assert!(!s.title.is_empty());
                assert!(english(s.text).ends_with('.'), "{rules} {:?}", s.topic);
                assert!(!english(s.text).contains("  "), "{rules} {:?}", s.topic);
            }
        }
    }

    #[test]
    fn each_screen_has_the_special_rules_of_its_rule_set_and_no_others() {
        use Topic::*;
        let special = [LongHops, King, TargetLock, Swap, Fill, AntiSpoil];
        let expect = |rules: RuleSet, has: &[Topic]| {
            let topics = topics(rules);
            for topic in special {
                assert_eq!(
                    topics.contains(&topic),
                    has.contains(&topic),
                    "{rules}: {topic:?}"
                );
            }
        };
        expect(RuleSet::Laws, &[]);
        expect(
            RuleSet::Table { long_hops: false },
            &[TargetLock, AntiSpoil],
        );
        expect(
            RuleSet::Table { long_hops: true },
            &[TargetLock, AntiSpoil, LongHops],
        );
        expect(
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            &[TargetLock, Swap],
        );
        expect(
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            &[TargetLock, Fill],
        );
        expect(RuleSet::Diamond, &[King]);
    }

    /// The numbers the texts give are the engine's.
    #[test]
    fn limits_in_the_texts_are_the_engines() {
        for long_hops in [false, true] {
            let table = RuleSet::Table { long_hops };
            let spoil = TABLE_ANTI_SPOIL_TURNS.to_string();
            assert!(text_of(table, Topic::AntiSpoil).contains(&format!("{spoil} turns")));
            let cap = format!("{TABLE_TURN_CAP} turns each");
            assert!(text_of(table, Topic::DrawsAndLimits).contains(&cap));
        }
        let cap = format!("{DIAMOND_MOVE_CAP} moves each");
        assert!(text_of(RuleSet::Diamond, Topic::DrawsAndLimits).contains(&cap));
        let quiet = format!("{NO_PROGRESS_TURNS} turns each");
        for blocked in [Blocked::Swap, Blocked::Fill] {
            let masters = RuleSet::Masters { blocked };
            assert!(text_of(masters, Topic::DrawsAndLimits).contains(&quiet));
        }
        assert!(text_of(RuleSet::Laws, Topic::DrawsAndLimits).contains(&quiet));
    }

    #[test]
    fn the_tips_give_the_four_lessons() {
        for rules in RuleSet::ALL {
            let tips = text_of(rules, Topic::Tips).to_lowercase();
            for lesson in ["ladder", "behind", "far end", "block"] {
                assert!(tips.contains(lesson), "{rules}: tips lack {lesson:?}");
            }
        }
    }
}

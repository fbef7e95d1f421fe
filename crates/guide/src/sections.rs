//! The "How to play" screen: each rule set's rules as short sections, in reading order.

use crate::diagram::{self, Diagram};
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
    pub title: &'static str,
    /// Plain text; paragraphs are separated by a blank line ("\n\n").
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
    out.push(
        section(
            Topic::Step,
            "A step",
            "On your turn you move one of your marbles. The simplest move is a step: one hole \
             along a line to a neighbouring hole that is empty. Marbles move in any of the six \
             directions, backwards and sideways too.",
        )
        .with(diagram::step(rules)),
    );
    out.push(
        section(
            Topic::Hop,
            "A hop",
            if diamond {
                "Instead of stepping, a marble may hop over a marble right next to it, of any \
                 colour, into the empty hole just beyond. Nothing is captured. A plain marble \
                 hops one marble at a time and never hops a king."
            } else {
                "Instead of stepping, a marble may hop over a marble right next to it, of any \
                 colour, your own included, into the empty hole just beyond. Nothing is \
                 captured: the marble hopped over stays where it is."
            },
        )
        .with(diagram::hop(rules)),
    );
    out.push(
        section(
            Topic::Chain,
            "A chain of hops",
            "After a hop the same marble may hop again from where it landed, in any direction, \
             as often as it finds a marble to hop, and you may stop after any hop. A move is \
             either one step or hops only: never a step and a hop together. To play a chain, \
             just choose where it ends; the game takes the way with the fewest hops.",
        )
        .with(diagram::chain(rules)),
    );
    if rules == (RuleSet::Table { long_hops: true }) {
        out.push(
            section(
                Topic::LongHops,
                "Long hops",
                "In this game a hop may also go over a marble further away along a line, as \
                 long as it lands just as far beyond it and every other hole on the way, the \
                 landing hole included, is empty. It still hops one marble at a time, and long \
                 hops chain like short ones. Marbles cross the board much faster, for both \
                 sides.",
            )
            .with(diagram::long_hop()),
        );
    }
    if diamond {
        out.push(
            section(
                Topic::King,
                "The king",
                "One of your fifteen marbles is the king, the big one, which starts on the tip \
                 of your triangle. It steps and hops like the others, and it can also hop a \
                 whole row of marbles at once: any number of marbles side by side on one line, \
                 starting right next to it, with an empty hole just after the row. One marble \
                 is enough. The row may not contain a king, and no marble may ever hop over a \
                 king.",
            )
            .with(diagram::king_jump()),
        );
    }
    out.extend(where_moves_end(rules));
    out.extend(blocked_target(rules));
    out.push(winning(rules));
    out.push(draws(rules));
    out.push(section(
        Topic::Passing,
        "Passing",
        "You may only pass when none of your marbles can move, which hardly ever happens. Then \
         the game offers a Pass button. Passing counts as your turn.",
    ));
    out.push(resigning(rules));
    out.push(
        section(
            Topic::Labels,
            "Rows and spaces: R10 S1",
            "The buttons name each hole from your own seat. Rows run from row 1, the tip of \
             your starting point, to row 17, the tip of your target; the middle row is row 9. \
             Spaces are counted from your left within each row, looking from your own point \
             towards the middle. So R1 S1 is always your own tip and R17 S1 the tip you are \
             heading for, and the same hole has different labels for different players.",
        )
        .with(diagram::labels(rules)),
    );
    out.push(tips(rules));
    out
}

fn goal(rules: RuleSet) -> Section {
    section(
        Topic::Goal,
        "The aim",
        match rules {
            RuleSet::Diamond => {
                "Two or three players, Red, Yellow and Green, each with fifteen marbles in \
                 their own triangle: the ten holes of a point and the five in front of it. Your \
                 target is the triangle of your colour straight across the board. Race your \
                 marbles there, and bring your king to its tip. Red moves first."
            }
            _ => {
                "Each player has ten marbles in one point of the star. The point straight \
                 across is your target: move all your marbles there before anyone else does. \
                 Turns go round the star, and the first player moves first."
            }
        },
    )
}

fn where_moves_end(rules: RuleSet) -> Vec<Section> {
    match rules {
        RuleSet::Laws => vec![section(
            Topic::WhereMovesEnd,
            "Where a move may end",
            "Anywhere. Any hole of the star may be entered, crossed or used as a stop, the \
             other points included, and a marble that has reached its target may leave it \
             again.",
        )],
        RuleSet::Table { long_hops } => vec![
            section(
                Topic::WhereMovesEnd,
                "Where a move may end",
                "A move may end only in the middle, in your own point or in your target. A \
                 chain of hops may land in another point on its way, even one nobody uses, but \
                 it may not stop there.",
            )
            .with(diagram::through_point(long_hops)),
            section(
                Topic::TargetLock,
                "Home marbles stay home",
                "Once a marble is in your target, every move it makes must end inside the \
                 target again. It may still step or hop about within it to make room.",
            )
            .with(diagram::target_lock(rules)),
        ],
        RuleSet::Masters { .. } => vec![
            section(
                Topic::WhereMovesEnd,
                "Where a move may end",
                "Anywhere: a marble may stop on any hole of the star, in other players' points \
                 and in unused ones too.",
            ),
            section(
                Topic::TargetLock,
                "Home marbles stay home",
                "Once a marble has reached your target, it may only move inside the target. It \
                 may still step or hop about within it.",
            )
            .with(diagram::target_lock(rules)),
        ],
        RuleSet::Diamond => {
            vec![section(
            Topic::WhereMovesEnd,
            "Closed triangles",
            "Your colour owns two triangles: the one you start in and your target. You may not \
             enter the triangles of the other colours at all, not even to land there during a \
             chain; only their five holes on the edge of the middle are open to everyone. \
             Marbles standing in a closed triangle may still be hopped over. With two players \
             Green's triangles stay empty and closed. Marbles may leave your target again.",
        )
        .with(diagram::closed_triangle())]
        }
    }
}

fn blocked_target(rules: RuleSet) -> Vec<Section> {
    match rules {
        RuleSet::Table { long_hops } => vec![
            section(
                Topic::AntiSpoil,
                "Marbles left at home: the anti-spoiling rule",
                "Your target is the opponent's starting point, so marbles they never move out \
                 would block you. They cannot for long: once everyone has had 30 turns, \
                 marbles the player opposite left in your target count for you. Your target \
                 is then done when all ten holes are full, with at least one of your marbles \
                 and the rest theirs. The same goes for your own marbles left at home: they \
                 can finish the game for your opponent, even on your own move.",
            )
            .with(diagram::anti_spoil(long_hops)),
        ],
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => vec![
            section(
                Topic::Swap,
                "The swap rule",
                "If an opponent's marble sits in your target on a hole one of your marbles could \
                 reach, with a step or with the last hop of a chain, you may swap them instead \
                 of moving: your marble takes that hole and theirs goes to where yours stood. It \
                 is your whole turn. You still need all ten holes with your own marbles to win.",
            )
            .with(diagram::swap()),
        ],
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => vec![
            section(
                Topic::Fill,
                "The fill rule",
                "Other players' marbles in your target do not stop you. Your target is done as \
                 soon as every one of its holes is full, whoever's marbles fill it, as long as at \
                 least one is yours. So a move can also finish someone else's target and make \
                 them win: watch what you leave in other players' targets.",
            )
            .with(diagram::fill_win()),
        ],
        RuleSet::Laws | RuleSet::Diamond => Vec::new(),
    }
}

fn winning(rules: RuleSet) -> Section {
    let text = match rules {
        RuleSet::Laws => {
            "You win when all ten holes of your target hold your own marbles. The game ends \
             with the first player to do it."
        }
        RuleSet::Table { .. } => {
            "You finish when all ten holes of your target hold your marbles (or, after 30 turns \
             each, your marbles and the ones the player opposite left there). The first player \
             to finish wins and the game ends there. Everyone else is placed by how many of \
             their marbles are home, then by how far the rest still have to go."
        }
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => {
            "You win when all ten holes of your target hold your own marbles. The game ends with \
             the first player to do it."
        }
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => {
            "You win when your target is full and at least one marble in it is yours. The game \
             ends with the first player whose target is done, and that can be someone other \
             than the player who moved."
        }
        RuleSet::Diamond => {
            "You win when all fifteen holes of your target triangle are full and your own king \
             stands on its tip. Other colours' marbles on its five edge holes count as filling \
             it. Keep the tip free for your king: a plain marble there must move out again \
             first. No move may complete another player's win. The game ends with the first \
             winner."
        }
    };
    section(Topic::Winning, "Winning", text).with(if rules == RuleSet::Diamond {
        diagram::king_home()
    } else {
        diagram::win(rules)
    })
}

fn draws(rules: RuleSet) -> Section {
    section(
        Topic::DrawsAndLimits,
        "Draws and limits",
        match rules {
            RuleSet::Laws | RuleSet::Masters { .. } => {
                "If every player passes one after another, nothing can ever change again, and \
                 the game is a draw. There is no move limit."
            }
            RuleSet::Table { .. } => {
                "So that every game ends, play stops after 200 turns each. Players are then \
                 placed by marbles home and distance still to go, and a player alone in first \
                 place wins. The game also stops and is placed the same way if every player \
                 passes one after another."
            }
            RuleSet::Diamond => {
                "The game is a draw after 400 moves each (800 moves in all with two \
                 players, 1,200 with three), or if every player passes one after another. Repeating a position \
                 does not end the game."
            }
        },
    )
}

fn resigning(rules: RuleSet) -> Section {
    section(
        Topic::Resigning,
        "Resigning",
        if rules == RuleSet::Diamond {
            "With two players, resigning gives the game to the other player. With three, the \
             other player whose marbles are nearer their target wins (all distances to the \
             target's tip added up); on a tie, the one who plays next. Undo takes a \
             resignation back."
        } else {
            "With two players, resigning gives the game to the other player. With more, the \
             best placed of the others wins (marbles home, then distance to go) and you are \
             placed last. Undo takes a resignation back."
        },
    )
}

fn tips(rules: RuleSet) -> Section {
    section(
        Topic::Tips,
        "Tips",
        match rules {
            RuleSet::Diamond => {
                "Build ladders: marbles on every other hole of a line let the ones behind them \
                 hop far. Your opponents can use your ladders too, so look where you leave \
                 them.\n\nBring everyone along. One or two marbles left behind, with nothing \
                 near to hop over, cost many slow steps at the end.\n\nKeep away from the \
                 board's edges: the closed triangles leave a marble there few ways to go.\n\n\
                 Line marbles up in front of your king: it can clear the whole row in one \
                 hop.\n\nFill your target from the far end, keeping the tip for the king, so \
                 the holes left to fill are the easy ones near the middle.\n\nDon't block \
                 yourself: a marble parked in the way closes the hole your next hop needs."
            }
            _ => {
                "Build ladders: marbles on every other hole of a line let the ones behind them \
                 hop a long way. Marbles of every colour are stepping stones, and your \
                 opponents can use your ladders too.\n\nNo stragglers. A marble left far \
                 behind with nothing near to hop over costs many slow steps at the end, and \
                 games are often lost that way.\n\nFill your target from the tip, the far end, \
                 so the last holes to fill are the easy ones nearest the middle.\n\nDon't \
                 block yourself: a marble parked in the way closes the hole your next hop \
                 needs. Sometimes a sideways step that opens a long chain next turn beats a \
                 short step forward now."
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhalma_rules::rules::{DIAMOND_MOVE_CAP, TABLE_ANTI_SPOIL_TURNS, TABLE_TURN_CAP};

    fn topics(rules: RuleSet) -> Vec<Topic> {
        sections(rules).iter().map(|s| s.topic).collect()
    }

    fn text_of(rules: RuleSet, topic: Topic) -> &'static str {
        sections(rules)
            .into_iter()
            .find(|s| s.topic == topic)
            .unwrap_or_else(|| panic!("{rules} has no {topic:?} section"))
            .text
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
                assert!(s.text.ends_with('.'), "{rules} {:?}", s.topic);
                assert!(!s.text.contains("  "), "{rules} {:?}", s.topic);
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

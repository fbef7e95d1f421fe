//! Small positions that show one rule each, built through the rules crate so that what the
//! client draws is a real position and a legal move in it.

use starhalma_locale::id;
use starhalma_rules::board::camp_tip;
use starhalma_rules::{Blocked, Game, Hole, Move, Position, RuleSet, State, Variant};

/// What a diagram shows: the kind of move its caption names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// One step to a neighbouring hole.
    Step,
    /// A single hop over one marble.
    Hop,
    /// A chain of this many hops by one marble.
    Chain { hops: usize },
    /// A chain that passes through another player's point without stopping there (table).
    ThroughPoint,
    /// Diamond: a move onto the edge of another colour's triangle, open to all, while the rest
    /// of that triangle is closed.
    EdgeOnly,
    /// A marble in its target moving inside it, as it must (table, masters).
    TargetLock,
    /// One long hop: over a marble further along the line, landing as far beyond it.
    LongHop,
    /// The Diamond king hopping a whole row of this many marbles at once.
    KingJump { over: usize },
    /// The masters' swap with an opponent's marble in the mover's target.
    Swap,
    /// The last marble arriving: the target holds all the mover's own marbles.
    Win,
    /// Diamond: the king arrives on the tip of the full target, and its colour wins.
    KingHome,
    /// Masters fill: the move fills the target with marbles of both players, and wins.
    FillWin,
    /// Table: after 30 turns each, the move fills the target with the mover's marbles and the
    /// ones the opponent left at home, and wins.
    AntiSpoil,
    /// A step named by the player's row/space labels.
    Labels,
}

/// A small position and the move it shows, for a mini board.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The position, with the player to move (always seat 0, Red) and the turn count. Draw
    /// `game.position()` with `game.variant()`'s colours; `game.rules()` knows every rule.
    pub game: Game,
    /// The move shown; legal in `game`.
    pub mv: Move,
    pub shows: Shows,
    /// Holes the caption points at (the hopped row, the target, the blocked hole...).
    pub highlight: Vec<Hole>,
    /// A move the rule forbids in the same position, to mark as refused, when the caption
    /// names one.
    pub forbidden: Option<Move>,
    /// The caption's message id.
    pub caption: &'static str,
}

impl Diagram {
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The holes the moving marble visits, origin first (fewest hops, as the game plays it).
    pub fn route(&self) -> Vec<Hole> {
        self.game.rules().route(self.game.state(), self.mv)
    }

    /// The position after the move, for an animation's last frame.
    pub fn after(&self) -> Game {
        let mut game = self.game.clone();
        game.play(self.mv).expect("a diagram's move is legal");
        game
    }
}

fn hole(text: &str) -> Hole {
    text.parse()
        .expect("diagram holes are written as q,r on the board")
}

fn holes(texts: &[&str]) -> Vec<Hole> {
    texts.iter().map(|t| hole(t)).collect()
}

/// A two-player game of `rules` from hand-placed marbles: Red's (seat 0) and the opponent's
/// (seat 1), Red to move after `ply` turns. Diamond diagrams get both kings on their start
/// tips unless Red's king is placed by `red_king`.
fn board(rules: RuleSet, red: &[&str], other: &[&str], red_king: Option<&str>, ply: u32) -> Game {
    let variant = Variant::new(rules, 2).expect("every rule set has two players");
    let mut pieces: Vec<(Hole, u8, bool)> = Vec::new();
    pieces.extend(red.iter().map(|h| (hole(h), 0, false)));
    pieces.extend(other.iter().map(|h| (hole(h), 1, false)));
    if rules == RuleSet::Diamond {
        // A king on each side, as every Diamond position has; unless placed, on its start tip.
        let start_tip = |seat| camp_tip(variant.camp_of(seat));
        pieces.push((red_king.map(hole).unwrap_or(start_tip(0)), 0, true));
        pieces.push((start_tip(1), 1, true));
    }
    let position = Position::from_placements(pieces).expect("diagram holes are distinct");
    Game::from_state(variant, State::new(position, 0, ply)).expect("two seats, Red to move")
}

fn mv(text: &str) -> Move {
    text.parse()
        .expect("diagram moves are written in the game's notation")
}

/// Red's target in a two-player game of ten marbles (camp 3), tip first.
const RED_TARGET: [&str; 10] = [
    "-8,4", "-7,3", "-7,4", "-6,2", "-6,3", "-6,4", "-5,1", "-5,2", "-5,3", "-5,4",
];

/// One step into the empty centre.
pub fn step(rules: RuleSet) -> Diagram {
    Diagram {
        game: board(rules, &["1,0", "3,-1"], &["-2,1", "-3,3"], None, 0),
        mv: mv("s 1,0 0,0"),
        shows: Shows::Step,
        highlight: holes(&["0,0"]),
        forbidden: None,
        caption: id::DIAGRAM_STEP,
    }
}

/// A single hop over the opponent's marble.
pub fn hop(rules: RuleSet) -> Diagram {
    Diagram {
        game: board(rules, &["2,0", "3,-2"], &["1,0", "-3,3"], None, 0),
        mv: mv("j 2,0 0,0"),
        shows: Shows::Hop,
        highlight: holes(&["1,0"]),
        forbidden: None,
        caption: id::DIAGRAM_HOP,
    }
}

/// A ladder: three hops in one turn over marbles of both colours.
pub fn chain(rules: RuleSet) -> Diagram {
    Diagram {
        game: board(rules, &["4,0", "3,0", "-1,0"], &["1,0", "-3,3"], None, 0),
        mv: mv("j 4,0 -2,0"),
        shows: Shows::Chain { hops: 3 },
        highlight: holes(&["3,0", "1,0", "-1,0"]),
        forbidden: None,
        caption: id::DIAGRAM_CHAIN,
    }
}

/// Table: a chain may cross a side point but not stop in it.
pub fn through_point(long_hops: bool) -> Diagram {
    Diagram {
        game: board(
            RuleSet::Table { long_hops },
            &["2,-3", "2,-4"],
            &["1,-4", "-3,3"],
            None,
            0,
        ),
        mv: mv("j 2,-3 0,-3"),
        shows: Shows::ThroughPoint,
        highlight: holes(&["2,-5"]),
        forbidden: Some(mv("j 2,-3 2,-5")),
        caption: id::DIAGRAM_THROUGH_POINT,
    }
}

/// Diamond: the edge holes of Yellow's target are open to Red, the rest of it is not.
pub fn closed_triangle() -> Diagram {
    Diagram {
        game: board(
            RuleSet::Diamond,
            &["2,-2", "1,-4"],
            &["2,-3", "-2,3"],
            None,
            0,
        ),
        mv: mv("j 2,-2 2,-4"),
        shows: Shows::EdgeOnly,
        highlight: holes(&["0,-4", "1,-4", "2,-4", "3,-4", "4,-4"]),
        forbidden: Some(mv("s 1,-4 1,-5")),
        caption: id::DIAGRAM_CLOSED_TRIANGLE,
    }
}

/// Table, masters: a marble in its target moves only inside it.
pub fn target_lock(rules: RuleSet) -> Diagram {
    let game = board(rules, &["-5,2", "-7,3", "-8,4"], &["-2,1", "1,-2"], None, 0);
    let target = game.rules().target(0);
    Diagram {
        highlight: starhalma_rules::Holes(target).collect(),
        game,
        mv: mv("s -5,2 -6,3"),
        shows: Shows::TargetLock,
        forbidden: Some(mv("s -5,2 -4,2")),
        caption: id::DIAGRAM_TARGET_LOCK,
    }
}

/// Table with long hops: over a marble two holes away, landing two holes beyond it.
pub fn long_hop() -> Diagram {
    Diagram {
        game: board(
            RuleSet::Table { long_hops: true },
            &["4,0", "3,-2"],
            &["2,0", "-3,3"],
            None,
            0,
        ),
        mv: mv("j 4,0 0,0"),
        shows: Shows::LongHop,
        highlight: holes(&["2,0"]),
        forbidden: None,
        caption: id::DIAGRAM_LONG_HOP,
    }
}

/// Diamond: the king hops a row of three marbles at once.
pub fn king_jump() -> Diagram {
    Diagram {
        game: board(
            RuleSet::Diamond,
            &["2,0", "0,0", "2,-3"],
            &["1,0", "-2,3"],
            Some("3,0"),
            0,
        ),
        mv: mv("j 3,0 -1,0"),
        shows: Shows::KingJump { over: 3 },
        highlight: holes(&["2,0", "1,0", "0,0"]),
        forbidden: None,
        caption: id::DIAGRAM_KING_JUMP,
    }
}

/// Masters swap: the opponent's marble in Red's target changes places with Red's marble.
pub fn swap() -> Diagram {
    Diagram {
        game: board(
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            &["-4,1", "-6,3", "-7,4", "-8,4"],
            &["-5,1", "2,-1", "3,-3"],
            None,
            0,
        ),
        mv: mv("x -4,1 -5,1"),
        shows: Shows::Swap,
        highlight: holes(&["-5,1"]),
        forbidden: None,
        caption: id::DIAGRAM_SWAP,
    }
}

/// The position of the fill and anti-spoiling diagrams: the opponent left three marbles at
/// home, in Red's target, and Red's last step fills the target.
fn filled_target(rules: RuleSet, ply: u32) -> Game {
    let mut red: Vec<&str> = RED_TARGET[3..]
        .iter()
        .copied()
        .filter(|h| *h != "-5,1")
        .collect();
    red.extend(["-4,1", "0,0", "1,1", "-2,0"]);
    let mut other: Vec<&str> = RED_TARGET[..3].to_vec();
    other.extend(["8,-4", "7,-4", "7,-3", "6,-4", "6,-3", "6,-2", "5,-4"]);
    board(rules, &red, &other, None, ply)
}

/// Masters fill: the last hole of the target filled, with the opponent's marbles still in it.
pub fn fill_win() -> Diagram {
    Diagram {
        game: filled_target(
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            20,
        ),
        mv: mv("s -4,1 -5,1"),
        shows: Shows::FillWin,
        highlight: RED_TARGET[..3].iter().map(|h| hole(h)).collect(),
        forbidden: None,
        caption: id::DIAGRAM_FILL_WIN,
    }
}

/// Table: the same filling step after 30 turns each wins by the anti-spoiling rule.
pub fn anti_spoil(long_hops: bool) -> Diagram {
    Diagram {
        game: filled_target(
            RuleSet::Table { long_hops },
            2 * starhalma_rules::rules::TABLE_ANTI_SPOIL_TURNS,
        ),
        mv: mv("s -4,1 -5,1"),
        shows: Shows::AntiSpoil,
        highlight: RED_TARGET[..3].iter().map(|h| hole(h)).collect(),
        forbidden: None,
        caption: id::DIAGRAM_ANTI_SPOIL,
    }
}

/// The last marble arrives home (every rule set of ten marbles).
pub fn win(rules: RuleSet) -> Diagram {
    let red: Vec<&str> = RED_TARGET
        .iter()
        .copied()
        .filter(|h| *h != "-5,1")
        .chain(["-4,1"])
        .collect();
    let other = [
        "8,-4", "7,-4", "7,-3", "6,-4", "6,-3", "6,-2", "5,-4", "3,-2", "2,0", "1,-3",
    ];
    Diagram {
        game: board(rules, &red, &other, None, 60),
        mv: mv("s -4,1 -5,1"),
        shows: Shows::Win,
        highlight: holes(&["-5,1"]),
        forbidden: None,
        caption: id::DIAGRAM_WIN,
    }
}

/// Diamond: the king hops the row along the target's edge onto the tip of the full target.
pub fn king_home() -> Diagram {
    let variant = Variant::new(RuleSet::Diamond, 2).expect("the Diamond Game seats two");
    let target = starhalma_rules::Rules::new(variant).target(0);
    let tip = hole("-8,4");
    // Red's fourteen other marbles fill the target; its holes come from the rules crate, so
    // the position is placed here rather than through `board`.
    let mut pieces: Vec<(Hole, u8, bool)> = starhalma_rules::Holes(target & !tip.bit())
        .map(|h| (h, 0, false))
        .collect();
    pieces.push((hole("-3,4"), 0, true));
    pieces.extend(["0,0", "1,-2", "-1,3"].map(|h| (hole(h), 1, false)));
    pieces.push((camp_tip(variant.camp_of(1)), 1, true));
    let position = Position::from_placements(pieces).expect("diagram holes are distinct");
    Diagram {
        game: Game::from_state(variant, State::new(position, 0, 80)).expect("Red to move"),
        mv: mv("j -3,4 -8,4"),
        shows: Shows::KingHome,
        highlight: holes(&["-8,4"]),
        forbidden: None,
        caption: id::DIAGRAM_KING_HOME,
    }
}

/// A step named by Red's labels.
pub fn labels(rules: RuleSet) -> Diagram {
    Diagram {
        game: board(rules, &["5,-1", "5,-2"], &["-3,0", "-2,2"], None, 0),
        mv: mv("s 5,-1 4,0"),
        shows: Shows::Labels,
        highlight: holes(&["5,-1", "4,0"]),
        forbidden: None,
        caption: id::DIAGRAM_LABELS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english;
    use crate::sections::sections;
    use starhalma_rules::board::camp_edge;
    use starhalma_rules::{IllegalMove, Label, MoveKind, Status, WinReason};

    /// Every diagram the rules screens show, with the rule set whose screen shows it.
    fn shown() -> Vec<(RuleSet, Diagram)> {
        RuleSet::ALL
            .into_iter()
            .flat_map(|rules| {
                sections(rules)
                    .into_iter()
                    .filter_map(move |s| s.diagram.map(|d| (rules, d)))
            })
            .collect()
    }

    const NUMBER_WORDS: [&str; 6] = ["zero", "one", "two", "three", "four", "five"];

    fn hops(diagram: &Diagram) -> usize {
        diagram.route().len() - 1
    }

    #[test]
    fn every_diagram_is_a_legal_move_of_the_kind_it_names() {
        let diagrams = shown();
        assert!(diagrams.len() >= 40, "only {} diagrams", diagrams.len());
        for (rules, d) in &diagrams {
            let game = &d.game;
            let context = format!("{rules}: {:?} {}", d.shows, d.mv);
            assert_eq!(
                game.rule_set(),
                *rules,
                "{context}: drawn with another rule set"
            );
            assert_eq!(game.status(), Status::Ongoing, "{context}");
            assert_eq!(game.active(), 0, "{context}: Red is to move");
            assert!(game.legal_moves().contains(&d.mv), "{context}: not legal");
            assert!(!d.highlight.is_empty(), "{context}: nothing highlighted");
            assert!(
                english(d.caption).ends_with('.') && !english(d.caption).contains("  "),
                "{context}"
            );
            let route = d.route();
            assert_eq!(route.first(), Some(&d.mv.from), "{context}");
            assert_eq!(route.last(), Some(&d.mv.to), "{context}");
            match d.shows {
                Shows::Step | Shows::Labels | Shows::TargetLock | Shows::Win => {
                    assert_eq!(d.mv.kind, MoveKind::Step, "{context}");
                    assert_eq!(d.mv.from.distance(d.mv.to), 1, "{context}");
                }
                Shows::FillWin | Shows::AntiSpoil => assert_eq!(d.mv.kind, MoveKind::Step),
                Shows::Hop => {
                    assert_eq!(d.mv.kind, MoveKind::Jump, "{context}");
                    assert_eq!(hops(d), 1, "{context}");
                    assert_eq!(d.mv.from.distance(d.mv.to), 2, "{context}");
                }
                Shows::Chain { hops: n } => {
                    assert_eq!(d.mv.kind, MoveKind::Jump, "{context}");
                    assert!(n >= 2, "{context}: a chain has two hops or more");
                    assert_eq!(hops(d), n, "{context}: the game plays it in another count");
                    assert!(
                        english(d.caption).contains(NUMBER_WORDS[n]),
                        "{context}: caption"
                    );
                }
                Shows::ThroughPoint
                | Shows::LongHop
                | Shows::KingJump { .. }
                | Shows::KingHome
                | Shows::EdgeOnly => {
                    assert_eq!(d.mv.kind, MoveKind::Jump, "{context}")
                }
                Shows::Swap => assert_eq!(d.mv.kind, MoveKind::Swap, "{context}"),
            }
            if let Some(forbidden) = d.forbidden {
                assert!(
                    game.check(forbidden).is_err(),
                    "{context}: {forbidden} is legal"
                );
            }
        }
    }

    #[test]
    fn a_chain_through_a_side_point_may_not_stop_there() {
        for long_hops in [false, true] {
            let d = through_point(long_hops);
            let stop = d.game.rules().stop_mask(0);
            let route = d.route();
            let inside = &route[1..route.len() - 1];
            let stopover = inside
                .iter()
                .find(|h| stop & h.bit() == 0)
                .expect("the route lands where it may not stop");
            assert!(stopover.camp().is_some_and(|c| c != 0 && c != 3));
            let forbidden = d.forbidden.expect("the stopover is shown as forbidden");
            assert_eq!(forbidden.to, *stopover);
            assert!(matches!(
                d.game.check(forbidden),
                Err(IllegalMove::CannotStopThere(_))
            ));
        }
    }

    #[test]
    fn diamond_edges_are_open_and_the_triangles_behind_them_closed() {
        let d = closed_triangle();
        let variant = d.variant();
        // Yellow's triangles: its start camp and its target, the camp opposite.
        let yellow = variant.camp_of(1);
        let closed = [yellow, (yellow + 3) % 6];
        let edge = camp_edge(closed[1]);
        assert!(edge & d.mv.to.bit() != 0 && d.mv.to.in_hexagon());
        assert_eq!(d.highlight.iter().fold(0, |m, h| m | h.bit()), edge);
        let forbidden = d.forbidden.unwrap();
        assert!(closed.contains(&forbidden.to.camp().unwrap()));
        assert!(matches!(
            d.game.check(forbidden),
            Err(IllegalMove::CannotStopThere(_))
        ));
    }

    #[test]
    fn a_marble_home_moves_only_inside_its_target() {
        for rules in [
            RuleSet::Table { long_hops: false },
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
        ] {
            let d = target_lock(rules);
            let target = d.game.rules().target(0);
            assert!(target & d.mv.from.bit() != 0 && target & d.mv.to.bit() != 0);
            assert_eq!(
                d.game.check(d.forbidden.unwrap()),
                Err(IllegalMove::MustStayInTarget)
            );
        }
        // Under the laws the same step out is allowed: it is the lock, not the board.
        let laws = target_lock(RuleSet::Laws);
        assert_eq!(laws.game.check(laws.forbidden.unwrap()), Ok(()));
    }

    #[test]
    fn the_long_hop_is_not_an_ordinary_hop() {
        let d = long_hop();
        assert_eq!(hops(&d), 1);
        let over = d.mv.from.distance(d.mv.to) / 2;
        assert!(over >= 2, "lands {over} beyond: not long");
        let plain = board(
            RuleSet::Table { long_hops: false },
            &["4,0", "3,-2"],
            &["2,0", "-3,3"],
            None,
            0,
        );
        assert_eq!(d.game.position(), plain.position());
        assert!(plain.check(d.mv).is_err());
    }

    #[test]
    fn the_king_jumps_the_row_it_names_and_a_plain_marble_cannot() {
        let d = king_jump();
        let Shows::KingJump { over } = d.shows else {
            panic!("{:?}", d.shows)
        };
        assert!(d.game.position().is_king(d.mv.from));
        assert_eq!(hops(&d), 1);
        assert_eq!(d.mv.from.distance(d.mv.to) as usize, over + 1);
        assert!(english(d.caption).contains(NUMBER_WORDS[over]));
        let row: Vec<Hole> = Hole::all()
            .filter(|h| {
                h.distance(d.mv.from) + h.distance(d.mv.to) == d.mv.from.distance(d.mv.to)
                    && *h != d.mv.from
                    && *h != d.mv.to
            })
            .collect();
        assert_eq!(row.len(), over);
        assert!(row.iter().all(|h| d.game.position().owner(*h).is_some()));
        // The same position with the king made a plain marble.
        let plain_pieces = (0..2u8).flat_map(|seat| {
            let pos = *d.game.position();
            pos.holes_of(seat)
                .map(move |h| (h, seat, pos.is_king(h) && h != d.mv.from))
                .collect::<Vec<_>>()
        });
        let plain = Game::from_state(
            d.variant(),
            State::new(Position::from_placements(plain_pieces).unwrap(), 0, 0),
        )
        .unwrap();
        assert!(plain.check(d.mv).is_err());
    }

    #[test]
    fn the_swap_trades_places_with_the_blocking_peg() {
        let d = swap();
        let blocker = d.game.position().owner(d.mv.to);
        assert_eq!(blocker, Some(1));
        assert!(d.game.rules().target(0) & d.mv.to.bit() != 0);
        let after = d.after();
        assert_eq!(after.position().owner(d.mv.to), Some(0));
        assert_eq!(after.position().owner(d.mv.from), Some(1));
        // Not a move under the fill rule.
        let fill = Game::from_state(
            Variant::new(
                RuleSet::Masters {
                    blocked: Blocked::Fill,
                },
                2,
            )
            .unwrap(),
            *d.game.state(),
        )
        .unwrap();
        assert_eq!(fill.check(d.mv), Err(IllegalMove::SwapNotPlayed));
    }

    fn winner(game: &Game) -> Option<(u8, WinReason)> {
        match game.status() {
            Status::Won { winner, reason } => Some((winner, reason)),
            _ => None,
        }
    }

    #[test]
    fn the_winning_diagrams_win_by_the_rule_they_name() {
        for rules in [
            RuleSet::Laws,
            RuleSet::Table { long_hops: false },
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
        ] {
            assert_eq!(winner(&win(rules).after()), Some((0, WinReason::Target)));
        }
        let king = king_home();
        assert!(king.game.position().is_king(king.mv.from));
        assert_eq!(king.mv.to, king.game.rules().target_tip(0));
        assert_eq!(winner(&king.after()), Some((0, WinReason::Filled)));
        assert!(
            english(king.caption)
                .contains(NUMBER_WORDS[king.mv.from.distance(king.mv.to) as usize - 1])
        );

        let fill = fill_win();
        let after = fill.after();
        assert_eq!(winner(&after), Some((0, WinReason::Filled)));
        let target = after.rules().target(0);
        assert!(
            after.position().pieces(1) & target != 0,
            "no blue marble left in it"
        );
        assert!(
            fill.highlight
                .iter()
                .all(|h| after.position().owner(*h) == Some(1))
        );

        let spoil = anti_spoil(false);
        assert_eq!(winner(&spoil.after()), Some((0, WinReason::AntiSpoil)));
        // One round earlier the blue marbles do not count yet: the wait is the rule.
        let earlier = Game::from_state(
            spoil.variant(),
            State::new(*spoil.game.position(), 0, spoil.game.state().ply() - 2),
        )
        .unwrap();
        let mut earlier_after = earlier.clone();
        earlier_after.play(spoil.mv).unwrap();
        assert_eq!(earlier_after.status(), Status::Ongoing);
        assert!(english(spoil.caption).contains("30"));
    }

    #[test]
    fn the_labels_diagram_names_the_holes_as_the_game_labels_them() {
        for rules in RuleSet::ALL {
            let d = labels(rules);
            let camp = d.variant().camp_of(0);
            for hole in [d.mv.from, d.mv.to] {
                let label = Label::of(hole, camp).to_string();
                assert!(
                    english(d.caption).contains(&label),
                    "{rules}: caption lacks {label}"
                );
            }
        }
    }
}

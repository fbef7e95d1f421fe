//! Why a game ended, when a special rule decided it: the facts the game-over panel puts into
//! words (seats, counts, the rule) and the rules-screen section that explains the rule.

use crate::sections::Topic;
use starhalma_rules::rules::{DIAMOND_MOVE_CAP, TABLE_ANTI_SPOIL_TURNS, TABLE_TURN_CAP};
use starhalma_rules::{DrawReason, Game, Holes, RankReason, RuleSet, Status, WinReason};

/// How a finished game was decided, when it was not simply a target filled with the winner's
/// own marbles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The rules-screen section to open from the panel.
    pub topic: Topic,
    /// The facts the game-over panel puts into words (the client, in the player's language).
    pub decided: Decided,
}

/// The facts behind a [`Decision`]: seats, counts and the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The winner's target filled with `left` of the opposite player's marbles still in it
    /// after `turns` turns each. `completed_by`: the seat whose move completed it, when not
    /// the winner's.
    AntiSpoil {
        winner: u8,
        opposite: u8,
        left: u32,
        turns: u32,
        completed_by: Option<u8>,
    },
    /// Masters' fill rule: the target full with `others` of the other players' marbles in it.
    Fill {
        winner: u8,
        others: usize,
        completed_by: Option<u8>,
    },
    /// The Diamond Game: the target full with `others` of the other colours' marbles on its
    /// edge, and the winner's king on the tip.
    FilledDiamond {
        winner: u8,
        others: usize,
        completed_by: Option<u8>,
    },
    /// `resigned` gave up and `winner` won; with three or more players, how the winner was
    /// chosen among the others.
    Resigned {
        resigned: u8,
        winner: u8,
        among: Option<Among>,
    },
    /// Every player passed in turn: a draw.
    AllPassedDraw,
    /// The Diamond Game's move cap: `moves` moves each, a draw.
    MoveCapDraw { moves: u32 },
    /// Laws, masters: nobody came closer to finishing in `turns` turns each, a draw.
    NoProgressDraw { turns: u32 },
    /// Table rules: the game stopped (after `turn_cap` turns each, or, when `None`, because
    /// every player passed) and players were ranked; `first` holds the seats in first place.
    Ranked {
        turn_cap: Option<u32>,
        first: Vec<u8>,
    },
}

/// How the winner after a resignation was chosen among the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Among {
    /// The Diamond Game: marbles nearest their target.
    Nearest,
    /// Most marbles home, then least distance to go.
    BestPlaced,
}

/// How a special rule decided `game` (the anti-spoiling rule, the fill rule, a resignation, a
/// draw or the turn cap), with the section of the rules screen that explains it. `None` while
/// the game goes on and when it ended the ordinary way.
pub fn decision(game: &Game) -> Option<Decision> {
    let decided = facts(game)?;
    let topic = match &decided {
        Decided::AntiSpoil { .. } => Topic::AntiSpoil,
        Decided::Fill { .. } => Topic::Fill,
        Decided::FilledDiamond { .. } => Topic::Winning,
        Decided::Resigned { .. } => Topic::Resigning,
        Decided::AllPassedDraw
        | Decided::MoveCapDraw { .. }
        | Decided::NoProgressDraw { .. }
        | Decided::Ranked { .. } => Topic::DrawsAndLimits,
    };
    Some(Decision { topic, decided })
}

fn facts(game: &Game) -> Option<Decided> {
    let variant = game.variant();
    let rules = game.rules();
    let completed_by = |winner: u8| {
        game.history()
            .last()
            .map(|last| last.seat)
            .filter(|&seat| seat != winner)
    };
    Some(match game.status() {
        Status::Ongoing
        | Status::Won {
            reason: WinReason::Target,
            ..
        } => return None,
        Status::Won {
            winner,
            reason: WinReason::AntiSpoil,
        } => {
            let target = rules.target(winner);
            let opposite = variant
                .seat_in_camp((variant.camp_of(winner) + 3) % 6)
                .expect("anti-spoiling needs a player opposite");
            Decided::AntiSpoil {
                winner,
                opposite,
                left: (game.position().pieces(opposite) & target).count_ones(),
                turns: TABLE_ANTI_SPOIL_TURNS,
                completed_by: completed_by(winner),
            }
        }
        Status::Won {
            winner,
            reason: WinReason::Filled,
        } => {
            let target = rules.target(winner);
            let others =
                Holes(target & game.position().occupied() & !game.position().pieces(winner))
                    .count();
            if others == 0 {
                // The Diamond Game's ordinary win: its own fifteen home and the king on the tip.
                return None;
            }
            let completed_by = completed_by(winner);
            if game.rule_set() == RuleSet::Diamond {
                Decided::FilledDiamond {
                    winner,
                    others,
                    completed_by,
                }
            } else {
                Decided::Fill {
                    winner,
                    others,
                    completed_by,
                }
            }
        }
        Status::Won {
            winner,
            reason: WinReason::Resignation,
        } => Decided::Resigned {
            resigned: game.resigned().expect("a resignation was recorded"),
            winner,
            among: if variant.players() == 2 {
                None
            } else if game.rule_set() == RuleSet::Diamond {
                Some(Among::Nearest)
            } else {
                Some(Among::BestPlaced)
            },
        },
        Status::Draw {
            reason: DrawReason::AllPassed,
        } => Decided::AllPassedDraw,
        Status::Draw {
            reason: DrawReason::MoveCap,
        } => Decided::MoveCapDraw {
            moves: DIAMOND_MOVE_CAP,
        },
        Status::Draw {
            reason: DrawReason::NoProgress,
        } => Decided::NoProgressDraw {
            turns: starhalma_rules::rules::NO_PROGRESS_TURNS,
        },
        Status::Ranked { reason } => Decided::Ranked {
            turn_cap: match reason {
                RankReason::TurnCap => Some(TABLE_TURN_CAP),
                RankReason::AllPassed => None,
            },
            first: game
                .ranking()
                .iter()
                .filter(|p| p.place == 1)
                .map(|p| p.seat)
                .collect(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhalma_ai::{Evaluator, greedy};
    use starhalma_rules::{Blocked, Hole, Move, MoveKind, Position, State, Variant};

    fn new_game(rules: RuleSet, players: u8) -> Game {
        Game::new(Variant::new(rules, players).unwrap())
    }

    fn hole(text: &str) -> Hole {
        text.parse().unwrap()
    }

    /// Steps one marble out and back for every player in turn until the game ends: the
    /// slowest game the rules allow.
    fn shuffle_until_over(game: &mut Game) {
        while !game.is_over() {
            let seat = game.active();
            let back = game
                .history()
                .iter()
                .rev()
                .find(|p| p.seat == seat)
                .filter(|p| p.mv.kind == MoveKind::Step)
                .map(|p| Move::step(p.mv.to, p.mv.from))
                .filter(|m| game.legal_moves().contains(m));
            let mv = back.unwrap_or_else(|| {
                *game
                    .legal_moves()
                    .iter()
                    .find(|m| m.kind == MoveKind::Step)
                    .expect("a step exists")
            });
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn nothing_to_say_while_playing_or_after_an_ordinary_win() {
        let mut game = new_game(RuleSet::Table { long_hops: false }, 2);
        assert_eq!(decision(&game), None);
        for _ in 0..10 {
            game.play(greedy(&game)).unwrap();
        }
        assert_eq!(decision(&game), None);
        let win = crate::diagram::win(RuleSet::Laws).after();
        assert!(matches!(
            win.status(),
            Status::Won {
                reason: WinReason::Target,
                ..
            }
        ));
        assert_eq!(decision(&win), None);
    }

    #[test]
    fn a_resignation_names_who_resigned_and_who_won() {
        let mut game = new_game(RuleSet::Table { long_hops: false }, 2);
        for _ in 0..6 {
            game.play(greedy(&game)).unwrap();
        }
        game.resign(1).unwrap();
        let d = decision(&game).unwrap();
        assert_eq!(
            d.decided,
            Decided::Resigned {
                resigned: 1,
                winner: 0,
                among: None
            }
        );
        assert_eq!(d.topic, Topic::Resigning);

        let mut diamond = new_game(RuleSet::Diamond, 3);
        for _ in 0..9 {
            diamond.play(greedy(&diamond)).unwrap();
        }
        diamond.resign(0).unwrap();
        let Status::Won { winner, .. } = diamond.status() else {
            panic!("{:?}", diamond.status())
        };
        assert_eq!(
            decision(&diamond).unwrap().decided,
            Decided::Resigned {
                resigned: 0,
                winner,
                among: Some(Among::Nearest)
            }
        );
    }

    /// A real table game: Red plays the greedy player, Blue the same but never moves the three
    /// marbles at the tip of its own point, Red's target. The anti-spoiling rule ends it.
    #[test]
    fn the_anti_spoiling_rule_ends_a_game_against_a_spoiler() {
        let mut game = new_game(RuleSet::Table { long_hops: false }, 2);
        let kept = [hole("-8,4"), hole("-7,3"), hole("-7,4")];
        let eval = Evaluator::new(game.rules());
        while !game.is_over() && game.state().ply() < 400 {
            let mv = if game.active() == 0 {
                greedy(&game)
            } else {
                game.legal_moves()
                    .into_iter()
                    .filter(|m| m.is_pass() || !kept.contains(&m.from))
                    .max_by_key(|m| eval.gain(1, m.from, m.to))
                    .unwrap_or(Move::PASS)
            };
            game.play(mv).unwrap();
        }
        assert_eq!(
            game.status(),
            Status::Won {
                winner: 0,
                reason: WinReason::AntiSpoil
            }
        );
        let d = decision(&game).unwrap();
        assert_eq!(d.topic, Topic::AntiSpoil);
        assert!(
            matches!(
                d.decided,
                Decided::AntiSpoil {
                    winner: 0,
                    opposite: 1,
                    left: 3,
                    turns: TABLE_ANTI_SPOIL_TURNS,
                    ..
                }
            ),
            "{:?}",
            d.decided
        );
        assert_eq!(TABLE_ANTI_SPOIL_TURNS, 30);
    }

    #[test]
    fn the_turn_cap_stops_a_table_game_and_names_who_is_first() {
        let mut game = new_game(RuleSet::Table { long_hops: false }, 2);
        // Red gets a marble further than Blue, then both only shuffle.
        game.play(greedy(&game)).unwrap();
        game.play("s -5,1 -4,1".parse().unwrap()).unwrap();
        game.play(greedy(&game)).unwrap();
        shuffle_until_over(&mut game);
        assert_eq!(game.state().ply(), TABLE_TURN_CAP * 2);
        let d = decision(&game).unwrap();
        let first = game.ranking()[0];
        assert_eq!(
            game.ranking()[1].place,
            2,
            "not a tie: {:?}",
            game.ranking()
        );
        assert_eq!(
            d.decided,
            Decided::Ranked {
                turn_cap: Some(200),
                first: vec![first.seat]
            }
        );
        assert_eq!(d.topic, Topic::DrawsAndLimits);
    }

    #[test]
    fn the_diamond_move_cap_is_a_draw() {
        let mut game = new_game(RuleSet::Diamond, 2);
        shuffle_until_over(&mut game);
        assert_eq!(game.state().ply(), DIAMOND_MOVE_CAP * 2);
        assert_eq!(
            decision(&game).unwrap().decided,
            Decided::MoveCapDraw { moves: 400 }
        );
        assert!(matches!(game.status(), Status::Draw { .. }), "a draw");
    }

    /// Table, locked: Red's seven marbles home fill its target with Blue's three at Blue's own
    /// tip, and Red's other three sit at Red's own tip behind seven of Blue's, home in Blue's
    /// target. Nobody can move before the anti-spoiling wait is over.
    #[test]
    fn everyone_passing_stops_a_table_game() {
        let red_target_back = ["-5,1", "-5,2", "-5,3", "-5,4", "-6,2", "-6,3", "-6,4"];
        let red_target_tip = ["-8,4", "-7,3", "-7,4"];
        let blue_target_back = ["5,-1", "5,-2", "5,-3", "5,-4", "6,-2", "6,-3", "6,-4"];
        let blue_target_tip = ["8,-4", "7,-3", "7,-4"];
        let place = |holes: &[&str], seat: u8| {
            holes
                .iter()
                .map(move |h| (hole(h), seat, false))
                .collect::<Vec<_>>()
        };
        let pieces = [
            place(&red_target_back, 0),
            place(&blue_target_tip, 0),
            place(&blue_target_back, 1),
            place(&red_target_tip, 1),
        ]
        .concat();
        let state = State::new(Position::from_placements(pieces).unwrap(), 0, 10);
        let variant = Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap();
        let mut game = Game::from_state(variant, state).unwrap();
        game.play(Move::PASS).unwrap();
        assert_eq!(decision(&game), None, "one pass ends nothing");
        game.play(Move::PASS).unwrap();
        let d = decision(&game).unwrap();
        // Both have seven marbles home and three at the far tip: level, first together.
        assert_eq!(
            d.decided,
            Decided::Ranked {
                turn_cap: None,
                first: vec![0, 1]
            }
        );
    }

    /// The laws: with every hole of the board taken nobody can move.
    #[test]
    fn everyone_passing_draws_under_the_laws() {
        let pieces = Hole::all().map(|h| (h, (h.index() % 2) as u8, false));
        let state = State::new(Position::from_placements(pieces).unwrap(), 0, 0);
        let mut game = Game::from_state(Variant::new(RuleSet::Laws, 2).unwrap(), state).unwrap();
        game.play(Move::PASS).unwrap();
        game.play(Move::PASS).unwrap();
        assert_eq!(decision(&game).unwrap().decided, Decided::AllPassedDraw);
    }

    #[test]
    fn the_fill_rule_names_the_mixed_target_and_whose_move_filled_it() {
        let fill = crate::diagram::fill_win().after();
        let d = decision(&fill).unwrap();
        assert_eq!(d.topic, Topic::Fill);
        assert_eq!(
            d.decided,
            Decided::Fill {
                winner: 0,
                others: 3,
                completed_by: None
            },
            "Red moved"
        );

        // Blue steps its own marble back home, into Red's target, and fills it: Red wins.
        let mut red = vec!["-6,2", "-6,3", "-6,4", "-5,2", "-5,3", "-5,4", "0,0", "1,1"];
        red.extend(["-2,0", "2,-2"]);
        let blue = [
            "-8,4", "-7,3", "-7,4", "-4,1", "8,-4", "7,-4", "7,-3", "6,-4",
        ];
        let pieces = red
            .iter()
            .map(|h| (hole(h), 0, false))
            .chain(blue.iter().map(|h| (hole(h), 1, false)));
        let state = State::new(Position::from_placements(pieces).unwrap(), 1, 21);
        let variant = Variant::new(
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            2,
        )
        .unwrap();
        let mut game = Game::from_state(variant, state).unwrap();
        game.play("s -4,1 -5,1".parse().unwrap()).unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: 0,
                reason: WinReason::Filled
            }
        );
        assert_eq!(
            decision(&game).unwrap().decided,
            Decided::Fill {
                winner: 0,
                others: 4,
                completed_by: Some(1)
            }
        );
    }

    /// Diamond: Red's king already on the tip, two yellow marbles left on the target's edge,
    /// and Red's last marble steps onto the last edge hole.
    #[test]
    fn a_diamond_win_with_other_colours_in_the_target_says_so() {
        let variant = Variant::new(RuleSet::Diamond, 2).unwrap();
        let target = starhalma_rules::Rules::new(variant).target(0);
        let last = hole("-4,0");
        let yellow_left = [hole("-4,3"), hole("-4,4")];
        let mut pieces: Vec<(Hole, u8, bool)> = Holes(target)
            .filter(|h| *h != last && !yellow_left.contains(h))
            .map(|h| (h, 0, h == hole("-8,4")))
            .collect();
        pieces.extend([(hole("-3,0"), 0, false), (hole("2,0"), 0, false)]);
        pieces.extend(yellow_left.map(|h| (h, 1, false)));
        pieces.push((hole("-4,8"), 1, true));
        let state = State::new(Position::from_placements(pieces).unwrap(), 0, 40);
        let mut game = Game::from_state(variant, state).unwrap();
        assert_eq!(game.status(), Status::Ongoing);
        game.play(Move::step(hole("-3,0"), last)).unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: 0,
                reason: WinReason::Filled
            }
        );
        let d = decision(&game).unwrap();
        assert_eq!(
            d.decided,
            Decided::FilledDiamond {
                winner: 0,
                others: 2,
                completed_by: None
            }
        );
        assert_eq!(d.topic, Topic::Winning);
    }
}

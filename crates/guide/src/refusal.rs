//! Friendly words for every reason the rules engine refuses a move.

use starhalma_locale::id;
use starhalma_rules::{Game, Hole, IllegalMove, Move, RuleSet};

/// Why a move was refused, in words for the player (a message id). Where the reason depends on the rule set
/// (where a move may end), the words follow `rules`.
pub fn explain(refusal: &IllegalMove, rules: RuleSet) -> &'static str {
    match refusal {
        IllegalMove::GameOver => id::REFUSAL_GAME_OVER,
        IllegalMove::EmptyOrigin(_) => id::REFUSAL_EMPTY_ORIGIN,
        IllegalMove::NotYourPiece { .. } => id::REFUSAL_NOT_YOUR_PIECE,
        IllegalMove::DestinationOccupied(_) => id::REFUSAL_OCCUPIED,
        IllegalMove::NotAdjacent { .. } => id::REFUSAL_NOT_ADJACENT,
        IllegalMove::NotReachable { .. } => id::REFUSAL_NOT_REACHABLE,
        IllegalMove::NoMovement => id::REFUSAL_NO_MOVEMENT,
        IllegalMove::MustStayInTarget => id::REFUSAL_MUST_STAY_IN_TARGET,
        IllegalMove::CannotStopThere(_) => match rules {
            RuleSet::Diamond => id::REFUSAL_CANNOT_STOP_THERE_DIAMOND,
            _ => id::REFUSAL_CANNOT_STOP_THERE,
        },
        IllegalMove::MakesAnotherWin => id::REFUSAL_MAKES_ANOTHER_WIN,
        IllegalMove::CannotPass => id::REFUSAL_CANNOT_PASS,
        IllegalMove::BadSwap => id::REFUSAL_BAD_SWAP,
        IllegalMove::SwapNotPlayed => id::REFUSAL_SWAP_NOT_PLAYED,
    }
}

/// Shown when the player picks up a marble that has nowhere to go.
pub const NOWHERE_TO_GO: &str = id::REFUSAL_NOWHERE_TO_GO;

/// Why the marble on `from` cannot go to `to` now, or `None` when it can. A press on a hole
/// next to the marble is read as a step, any other as a chain of hops: the reason given is the
/// one the player most likely meant. A hole where the player may never stop is named as such
/// even where the engine finds no way there first (the Diamond Game's closed triangles, a side
/// point out of reach at the table).
pub fn why_not(game: &Game, from: Hole, to: Hole) -> Option<IllegalMove> {
    let legal = game.legal_moves();
    if legal.iter().any(|m| m.from == from && m.to == to) {
        return None;
    }
    let adjacent = from.distance(to) == 1;
    let mv = if adjacent {
        Move::step(from, to)
    } else {
        Move::jump(from, to)
    };
    let refusal = game.check(mv).err()?;
    let never_stops_there = game.rules().stop_mask(game.active()) & to.bit() == 0;
    match refusal {
        IllegalMove::NotAdjacent { .. } | IllegalMove::NotReachable { .. }
            if never_stops_there && game.position().owner(to).is_none() =>
        {
            Some(IllegalMove::CannotStopThere(to.to_string()))
        }
        other => Some(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::english;
    use starhalma_rules::{Blocked, Position, State, Variant};

    /// One of every refusal. The match has no wildcard, so a new variant in the rules crate
    /// fails to compile here until it is given words.
    fn every_refusal() -> Vec<IllegalMove> {
        let hole = || "0,0".to_string();
        let all = vec![
            IllegalMove::GameOver,
            IllegalMove::EmptyOrigin(hole()),
            IllegalMove::NotYourPiece { hole: hole() },
            IllegalMove::DestinationOccupied(hole()),
            IllegalMove::NotAdjacent {
                from: hole(),
                to: hole(),
            },
            IllegalMove::NotReachable {
                from: hole(),
                to: hole(),
            },
            IllegalMove::NoMovement,
            IllegalMove::MustStayInTarget,
            IllegalMove::CannotStopThere(hole()),
            IllegalMove::MakesAnotherWin,
            IllegalMove::CannotPass,
            IllegalMove::BadSwap,
            IllegalMove::SwapNotPlayed,
        ];
        for refusal in &all {
            match refusal {
                IllegalMove::GameOver
                | IllegalMove::EmptyOrigin(_)
                | IllegalMove::NotYourPiece { .. }
                | IllegalMove::DestinationOccupied(_)
                | IllegalMove::NotAdjacent { .. }
                | IllegalMove::NotReachable { .. }
                | IllegalMove::NoMovement
                | IllegalMove::MustStayInTarget
                | IllegalMove::CannotStopThere(_)
                | IllegalMove::MakesAnotherWin
                | IllegalMove::CannotPass
                | IllegalMove::BadSwap
                | IllegalMove::SwapNotPlayed => {}
            }
        }
        all
    }

    #[test]
    fn every_refusal_has_its_own_friendly_words_under_every_rule_set() {
        for rules in RuleSet::ALL {
            let texts: Vec<String> = every_refusal()
                .iter()
                .map(|r| english(explain(r, rules)))
                .collect();
            for (i, text) in texts.iter().enumerate() {
                assert!(text.ends_with('.'), "{text:?}");
                assert!(!text.contains("  "), "{text:?}");
                // Not the engine's own message: the player gets words, not hole numbers.
                assert_ne!(*text, every_refusal()[i].to_string());
                assert!(!text.contains("0,0"));
                assert!(
                    !texts[..i].contains(text),
                    "{rules}: two refusals share {text:?}"
                );
            }
        }
    }

    fn table() -> Game {
        Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap())
    }

    #[test]
    fn why_not_agrees_with_the_engine_at_the_start() {
        let game = table();
        let legal = game.legal_moves();
        let from = legal[0].from;
        assert_eq!(why_not(&game, from, legal[0].to), None);
        // Every hole: refused exactly when no legal move of that marble ends there.
        for to in Hole::all() {
            let reachable = legal.iter().any(|m| m.from == from && m.to == to);
            assert_eq!(
                why_not(&game, from, to).is_none(),
                reachable,
                "{from} -> {to}"
            );
        }
    }

    #[test]
    fn stopping_in_a_side_point_is_explained_as_such() {
        // Red's marble on the edge of the middle, next to the unused point of camp 5.
        let position = Position::from_placements([
            ("2,-4".parse().unwrap(), 0, false),
            ("-2,2".parse().unwrap(), 1, false),
        ])
        .unwrap();
        let variant = Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap();
        let game = Game::from_state(variant, State::new(position, 0, 0)).unwrap();
        let from: Hole = "2,-4".parse().unwrap();
        let into_side_point: Hole = "2,-5".parse().unwrap();
        assert_eq!(into_side_point.camp(), Some(5));
        let refusal = why_not(&game, from, into_side_point).expect("refused");
        assert!(
            matches!(refusal, IllegalMove::CannotStopThere(_)),
            "{refusal:?}"
        );
        assert!(english(explain(&refusal, game.rule_set())).contains("another player's point"));
        // The same step is fine under the masters' rules, where any hole may be entered.
        let masters = Variant::new(
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            2,
        )
        .unwrap();
        let game = Game::from_state(masters, State::new(position, 0, 0)).unwrap();
        assert_eq!(why_not(&game, from, into_side_point), None);
    }

    #[test]
    fn a_closed_diamond_triangle_is_named_even_where_the_engine_finds_no_way() {
        // Red's marble in the middle, a yellow one on the edge of Yellow's target, and the
        // closed triangle behind it: the engine never lands there, so it says "not reachable".
        let position = Position::from_placements([
            ("1,-3".parse().unwrap(), 0, false),
            ("8,-4".parse().unwrap(), 0, true),
            ("1,-4".parse().unwrap(), 1, false),
            ("-4,8".parse().unwrap(), 1, true),
        ])
        .unwrap();
        let variant = Variant::new(RuleSet::Diamond, 2).unwrap();
        let game = Game::from_state(variant, State::new(position, 0, 0)).unwrap();
        let (from, to): (Hole, Hole) = ("1,-3".parse().unwrap(), "1,-5".parse().unwrap());
        assert!(matches!(
            game.check(Move::jump(from, to)),
            Err(IllegalMove::NotReachable { .. })
        ));
        let refusal = why_not(&game, from, to).unwrap();
        assert!(
            matches!(refusal, IllegalMove::CannotStopThere(_)),
            "{refusal:?}"
        );
        assert!(english(explain(&refusal, RuleSet::Diamond)).contains("another colour's triangle"));
        // A far hole of the middle stays "not reachable".
        let far: Hole = "-3,0".parse().unwrap();
        assert!(matches!(
            why_not(&game, from, far),
            Some(IllegalMove::NotReachable { .. })
        ));
    }

    #[test]
    fn masters_refusals_name_the_swap_rules() {
        let fill = Game::new(
            Variant::new(
                RuleSet::Masters {
                    blocked: Blocked::Fill,
                },
                2,
            )
            .unwrap(),
        );
        let legal = fill.legal_moves();
        let swap = Move::swap(legal[0].from, legal[0].to);
        let refusal = fill.check(swap).unwrap_err();
        assert_eq!(refusal, IllegalMove::SwapNotPlayed);
        assert!(english(explain(&refusal, fill.rule_set())).contains("no swaps"));
    }
}

//! Every game ends: a spoiler that keeps a marble in Hard's target cannot hold a game open under
//! any rule set, and where the rules answer spoiling (the table's anti-spoiling rule, masters'
//! fill and swap, the Diamond Game's closed camps) Hard wins it anyway.

use starhalma_ai::{Budget, Level, Planner, greedy, spoiler};
use starhalma_rules::rules::NO_PROGRESS_TURNS;
use starhalma_rules::{Blocked, DrawReason, Game, MoveKind, RuleSet, Status, Variant, WinReason};

/// Hard (seat 0) against `opponent` (seat 1), to the end or `cap` plies.
fn play(rules: RuleSet, opponent: fn(&Game) -> starhalma_rules::Move, cap: usize) -> Game {
    let mut game = Game::new(Variant::new(rules, 2).unwrap());
    let mut planner = Planner::new(game.rules(), 3);
    while !game.is_over() && game.history().len() < cap {
        let mv = if game.active() == 0 {
            planner.plan(&game, Level::Hard, Budget::nodes(15_000)).mv
        } else {
            opponent(&game)
        };
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn a_spoiled_game_ends_under_every_rule_set_and_hard_wins_where_the_rules_answer_spoiling() {
    for rules in RuleSet::ALL {
        // Generous: the Diamond Game's own cap is 800 plies with two players.
        let game = play(rules, spoiler, 2_000);
        let status = game.status();
        assert!(status.is_over(), "{rules}: still going after 2,000 plies");
        match rules {
            // The laws have no answer to a parked marble: the game ends in the no-progress draw.
            RuleSet::Laws => assert_eq!(
                status,
                Status::Draw {
                    reason: DrawReason::NoProgress
                },
                "{rules}"
            ),
            // Each answer shows in the way Hard wins: the table's anti-spoiling rule, masters'
            // fill, a swap that clears the target (an ordinary full target after it); the
            // Diamond Game's camps are closed to other colours, so its spoiler cannot park there.
            _ => {
                let reason = match rules {
                    RuleSet::Table { .. } => WinReason::AntiSpoil,
                    RuleSet::Masters {
                        blocked: Blocked::Swap,
                    } => WinReason::Target,
                    _ => WinReason::Filled,
                };
                assert_eq!(
                    status,
                    Status::Won { winner: 0, reason },
                    "{rules} after {} plies",
                    game.history().len()
                );
                if rules
                    == (RuleSet::Masters {
                        blocked: Blocked::Swap,
                    })
                {
                    assert!(
                        game.history()
                            .iter()
                            .any(|p| p.seat == 0 && p.mv.kind == MoveKind::Swap),
                        "Hard swapped the parked marble out"
                    );
                }
            }
        }
    }
}

#[test]
fn the_no_progress_draw_comes_thirty_turns_each_after_the_last_progress() {
    let game = play(RuleSet::Laws, spoiler, 2_000);
    let quiet = game.progress().quiet_plies;
    assert_eq!(quiet, NO_PROGRESS_TURNS * 2);
    // Taken back, the game goes on, and the count is where it was.
    let mut back = game.clone();
    assert!(back.undo());
    assert_eq!(back.status(), Status::Ongoing);
    assert_eq!(back.progress().quiet_plies, quiet - 1);
}

#[test]
fn hard_never_spoils_a_race_it_can_win() {
    // Against greedy, which always races, Hard finishes every game with a win of its own.
    for rules in [RuleSet::Laws, RuleSet::Table { long_hops: false }] {
        let game = play(rules, greedy, 600);
        assert!(
            matches!(game.status(), Status::Won { winner: 0, .. }),
            "{rules}: {:?} after {} plies",
            game.status(),
            game.history().len()
        );
    }
}

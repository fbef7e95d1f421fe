//! The planner's promises: legal moves only, wins when it can, stops when told, repeats itself.

use starhalma_ai::{Budget, Level, Planner, SplitMix, greedy};
use starhalma_rules::board::CAMPS;
use starhalma_rules::{
    Coord, Direction, Game, Hole, Move, Position, RuleSet, State, Status, Variant,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn every_variant() -> Vec<Variant> {
    Variant::all().collect()
}

/// Red (seat 0) has nine marbles in camp 3 and the tenth one step from the last hole; Blue's
/// marbles are in the hexagon.
fn one_move_from_winning(rules: RuleSet) -> Game {
    let target: Vec<Hole> = Hole::all().filter(|h| CAMPS[3] & h.bit() != 0).collect();
    let last = target[9];
    let entry = Hole::all()
        .find(|h| h.in_hexagon() && Direction::ALL.iter().any(|&d| h.neighbor(d) == Some(last)))
        .unwrap();
    let mut pieces: Vec<(Hole, u8, bool)> = target[..9].iter().map(|&h| (h, 0, false)).collect();
    pieces.push((entry, 0, false));
    for (q, r) in [(0, -2), (1, -2), (2, -2), (3, -3), (0, -4)] {
        pieces.push((Hole::at(Coord::new(q, r)).unwrap(), 1, false));
    }
    let pos = Position::from_placements(pieces).unwrap();
    Game::from_state(Variant::new(rules, 2).unwrap(), State::new(pos, 0, 100)).unwrap()
}

#[test]
fn finds_a_win_in_one_move() {
    for rules in [RuleSet::Laws, RuleSet::Table { long_hops: false }] {
        let game = one_move_from_winning(rules);
        for level in [Level::Medium, Level::Hard] {
            let mut planner = Planner::new(game.rules(), 1);
            let plan = planner.plan(&game, level, Budget::nodes(50_000));
            let mut after = game.clone();
            after.play(plan.mv).unwrap();
            assert!(
                matches!(after.status(), Status::Won { winner: 0, .. }),
                "{rules} {level:?} played {}",
                plan.mv
            );
        }
    }
}

#[test]
fn never_plays_an_illegal_move_in_thousands_of_random_positions() {
    let mut plans = 0;
    for (v, variant) in every_variant().into_iter().enumerate() {
        let mut game = Game::new(variant);
        let mut planners: Vec<Planner> = (0..variant.players())
            .map(|s| Planner::new(game.rules(), s as u64))
            .collect();
        let mut rng = SplitMix(0x9E37_79B9 + v as u64);
        // Random playouts, with every level planning in every position along the way.
        for ply in 0..200 {
            if game.is_over() {
                game = Game::new(variant);
            }
            let legal = game.legal_moves();
            for level in Level::ALL {
                let plan = planners[game.active() as usize].plan(&game, level, Budget::nodes(200));
                assert!(
                    legal.contains(&plan.mv),
                    "{variant}, ply {ply}, {level:?}: {} is not legal",
                    plan.mv
                );
                plans += 1;
            }
            let mv = legal[rng.below(legal.len())];
            game.play(mv).unwrap();
        }
    }
    assert!(plans >= 3000, "{plans} plans");
}

#[test]
fn with_no_legal_move_it_passes() {
    // Every hole full: nobody can move.
    let pieces = Hole::all()
        .enumerate()
        .map(|(i, h)| (h, (i % 2) as u8, false));
    let pos = Position::from_placements(pieces).unwrap();
    let variant = Variant::new(RuleSet::Laws, 2).unwrap();
    let game = Game::from_state(variant, State::new(pos, 0, 10)).unwrap();
    for level in Level::ALL {
        let mut planner = Planner::new(game.rules(), 3);
        assert_eq!(
            planner.plan(&game, level, Budget::nodes(1000)).mv,
            Move::PASS
        );
    }
    assert_eq!(greedy(&game), Move::PASS);
}

/// A flag another thread sets after `delay`.
fn cancel_after(delay: Duration) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(delay);
        flag.store(true, Ordering::Relaxed);
    });
    (cancel, stopper)
}

#[test]
fn a_cancelled_plan_returns_a_legal_move_before_its_budget() {
    let game = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap());
    let huge = Budget::nodes(u64::MAX);
    // Already cancelled: returns at once.
    let cancel = AtomicBool::new(true);
    let mut planner = Planner::new(game.rules(), 0);
    let plan = planner.plan_cancellable(&game, Level::Hard, huge, &cancel);
    assert!(game.legal_moves().contains(&plan.mv));
    assert!(plan.nodes < 1_000);
    // Cancelled from another thread while searching without any limit of its own.
    let (cancel, stopper) = cancel_after(Duration::from_millis(100));
    let mut planner = Planner::new(game.rules(), 0);
    let plan = planner.plan_cancellable(&game, Level::Hard, huge, &cancel);
    stopper.join().unwrap();
    assert!(
        cancel.load(Ordering::Relaxed),
        "the plan ended only after the cancel"
    );
    assert!(game.legal_moves().contains(&plan.mv));
}

#[test]
fn a_search_on_three_threads_stops_when_told_and_counts_every_threads_nodes() {
    let game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
    let (cancel, stopper) = cancel_after(Duration::from_millis(100));
    let mut planner = Planner::new(game.rules(), 0);
    planner.set_threads(3);
    let plan = planner.plan_cancellable(&game, Level::Hard, Budget::nodes(u64::MAX), &cancel);
    stopper.join().unwrap();
    assert!(
        cancel.load(Ordering::Relaxed),
        "the plan ended only after the cancel"
    );
    assert!(game.legal_moves().contains(&plan.mv));
    // A node budget stops the main search; the helpers' nodes come on top of it.
    let mut planner = Planner::new(game.rules(), 0);
    planner.set_threads(3);
    let plan = planner.plan(&game, Level::Hard, Budget::nodes(50_000));
    assert!(plan.nodes > 50_000, "{} nodes", plan.nodes);
    assert!(game.legal_moves().contains(&plan.mv));
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for variant in every_variant() {
        let mut game = Game::new(variant);
        for _ in 0..6 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        for level in Level::ALL {
            let budget = Budget::nodes(3_000);
            let a = Planner::new(game.rules(), 42).plan(&game, level, budget);
            let b = Planner::new(game.rules(), 42).plan(&game, level, budget);
            assert_eq!(a.mv, b.mv, "{variant} {level:?}");
            assert_eq!(a.nodes, b.nodes);
        }
    }
}

#[test]
fn hard_beats_greedy_in_a_short_match() {
    // A small sample of what the tournament CLI measures at length.
    let variant = Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap();
    let mut hard_wins = 0;
    for hard_seat in 0..2u8 {
        let mut game = Game::new(variant);
        let mut planner = Planner::new(game.rules(), 9);
        while !game.is_over() {
            let mv = if game.active() == hard_seat {
                planner.plan(&game, Level::Hard, Budget::nodes(20_000)).mv
            } else {
                greedy(&game)
            };
            game.play(mv).unwrap();
        }
        if matches!(game.status(), Status::Won { winner, .. } if winner == hard_seat) {
            hard_wins += 1;
        }
    }
    assert_eq!(hard_wins, 2);
}

#[test]
fn a_sliced_plan_keeps_each_slice_small_and_ends_with_a_legal_move() {
    let variant = Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap();
    let mut game = Game::new(variant);
    for _ in 0..6 {
        let mv = greedy(&game);
        game.play(mv).unwrap();
    }
    let mut planner = Planner::new(game.rules(), 5);
    let budget = Budget::nodes(60_000);
    let mut plan = planner.start_sliced(&game, Level::Hard, budget);
    let mut slices = 0;
    let result = loop {
        slices += 1;
        assert!(slices < 1_000, "the sliced plan never finished");
        if let Some(result) = planner.step(&mut plan, 5_000) {
            break result;
        }
    };
    assert!(
        slices >= 2,
        "a 60,000-node plan takes several 5,000-node slices"
    );
    assert!(result.nodes <= 60_000 + 1);
    assert!(
        result.depth >= 2,
        "the slices went deeper than one ply: {}",
        result.depth
    );
    assert!(game.legal_moves().contains(&result.mv));
}

#[test]
fn every_search_style_plays_legal_moves_under_every_rule_set() {
    use starhalma_ai::{Algorithm, Style};
    let styles = [
        Style::HARD_V1,
        Style {
            algorithm: Algorithm::Paranoid,
            ..Style::HARD
        },
        Style {
            algorithm: Algorithm::MaxN,
            ..Style::HARD
        },
        Style {
            algorithm: Algorithm::Mcts,
            ..Style::HARD
        },
        Style {
            solo: true,
            reply_beam: 3,
            leaf_moves: 2,
            reduce_after: 4,
            ..Style::HARD
        },
        Style {
            others_move: true,
            fade_from: 5,
            ..Style::HARD
        },
    ];
    for (v, variant) in every_variant().into_iter().enumerate() {
        let mut game = Game::new(variant);
        let mut planner = Planner::new(game.rules(), 5);
        let mut rng = SplitMix(0x51 + v as u64);
        for ply in 0..60 {
            if game.is_over() {
                break;
            }
            let legal = game.legal_moves();
            for style in styles {
                let plan = planner.plan_with(&game, style, Budget::nodes(300));
                assert!(
                    legal.contains(&plan.mv),
                    "{variant}, ply {ply}, {:?}: {} is not legal",
                    style.algorithm,
                    plan.mv
                );
            }
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
}

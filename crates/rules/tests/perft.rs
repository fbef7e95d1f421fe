//! Perft of the fast generator from every start, against counts derived independently by the
//! naive path-enumerating generator in `reference.rs` (`reference_perft_deep`).

use starhalma_rules::{Blocked, RuleSet, Rules, Variant, perft::perft};

fn count(rules: RuleSet, players: u8, depth: u32) -> u64 {
    let rules = Rules::new(Variant::new(rules, players).unwrap());
    let mut state = rules.initial_state();
    let n = perft(&rules, &mut state, depth);
    assert_eq!(
        state,
        rules.initial_state(),
        "perft leaves the state as it found it"
    );
    n
}

const TABLE: RuleSet = RuleSet::Table { long_hops: false };
const LONG: RuleSet = RuleSet::Table { long_hops: true };
const SWAP: RuleSet = RuleSet::Masters {
    blocked: Blocked::Swap,
};
const FILL: RuleSet = RuleSet::Masters {
    blocked: Blocked::Fill,
};

#[test]
fn two_players_depth_five() {
    assert_eq!(count(RuleSet::Laws, 2, 5), 3_188_520);
    assert_eq!(count(TABLE, 2, 5), 2_947_496);
    assert_eq!(count(LONG, 2, 5), 3_476_564);
    assert_eq!(count(SWAP, 2, 5), 3_188_520);
    assert_eq!(count(FILL, 2, 5), 3_188_520);
    assert_eq!(count(RuleSet::Diamond, 2, 5), 14_637_355);
}

#[test]
fn more_players_depth_four() {
    let expected = [
        (RuleSet::Laws, [66_640, 39_601, 40_189]),
        (TABLE, [65_072, 38_809, 39_005]),
        (LONG, [68_744, 41_692, 43_968]),
        (SWAP, [66_640, 39_601, 40_189]),
        (FILL, [66_640, 39_601, 40_189]),
    ];
    for (rules, counts) in expected {
        for (players, n) in [3, 4, 6].into_iter().zip(counts) {
            assert_eq!(count(rules, players, 4), n, "{rules} {players} players");
        }
    }
    assert_eq!(count(RuleSet::Diamond, 3, 4), 251_480);
}

#[test]
fn shallow_counts_grow_from_fourteen() {
    assert_eq!(count(RuleSet::Laws, 2, 1), 14);
    assert_eq!(count(RuleSet::Laws, 2, 2), 196);
    assert_eq!(count(RuleSet::Diamond, 3, 1), 20);
}

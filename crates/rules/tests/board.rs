//! The seed's structural checks of the board (seed 000, chapters 2-6), not only counts.

use starhalma_rules::board::{CAMPS, HEXAGON, camp_edge, camp_tip, render_camps};
use starhalma_rules::{Coord, Direction, Game, HOLE_COUNT, Hole, RuleSet, State, Variant};
use std::collections::{HashSet, VecDeque};

fn all_coords() -> HashSet<Coord> {
    Hole::all().map(Hole::coord).collect()
}

#[test]
fn the_board_has_61_hexagon_holes_and_six_camps_of_ten() {
    assert_eq!(Hole::all().count(), HOLE_COUNT);
    assert_eq!(HOLE_COUNT, 121);
    assert_eq!(HEXAGON.count_ones(), 61);
    let mut union = HEXAGON;
    for camp in CAMPS {
        assert_eq!(camp.count_ones(), 10);
        assert_eq!(union & camp, 0, "camps and hexagon are disjoint");
        union |= camp;
    }
    assert_eq!(union.count_ones(), 121);
}

#[test]
fn camp_zero_is_the_seeds_outward_triangle() {
    let c0: HashSet<Coord> = Hole::all()
        .filter(|h| h.camp() == Some(0))
        .map(Hole::coord)
        .collect();
    let expected: HashSet<Coord> = (5..=8)
        .flat_map(|q: i8| (-4..=-(q - 4)).map(move |r| Coord::new(q, r)))
        .collect();
    assert_eq!(c0, expected);
    assert_eq!(camp_tip(0).coord(), Coord::new(8, -4));
}

#[test]
fn each_camp_meets_the_hexagon_in_exactly_eight_adjacent_pairs() {
    for (i, camp) in CAMPS.iter().enumerate() {
        let mut pairs = 0;
        for h in Hole::all().filter(|h| camp & h.bit() != 0) {
            for d in Direction::ALL {
                if h.neighbor(d).is_some_and(Hole::in_hexagon) {
                    pairs += 1;
                }
            }
        }
        assert_eq!(pairs, 8, "camp {i}");
    }
}

#[test]
fn the_board_graph_is_connected() {
    let start = Hole::at(Coord::new(0, 0)).unwrap();
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(h) = queue.pop_front() {
        for d in Direction::ALL {
            if let Some(n) = h.neighbor(d).filter(|&n| seen.insert(n)) {
                queue.push_back(n);
            }
        }
    }
    assert_eq!(seen.len(), 121);
}

#[test]
fn the_board_is_centrally_symmetric_and_opposite_camps_are_reflections() {
    let v = all_coords();
    let neg: HashSet<Coord> = v.iter().map(|c| c.neg()).collect();
    assert_eq!(v, neg, "V = -V");
    let camp = |i: u8| -> HashSet<Coord> {
        Hole::all()
            .filter(|h| h.camp() == Some(i))
            .map(Hole::coord)
            .collect()
    };
    for i in 0..6u8 {
        let reflected: HashSet<Coord> = camp(i).iter().map(|c| c.neg()).collect();
        assert_eq!(camp((i + 3) % 6), reflected, "C_(i+3) = -C_i for i = {i}");
        let rotated: HashSet<Coord> = camp(0).iter().map(|c| c.rotate_by(i)).collect();
        assert_eq!(camp(i), rotated, "C_i = R^i(C_0) for i = {i}");
    }
}

#[test]
fn rotation_has_order_six_and_three_turns_negate() {
    for c in all_coords() {
        assert_eq!(c.rotate_by(6), c);
        assert_eq!(c.rotate_by(3), c.neg());
        assert_eq!(c.rotate().rotate_back(), c);
    }
}

#[test]
fn the_six_directions_are_the_seeds_in_order_and_pair_up_as_opposites() {
    let offsets: Vec<(i8, i8)> = Direction::ALL
        .iter()
        .map(|d| (d.offset().q, d.offset().r))
        .collect();
    assert_eq!(
        offsets,
        [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    );
    for d in Direction::ALL {
        assert_eq!(d.opposite().offset(), d.offset().neg());
        assert_eq!(d.opposite().opposite(), d);
    }
}

#[test]
fn neighbours_are_exactly_the_holes_one_direction_away() {
    let v = all_coords();
    for h in Hole::all() {
        for d in Direction::ALL {
            let c = h.coord().add(d.offset());
            assert_eq!(h.neighbor(d).map(Hole::coord), v.get(&c).copied());
        }
    }
}

#[test]
fn diamond_triangles_are_the_camp_and_its_five_edge_holes() {
    for i in 0..6u8 {
        let edge = camp_edge(i);
        assert_eq!(edge.count_ones(), 5);
        assert_eq!(edge & !HEXAGON, 0, "edge holes lie on the hexagon");
        // Each edge hole is next to the camp or one of the two hexagon corners beside it.
        let triangle = edge | CAMPS[i as usize];
        assert_eq!(triangle.count_ones(), 15);
    }
}

#[test]
fn every_seat_has_fourteen_legal_moves_at_the_start() {
    for rules in [
        RuleSet::Laws,
        RuleSet::Table { long_hops: false },
        RuleSet::Masters {
            blocked: starhalma_rules::Blocked::Swap,
        },
        RuleSet::Masters {
            blocked: starhalma_rules::Blocked::Fill,
        },
    ] {
        for &players in rules.player_counts() {
            let variant = Variant::new(rules, players).unwrap();
            let start = *Game::new(variant).position();
            for seat in variant.seats() {
                let state = State::new(start, seat, seat as u32);
                let game = Game::from_state(variant, state).unwrap();
                assert_eq!(game.legal_moves().len(), 14, "{variant}, seat {seat}");
            }
        }
    }
}

#[test]
fn long_hops_add_no_opening_moves_but_diamond_kings_do() {
    let long = Game::new(Variant::new(RuleSet::Table { long_hops: true }, 2).unwrap());
    assert_eq!(long.legal_moves().len(), 14);
    // 10 steps and 8 hops from the 15-marble triangle, plus the king's two row-jumps.
    let diamond = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    assert_eq!(diamond.legal_moves().len(), 20);
}

/// The seed's picture, with one correction: the seed draws the top point (camp 5) two columns to
/// the right of where its own rule ("each row r is drawn at horizontal offset 2q + r") puts it;
/// every other row matches the rule. The top point here follows the rule, mirroring the bottom.
const SEED_PICTURE: &str = "             5
            5 5
           5 5 5
          5 5 5 5
 4 4 4 4 . . . . . 0 0 0 0
  4 4 4 . . . . . . 0 0 0
   4 4 . . . . . . . 0 0
    4 . . . . . . . . 0
     . . . . . . . . .
    3 . . . . . . . . 1
   3 3 . . . . . . . 1 1
  3 3 3 . . . . . . 1 1 1
 3 3 3 3 . . . . . 1 1 1 1
          2 2 2 2
           2 2 2
            2 2
             2
";

#[test]
fn the_ascii_rendering_is_the_seeds_picture() {
    assert_eq!(render_camps(), SEED_PICTURE);
}

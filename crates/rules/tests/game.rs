//! Game flow, save files, notation and properties of random games in every rule set.

use proptest::prelude::*;
use starhalma_rules::board::{CAMPS, camp_tip};
use starhalma_rules::{
    Coord, Direction, Game, Hole, IllegalMove, Label, LoadError, Move, MoveKind, MoveList,
    NotationError, RuleSet, Status, Variant, WinReason, parse_moves,
};

fn every_variant() -> Vec<Variant> {
    Variant::all().collect()
}

fn h(q: i8, r: i8) -> Hole {
    Hole::at(Coord::new(q, r)).unwrap()
}

#[test]
fn an_illegal_move_is_refused_with_a_reason_and_changes_nothing() {
    let mut game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
    let before = game.clone();
    let cases = [
        ("s 0,0 1,0", IllegalMove::EmptyOrigin("0,0".into())),
        (
            "s -5,1 -4,1",
            IllegalMove::NotYourPiece {
                hole: "-5,1".into(),
            },
        ),
        (
            "s 5,-4 5,-3",
            IllegalMove::DestinationOccupied("5,-3".into()),
        ),
        (
            "s 5,-1 3,0",
            IllegalMove::NotAdjacent {
                from: "5,-1".into(),
                to: "3,0".into(),
            },
        ),
        (
            "j 5,-1 1,0",
            IllegalMove::NotReachable {
                from: "5,-1".into(),
                to: "1,0".into(),
            },
        ),
        ("x 5,-1 4,0", IllegalMove::SwapNotPlayed),
        ("pass", IllegalMove::CannotPass),
    ];
    for (text, reason) in cases {
        let mv: Move = text.parse().unwrap();
        assert_eq!(game.play(mv).unwrap_err(), reason, "{text}");
        assert_eq!(game, before, "{text} changed the game");
    }
    // The reasons read as sentences for the player.
    assert_eq!(
        IllegalMove::MustStayInTarget.to_string(),
        "a marble in its target must stay inside it"
    );
}

#[test]
fn undo_takes_back_moves_exactly_and_stops_at_the_start() {
    let mut game = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    let start = game.clone();
    let mut snapshots = vec![game.clone()];
    for _ in 0..12 {
        let mv = game.legal_moves()[3];
        game.play(mv).unwrap();
        snapshots.push(game.clone());
    }
    snapshots.pop();
    while let Some(expected) = snapshots.pop() {
        assert!(game.undo());
        assert_eq!(game, expected);
    }
    assert!(!game.undo());
    assert_eq!(game, start);
}

#[test]
fn resigning_with_two_players_gives_the_other_the_game_and_undo_takes_it_back() {
    let mut game = Game::new(Variant::new(RuleSet::Table { long_hops: false }, 2).unwrap());
    assert_eq!(
        game.resign(0),
        Ok(Status::Won {
            winner: 1,
            reason: WinReason::Resignation
        })
    );
    assert!(game.is_over());
    assert!(game.legal_moves().is_empty());
    assert!(game.resign(1).is_err());
    assert!(game.undo());
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.resigned(), None);
}

#[test]
fn diamond_three_player_resignation_goes_to_the_nearer_player_ties_to_the_next_in_turn() {
    // At the start Yellow and Green are equally far: the tie goes to the next after Red.
    let mut game = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    assert_eq!(
        game.resign(0),
        Ok(Status::Won {
            winner: 1,
            reason: WinReason::Resignation
        })
    );
    // If Yellow resigns at the start, Green (next after Yellow) wins the tie.
    let mut game = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    assert_eq!(
        game.resign(1),
        Ok(Status::Won {
            winner: 2,
            reason: WinReason::Resignation
        })
    );
    // Green moves a marble forward; then Red resigns: Green is nearer and wins.
    let mut game = Game::new(Variant::new(RuleSet::Diamond, 3).unwrap());
    let red = game.legal_moves()[0];
    game.play(red).unwrap();
    let yellow = game.legal_moves()[0];
    game.play(yellow).unwrap();
    // Green's longest forward jump.
    let tip = camp_tip(1);
    let green = game
        .legal_moves()
        .into_iter()
        .max_by_key(|m| m.from.distance(tip) as i32 - m.to.distance(tip) as i32)
        .unwrap();
    game.play(green).unwrap();
    // Red and Yellow each made one (forward) move too, so compare totals explicitly.
    let winner = match game.resign(0).unwrap() {
        Status::Won { winner, .. } => winner,
        other => panic!("{other:?}"),
    };
    let d = |s| game.rules().total_distance_to_tip(game.state(), s);
    assert!(d(winner) <= d(1) && d(winner) <= d(2));
}

#[test]
fn save_files_round_trip_mid_game_including_history_and_resignation() {
    for variant in every_variant() {
        let mut game = Game::new(variant);
        for i in 0..25 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[(i * 7) % moves.len()]).unwrap();
        }
        let loaded = Game::from_json(&game.to_json()).unwrap();
        assert_eq!(loaded, game, "{variant}");
        assert_eq!(loaded.history(), game.history());
        // And through serde directly.
        let via_serde: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(via_serde, game);
        game.resign(game.active()).unwrap();
        assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    }
}

/// Seed 004: "A toss of a coin decides who starts". Any seat may start; turns go round in the
/// usual order from it, the save file keeps it, and an old save without it starts with seat 0.
#[test]
fn any_seat_can_start_and_save_files_keep_who_did() {
    for variant in every_variant() {
        let n = variant.players();
        for first in 0..n {
            let mut game = Game::starting_with(variant, first).unwrap();
            assert_eq!((game.active(), game.first()), (first, first), "{variant}");
            assert_eq!(game.position(), Game::new(variant).position());
            let seats: Vec<u8> = (0..n * 2)
                .map(|i| {
                    let seat = game.active();
                    let mv = game.legal_moves()[i as usize % 3];
                    game.play(mv).unwrap();
                    seat
                })
                .collect();
            let expected: Vec<u8> = (0..n * 2).map(|i| (first + i) % n).collect();
            assert_eq!(seats, expected, "{variant}");
            let json = game.to_json();
            assert_eq!(json.contains("\"first\""), first != 0, "{json}");
            assert_eq!(Game::from_json(&json).unwrap(), game, "{variant}");
        }
        assert!(
            Game::starting_with(variant, n).is_err(),
            "{variant}: no seat {n}"
        );
    }
    // A file naming a seat that does not play is refused.
    let two = Variant::new(RuleSet::Laws, 2).unwrap();
    let json = Game::starting_with(two, 1)
        .unwrap()
        .to_json()
        .replace("\"first\": 1", "\"first\": 5");
    assert!(
        matches!(Game::from_json(&json), Err(LoadError::Start(_))),
        "{json}"
    );
}

#[test]
fn hand_built_games_save_their_starting_position() {
    let variant = Variant::new(RuleSet::Laws, 2).unwrap();
    let position = starhalma_rules::Position::from_placements([
        (h(0, 0), 0, false),
        (h(1, 0), 1, false),
        (h(-3, 2), 1, false),
    ])
    .unwrap();
    let mut game = Game::from_state(variant, starhalma_rules::State::new(position, 0, 0)).unwrap();
    game.play("j 0,0 2,0".parse().unwrap()).unwrap();
    let loaded = Game::from_json(&game.to_json()).unwrap();
    assert_eq!(loaded, game);
}

#[test]
fn corrupt_or_foreign_save_files_are_clear_errors() {
    let good = {
        let mut g = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
        g.play("s 5,-1 4,0".parse().unwrap()).unwrap();
        g.to_json()
    };
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "not a readable save file"),
        ("{".into(), "not a readable save file"),
        ("[1, 2, 3]".into(), "not a readable save file"),
        (
            good[..good.len() / 2].to_string(),
            "not a readable save file",
        ),
        (
            good.replace("starhalma-game", "chess-game"),
            "not a starhalma save file",
        ),
        (good.replace("\"version\": 1", "\"version\": 99"), "newer"),
        (
            good.replace("s 5,-1 4,0", "s 5,-1 3,0"),
            "move 1 ('s 5,-1 3,0') cannot be played",
        ),
        (good.replace("s 5,-1 4,0", "s 9,9 4,0"), "not on the board"),
        (good.replace("s 5,-1 4,0", "hop"), "not a move"),
        (good.replace("\"players\": 2", "\"players\": 5"), "players"),
        (good.replace("\"laws\"", "\"chess\""), "not a readable"),
        (
            good.replace("\"resigned\": null", "\"resigned\": 7"),
            "no seat 7",
        ),
    ];
    for (text, expected) in cases {
        let err = Game::from_json(&text).expect_err(&text).to_string();
        assert!(
            err.contains(expected),
            "{text:?}: error '{err}' lacks '{expected}'"
        );
    }
    assert!(matches!(Game::from_json("{}"), Err(LoadError::Json(_))));
}

#[test]
fn moves_print_and_parse_in_the_projects_notation() {
    let cases = ["s 4,-4 4,-3", "j 5,-4 3,-2", "x -2,2 -6,2", "pass"];
    for text in cases {
        let mv: Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
    }
    assert_eq!(
        "j 5,-4 3,-2".parse::<Move>().unwrap(),
        Move {
            kind: MoveKind::Jump,
            from: h(5, -4),
            to: h(3, -2)
        }
    );
    assert_eq!(
        parse_moves("s 5,-1 4,0; j 2,-5 4,-3 pass").unwrap().len(),
        3
    );
    assert!(matches!(
        "s 5,-1".parse::<Move>(),
        Err(NotationError::BadMove(_))
    ));
    assert!(matches!(
        "s 5,-1 5,0".parse::<Move>(),
        Err(NotationError::OffBoard(_))
    ));
    assert!(matches!(
        "s a,b 5,0".parse::<Move>(),
        Err(NotationError::BadHole(_))
    ));
    assert!(parse_moves("s 5,-1").is_err());
}

#[test]
fn player_relative_labels_round_trip_for_every_hole_and_every_camp() {
    for camp in 0..6u8 {
        let own_tip = camp_tip(camp);
        let target_tip = camp_tip((camp + 3) % 6);
        assert_eq!(Label::of(own_tip, camp), Label { row: 1, space: 1 });
        assert_eq!(Label::of(target_tip, camp), Label { row: 17, space: 1 });
        let mut rows = [0u8; 18];
        for hole in Hole::all() {
            let label = Label::of(hole, camp);
            assert!((1..=17).contains(&label.row));
            rows[label.row as usize] += 1;
            assert_eq!(label.hole(camp), Ok(hole));
            let text = label.to_string();
            assert_eq!(text.parse::<Label>(), Ok(label));
        }
        assert_eq!(
            &rows[1..],
            &[1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        // Rows 1-4 are the own camp, rows 14-17 the target.
        for hole in Hole::all() {
            let row = Label::of(hole, camp).row;
            assert_eq!(row <= 4, CAMPS[camp as usize] & hole.bit() != 0);
            assert_eq!(row >= 14, CAMPS[(camp as usize + 3) % 6] & hole.bit() != 0);
        }
    }
    // The camp-0 player's left is towards camp 1 (growing r): R4 S1 is 5,-1.
    assert_eq!(Label::of(h(5, -1), 0).to_string(), "R4 S1");
    assert_eq!(Label { row: 4, space: 1 }.hole(0), Ok(h(5, -1)));
    assert!("R4".parse::<Label>().is_err());
    assert!(Label { row: 1, space: 2 }.hole(0).is_err());
    assert_eq!("r10s1".parse::<Label>(), Ok(Label { row: 10, space: 1 }));
}

/// Is `hop` (a to b) a legal single hop for the moving piece, given the occupied holes without
/// it? Checked from first principles along the line from a to b.
fn hop_is_legal(
    variant: Variant,
    occupied: u128,
    kings: u128,
    king: bool,
    a: Hole,
    b: Hole,
) -> bool {
    let Some((d, k)) = Direction::ALL
        .iter()
        .find_map(|&d| a.ray(d).position(|x| x == b).map(|i| (d, i + 1)))
    else {
        return false;
    };
    let between: Vec<Hole> = a.ray(d).take(k - 1).collect();
    let occ = |x: &Hole| occupied & x.bit() != 0;
    if occ(&b) {
        return false;
    }
    match variant.rules() {
        RuleSet::Table { long_hops: true } => {
            // A single marble exactly in the middle, everything else empty.
            k % 2 == 0
                && between
                    .iter()
                    .enumerate()
                    .all(|(i, x)| occ(x) == (i + 1 == k / 2))
        }
        RuleSet::Diamond if king => {
            k >= 2 && between.iter().all(|x| occ(x) && kings & x.bit() == 0)
        }
        RuleSet::Diamond => k == 2 && occ(&between[0]) && kings & between[0].bit() == 0,
        _ => k == 2 && occ(&between[0]),
    }
}

fn check_invariants(game: &Game) {
    let variant = game.variant();
    let pos = game.position();
    let marbles = variant.rules().marbles();
    let mut union = 0u128;
    for seat in variant.seats() {
        let pieces = pos.pieces(seat);
        assert_eq!(pieces.count_ones(), marbles, "no capture, no creation");
        assert_eq!(union & pieces, 0, "one piece per hole");
        union |= pieces;
        if variant.rules() == RuleSet::Diamond {
            assert_eq!((pos.kings() & pieces).count_ones(), 1, "one king each");
        }
    }
    assert_eq!(union, pos.occupied());
    assert_eq!(pos.kings() & !pos.occupied(), 0);
    let expected_active = (game.state().ply() % variant.players() as u32) as u8;
    assert_eq!(game.active(), expected_active);
    if !game.is_over() {
        let mut list = MoveList::new();
        game.rules().generate(game.state(), &mut list);
        assert_eq!(
            game.rules().count_moves(game.state()),
            list.len() as u64,
            "bulk count agrees with generation"
        );
        let mut sorted = list.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), list.len(), "no duplicate moves");
    }
}

/// Play `plies` pseudo-random moves from the start of `variant`, checking everything after each.
fn random_game(variant: Variant, seed: u64, plies: usize) {
    let mut game = Game::new(variant);
    let mut rng = seed | 1;
    check_invariants(&game);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = moves[(rng % moves.len() as u64) as usize];
        let before = game.clone();
        let occupied_without = before.position().occupied() & !mv.from.bit();
        let king = before.position().is_king(mv.from);
        let played = game.play(mv).unwrap().clone();
        // The route: origin to destination, each hop legal on its own.
        if !mv.is_pass() {
            assert_eq!(played.route.first(), Some(&mv.from));
            assert_eq!(played.route.last(), Some(&mv.to));
        }
        match mv.kind {
            MoveKind::Step => assert_eq!(played.route.len(), 2),
            MoveKind::Jump => {
                for hop in played.route.windows(2) {
                    assert!(
                        hop_is_legal(
                            variant,
                            occupied_without,
                            before.position().kings(),
                            king,
                            hop[0],
                            hop[1]
                        ),
                        "{variant}: hop {} -> {} of {mv}",
                        hop[0],
                        hop[1]
                    );
                }
            }
            MoveKind::Swap | MoveKind::Pass => {}
        }
        // Applying the move changes exactly its two holes.
        let (a, b) = (before.position().owners(), game.position().owners());
        let changed = (0..121).filter(|&i| a[i] != b[i]).count();
        let expected = if mv.is_pass() { 0 } else { 2 };
        assert_eq!(changed, expected, "{mv}");
        check_invariants(&game);
        // Undo restores bit for bit.
        let mut undone = game.clone();
        undone.undo();
        assert_eq!(undone, before);
    }
    assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_games_keep_every_invariant(index in 0usize..18, seed in any::<u64>(), plies in 1usize..160) {
        let variants = every_variant();
        random_game(variants[index % variants.len()], seed, plies);
    }
}

#[test]
fn every_variant_survives_long_random_games() {
    for (i, variant) in every_variant().into_iter().enumerate() {
        random_game(variant, 0x5eed + i as u64, 400);
    }
}

#[test]
fn a_finished_game_accepts_no_move() {
    let mut game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
    game.resign(1).unwrap();
    assert_eq!(
        game.play("s 5,-1 4,0".parse().unwrap()).unwrap_err(),
        IllegalMove::GameOver
    );
}

#[test]
fn game_status_is_reported_for_every_rule_set_start() {
    for variant in every_variant() {
        let game = Game::new(variant);
        assert_eq!(game.status(), Status::Ongoing);
        assert_eq!(game.active(), 0);
        assert!(!game.legal_moves().is_empty());
    }
}

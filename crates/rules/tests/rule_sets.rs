//! Hand-built positions for each rule of each rule set.

use starhalma_rules::board::CAMPS;
use starhalma_rules::{
    Blocked, Coord, DrawReason, Game, Hole, IllegalMove, Move, MoveKind, Position, RankReason,
    RuleSet, State, Status, Variant, WinReason,
};

fn h(q: i8, r: i8) -> Hole {
    Hole::at(Coord::new(q, r)).unwrap_or_else(|| panic!("({q},{r}) is off the board"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Holes of camp `i`.
fn camp(i: usize) -> Vec<Hole> {
    Hole::all().filter(|x| CAMPS[i] & x.bit() != 0).collect()
}

/// A game in `rules` with `players`, from placements `(q, r, seat, king)`, `active` to move
/// after `ply` turns.
fn game(rules: RuleSet, players: u8, pieces: &[(i8, i8, u8, bool)], active: u8, ply: u32) -> Game {
    let pos =
        Position::from_placements(pieces.iter().map(|&(q, r, s, k)| (h(q, r), s, k))).unwrap();
    Game::from_state(
        Variant::new(rules, players).unwrap(),
        State::new(pos, active, ply),
    )
    .unwrap()
}

fn placements(holes: &[Hole], seat: u8) -> Vec<(i8, i8, u8, bool)> {
    holes
        .iter()
        .map(|x| (x.coord().q, x.coord().r, seat, false))
        .collect()
}

fn has(game: &Game, text: &str) -> bool {
    game.legal_moves().contains(&mv(text))
}

const LAWS: RuleSet = RuleSet::Laws;
const TABLE: RuleSet = RuleSet::Table { long_hops: false };
const LONG: RuleSet = RuleSet::Table { long_hops: true };
const SWAP: RuleSet = RuleSet::Masters {
    blocked: Blocked::Swap,
};
const FILL: RuleSet = RuleSet::Masters {
    blocked: Blocked::Fill,
};

// ---------------------------------------------------------------- laws (seed 000)

#[test]
fn laws_jumps_go_over_any_colour_and_chain_in_any_direction() {
    // Red (seat 0) at 0,0 hops Blue's 1,0 to 2,0, then its own 2,1 to 2,2.
    let g = game(
        LAWS,
        2,
        &[(0, 0, 0, false), (1, 0, 1, false), (2, 1, 0, false)],
        0,
        0,
    );
    assert!(has(&g, "j 0,0 2,0"));
    assert!(has(&g, "j 0,0 2,2"));
    // A chain may hop out and straight back over the same piece, but never end at its origin.
    assert!(!g.legal_moves().iter().any(|m| m.from == m.to));
}

#[test]
fn laws_two_routes_to_one_hole_are_one_move() {
    // 0,0 reaches 2,2 by 0,0 -> 2,0 -> 2,2 and by 0,0 -> 0,2 -> 2,2.
    let g = game(
        LAWS,
        2,
        &[
            (0, 0, 0, false),
            (1, 0, 1, false),
            (2, 1, 1, false),
            (0, 1, 1, false),
            (1, 2, 1, false),
        ],
        0,
        0,
    );
    let to_2_2: Vec<Move> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == h(0, 0) && m.to == h(2, 2))
        .collect();
    assert_eq!(to_2_2, vec![mv("j 0,0 2,2")]);
    // Hops move by two holes along a line, so a single-hop chain never ends next to its
    // origin: steps and jumps of one piece never share a destination here.
    assert!(has(&g, "s 0,0 1,-1"));
    assert!(!has(&g, "j 0,0 1,-1"));
}

#[test]
fn diamond_king_step_and_king_jump_to_the_same_hole_are_two_moves() {
    // King 0,0 -> -2,2 (over -1,1) -> -2,-1 (over the row -2,1 -2,0) -> 0,-1 (over -1,-1),
    // and 0,-1 is also one step away.
    let g = game(
        RuleSet::Diamond,
        2,
        &[
            (0, 0, 0, true),
            (-2, 0, 1, false),
            (-2, 1, 1, false),
            (-1, -1, 0, false),
            (-1, 1, 0, false),
            (-4, 8, 1, true),
        ],
        0,
        0,
    );
    assert!(has(&g, "s 0,0 0,-1"));
    assert!(has(&g, "j 0,0 0,-1"));
    let mut played = g.clone();
    let route = played.play(mv("j 0,0 0,-1")).unwrap().route.clone();
    assert_eq!(route, vec![h(0, 0), h(-2, 2), h(-2, -1), h(0, -1)]);
}

#[test]
fn laws_moves_change_exactly_two_holes_and_capture_nothing() {
    let mut g = Game::new(Variant::new(LAWS, 2).unwrap());
    let before = g.position().owners();
    g.play(mv("j 6,-4 4,-4")).unwrap();
    let after = g.position().owners();
    let changed: Vec<usize> = (0..121).filter(|&i| before[i] != after[i]).collect();
    assert_eq!(changed.len(), 2);
    assert_eq!(g.position().occupied().count_ones(), 20);
}

#[test]
fn laws_a_player_without_moves_passes_and_all_passing_is_a_draw() {
    // Every hole full: nobody can move.
    let pieces: Vec<_> = Hole::all()
        .enumerate()
        .map(|(i, x)| (x.coord().q, x.coord().r, (i % 2) as u8, false))
        .collect();
    let mut g = game(LAWS, 2, &pieces, 0, 10);
    assert_eq!(g.legal_moves(), vec![Move::PASS]);
    g.play(Move::PASS).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.active(), 1);
    g.play(Move::PASS).unwrap();
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::AllPassed
        }
    );
}

#[test]
fn passing_is_refused_while_a_move_exists() {
    let mut g = Game::new(Variant::new(LAWS, 2).unwrap());
    assert_eq!(g.play(Move::PASS).unwrap_err(), IllegalMove::CannotPass);
    assert!(g.history().is_empty());
}

#[test]
fn laws_win_needs_all_ten_target_holes_with_own_pieces() {
    // Red has nine in camp 3 and steps the tenth in.
    let mut target = camp(3);
    let last = target.pop().unwrap();
    let mut pieces = placements(&target, 0);
    let entry = Hole::all()
        .find(|x| x.in_hexagon() && x.neighbor_of(last))
        .unwrap();
    pieces.push((entry.coord().q, entry.coord().r, 0, false));
    // Blue has left its camp (Red's target is Blue's camp 3; Blue's target is camp 0).
    pieces.extend([(0, -2, 1, false), (1, -2, 1, false), (2, -2, 1, false)]);
    let mut g = game(LAWS, 2, &pieces, 0, 100);
    assert_eq!(g.status(), Status::Ongoing);
    g.play(Move::step(entry, last)).unwrap();
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::Target
        }
    );
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.check(Move::PASS), Err(IllegalMove::GameOver));
}

trait Adjacent {
    fn neighbor_of(self, other: Hole) -> bool;
}

impl Adjacent for Hole {
    fn neighbor_of(self, other: Hole) -> bool {
        starhalma_rules::Direction::ALL
            .iter()
            .any(|&d| self.neighbor(d) == Some(other))
    }
}

// ---------------------------------------------------------------- table (seed 001)

#[test]
fn table_moves_end_only_in_hexagon_own_or_target_point_but_chains_pass_through() {
    // Red on 4,0; pieces on 4,1 and 3,2 (both in camp 1, unused with two players).
    let pieces = [
        (4, 0, 0, false),
        (4, 1, 1, false),
        (3, 2, 1, false),
        (5, -1, 0, false),
    ];
    let laws = game(LAWS, 2, &pieces, 0, 0);
    let table = game(TABLE, 2, &pieces, 0, 0);
    // Laws: 4,0 may hop into camp 1 and stop there.
    assert!(has(&laws, "j 4,0 4,2"));
    // Table: not stop there, but pass through it to 2,2 in the hexagon.
    assert!(!has(&table, "j 4,0 4,2"));
    assert!(has(&table, "j 4,0 2,2"));
    assert!(has(&laws, "j 4,0 2,2"));
    assert_eq!(
        table.check(mv("j 4,0 4,2")),
        Err(IllegalMove::CannotStopThere("4,2".into()))
    );
    // No step into another point either; own point is fine.
    assert_eq!(
        table.check(mv("s 5,-1 6,-2")),
        Ok(()),
        "own point is allowed"
    );
}

#[test]
fn table_a_marble_in_its_target_must_end_every_move_inside_it() {
    // Red's marble on -5,1 is home (camp 3); it may step within camp 3 but not out.
    let g = game(TABLE, 2, &[(-5, 1, 0, false), (5, -1, 1, false)], 0, 0);
    assert!(has(&g, "s -5,1 -5,2"));
    assert!(has(&g, "s -5,1 -6,2"));
    assert!(!has(&g, "s -5,1 -4,1"));
    assert_eq!(
        g.check(mv("s -5,1 -4,1")),
        Err(IllegalMove::MustStayInTarget)
    );
    // The laws let it leave.
    let laws = game(LAWS, 2, &[(-5, 1, 0, false), (5, -1, 1, false)], 0, 0);
    assert!(has(&laws, "s -5,1 -4,1"));
}

/// Two-player table position: camp 3 (Red's target) holds 7 Red and 3 Blue marbles; Red's other
/// 3 marbles and Blue's other 7 stand in the hexagon.
fn spoiled_position(ply: u32, active: u8) -> Game {
    let target = camp(3);
    let mut pieces = placements(&target[..7], 0);
    pieces.extend(placements(&target[7..], 1));
    pieces.extend([(0, 0, 0, false), (1, 0, 0, false), (2, 0, 0, false)]);
    pieces.extend([
        (0, -2, 1, false),
        (1, -2, 1, false),
        (2, -2, 1, false),
        (3, -2, 1, false),
        (-1, -2, 1, false),
        (-2, -2, 1, false),
        (0, -3, 1, false),
    ]);
    game(TABLE, 2, &pieces, active, ply)
}

#[test]
fn table_anti_spoiling_counts_only_once_everyone_has_had_thirty_turns() {
    // 59 turns played: Blue (seat 1) has had 29. The target is full of Red and Blue.
    let mut g = spoiled_position(59, 1);
    assert_eq!(g.status(), Status::Ongoing);
    // Blue's 30th turn, anywhere: the threshold itself ends the game for Red.
    g.play(mv("s 0,-3 0,-4")).unwrap();
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::AntiSpoil
        }
    );
    // Undo goes back to before the threshold.
    assert!(g.undo());
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn table_a_move_can_make_someone_else_finish() {
    // After the threshold: Blue's target-spoiling marble steps back into its own point and fills
    // Red's target, so Red finishes on Blue's move.
    let target = camp(3);
    let mut pieces = placements(&target[..7], 0);
    pieces.extend(placements(&target[7..9], 1));
    let empty = target[9];
    let blue_outside = Hole::all()
        .find(|x| x.in_hexagon() && x.neighbor_of(empty))
        .unwrap();
    pieces.push((blue_outside.coord().q, blue_outside.coord().r, 1, false));
    pieces.extend([(2, -2, 0, false), (1, -2, 0, false), (0, -2, 0, false)]);
    let mut g = game(TABLE, 2, &pieces, 1, 61);
    assert_eq!(g.status(), Status::Ongoing);
    g.play(Move::step(blue_outside, empty)).unwrap();
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::AntiSpoil
        }
    );
    // Red is first; Blue, with nothing home, second.
    let ranking = g.ranking();
    assert_eq!(
        (ranking[0].seat, ranking[0].place, ranking[0].home),
        (0, 1, 10)
    );
    assert_eq!((ranking[1].seat, ranking[1].place), (1, 2));
    // Live counts say the same: Red ten (seed 001: the winner counts ten), Blue none.
    assert_eq!((g.marbles_home(0), g.marbles_home(1)), (10, 0));
    // Before the move that finished it, Red had only its own seven home.
    assert!(g.undo());
    assert_eq!(g.marbles_home(0), 7);
}

#[test]
fn a_winner_by_resignation_counts_only_its_own_marbles_home() {
    let mut g = spoiled_position(40, 0);
    assert_eq!(g.marbles_home(0), 7);
    g.resign(1).unwrap();
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::Resignation
        }
    );
    assert_eq!(g.marbles_home(0), 7, "nothing finished: no full count");
    assert_eq!(g.ranking()[0].home, 7);
}

#[test]
fn table_stops_after_200_turns_each_and_ranks_by_marbles_home_then_distance() {
    // Three players; Red has 2 home, Yellow 2 home, Green 1 home. Red and Yellow's remaining
    // marbles are equally far, so they share first place.
    let variant = Variant::new(TABLE, 3).unwrap();
    let start = *Game::new(variant).position();
    let mut g = Game::from_state(variant, State::new(start, 2, 599)).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
    let first = g.legal_moves()[0];
    g.play(first).unwrap();
    assert_eq!(
        g.status(),
        Status::Ranked {
            reason: RankReason::TurnCap
        }
    );
    let ranking = g.ranking();
    // Red and Yellow untouched and symmetric: level; Green moved one marble, nearer home.
    let place = |seat: u8| ranking.iter().find(|p| p.seat == seat).unwrap().place;
    assert_eq!(place(2), 1, "Green moved a marble forward");
    assert_eq!(place(0), 2);
    assert_eq!(place(1), 2, "level on both: shared place");
}

#[test]
fn table_long_hops_go_over_a_distant_single_marble_symmetrically() {
    let pieces = [(-2, 0, 0, false), (0, 0, 1, false)];
    let long = game(LONG, 2, &pieces, 0, 0);
    let short = game(TABLE, 2, &pieces, 0, 0);
    assert!(has(&long, "j -2,0 2,0"));
    assert!(!has(&short, "j -2,0 2,0"));
    // A second marble on the way out blocks the long hop.
    let blocked = game(
        LONG,
        2,
        &[(-2, 0, 0, false), (0, 0, 1, false), (1, 0, 1, false)],
        0,
        0,
    );
    assert!(!has(&blocked, "j -2,0 2,0"));
    assert!(!has(&blocked, "j -2,0 3,0"), "only over a single marble");
    // Adjacent hops still work.
    let adjacent = game(LONG, 2, &[(-2, 0, 0, false), (-1, 0, 1, false)], 0, 0);
    assert!(has(&adjacent, "j -2,0 0,0"));
    // Chains of long hops.
    let chain = game(
        LONG,
        2,
        &[(-3, 0, 0, false), (-1, 0, 1, false), (1, -1, 1, false)],
        0,
        0,
    );
    // -3,0 over -1,0 to 1,0; then over 1,-1 to 1,-2.
    assert!(has(&chain, "j -3,0 1,-2"));
}

// ---------------------------------------------------------------- masters (seed 004)

#[test]
fn masters_pegs_may_rest_in_any_triangle_but_not_leave_their_target() {
    let pieces = [(4, 0, 0, false), (-5, 1, 0, false), (5, -1, 1, false)];
    let g = game(SWAP, 2, &pieces, 0, 0);
    assert!(has(&g, "s 4,0 4,1"), "into an unused triangle");
    assert!(!has(&g, "s -5,1 -4,1"), "out of the target");
    assert!(has(&g, "s -5,1 -5,2"), "within the target");
}

#[test]
fn masters_swap_trades_places_with_a_blocking_peg_reachable_by_step_or_chain() {
    // Blue (seat 1) pegs sit on -6,2 and -5,2 in Red's target; Red's peg on -2,2 can chain
    // -2,2 -> -4,2 (over -3,2) and would land on -6,2 (over -5,2) were it empty.
    let pieces = [
        (-2, 2, 0, false),
        (-3, 2, 0, false),
        (-6, 2, 1, false),
        (-5, 2, 1, false),
        (-4, 1, 0, false),
    ];
    let mut g = game(SWAP, 2, &pieces, 0, 0);
    assert!(has(&g, "x -2,2 -6,2"));
    assert!(!has(&g, "x -2,2 -5,2"), "not reachable by a chain");
    // By a step: -4,1 is next to -5,2.
    assert!(has(&g, "x -4,1 -5,2"));
    let fill = game(FILL, 2, &pieces, 0, 0);
    assert!(!fill.legal_moves().iter().any(|m| m.kind == MoveKind::Swap));
    assert_eq!(
        fill.check(mv("x -2,2 -6,2")),
        Err(IllegalMove::SwapNotPlayed)
    );

    let before = g.clone();
    let played = g.play(mv("x -2,2 -6,2")).unwrap().clone();
    assert_eq!(played.route, vec![h(-2, 2), h(-4, 2), h(-6, 2)]);
    assert_eq!(g.position().owner(h(-6, 2)), Some(0));
    assert_eq!(g.position().owner(h(-2, 2)), Some(1));
    assert_eq!(g.position().occupied(), before.position().occupied());
    g.undo();
    assert_eq!(g, before);
}

#[test]
fn masters_fill_wins_with_a_full_target_holding_one_own_peg() {
    let target = camp(3);
    let mut pieces = placements(&target[..9], 1);
    let empty = target[9];
    let red = Hole::all()
        .find(|x| x.in_hexagon() && x.neighbor_of(empty))
        .unwrap();
    pieces.push((red.coord().q, red.coord().r, 0, false));
    let mut fill = game(FILL, 2, &pieces, 0, 0);
    fill.play(Move::step(red, empty)).unwrap();
    assert_eq!(
        fill.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::Filled
        }
    );
    let mut swap = game(SWAP, 2, &pieces, 0, 0);
    swap.play(Move::step(red, empty)).unwrap();
    assert_eq!(swap.status(), Status::Ongoing);
}

// ---------------------------------------------------------------- diamond (seed 003)

const DIAMOND: RuleSet = RuleSet::Diamond;

#[test]
fn diamond_king_jumps_a_row_without_kings_and_regulars_jump_one_non_king() {
    // Red king on 1,0 with a row 0,0 -1,0 -2,0 and -3,0 empty.
    let row = [
        (1, 0, 0, true),
        (0, 0, 1, false),
        (-1, 0, 0, false),
        (-2, 0, 1, false),
    ];
    let g = game(DIAMOND, 2, &row, 0, 0);
    assert!(has(&g, "j 1,0 -3,0"));
    // A king in the row stops it.
    let g = game(
        DIAMOND,
        2,
        &[
            (1, 0, 0, true),
            (0, 0, 1, false),
            (-1, 0, 1, true),
            (-2, 0, 1, false),
        ],
        0,
        0,
    );
    assert!(!has(&g, "j 1,0 -3,0"));
    assert!(!has(&g, "j 1,0 -2,0"));
    // A regular marble cannot hop two in a row, nor a king.
    let g = game(
        DIAMOND,
        2,
        &[(1, 0, 0, false), (0, 0, 1, false), (-1, 0, 1, false)],
        0,
        0,
    );
    assert!(!has(&g, "j 1,0 -2,0"));
    let g = game(DIAMOND, 2, &[(1, 0, 0, false), (0, 0, 1, true)], 0, 0);
    assert!(!has(&g, "j 1,0 -1,0"));
    let g = game(DIAMOND, 2, &[(1, 0, 0, false), (0, 0, 1, false)], 0, 0);
    assert!(has(&g, "j 1,0 -1,0"));
    // The king hops a single marble too, and chains.
    let g = game(
        DIAMOND,
        2,
        &[(1, 0, 0, true), (0, 0, 1, false), (-1, 1, 1, false)],
        0,
        0,
    );
    assert!(has(&g, "j 1,0 -1,0"));
    assert!(has(&g, "j 1,0 -1,2"));
}

#[test]
fn diamond_marbles_never_stop_or_land_in_other_colours_triangles() {
    // Red on 4,0: camp 1 (Green's) is closed; the same chain that table allows is not legal.
    let pieces = [
        (4, 0, 0, false),
        (4, 1, 1, false),
        (3, 2, 1, false),
        (0, 4, 1, true),
    ];
    let g = game(DIAMOND, 2, &pieces, 0, 0);
    assert!(!has(&g, "s 4,0 4,1"));
    assert!(!has(&g, "j 4,0 4,2"));
    assert!(
        !has(&g, "j 4,0 2,2"),
        "landing mid-chain in camp 1 is forbidden"
    );
    assert!(has(&g, "s 4,0 5,-1"), "own start triangle");
    // Hexagon-edge holes of another colour's triangle are open: Yellow's edge hole -1,4.
    let g = game(DIAMOND, 2, &[(-1, 3, 0, false), (0, 4, 1, true)], 0, 0);
    assert!(has(&g, "s -1,3 -1,4"));
}

/// Two-player diamond: Yellow's (seat 1, camp 2) target is camp 5 plus its edge; fill all of it
/// but `missing`, with Yellow's king on the tip 4,-8.
fn yellow_target_nearly_full(missing: Hole) -> Vec<(i8, i8, u8, bool)> {
    let triangle = CAMPS[5] | starhalma_rules::board::camp_edge(5);
    Hole::all()
        .filter(|x| triangle & x.bit() != 0 && *x != missing)
        .map(|x| {
            let c = x.coord();
            let king = c == Coord::new(4, -8);
            (c.q, c.r, 1, king)
        })
        .collect()
}

#[test]
fn diamond_a_move_that_makes_another_player_win_is_illegal() {
    // Yellow's target lacks only the edge hole 0,-4; Red could step there from 0,-3.
    let mut pieces = yellow_target_nearly_full(h(0, -4));
    pieces.push((0, -3, 0, false));
    pieces.push((8, -4, 0, true));
    let g = game(DIAMOND, 2, &pieces, 0, 0);
    assert!(!has(&g, "s 0,-3 0,-4"));
    assert_eq!(
        g.check(mv("s 0,-3 0,-4")),
        Err(IllegalMove::MakesAnotherWin)
    );
    assert!(has(&g, "s 0,-3 -1,-3"));
}

#[test]
fn diamond_win_needs_the_fifteen_holes_full_and_the_own_king_on_the_tip() {
    // Red's target: camp 3 and its edge; tip -8,4.
    let triangle = CAMPS[3] | starhalma_rules::board::camp_edge(3);
    let holes: Vec<Hole> = Hole::all().filter(|x| triangle & x.bit() != 0).collect();
    let tip = h(-8, 4);
    let entry_from = h(-3, 0);
    let last = h(-4, 0);
    assert!(holes.contains(&last));
    // Everything full but -4,0 with Red; king on the tip.
    let mut pieces: Vec<_> = holes
        .iter()
        .filter(|&&x| x != last)
        .map(|x| (x.coord().q, x.coord().r, 0, *x == tip))
        .collect();
    pieces.push((entry_from.coord().q, entry_from.coord().r, 0, false));
    pieces.push((-4, 8, 1, true));
    let mut g = game(DIAMOND, 2, &pieces, 0, 0);
    g.play(Move::step(entry_from, last)).unwrap();
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::Filled
        }
    );
    // The same with a regular marble on the tip and the king elsewhere in the triangle: no win.
    let other = h(-7, 4);
    let pieces: Vec<_> = pieces
        .iter()
        .map(|&(q, r, s, _)| {
            (
                q,
                r,
                s,
                Coord::new(q, r) == other.coord() || (q, r) == (-4, 8),
            )
        })
        .collect();
    let mut g = game(DIAMOND, 2, &pieces, 0, 0);
    g.play(Move::step(entry_from, last)).unwrap();
    assert_eq!(g.status(), Status::Ongoing);
}

/// Seed 003: "If the 15 spaces of your target triangle are filled but your king isn't on ◎" —
/// filled with marbles of any colour, not only the player's own.
#[test]
fn diamond_king_to_the_tip_when_the_target_is_filled_with_any_colours() {
    // Red's target: camp 3 (tip -8,4) and its edge (q = -4). Red's king waits outside; a plain
    // Red marble stands on the tip; two yellow marbles fill edge holes.
    let triangle = CAMPS[3] | starhalma_rules::board::camp_edge(3);
    let yellow_edge = [h(-4, 3), h(-4, 4)];
    let mut pieces: Vec<_> = Hole::all()
        .filter(|x| triangle & x.bit() != 0 && !yellow_edge.contains(x))
        .map(|x| (x.coord().q, x.coord().r, 0, false))
        .collect();
    pieces.extend(yellow_edge.map(|x| (x.coord().q, x.coord().r, 1, false)));
    pieces.push((-2, 0, 0, true));
    pieces.push((-4, 8, 1, true));
    let g = game(DIAMOND, 2, &pieces, 0, 0);
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.king_to_tip(0), "full with mixed colours, king away");
    assert!(!g.king_to_tip(1), "Yellow's target is empty");
    // One edge hole empty: not filled, nothing to say.
    let open: Vec<_> = pieces
        .iter()
        .copied()
        .filter(|&(q, r, _, _)| (q, r) != (-4, 4))
        .collect();
    assert!(!game(DIAMOND, 2, &open, 0, 0).king_to_tip(0));
    // Another rule set never asks for a king.
    let table = spoiled_position(10, 0);
    assert!(!table.king_to_tip(0));
}

#[test]
fn diamond_marbles_may_leave_the_target() {
    let g = game(DIAMOND, 2, &[(-5, 1, 0, false), (-4, 8, 1, true)], 0, 0);
    assert!(has(&g, "s -5,1 -4,1"));
}

#[test]
fn diamond_is_a_draw_after_400_moves_per_player() {
    let variant = Variant::new(DIAMOND, 2).unwrap();
    let start = *Game::new(variant).position();
    let mut g = Game::from_state(variant, State::new(start, 1, 799)).unwrap();
    let first = g.legal_moves()[0];
    g.play(first).unwrap();
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::MoveCap
        }
    );
}

#[test]
fn diamond_two_players_keep_their_three_player_camps() {
    let two = Game::new(Variant::new(DIAMOND, 2).unwrap());
    let red = two.position().pieces(0);
    let yellow = two.position().pieces(1);
    assert_eq!(red.count_ones(), 15);
    assert_eq!(yellow.count_ones(), 15);
    assert_eq!(red & CAMPS[0], CAMPS[0]);
    assert_eq!(yellow & CAMPS[2], CAMPS[2]);
    assert!(two.position().is_king(h(8, -4)));
    assert!(two.position().is_king(h(-4, 8)));
}

#[test]
fn a_hand_built_position_can_start_already_won() {
    let mut pieces = placements(&camp(3), 0);
    pieces.extend([(0, 0, 1, false)]);
    let g = game(LAWS, 2, &pieces, 0, 0);
    assert_eq!(
        g.status(),
        Status::Won {
            winner: 0,
            reason: WinReason::Target
        }
    );
}

//! An independent, deliberately naive reference implementation of the four rule sets, written
//! from the seeds (000 the laws, 001 `table`, 003 `diamond`, 004 `masters`) without looking at
//! the fast engine, and cross-checked against it.
//!
//! The reference keeps the board as a `HashSet` of axial coordinates built from the seed's
//! definitions (hexagon `H4`, camp `C0 = {5 <= q <= 8, -4 <= r <= -(q-4)}`, `C_i = R^i(C0)`),
//! the position as a `HashMap` from coordinates to `(seat, king)`, and finds jump destinations
//! by enumerating jump *paths* depth first with the seed's repeat guard (no hole twice in the
//! current path), collecting the set of holes where some path ends.
//!
//! Checked against the engine: initial move sets, move sets along seeded random playouts (with
//! apply/undo round trips and the game-over status), move sets in random and hand-built
//! positions that random play rarely reaches (blocked targets, kings next to winning), and perft.
//!
//! `cargo test -p starhalma-rules --test reference -- --ignored --nocapture` prints the
//! reference's own deep perft numbers (about a minute; the crate's tests build at opt-level 3).
//! `REFERENCE_SOAK=40` multiplies the randomised tests' volume for a long soak.

use starhalma_rules::{
    Blocked, Coord, Hole, Holes, Kernel, Move, MoveKind, Position, RuleSet, Rules, State, Variant,
};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

// ---------------------------------------------------------------------------------------------
// Geometry, from seed 000.

type C = (i32, i32);

/// The six directions of seed 000.
const DIRS: [C; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

fn add(a: C, b: C) -> C {
    (a.0 + b.0, a.1 + b.1)
}

fn times(d: C, k: i32) -> C {
    (d.0 * k, d.1 * k)
}

/// The seed's 60° rotation `R(q, r) = (-r, q + r)`, applied `k` times.
fn rot(c: C, k: usize) -> C {
    (0..k).fold(c, |c, _| (-c.1, c.0 + c.1))
}

fn adjacent(a: C, b: C) -> bool {
    DIRS.iter().any(|&d| add(a, d) == b)
}

struct Geometry {
    holes: HashSet<C>,
    /// Camp index of each of the 60 camp holes (the hexagon's holes are absent).
    camp: HashMap<C, usize>,
}

impl Geometry {
    fn new() -> Geometry {
        let mut holes = HashSet::new();
        let mut camp = HashMap::new();
        for q in -4..=4 {
            for r in -4..=4 {
                if i32::abs(q + r) <= 4 {
                    holes.insert((q, r));
                }
            }
        }
        assert_eq!(holes.len(), 61);
        for q in 5..=8 {
            for r in -4..=-(q - 4) {
                for i in 0..6 {
                    let c = rot((q, r), i);
                    assert!(holes.insert(c), "camps and hexagon are disjoint");
                    camp.insert(c, i);
                }
            }
        }
        assert_eq!(holes.len(), 121);
        Geometry { holes, camp }
    }

    fn on_board(&self, c: C) -> bool {
        self.holes.contains(&c)
    }

    fn camp_of(&self, c: C) -> Option<usize> {
        self.camp.get(&c).copied()
    }

    /// The ten holes of camp `i`.
    fn camp_holes(&self, i: usize) -> Vec<C> {
        let mut v: Vec<C> = self
            .camp
            .iter()
            .filter(|&(_, &k)| k == i)
            .map(|(&c, _)| c)
            .collect();
        v.sort();
        v
    }

    /// Diamond Game: the five hexagon-edge holes in front of camp `i` (`R^i` of `q = 4`,
    /// `-4 <= r <= 0`).
    fn edge_holes(&self, i: usize) -> Vec<C> {
        (-4..=0).map(|r| rot((4, r), i)).collect()
    }

    /// Diamond Game: camp `i` plus its five edge holes.
    fn triangle(&self, i: usize) -> Vec<C> {
        let mut v = self.camp_holes(i);
        v.extend(self.edge_holes(i));
        v
    }

    fn tip(&self, i: usize) -> C {
        rot((8, -4), i)
    }

    fn sorted_holes(&self) -> Vec<C> {
        let mut v: Vec<C> = self.holes.iter().copied().collect();
        v.sort();
        v
    }
}

// ---------------------------------------------------------------------------------------------
// The reference rules.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Laws,
    Table,
    TableLong,
    MastersSwap,
    MastersFill,
    Diamond,
}

const KINDS: [Kind; 6] = [
    Kind::Laws,
    Kind::Table,
    Kind::TableLong,
    Kind::MastersSwap,
    Kind::MastersFill,
    Kind::Diamond,
];

impl Kind {
    fn rule_set(self) -> RuleSet {
        match self {
            Kind::Laws => RuleSet::Laws,
            Kind::Table => RuleSet::Table { long_hops: false },
            Kind::TableLong => RuleSet::Table { long_hops: true },
            Kind::MastersSwap => RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            Kind::MastersFill => RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            Kind::Diamond => RuleSet::Diamond,
        }
    }

    fn player_counts(self) -> &'static [usize] {
        match self {
            Kind::Diamond => &[2, 3],
            _ => &[2, 3, 4, 6],
        }
    }
}

/// Every rule set with every player count.
fn all_setups() -> Vec<(Kind, usize)> {
    KINDS
        .iter()
        .flat_map(|&k| k.player_counts().iter().map(move |&n| (k, n)))
        .collect()
}

/// A move as the seed identifies it: kind, origin, destination.
type Key = (MoveKind, C, C);

/// The coordinates a pass is given in a `Key`.
const NOWHERE: C = (99, 99);
const PASS: Key = (MoveKind::Pass, NOWHERE, NOWHERE);

#[derive(Clone, PartialEq, Eq, Debug)]
struct Pos {
    cells: HashMap<C, (usize, bool)>,
    active: usize,
    ply: u32,
    passes: u32,
}

struct Ref {
    kind: Kind,
    players: usize,
    /// Starting camp of each seat, in turn order.
    camps: Vec<usize>,
    g: Geometry,
}

impl Ref {
    fn new(kind: Kind, players: usize) -> Ref {
        let camps = match (kind, players) {
            (Kind::Diamond, 2) => vec![0, 2],
            (Kind::Diamond, 3) => vec![0, 2, 4],
            (_, 2) => vec![0, 3],
            (_, 3) => vec![0, 2, 4],
            (_, 4) => vec![0, 1, 3, 4],
            (_, 6) => vec![0, 1, 2, 3, 4, 5],
            _ => panic!("{kind:?} is not played by {players}"),
        };
        Ref {
            kind,
            players,
            camps,
            g: Geometry::new(),
        }
    }

    fn marbles(&self) -> usize {
        if self.kind == Kind::Diamond { 15 } else { 10 }
    }

    fn home(&self, seat: usize) -> usize {
        self.camps[seat]
    }

    fn target(&self, seat: usize) -> usize {
        (self.camps[seat] + 3) % 6
    }

    fn initial(&self) -> Pos {
        let mut cells = HashMap::new();
        for seat in 0..self.players {
            let camp = self.home(seat);
            let holes = if self.kind == Kind::Diamond {
                self.g.triangle(camp)
            } else {
                self.g.camp_holes(camp)
            };
            for c in holes {
                let king = self.kind == Kind::Diamond && c == self.g.tip(camp);
                assert!(cells.insert(c, (seat, king)).is_none());
            }
        }
        Pos {
            cells,
            active: 0,
            ply: 0,
            passes: 0,
        }
    }

    /// Diamond Game: whether `seat` may be on `c` at all (never inside the ten camp holes of
    /// another colour's triangles; a colour owns its start camp and the opposite one).
    fn may_enter(&self, seat: usize, c: C) -> bool {
        match self.g.camp_of(c) {
            None => true,
            Some(k) => k == self.home(seat) || k == self.target(seat),
        }
    }

    /// Whether a move by `seat` from `from` may end on `to`.
    fn may_stop(&self, seat: usize, from: C, to: C) -> bool {
        let in_target = |c: C| self.g.camp_of(c) == Some(self.target(seat));
        let stays_home = !in_target(from) || in_target(to);
        match self.kind {
            Kind::Laws => true,
            Kind::Table | Kind::TableLong => {
                let region = match self.g.camp_of(to) {
                    None => true,
                    Some(k) => k == self.home(seat) || k == self.target(seat),
                };
                region && stays_home
            }
            Kind::MastersSwap | Kind::MastersFill => stays_home,
            Kind::Diamond => self.may_enter(seat, to),
        }
    }

    /// Whether a jump chain of `seat` may land on `c` on its way.
    fn may_land_mid(&self, seat: usize, c: C) -> bool {
        match self.kind {
            Kind::Diamond => self.may_enter(seat, c),
            _ => true,
        }
    }

    /// What stands on `c` while the piece from `origin` is moving (it has left its hole).
    fn at(&self, p: &Pos, origin: C, c: C) -> Option<(usize, bool)> {
        if c == origin {
            None
        } else {
            p.cells.get(&c).copied()
        }
    }

    fn is_empty_hole(&self, p: &Pos, origin: C, c: C) -> bool {
        self.g.on_board(c) && self.at(p, origin, c).is_none()
    }

    /// Single hops available to the piece from `origin` (a king when `king`) standing on `z`.
    fn hops(&self, p: &Pos, origin: C, z: C, king: bool) -> Vec<C> {
        let mut out = Vec::new();
        for &d in &DIRS {
            match self.kind {
                Kind::TableLong => {
                    // Over a single marble k holes away, landing k holes beyond it, every other
                    // hole on the way empty.
                    let mut k = 1;
                    loop {
                        let h = add(z, times(d, k));
                        if !self.g.on_board(h) {
                            break;
                        }
                        if self.at(p, origin, h).is_some() {
                            if (1..=k).all(|i| self.is_empty_hole(p, origin, add(h, times(d, i)))) {
                                out.push(add(z, times(d, 2 * k)));
                            }
                            break;
                        }
                        k += 1;
                    }
                }
                Kind::Diamond => {
                    // A row of marbles starting next to z; the hop lands just beyond it.
                    let mut n = 0;
                    let mut has_king = false;
                    loop {
                        let h = add(z, times(d, n + 1));
                        match self.at(p, origin, h) {
                            Some((_, k)) if self.g.on_board(h) => {
                                has_king |= k;
                                n += 1;
                            }
                            _ => break,
                        }
                    }
                    let landing = add(z, times(d, n + 1));
                    let row_ok = if king { n >= 1 } else { n == 1 };
                    if row_ok && !has_king && self.is_empty_hole(p, origin, landing) {
                        out.push(landing);
                    }
                }
                _ => {
                    let over = add(z, d);
                    let landing = add(z, times(d, 2));
                    if self.g.on_board(over)
                        && self.at(p, origin, over).is_some()
                        && self.is_empty_hole(p, origin, landing)
                    {
                        out.push(landing);
                    }
                }
            }
        }
        out
    }

    /// Depth-first enumeration of jump paths, never repeating a hole within the current path
    /// (seed 000's guard); every hole some path lands on is recorded.
    fn walk(
        &self,
        p: &Pos,
        seat: usize,
        origin: C,
        king: bool,
        path: &mut Vec<C>,
        landings: &mut HashSet<C>,
    ) {
        let z = *path.last().expect("the path starts at the origin");
        for l in self.hops(p, origin, z, king) {
            if path.contains(&l) || !self.may_land_mid(seat, l) {
                continue;
            }
            landings.insert(l);
            path.push(l);
            self.walk(p, seat, origin, king, path, landings);
            path.pop();
        }
    }

    fn landings(&self, p: &Pos, seat: usize, origin: C, king: bool) -> HashSet<C> {
        let mut landings = HashSet::new();
        let mut path = vec![origin];
        self.walk(p, seat, origin, king, &mut path, &mut landings);
        landings
    }

    /// The legal moves of the active seat, sorted; a lone pass when there are none.
    fn generate(&self, p: &Pos) -> Vec<Key> {
        let seat = p.active;
        let mut moves = self.candidates(p);
        if self.kind == Kind::Diamond {
            // A move that would make another player win is illegal.
            moves.retain(|&mv| {
                let after = self.apply(p, mv);
                (0..self.players).all(|j| j == seat || !self.has_won(&after, j))
            });
        }
        if moves.is_empty() {
            moves.push(PASS);
        }
        moves
    }

    /// Steps, jumps and swaps of the active seat, before the Diamond Game's rule against making
    /// another player win.
    fn candidates(&self, p: &Pos) -> Vec<Key> {
        let seat = p.active;
        let mut moves = BTreeSet::new();
        let mine: Vec<(C, bool)> = p
            .cells
            .iter()
            .filter(|&(_, &(s, _))| s == seat)
            .map(|(&c, &(_, k))| (c, k))
            .collect();
        for &(x, king) in &mine {
            for &d in &DIRS {
                let y = add(x, d);
                if self.g.on_board(y) && !p.cells.contains_key(&y) && self.may_stop(seat, x, y) {
                    moves.insert((MoveKind::Step, x, y));
                }
            }
            let landings = self.landings(p, seat, x, king);
            for &y in &landings {
                assert_ne!(y, x, "the path guard keeps the origin out");
                if self.may_stop(seat, x, y) {
                    moves.insert((MoveKind::Jump, x, y));
                }
            }
            if self.kind == Kind::MastersSwap {
                for y in self.g.camp_holes(self.target(seat)) {
                    let Some(&(owner, _)) = p.cells.get(&y) else {
                        continue;
                    };
                    if owner == seat {
                        continue;
                    }
                    // Reachable by a step, or by a chain whose last hop would land on y.
                    let by_step = adjacent(x, y);
                    let by_jump = std::iter::once(x).chain(landings.iter().copied()).any(|z| {
                        DIRS.iter().any(|&d| {
                            add(z, times(d, 2)) == y && self.at(p, x, add(z, d)).is_some()
                        })
                    });
                    if by_step || by_jump {
                        moves.insert((MoveKind::Swap, x, y));
                    }
                }
            }
        }
        moves.into_iter().collect()
    }

    fn apply(&self, p: &Pos, mv: Key) -> Pos {
        let mut q = p.clone();
        let (kind, from, to) = mv;
        match kind {
            MoveKind::Pass => {}
            MoveKind::Step | MoveKind::Jump => {
                let piece = q.cells.remove(&from).expect("a piece to move");
                assert!(q.cells.insert(to, piece).is_none(), "destination is empty");
            }
            MoveKind::Swap => {
                let a = q.cells.remove(&from).expect("a piece to swap");
                let b = q.cells.remove(&to).expect("a piece to swap with");
                q.cells.insert(to, a);
                q.cells.insert(from, b);
            }
        }
        q.active = (p.active + 1) % self.players;
        q.ply += 1;
        q.passes = if kind == MoveKind::Pass {
            p.passes + 1
        } else {
            0
        };
        q
    }

    fn has_won(&self, p: &Pos, seat: usize) -> bool {
        let target = self.target(seat);
        let owners = |holes: &[C]| -> Vec<Option<usize>> {
            holes
                .iter()
                .map(|c| p.cells.get(c).map(|&(s, _)| s))
                .collect()
        };
        let full_of_own = |holes: &[C]| owners(holes).iter().all(|&o| o == Some(seat));
        let filled_with_own = |holes: &[C]| {
            let o = owners(holes);
            o.iter().all(Option::is_some) && o.contains(&Some(seat))
        };
        let camp = self.g.camp_holes(target);
        match self.kind {
            Kind::Laws | Kind::MastersSwap => full_of_own(&camp),
            Kind::MastersFill => filled_with_own(&camp),
            // Anti-spoiling: once everyone has had 30 turns, marbles left in the target count.
            Kind::Table | Kind::TableLong => {
                full_of_own(&camp) || (p.ply >= 30 * self.players as u32 && filled_with_own(&camp))
            }
            Kind::Diamond => {
                let triangle = self.g.triangle(target);
                triangle.iter().all(|c| p.cells.contains_key(c))
                    && p.cells.get(&self.g.tip(target)) == Some(&(seat, true))
            }
        }
    }

    fn is_over(&self, p: &Pos) -> bool {
        let n = self.players as u32;
        let cap = match self.kind {
            Kind::Table | Kind::TableLong => Some(200 * n),
            Kind::Diamond => Some(400 * n),
            _ => None,
        };
        (0..self.players).any(|s| self.has_won(p, s))
            || p.passes >= n
            || cap.is_some_and(|cap| p.ply >= cap)
    }

    /// Leaves `depth` plies below `p`; finished games have no moves.
    fn perft(&self, p: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_over(p) {
            return 0;
        }
        let moves = self.generate(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| self.perft(&self.apply(p, mv), depth - 1))
            .sum()
    }
}

// ---------------------------------------------------------------------------------------------
// Conversions to and from the engine, through its public API only.

fn coord(h: Hole) -> C {
    let c = h.coord();
    (c.q as i32, c.r as i32)
}

fn hole(c: C) -> Hole {
    Hole::at(Coord::new(c.0 as i8, c.1 as i8)).expect("a board hole")
}

fn key_of(mv: Move) -> Key {
    if mv.kind == MoveKind::Pass {
        PASS
    } else {
        (mv.kind, coord(mv.from), coord(mv.to))
    }
}

fn move_of(k: Key) -> Move {
    match k.0 {
        MoveKind::Pass => Move::PASS,
        kind => Move {
            kind,
            from: hole(k.1),
            to: hole(k.2),
        },
    }
}

fn engine_rules(r: &Ref) -> Rules {
    Rules::new(Variant::new(r.kind.rule_set(), r.players as u8).expect("a valid setup"))
}

/// The engine's rules once per search kernel this CPU runs, so that every kernel is compared.
fn engine_rules_all(r: &Ref) -> Vec<Rules> {
    let variant = Variant::new(r.kind.rule_set(), r.players as u8).expect("a valid setup");
    let all: Vec<Rules> = Kernel::supported()
        .filter_map(|k| Rules::with_kernel(variant, k))
        .collect();
    assert!(!all.is_empty());
    all
}

fn to_pos(r: &Ref, s: &State) -> Pos {
    let position = s.position();
    let mut cells = HashMap::new();
    for seat in 0..6u8 {
        for h in Holes(position.pieces(seat)) {
            assert!((seat as usize) < r.players, "a piece of an absent seat");
            let king = position.kings() & h.bit() != 0;
            assert!(cells.insert(coord(h), (seat as usize, king)).is_none());
        }
    }
    Pos {
        cells,
        active: s.active() as usize,
        ply: s.ply(),
        passes: s.passes_in_row() as u32,
    }
}

fn to_state(p: &Pos) -> State {
    let position = Position::from_placements(
        p.cells
            .iter()
            .map(|(&c, &(seat, king))| (hole(c), seat as u8, king)),
    )
    .expect("a valid position");
    State::new(position, p.active as u8, p.ply)
}

fn engine_moves(rules: &Rules, s: &State) -> Vec<Key> {
    let mut list = starhalma_rules::MoveList::new();
    rules.generate(s, &mut list);
    let mut v: Vec<Key> = list.iter().map(|&m| key_of(m)).collect();
    let n = v.len();
    v.sort();
    v.dedup();
    assert_eq!(n, v.len(), "the engine generated a move twice");
    v
}

fn describe(r: &Ref, p: &Pos) -> String {
    let mut cells: Vec<_> = p.cells.iter().collect();
    cells.sort();
    let mut s = format!(
        "{:?}, {} players, active seat {}, ply {}, passes {}\nplacements (q,r,seat,king): [",
        r.kind, r.players, p.active, p.ply, p.passes
    );
    for (c, (seat, king)) in cells {
        let _ = write!(s, "({},{},{},{}), ", c.0, c.1, seat, king);
    }
    s.push(']');
    s
}

fn fmt_keys(keys: &[Key]) -> String {
    keys.iter()
        .map(|&(k, a, b)| format!("{k:?} {},{} -> {},{}", a.0, a.1, b.0, b.1))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Compare move sets, and `count_moves`, in one state; returns the (agreed) moves.
fn compare_moves(r: &Ref, rules: &Rules, s: &State, p: &Pos) -> Vec<Key> {
    let mine = r.generate(p);
    let theirs = engine_moves(rules, s);
    if mine != theirs {
        let only_mine: Vec<Key> = mine
            .iter()
            .filter(|k| !theirs.contains(k))
            .copied()
            .collect();
        let only_theirs: Vec<Key> = theirs
            .iter()
            .filter(|k| !mine.contains(k))
            .copied()
            .collect();
        panic!(
            "move sets differ\n{}\nonly in the reference: {}\nonly in the engine: {}",
            describe(r, p),
            fmt_keys(&only_mine),
            fmt_keys(&only_theirs)
        );
    }
    assert_eq!(
        rules.count_moves(s),
        mine.len() as u64,
        "count_moves disagrees with generate\n{}",
        describe(r, p)
    );
    mine
}

fn compare_status(r: &Ref, rules: &Rules, s: &State, p: &Pos) -> bool {
    let over = r.is_over(p);
    assert_eq!(
        rules.status(s).is_over(),
        over,
        "game-over status differs (engine: {:?})\n{}",
        rules.status(s),
        describe(r, p)
    );
    over
}

// ---------------------------------------------------------------------------------------------
// A small seeded random number generator (xorshift64*).

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len())]
    }
}

// ---------------------------------------------------------------------------------------------
// Tests.

/// A multiplier for the randomised tests' volume: `REFERENCE_SOAK=50 cargo test ...` for a long
/// soak run.
fn soak() -> usize {
    env_number("REFERENCE_SOAK").unwrap_or(1)
}

fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn geometry_matches_the_engine() {
    let g = Geometry::new();
    // Each camp meets the hexagon in eight adjacent pairs; the board is centrally symmetric.
    for i in 0..6 {
        let pairs = g
            .camp_holes(i)
            .iter()
            .flat_map(|&c| DIRS.iter().map(move |&d| add(c, d)))
            .filter(|&n| g.on_board(n) && g.camp_of(n).is_none())
            .count();
        assert_eq!(pairs, 8, "camp {i}");
        for c in g.camp_holes(i) {
            assert_eq!(g.camp_of((-c.0, -c.1)), Some((i + 3) % 6));
        }
    }
    let engine: BTreeSet<C> = Hole::all().map(coord).collect();
    let mine: BTreeSet<C> = g.holes.iter().copied().collect();
    assert_eq!(engine, mine);
    for h in Hole::all() {
        assert_eq!(h.camp().map(usize::from), g.camp_of(coord(h)), "{h}");
        assert_eq!(hole(coord(h)), h);
    }
}

#[test]
fn initial_positions_and_moves_agree() {
    for (kind, n) in all_setups() {
        let r = Ref::new(kind, n);
        let rules = engine_rules(&r);
        let s = rules.initial_state();
        let p = r.initial();
        assert_eq!(to_pos(&r, &s), p, "{kind:?} {n}: initial position");
        assert_eq!(to_state(&p), s, "{kind:?} {n}: position round trip");
        assert!(!compare_status(&r, &rules, &s, &p));
        // Every seat, not just the first: the same position with each seat to move.
        for seat in 0..n {
            let q = Pos {
                active: seat,
                ply: seat as u32,
                ..p.clone()
            };
            let moves = compare_moves(&r, &rules, &to_state(&q), &q);
            if kind != Kind::Diamond {
                // Seed 000: fourteen moves for every player on the standard board.
                assert_eq!(moves.len(), 14, "{kind:?} {n} seat {seat}");
            }
        }
    }
}

/// One seeded random game: move sets compared at every ply, a random move applied by the
/// engine and by the reference (positions compared), undo checked.
fn playout(r: &Ref, rules: &Rules, seed: u64, plies: usize) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut s = rules.initial_state();
    let mut p = r.initial();
    let (mut jumps, mut specials) = (0, 0);
    for _ in 0..plies {
        assert_eq!(to_pos(r, &s), p);
        if compare_status(r, rules, &s, &p) {
            break;
        }
        let moves = compare_moves(r, rules, &s, &p);
        let mv = rng.pick(&moves);
        jumps += usize::from(mv.0 == MoveKind::Jump);
        specials += usize::from(matches!(mv.0, MoveKind::Swap | MoveKind::Pass));
        let before = s;
        let undo = rules.apply(&mut s, move_of(mv));
        let after = s;
        rules.undo(&mut s, undo);
        assert_eq!(s, before, "undo of {mv:?}\n{}", describe(r, &p));
        s = after;
        p = r.apply(&p, mv);
    }
    (jumps, specials)
}

#[test]
fn random_playouts_agree() {
    for (kind, n) in all_setups() {
        let r = Ref::new(kind, n);
        for rules in engine_rules_all(&r) {
            let games = soak() as u64 * if n == 2 { 8 } else { 5 };
            let mut total = (0, 0);
            for g in 0..games {
                let (j, sp) = playout(&r, &rules, 1000 * n as u64 + g, 300);
                total = (total.0 + j, total.1 + sp);
            }
            assert!(total.0 > 0, "{kind:?} {n}: random play never jumped");
        }
    }
}

/// A random position, biased towards targets: each marble goes to its own target with some
/// probability, to a random seated camp with some more, else anywhere it may stand. Diamond
/// kings often stand on their target tip.
fn random_position(r: &Ref, rng: &mut Rng) -> Pos {
    let all = r.g.sorted_holes();
    let mut cells: HashMap<C, (usize, bool)> = HashMap::new();
    for seat in 0..r.players {
        let allowed = |c: C| match r.kind {
            Kind::Diamond => r.may_enter(seat, c),
            Kind::Table | Kind::TableLong => r.may_stop(seat, c, c),
            _ => true,
        };
        let target: Vec<C> = if r.kind == Kind::Diamond {
            r.g.triangle(r.target(seat))
        } else {
            r.g.camp_holes(r.target(seat))
        };
        let seated_camps: Vec<C> = (0..r.players)
            .flat_map(|s| r.g.camp_holes(r.home(s)))
            .chain((0..r.players).flat_map(|s| r.g.camp_holes(r.target(s))))
            .collect();
        for i in 0..r.marbles() {
            let king = r.kind == Kind::Diamond && i == 0;
            let tip = r.g.tip(r.target(seat));
            if king && rng.chance(50) && !cells.contains_key(&tip) {
                cells.insert(tip, (seat, true));
                continue;
            }
            loop {
                let pool = match rng.below(10) {
                    0..=4 => &target,
                    5..=6 => &seated_camps,
                    _ => &all,
                };
                let c = rng.pick(pool);
                if allowed(c) && !cells.contains_key(&c) {
                    cells.insert(c, (seat, king));
                    break;
                }
            }
        }
    }
    random_turn(r, rng, cells)
}

#[test]
fn random_positions_agree() {
    let mut rng = Rng::new(7);
    for (kind, n) in all_setups() {
        let r = Ref::new(kind, n);
        let all_rules = engine_rules_all(&r);
        let rules = &all_rules[0];
        let mut compared = 0;
        for _ in 0..60 * soak() {
            let p = random_position(&r, &mut rng);
            let s = to_state(&p);
            if compare_status(&r, rules, &s, &p) {
                continue;
            }
            compared += 1;
            let moves = compare_moves(&r, rules, &s, &p);
            for other in &all_rules[1..] {
                assert_eq!(compare_moves(&r, other, &s, &p), moves);
            }
            // Every generated move is accepted by `check`; moves not generated are refused.
            for &mv in &moves {
                assert!(
                    rules.check(&s, move_of(mv)).is_ok(),
                    "check refuses {mv:?}\n{}",
                    describe(&r, &p)
                );
            }
            let seat = p.active;
            for (&x, &(owner, _)) in &p.cells {
                if owner != seat {
                    continue;
                }
                for &y in &[rng.pick(&r.g.sorted_holes()), rng.pick(&r.g.sorted_holes())] {
                    for kind in [MoveKind::Step, MoveKind::Jump, MoveKind::Swap] {
                        let mv = (kind, x, y);
                        if x != y && !moves.contains(&mv) {
                            assert!(
                                rules.check(&s, move_of(mv)).is_err(),
                                "check accepts {mv:?}\n{}",
                                describe(&r, &p)
                            );
                        }
                    }
                }
            }
        }
        assert!(compared > 0, "{kind:?} {n}");
    }
}

#[test]
fn perft_agrees() {
    for (kind, n) in all_setups() {
        let r = Ref::new(kind, n);
        let depth = 3;
        let mine = r.perft(&r.initial(), depth);
        for rules in engine_rules_all(&r) {
            let mut s = rules.initial_state();
            let theirs = starhalma_rules::perft::perft(&rules, &mut s, depth);
            assert_eq!(mine, theirs, "{kind:?} {n} players, depth {depth}");
        }
    }
}

/// A position `plies` random moves (by the reference) into a game, or where it ended.
fn played(r: &Ref, rng: &mut Rng, plies: usize) -> Pos {
    let mut p = r.initial();
    for _ in 0..plies {
        if r.is_over(&p) {
            break;
        }
        let moves = r.generate(&p);
        p = r.apply(&p, rng.pick(&moves));
    }
    p
}

/// Perft 2 and 3 from midgame and endgame positions of every rule set, the counts fixed. From
/// the start neither the target lock nor the finishing tests are reached; here pieces already
/// stand in their targets (the endgames are random target-biased positions, Diamond's a triangle
/// one hole short of full with the king on its tip), so both are exercised. The reference
/// derived the counts; every kernel must reproduce them.
#[test]
fn perft_from_midgame_and_endgame_positions() {
    let mut rng = Rng::new(13);
    let mut counts = Vec::new();
    for (kind, n) in [
        (Kind::Laws, 2),
        (Kind::Table, 3),
        (Kind::TableLong, 2),
        (Kind::MastersSwap, 2),
        (Kind::MastersFill, 4),
        (Kind::Diamond, 3),
    ] {
        let r = Ref::new(kind, n);
        let midgame = played(&r, &mut rng, 50);
        let endgame = loop {
            let p = if kind == Kind::Diamond {
                near_win(&r, &mut rng)
            } else {
                random_position(&r, &mut rng)
            };
            // Not over, nor ending within two moves (the table's turn cap): play goes on.
            if !r.is_over(&p) && r.perft(&p, 3) > 0 {
                break p;
            }
        };
        for p in [midgame, endgame] {
            for depth in [2, 3] {
                let mine = r.perft(&p, depth);
                for rules in engine_rules_all(&r) {
                    assert_eq!(p.passes, 0, "to_state starts without passes");
                    let mut s = to_state(&p);
                    let theirs = starhalma_rules::perft::perft(&rules, &mut s, depth);
                    assert_eq!(
                        mine,
                        theirs,
                        "{:?} kernel, depth {depth}\n{}",
                        rules.kernel(),
                        describe(&r, &p)
                    );
                }
                counts.push(mine);
            }
        }
    }
    assert_eq!(counts, EXPECTED_MIDGAME_ENDGAME_PERFT);
}

/// Perft 2 and 3 of `perft_from_midgame_and_endgame_positions`: per rule set, midgame then
/// endgame.
const EXPECTED_MIDGAME_ENDGAME_PERFT: [u64; 24] = [
    3000, 145_130, 1294, 50_307, // laws, 2 players
    1908, 76_392, 887, 17_718, // table, 3 players
    2291, 108_349, 656, 16_202, // table with long hops, 2 players
    2450, 128_701, 1249, 53_865, // masters swap, 2 players
    1509, 28_671, 1268, 27_831, // masters fill, 4 players
    4950, 337_080, 5049, 477_633, // diamond, 3 players
];

/// A random seat to move in `cells`, after a random number of rounds: at least one (the engine
/// counts no win before the first move), sometimes around the table's anti-spoiling threshold
/// of 30 turns each and its cap of 200 turns each.
fn random_turn(r: &Ref, rng: &mut Rng, cells: HashMap<C, (usize, bool)>) -> Pos {
    let active = rng.below(r.players);
    let rounds = rng.pick(&[1, 1, 1, 1, 29, 30, 199, 200]);
    Pos {
        cells,
        active,
        ply: (active + rounds * r.players) as u32,
        passes: 0,
    }
}

/// Build a position from `(q, r, seat, king)` placements.
fn position(placements: &[(i32, i32, usize, bool)], active: usize) -> Pos {
    Pos {
        cells: placements
            .iter()
            .map(|&(q, r, seat, king)| ((q, r), (seat, king)))
            .collect(),
        active,
        ply: active as u32,
        passes: 0,
    }
}

fn check_position(r: &Ref, p: &Pos) -> Vec<Key> {
    let rules = engine_rules(r);
    let s = to_state(p);
    assert!(!compare_status(r, &rules, &s, p), "{}", describe(r, p));
    compare_moves(r, &rules, &s, p)
}

#[test]
fn masters_swap_positions() {
    let r = Ref::new(Kind::MastersSwap, 2);
    // Seat 0 (camp 0) targets camp 3 = -C0. Seat 1's pegs block holes there.
    let p = position(
        &[
            // blockers in seat 0's target
            (-5, 1, 1, false),
            (-8, 4, 1, false),
            (-6, 3, 1, false),
            // seat 0: one next to a blocker, one that reaches a blocker by a chain
            (-4, 1, 0, false),
            (-1, 1, 0, false),
            (-2, 1, 1, false),
            (-4, 2, 0, false),
            (-5, 3, 0, false),
            (0, 0, 0, false),
        ],
        0,
    );
    let moves = check_position(&r, &p);
    assert!(
        moves.contains(&(MoveKind::Swap, (-4, 1), (-5, 1))),
        "by a step"
    );
    assert!(
        moves.contains(&(MoveKind::Swap, (-1, 1), (-5, 1))),
        "by a chain"
    );
    assert!(
        moves.contains(&(MoveKind::Swap, (-5, 3), (-6, 3))),
        "from the target"
    );
    // The same position under the fill rule has no swaps.
    let r = Ref::new(Kind::MastersFill, 2);
    let moves = check_position(&r, &p);
    assert!(moves.iter().all(|m| m.0 != MoveKind::Swap));
    // Random blocked targets: every seat with pegs of others sitting in its target.
    for n in [2, 3, 4, 6] {
        let r = Ref::new(Kind::MastersSwap, n);
        let rules = engine_rules(&r);
        let mut rng = Rng::new(n as u64);
        let (mut swaps, mut chain_swaps) = (0, 0);
        for _ in 0..40 * soak() {
            let mut p = random_position(&r, &mut rng);
            // Move some opponents' pegs into the active seat's target.
            let target = r.g.camp_holes(r.target(p.active));
            let others: Vec<C> = p
                .cells
                .iter()
                .filter(|&(c, &(s, _))| s != p.active && !target.contains(c))
                .map(|(&c, _)| c)
                .collect();
            for _ in 0..3 {
                let from = rng.pick(&others);
                let to = rng.pick(&target);
                if p.cells.contains_key(&from) && !p.cells.contains_key(&to) {
                    let piece = p.cells.remove(&from).expect("present");
                    p.cells.insert(to, piece);
                }
            }
            let s = to_state(&p);
            if compare_status(&r, &rules, &s, &p) {
                continue;
            }
            let moves = compare_moves(&r, &rules, &s, &p);
            for m in moves.iter().filter(|m| m.0 == MoveKind::Swap) {
                swaps += 1;
                chain_swaps += usize::from(!adjacent(m.1, m.2));
            }
        }
        assert!(swaps > 0, "{n} players: no swap exercised");
        assert!(chain_swaps > 0, "{n} players: no swap by a chain exercised");
    }
}

#[test]
fn table_positions() {
    // A marble in its target must end inside it; chains may pass through other camps.
    for kind in [Kind::Table, Kind::TableLong] {
        let r = Ref::new(kind, 2);
        let p = position(
            &[
                (-5, 1, 0, false),
                (-4, 1, 1, false),
                (-6, 2, 1, false),
                (4, 1, 0, false),
                (3, 1, 1, false),
                (2, 2, 1, false),
                (0, 4, 1, false),
                (-1, 5, 0, false),
            ],
            0,
        );
        check_position(&r, &p);
    }
    // Long hops: a ladder with wide gaps.
    let r = Ref::new(Kind::TableLong, 2);
    let p = position(
        &[
            (5, -1, 0, false),
            (2, -1, 1, false),
            (-3, 0, 0, false),
            (1, -2, 1, false),
            (-1, 1, 0, false),
        ],
        0,
    );
    let moves = check_position(&r, &p);
    assert!(moves.contains(&(MoveKind::Jump, (5, -1), (-1, -1))));
}

#[test]
fn diamond_positions() {
    let r = Ref::new(Kind::Diamond, 3);
    // Red (seat 0, camp 0) targets camp 3's triangle; fill it but one edge hole, king on the tip.
    let tri = r.g.triangle(3);
    let tip = r.g.tip(3);
    let gap = (-4, 2);
    assert!(tri.contains(&gap) && r.g.camp_of(gap).is_none());
    let mut cells: Vec<(i32, i32, usize, bool)> = Vec::new();
    for &c in &tri {
        if c == gap {
            continue;
        }
        // Yellow and Green may stand on the edge holes.
        let seat = match (r.g.camp_of(c), c.1) {
            (None, 4) => 1,
            (None, _) => 2,
            _ => 0,
        };
        cells.push((c.0, c.1, seat, c == tip));
    }
    // Yellow can step into the gap (illegal: Red would win), Yellow's king can hop a row.
    cells.push((-3, 2, 1, false));
    cells.push((0, 0, 1, true));
    cells.push((1, 0, 2, false));
    cells.push((2, 0, 2, false));
    cells.push((3, 0, 0, false));
    cells.push((-2, 2, 2, true));
    cells.push((0, -4, 0, false));
    let p = position(&cells, 1);
    let moves = check_position(&r, &p);
    assert!(!moves.contains(&(MoveKind::Step, (-3, 2), gap)));
    assert!(moves.contains(&(MoveKind::Jump, (0, 0), (4, 0))));
    // Red itself may fill the gap (and win).
    let mut q = position(&cells, 0);
    q.cells.remove(&(-3, 2));
    q.cells.insert((-3, 2), (0, false));
    let moves = check_position(&r, &q);
    assert!(moves.contains(&(MoveKind::Step, (-3, 2), gap)));
    // Random near-wins: one seat's target triangle one hole short, its king on the tip.
    for n in [2, 3] {
        let r = Ref::new(Kind::Diamond, n);
        let rules = engine_rules(&r);
        let mut rng = Rng::new(100 + n as u64);
        let mut blocked = 0;
        for _ in 0..200 * soak() {
            let p = near_win(&r, &mut rng);
            let s = to_state(&p);
            if compare_status(&r, &rules, &s, &p) {
                continue;
            }
            let moves = compare_moves(&r, &rules, &s, &p);
            let candidates = r.candidates(&p);
            blocked += candidates.iter().filter(|m| !moves.contains(m)).count();
        }
        assert!(
            blocked > 0,
            "{n} players: no move was refused for making another win"
        );
    }
}

/// A Diamond Game position where seat `j`'s target triangle lacks one hole and `j`'s king is on
/// its tip; the other marbles are random, the active seat is random.
fn near_win(r: &Ref, rng: &mut Rng) -> Pos {
    let j = rng.below(r.players);
    let target = r.target(j);
    let tri = r.g.triangle(target);
    let edge = r.g.edge_holes(target);
    let gap = if rng.chance(70) {
        rng.pick(&edge)
    } else {
        rng.pick(&tri)
    };
    let tip = r.g.tip(target);
    let gap = if gap == tip { edge[2] } else { gap };
    let mut cells: HashMap<C, (usize, bool)> = HashMap::new();
    let mut count = vec![0; r.players];
    let mut kings = vec![false; r.players];
    cells.insert(tip, (j, true));
    count[j] += 1;
    kings[j] = true;
    for &c in &tri {
        if c == gap || c == tip {
            continue;
        }
        // Edge holes may hold anyone; the camp holes only j.
        let seat = if r.g.camp_of(c).is_none() {
            rng.below(r.players)
        } else {
            j
        };
        let seat = if count[seat] >= 14 { j } else { seat };
        cells.insert(c, (seat, false));
        count[seat] += 1;
    }
    let all = r.g.sorted_holes();
    for seat in 0..r.players {
        while count[seat] < 15 {
            // Half of the rest crowd around the gap.
            let c = if rng.chance(50) {
                let near: Vec<C> = all
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let (dq, dr) = (c.0 - gap.0, c.1 - gap.1);
                        (i32::abs(dq) + i32::abs(dr) + i32::abs(dq + dr)) / 2 <= 3
                    })
                    .collect();
                rng.pick(&near)
            } else {
                rng.pick(&all)
            };
            if c == gap || cells.contains_key(&c) || !r.may_enter(seat, c) {
                continue;
            }
            let king = !kings[seat];
            kings[seat] = true;
            cells.insert(c, (seat, king));
            count[seat] += 1;
        }
    }
    random_turn(r, rng, cells)
}

#[test]
fn passes_and_all_passed() {
    // Table, 2 players: seat 0's only marble on its home tip, hemmed in by seat 1, whose
    // marbles fill the rest of seat 0's camp, their target, and must stay there. Nobody can move.
    let mut cells = vec![(8, -4, 0, false)];
    let g = Geometry::new();
    for c in g.camp_holes(0) {
        if c != (8, -4) {
            cells.push((c.0, c.1, 1, false));
        }
    }
    for kind in [Kind::Table, Kind::TableLong, Kind::Laws, Kind::MastersSwap] {
        let r = Ref::new(kind, 2);
        let rules = engine_rules(&r);
        let mut p = position(&cells, 0);
        p.ply = 2;
        let mut s = to_state(&p);
        for _ in 0..2 {
            if compare_status(&r, &rules, &s, &p) {
                break;
            }
            let moves = compare_moves(&r, &rules, &s, &p);
            let mv = moves[0];
            if p.active == 0 {
                assert_eq!(moves, vec![PASS], "{kind:?}: seat 0 is hemmed in");
            }
            let before = s;
            let undo = rules.apply(&mut s, move_of(mv));
            let after = s;
            rules.undo(&mut s, undo);
            assert_eq!(s, before);
            s = after;
            p = r.apply(&p, mv);
            assert_eq!(to_pos(&r, &s), p);
        }
        // In the table's rules both pass and the game is over.
        let all_passed = matches!(kind, Kind::Table | Kind::TableLong);
        assert_eq!(compare_status(&r, &rules, &s, &p), all_passed, "{kind:?}");
    }
}

/// The reference's own perft numbers from the initial positions, 5 plies deep for 2 players
/// and 4 for more, next to the engine's (slow: about a minute). `REFERENCE_PERFT_EXTRA=1` goes a
/// ply deeper.
#[test]
#[ignore]
fn reference_perft_deep() {
    let mut differ = Vec::new();
    for (kind, n) in all_setups() {
        let r = Ref::new(kind, n);
        let depth =
            if n == 2 { 5 } else { 4 } + env_number("REFERENCE_PERFT_EXTRA").unwrap_or(0) as u32;
        let t = std::time::Instant::now();
        let mine = r.perft(&r.initial(), depth);
        let took = t.elapsed();
        let rules = engine_rules(&r);
        let theirs = starhalma_rules::perft::perft(&rules, &mut rules.initial_state(), depth);
        println!("{kind:?} {n} players perft({depth}) = {mine} (engine {theirs}; {took:.1?})");
        if mine != theirs {
            differ.push((kind, n, mine, theirs));
        }
    }
    assert!(differ.is_empty(), "perft differs: {differ:?}");
}

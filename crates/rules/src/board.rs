//! The star board of seed 000 ("Chinese Checkers — the laws"), exactly.
//!
//! Holes are axial coordinates `(q, r)`. The board is the hexagon `H4` (61 holes) plus six
//! ten-hole camps pointing outward: `C0 = {5 <= q <= 8, -4 <= r <= -(q-4)}` and
//! `C_i = R^i(C0)` with the 60° rotation `R(q, r) = (-r, q + r)`; 121 holes in all.
//!
//! Every table here is computed at compile time, so move generation reads plain arrays.

use std::fmt;

/// Number of holes on the board.
pub const HOLE_COUNT: usize = 121;

/// An axial hex coordinate; the implicit third cube coordinate is `s = -q - r`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Coord {
    pub q: i8,
    pub r: i8,
}

impl Coord {
    pub const fn new(q: i8, r: i8) -> Self {
        Coord { q, r }
    }

    pub const fn s(self) -> i8 {
        -self.q - self.r
    }

    pub const fn add(self, d: Coord) -> Coord {
        Coord::new(self.q + d.q, self.r + d.r)
    }

    pub const fn neg(self) -> Coord {
        Coord::new(-self.q, -self.r)
    }

    /// The seed's 60° rotation `R(q, r) = (-r, q + r)`; order six, `R^3 = -id`.
    pub const fn rotate(self) -> Coord {
        Coord::new(-self.r, self.q + self.r)
    }

    /// The inverse rotation `R^-1(q, r) = (q + r, -q)`.
    pub const fn rotate_back(self) -> Coord {
        Coord::new(self.q + self.r, -self.q)
    }

    /// `R^k` for any `k` (taken mod 6).
    pub const fn rotate_by(self, k: u8) -> Coord {
        let mut c = self;
        let mut i = 0;
        while i < k % 6 {
            c = c.rotate();
            i += 1;
        }
        c
    }

    /// Hex distance: the fewest steps between two holes on an unbounded grid.
    pub const fn distance(self, other: Coord) -> u8 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        (dq + dr + ds) / 2
    }

    /// Membership in the hexagon `H4`: all three bounds are needed.
    pub const fn in_hexagon(self) -> bool {
        self.q.abs() <= 4 && self.r.abs() <= 4 && (self.q + self.r).abs() <= 4
    }

    /// Membership in `C0` as the seed defines it (pointing outward).
    pub const fn in_camp0(self) -> bool {
        5 <= self.q && self.q <= 8 && -4 <= self.r && self.r <= -(self.q - 4)
    }

    /// The camp `i` with `R^-i(self) ∈ C0`, if any.
    pub const fn camp(self) -> Option<u8> {
        let mut c = self;
        let mut i = 0u8;
        while i < 6 {
            if c.in_camp0() {
                return Some(i);
            }
            c = c.rotate_back();
            i += 1;
        }
        None
    }

    pub const fn on_board(self) -> bool {
        self.in_hexagon() || self.camp().is_some()
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// The six directions, in the seed's rotational order (consecutive ones 60° apart). An enum, so
/// that "there are exactly six directions" is structural. Compass names follow the seed's
/// picture (row `r` drawn downward at horizontal offset `2q + r`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// (1, 0)
    East,
    /// (1, -1)
    NorthEast,
    /// (0, -1)
    NorthWest,
    /// (-1, 0)
    West,
    /// (-1, 1)
    SouthWest,
    /// (0, 1)
    SouthEast,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    pub const fn offset(self) -> Coord {
        match self {
            Direction::East => Coord::new(1, 0),
            Direction::NorthEast => Coord::new(1, -1),
            Direction::NorthWest => Coord::new(0, -1),
            Direction::West => Coord::new(-1, 0),
            Direction::SouthWest => Coord::new(-1, 1),
            Direction::SouthEast => Coord::new(0, 1),
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }
}

/// A hole of the board, an index `0..121` in reading order of the seed's picture (rows `r`
/// from -8 to 8, `q` ascending within a row).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// The hole at index `i`, if `i < 121`.
    pub const fn from_index(i: usize) -> Option<Hole> {
        if i < HOLE_COUNT {
            Some(Hole(i as u8))
        } else {
            None
        }
    }

    /// Index without a bounds check; only for indices taken from this module's tables.
    pub(crate) const fn new_unchecked(i: u8) -> Hole {
        Hole(i)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    pub const fn coord(self) -> Coord {
        TABLES.coords[self.0 as usize]
    }

    /// The hole at `c`, if `c` is on the board.
    pub const fn at(c: Coord) -> Option<Hole> {
        if c.q < -8 || c.q > 8 || c.r < -8 || c.r > 8 {
            return None;
        }
        let i = TABLES.index[(c.r + 8) as usize][(c.q + 8) as usize];
        if i == NONE { None } else { Some(Hole(i)) }
    }

    pub fn neighbor(self, d: Direction) -> Option<Hole> {
        let n = TABLES.neighbors[self.index()][d.index()];
        (n != NONE).then_some(Hole(n))
    }

    /// The holes beyond this one along `d`, nearest first.
    pub fn ray(self, d: Direction) -> impl Iterator<Item = Hole> {
        let len = TABLES.ray_len[self.index()][d.index()] as usize;
        TABLES.rays[self.index()][d.index()][..len]
            .iter()
            .map(|&i| Hole(i))
    }

    /// Camp index `0..6` of this hole, or `None` in the hexagon.
    pub fn camp(self) -> Option<u8> {
        let c = TABLES.camp_of[self.index()];
        (c != NONE).then_some(c)
    }

    pub fn in_hexagon(self) -> bool {
        HEXAGON & self.bit() != 0
    }

    pub fn distance(self, other: Hole) -> u8 {
        self.coord().distance(other.coord())
    }

    /// All 121 holes in index order.
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLE_COUNT as u8).map(Hole)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.coord().fmt(f)
    }
}

pub(crate) const NONE: u8 = u8::MAX;
/// Longest ray: a diagonal across the star passes 16 holes beyond its first.
const MAX_RAY: usize = 16;

/// Precomputed geometry.
pub(crate) struct Tables {
    pub coords: [Coord; HOLE_COUNT],
    pub index: [[u8; 17]; 17],
    pub neighbors: [[u8; 6]; HOLE_COUNT],
    pub neighbor_mask: [u128; HOLE_COUNT],
    pub camp_of: [u8; HOLE_COUNT],
    pub rays: [[[u8; MAX_RAY]; 6]; HOLE_COUNT],
    pub ray_len: [[u8; 6]; HOLE_COUNT],
    /// Single hops: (jumped hole, landing hole) for each direction where both exist.
    pub hops: [[(u8, u8); 6]; HOLE_COUNT],
    pub hop_count: [u8; HOLE_COUNT],
    /// The jumped holes of those hops as one mask, and their landing holes as another. Both list
    /// the directions in the same order when read by hole index (NW, NE, W, E, SW, SE: rows
    /// first, then `q`), so bit k of one mask and bit k of the other belong to the same hop.
    pub hop_over: [u128; HOLE_COUNT],
    pub hop_land: [u128; HOLE_COUNT],
}

pub(crate) const fn build_tables() -> Tables {
    let mut t = Tables {
        coords: [Coord::new(0, 0); HOLE_COUNT],
        index: [[NONE; 17]; 17],
        neighbors: [[NONE; 6]; HOLE_COUNT],
        neighbor_mask: [0; HOLE_COUNT],
        camp_of: [NONE; HOLE_COUNT],
        rays: [[[NONE; MAX_RAY]; 6]; HOLE_COUNT],
        ray_len: [[0; 6]; HOLE_COUNT],
        hops: [[(NONE, NONE); 6]; HOLE_COUNT],
        hop_count: [0; HOLE_COUNT],
        hop_over: [0; HOLE_COUNT],
        hop_land: [0; HOLE_COUNT],
    };
    let mut n = 0usize;
    let mut r = -8i8;
    while r <= 8 {
        let mut q = -8i8;
        while q <= 8 {
            let c = Coord::new(q, r);
            if c.on_board() {
                t.coords[n] = c;
                t.index[(r + 8) as usize][(q + 8) as usize] = n as u8;
                t.camp_of[n] = match c.camp() {
                    Some(i) => i,
                    None => NONE,
                };
                n += 1;
            }
            q += 1;
        }
        r += 1;
    }
    assert!(n == HOLE_COUNT);
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            let off = Direction::ALL[d].offset();
            let mut c = t.coords[h].add(off);
            let mut len = 0;
            while let Some(next) = Hole::at_in(&t, c) {
                t.rays[h][d][len] = next;
                len += 1;
                c = c.add(off);
            }
            t.ray_len[h][d] = len as u8;
            if len >= 1 {
                t.neighbors[h][d] = t.rays[h][d][0];
                t.neighbor_mask[h] |= 1u128 << t.rays[h][d][0];
            }
            if len >= 2 {
                t.hops[h][t.hop_count[h] as usize] = (t.rays[h][d][0], t.rays[h][d][1]);
                t.hop_count[h] += 1;
                t.hop_over[h] |= 1u128 << t.rays[h][d][0];
                t.hop_land[h] |= 1u128 << t.rays[h][d][1];
            }
            d += 1;
        }
        h += 1;
    }
    t
}

impl Hole {
    const fn at_in(t: &Tables, c: Coord) -> Option<u8> {
        if c.q < -8 || c.q > 8 || c.r < -8 || c.r > 8 {
            return None;
        }
        let i = t.index[(c.r + 8) as usize][(c.q + 8) as usize];
        if i == NONE { None } else { Some(i) }
    }
}

pub(crate) static TABLES: Tables = build_tables();

const fn hexagon_mask() -> u128 {
    let t = build_tables();
    let mut m = 0u128;
    let mut h = 0;
    while h < HOLE_COUNT {
        if t.coords[h].in_hexagon() {
            m |= 1u128 << h;
        }
        h += 1;
    }
    m
}

const fn camp_mask(i: u8) -> u128 {
    let t = build_tables();
    let mut m = 0u128;
    let mut h = 0;
    while h < HOLE_COUNT {
        if t.camp_of[h] == i {
            m |= 1u128 << h;
        }
        h += 1;
    }
    m
}

/// Every hole of the board.
pub const ALL_HOLES: u128 = (1u128 << HOLE_COUNT) - 1;
/// The 61 holes of the hexagon `H4`.
pub const HEXAGON: u128 = hexagon_mask();
/// The ten holes of each camp `C_i`.
pub const CAMPS: [u128; 6] = [
    camp_mask(0),
    camp_mask(1),
    camp_mask(2),
    camp_mask(3),
    camp_mask(4),
    camp_mask(5),
];

/// The apex hole of camp `i` (`R^i(8, -4)`).
pub fn camp_tip(i: u8) -> Hole {
    Hole::at(Coord::new(8, -4).rotate_by(i)).expect("camp tips are on the board")
}

/// The five hexagon-edge holes in front of camp `i` (`R^i` of `q = 4, -4 <= r <= 0`). With the
/// camp they form the 15-hole triangle of the Diamond Game.
pub fn camp_edge(i: u8) -> u128 {
    (-4..=0)
        .map(|r| Hole::at(Coord::new(4, r).rotate_by(i)).expect("edge holes are on the board"))
        .fold(0, |m, h| m | h.bit())
}

/// The neighbours of hole `index` as a mask.
pub const fn neighbor_mask(index: usize) -> u128 {
    TABLES.neighbor_mask[index]
}

/// Bits of a bitboard as holes, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Holes(pub u128);

impl Iterator for Holes {
    type Item = Hole;
    #[inline]
    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Hole(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Holes {}

/// Render the board the way the seed draws it: row `r` at horizontal offset `2q + r`, each hole
/// shown by `glyph` (the seed uses the camp digit, `.` in the hexagon).
pub fn render(glyph: impl Fn(Hole) -> char) -> String {
    let mut out = String::new();
    for r in -8..=8i8 {
        let row: Vec<Hole> = (-8..=8i8)
            .filter_map(|q| Hole::at(Coord::new(q, r)))
            .collect();
        // 2q + r is never below -12 on this board; the seed's picture starts one column in.
        let min_x = -13;
        let mut line = String::new();
        for h in row {
            let c = h.coord();
            let x = (2 * c.q as i32 + c.r as i32 - min_x) as usize;
            while line.chars().count() < x {
                line.push(' ');
            }
            line.push(glyph(h));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The seed's own picture: camp digits, `.` in the hexagon.
pub fn render_camps() -> String {
    render(|h| match h.camp() {
        Some(i) => char::from(b'0' + i),
        None => '.',
    })
}

//! The jump search for single hops (seed 000: over one adjacent piece into the empty hole
//! beyond), in two kernels chosen once at run time so that one binary runs on every x86-64 CPU:
//!
//! - [`Kernel::Bmi2`]: the six hops of a hole tested at once with `pext`/`pdep` on each 64-bit
//!   half (where the CPU has BMI2 and runs it fast);
//! - [`Kernel::Portable`]: the same hops tested one table entry at a time, branch-free (baseline
//!   x86-64, wasm32, CPUs without BMI2 or with a slow microcoded one).
//!
//! Long hops and the Diamond king's hops are tested per direction on ray masks (`long_hops`,
//! `king_hops`), the same in every kernel; they lift the moving piece off the board first.
//!
//! The single-hop kernels do not lift the moving piece off the board: a chain from `x` lands only on `x + 2v` for
//! lattice vectors `v`, and the hole it jumps from there is `x + 2v + d` for a unit vector `d`,
//! never `x`. So the occupied and free sets are computed once per position, not per piece.

use crate::board::{Coord, HOLE_COUNT, Hole, TABLES, build_tables};

/// Which implementation of the single-hop search runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kernel {
    /// Table lookups and plain integer operations: every target.
    Portable,
    /// BMI2 `pext`/`pdep` and POPCNT (x86-64 only).
    Bmi2,
}

impl Kernel {
    pub const ALL: [Kernel; 2] = [Kernel::Portable, Kernel::Bmi2];

    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Bmi2 => "bmi2",
        }
    }

    /// Whether this CPU can run the kernel at all.
    pub fn is_supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Bmi2 => {
                std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Bmi2 => false,
        }
    }

    /// The kernels this CPU can run (for tests and benchmarks).
    pub fn supported() -> impl Iterator<Item = Kernel> {
        Kernel::ALL.into_iter().filter(|k| k.is_supported())
    }

    pub fn from_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kernel `Rules::new` uses, chosen once per process: the one named by the environment
    /// variable `STARHALMA_KERNEL` if this CPU supports it (for measuring and troubleshooting),
    /// else BMI2 where the CPU has it and runs it fast, else the portable one.
    pub fn detect() -> Kernel {
        static DETECTED: std::sync::OnceLock<Kernel> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| {
            let named = std::env::var("STARHALMA_KERNEL").ok();
            if let Some(k) = named.as_deref().and_then(Kernel::from_name)
                && k.is_supported()
            {
                return k;
            }
            if Kernel::Bmi2.is_supported() && !slow_pext() {
                Kernel::Bmi2
            } else {
                Kernel::Portable
            }
        })
    }
}

/// AMD family 17h (Zen, Zen+, Zen 2) and Hygon family 18h (built on Zen) run `pext`/`pdep` in
/// microcode, one bit of the mask at a time: tens of cycles where Intel and Zen 3 take three,
/// slower than the portable kernel.
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let vendor = (vendor.ebx, vendor.edx, vendor.ecx);
    let amd = vendor == (0x6874_7541, 0x6974_6e65, 0x444d_4163); // "AuthenticAMD"
    let hygon = vendor == (0x6f67_7948, 0x6e65_476e, 0x656e_6975); // "HygonGenuine"
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = base + if base == 0xf { (eax >> 20) & 0xff } else { 0 };
    (amd && family == 0x17) || (hygon && family == 0x18)
}

#[cfg(not(target_arch = "x86_64"))]
fn slow_pext() -> bool {
    true
}

/// One hole's single hops for the BMI2 kernel: the jumped holes and the landing holes as
/// 64-bit halves, listed in the same order (bit k of one belongs with bit k of the other), and
/// the number of bits in each low half.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct PextHops {
    over_lo: u64,
    over_hi: u64,
    land_lo: u64,
    land_hi: u64,
    over_n: u32,
    land_n: u32,
}

/// One hole's single hops for the portable kernel: per hop, the jumped hole's bit as a single-bit
/// mask in its half (both halves zero for a missing hop) and the landing hole's halves.
#[derive(Clone, Copy)]
struct TableHops {
    over: [[u64; 2]; 6],
    land: [[u64; 2]; 6],
}

/// Padded to 128 entries so that any bit index of a `u128` is in range without a check.
const SLOTS: usize = 128;

const fn split(bits: u128) -> [u64; 2] {
    [bits as u64, (bits >> 64) as u64]
}

#[cfg(target_arch = "x86_64")]
const fn build_pext() -> [PextHops; SLOTS] {
    let t = build_tables();
    let empty = PextHops {
        over_lo: 0,
        over_hi: 0,
        land_lo: 0,
        land_hi: 0,
        over_n: 0,
        land_n: 0,
    };
    let mut out = [empty; SLOTS];
    let mut h = 0;
    while h < HOLE_COUNT {
        let [over_lo, over_hi] = split(t.hop_over[h]);
        let [land_lo, land_hi] = split(t.hop_land[h]);
        out[h] = PextHops {
            over_lo,
            over_hi,
            land_lo,
            land_hi,
            over_n: over_lo.count_ones(),
            land_n: land_lo.count_ones(),
        };
        h += 1;
    }
    out
}

const fn build_table() -> [TableHops; SLOTS] {
    let t = build_tables();
    let mut out = [TableHops {
        over: [[0; 2]; 6],
        land: [[0; 2]; 6],
    }; SLOTS];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut k = 0;
        while k < t.hop_count[h] as usize {
            let (over, land) = t.hops[h][k];
            out[h].over[k] = split(1u128 << over);
            out[h].land[k] = split(1u128 << land);
            k += 1;
        }
        h += 1;
    }
    out
}

#[cfg(target_arch = "x86_64")]
static PEXT_HOPS: [PextHops; SLOTS] = build_pext();
static TABLE_HOPS: [TableHops; SLOTS] = build_table();

/// One hop step: the holes of `free` reachable from hole `at` by a single hop over a hole of
/// `over_ok`. Implemented once per kernel; the search code is generic over it so that each
/// kernel gets its own compiled copy.
pub(crate) trait Hop {
    fn hop(at: usize, over_ok: u128, free: u128) -> u128;
}

pub(crate) struct Portable;

impl Hop for Portable {
    #[inline(always)]
    fn hop(at: usize, over_ok: u128, free: u128) -> u128 {
        let e = &TABLE_HOPS[at % SLOTS];
        let [occ_lo, occ_hi] = split(over_ok);
        let (mut lo, mut hi) = (0u64, 0u64);
        for k in 0..6 {
            let hit = (occ_lo & e.over[k][0]) | (occ_hi & e.over[k][1]);
            let all = 0u64.wrapping_sub((hit != 0) as u64);
            lo |= all & e.land[k][0];
            hi |= all & e.land[k][1];
        }
        (((hi as u128) << 64) | lo as u128) & free
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl Hop for Bmi2 {
    /// Extract the jumped holes' occupancy in hop order, deposit it onto the landing holes.
    /// Only ever inlined into functions compiled with BMI2 enabled (see `Rules`'s dispatch).
    #[inline(always)]
    fn hop(at: usize, over_ok: u128, free: u128) -> u128 {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        let e = &PEXT_HOPS[at % SLOTS];
        let [occ_lo, occ_hi] = split(over_ok);
        // SAFETY: `Bmi2` is used only by code reached after `Kernel::Bmi2.is_supported()`.
        unsafe {
            let over = _pext_u64(occ_lo, e.over_lo) | (_pext_u64(occ_hi, e.over_hi) << e.over_n);
            let lo = _pdep_u64(over, e.land_lo);
            let hi = _pdep_u64(over >> e.land_n, e.land_hi);
            (((hi as u128) << 64) | lo as u128) & free
        }
    }
}

/// Every hole reachable from `x` by a chain of single hops over holes of `over_ok` onto holes of
/// `free`, not `x` itself (seed 000: the forward closure of a graph fixed for the turn, so one
/// visited set suffices).
#[inline(always)]
pub(crate) fn reach<H: Hop>(x: usize, over_ok: u128, free: u128) -> u128 {
    let first = H::hop(x, over_ok, free);
    if first == 0 {
        return 0;
    }
    closure(1u128 << x, first, |at| H::hop(at, over_ok, free))
}

/// The holes reached from `start` (not `start` itself) once its first layer `first` is known,
/// `step` giving the landing holes of one hole. Layer by layer: the steps of a layer's holes are
/// independent of each other, so they overlap in the pipeline.
#[inline(always)]
pub(crate) fn closure(start: u128, first: u128, mut step: impl FnMut(usize) -> u128) -> u128 {
    let mut reached = first | start;
    let mut layer = first;
    loop {
        let mut next = 0;
        let mut rest = layer;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            next |= step(at);
        }
        layer = next & !reached;
        if layer == 0 {
            return reached & !start;
        }
        reached |= layer;
    }
}

const fn build_rays() -> [[u128; 6]; SLOTS] {
    let t = build_tables();
    let mut out = [[0; 6]; SLOTS];
    let mut h = 0;
    while h < HOLE_COUNT {
        let mut d = 0;
        while d < 6 {
            let mut i = 0;
            while i < t.ray_len[h][d] as usize {
                out[h][d] |= 1u128 << t.rays[h][d][i];
                i += 1;
            }
            d += 1;
        }
        h += 1;
    }
    out
}

/// The holes beyond each hole in each direction (`board`'s rays) as masks.
static RAYS: [[u128; 6]; SLOTS] = build_rays();

/// Hole indices grow along East, SouthWest and SouthEast (reading order: rows down, then `q`)
/// and shrink along the others, so the nearest hole of a set on a ray is its lowest or highest.
#[inline(always)]
fn nearest(bits: u128, d: usize) -> usize {
    if matches!(d, 0 | 4 | 5) {
        bits.trailing_zeros() as usize
    } else {
        127 - bits.leading_zeros() as usize
    }
}

/// The holes of the ray from `at` along `d` before hole `h` of that ray.
#[inline(always)]
fn before(ray: u128, d: usize, h: usize) -> u128 {
    if matches!(d, 0 | 4 | 5) {
        ray & ((1u128 << h) - 1)
    } else {
        ray & !((2u128 << h) - 1)
    }
}

/// Table option `long_hops`: landing holes of single long hops from `at` over the occupied set
/// `omega` (the moving piece lifted): over the only piece `k` holes away, landing `k` holes
/// beyond it, every other hole on the way empty.
#[inline]
pub(crate) fn long_hops(at: usize, omega: u128) -> u128 {
    let mut out = 0;
    for (d, &ray) in RAYS[at % SLOTS].iter().enumerate() {
        let on = omega & ray;
        if on == 0 {
            continue;
        }
        let over = nearest(on, d);
        // The landing hole mirrors `at` in the hopped piece.
        let (a, o) = (
            TABLES.coords[at % HOLE_COUNT],
            TABLES.coords[over % HOLE_COUNT],
        );
        let Some(land) = Hole::at(Coord::new(2 * o.q - a.q, 2 * o.r - a.r)) else {
            continue;
        };
        let land = land.bit();
        // On the ray (not beyond a gap of the star), and only the hopped piece on the way.
        if ray & land != 0
            && omega & (before(ray, d, land.trailing_zeros() as usize) | land) == 1u128 << over
        {
            out |= land;
        }
    }
    out
}

/// Seed 003: landing holes of a Diamond king's hops from `at` over the occupied set `omega` (the
/// king lifted): over a contiguous row of one or more marbles, none a king, into the hole just
/// beyond.
#[inline]
pub(crate) fn king_hops(at: usize, omega: u128, kings: u128) -> u128 {
    let mut out = 0;
    for (d, &ray) in RAYS[at % SLOTS].iter().enumerate() {
        let empty = ray & !omega;
        if empty == 0 {
            continue;
        }
        let land = nearest(empty, d);
        // Everything before the first empty hole is a marble.
        let row = before(ray, d, land);
        if row != 0 && row & kings == 0 {
            out |= 1u128 << land;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{ALL_HOLES, TABLES};

    /// Seed 000's hop, one direction at a time, straight from the geometry tables.
    fn hop_reference(at: usize, over_ok: u128, free: u128) -> u128 {
        TABLES.hops[at][..TABLES.hop_count[at] as usize]
            .iter()
            .filter(|&&(over, land)| over_ok >> over & 1 != 0 && free >> land & 1 != 0)
            .fold(0, |m, &(_, land)| m | 1u128 << land)
    }

    fn occupancies() -> impl Iterator<Item = u128> {
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
        (0..4000).map(move |i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse, dense and even mixes, so that every hop is seen taken and refused.
            let y = x.rotate_left(61);
            (match i % 3 {
                0 => x & y,
                1 => x | y,
                _ => x,
            }) & ALL_HOLES
        })
    }

    #[test]
    fn the_detected_kernel_runs_here() {
        assert!(Kernel::detect().is_supported());
        assert!(Kernel::supported().any(|k| k == Kernel::Portable));
        for k in Kernel::ALL {
            assert_eq!(Kernel::from_name(k.name()), Some(k));
        }
    }

    #[test]
    fn every_kernel_hops_like_the_geometry_tables() {
        let mut taken = 0;
        for occ in occupancies() {
            for at in 0..HOLE_COUNT {
                let expected = hop_reference(at, occ, !occ & ALL_HOLES);
                taken += expected.count_ones();
                assert_eq!(
                    Portable::hop(at, occ, !occ & ALL_HOLES),
                    expected,
                    "hole {at}"
                );
                #[cfg(target_arch = "x86_64")]
                if Kernel::Bmi2.is_supported() {
                    assert_eq!(Bmi2::hop(at, occ, !occ & ALL_HOLES), expected, "hole {at}");
                }
            }
        }
        assert!(taken > 100_000, "the occupancies exercise hops: {taken}");
    }

    /// Long hops and king hops, one ray at a time as the seeds word them.
    fn ray_hops_reference(at: usize, omega: u128, kings: u128) -> (u128, u128) {
        let (mut long, mut king) = (0, 0);
        for d in 0..6 {
            let ray = &TABLES.rays[at][d][..TABLES.ray_len[at][d] as usize];
            let occ = |h: u8| omega >> h & 1 != 0;
            if let Some(i) = ray.iter().position(|&h| occ(h)) {
                let land = 2 * i + 1;
                if land < ray.len() && ray[i + 1..=land].iter().all(|&h| !occ(h)) {
                    long |= 1u128 << ray[land];
                }
            }
            let row = ray.iter().take_while(|&&h| occ(h)).count();
            if row >= 1 && row < ray.len() && ray[..row].iter().all(|&h| kings >> h & 1 == 0) {
                king |= 1u128 << ray[row];
            }
        }
        (long, king)
    }

    #[test]
    fn ray_hops_follow_the_rays() {
        let (mut long_taken, mut king_taken) = (0, 0);
        for occ in occupancies() {
            let kings = occ & occ.rotate_left(17) & occ.rotate_left(40);
            for at in 0..HOLE_COUNT {
                let omega = occ & !(1u128 << at);
                let (long, king) = ray_hops_reference(at, omega, kings);
                long_taken += long.count_ones();
                king_taken += king.count_ones();
                assert_eq!(long_hops(at, omega), long, "long hops from hole {at}");
                assert_eq!(
                    king_hops(at, omega, kings),
                    king,
                    "king hops from hole {at}"
                );
            }
        }
        assert!(
            long_taken > 10_000 && king_taken > 10_000,
            "{long_taken} {king_taken}"
        );
    }
}

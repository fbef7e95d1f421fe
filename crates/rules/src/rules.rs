//! The laws of movement for every rule set, compiled for one seating: move generation, applying
//! and taking back moves, game status. Each rule of a rule set is its own predicate or mask here,
//! so that the movement code of seed 000 stays untouched by restrictions (seed 000: "Such a
//! restriction belongs in a separate legality predicate, not embedded in the movement rules").

use crate::board::{
    ALL_HOLES, CAMPS, HEXAGON, HOLE_COUNT, Hole, Holes, NONE, TABLES, camp_edge, camp_tip,
};
use crate::movegen::{self, Hop, Kernel, Portable};
use crate::position::{Move, MoveKind, MoveList, Position, State, Undo};
use crate::variant::{Blocked, RuleSet, Variant};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How pieces jump.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum JumpStyle {
    /// Seed 000: over one adjacent occupied hole into the empty hole beyond.
    Single,
    /// Table option `long_hops` (Super Chinese Checkers): over a single marble `k` holes away,
    /// landing `k` holes beyond it, every other hole on the way empty.
    Long,
    /// Seed 003: a regular marble hops one adjacent marble that is not a king; a king hops a
    /// contiguous row of one or more marbles without a king, landing just beyond.
    Diamond,
}

/// Per-seat masks.
#[derive(Clone, Copy, Debug)]
struct SeatRules {
    /// Holes the seat's pieces start on (10, or 15 in the Diamond Game).
    home: u128,
    /// Holes the seat must fill (10, or 15 in the Diamond Game).
    target: u128,
    /// The target's tip (where the Diamond king must end; distances are measured to it).
    tip: Hole,
    /// Where a move of a piece outside the target lock may end.
    stop: u128,
    /// Where a jump chain may land on its way (Diamond: not in other colours' camps).
    land: u128,
    /// The seat starting in this seat's target camp, or `NONE`.
    opposite: u8,
    /// Union of the other seats' targets (Diamond: moves ending there may make them win).
    others_targets: u128,
}

/// Why a move is not legal now.
#[derive(Debug, Error, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("there is no piece on {0}")]
    EmptyOrigin(String),
    #[error("the piece on {hole} is not yours")]
    NotYourPiece { hole: String },
    #[error("{0} is occupied")]
    DestinationOccupied(String),
    #[error("{to} is not next to {from}")]
    NotAdjacent { from: String, to: String },
    #[error("no chain of jumps leads from {from} to {to}")]
    NotReachable { from: String, to: String },
    #[error("a move cannot end where it began")]
    NoMovement,
    #[error("a marble in its target must stay inside it")]
    MustStayInTarget,
    #[error("a move may not end on {0} under these rules")]
    CannotStopThere(String),
    #[error("a move may not make another player win")]
    MakesAnotherWin,
    #[error("you have a legal move, so you cannot pass")]
    CannotPass,
    #[error("a swap needs an opponent's piece in your target that you could otherwise reach")]
    BadSwap,
    #[error("swaps are not played under these rules")]
    SwapNotPlayed,
}

/// How a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    Ongoing,
    Won {
        winner: u8,
        reason: WinReason,
    },
    Draw {
        reason: DrawReason,
    },
    /// Ended without a winner by the rules and placed by `Game::ranking` (table).
    Ranked {
        reason: RankReason,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Every target hole holds the winner's own pieces.
    Target,
    /// Table: after 30 turns each, the target is full of the winner's and the opposite
    /// player's marbles.
    AntiSpoil,
    /// Masters `fill`: the target is full and at least one piece is the winner's. Diamond: the
    /// 15 target holes are full and the winner's king is on the tip.
    Filled,
    /// Everyone else resigned or the resigning player's opponent won.
    Resignation,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// Every player passed in succession: the position can never change again.
    AllPassed,
    /// Diamond: 400 moves per player.
    MoveCap,
    /// Laws, masters: no player came closer to finishing in 30 turns each (our rule where the
    /// seeds are silent: `Rules::no_progress_plies`).
    NoProgress,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankReason {
    /// Table: 200 turns each.
    TurnCap,
    /// Table: every player passed in succession.
    AllPassed,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// Table: turns each before marbles left at home count for the player opposite.
pub const TABLE_ANTI_SPOIL_TURNS: u32 = 30;
/// Table: turns each after which the game stops and is ranked.
pub const TABLE_TURN_CAP: u32 = 200;
/// Diamond: moves per player after which the game is a draw.
pub const DIAMOND_MOVE_CAP: u32 = 400;

/// Laws, masters: turns each without any player coming closer to finishing after which the
/// game is a draw (`Rules::no_progress_plies`).
pub const NO_PROGRESS_TURNS: u32 = 30;

/// A rule set compiled for one seating.
#[derive(Clone, Debug)]
pub struct Rules {
    variant: Variant,
    players: u8,
    seats: [SeatRules; 6],
    jump: JumpStyle,
    /// Table, masters: a piece in its target must end its move inside the target.
    target_lock: bool,
    /// The CCERL benchmark's lock ([`Rules::ccerl`]): a hop that starts in the target lands in
    /// it, so a piece that reaches its target within a hop chain stays there for the rest of it.
    chain_lock: bool,
    swap: bool,
    /// Laws: no stop mask and no target lock, so the count skips both.
    plain: bool,
    kernel: Kernel,
}

impl Rules {
    /// The rules of `variant`, searching with the fastest kernel this CPU runs well
    /// ([`Kernel::detect`]).
    pub fn new(variant: Variant) -> Rules {
        Rules::with_kernel(variant, Kernel::detect()).expect("the detected kernel is supported")
    }

    /// The rules of `variant` with a chosen search kernel (benchmarks and tests compare them);
    /// `None` where this CPU cannot run it.
    pub fn with_kernel(variant: Variant, kernel: Kernel) -> Option<Rules> {
        kernel.is_supported().then(|| Rules::build(variant, kernel))
    }

    /// The rules of the public CCERL-2P10-v2 engine benchmark (profile `strict`,
    /// `CCZ-121-Strict-LG-v2`): two players of ten, every hole playable, and "once a piece lands
    /// in its own goal triangle, every later landing for that piece must remain inside that same
    /// goal triangle ... across turns and within a single hop chain". Its win, a target full of
    /// the player's pieces and opponents' blockers with at least one of the player's, is masters
    /// `fill`'s, so this is that variant with the lock applied within the chain too. Its draws
    /// (the 240-ply cap, repetition, equal turns) belong to its referee, not to these rules.
    pub fn ccerl() -> Rules {
        let variant = Variant::new(
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            2,
        )
        .expect("masters is played by two");
        let mut rules = Rules::new(variant);
        rules.chain_lock = true;
        rules
    }

    /// Plies without progress that end the game in a draw, for the rule sets with no end of
    /// their own for a game nobody can finish: the laws and masters. The seeds say nothing of a
    /// player who keeps a marble in an opponent's target for ever (seed 000's game then never
    /// ends); we chose: when no player has come closer to finishing for 30 turns each, the game
    /// is a draw ([`DrawReason::NoProgress`]). A player comes closer when the distance still
    /// to go of its marbles outside its target ([`Rules::distance_to_go`]) is the lowest it has
    /// been in the game. The table (anti-spoiling, its 200-turn stop) and the Diamond Game (its
    /// 400 moves each) keep their own ends; `Game` applies this one.
    pub fn no_progress_plies(&self) -> Option<u32> {
        match self.variant.rules() {
            RuleSet::Laws | RuleSet::Masters { .. } => {
                Some(NO_PROGRESS_TURNS * self.players as u32)
            }
            RuleSet::Table { .. } | RuleSet::Diamond => None,
        }
    }

    /// The kernel the jump search runs in.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    fn build(variant: Variant, kernel: Kernel) -> Rules {
        let rules = variant.rules();
        let diamond = rules == RuleSet::Diamond;
        let players = variant.players();
        let camps = variant.camps();
        let triangle = |camp: u8| {
            if diamond {
                CAMPS[camp as usize] | camp_edge(camp)
            } else {
                CAMPS[camp as usize]
            }
        };
        let mut seats = [SeatRules {
            home: 0,
            target: 0,
            tip: camp_tip(0),
            stop: ALL_HOLES,
            land: ALL_HOLES,
            opposite: NONE,
            others_targets: 0,
        }; 6];
        for (seat, &camp) in camps.iter().enumerate() {
            let target_camp = (camp + 3) % 6;
            // Table: "A move may end only in the middle hexagon, in your own starting point or in
            // your target point". Diamond: "You cannot enter the triangles of other colors",
            // the hexagon edge excepted; a colour owns its start and its target triangle. Both
            // come to the same holes.
            let own_and_target = HEXAGON | CAMPS[camp as usize] | CAMPS[target_camp as usize];
            let (stop, land) = match rules {
                RuleSet::Table { .. } => (own_and_target, ALL_HOLES),
                RuleSet::Diamond => (own_and_target, own_and_target),
                RuleSet::Laws | RuleSet::Masters { .. } => (ALL_HOLES, ALL_HOLES),
            };
            seats[seat] = SeatRules {
                home: triangle(camp),
                target: triangle(target_camp),
                tip: camp_tip(target_camp),
                stop,
                land,
                opposite: variant.seat_in_camp(target_camp).unwrap_or(NONE),
                others_targets: 0,
            };
        }
        for seat in 0..players as usize {
            seats[seat].others_targets = (0..players as usize)
                .filter(|&o| o != seat)
                .fold(0, |m, o| m | seats[o].target);
        }
        Rules {
            variant,
            players,
            seats,
            jump: match rules {
                RuleSet::Table { long_hops: true } => JumpStyle::Long,
                RuleSet::Diamond => JumpStyle::Diamond,
                _ => JumpStyle::Single,
            },
            target_lock: matches!(rules, RuleSet::Table { .. } | RuleSet::Masters { .. }),
            chain_lock: false,
            swap: rules
                == RuleSet::Masters {
                    blocked: Blocked::Swap,
                },
            plain: rules == RuleSet::Laws,
            kernel,
        }
    }

    /// Masters `swap`: a piece may swap an opponent's peg out of its target.
    #[inline]
    pub fn swaps(&self) -> bool {
        self.swap
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn players(&self) -> u8 {
        self.players
    }

    /// The holes `seat` must fill.
    pub fn target(&self, seat: u8) -> u128 {
        self.seats[seat as usize].target
    }

    /// The holes `seat` starts on.
    pub fn home(&self, seat: u8) -> u128 {
        self.seats[seat as usize].home
    }

    /// The tip of `seat`'s target triangle.
    pub fn target_tip(&self, seat: u8) -> Hole {
        self.seats[seat as usize].tip
    }

    /// Holes where a move by `seat` may end at all (ignoring the target lock).
    pub fn stop_mask(&self, seat: u8) -> u128 {
        self.seats[seat as usize].stop
    }

    /// The starting state: every seat in its home triangle, the first seat to move. Diamond
    /// kings start on the tip of their start triangle.
    pub fn initial_state(&self) -> State {
        let mut position = Position::EMPTY;
        for seat in 0..self.players {
            position.add(seat, self.seats[seat as usize].home);
            if self.variant.rules() == RuleSet::Diamond {
                position.kings |= camp_tip(self.variant.camp_of(seat)).bit();
            }
        }
        State {
            position,
            active: 0,
            ply: 0,
            passes_in_row: 0,
        }
    }

    /// Where a move of the piece on `from` may end: the target lock (table: "Once a marble is
    /// in your target point, every move it makes must end inside that point again"; masters:
    /// "once a peg has reached the opposite triangle, it may not be moved out of the triangle -
    /// only within the triangle") or the seat's stop mask.
    #[inline]
    fn stop_for(&self, seat: &SeatRules, from: u128) -> u128 {
        if self.target_lock && seat.target & from != 0 {
            seat.target
        } else {
            seat.stop
        }
    }

    /// Calls `f` with every hole a single jump of the piece on `x` can land on, before the
    /// landing restrictions. `omega` is the occupied set without the moving piece.
    #[inline(always)]
    fn for_each_hop(&self, x: usize, omega: u128, kings: u128, king: bool, mut f: impl FnMut(u8)) {
        match self.jump {
            JumpStyle::Single => {
                let hops = &TABLES.hops[x][..TABLES.hop_count[x] as usize];
                for &(over, land) in hops {
                    if omega & (1u128 << over) != 0 && omega & (1u128 << land) == 0 {
                        f(land);
                    }
                }
            }
            JumpStyle::Long => {
                for d in 0..6 {
                    let len = TABLES.ray_len[x][d] as usize;
                    let ray = &TABLES.rays[x][d][..len];
                    // The first occupied hole at distance k = i + 1 is the one hopped.
                    let Some(i) = ray.iter().position(|&h| omega & (1u128 << h) != 0) else {
                        continue;
                    };
                    let land = 2 * i + 1;
                    if land < len && ray[i + 1..=land].iter().all(|&h| omega & (1u128 << h) == 0) {
                        f(ray[land]);
                    }
                }
            }
            JumpStyle::Diamond => {
                if !king {
                    let hops = &TABLES.hops[x][..TABLES.hop_count[x] as usize];
                    for &(over, land) in hops {
                        let over = 1u128 << over;
                        if omega & over != 0 && kings & over == 0 && omega & (1u128 << land) == 0 {
                            f(land);
                        }
                    }
                } else {
                    for d in 0..6 {
                        let len = TABLES.ray_len[x][d] as usize;
                        let ray = &TABLES.rays[x][d][..len];
                        let mut i = 0;
                        while i < len && omega & (1u128 << ray[i]) != 0 {
                            if kings & (1u128 << ray[i]) != 0 {
                                break;
                            }
                            i += 1;
                        }
                        // i marbles in a row without a king, then an empty hole.
                        if i >= 1 && i < len && omega & (1u128 << ray[i]) == 0 {
                            f(ray[i]);
                        }
                    }
                }
            }
        }
    }

    /// Every hole the piece on `x` can reach by a chain of jumps (not `x` itself), by one
    /// search over the fixed occupied set `omega` (the piece lifted) that lands only on `land`
    /// (seed 000: the destinations are the forward closure of a graph fixed once per turn, so
    /// one visited set suffices and the search terminates).
    #[inline]
    fn jump_reach(&self, x: usize, omega: u128, kings: u128, king: bool, land: u128) -> u128 {
        let free = !omega & ALL_HOLES & land;
        let start = 1u128 << x;
        match self.jump {
            JumpStyle::Long => {
                let step = |at| movegen::long_hops(at, omega) & land;
                movegen::closure(start, step(x), step)
            }
            JumpStyle::Diamond if king => {
                let step = |at| movegen::king_hops(at, omega, kings) & land;
                movegen::closure(start, step(x), step)
            }
            JumpStyle::Diamond => movegen::reach::<Portable>(x, omega & !kings, free),
            JumpStyle::Single => movegen::reach::<Portable>(x, omega, free),
        }
    }

    /// Single hops chained under the chain lock: a hop from a hole of `target` lands in it.
    #[inline(always)]
    fn locked_reach<H: Hop>(&self, x: usize, over_ok: u128, free: u128, target: u128) -> u128 {
        let step = |at: usize| {
            let landing = H::hop(at, over_ok, free);
            if target & (1u128 << at) != 0 {
                landing & target
            } else {
                landing
            }
        };
        let first = step(x);
        if first == 0 {
            return 0;
        }
        movegen::closure(1u128 << x, first, step)
    }

    /// The sets the single-hop search reads, computed once per position: (jumpable, free for
    /// landing). Diamond's regular marbles may not hop a king nor land in other colours' camps.
    #[inline(always)]
    fn hop_sets(&self, state: &State, seat: &SeatRules) -> (u128, u128) {
        let pos = &state.position;
        let free = !pos.occupied & ALL_HOLES;
        if self.jump == JumpStyle::Diamond {
            (pos.occupied & !pos.kings, free & seat.land)
        } else {
            (pos.occupied, free)
        }
    }

    /// Destinations of the piece on `x`: (steps, jumps), after every restriction but the
    /// Diamond "no move that makes another win" rule. `hop_sets` is `self.hop_sets(..)`.
    #[inline(always)]
    fn destinations<H: Hop>(
        &self,
        state: &State,
        seat: &SeatRules,
        x: usize,
        (over_ok, free): (u128, u128),
    ) -> (u128, u128) {
        let pos = &state.position;
        let from = 1u128 << x;
        let stop = self.stop_for(seat, from);
        let steps = TABLES.neighbor_mask[x] & !pos.occupied & stop;
        let king = pos.kings & from != 0;
        let reach = match self.jump {
            JumpStyle::Single if self.chain_lock => {
                self.locked_reach::<H>(x, over_ok, free, seat.target)
            }
            JumpStyle::Single => movegen::reach::<H>(x, over_ok, free),
            JumpStyle::Diamond if !king => movegen::reach::<H>(x, over_ok, free),
            // Long hops and the Diamond king jump over rows: the piece is lifted first.
            _ => self.jump_reach(x, pos.occupied & !from, pos.kings, king, seat.land),
        };
        (steps, reach & stop)
    }

    /// Diamond: "this page does not allow moves that put another player's target triangle into
    /// this state" (full, with that player's king on its tip).
    fn makes_another_win(&self, state: &State, mover: u8, from: u128, to: u128) -> bool {
        let pos = &state.position;
        let occupied = pos.occupied ^ from ^ to;
        (0..self.players).filter(|&s| s != mover).any(|s| {
            let seat = &self.seats[s as usize];
            seat.target & to != 0
                && seat.target & !occupied == 0
                && pos.kings & pos.pieces[s as usize] & seat.tip.bit() != 0
        })
    }

    /// Masters `swap`: opponents' pegs on target holes that the piece on `x` could reach by a
    /// step or a jump chain if the hole were empty.
    #[inline(always)]
    fn swap_targets<H: Hop>(&self, state: &State, seat_index: u8, x: usize) -> u128 {
        let seat = &self.seats[seat_index as usize];
        let pos = &state.position;
        let blockers = seat.target & pos.occupied & !pos.pieces[seat_index as usize];
        if blockers == 0 {
            return 0;
        }
        let from = 1u128 << x;
        // Where the chain may be on its way (masters has no landing restriction); the last hop
        // lands on the blocker instead of an empty hole. No hop of the chain jumps `x` itself
        // (see `movegen`), so the occupied set is used as it is.
        let free = !pos.occupied & ALL_HOLES;
        let reach = movegen::reach::<H>(x, pos.occupied, free);
        let mut found = TABLES.neighbor_mask[x] & blockers;
        for z in Holes(reach | from) {
            found |= H::hop(z.index(), pos.occupied, blockers);
        }
        // The blocker's hole is in the target, so the target lock never forbids a swap.
        found
    }

    /// All legal moves of the active seat; a lone pass when it has none. Nothing when the
    /// game is over.
    pub fn legal_moves(&self, state: &State, out: &mut MoveList) {
        out.clear();
        if self.status(state).is_over() {
            return;
        }
        self.generate(state, out);
    }

    /// Legal moves ignoring whether the game is over (search code checks status itself).
    /// Per piece, lowest hole first: its steps, then its jumps, then its swaps, each by
    /// destination.
    pub fn generate(&self, state: &State, out: &mut MoveList) {
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Rules` holds `Kernel::Bmi2` only where the CPU supports it.
            Kernel::Bmi2 => unsafe { generate_bmi2(self, state, out) },
            _ => self.generate_with::<Portable>(state, out),
        }
    }

    #[inline(always)]
    fn generate_with<H: Hop>(&self, state: &State, out: &mut MoveList) {
        out.clear();
        let mover = state.active;
        let seat = &self.seats[mover as usize];
        let diamond = self.jump == JumpStyle::Diamond;
        let sets = self.hop_sets(state, seat);
        for from in Holes(state.position.pieces[mover as usize]) {
            let x = from.index();
            let (steps, jumps) = self.destinations::<H>(state, seat, x, sets);
            for (kind, dests) in [(MoveKind::Step, steps), (MoveKind::Jump, jumps)] {
                for to in Holes(dests) {
                    if diamond
                        && to.bit() & seat.others_targets != 0
                        && self.makes_another_win(state, mover, from.bit(), to.bit())
                    {
                        continue;
                    }
                    out.push(Move { kind, from, to });
                }
            }
            if self.swap {
                for to in Holes(self.swap_targets::<H>(state, mover, x)) {
                    out.push(Move::swap(from, to));
                }
            }
        }
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    /// The number of moves `generate` would produce (a pass counts as one), without building
    /// the list: the bulk count at the leaves of perft.
    pub fn count_moves(&self, state: &State) -> u64 {
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Rules` holds `Kernel::Bmi2` only where the CPU supports it.
            Kernel::Bmi2 => unsafe { count_bmi2(self, state) },
            _ => self.count_with::<Portable>(state),
        }
    }

    #[inline(always)]
    fn count_with<H: Hop>(&self, state: &State) -> u64 {
        if self.plain {
            return self.count_single::<H, false>(state);
        }
        if self.jump == JumpStyle::Single && !self.swap && !self.chain_lock {
            return self.count_single::<H, true>(state);
        }
        let mover = state.active;
        let seat = &self.seats[mover as usize];
        let sets = self.hop_sets(state, seat);
        let mut n = 0u64;
        for from in Holes(state.position.pieces[mover as usize]) {
            let x = from.index();
            let (steps, jumps) = self.destinations::<H>(state, seat, x, sets);
            // Not `steps | jumps`: a Diamond king's chain can end next to where it began, a
            // jump distinct from the step there.
            n += (steps.count_ones() + jumps.count_ones()) as u64;
            if self.jump == JumpStyle::Diamond {
                for dests in [steps, jumps] {
                    for to in Holes(dests & seat.others_targets) {
                        if self.makes_another_win(state, mover, from.bit(), to.bit()) {
                            n -= 1;
                        }
                    }
                }
            }
            if self.swap {
                n += self.swap_targets::<H>(state, mover, x).count_ones() as u64;
            }
        }
        n.max(1)
    }

    /// `count_moves` for the rule sets whose pieces all hop single pieces and have no extra move
    /// kinds (laws, table, masters `fill`): the hot path of perft. `MASKED`: the stop mask and
    /// target lock apply (table, masters); laws has neither. Steps and first hops of every piece
    /// are independent of each other; only the pieces with a first hop search further.
    #[inline(always)]
    fn count_single<H: Hop, const MASKED: bool>(&self, state: &State) -> u64 {
        let seat = &self.seats[state.active as usize];
        let pos = &state.position;
        let occupied = pos.occupied;
        let free = !occupied & ALL_HOLES;
        let mut n = 0u32;
        let mut pending = [(0u8, 0u128, 0u128); 16];
        let mut waiting = 0;
        for from in Holes(pos.pieces[state.active as usize]) {
            let x = from.index();
            let stop = if MASKED {
                self.stop_for(seat, from.bit())
            } else {
                ALL_HOLES
            };
            let first = H::hop(x, occupied, free);
            n += (TABLES.neighbor_mask[x] & free & stop).count_ones();
            // At most 15 pieces, so at most 15 wait: the mask only spares the bounds check.
            pending[waiting & 15] = (x as u8, first, stop);
            waiting += (first != 0) as usize;
        }
        for &(x, first, stop) in &pending[..waiting] {
            let reach = movegen::closure(1u128 << x, first, |at| H::hop(at, occupied, free));
            n += (reach & stop).count_ones();
        }
        n.max(1) as u64
    }

    /// Apply a move known to be legal (from `generate`); returns what `undo` needs.
    pub fn apply(&self, state: &mut State, mv: Move) -> Undo {
        let mover = state.active;
        let mut undo = Undo {
            mv,
            mover,
            swapped_with: NONE,
            passes_in_row: state.passes_in_row,
        };
        let pos = &mut state.position;
        match mv.kind {
            MoveKind::Pass => state.passes_in_row += 1,
            MoveKind::Step | MoveKind::Jump => {
                pos.toggle(mover, mv.from, mv.to);
                state.passes_in_row = 0;
            }
            MoveKind::Swap => {
                let delta = mv.from.bit() | mv.to.bit();
                let other = pos.owner(mv.to).unwrap_or(NONE);
                debug_assert!(other != NONE && other != mover);
                pos.pieces[mover as usize] ^= delta;
                if other != NONE {
                    pos.pieces[other as usize] ^= delta;
                }
                undo.swapped_with = other;
                state.passes_in_row = 0;
            }
        }
        state.ply += 1;
        // No division on the hot path: the next seat wraps to 0 after the last.
        state.active = if state.active + 1 == self.players {
            0
        } else {
            state.active + 1
        };
        undo
    }

    /// Take back the move `undo` was made for; restores the state bit for bit.
    pub fn undo(&self, state: &mut State, undo: Undo) {
        let mv = undo.mv;
        let pos = &mut state.position;
        let delta = mv.from.bit() | mv.to.bit();
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Step | MoveKind::Jump => pos.toggle(undo.mover, mv.to, mv.from),
            MoveKind::Swap => {
                pos.pieces[undo.mover as usize] ^= delta;
                if undo.swapped_with != NONE {
                    pos.pieces[undo.swapped_with as usize] ^= delta;
                }
            }
        }
        state.passes_in_row = undo.passes_in_row;
        state.ply -= 1;
        state.active = undo.mover;
    }

    /// Has `seat` finished in this state? Per rule set:
    /// - laws, masters `swap`: every target hole holds the seat's own piece;
    /// - table: that, or (anti-spoiling, once every player has had 30 turns) the target is full,
    ///   at least one marble is the seat's and the rest belong to the player opposite;
    /// - masters `fill`: the target is full and at least one peg is the seat's;
    /// - diamond: the 15 target holes are full and the seat's king is on the tip.
    pub fn finished(&self, state: &State, seat: u8) -> Option<WinReason> {
        let s = &self.seats[seat as usize];
        let pos = &state.position;
        let own = pos.pieces[seat as usize];
        if s.target & !own == 0 && self.variant.rules() != RuleSet::Diamond {
            return Some(WinReason::Target);
        }
        let full = s.target & !pos.occupied == 0;
        match self.variant.rules() {
            RuleSet::Laws
            | RuleSet::Masters {
                blocked: Blocked::Swap,
            } => None,
            RuleSet::Table { .. } => {
                let threshold = state.ply >= TABLE_ANTI_SPOIL_TURNS * self.players as u32;
                let opposite = if s.opposite == NONE {
                    0
                } else {
                    pos.pieces[s.opposite as usize]
                };
                (threshold && full && own & s.target != 0 && s.target & !(own | opposite) == 0)
                    .then_some(WinReason::AntiSpoil)
            }
            RuleSet::Masters {
                blocked: Blocked::Fill,
            } => (full && own & s.target != 0).then_some(WinReason::Filled),
            RuleSet::Diamond => {
                (full && pos.kings & own & s.tip.bit() != 0).then_some(WinReason::Filled)
            }
        }
    }

    /// The status of a state reached by play. Finishers are looked for after every move among
    /// all seats, the seat that just moved first, then the others in turn order (table: "a move
    /// can make someone else finish"; the first found wins). A hand-built position can thus
    /// start already won.
    pub fn status(&self, state: &State) -> Status {
        let n = self.players;
        // Every way of finishing needs a full target (see `finished`): where none is full, as
        // at almost every node of a search, nobody has finished.
        let occupied = state.position.occupied;
        let full = self.seats[..n as usize]
            .iter()
            .any(|s| s.target & !occupied == 0);
        // The seat that just moved, then the others in turn order, without divisions.
        let mover = if state.active == 0 {
            n - 1
        } else {
            state.active - 1
        };
        for k in 0..if full { n } else { 0 } {
            let seat = if mover + k >= n {
                mover + k - n
            } else {
                mover + k
            };
            if let Some(reason) = self.finished(state, seat) {
                return Status::Won {
                    winner: seat,
                    reason,
                };
            }
        }
        let all_passed = state.passes_in_row >= n;
        match self.variant.rules() {
            RuleSet::Table { .. } => {
                if all_passed {
                    Status::Ranked {
                        reason: RankReason::AllPassed,
                    }
                } else if state.ply >= TABLE_TURN_CAP * n as u32 {
                    Status::Ranked {
                        reason: RankReason::TurnCap,
                    }
                } else {
                    Status::Ongoing
                }
            }
            RuleSet::Diamond if state.ply >= DIAMOND_MOVE_CAP * n as u32 => Status::Draw {
                reason: DrawReason::MoveCap,
            },
            _ if all_passed => Status::Draw {
                reason: DrawReason::AllPassed,
            },
            _ => Status::Ongoing,
        }
    }

    /// Whether `mv` is legal now, and if not, why.
    pub fn check(&self, state: &State, mv: Move) -> Result<(), IllegalMove> {
        if self.status(state).is_over() {
            return Err(IllegalMove::GameOver);
        }
        let mut moves = MoveList::new();
        self.generate(state, &mut moves);
        if moves.contains(&mv) {
            return Ok(());
        }
        Err(self.diagnose(state, mv, &moves))
    }

    /// The reason an illegal move is illegal, most basic first.
    fn diagnose(&self, state: &State, mv: Move, moves: &MoveList) -> IllegalMove {
        let pos = &state.position;
        let mover = state.active;
        if mv.kind == MoveKind::Pass {
            return IllegalMove::CannotPass;
        }
        match pos.owner(mv.from) {
            None => return IllegalMove::EmptyOrigin(mv.from.to_string()),
            Some(o) if o != mover => {
                return IllegalMove::NotYourPiece {
                    hole: mv.from.to_string(),
                };
            }
            _ => {}
        }
        if mv.from == mv.to {
            return IllegalMove::NoMovement;
        }
        let seat = &self.seats[mover as usize];
        if mv.kind == MoveKind::Swap {
            return if self.swap {
                IllegalMove::BadSwap
            } else {
                IllegalMove::SwapNotPlayed
            };
        }
        if pos.occupied & mv.to.bit() != 0 {
            return IllegalMove::DestinationOccupied(mv.to.to_string());
        }
        let x = mv.from.index();
        let reachable = match mv.kind {
            MoveKind::Step => TABLES.neighbor_mask[x] & mv.to.bit() != 0,
            _ => {
                let omega = pos.occupied & !mv.from.bit();
                let king = pos.kings & mv.from.bit() != 0;
                let reach = if self.chain_lock {
                    self.locked_reach::<Portable>(x, omega, !omega & ALL_HOLES, seat.target)
                } else {
                    self.jump_reach(x, omega, pos.kings, king, seat.land)
                };
                reach & mv.to.bit() != 0
            }
        };
        if !reachable {
            return if mv.kind == MoveKind::Step {
                IllegalMove::NotAdjacent {
                    from: mv.from.to_string(),
                    to: mv.to.to_string(),
                }
            } else {
                IllegalMove::NotReachable {
                    from: mv.from.to_string(),
                    to: mv.to.to_string(),
                }
            };
        }
        if self.target_lock && seat.target & mv.from.bit() != 0 && seat.target & mv.to.bit() == 0 {
            return IllegalMove::MustStayInTarget;
        }
        if seat.stop & mv.to.bit() == 0 {
            return IllegalMove::CannotStopThere(mv.to.to_string());
        }
        if self.makes_another_win(state, mover, mv.from.bit(), mv.to.bit()) {
            return IllegalMove::MakesAnotherWin;
        }
        debug_assert!(moves.is_empty() || !moves.contains(&mv));
        IllegalMove::NotReachable {
            from: mv.from.to_string(),
            to: mv.to.to_string(),
        }
    }

    /// The route of a legal move: the holes the piece visits, origin first. Jumps take the
    /// fewest hops (breadth-first, directions in the seed's order); a swap's route is the way
    /// to the blocked hole; a pass has an empty route.
    pub fn route(&self, state: &State, mv: Move) -> Vec<Hole> {
        match mv.kind {
            MoveKind::Pass => Vec::new(),
            MoveKind::Step => vec![mv.from, mv.to],
            MoveKind::Jump | MoveKind::Swap => {
                let pos = &state.position;
                let seat = &self.seats[state.active as usize];
                let x = mv.from.index();
                let target = mv.to.index();
                let mut omega = pos.occupied & !mv.from.bit();
                if mv.kind == MoveKind::Swap {
                    if TABLES.neighbor_mask[x] & mv.to.bit() != 0 {
                        return vec![mv.from, mv.to];
                    }
                    // Search as if the blocked hole were empty.
                    omega &= !mv.to.bit();
                }
                let king = pos.kings & mv.from.bit() != 0;
                let mut parent = [NONE; HOLE_COUNT];
                let mut queue = [0u8; HOLE_COUNT];
                let (mut head, mut tail) = (0, 1);
                queue[0] = x as u8;
                parent[x] = x as u8;
                while head < tail && parent[target] == NONE {
                    let at = queue[head] as usize;
                    head += 1;
                    let locked = self.chain_lock && seat.target & (1u128 << at) != 0;
                    self.for_each_hop(at, omega, pos.kings, king, |t| {
                        let t = t as usize;
                        if parent[t] == NONE
                            && seat.land & (1u128 << t) != 0
                            && (!locked || seat.target & (1u128 << t) != 0)
                        {
                            parent[t] = at as u8;
                            queue[tail] = t as u8;
                            tail += 1;
                        }
                    });
                }
                if parent[target] == NONE {
                    return vec![mv.from, mv.to];
                }
                let mut route = vec![mv.to];
                let mut at = target;
                while at != x {
                    at = parent[at] as usize;
                    route.push(Hole::new_unchecked(at as u8));
                }
                route.reverse();
                route
            }
        }
    }

    /// Marbles of `seat` in its target.
    pub fn marbles_home(&self, state: &State, seat: u8) -> u32 {
        (state.position.pieces[seat as usize] & self.seats[seat as usize].target).count_ones()
    }

    /// The distance still to go: the sum, over the seat's pieces not yet in its target, of the
    /// hex distance to the target's tip.
    pub fn distance_to_go(&self, state: &State, seat: u8) -> u32 {
        let s = &self.seats[seat as usize];
        Holes(state.position.pieces[seat as usize] & !s.target)
            .map(|h| h.distance(s.tip) as u32)
            .sum()
    }

    /// The sum over all the seat's pieces of the hex distance to its target's tip (seed 003's
    /// measure for deciding a 3-player resignation).
    pub fn total_distance_to_tip(&self, state: &State, seat: u8) -> u32 {
        let tip = self.seats[seat as usize].tip;
        state
            .position
            .holes_of(seat)
            .map(|h| h.distance(tip) as u32)
            .sum()
    }
}

/// `Rules::generate` compiled with BMI2 and POPCNT, for `Kernel::Bmi2`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
fn generate_bmi2(rules: &Rules, state: &State, out: &mut MoveList) {
    rules.generate_with::<movegen::Bmi2>(state, out)
}

/// `Rules::count_moves` compiled with BMI2 and POPCNT, for `Kernel::Bmi2`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
fn count_bmi2(rules: &Rules, state: &State) -> u64 {
    rules.count_with::<movegen::Bmi2>(state)
}

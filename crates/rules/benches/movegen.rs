//! Move-generation benchmarks: bulk-counted perft and full generation on midgame positions.
//! `cargo bench -p starhalma-rules`; `starhalma-cli bench` reports the same figures as rates.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use starhalma_rules::{Blocked, Kernel, MoveList, RuleSet, Rules, State, Variant, perft};
use std::hint::black_box;

fn midgame(rules: &Rules, seed: u64, plies: usize) -> State {
    let mut state = rules.initial_state();
    let mut rng = seed | 1;
    let mut moves = MoveList::new();
    for _ in 0..plies {
        rules.legal_moves(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = moves[(rng % moves.len() as u64) as usize];
        rules.apply(&mut state, mv);
    }
    state
}

fn bench(c: &mut Criterion) {
    let variant = Variant::new(RuleSet::Laws, 2).unwrap();
    let mut group = c.benchmark_group("perft");
    let leaves = perft::perft(
        &Rules::new(variant),
        &mut Rules::new(variant).initial_state(),
        5,
    );
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    // Every kernel this CPU runs, so that the portable one is measured too.
    for kernel in Kernel::supported() {
        let rules = Rules::with_kernel(variant, kernel).unwrap();
        group.bench_function(
            format!(
                "laws 2p depth 5 (bulk-counted leaves), {} kernel",
                kernel.name()
            ),
            |b| {
                let mut state = rules.initial_state();
                b.iter(|| perft::perft(&rules, &mut state, black_box(5)))
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group("generate");
    for (name, rule_set, players) in [
        ("laws 2p", RuleSet::Laws, 2),
        ("table 6p", RuleSet::Table { long_hops: false }, 6),
        ("table long hops 2p", RuleSet::Table { long_hops: true }, 2),
        (
            "masters swap 4p",
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            4,
        ),
        ("diamond 3p", RuleSet::Diamond, 3),
    ] {
        let rules = Rules::new(Variant::new(rule_set, players).unwrap());
        let positions: Vec<State> = (0..32).map(|i| midgame(&rules, 7 + i, 40)).collect();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(name, |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                for state in &positions {
                    rules.generate(black_box(state), &mut moves);
                }
                moves.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

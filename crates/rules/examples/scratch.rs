use starhalma_rules::*;
fn main() {
    let d: u32 = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(6);
    let v = Variant::new(RuleSet::Laws, 2).unwrap();
    let r = Rules::new(v);
    let mut s = r.initial_state();
    let t = std::time::Instant::now();
    let n = perft::perft(&r, &mut s, d);
    let e = t.elapsed();
    println!(
        "perft({d}) = {n} in {e:?}: {:.1} M leaves/s",
        n as f64 / e.as_secs_f64() / 1e6
    );
}

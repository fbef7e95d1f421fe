use starhalma_rules::*;
fn main() {
    print!("{}", board::render_camps());
    for (rs, ps) in [(RuleSet::Laws, vec![2,3,4,6]), (RuleSet::Table{long_hops:false}, vec![2,6]), (RuleSet::Diamond, vec![2,3]), (RuleSet::Masters{blocked:Blocked::Swap}, vec![2])] {
        for p in ps {
            let v = Variant::new(rs, p).unwrap();
            let r = Rules::new(v);
            let mut s = r.initial_state();
            let t = std::time::Instant::now();
            let counts: Vec<u64> = (1..=5).map(|d| perft::perft(&r, &mut s, d)).collect();
            println!("{v}: {counts:?} {:?}", t.elapsed());
        }
    }
}

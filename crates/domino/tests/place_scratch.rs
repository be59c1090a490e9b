use domino::place::*;
#[test]
fn scratch() {
    for f in ["d6-unique", "d9-unique", "d12-unique", "d20-unique"] {
        let t = std::fs::read_to_string(format!("../../bench/peers/place/boards/{f}.txt")).unwrap();
        for (k, b) in parse_boards(&t, None).unwrap().iter().enumerate() {
            let mut times = Vec::new();
            for _ in 0..21 {
                let t = std::time::Instant::now();
                std::hint::black_box(solve(b, 2, 1));
                times.push(t.elapsed());
            }
            times.sort();
            println!("{f} {k}: median {:?}", times[10]);
        }
    }
}

use domino::vanish::*;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let w: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap();
    let v: u64 = args[3].parse().unwrap();
    let count: u64 = args[4].parse().unwrap();
    let limit: f64 = args.get(5).map_or(10.0, |s| s.parse().unwrap());
    let mut times = Vec::new();
    for seed in 0..count {
        let board = generate(w, h, v, seed).unwrap();
        let t = Instant::now();
        let limits = Limits {
            time_limit: Some(std::time::Duration::from_secs_f64(limit)),
            ..Limits::default()
        };
        let s = solve(&board, Algorithm::Exact, &limits, None);
        let e = t.elapsed().as_secs_f64();
        times.push(e);
        let g = solve(&board, Algorithm::Greedy, &limits, None);
        println!(
            "seed {seed}: score {} opt {} lb {} states {} time {:.3} greedy {}",
            s.score, s.optimal, s.lower_bound, s.states, e, g.score
        );
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("median {:.4}", times[times.len() / 2]);
}

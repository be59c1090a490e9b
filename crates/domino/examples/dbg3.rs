use domino::vanish::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let w: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap();
    let v: u64 = args[3].parse().unwrap();
    let seed: u64 = args[4].parse().unwrap();
    let limit: f64 = args[5].parse().unwrap();
    let board = generate(w, h, v, seed).unwrap();
    let limits = Limits {
        time_limit: Some(std::time::Duration::from_secs_f64(limit)),
        ..Limits::default()
    };
    let t = std::time::Instant::now();
    let s = solve(&board, Algorithm::Exact, &limits, None);
    println!(
        "score {} opt {} lb {} states {} {:?}",
        s.score,
        s.optimal,
        s.lower_bound,
        s.states,
        t.elapsed()
    );
}

use domino::place::*;
use domino::rng::Rng;
fn text(b: &Board) -> String {
    let mut s = String::new();
    for r in 0..b.rows {
        let row: Vec<String> = (0..b.cols)
            .map(|c| b.values[r * b.cols + c].unwrap().to_string())
            .collect();
        s += &row.join(" ");
        s += "\n";
    }
    s
}
#[test]
fn scratch() {
    let mut out = Vec::new();
    for seed in 0..6 {
        let (b, _) = random_board(10, 11, 9, &mut Rng::new(3000 + seed)).unwrap();
        let t = std::time::Instant::now();
        let s = solve(&b, u64::MAX, 0);
        println!("ambiguous {seed}: {} {:?}", s.count, t.elapsed());
        out.push(text(&b));
    }
    std::fs::write(
        "../../bench/peers/place/boards/d9-ambiguous.txt",
        out.join("\n"),
    )
    .unwrap();
}

use domino::vanish::*;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let board = parse_board(&text).unwrap();
    let s = solve(&board, Algorithm::Exact, &Limits::default(), None);
    println!("{:?} {:?}", s, verify_order(&board, &s.order));
}

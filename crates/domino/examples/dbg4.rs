use domino::vanish::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let w: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap();
    let v: u64 = args[3].parse().unwrap();
    let seed: u64 = args[4].parse().unwrap();
    let board = generate(w, h, v, seed).unwrap();
    let limits = Limits {
        time_limit: Some(std::time::Duration::from_secs_f64(3.0)),
        ..Limits::default()
    };
    let s = solve(&board, Algorithm::Exact, &limits, None);
    let mut left = vec![true; board.pieces().len()];
    for &i in &s.order {
        left[i] = false;
    }
    // grid of values; removed pieces shown as '.', left as value, letters for ids
    let own = board.owners();
    for y in 0..h {
        let mut line = String::new();
        let mut line2 = String::new();
        for x in 0..w {
            let c = own[y * w + x];
            match c {
                Some(i) => {
                    let p = board.pieces()[i];
                    let v = if (p.x, p.y) == (x, y) {
                        p.value1
                    } else {
                        p.value2
                    };
                    let ch = match p.orientation {
                        Orientation::Horizontal => {
                            if (p.x, p.y) == (x, y) {
                                '['
                            } else {
                                ']'
                            }
                        }
                        Orientation::Vertical => {
                            if (p.x, p.y) == (x, y) {
                                '^'
                            } else {
                                'v'
                            }
                        }
                    };
                    line.push_str(&format!("{}{} ", v, ch));
                    line2.push_str(if left[i] { "## " } else { "   " });
                }
                None => line.push_str(".. "),
            }
        }
        println!("{line}   {line2}");
    }
    println!("score {} opt {} lb {}", s.score, s.optimal, s.lower_bound);
}

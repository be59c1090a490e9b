use domino::place::*;
use domino::rng::Rng;
#[test]
fn scratch() {
    for (n, rows, cols, tries) in [
        (6usize, 7usize, 8usize, 10u64),
        (9, 10, 11, 5),
        (12, 13, 14, 5),
        (20usize, 21usize, 22usize, 5u64),
    ] {
        for seed in 0..tries {
            let mut rng = Rng::new(seed);
            let t = std::time::Instant::now();
            let r = random_unique_board(rows, cols, n as u32, &mut rng, 5000);
            let gen = t.elapsed();
            let Some((b, m)) = r else {
                println!("N={n} seed {seed}: failed {gen:?}");
                continue;
            };
            assert!(verify_map(&b, &m).is_ok());
            let t = std::time::Instant::now();
            let s2 = solve(&b, 2, 0);
            let t2 = t.elapsed();
            let t = std::time::Instant::now();
            let s3 = solve_by_exact_cover(&b, 2, 0);
            println!(
                "N={n} seed {seed}: gen {gen:?} {} {} {:?}  dlx {} {:?}",
                s2.count,
                s2.complete,
                t2,
                s3.count,
                t.elapsed()
            );
        }
    }
    for seed in 0..5 {
        let (b, _) = random_board(21, 22, 20, &mut Rng::new(seed)).unwrap();
        let t = std::time::Instant::now();
        let s2 = solve(&b, 2, 0);
        let t2 = t.elapsed();
        let t = std::time::Instant::now();
        let s3 = solve_by_exact_cover(&b, 2, 0);
        println!(
            "random N=20 seed {seed}: {} {:?}  dlx {} {:?}",
            s2.count,
            t2,
            s3.count,
            t.elapsed()
        );
    }
}

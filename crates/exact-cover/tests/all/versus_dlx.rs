//! Cross-check against the `dlx` crate on random instances: both must find
//! the same number of solutions.

use exact_cover::{Problem, Solver};

/// SplitMix64, so the instances are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (((z ^ (z >> 31)) as u128 * n as u128) >> 64) as u64
    }
}

fn dlx_count(primary: usize, secondary: usize, options: &[Vec<usize>]) -> u64 {
    let os: Vec<Vec<dlx::Uint>> = options
        .iter()
        .map(|o| o.iter().map(|&i| i as dlx::Uint).collect())
        .collect();
    let mut problem = dlx::x::make_problem(
        primary as dlx::Uint,
        secondary as dlx::Uint,
        &os,
        dlx::OptOrder::Seq,
    );
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

#[test]
fn same_counts_as_dlx_on_random_instances() {
    let mut rng = Rng(2024);
    let mut nonzero = 0;
    for _ in 0..400 {
        let primary = 1 + rng.below(12) as usize;
        let secondary = rng.below(4) as usize;
        let items = primary + secondary;
        let option_count = 1 + rng.below(40) as usize;
        let mut options = Vec::new();
        for _ in 0..option_count {
            let size = 1 + rng.below(4.min(items as u64)) as usize;
            let mut option: Vec<usize> = Vec::new();
            while option.len() < size {
                let item = rng.below(items as u64) as usize;
                if !option.contains(&item) {
                    option.push(item);
                }
            }
            options.push(option);
        }
        let mut problem = Problem::new(primary, secondary);
        for option in &options {
            problem.add_option(option);
        }
        let ours = Solver::new(&problem).count(u64::MAX);
        assert!(ours.complete);
        assert_eq!(
            ours.count,
            dlx_count(primary, secondary, &options),
            "{options:?}"
        );
        if ours.count > 0 {
            nonzero += 1;
        }
    }
    assert!(
        nonzero > 20,
        "the instances should not all be unsolvable ({nonzero})"
    );
}

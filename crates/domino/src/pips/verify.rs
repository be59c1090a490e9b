//! Checking a solution without trusting the solver: every domino on two
//! neighbouring cells of the board, every cell covered once, every rule
//! met by the values as laid. Shares no code with the search.

use super::model::{Puzzle, Solution};
use crate::Cell;
use std::collections::HashMap;

/// `Ok(())` when `solution` solves `puzzle`, else what is wrong.
pub fn verify(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    if solution.placements.len() != puzzle.dominoes.len() {
        return Err(format!(
            "the solution places {} dominoes, the puzzle has {}",
            solution.placements.len(),
            puzzle.dominoes.len()
        ));
    }
    let mut region_of: HashMap<Cell, usize> = HashMap::new();
    for (k, region) in puzzle.regions.iter().enumerate() {
        for &c in &region.cells {
            region_of.insert(c, k);
        }
    }
    let mut value: HashMap<Cell, u32> = HashMap::new();
    for (k, (domino, cells)) in puzzle.dominoes.iter().zip(&solution.placements).enumerate() {
        let [(r1, c1), (r2, c2)] = *cells;
        if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
            return Err(format!(
                "domino {k} ({}-{}) lies on [{r1},{c1}] and [{r2},{c2}], which are not neighbours",
                domino[0], domino[1]
            ));
        }
        for (&v, &c) in domino.iter().zip(cells) {
            if !region_of.contains_key(&c) {
                return Err(format!(
                    "domino {k} lies on [{},{}], which is not on the board",
                    c.0, c.1
                ));
            }
            if value.insert(c, v).is_some() {
                return Err(format!("cell [{},{}] is covered twice", c.0, c.1));
            }
        }
    }
    if let Some(c) = region_of.keys().find(|c| !value.contains_key(c)) {
        return Err(format!("cell [{},{}] is not covered", c.0, c.1));
    }
    for region in &puzzle.regions {
        let values: Vec<u32> = region.cells.iter().map(|c| value[c]).collect();
        if !region.rule.holds(&values) {
            let (r, c) = region.cells[0];
            return Err(format!(
                "the region at [{r},{c}] breaks its rule ({}): its values are {values:?}",
                region.rule.json_name()
            ));
        }
    }
    Ok(())
}

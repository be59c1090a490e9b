//! A puzzle and a solution as the renderer's plain data, and the SVG.

use super::model::{Puzzle, Rule, Solution};
use crate::render::{pips_svg, PipsPicture, PipsPiece};

/// The badge of a rule: `12`, `<4`, `>2`, `=`, `≠`, or nothing.
pub fn badge(rule: Rule) -> String {
    match rule {
        Rule::Sum(t) => t.to_string(),
        Rule::Less(t) => format!("<{t}"),
        Rule::Greater(t) => format!(">{t}"),
        Rule::Equal => "=".to_string(),
        Rule::Unequal => "≠".to_string(),
        Rule::Empty => String::new(),
    }
}

/// The puzzle as SVG, with the solution's dominoes when one is given.
pub fn svg(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let regions = puzzle.region_grid();
    let badges: Vec<String> = puzzle.regions.iter().map(|r| badge(r.rule)).collect();
    let pieces: Vec<PipsPiece> = solution
        .map(|s| {
            puzzle
                .dominoes
                .iter()
                .zip(&s.placements)
                .map(|(&values, &cells)| PipsPiece { cells, values })
                .collect()
        })
        .unwrap_or_default();
    pips_svg(&PipsPicture {
        regions: &regions,
        badges: &badges,
        pieces: &pieces,
    })
}

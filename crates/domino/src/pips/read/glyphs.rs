//! Reading a badge's characters by their nearest template, and a badge's
//! characters as a rule. The templates (glyphs.txt) are the mean shapes of
//! each character on the shared screenshots, written by
//! `scripts/pips-glyphs`, which knows each screenshot's answer.

use super::badges::{Character, SIDE};
use crate::pips::Rule;

/// One template a line: the character (`!` stands for `≠`), its width and
/// height against the cell's side (in thousandths), then its shape
/// (`SIDE` x `SIDE` shares of white, 0 to 255).
const TEMPLATES: &str = include_str!("glyphs.txt");

/// How much the size of a character weighs against its shape.
const SIZE_WEIGHT: f32 = 40.0;

/// A character read, with how sure.
#[derive(Clone, Copy, Debug)]
pub struct Guess {
    pub character: char,
    /// Distance to the nearest template.
    pub distance: f32,
    /// The nearest template of another character, and its distance.
    pub runner_up: char,
    pub runner_up_distance: f32,
}

impl Guess {
    /// How clearly the guess beats the runner-up (1 = a tie).
    pub fn margin(&self) -> f32 {
        self.runner_up_distance / self.distance.max(1e-3)
    }
}

struct Template {
    character: char,
    width: f32,
    height: f32,
    shape: Vec<f32>,
}

fn templates() -> Vec<Template> {
    TEMPLATES
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let character = words.next()?.chars().next()?;
            let numbers: Vec<f32> = words.filter_map(|w| w.parse::<f32>().ok()).collect();
            if numbers.len() != 2 + SIDE * SIDE {
                return None;
            }
            Some(Template {
                character,
                width: numbers[0] / 1000.0,
                height: numbers[1] / 1000.0,
                shape: numbers[2..].iter().map(|v| v / 255.0).collect(),
            })
        })
        .collect()
}

/// The distance between a character and a template.
fn distance(c: &Character, t: &Template) -> f32 {
    let shape: f32 = c
        .shape
        .iter()
        .zip(&t.shape)
        .map(|(a, b)| (a - b).powi(2))
        .sum();
    let size = (c.width - t.width).powi(2) + (c.height - t.height).powi(2);
    (shape + SIZE_WEIGHT * SIZE_WEIGHT * size).sqrt()
}

/// The nearest template's character for each character, with how sure.
pub fn guess(characters: &[Character]) -> Vec<Guess> {
    let templates = templates();
    characters
        .iter()
        .map(|c| {
            let mut best = ('?', f32::INFINITY);
            let mut second = ('?', f32::INFINITY);
            for t in &templates {
                let d = distance(c, t);
                if d < best.1 {
                    if t.character != best.0 {
                        second = best;
                    }
                    best = (t.character, d);
                } else if d < second.1 && t.character != best.0 {
                    second = (t.character, d);
                }
            }
            Guess {
                character: best.0,
                distance: best.1,
                runner_up: second.0,
                runner_up_distance: second.1,
            }
        })
        .collect()
}

/// The rule a badge's characters spell, if they spell one.
pub fn rule(text: &str) -> Option<Rule> {
    let number = |digits: &str| -> Option<i64> {
        (!digits.is_empty() && digits.len() <= 3 && digits.chars().all(|c| c.is_ascii_digit()))
            .then(|| digits.parse().ok())
            .flatten()
    };
    match text {
        "=" => Some(Rule::Equal),
        "!" => Some(Rule::Unequal),
        _ => {
            if let Some(rest) = text.strip_prefix('<') {
                number(rest).map(Rule::Less)
            } else if let Some(rest) = text.strip_prefix('>') {
                number(rest).map(Rule::Greater)
            } else {
                number(text).map(Rule::Sum)
            }
        }
    }
}

/// The characters a rule's badge shows (`!` for `≠`).
pub fn text(rule: Rule) -> String {
    match rule {
        Rule::Sum(t) => t.to_string(),
        Rule::Less(t) => format!("<{t}"),
        Rule::Greater(t) => format!(">{t}"),
        Rule::Equal => "=".into(),
        Rule::Unequal => "!".into(),
        Rule::Empty => String::new(),
    }
}

//! A chain through every domino: Hierholzer's algorithm, iterative, in time
//! linear in the number of dominoes.

use super::graph::DominoGraph;
use super::Ends;
use crate::tile::{Domino, Value};
use std::fmt;

/// Why no chain uses every domino. At least one of the two lists is
/// non-empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoChain {
    /// The ends that were asked for: it decides how many odd values are
    /// allowed (none closed, two open).
    pub ends: Ends,
    /// Values that appear an odd number of times, with their counts, sorted
    /// by value; empty when parity is not the obstacle. A closed chain
    /// allows none, an open one two.
    pub odd_values: Vec<(Value, usize)>,
    /// The groups of values that never touch each other, when there is more
    /// than one; each sorted, ordered by smallest value.
    pub groups: Vec<Vec<Value>>,
}

/// How many values of a list a message shows before it says "and N more".
const SHOWN: usize = 10;
/// How many groups a message shows.
const SHOWN_GROUPS: usize = 5;

fn write_truncated<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    shown: usize,
    show: impl Fn(&T) -> String,
) -> fmt::Result {
    let words: Vec<String> = items.iter().take(shown).map(show).collect();
    f.write_str(&words.join(", "))?;
    if items.len() > shown {
        write!(f, " and {} more", items.len() - shown)?;
    }
    Ok(())
}

impl fmt::Display for NoChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.odd_values.is_empty() {
            let allowed = match self.ends {
                Ends::Closed => "a closed chain needs every value an even number of times",
                Ends::Open => "an open chain allows at most two values an odd number of times",
            };
            write!(
                f,
                "{} values appear an odd number of times ({allowed}): ",
                self.odd_values.len()
            )?;
            write_truncated(f, &self.odd_values, SHOWN, |&(v, n)| {
                format!("{v} ({n} time{})", if n == 1 { "" } else { "s" })
            })?;
            if !self.groups.is_empty() {
                f.write_str("; also, ")?;
            }
        }
        if !self.groups.is_empty() {
            write!(
                f,
                "the dominoes fall into {} groups whose values never touch: ",
                self.groups.len()
            )?;
            write_truncated(f, &self.groups, SHOWN_GROUPS, |group| {
                let mut text = String::from("{");
                let values: Vec<String> = group.iter().take(SHOWN).map(|v| v.to_string()).collect();
                text.push_str(&values.join(", "));
                if group.len() > SHOWN {
                    text.push_str(&format!(", ... {} values in all", group.len()));
                }
                text.push('}');
                text
            })?;
        }
        Ok(())
    }
}

impl std::error::Error for NoChain {}

/// A line through every domino exactly once, each domino turned so that
/// touching halves match; for [`Ends::Closed`] the last piece's far half
/// also matches the first piece's near half. An empty list is an empty chain.
pub fn solve(dominoes: &[Domino], ends: Ends) -> Result<Vec<Domino>, NoChain> {
    if dominoes.is_empty() {
        return Ok(Vec::new());
    }
    let graph = DominoGraph::new(dominoes);
    let degree = graph.degrees();
    let odd: Vec<u32> = (0..graph.vertex_count() as u32)
        .filter(|&v| degree[v as usize] % 2 == 1)
        .collect();
    let allowed_odd = match ends {
        Ends::Closed => 0,
        Ends::Open => 2,
    };
    if odd.len() > allowed_odd {
        return Err(explain(&graph, &degree, ends, &odd));
    }
    let start = odd.first().copied().unwrap_or(graph.ends[0]);
    match hierholzer(&graph, &degree, start) {
        Some(chain) => Ok(chain),
        None => Err(explain(&graph, &degree, ends, &[])),
    }
}

fn explain(graph: &DominoGraph, degree: &[u32], ends: Ends, odd: &[u32]) -> NoChain {
    let mut odd_values: Vec<(Value, usize)> = odd
        .iter()
        .map(|&v| (graph.values[v as usize], degree[v as usize] as usize))
        .collect();
    odd_values.sort_unstable();
    let groups = graph.groups();
    NoChain {
        ends,
        odd_values,
        groups: if groups.len() > 1 { groups } else { Vec::new() },
    }
}

/// One entry of a vertex's adjacency list: the vertex at the other end of
/// a domino, and where the same domino sits in that vertex's list.
#[derive(Clone, Copy)]
struct Slot {
    other: u32,
    twin: u32,
}

/// Marks a slot whose domino has been laid.
const USED: u32 = u32::MAX;

/// Hierholzer's walk from `start`; `None` when it cannot use every edge
/// (the graph is not connected). Degrees must already allow the walk.
///
/// Memory traffic decides the speed on big inputs (a random walk over
/// 250,000 values misses the cache at every step), so each domino's two
/// adjacency slots point at each other: laying a domino marks its twin slot
/// in the list of the vertex the walk moves to next, which is the memory it
/// reads next anyway, and no separate "used" array is needed.
fn hierholzer(graph: &DominoGraph, degree: &[u32], start: u32) -> Option<Vec<Domino>> {
    let n = graph.vertex_count();
    let m = graph.edge_count();
    // cursor[v]..end[v] are the slots of v not yet looked at, kept side by
    // side so one cache line serves both.
    let mut range: Vec<[u32; 2]> = Vec::with_capacity(n);
    let mut total = 0u32;
    for &d in degree {
        range.push([total, total]);
        total += d;
    }
    let mut slots = vec![Slot { other: 0, twin: 0 }; 2 * m];
    for edge in graph.ends.chunks_exact(2) {
        let (x, y) = (edge[0] as usize, edge[1] as usize);
        let sx = range[x][1];
        range[x][1] += 1;
        let sy = range[y][1];
        range[y][1] += 1;
        slots[sx as usize] = Slot {
            other: y as u32,
            twin: sy,
        };
        slots[sy as usize] = Slot {
            other: x as u32,
            twin: sx,
        };
    }

    // The stack holds the walk not yet closed. A vertex with no unused
    // domino left is popped onto the output, which then reads as the
    // Eulerian walk backwards (any two neighbours in it share a domino).
    let mut stack: Vec<u32> = Vec::with_capacity(m + 1);
    let mut walk: Vec<u32> = Vec::with_capacity(m + 1);
    stack.push(start);
    while let Some(&v) = stack.last() {
        let [cursor, end] = &mut range[v as usize];
        while *cursor < *end && slots[*cursor as usize].other == USED {
            *cursor += 1;
        }
        if *cursor < *end {
            let slot = slots[*cursor as usize];
            *cursor += 1;
            slots[slot.twin as usize].other = USED;
            stack.push(slot.other);
        } else {
            walk.extend(stack.pop());
        }
    }
    if walk.len() != m + 1 {
        return None;
    }
    let chain = walk
        .windows(2)
        .map(|pair| {
            Domino::new(
                graph.values[pair[0] as usize],
                graph.values[pair[1] as usize],
            )
        })
        .collect();
    Some(chain)
}

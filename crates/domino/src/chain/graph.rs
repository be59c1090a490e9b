//! The multigraph behind a list of dominoes: values compressed to dense
//! vertex numbers `0..n`, each domino an edge between its two values.

use crate::fastmap::int_map_with_capacity;
use crate::tile::{Domino, Value};

pub(crate) struct DominoGraph {
    /// `values[v]` is the domino value of vertex `v`.
    pub values: Vec<Value>,
    /// `ends[2e]` and `ends[2e + 1]` are the vertices of edge (domino) `e`.
    pub ends: Vec<u32>,
}

impl DominoGraph {
    pub fn new(dominoes: &[Domino]) -> Self {
        let mut ends = Vec::with_capacity(dominoes.len() * 2);
        let mut values = Vec::new();
        let (low, high) = dominoes
            .iter()
            .flat_map(|d| [d.a, d.b])
            .fold((Value::MAX, Value::MIN), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        let span = (high as i128 - low as i128) as u128;
        // Values packed into a range not much wider than the list are
        // numbered through a plain table, several times faster than hashing.
        if !dominoes.is_empty() && span < 4 * dominoes.len() as u128 + 1024 {
            let mut index = vec![u32::MAX; span as usize + 1];
            for d in dominoes {
                for value in [d.a, d.b] {
                    let slot = &mut index[(value as i128 - low as i128) as usize];
                    if *slot == u32::MAX {
                        *slot = values.len() as u32;
                        values.push(value);
                    }
                    ends.push(*slot);
                }
            }
        } else {
            let mut index = int_map_with_capacity::<Value, u32>(dominoes.len().min(1 << 20));
            for d in dominoes {
                for value in [d.a, d.b] {
                    let next = values.len() as u32;
                    let vertex = *index.entry(value).or_insert(next);
                    if vertex == next {
                        values.push(value);
                    }
                    ends.push(vertex);
                }
            }
        }
        DominoGraph { values, ends }
    }

    pub fn vertex_count(&self) -> usize {
        self.values.len()
    }

    pub fn edge_count(&self) -> usize {
        self.ends.len() / 2
    }

    /// Each vertex's degree, a double counting twice.
    pub fn degrees(&self) -> Vec<u32> {
        let mut degree = vec![0u32; self.vertex_count()];
        for &v in &self.ends {
            degree[v as usize] += 1;
        }
        degree
    }

    /// The groups of values joined by dominoes (connected components of the
    /// vertices that have any domino), each sorted, ordered by smallest value.
    pub fn groups(&self) -> Vec<Vec<Value>> {
        let mut parent: Vec<u32> = (0..self.vertex_count() as u32).collect();
        fn root(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                let up = parent[parent[v as usize] as usize];
                parent[v as usize] = up;
                v = up;
            }
            v
        }
        for edge in self.ends.chunks_exact(2) {
            let (x, y) = (root(&mut parent, edge[0]), root(&mut parent, edge[1]));
            if x != y {
                parent[x as usize] = y;
            }
        }
        let mut by_root = int_map_with_capacity::<u32, Vec<Value>>(16);
        for v in 0..self.vertex_count() as u32 {
            let r = root(&mut parent, v);
            by_root.entry(r).or_default().push(self.values[v as usize]);
        }
        let mut groups: Vec<Vec<Value>> = by_root.into_values().collect();
        for group in &mut groups {
            group.sort_unstable();
        }
        groups.sort_unstable_by_key(|g| g[0]);
        groups
    }
}

//! How steps name things: a cell as `(row,col)` (0-based, as in the JSON
//! and the `#dp` squares), a placement as its two cells, a bone as `a-b`.

use super::state::State;

pub(crate) fn cell(state: &State, cell: usize) -> String {
    let (r, c) = state.board.position(cell);
    format!("({r},{c})")
}

pub(crate) fn cells(state: &State, list: &[usize]) -> String {
    let names: Vec<String> = list.iter().map(|&c| cell(state, c)).collect();
    names.join(", ")
}

pub(crate) fn bone(state: &State, bone: usize) -> String {
    let (a, b) = state.board.bone_halves(bone);
    format!("{a}-{b}")
}

pub(crate) fn bones(state: &State, list: &[usize]) -> String {
    let names: Vec<String> = list.iter().map(|&b| bone(state, b)).collect();
    and_list(&names)
}

/// `x`, `x and y`, `x, y and z`.
pub(crate) fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Where candidate `k` lies: `(r,c)-(r,c)`, its cells showing the bone's
/// halves in that order.
pub(crate) fn place(state: &State, k: usize) -> String {
    let p = state.cands[k];
    format!("{}-{}", cell(state, p.cells[0]), cell(state, p.cells[1]))
}

/// `2-5 on (3,4)-(3,5)`.
pub(crate) fn piece_at(state: &State, k: usize) -> String {
    format!(
        "{} on {}",
        bone(state, state.cands[k].bone),
        place(state, k)
    )
}

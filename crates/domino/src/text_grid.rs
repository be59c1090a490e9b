//! Box-drawing for the text pictures of grid boards (place and pips): the
//! character where the borders of four cells meet.

/// The box-drawing character with the given arms (a border going up,
/// down, left and right from a corner of cells).
pub fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (false, false, _, _) => '─',
        (_, _, false, false) => '│',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
    }
}

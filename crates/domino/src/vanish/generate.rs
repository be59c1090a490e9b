//! Random boards: a random domino tiling of the rectangle (start from rows
//! of horizontal pieces, or columns of vertical ones, and turn random 2 x 2
//! blocks of two parallel pieces many times), then random values; or, for
//! clearable boards, values chosen by playing the game backwards: pieces are
//! put back one at a time, each given values that make it removable at that
//! moment, so the reverse of the placing order clears the board.

use super::board::{Board, BoardError, Orientation, Piece};
use crate::rng::Rng;
use crate::tile::Value;
use crate::Limits;

/// The largest board generated (squares).
pub const MAX_GENERATED_SQUARES: usize = 1 << 20;

/// The largest clearable board generated (squares): playing backwards
/// looks at every piece left for each piece put back, so its time grows
/// faster than the square of the board (64 x 64: 0.2 s, 128 x 128: 5.5 s,
/// 192 x 192: 57 s on a 2-core machine), and a million squares would
/// take days.
pub const MAX_CLEARABLE_SQUARES: usize = 1 << 14;

/// Why no board was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A side is 0 or the area is above [`MAX_GENERATED_SQUARES`].
    #[error("a board of {width} x {height} cannot be generated (each side at least 1, at most {MAX_GENERATED_SQUARES} squares)")]
    BadSize {
        /// The width asked for, in squares.
        width: usize,
        /// The height asked for, in squares.
        height: usize,
    },
    /// Width times height is odd: no tiling by dominoes exists.
    #[error("a {width} x {height} board has an odd number of squares: dominoes cannot cover it")]
    OddArea {
        /// The width asked for, in squares.
        width: usize,
        /// The height asked for, in squares.
        height: usize,
    },
    /// The largest value asked for is below 0.
    #[error("the largest value {max_value} is negative: values are at least 0")]
    NegativeMaxValue {
        /// The largest value asked for.
        max_value: Value,
    },
    /// A clearable board larger than [`MAX_CLEARABLE_SQUARES`].
    #[error("a clearable board of {width} x {height} is too large to generate (at most {MAX_CLEARABLE_SQUARES} squares)")]
    TooLargeToClear {
        /// The width asked for, in squares.
        width: usize,
        /// The height asked for, in squares.
        height: usize,
    },
    /// A limit (time, the stop flag) ended the generation first.
    #[error("a limit stopped the generation before a clearable board was found")]
    Stopped,
    /// Playing backwards got stuck on every attempt for this tiling.
    #[error("no clearable values found for this tiling with values up to {max_value}")]
    NotClearable {
        /// The largest value allowed.
        max_value: Value,
    },
    /// The generated pieces do not form a board (a defect of the generator).
    #[error("the generated pieces do not form a board: {0}")]
    Board(#[from] BoardError),
}

/// What board to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The width, in squares.
    pub width: usize,
    /// The height, in squares.
    pub height: usize,
    /// The largest value of a half, at least 0: values are `0..=max_value`.
    pub max_value: Value,
    /// Fixes every random choice: the same request gives the same board.
    pub seed: u64,
}

/// A full board of random pieces with values in `0..=max_value`.
///
/// ```
/// use domino::vanish::{generate, Request};
///
/// let request = Request { width: 4, height: 3, max_value: 2, seed: 1 };
/// let board = generate(&request).unwrap();
/// assert_eq!((board.width(), board.height(), board.pieces().len()), (4, 3, 6));
/// ```
pub fn generate(request: &Request) -> Result<Board, GenerateError> {
    let &Request {
        width,
        height,
        max_value,
        seed,
    } = request;
    check_max_value(max_value)?;
    let mut rng = Rng::new(seed);
    let mut pieces = tiling(width, height, &mut rng)?;
    for p in &mut pieces {
        p.value1 = draw(&mut rng, max_value);
        p.value2 = draw(&mut rng, max_value);
    }
    Ok(Board::new(width, height, pieces)?)
}

/// A full board that can be cleared completely, with an order that clears
/// it (piece indices), found within `limits` (the deadline and the stop
/// flag are read before each piece is put back).
pub fn generate_clearable(
    request: &Request,
    limits: &Limits,
) -> Result<(Board, Vec<usize>), GenerateError> {
    let &Request {
        width,
        height,
        max_value,
        seed,
    } = request;
    check_max_value(max_value)?;
    if width.saturating_mul(height) > MAX_CLEARABLE_SQUARES {
        return Err(GenerateError::TooLargeToClear { width, height });
    }
    let mut rng = Rng::new(seed);
    let mut pieces = tiling(width, height, &mut rng)?;
    for _attempt in 0..100 {
        match place_backwards(&mut pieces, width, height, max_value, &mut rng, limits) {
            Backwards::Placed(mut placing) => {
                placing.reverse();
                let board = Board::new(width, height, pieces)?;
                return Ok((board, placing));
            }
            Backwards::Stuck => {}
            Backwards::Stopped => return Err(GenerateError::Stopped),
        }
    }
    Err(GenerateError::NotClearable { max_value })
}

/// How one attempt at playing backwards ended.
enum Backwards {
    /// Every piece is back: the order they were put back in.
    Placed(Vec<usize>),
    /// No piece left can be put back.
    Stuck,
    /// A limit ended the attempt.
    Stopped,
}

/// A random full board of `width` x `height` with values up to 1, 2 or
/// 3, both drawn from `rng`: the small boards the unit tests search.
#[cfg(test)]
pub(crate) fn random_board(rng: &mut Rng, width: usize, height: usize) -> Board {
    let request = Request {
        width,
        height,
        max_value: 1 + rng.below(3) as Value,
        seed: rng.next_u64(),
    };
    match generate(&request) {
        Ok(board) => board,
        Err(error) => panic!("a {width} x {height} test board: {error}"),
    }
}

fn check_max_value(max_value: Value) -> Result<(), GenerateError> {
    if max_value < 0 {
        return Err(GenerateError::NegativeMaxValue { max_value });
    }
    Ok(())
}

/// A random value in `0..=max_value`. The generators refuse a negative
/// `max_value` first, so the count of values fits a `u64` and every value
/// drawn fits a [`Value`].
fn draw(rng: &mut Rng, max_value: Value) -> Value {
    rng.below(max_value.unsigned_abs() + 1) as Value
}

/// Puts pieces back one by one (each given values that make it removable
/// among the pieces already back), looking at `limits` before each one
/// (a step looks at every piece left: milliseconds on the largest board).
fn place_backwards(
    pieces: &mut [Piece],
    width: usize,
    height: usize,
    max_value: Value,
    rng: &mut Rng,
    limits: &Limits,
) -> Backwards {
    let mut filled = vec![false; width * height];
    let mut placed = vec![false; pieces.len()];
    let mut placing = Vec::with_capacity(pieces.len());
    for _ in 0..pieces.len() {
        if limits.reached() {
            return Backwards::Stopped;
        }
        let mut options = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            if placed[i] {
                continue;
            }
            for side in 0..4 {
                if let Some(values) = side_values(piece, side, &filled, width, height, max_value) {
                    options.push((i, values));
                }
            }
        }
        if options.is_empty() {
            return Backwards::Stuck;
        }
        let (i, [d1, d2]) = options[rng.index(options.len())];
        let piece = &mut pieces[i];
        piece.value1 = d1.unwrap_or_else(|| draw(rng, max_value));
        piece.value2 = d2.unwrap_or_else(|| draw(rng, max_value));
        for ((x, y), _) in piece.halves() {
            filled[y * width + x] = true;
        }
        placed[i] = true;
        placing.push(i);
    }
    Backwards::Placed(placing)
}

/// The values the halves facing `side` (0 up, 1 down, 2 left, 3 right)
/// need to match the free space now (None for a half that does not face
/// it), or None when a distance exceeds `max_value`.
fn side_values(
    piece: &Piece,
    side: usize,
    filled: &[bool],
    width: usize,
    height: usize,
    max_value: Value,
) -> Option<[Option<Value>; 2]> {
    let (dx, dy): (i64, i64) = [(0, -1), (0, 1), (-1, 0), (1, 0)][side];
    let along = match piece.orientation {
        Orientation::Horizontal => dx != 0,
        Orientation::Vertical => dy != 0,
    };
    let faces = |half: usize| !along || (half == 0) == (dx < 0 || dy < 0);
    let mut values = [None, None];
    for (half, ((x, y), _)) in piece.halves().into_iter().enumerate() {
        if !faces(half) {
            continue;
        }
        let mut distance: Value = 0;
        let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
        while cx >= 0 && cy >= 0 && (cx as usize) < width && (cy as usize) < height {
            if filled[cy as usize * width + cx as usize] {
                break;
            }
            distance += 1;
            cx += dx;
            cy += dy;
        }
        if distance > max_value {
            return None;
        }
        values[half] = Some(distance);
    }
    Some(values)
}

/// A random domino tiling of the full rectangle, pieces in reading order.
fn tiling(width: usize, height: usize, rng: &mut Rng) -> Result<Vec<Piece>, GenerateError> {
    if width == 0 || height == 0 || width.saturating_mul(height) > MAX_GENERATED_SQUARES {
        return Err(GenerateError::BadSize { width, height });
    }
    if width * height % 2 == 1 {
        return Err(GenerateError::OddArea { width, height });
    }
    // mate[c]: the other square of the piece on square c.
    let mut mate: Vec<usize> = (0..width * height)
        .map(|c| {
            if width & 1 == 0 {
                c ^ 1
            } else {
                let (x, y) = (c % width, c / width);
                (y ^ 1) * width + x
            }
        })
        .collect();
    if width >= 2 && height >= 2 {
        for _ in 0..20 * width * height {
            let x = rng.index(width - 1);
            let y = rng.index(height - 1);
            let a = y * width + x;
            let (b, c, d) = (a + 1, a + width, a + width + 1);
            if mate[a] == b && mate[c] == d {
                (mate[a], mate[c], mate[b], mate[d]) = (c, a, d, b);
            } else if mate[a] == c && mate[b] == d {
                (mate[a], mate[b], mate[c], mate[d]) = (b, a, d, c);
            }
        }
    }
    Ok((0..width * height)
        .filter(|&c| mate[c] > c)
        .map(|c| Piece {
            x: c % width,
            y: c / width,
            orientation: if width > 1 && mate[c] == c + 1 {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            },
            value1: 0,
            value2: 0,
        })
        .collect())
}

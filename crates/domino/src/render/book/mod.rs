//! Puzzle books: graded placement and Pips puzzles, made from one seed,
//! numbered and laid out 1, 2 or 4 to a page on A4 or US Letter, with
//! their answers at the back, smaller, each with an answer key in text and
//! on request the first steps of its explanation.
//!
//! [`make_book`] makes the puzzles (module `contents`) and lays out the pages
//! as SVG (module `layout`), drawn with the family pictures of this module's
//! parent (the pips ones in their print style); with the cargo feature
//! `book`, `Book::pdf` turns the pages into a PDF with its fonts
//! embedded. The same request gives the same book, byte for byte: the
//! seeds follow from the request's seed, and the PDF carries no date and
//! no random identifier.
//!
//! ```
//! use domino::place::{Level, Limits};
//! use domino::render::book::{make_book, BookRequest, Section};
//!
//! let request = BookRequest {
//!     sections: vec![Section::Place { set: 3, level: Level::Basic, count: 2 }],
//!     ..BookRequest::default()
//! };
//! let book = make_book(&request, &Limits::none()).unwrap();
//! assert_eq!(book.puzzles.len(), 2);
//! assert_eq!(book.pages.len(), 3); // the title page, the puzzles, the answers
//! ```

mod contents;
mod layout;
#[cfg(feature = "book")]
mod pdf;

pub use contents::{answer_key, BookPuzzle, Kind};

use crate::pips::{GenerateError as PipsError, Grade};
use crate::place::{GenerateError as PlaceError, Level};
use crate::search::Limits;
use crate::tile::Value;
use std::fmt;

/// The paper the pages are laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

crate::named!(Paper, "paper", "Paper", [Paper::A4 => "a4", Paper::Letter => "letter"]);

impl Paper {
    /// Width and height in PostScript points (1/72 inch).
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// One run of puzzles of a family and grade, in the order asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Placement puzzles of a double-`set` set, each of exactly `level`.
    Place {
        /// The N of the double-N set.
        set: Value,
        /// Tatham's level each puzzle has.
        level: Level,
        /// How many.
        count: usize,
    },
    /// Pips puzzles of the newspaper's `grade`, on boards of its sizes.
    Pips {
        /// The newspaper's grade.
        grade: Grade,
        /// How many.
        count: usize,
    },
}

impl Section {
    /// The puzzles of the section.
    pub fn count(self) -> usize {
        match self {
            Section::Place { count, .. } | Section::Pips { count, .. } => count,
        }
    }
}

/// What to put in a book; [`BookRequest::default`] fills what a door
/// leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookRequest {
    /// The title on the first page and in the document's information.
    pub title: String,
    /// The puzzles, section by section; numbered 1.. across sections.
    pub sections: Vec<Section>,
    /// Puzzles to a page (1, 2 or 4), or `None` to choose by their size.
    pub per_page: Option<usize>,
    /// The paper.
    pub paper: Paper,
    /// The first steps of each explanation printed under its answer.
    pub steps: usize,
    /// Fixes every puzzle: the same request gives the same book.
    pub seed: u64,
}

impl BookRequest {
    /// The title when none is given.
    pub const TITLE: &'static str = "Domino puzzles";
    /// The seed when none is given.
    pub const SEED: u64 = 1;
    /// The choices of puzzles to a page.
    pub const PER_PAGE: [usize; 3] = [1, 2, 4];
    /// The most pages a book may have (title and answers included): every
    /// door refuses a request that could take more.
    pub const MAX_PAGES: usize = 200;
    /// The most explanation steps printed under an answer.
    pub const MAX_STEPS: usize = 6;
    /// The largest placement set of a book: a double-12 board is the
    /// largest whose squares are still big enough to write in on a page.
    pub const MAX_SET: Value = 12;
    /// The longest title, in characters.
    pub const MAX_TITLE: usize = 80;
}

impl Default for BookRequest {
    fn default() -> Self {
        BookRequest {
            title: BookRequest::TITLE.to_string(),
            sections: Vec::new(),
            per_page: None,
            paper: Paper::A4,
            steps: 0,
            seed: BookRequest::SEED,
        }
    }
}

/// Why no book was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// No section asks for a puzzle.
    #[error("a book needs at least one puzzle: ask for placement or Pips puzzles")]
    Empty,
    /// Puzzles to a page other than 1, 2 or 4.
    #[error("puzzles to a page are 1, 2 or 4 (asked: {0})")]
    PerPage(usize),
    /// A placement set out of range.
    #[error("a book's placement sets are double-0 to double-{most} (asked: double-{set})", most = BookRequest::MAX_SET)]
    Set {
        /// The set asked for.
        set: Value,
    },
    /// Too many explanation steps.
    #[error("at most {most} explanation steps per answer (asked: {steps})", most = BookRequest::MAX_STEPS)]
    Steps {
        /// The steps asked for.
        steps: usize,
    },
    /// A title too long for its page.
    #[error("a title has at most {most} characters (this one: {chars})", most = BookRequest::MAX_TITLE)]
    Title {
        /// Its characters.
        chars: usize,
    },
    /// The request could take more pages than a book may have.
    #[error("the book could take {pages} pages, more than {most}: ask fewer puzzles or more to a page", most = BookRequest::MAX_PAGES)]
    TooManyPages {
        /// The pages it could take.
        pages: usize,
    },
    /// A placement puzzle could not be made.
    #[error("placement puzzle {number}: {error}")]
    Place {
        /// Its number in the book.
        number: usize,
        /// Why.
        error: PlaceError,
    },
    /// A Pips puzzle could not be made.
    #[error("Pips puzzle {number}: {error}")]
    Pips {
        /// Its number in the book.
        number: usize,
        /// Why.
        error: PipsError,
    },
    /// The PDF writer refused a page (a defect of the pictures).
    #[error("internal error: page {page} could not be converted to PDF: {reason}")]
    Pdf {
        /// The page, from 1.
        page: usize,
        /// The converter's reason.
        reason: String,
    },
}

impl BookError {
    /// True when the request itself is wrong (a door's 400 or exit 2);
    /// false when making the puzzles gave up or was stopped.
    pub fn invalid_request(&self) -> bool {
        match self {
            BookError::Place { error, .. } => error.invalid_request(),
            BookError::Pips { error, .. } => error.invalid_request(),
            BookError::Pdf { .. } => false,
            _ => true,
        }
    }
}

/// A made book: its puzzles with their answers, and its pages as SVG of
/// the paper's size in points.
#[derive(Clone, Debug)]
pub struct Book {
    /// Every puzzle in the order printed, numbered from 1.
    pub puzzles: Vec<BookPuzzle>,
    /// The pages: the title page, the puzzles, the answers.
    pub pages: Vec<String>,
    /// The title, for the document's information.
    pub title: String,
    /// The paper of the pages.
    pub paper: Paper,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Section::Place { set, level, count } => {
                write!(f, "{count} placement (double-{set}, {level})")
            }
            Section::Pips { grade, count } => write!(f, "{count} Pips ({grade})"),
        }
    }
}

/// Checks a request before any puzzle is made: everything a door must
/// refuse with a clear message.
pub fn check(request: &BookRequest) -> Result<(), BookError> {
    if request.sections.iter().all(|s| s.count() == 0) {
        return Err(BookError::Empty);
    }
    if let Some(n) = request
        .per_page
        .filter(|n| !BookRequest::PER_PAGE.contains(n))
    {
        return Err(BookError::PerPage(n));
    }
    if request.steps > BookRequest::MAX_STEPS {
        return Err(BookError::Steps {
            steps: request.steps,
        });
    }
    let chars = request.title.chars().count();
    if chars > BookRequest::MAX_TITLE {
        return Err(BookError::Title { chars });
    }
    for section in &request.sections {
        if let Section::Place { set, .. } = *section {
            if !(0..=BookRequest::MAX_SET).contains(&set) {
                return Err(BookError::Set { set });
            }
        }
    }
    let pages = layout::most_pages(request);
    if pages > BookRequest::MAX_PAGES {
        return Err(BookError::TooManyPages { pages });
    }
    Ok(())
}

/// Makes the book `request` asks for, within `limits` (their deadline and
/// stop flag end the making of puzzles).
pub fn make_book(request: &BookRequest, limits: &Limits) -> Result<Book, BookError> {
    check(request)?;
    let puzzles = contents::make(request, limits)?;
    let pages = layout::pages(request, &puzzles);
    Ok(Book {
        puzzles,
        pages,
        title: request.title.clone(),
        paper: request.paper,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> BookRequest {
        BookRequest {
            sections: vec![
                Section::Place {
                    set: 3,
                    level: Level::Basic,
                    count: 3,
                },
                Section::Pips {
                    grade: Grade::Easy,
                    count: 2,
                },
            ],
            per_page: Some(2),
            ..BookRequest::default()
        }
    }

    #[test]
    fn pages_follow_the_request_and_every_answer_verifies() {
        let book = make_book(&request(), &Limits::none()).unwrap();
        // Title; 2 + 1 place pages and 1 pips page at 2 a page; 1 page of answers.
        assert_eq!(book.pages.len(), 1 + 2 + 1 + 1);
        for (k, puzzle) in book.puzzles.iter().enumerate() {
            assert_eq!(puzzle.number, k + 1);
            match &puzzle.kind {
                Kind::Place {
                    board, solution, ..
                } => crate::place::verify(board, solution).unwrap(),
                Kind::Pips { puzzle, .. } => {
                    crate::pips::verify(puzzle, puzzle.solution().unwrap()).unwrap()
                }
            }
            let page = &book.pages[layout::most_pages(&request()) - 1];
            assert!(page.contains(&format!(">Answer {}<", k + 1)));
        }
        let again = make_book(&request(), &Limits::none()).unwrap();
        assert_eq!(book.pages, again.pages);
    }

    #[test]
    fn bad_requests_are_refused_before_any_puzzle() {
        let with = |change: fn(&mut BookRequest)| {
            let mut r = request();
            change(&mut r);
            check(&r).unwrap_err()
        };
        assert_eq!(with(|r| r.sections.clear()), BookError::Empty);
        assert_eq!(with(|r| r.per_page = Some(3)), BookError::PerPage(3));
        assert_eq!(with(|r| r.steps = 7), BookError::Steps { steps: 7 });
        assert!(matches!(
            with(|r| r.title = "x".repeat(81)),
            BookError::Title { chars: 81 }
        ));
        assert_eq!(
            with(|r| r.sections[0] = Section::Place {
                set: 13,
                level: Level::Basic,
                count: 1
            }),
            BookError::Set { set: 13 }
        );
        assert!(matches!(
            with(|r| r.sections[1] = Section::Pips {
                grade: Grade::Easy,
                count: 400
            }),
            BookError::TooManyPages { .. }
        ));
        assert!(with(|r| r.sections.clear()).invalid_request());
    }
}

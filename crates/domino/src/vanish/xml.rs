//! The XML format: `<domino_board width height>` with `<piece x y
//! orientation value1 value2 />` children. Output boards add `order="k"` to
//! removed pieces and a `removed_pieces` element; the reader ignores both,
//! so an output file reads back as an input. The reader is a small
//! hand-written scanner for exactly this shape (plus the XML declaration and
//! comments), so every error names its line and column.

use super::board::{Board, BoardError, Orientation, Piece};
use crate::input_error::{describe_char, InputError};

/// Reads the XML format.
pub fn parse_xml(text: &str) -> Result<Board, InputError> {
    let mut s = Scanner::new(text);
    s.skip_misc()?;
    let root_at = s.pos();
    let root = s.open_tag()?;
    if root.name != "domino_board" {
        return Err(s.error_at(
            root_at,
            format!("expected <domino_board>, found <{}>", root.name),
        ));
    }
    let width = root.number::<u64>("width", &s)?;
    let height = root.number::<u64>("height", &s)?;
    let mut pieces = Vec::new();
    let mut piece_at = Vec::new();
    if !root.self_closing {
        loop {
            s.skip_misc()?;
            let at = s.pos();
            if s.eat("</") {
                let name = s.name()?;
                if name != "domino_board" {
                    return Err(
                        s.error_at(at, format!("expected </domino_board>, found </{name}>"))
                    );
                }
                s.skip_space();
                s.expect('>')?;
                break;
            }
            let tag = s.open_tag()?;
            match tag.name.as_str() {
                "piece" => {
                    pieces.push(tag.piece(&s)?);
                    piece_at.push(at);
                    if !tag.self_closing {
                        s.skip_misc()?;
                        s.close_tag("piece")?;
                    }
                }
                "removed_pieces" => {
                    if !tag.self_closing {
                        s.skip_element_body("removed_pieces")?;
                    }
                }
                other => {
                    return Err(s.error_at(
                        at,
                        format!(
                            "unexpected element <{other}>: expected <piece> or </domino_board>"
                        ),
                    ))
                }
            }
        }
    }
    s.skip_misc()?;
    if let Some(c) = s.peek() {
        return Err(s.error_here(format!(
            "unexpected {} after </domino_board>",
            describe_char(Some(c))
        )));
    }
    let width = usize::try_from(width).unwrap_or(usize::MAX);
    let height = usize::try_from(height).unwrap_or(usize::MAX);
    Board::new(width, height, pieces).map_err(|e| {
        let at = match e {
            BoardError::BadSize { .. } => root_at,
            BoardError::Outside { piece }
            | BoardError::Overlap { piece, .. }
            | BoardError::Negative { piece } => piece_at[piece],
        };
        s.error_at(at, e.to_string())
    })
}

/// The width and height the root element declares, read without the
/// pieces; None when they do not read.
pub(crate) fn declared_size(text: &str) -> Option<(usize, usize)> {
    let mut s = Scanner::new(text);
    s.skip_misc().ok()?;
    let root = s.open_tag().ok()?;
    if root.name != "domino_board" {
        return None;
    }
    let width = root.number::<u64>("width", &s).ok()?;
    let height = root.number::<u64>("height", &s).ok()?;
    Some((usize::try_from(width).ok()?, usize::try_from(height).ok()?))
}

/// The XML format of a board. With `order`, removed pieces carry
/// `order="k"` (1-based removal step) and a `removed_pieces` element gives
/// the count and the score.
pub fn board_to_xml(board: &Board, order: Option<&[usize]>) -> String {
    let mut step = vec![0usize; board.pieces().len()];
    if let Some(order) = order {
        for (k, &i) in order.iter().enumerate() {
            step[i] = k + 1;
        }
    }
    let mut out = format!(
        "<domino_board width=\"{}\" height=\"{}\">\n",
        board.width(),
        board.height()
    );
    for (i, p) in board.pieces().iter().enumerate() {
        let orientation = match p.orientation {
            Orientation::Horizontal => "horizontal",
            Orientation::Vertical => "vertical",
        };
        out.push_str(&format!(
            "  <piece x=\"{}\" y=\"{}\" orientation=\"{orientation}\" value1=\"{}\" value2=\"{}\"",
            p.x, p.y, p.value1, p.value2
        ));
        if step[i] > 0 {
            out.push_str(&format!(" order=\"{}\"", step[i]));
        }
        out.push_str(" />\n");
    }
    if let Some(order) = order {
        out.push_str(&format!(
            "  <removed_pieces count=\"{}\" score=\"{}\" />\n",
            order.len(),
            board.pieces().len() - order.len()
        ));
    }
    out.push_str("</domino_board>\n");
    out
}

/// An opening tag with its attributes and where each value starts.
struct Tag {
    name: String,
    attributes: Vec<(String, String, usize)>,
    self_closing: bool,
}

impl Tag {
    fn get(&self, name: &str) -> Option<(&str, usize)> {
        self.attributes
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, at)| (v.as_str(), *at))
    }

    /// A non-negative integer attribute, as a value (`Value`) or a size
    /// (`u64`): too large is all a digits-only attribute can be for either.
    fn number<T: std::str::FromStr>(&self, name: &str, s: &Scanner) -> Result<T, InputError> {
        let Some((value, at)) = self.get(name) else {
            return Err(s.error_at(
                s.last_tag,
                format!("<{}> lacks the attribute {name}", self.name),
            ));
        };
        if value.starts_with('-') {
            return Err(s.error_at(
                at,
                format!("{name} is negative ({value}): it must be at least 0"),
            ));
        }
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(s.error_at(at, format!("{name} is not a number: \"{value}\"")));
        }
        value
            .parse()
            .map_err(|_| s.error_at(at, format!("{name} ({value}) is too large")))
    }

    fn piece(&self, s: &Scanner) -> Result<Piece, InputError> {
        let orientation = match self.get("orientation") {
            Some(("horizontal", _)) => Orientation::Horizontal,
            Some(("vertical", _)) => Orientation::Vertical,
            Some((other, at)) => {
                return Err(s.error_at(
                    at,
                    format!("bad orientation \"{other}\": expected horizontal or vertical"),
                ))
            }
            None => return Err(s.error_at(s.last_tag, "<piece> lacks the attribute orientation")),
        };
        let coordinate = |name: &str| -> Result<usize, InputError> {
            let v = self.number::<u64>(name, s)?;
            usize::try_from(v)
                .ok()
                .filter(|&v| v <= super::board::MAX_SQUARES)
                .ok_or_else(|| s.error_at(s.last_tag, format!("{name} ({v}) is too large")))
        };
        Ok(Piece {
            x: coordinate("x")?,
            y: coordinate("y")?,
            orientation,
            value1: self.number("value1", s)?,
            value2: self.number("value2", s)?,
        })
    }
}

/// A cursor over the text that knows lines and columns.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
    last_tag: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner {
            text,
            at: 0,
            last_tag: 0,
        }
    }

    fn pos(&self) -> usize {
        self.at
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), InputError> {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(self.error_here(format!(
                "expected '{c}', found {}",
                describe_char(self.peek())
            )))
        }
    }

    fn skip_space(&mut self) {
        let n = self.rest().len() - self.rest().trim_start().len();
        self.at += n;
    }

    /// Skips white space, comments, the XML declaration and a doctype.
    fn skip_misc(&mut self) -> Result<(), InputError> {
        loop {
            self.skip_space();
            let (open, close) = if self.rest().starts_with("<!--") {
                ("<!--", "-->")
            } else if self.rest().starts_with("<?") {
                ("<?", "?>")
            } else if self.rest().starts_with("<!") {
                ("<!", ">")
            } else {
                return Ok(());
            };
            let start = self.at;
            match self.rest()[open.len()..].find(close) {
                Some(i) => self.at += open.len() + i + close.len(),
                None => {
                    return Err(
                        self.error_at(start, format!("`{open}` is never closed by `{close}`"))
                    )
                }
            }
        }
    }

    fn name(&mut self) -> Result<String, InputError> {
        let len = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == ':' || c == '.'))
            .unwrap_or(self.rest().len());
        if len == 0 {
            return Err(self.error_here(format!(
                "expected a name, found {}",
                describe_char(self.peek())
            )));
        }
        let name = self.rest()[..len].to_string();
        self.at += len;
        Ok(name)
    }

    /// `<name a="v" ...>` or `<name ... />`.
    fn open_tag(&mut self) -> Result<Tag, InputError> {
        self.last_tag = self.at;
        self.expect('<')?;
        let name = self.name()?;
        let mut attributes = Vec::new();
        loop {
            self.skip_space();
            if self.eat("/>") {
                return Ok(Tag {
                    name,
                    attributes,
                    self_closing: true,
                });
            }
            if self.eat(">") {
                return Ok(Tag {
                    name,
                    attributes,
                    self_closing: false,
                });
            }
            let attr = self.name()?;
            self.skip_space();
            self.expect('=')?;
            self.skip_space();
            let quote = match self.peek() {
                Some(q @ ('"' | '\'')) => q,
                other => {
                    return Err(self.error_here(format!(
                        "expected a quoted value for {attr}, found {}",
                        describe_char(other)
                    )))
                }
            };
            self.at += 1;
            let value_at = self.at;
            let Some(len) = self.rest().find(quote) else {
                return Err(self.error_at(value_at, format!("the value of {attr} is never closed")));
            };
            let value = self.rest()[..len].to_string();
            self.at += len + 1;
            attributes.push((attr, value, value_at));
        }
    }

    fn close_tag(&mut self, name: &str) -> Result<(), InputError> {
        let at = self.at;
        if !self.eat("</") {
            return Err(self.error_here(format!(
                "expected </{name}>, found {}",
                describe_char(self.peek())
            )));
        }
        let found = self.name()?;
        if found != name {
            return Err(self.error_at(at, format!("expected </{name}>, found </{found}>")));
        }
        self.skip_space();
        self.expect('>')
    }

    /// Skips everything up to and including `</name>`.
    fn skip_element_body(&mut self, name: &str) -> Result<(), InputError> {
        let close = format!("</{name}");
        let start = self.at;
        match self.rest().find(&close) {
            Some(i) => {
                self.at += i;
                self.close_tag(name)
            }
            None => Err(self.error_at(start, format!("<{name}> is never closed"))),
        }
    }

    fn error_here(&self, message: impl Into<String>) -> InputError {
        self.error_at(self.at, message)
    }

    fn error_at(&self, at: usize, message: impl Into<String>) -> InputError {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        InputError::at(line, column, message)
    }
}

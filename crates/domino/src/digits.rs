//! Fast decimal writing for the text and JSON documents. A chain of a
//! million dominoes is two million numbers and a Five Up layout five
//! million; formatting them through `write!` (or pushing digit by digit)
//! would cost more than solving. Single numbers go through `itoa`; the
//! layout's lines are built in a [`Line`], which makes a short number's
//! digits in one word, and appended with one copy each.

use crate::tile::Domino;

/// Appends the decimal form of `value` (any integer) to `out`.
pub(crate) fn push_int(out: &mut String, value: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(value));
}

/// The two ASCII digits of each value below 100, the first in the low
/// byte: four of them make the eight characters of a number below 10^8 in
/// one little-endian word.
const PAIRS: [u16; 100] = {
    let mut pairs = [0u16; 100];
    let mut i = 0;
    while i < 100 {
        pairs[i] = (b'0' + (i / 10) as u8) as u16 | ((b'0' + (i % 10) as u8) as u16) << 8;
        i += 1;
    }
    pairs
};

/// One line of a large document, built in a fixed buffer and appended with
/// one copy: a layout line holds five numbers, and copying each piece into
/// the document on its own costs more than formatting it.
pub(crate) struct Line {
    bytes: [u8; Line::CAPACITY],
    len: usize,
}

impl Line {
    /// Room for five numbers of 20 characters and the words between them
    /// (the longest layout line, text or JSON, is 119 bytes), and for the
    /// 8-byte store of a short number's digits that starts inside it.
    const CAPACITY: usize = 128;

    pub(crate) fn new() -> Self {
        Line {
            bytes: [0; Line::CAPACITY],
            len: 0,
        }
    }

    /// Appends `text`.
    pub(crate) fn push(&mut self, text: &[u8]) {
        self.bytes[self.len..self.len + text.len()].copy_from_slice(text);
        self.len += text.len();
    }

    /// Appends the decimal form of `value`, as `Display` writes it.
    #[inline]
    pub(crate) fn push_int(&mut self, value: i64) {
        if value < 0 {
            self.push(b"-");
        }
        self.push_uint(value.unsigned_abs());
    }

    /// Appends the decimal form of `value`. Below 10^8 (every domino
    /// value in practice, and play numbers) the eight digits are made in
    /// one word, shifted past the leading zeros and stored at once.
    #[inline]
    pub(crate) fn push_uint(&mut self, value: u64) {
        let Ok(small @ 0..100_000_000) = u32::try_from(value) else {
            return self.push_long(value);
        };
        let (high, low) = (small / 10_000, small % 10_000);
        let word = u64::from(PAIRS[(high / 100) as usize])
            | u64::from(PAIRS[(high % 100) as usize]) << 16
            | u64::from(PAIRS[(low / 100) as usize]) << 32
            | u64::from(PAIRS[(low % 100) as usize]) << 48;
        // The leading zeros are the low bytes that are '0'; one digit stays.
        let zeros = ((word ^ 0x3030_3030_3030_3030).trailing_zeros() / 8).min(7);
        let digits = word >> (zeros * 8);
        self.bytes[self.len..self.len + 8].copy_from_slice(&digits.to_le_bytes());
        self.len += 8 - zeros as usize;
    }

    /// Appends a number of nine digits or more, which only extreme games
    /// have; kept out of line so the common case inlines small.
    #[cold]
    #[inline(never)]
    fn push_long(&mut self, value: u64) {
        self.push(itoa::Buffer::new().format(value).as_bytes());
    }

    /// Appends the line to `out`.
    pub(crate) fn append_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.bytes[..self.len]);
    }
}

/// How many characters the decimal form of `value` has, for sizing a
/// document before it is written.
pub(crate) fn decimal_len(value: usize) -> usize {
    value.checked_ilog10().unwrap_or(0) as usize + 1
}

/// Appends `a|b a|b ...`.
pub(crate) fn push_dominoes_text(out: &mut String, dominoes: &[Domino]) {
    for (k, d) in dominoes.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        push_int(out, d.a);
        out.push('|');
        push_int(out, d.b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_print_like_display() {
        for v in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN] {
            let mut out = String::new();
            push_int(&mut out, v);
            assert_eq!(out, v.to_string());
            let mut line = Line::new();
            line.push_int(v);
            let mut bytes = Vec::new();
            line.append_to(&mut bytes);
            assert_eq!(bytes, v.to_string().into_bytes());
        }
        let mut out = String::new();
        push_int(&mut out, usize::MAX);
        assert_eq!(out, usize::MAX.to_string());
    }

    #[test]
    fn lines_write_every_width() {
        let mut expected = String::new();
        let mut line = Line::new();
        for v in [
            0, 5, 9, 10, 42, 99, 100, 101, 999, 1000, 12345, 100_000, 9_999_999,
        ] {
            line.push_uint(v);
            line.push(b" ");
            expected.push_str(&format!("{v} "));
        }
        let mut out = b">".to_vec();
        line.append_to(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), format!(">{expected}"));
        let mut widest = Line::new();
        for _ in 0..5 {
            widest.push_int(i64::MIN);
        }
        widest.push_uint(u64::MAX);
        assert_eq!(widest.len, 120);
        // A short number's 8-byte store after the widest text still fits.
        widest.push_uint(7);
        let mut out = Vec::new();
        widest.append_to(&mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}{}7", i64::MIN.to_string().repeat(5), u64::MAX)
        );
    }

    #[test]
    fn decimal_lengths() {
        for v in [0, 1, 9, 10, 99, 100, 999_999, 1_000_000, usize::MAX] {
            assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
        }
    }
}

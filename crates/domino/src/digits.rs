//! Fast decimal writing for the text and JSON documents. A chain of a
//! million dominoes is two million numbers and a Five Up layout five
//! million; formatting them through `write!` (or pushing digit by digit)
//! would cost more than solving, so the digits come from `itoa`, two at a
//! time from a table, and are appended with one copy per number.

use crate::tile::Domino;

/// Appends the decimal form of `value` (any integer) to `out`.
pub(crate) fn push_int(out: &mut String, value: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(value));
}

/// Appends the decimal form of `value` (any integer) to the bytes of a
/// JSON document; serde_json writes integers the same way.
pub(crate) fn push_int_bytes(out: &mut Vec<u8>, value: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
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
            let mut bytes = Vec::new();
            push_int_bytes(&mut bytes, v);
            assert_eq!(bytes, v.to_string().into_bytes());
        }
        let mut out = String::new();
        push_int(&mut out, usize::MAX);
        assert_eq!(out, usize::MAX.to_string());
    }

    #[test]
    fn decimal_lengths() {
        for v in [0, 1, 9, 10, 99, 100, 999_999, 1_000_000, usize::MAX] {
            assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
        }
    }
}

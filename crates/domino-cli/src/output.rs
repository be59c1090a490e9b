//! Fast writing of numbers and domino lists to standard output. A chain of
//! a million dominoes is two million numbers; formatting them through
//! `write!` would cost more than solving.

use domino::Domino;
use std::io::{self, Write};

/// Appends the decimal form of `value` to `out`.
pub fn push_int(out: &mut Vec<u8>, value: i64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        i -= 1;
        digits[i] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[i..]);
}

/// Appends `a|b a|b ...`.
pub fn push_dominoes_text(out: &mut Vec<u8>, dominoes: &[Domino]) {
    for (k, d) in dominoes.iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        push_int(out, d.a);
        out.push(b'|');
        push_int(out, d.b);
    }
}

/// Appends the JSON array `[[a,b],[a,b],...]`.
pub fn push_dominoes_json(out: &mut Vec<u8>, dominoes: &[Domino]) {
    out.push(b'[');
    for (k, d) in dominoes.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'[');
        push_int(out, d.a);
        out.push(b',');
        push_int(out, d.b);
        out.push(b']');
    }
    out.push(b']');
}

/// Writes `bytes` to standard output in one call.
pub fn emit(bytes: &[u8]) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()
}

/// Prints one JSON document (and a newline) on standard output.
pub fn emit_json(value: &serde_json::Value) -> io::Result<()> {
    let mut bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    emit(&bytes)
}

#[cfg(test)]
mod tests {
    use super::push_int;

    #[test]
    fn integers_print_like_display() {
        for v in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN] {
            let mut out = Vec::new();
            push_int(&mut out, v);
            assert_eq!(String::from_utf8(out).unwrap(), v.to_string());
        }
    }
}

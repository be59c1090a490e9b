//! Fast decimal writing for the text and JSON documents. A chain of a
//! million dominoes is two million numbers; formatting them through
//! `write!` would cost more than solving.

/// Appends the decimal form of `value` to `out`.
pub(crate) fn push_int(out: &mut String, value: i64) {
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
        out.push('-');
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Appends `a|b a|b ...`.
pub(crate) fn push_dominoes_text(out: &mut String, dominoes: &[crate::tile::Domino]) {
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
    use super::push_int;

    #[test]
    fn integers_print_like_display() {
        for v in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN] {
            let mut out = String::new();
            push_int(&mut out, v);
            assert_eq!(out, v.to_string());
        }
    }
}

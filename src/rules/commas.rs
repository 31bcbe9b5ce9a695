//! A number as the book writes it, in groups of three digits: 2,000,000.
//! Every message that names a limit or a count a user reads writes it this
//! way, so a refusal names a limit just as the book's Limits page does.

/// 1234567 as "1,234,567", as the book writes its limits.
pub(crate) fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

//! What is said when a request's JSON body cannot be read: serde's own
//! words, but a number out of range in the words of the rows and takes
//! rather than of Rust's types.

/// "the game could not be read: …", with `what` naming the body.
pub(crate) fn unreadable(what: &str, e: &serde_json::Error) -> String {
    let said = e.to_string();
    // serde says "invalid type: floating point `1.8e19`, expected u64 at
    // line 1 column 9" for a number past the largest whole number, and
    // "invalid value: integer `-1`, expected u64" for one below 0.
    // A float is shown as serde rounded it, "1.8446744073709552e+19":
    // it is called "a number" rather than quoted.
    let number = ["floating point `", "integer `"]
        .iter()
        .find_map(|&kind| said.split_once(kind).map(|(_, rest)| (kind, rest)))
        .and_then(|(kind, rest)| Some((kind, rest.split_once("`, expected ")?)))
        .filter(|(_, (_, wanted))| wanted.starts_with('u'));
    match number {
        Some((kind, (found, wanted))) => {
            let at = wanted.find(" at line ").map_or("", |i| &wanted[i..]);
            let found = match kind {
                "integer `" => found,
                _ => "a number in it",
            };
            format!(
                "the {what} could not be read: {found} is not a whole number from 0 to {}{at}",
                largest(wanted)
            )
        }
        None => format!("the {what} could not be read: {said}"),
    }
}

/// The largest value of the unsigned type serde expected, with commas.
fn largest(wanted: &str) -> String {
    let most = match wanted.split_whitespace().next() {
        Some("u8") => u128::from(u8::MAX),
        Some("u16") => u128::from(u16::MAX),
        Some("u32") => u128::from(u32::MAX),
        _ => u128::from(u64::MAX),
    };
    crate::rules::commas::with_commas(most)
}

#[cfg(test)]
mod tests {
    use super::unreadable;

    fn said<T: serde::de::DeserializeOwned + std::fmt::Debug>(body: &str) -> String {
        unreadable("game", &serde_json::from_str::<T>(body).unwrap_err())
    }

    #[test]
    fn numbers_out_of_range_are_told_in_whole_numbers() {
        assert_eq!(
            said::<Vec<u64>>("[18446744073709551616]"),
            "the game could not be read: a number in it is not a whole number from 0 to 18,446,744,073,709,551,615 at line 1 column 21"
        );
        assert_eq!(
            said::<Vec<u32>>("[-1]"),
            "the game could not be read: -1 is not a whole number from 0 to 4,294,967,295 at line 1 column 3"
        );
        // Anything else is said as serde says it.
        assert_eq!(
            said::<Vec<u64>>("[\"x\"]"),
            "the game could not be read: invalid type: string \"x\", expected u64 at line 1 column 4"
        );
    }
}

//! Every layout shows the same document. The JSON's `steps` carry each
//! step's sentences as plain text; the text view must print each of them,
//! word for word and in order, whatever the position, the rule or the
//! takes allowed.

use matchsticks::render::{json, text};
use matchsticks::rules::nim::Nim;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::teach::analysis::{Analysis, Extras};
use matchsticks::teach::check::check;
use matchsticks::teach::explain::{Options, explain};
use matchsticks::teach::facts;
use matchsticks::teach::verdict::Judgement;
use proptest::prelude::*;

/// The words of a text with the line breaks and indentation of its layout
/// taken out: sentences that were wrapped read as one line again.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Asserts that every line of every step of `json` appears in `text`, in
/// order.
fn lines_appear_in_order(json: &str, text: &str) -> Result<(), TestCaseError> {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let text = words(text);
    let mut rest = text.as_str();
    for step in value["steps"].as_array().unwrap() {
        for line in step["lines"].as_array().unwrap() {
            let line = words(line.as_str().unwrap());
            let at = rest.find(&line);
            prop_assert!(
                at.is_some(),
                "missing or out of order: {line:?}\nin: {text}"
            );
            rest = &rest[at.unwrap() + line.len()..];
        }
    }
    Ok(())
}

/// A game: either rule, Nim or a set of takes from 1 to 5.
fn games() -> impl Strategy<Value = Nim> {
    let takes = prop_oneof![
        Just(TakeSet::Any),
        proptest::sample::subsequence(vec![1u64, 2, 3, 4, 5], 1..=3).prop_map(|t| {
            let list: Vec<String> = t.iter().map(u64::to_string).collect();
            TakeSet::parse(&list.join(",")).unwrap()
        }),
    ];
    (any::<bool>(), takes)
        .prop_map(|(normal, takes)| Nim::with_takes(Rule::from_normal_flag(normal), takes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_step_line_of_explain_is_printed(
        rows in proptest::collection::vec(0u64..12, 1..5),
        game in games(),
        xor in any::<bool>(),
    ) {
        let xor = xor && game.is_nim();
        let a = Analysis::new(Position::new(rows), game, Extras::default()).unwrap();
        let doc = explain(&a, Options { xor, hide: None });
        lines_appear_in_order(&json::document(&facts::explain(&a), &doc), &text::document(&doc, text::Style::plain(1000)))?;
    }

    #[test]
    fn every_step_line_of_check_is_printed(
        rows in proptest::collection::vec(1u64..12, 1..5),
        game in games(),
        choice in any::<proptest::sample::Index>(),
    ) {
        let position = Position::new(rows);
        let moves: Vec<_> = position.moves_with(&game.takes).collect();
        prop_assume!(!moves.is_empty());
        let mv = moves[choice.index(moves.len())];
        let j = Judgement::new(position, mv, &game).unwrap();
        let doc = check(&j);
        lines_appear_in_order(&json::document(&facts::check(&j), &doc), &text::document(&doc, text::Style::plain(1000)))?;
    }
}

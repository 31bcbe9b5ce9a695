//! What a pupil types, as properties: reading a line never panics, every
//! reading of it is a legal move or a clear refusal, and asking goes on
//! until it gets a legal move or a command, kindly, whatever is typed.

use matchsticks::console::ask::{Question, Reply, YesNo, ask};
use matchsticks::console::io::Io;
use matchsticks::rules::moves::Move;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::teach::reply::answer::{Answer, Meant};
use proptest::prelude::*;

fn game(limited: bool, normal: bool) -> Nim {
    let rule = Rule::from_normal_flag(normal);
    match limited {
        true => Nim::with_takes(rule, TakeSet::parse("1-3").unwrap()),
        false => Nim::new(rule),
    }
}

/// Lines like a pupil's: numbers, the words a move is made of, commands,
/// punctuation, and anything else.
fn line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[0-9]{1,2}",
        Just("99999999999999999999".to_string()),
        Just("take".to_string()),
        Just("from".to_string()),
        Just("row".to_string()),
        Just("all".to_string()),
        Just("but".to_string()),
        Just("１".to_string()),
        Just("sticks".to_string()),
        Just("I".to_string()),
        Just("yes".to_string()),
        Just("nope".to_string()),
        Just("can't".to_string()),
        Just("hint".to_string()),
        Just("r".to_string()),
        "r[0-9]{1,2}",
        "row[0-9]{1,2}",
        prop::sample::select(&NUMBER_WORDS[..]).prop_map(str::to_string),
        Just("?".to_string()),
        "[a-z]{1,5}",
    ];
    prop_oneof![
        prop::collection::vec(word, 0..6).prop_map(|words| words.join(" ")),
        prop::collection::vec("[0-9]{1,2}", 1..5).prop_map(|n| n.join(",")),
        "[ -~]{0,16}",
        "\\PC{0,8}",
    ]
}

/// The numbers a pupil may type as words.
const NUMBER_WORDS: [&str; 21] = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "zero",
];

/// A legal move at `position`, picked by two indexes: a row with sticks,
/// and a take the game allows from it.
fn some_move(
    position: &Position,
    game: &Nim,
    row: prop::sample::Index,
    take: prop::sample::Index,
) -> Move {
    let rows: Vec<usize> = (0..position.len())
        .filter(|&pile| position.piles()[pile] > 0)
        .collect();
    let pile = rows[row.index(rows.len())];
    let takes: Vec<u64> = game.takes.takes_from(position.piles()[pile]).collect();
    Move {
        pile,
        take: takes[take.index(takes.len())],
    }
}

fn position() -> impl Strategy<Value = Position> {
    prop::collection::vec(0u64..12, 1..5)
        .prop_filter("a move is possible", |rows| rows.iter().any(|&n| n > 0))
        .prop_map(Position::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn every_reading_is_a_legal_move_or_a_clear_refusal(
        line in line(),
        position in position(),
        limited: bool,
        normal: bool,
    ) {
        let game = game(limited, normal);
        let legal = |mv: Move| position.play_with(mv, &game.takes).is_ok();
        match Answer::parse(&line).resolve(&position, &game) {
            Some(Meant::Move(mv)) => prop_assert!(legal(mv), "{line:?}: {mv:?}"),
            Some(Meant::Either { take, to }) => {
                prop_assert!(legal(take) && legal(to) && take != to, "{line:?}");
            }
            Some(Meant::Illegal(illegal)) => {
                prop_assert!(!illegal.to_string().is_empty());
            }
            Some(Meant::AnyOf(moves)) => {
                prop_assert!(!moves.is_empty() && moves.iter().all(|&mv| legal(mv)), "{line:?}");
            }
            // "All 4" is refused only where no row has exactly 4.
            Some(Meant::NoRowOf { sticks }) => {
                prop_assert!(sticks == 0 || !position.piles().contains(&sticks), "{line:?}");
            }
            Some(
                Meant::WhichRow { .. }
                | Meant::HowMany { .. }
                | Meant::EmptyRow { .. }
                | Meant::Unclear,
            )
            | None => {}
        }
    }

    #[test]
    fn two_numbers_are_a_row_and_a_count_when_that_is_legal(
        position in position(),
        (row, take) in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
        words: bool,
        limited: bool,
        normal: bool,
    ) {
        let game = game(limited, normal);
        let mv = some_move(&position, &game, row, take);
        let said = |n: u64| match (words, n) {
            (true, 1..=20) => NUMBER_WORDS[n as usize - 1].to_string(),
            _ => n.to_string(),
        };
        let line = format!("{} {}", said(mv.row() as u64), said(mv.take));
        // Either this move, or this move and the rows after, to ask which.
        match Answer::parse(&line).resolve(&position, &game) {
            Some(Meant::Move(read)) => prop_assert_eq!(read, mv, "{}", line),
            Some(Meant::Either { take, to }) => {
                prop_assert_eq!(take, mv, "{}", line);
                prop_assert_eq!(position.len(), 2);
                let after = position.play_with(to, &game.takes).unwrap();
                prop_assert_eq!(after.piles(), &[mv.row() as u64, mv.take][..]);
            }
            other => prop_assert!(false, "{line}: {other:?}"),
        }
    }

    #[test]
    fn the_rows_after_the_move_are_read_with_commas_or_spaces(
        position in position().prop_filter("two rows or more", |p| p.len() > 1),
        (row, take) in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
        limited: bool,
        normal: bool,
    ) {
        let game = game(limited, normal);
        let mv = some_move(&position, &game, row, take);
        let after = position.play_with(mv, &game.takes).unwrap();
        let rows: Vec<String> = after.piles().iter().map(u64::to_string).collect();
        for line in [rows.join(","), rows.join(" "), format!("leave {}", rows.join(" "))] {
            match Answer::parse(&line).resolve(&position, &game) {
                Some(Meant::Move(read)) => prop_assert_eq!(read, mv, "{}", line),
                // Two rows may also be a row and a count: that is asked.
                Some(Meant::Either { to, .. }) if !line.starts_with("leave") => {
                    prop_assert_eq!(to, mv, "{}", line);
                }
                other => prop_assert!(false, "{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn asking_ends_in_a_legal_move_or_a_command_and_refuses_kindly(
        line in line(),
        position in position(),
        limited: bool,
        normal: bool,
        yes_no in prop_oneof![Just(YesNo::Only), Just(YesNo::Also), Just(YesNo::Never)],
    ) {
        let game = game(limited, normal);
        let mut out = Vec::new();
        let typed = format!("{line}\nq\n");
        let mut input = typed.as_bytes();
        let mut io = Io { out: &mut out, input: &mut input, interactive: false, color: false, width: 80, height: None ,lines: 0 };
        let question = Question { prompt: "> ", position: &position, game: &game, yes_no, winning: &[], row: None };
        let reply = ask(&mut io, question).unwrap();
        if let Reply::Move(mv) = &reply {
            prop_assert!(yes_no != YesNo::Only);
            prop_assert!(position.play_multi(mv, &game).is_ok());
        }
        if matches!(reply, Reply::Yes | Reply::No) {
            prop_assert!(yes_no != YesNo::Never);
        }
        let out = String::from_utf8(out).unwrap();
        // Whatever was said to the line, it was not a telling-off about
        // numbers, and it fits the screen.
        prop_assert!(!out.contains("is not a number"), "{out}");
        for said in out.lines().filter(|l| !l.starts_with("> ")) {
            prop_assert!(matchsticks::render::wrap::columns(said) <= 80, "{said:?}");
            prop_assert!(!said.trim().is_empty(), "{out}");
        }
    }
}

/// Every way of saying a move, at one position, comes to that move.
#[test]
fn the_ways_of_saying_a_move_agree() {
    let position = Position::new(vec![1, 4, 6]);
    let nim = Nim::new(Rule::Misere);
    let one = Meant::Move(Move { pile: 2, take: 1 });
    for line in [
        "3 1",
        "3,1",
        "take 1 from row 3",
        "Take 1 from row 3!",
        "3 take 1",
        "row 3 take 1",
        "1 from row 3",
        "1 4 5",
        "1,4,5",
    ] {
        assert_eq!(
            Answer::parse(line).resolve(&position, &nim),
            Some(one.clone()),
            "{line:?}"
        );
    }
    let all = Meant::Move(Move { pile: 2, take: 6 });
    for line in ["3 all", "all from row 3", "take all from row 3", "1 4"] {
        assert_eq!(
            Answer::parse(line).resolve(&position, &nim),
            Some(all.clone()),
            "{line:?}"
        );
    }
}

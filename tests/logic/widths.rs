//! Everything fits the screen: at any width from 40 to 120 columns, no
//! line of an explanation, a verdict, a table, a lesson or a game's review
//! is longer than the width.

use matchsticks::console::io::Io;
use matchsticks::lesson::{self, bundled};
use matchsticks::render::text::{self, Style};
use matchsticks::render::wrap::columns;
use matchsticks::rules::moves::Move;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::solve::search::{Budget, Solver};
use matchsticks::teach::analysis::{Analysis, Extras};
use matchsticks::teach::check::check;
use matchsticks::teach::explain::{Options, explain};
use matchsticks::teach::review::{self, Side, Turn};
use matchsticks::teach::table::table;
use matchsticks::teach::table_doc;
use matchsticks::teach::verdict::Judgement;
use proptest::prelude::*;

/// Fails on the first line longer than `width`.
fn fits(out: &str, width: usize) -> Result<(), TestCaseError> {
    for line in out.lines() {
        prop_assert!(
            columns(line) <= width,
            "{} columns at width {width}: {line:?}",
            columns(line)
        );
    }
    Ok(())
}

/// A game: either rule, Nim or a set of takes.
fn games() -> impl Strategy<Value = Nim> {
    let takes = prop_oneof![
        3 => Just(TakeSet::Any),
        1 => Just(TakeSet::parse("1-3").unwrap()),
        1 => Just(TakeSet::parse("2,3,5").unwrap()),
    ];
    (any::<bool>(), takes)
        .prop_map(|(normal, takes)| Nim::with_takes(Rule::from_normal_flag(normal), takes))
}

/// Rows small enough to search, or huge ones, a few or many.
fn rows() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        proptest::collection::vec(0u64..20, 1..6),
        proptest::collection::vec(0u64..60, 1..12),
        proptest::collection::vec(any::<u64>(), 1..5),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn explanations_and_verdicts_fit(
        rows in rows(),
        game in games(),
        xor in any::<bool>(),
        width in 40usize..=120,
        pick in any::<proptest::sample::Index>(),
    ) {
        let position = Position::new(rows);
        let Ok(a) = Analysis::new(position.clone(), game.clone(), Extras::default()) else {
            return Ok(());
        };
        let style = Style::plain(width);
        let doc = explain(&a, Options { xor: xor && game.is_nim(), hide: None });
        fits(&text::document(&doc, style), width)?;
        let moves: Vec<Move> = position.moves_with(&game.takes).take(50).collect();
        if !moves.is_empty() {
            let mv = moves[pick.index(moves.len())];
            if let Ok(j) = Judgement::from_analysis(a, mv) {
                fits(&text::document(&check(&j), style), width)?;
            }
        }
    }

    #[test]
    fn tables_fit(
        rows in proptest::collection::vec(0u64..9, 1..4),
        game in games(),
        losing in any::<bool>(),
        width in 40usize..=120,
    ) {
        let start = Position::new(rows);
        let Ok(mut entries) = table(&start, &game) else { return Ok(()) };
        if losing {
            entries.retain(|e| e.outcome == matchsticks::rules::outcome::Outcome::Lose);
        }
        let doc = table_doc::table(&start, &game, &entries, losing);
        fits(&text::document(&doc, Style::plain(width)), width)?;
    }

    #[test]
    fn a_game_review_fits(
        rows in proptest::collection::vec(1u64..12, 1..5),
        picks in proptest::collection::vec(any::<proptest::sample::Index>(), 1..12),
        width in 40usize..=120,
    ) {
        let game = Nim::new(Rule::Misere);
        let mut position = Position::new(rows);
        let mut turns = Vec::new();
        let mut side = Side::Computer;
        for pick in picks {
            let moves: Vec<Move> = position.moves().collect();
            if moves.is_empty() {
                break;
            }
            let mv = moves[pick.index(moves.len())];
            turns.push(Turn { side, before: position.clone(), mv: mv.into() });
            position = position.play(mv).unwrap();
            side = side.other();
        }
        let mut solver = Solver::for_game(game.clone(), Budget::default());
        let reviewed = review::review(&turns, &game, &mut solver).unwrap();
        let replay = format!("matchsticks play {} --level good --seed {}", turns.first().map_or(position.clone(), |t| t.before.clone()), u64::MAX);
        let notes = review::Notes { ended: position.is_over(), taken_back: 3, hints: 12, shown: 2, replay: Some(replay) };
        let doc = review::document(&reviewed, &game, notes);
        fits(&text::document(&doc, Style::plain(width)), width)?;
    }
}

#[test]
fn every_lesson_fits_at_every_width() {
    for width in [40, 57, 80, 120] {
        for found in bundled::LESSONS {
            let lesson = lesson::bundled(found.name).unwrap();
            let mut out = Vec::new();
            let mut input: &[u8] = b"";
            let mut io = Io {
                out: &mut out,
                input: &mut input,
                interactive: false,
                color: false,
                width,
                height: None,
                lines: 0,
            };
            lesson::runner::run(&lesson, true, &mut io).unwrap();
            let out = String::from_utf8(out).unwrap();
            for line in out.lines() {
                assert!(
                    columns(line) <= width,
                    "{}: {} columns at width {width}: {line:?}",
                    found.name,
                    columns(line)
                );
            }
        }
    }
}

#[test]
fn every_worksheet_fits_80_columns() {
    use matchsticks::request::worksheet::worksheet;
    use matchsticks::teach::worksheet::kind::Kind;
    use matchsticks::teach::worksheet::settings::{MOST_SHEET_ROWS, MOST_SHEET_STICKS, Settings};
    for name in Kind::NAMES {
        let kind = Kind::from_name(name).unwrap();
        let one_row = matches!(kind, Kind::TwentyOne | Kind::TakeSet | Kind::MakeGroups);
        for (rows, most) in [
            (None, None),
            (Some(MOST_SHEET_ROWS), Some(MOST_SHEET_STICKS)),
        ] {
            let settings = Settings {
                kind,
                count: 12,
                seed: 5,
                rows: if one_row { None } else { rows },
                max_sticks: most,
                take: (kind == Kind::TakeSet).then(|| TakeSet::parse("2,3,5").unwrap()),
                rule: Rule::Misere,
            };
            let sheet = worksheet(&settings).unwrap();
            let out = text::document(&sheet.document, Style::plain(80));
            for line in out.lines() {
                assert!(
                    columns(line) <= 80,
                    "{name}: {} columns: {line:?}",
                    columns(line)
                );
            }
        }
    }
}

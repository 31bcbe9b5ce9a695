//! Worksheets: every kind's key is right, held against plain searches of
//! their own; the same seed gives the same sheet and other seeds other
//! positions; a sheet holds no position twice and balances its yes and no
//! answers; and nothing on the pupils' part gives an answer away, in any
//! layout.

use std::collections::BTreeSet;

use matchsticks::request::worksheet::worksheet;
use matchsticks::rules::outcome::Outcome;
use matchsticks::rules::rule::Rule;
use matchsticks::rules::take_set::TakeSet;
use matchsticks::teach::document::Block;
use matchsticks::teach::worksheet::Worksheet;
use matchsticks::teach::worksheet::key::Answer;
use matchsticks::teach::worksheet::kind::Kind;
use matchsticks::teach::worksheet::settings::{MOST_QUESTIONS, Settings};
use proptest::prelude::*;

use crate::common::matchsticks;

/// The settings for `count` questions of `kind` from `seed`, the kind's own
/// sizes, misère unless `normal`.
fn settings(kind: Kind, count: usize, seed: u64, normal: bool) -> Settings {
    Settings {
        kind,
        count,
        seed,
        rows: None,
        max_sticks: None,
        take: match kind {
            Kind::TakeSet => Some(TakeSet::parse("1,3,4").unwrap()),
            _ => None,
        },
        rule: Rule::from_normal_flag(normal),
    }
}

/// Whether the player to move wins Nim at `rows`, by the rule every
/// textbook gives: the rows' XOR, except in misère play with no row above 1.
fn nim_wins(rows: &[u64], rule: Rule) -> bool {
    let xor = rows.iter().fold(0, |x, &n| x ^ n);
    match (rule, rows.iter().all(|&n| n <= 1)) {
        (Rule::Misere, true) => rows.iter().sum::<u64>() % 2 == 0,
        _ => xor != 0,
    }
}

/// Whether the player to move wins one row of `n` sticks when a move takes
/// one of `takes`, by a plain search from 0 up.
fn row_wins(n: u64, takes: &[u64], rule: Rule) -> bool {
    let stuck_wins = rule == Rule::Misere;
    let mut wins: Vec<bool> = Vec::new();
    for k in 0..=n {
        let moves: Vec<u64> = takes.iter().copied().filter(|&t| t <= k).collect();
        let won = match moves.is_empty() {
            true => stuck_wins,
            false => moves.iter().any(|&t| !wins[(k - t) as usize]),
        };
        wins.push(won);
    }
    wins[n as usize]
}

/// Every take a move may make in the sheet's game.
fn takes_of(s: &Settings) -> Vec<u64> {
    let set = match (s.kind, &s.take) {
        (Kind::TwentyOne, None) => TakeSet::parse("1-3").unwrap(),
        (_, Some(set)) => set.clone(),
        (_, None) => return (1..=64).collect(),
    };
    (1..=64)
        .filter(|&t| set.takes_from(t).any(|x| x == t))
        .collect()
}

/// Holds every answer of `sheet` against the plain searches.
fn key_is_right(s: &Settings, sheet: &Worksheet) -> Result<(), TestCaseError> {
    prop_assert_eq!(sheet.questions.len(), s.count);
    let takes = takes_of(s);
    for q in &sheet.questions {
        let rows = q.position.piles();
        match (&q.answer, s.kind) {
            (Answer::Outcome(outcome), Kind::CanYouWin) => {
                let wins = *outcome == Outcome::Win;
                prop_assert_eq!(wins, nim_wins(rows, s.rule), "{:?}", rows);
            }
            (Answer::Groups(groups), Kind::MakeGroups) => {
                prop_assert_eq!(groups.len(), rows.len());
                for (row, groups) in rows.iter().zip(groups) {
                    prop_assert_eq!(groups.iter().sum::<u64>(), *row);
                    prop_assert!(groups.iter().all(|g| g.is_power_of_two()));
                    prop_assert!(groups.windows(2).all(|w| w[0] > w[1]), "{:?}", groups);
                }
            }
            (
                Answer::Move { given, winning },
                Kind::WinningMove | Kind::TwentyOne | Kind::TakeSet,
            ) => {
                prop_assert!(winning.contains(given));
                let mut found = 0;
                for (pile, &n) in rows.iter().enumerate() {
                    for &take in takes.iter().filter(|&&t| t <= n) {
                        let mut after = rows.to_vec();
                        after[pile] -= take;
                        let lost = match s.kind {
                            Kind::WinningMove => !nim_wins(&after, s.rule),
                            _ => !row_wins(after[pile], &takes, s.rule),
                        };
                        let listed = winning
                            .iter()
                            .any(|w| w.single().is_some_and(|m| m.pile == pile && m.take == take));
                        prop_assert_eq!(
                            lost,
                            listed,
                            "{:?} take {} from row {}",
                            rows,
                            take,
                            pile + 1
                        );
                        found += usize::from(lost);
                    }
                }
                prop_assert!(found > 0, "{:?} has no winning move", rows);
                prop_assert_eq!(found, winning.len());
            }
            (answer, kind) => prop_assert!(false, "{kind:?} answered {answer:?}"),
        }
    }
    Ok(())
}

/// Every sentence of the pupils' part, drawings' words included.
fn pupils_words(sheet: &Worksheet) -> Vec<String> {
    sheet
        .pupils_part()
        .iter()
        .flat_map(|step| step.lines().into_iter().chain([step.title.clone()]))
        .collect()
}

/// What gives an answer away: a move, who wins, groups or their sums.
fn gives_away(text: &str) -> Option<&'static str> {
    let text = text.replace('\u{a0}', " ");
    let words = [
        "from row 1 (",
        "can win",
        "will lose",
        "partner",
        "count to avoid",
        "Winning moves",
        ": Yes",
        ": No",
        " + ",
        "Answer key",
        "→",
    ];
    if let Some(word) = words.iter().find(|w| text.contains(**w)) {
        return Some(word);
    }
    // A sum written in, "7 = 4", or a group's size, "groups of 4".
    let numbered = |after: &str| {
        text.split(after)
            .skip(1)
            .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    };
    match (
        numbered(" = "),
        numbered("group of "),
        numbered("groups of "),
    ) {
        (true, _, _) => Some("a sum"),
        (_, true, _) | (_, _, true) => Some("a group"),
        _ => None,
    }
}

const KINDS: [Kind; 5] = [
    Kind::CanYouWin,
    Kind::WinningMove,
    Kind::MakeGroups,
    Kind::TwentyOne,
    Kind::TakeSet,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_kind_has_a_right_key_and_gives_nothing_away(
        seed in any::<u64>(),
        normal in any::<bool>(),
        count in 1usize..12,
    ) {
        for kind in KINDS {
            let s = settings(kind, count, seed, normal);
            let sheet = worksheet(&s).unwrap();
            key_is_right(&s, &sheet)?;
            for line in pupils_words(&sheet) {
                prop_assert!(gives_away(&line).is_none(), "{kind:?}: {line:?} gives {:?} away", gives_away(&line));
            }
            for step in sheet.pupils_part() {
                for block in &step.blocks {
                    if let Block::Rows { rows } = block {
                        prop_assert!(rows.iter().all(|r| r.groups.is_empty() && r.stages.is_empty()));
                    }
                    let answering = matches!(
                        block,
                        Block::Move(_) | Block::Verdict { .. } | Block::Tally { .. } | Block::Pairs { .. }
                    );
                    prop_assert!(!answering);
                }
                prop_assert!(step.reveals.is_none());
            }
            // The same seed, the same sheet.
            prop_assert_eq!(&worksheet(&s).unwrap(), &sheet);
        }
    }
}

#[test]
fn the_misere_exception_is_kept() {
    // 1 1 1 is lost for the player to move when the last stick loses, and
    // won when it wins; the key says so in each game.
    for (normal, wins) in [(false, false), (true, true)] {
        let found = (0..200u64).find_map(|seed| {
            let mut s = settings(Kind::CanYouWin, 6, seed, normal);
            s.max_sticks = Some(1);
            s.rows = Some(3);
            s.count = 1;
            worksheet(&s).ok()
        });
        let sheet = found.expect("a sheet of 1 1 1");
        assert_eq!(sheet.questions[0].position.piles(), [1, 1, 1]);
        assert!(
            matches!(&sheet.questions[0].answer, Answer::Outcome(o) if (*o == Outcome::Win) == wins)
        );
        let key = sheet.document.steps.last().unwrap().lines().join("\n");
        assert!(key.contains(if wins { "Yes." } else { "No." }), "{key}");
    }
}

#[test]
fn different_seeds_give_different_sheets_of_the_same_sizes() {
    for kind in KINDS {
        let sheets: Vec<Worksheet> = (0..12)
            .map(|seed| worksheet(&settings(kind, 8, seed, false)).unwrap())
            .collect();
        let distinct: BTreeSet<Vec<Vec<u64>>> = sheets
            .iter()
            .map(|s| {
                s.questions
                    .iter()
                    .map(|q| q.position.piles().to_vec())
                    .collect()
            })
            .collect();
        assert_eq!(
            distinct.len(),
            sheets.len(),
            "{kind:?}: two seeds gave the same sheet"
        );
        let rows = match kind {
            Kind::CanYouWin | Kind::WinningMove => 3,
            _ => 1,
        };
        for sheet in &sheets {
            for q in &sheet.questions {
                assert_eq!(q.position.len(), rows, "{kind:?}");
                assert!(
                    q.position.piles().iter().all(|&n| (1..=21).contains(&n)),
                    "{kind:?}"
                );
            }
        }
    }
}

#[test]
fn no_position_comes_twice_and_yes_and_no_are_balanced() {
    for seed in 0..20 {
        let sheet = worksheet(&settings(Kind::CanYouWin, 12, seed, seed % 2 == 0)).unwrap();
        let positions: BTreeSet<Vec<u64>> = sheet
            .questions
            .iter()
            .map(|q| {
                let mut rows = q.position.piles().to_vec();
                rows.sort_unstable();
                rows
            })
            .collect();
        assert_eq!(positions.len(), 12);
        let yes = sheet
            .questions
            .iter()
            .filter(|q| matches!(&q.answer, Answer::Outcome(o) if *o == Outcome::Win))
            .count();
        assert_eq!(yes, 6, "seed {seed}");
    }
}

#[test]
fn a_sheet_past_a_limit_is_refused_naming_it() {
    let base = || settings(Kind::CanYouWin, 10, 1, false);
    let cases: Vec<(Settings, &str)> = vec![
        (
            Settings {
                count: MOST_QUESTIONS + 1,
                ..base()
            },
            "1 to 40 questions",
        ),
        (Settings { count: 0, ..base() }, "1 to 40 questions"),
        (
            Settings {
                rows: Some(6),
                ..base()
            },
            "1 to 5 rows",
        ),
        (
            Settings {
                max_sticks: Some(41),
                ..base()
            },
            "from 1 to 40, not 41",
        ),
        (
            Settings {
                take: Some(TakeSet::parse("1-3").unwrap()),
                ..base()
            },
            "take set",
        ),
        (
            Settings {
                kind: Kind::TakeSet,
                ..base()
            },
            "needs the takes",
        ),
        (
            Settings {
                kind: Kind::TwentyOne,
                rows: Some(2),
                ..base()
            },
            "one row",
        ),
        (
            Settings {
                rows: Some(1),
                max_sticks: Some(3),
                ..base()
            },
            "only 3 different positions",
        ),
        (
            Settings {
                kind: Kind::TakeSet,
                take: Some(TakeSet::parse("5").unwrap()),
                max_sticks: Some(4),
                ..base()
            },
            "no position fits",
        ),
    ];
    for (s, says) in cases {
        let e = worksheet(&s).unwrap_err().to_string();
        assert!(e.contains(says), "{s:?}: {e}");
        assert!(!e.contains('\n'));
    }
}

/// The binary's sheet for `args`, and the part before its key.
fn printed(args: &[&str]) -> (String, String) {
    let output = matchsticks().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    let out = String::from_utf8(output.stdout).unwrap();
    let pupils = match args.last() {
        Some(&"html") => out.split("class=\"step new-page\"").next(),
        Some(&"markdown") => out.split("\n---\n").next(),
        _ => out.split("\n────").next(),
    };
    (pupils.unwrap().to_string(), out.clone())
}

#[test]
fn no_layout_gives_an_answer_away_and_every_one_has_the_key() {
    for kind in Kind::NAMES {
        for format in ["text", "markdown", "html"] {
            let mut args = vec!["worksheet", "--kind", kind, "--count", "6", "--seed", "3"];
            if kind == "take-set" {
                args.extend(["--take", "1,3,4"]);
            }
            args.extend(["--format", format]);
            let (pupils, whole) = printed(&args);
            assert!(whole.len() > pupils.len() + 100, "{args:?}: no key");
            assert!(whole.contains("Answer key"), "{args:?}");
            // The page's stylesheet is no answer.
            let pupils = match pupils.split_once("<body>") {
                Some((_, body)) => body.replace("&amp;", "&"),
                None => pupils,
            };
            assert_eq!(gives_away(&pupils), None, "{args:?}:\n{pupils}");
            assert!(!pupils.contains("data-reveals"), "{args:?}");
            if format == "html" {
                assert!(whole.contains("break-before: page"), "{args:?}");
            }
        }
    }
}

//! Scripted games against the computer through standard input, run on the
//! real binary.

use std::io::Write;
use std::process::Stdio;

use matchsticks::play::rng::Rng;
use matchsticks::play::{Level, computer_move};
use matchsticks::rules::multi_move::MultiMove;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::teach::analysis::{Analysis, Extras};
use matchsticks::teach::nim::NimMemo;
use matchsticks::teach::teaching::Teaching;

use crate::common;
use common::{assert_in_order, matchsticks};

fn play(args: &[&str], input: &str) -> (i32, String) {
    // Wide lines, so each sentence can be looked for whole.
    let mut child = matchsticks()
        .args(["play", "--width", "1000"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// A fresh search for `game`.
fn solver(game: &Nim) -> NimMemo {
    game.memo(&Position::new(vec![1])).unwrap()
}

/// The moves of a pupil who always plays the recommended move, against the
/// perfect computer, as typed lines.
fn perfect_pupil(start: &[u64], game: &Nim) -> String {
    let mut position = Position::new(start.to_vec());
    let mut lines = String::new();
    let mut pupil = true;
    while position.moves_with(&game.takes).next().is_some() {
        let mv = match pupil {
            true => {
                let a = Analysis::new(position.clone(), game.clone(), Extras::default()).unwrap();
                let mv = a.best.as_ref().and_then(MultiMove::single).unwrap();
                lines += &format!("{} {}\n", mv.row(), mv.take);
                MultiMove::from(mv)
            }
            false => {
                computer_move(
                    &position,
                    game,
                    Level::Perfect,
                    &mut Rng::new(0),
                    &mut solver(game),
                )
                .unwrap()
                .unwrap()
                .mv
            }
        };
        position = position.play_multi(&mv, game).unwrap();
        pupil = !pupil;
    }
    lines
}

#[test]
fn a_perfect_pupil_beats_the_computer_from_a_won_start() {
    let game = Nim::new(Rule::Misere);
    let script = perfect_pupil(&[3, 5, 7], &game);
    // The pupil moves first unless told otherwise.
    let (code, out) = play(&[], &script);
    assert_eq!(code, 0);
    assert_in_order(
        &out,
        &[
            "You go first.",
            "Why: no move wins for me here, so I keep the game going and hope you slip.",
            // Said in full once, then briefly.
            "Why: still no winning move for me, so I keep going.",
            "Why: still no winning move for me, so I keep going.",
            "Why: I have to take the last stick, so you win!",
            "No move is left. The computer took the last stick, so you win. Well played!",
            "The computer took the last stick, so you win.",
            "From 3 5 7 you could win from the start, and you did not slip.",
        ],
    );
    assert_eq!(
        out.matches("Why: no move wins for me here").count(),
        1,
        "{out}"
    );
    assert!(!out.contains("seed"), "{out}");
    assert!(
        out.ends_with("From 3 5 7 you could win from the start, and you did not slip.\n"),
        "{out}"
    );
}

#[test]
fn a_perfect_pupil_wins_twenty_one_when_the_computer_starts() {
    let game = Nim::with_takes(
        Rule::Misere,
        matchsticks::rules::take_set::TakeSet::parse("1-3").unwrap(),
    );
    // The computer moves first from 21, a lost count, so the pupil replies
    // to whatever it takes. Work out the replies by playing it through.
    let mut position = Position::new(vec![21]);
    let mut script = String::new();
    loop {
        let c = computer_move(
            &position,
            &game,
            Level::Perfect,
            &mut Rng::new(0),
            &mut solver(&game),
        )
        .unwrap();
        let Some(c) = c else { break };
        position = position.play_multi(&c.mv, &game).unwrap();
        let a = Analysis::new(position.clone(), game.clone(), Extras::default()).unwrap();
        let Some(mv) = a.best.as_ref().and_then(MultiMove::single) else {
            break;
        };
        // In a game of one row a bare number is how many to take.
        script += &format!("{}\n", mv.take);
        position = position.play_with(mv, &game.takes).unwrap();
    }
    let (code, out) = play(&["21", "--take", "1-3", "--first", "computer"], &script);
    assert_eq!(code, 0);
    assert_in_order(
        &out,
        &[
            "It goes first.",
            "Why: I have to take the last stick, so you win!",
            "No move is left. The computer took the last stick, so you win. Well played!",
        ],
    );
    assert!(out.contains("Your move> 3\n"), "{out}");
}

#[test]
fn the_computer_says_plainly_when_it_takes_the_last_stick() {
    // Normal play: taking the last stick wins.
    let (_, out) = play(&["1", "--normal", "--first", "computer"], "");
    assert!(
        out.contains("Why: I take the last stick, so I win.\n"),
        "{out}"
    );
    // A beginner may take the last stick when it need not.
    let (_, out) = play(
        &[
            "5", "--level", "beginner", "--seed", "4", "--first", "computer",
        ],
        "",
    );
    assert_in_order(
        &out,
        &[
            "The computer is a beginner and slips often (seed 4). It goes first.",
            "The computer takes 5.",
            "Why: I take the last stick, so you win!",
            "To play this game again:\nmatchsticks play 5 --first computer --level beginner --seed 4",
        ],
    );
}

#[test]
fn a_bare_one_in_the_twenty_one_game_takes_one_stick() {
    let (code, out) = play(&["22", "--take", "1-3"], "1\nquit\n");
    assert_eq!(code, 0);
    assert_in_order(
        &out,
        &[
            "Your move> 1\n",
            "  row 1  |  ||||  ||||  ||||  ||||  ||||  21",
            "The computer takes",
        ],
    );
    assert!(!out.contains("does not allow"), "{out}");
}

#[test]
fn a_bad_move_is_a_turning_point_in_the_review() {
    // From 3 5 7 the pupil takes 2 from row 3, which gives the win away.
    let (code, out) = play(&[], "3 2\n");
    assert_eq!(code, 0);
    assert_in_order(
        &out,
        &[
            "Review of the game",
            "The game was stopped before the end.",
            "Your 1st move, at 3 5 7: you took 2 from row 3. One of 3 winning moves, such as taking 1 from row 1, would have kept the win.",
        ],
    );
    assert!(!out.contains("2nd move"), "only the turning points: {out}");
}

#[test]
fn undo_hint_and_illegal_input() {
    let script = "hint\n4 1\n1 9\nbanana\nI don't know\n1 2\nundo\nundo\ntake 1 from row 1\nquit\n";
    let (code, out) = play(&[], script);
    assert_eq!(code, 0);
    let expected_in_order = [
        "Your move> hint",
        "Hint 1: Make the groups and pair them. Is any group left without a partner?",
        "Your move> 4 1",
        "There is no row 4, only rows 1 to 3. Try again.",
        "Your move> 1 9",
        "Row 1 has only 3 sticks, so 9 cannot be taken from it. Try again.",
        "Your move> banana",
        "Sorry, I can't read that: type the row and how many to take, like 2 3.",
        "Your move> I don't know",
        "No problem: type hint for a clue, or show to see the answer.",
        "Your move> 1 2",
        "The computer takes",
        "Your move> undo",
        "Taken back: it is your move again.",
        "  row 1  ||  |        3",
        "Your move> undo",
        "There is no move of yours to take back.",
        "Your move> take 1 from row 1",
        "Why: no move wins for me here",
        "Your move> quit",
        "Game stopped.",
        "The game was stopped before the end.",
        "Nobody slipped so far.",
        "You took back 1 move.",
        "You asked for 1 hint.",
    ];
    assert_in_order(&out, &expected_in_order);
    assert!(!out.contains("is not a number"), "{out}");
    // The rule is said in a pupil's words, not by its name.
    assert!(!out.contains("misère"), "{out}");
}

#[test]
fn end_of_input_quits_cleanly() {
    let (code, out) = play(&["--first", "computer"], "");
    assert_eq!(code, 0);
    assert!(out.contains("The computer takes 1 from row"), "{out}");
    assert!(
        out.ends_with("The game was stopped before the end.\nNobody slipped so far.\n"),
        "{out}"
    );
}

#[test]
fn a_seed_replays_the_same_game() {
    let script = "1 1\n1 1\n1 1\n2 1\n2 1\n2 1\n";
    let first = play(
        &["9", "9", "9", "--level", "beginner", "--seed", "11"],
        script,
    );
    let again = play(
        &["9", "9", "9", "--level", "beginner", "--seed", "11"],
        script,
    );
    assert_eq!(first, again);
    assert!(first.1.contains("slips often (seed 11)."), "{}", first.1);
    assert!(
        first.1.ends_with(
            "To play this game again:\nmatchsticks play 9 9 9 --level beginner --seed 11\n"
        ),
        "{}",
        first.1
    );
    // Without --seed the seed is only told at the end, to replay the game.
    let (_, picked) = play(&["9", "9", "9", "--level", "good"], "1 1\n");
    assert!(
        picked.starts_with("A game of 9 9 9 against the computer"),
        "{picked}"
    );
    let seed_lines: Vec<&str> = picked.lines().filter(|l| l.contains("seed")).collect();
    assert_eq!(seed_lines.len(), 1, "{picked}");
    // The command is on a line of its own, so it copies whole.
    assert!(
        seed_lines[0].starts_with("matchsticks play 9 9 9 --level good --seed "),
        "{picked}"
    );
}

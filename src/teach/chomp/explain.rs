//! The explanation of a bar: the bar drawn, who can win and why (strategy
//! stealing on a rectangle, a strategy where one is known, or the search),
//! the rule to win with when there is one, what the search found or why it
//! was not run, and the bite.

use super::analysis::{BarAnalysis, Searched, Strategy};
use super::words::{bite_from, bites, describe, drawn, shapes as shapes_in_words, titled};
use crate::rules::bar::{Arms, Bar};
use crate::rules::outcome::Outcome;
use crate::solve::chomp::StrategyStealing;
use crate::teach::document::{Block, Document, Frame, Reveal, Step};
use crate::teach::words::{count, with_commas};

/// The rules in one sentence, under every drawing of the starting bar.
const RULES: &str = "A bite takes a square and every square below it and to its right. Whoever has to eat the poisoned square loses.";

/// The explanation of `a`.
pub fn explain(a: &BarAnalysis) -> Document {
    let mut steps = vec![Step::numbered(
        1,
        "The bar",
        vec![
            Block::sentence(format!("{}.", capital(&describe(&a.bar)))),
            Block::Bar(drawn(&a.bar, None)),
            Block::sentence(RULES),
        ],
    )];
    steps.push(Step::numbered(2, "Who can win?", who_wins(a)).revealing(Reveal::Outcome));
    let mut number = 3;
    let mut next = |title: &str, blocks: Vec<Block>| {
        let step = Step::numbered(number, title, blocks).revealing(Reveal::Move);
        number += 1;
        step
    };
    if let Some(strategy) = a.strategy.filter(|_| !a.only_poison()) {
        steps.push(next(
            strategy_title(strategy),
            strategy_blocks(strategy, &a.bar),
        ));
    }
    steps.push(next("The search", search_blocks(a)));
    if let Some(bite) = a.bite {
        steps.push(next("The bite", bite_blocks(a, bite)));
    }
    steps.push(closing(a));
    Document {
        title: titled(&a.bar),
        steps,
    }
}

/// Who wins, and why: the strategy-stealing argument on a rectangle,
/// otherwise the strategy or the search.
fn who_wins(a: &BarAnalysis) -> Vec<Block> {
    if a.only_poison() {
        return vec![Block::sentence(
            "Only the poisoned square is left: the player to move has to eat it, and loses.",
        )];
    }
    let mut blocks = match (a.stealing, a.strategy) {
        (Some(argument), _) => stealing(argument),
        (None, Some(Strategy::Arms(arms))) => vec![Block::sentence(arms_verdict(arms))],
        (None, Some(Strategy::TwoRows { top, bottom })) if bottom + 1 == top => {
            vec![Block::sentence(
                "The bottom row is exactly one square shorter than the top: that is the bar to leave your opponent, not to be left with (see the rule below).",
            )]
        }
        (None, Some(_)) => vec![Block::sentence(
            "A rule is known for this bar: it is below.",
        )],
        (None, None) => vec![Block::sentence(
            "No simple rule is known for a bar like this, so the search decides.",
        )],
    };
    blocks.push(Block::sentence(match a.outcome {
        Outcome::Win => "The player to move can win.",
        Outcome::Lose => "The player to move will lose if the opponent plays well.",
    }));
    blocks
}

/// The strategy-stealing argument, told for a pupil.
fn stealing(argument: StrategyStealing) -> Vec<Block> {
    let corner = argument.corner;
    vec![
        Block::sentence(format!(
            "Every bite takes the bottom-right square ({corner}), because it is below and to the right of every other square."
        )),
        Block::sentence(
            "Suppose biting only that corner square were a losing bite. Then your opponent would have a winning answer to it.",
        ),
        Block::sentence(
            "But you could make that answer yourself, as your very first bite: it takes the corner square too, so it leaves exactly the same bar. Then it is your opponent who is stuck.",
        ),
        Block::sentence(
            "So either the corner bite wins, or the answer to it does: the first player can always win, even though this does not say which bite it is.",
        ),
    ]
}

/// Who wins on an L, in words.
fn arms_verdict(arms: Arms) -> String {
    match arms.right == arms.down {
        true => format!(
            "The bar is an L with two equal arms of {} each, besides the poisoned square: whatever you bite from one arm, your opponent bites just as much from the other.",
            count(arms.right as u64, "square")
        ),
        false => format!(
            "The bar is an L with arms of {} (the top row) and {} (the first column), besides the poisoned square. They are not equal, so you can make them equal.",
            count(arms.right as u64, "square"),
            count(arms.down as u64, "square")
        ),
    }
}

fn strategy_title(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Arms(_) => "An L: make the arms equal, then copy",
        Strategy::EqualSides { square: true, .. } => "A square: leave an L, then copy",
        Strategy::EqualSides { square: false, .. } => "Equal sides: leave an L, then copy",
        Strategy::TwoRows { .. } => "Two rows: keep the bottom row one shorter",
    }
}

/// The strategy told: what to bite and how to go on.
fn strategy_blocks(strategy: Strategy, bar: &Bar) -> Vec<Block> {
    const COPY: &str = "Then copy: whatever your opponent bites from one arm, bite just as much from the other. The arms stay equal, and in the end your opponent has to eat the poisoned square.";
    match strategy {
        Strategy::Arms(arms) if arms.right == arms.down => vec![
            Block::sentence(
                "The arms are equal already, so whatever you bite, your opponent copies it on the other arm, and in the end you have to eat the poisoned square.",
            ),
            Block::sentence("No bite wins: make the game last and hope your opponent slips."),
        ],
        Strategy::Arms(_) => {
            let bite = strategy.bite(bar).expect("unequal arms can be made equal");
            vec![
                Block::sentence(format!(
                    "Bite the longer arm down to the length of the shorter one: {}.",
                    bite_from(bar, bite)
                )),
                Block::sentence(COPY),
            ]
        }
        Strategy::EqualSides { side, square } => {
            let which = match square {
                true => format!("The bar is a square of {side} by {side}"),
                false => format!(
                    "The top row and the first column are just as long: {} each",
                    count(side as u64, "square")
                ),
            };
            vec![
                Block::sentence(format!(
                    "{which}. Bite row 2, column 2: that leaves only the top row and the first column, an L with two equal arms of {} each.",
                    count(side as u64 - 1, "square")
                )),
                Block::sentence(COPY),
            ]
        }
        Strategy::TwoRows { top, bottom } if bottom + 1 == top => vec![
            Block::sentence(format!(
                "The winning rule for two rows: leave the bottom row exactly one square shorter than the top. Here it already is ({top} and {bottom}), so whatever you bite, your opponent can make it so again, until you are left with the poisoned square.",
            )),
            Block::sentence("No bite wins: make the game last and hope your opponent slips."),
        ],
        Strategy::TwoRows { top, bottom } => {
            let bite = strategy
                .bite(bar)
                .expect("two rows not one apart can be made so");
            vec![
                Block::sentence(format!(
                    "The winning rule for two rows: leave the bottom row exactly one square shorter than the top. The rows have {top} and {bottom} squares, so bite {}.",
                    bite_from(bar, bite)
                )),
                Block::sentence(
                    "Whatever your opponent bites next, you can make the bottom row one shorter than the top again, until only the poisoned square is left for them.",
                ),
            ]
        }
    }
}

/// What the search found, or why it was not run.
fn search_blocks(a: &BarAnalysis) -> Vec<Block> {
    let mut blocks = Vec::new();
    match a.searched {
        Searched::Done { shapes, bites_left } => {
            blocks.push(Block::sentence(format!(
                "A search through every shape a game on this bar can reach ({} shapes) says: the player to move {}, with {} left under best play, the last one eating the poisoned square.",
                shapes_in_words(shapes),
                match (a.outcome, a.only_poison()) {
                    (Outcome::Win, _) => "can win",
                    // Only the poison is left: nothing depends on anyone.
                    (Outcome::Lose, true) => "loses",
                    (Outcome::Lose, false) => "will lose against good play",
                },
                count(bites_left, "bite")
            )));
            if a.strategy.is_none() && a.outcome == Outcome::Win {
                blocks.push(Block::sentence(
                    "No rule is known that finds the winning bite on a bar like this: the search is the only way.",
                ));
            }
        }
        Searched::Refused { shapes, limit } => {
            blocks.push(Block::sentence(format!(
                "A game on this bar can reach {} shapes, more than the search's limit of {}, so the search was not run.",
                shapes_in_words(shapes),
                with_commas(u128::from(limit))
            )));
            blocks.push(Block::sentence(match (a.bite, a.strategy) {
                (Some(_), Some(_)) => "The rule above finds a winning bite without it.",
                _ => "No rule is known that finds the winning bite on a bar like this. The first player wins, but the winning bite is beyond what the search may look at.",
            }));
        }
    }
    blocks
}

/// The bite, drawn on the bar, and the bar it leaves.
fn bite_blocks(a: &BarAnalysis, bite: crate::rules::bar::Bite) -> Vec<Block> {
    let text = match (a.outcome, a.only_poison()) {
        (_, true) => format!(
            "Bite: {}. It is the only bite left.",
            bite_from(&a.bar, bite)
        ),
        (Outcome::Win, false) => format!("Bite: {}.", bite_from(&a.bar, bite)),
        (Outcome::Lose, false) => format!(
            "Best try: {}. No bite wins, so this one makes the game last longest, in the hope that your opponent slips.",
            bite_from(&a.bar, bite)
        ),
    };
    vec![Block::Bar(drawn(&a.bar, Some(bite))), Block::sentence(text)]
}

/// The winning bites, all of them or those known.
fn closing(a: &BarAnalysis) -> Step {
    let text = match (&a.winning, a.known_winning().as_slice()) {
        (Some(all), _) => format!("Winning bites: {}.", bites(all)),
        (None, []) => "Winning bites: not known, since the bar is beyond the search.".to_string(),
        (None, known) => format!(
            "Winning bites found by the rule: {}. Others may win too; only a search could tell.",
            bites(known)
        ),
    };
    Step::framed(Frame::CLOSING, "Winning bites", vec![Block::sentence(text)])
        .revealing(Reveal::Move)
}

/// The text with its first letter in upper case.
fn capital(text: &str) -> String {
    crate::teach::words::capitalised(text)
}

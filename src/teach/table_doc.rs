//! The table of positions as a document: a legend, then a grid for each
//! size of the smallest row when there are three rows, or a list.

use std::collections::{BTreeMap, BTreeSet};

use super::board;
use super::document::{Block, Document, Frame, Grid, GridCell, GridRow, PositionLine, Step};
use super::table::Entry;
use super::words::position;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;

/// Rows as "0,4,5".
pub(crate) fn compact(rows: &[u64]) -> String {
    rows.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One entry in short: "L4" or "W5→0,4,5".
fn cell(e: &Entry) -> GridCell {
    let text = match (e.outcome, &e.to) {
        (Outcome::Lose, _) => format!("L{}", e.moves_left),
        (Outcome::Win, Some(to)) => format!("W{}→{}", e.moves_left, compact(to)),
        (Outcome::Win, None) => "W0".to_string(),
    };
    GridCell {
        text,
        lost: e.outcome == Outcome::Lose,
    }
}

/// The table of `entries`, every position reachable from `start`; with
/// `losing`, the entries are the lost positions alone.
pub fn table(start: &Position, game: &Nim, entries: &[Entry], losing: bool) -> Document {
    let title = format!(
        "Every position reachable from {} ({}), rows in ascending order.",
        position(start),
        game.describe(start.len())
    );
    let lost = entries
        .iter()
        .filter(|e| e.outcome == Outcome::Lose)
        .count();
    let start_step = Step::framed(
        Frame::BARE,
        "The start",
        vec![board::for_game(start, game, None)],
    );
    let mut steps = match losing {
        true => vec![
            Step::framed(
                Frame::LEAD,
                "Legend",
                vec![Block::sentence(
                    "Only the lost positions: leave one of these to your opponent.",
                )],
            ),
            Step::framed(
                Frame::BARE,
                "Lost positions",
                vec![Block::Positions {
                    entries: entries
                        .iter()
                        .map(|e| PositionLine {
                            position: compact(&e.position),
                            cell: None,
                            lost: true,
                        })
                        .collect(),
                }],
            ),
            Step::framed(
                Frame::CLOSING,
                "Count",
                vec![Block::sentence(format!("{} positions.", entries.len()))],
            ),
        ],
        false => {
            let mut steps = vec![Step::framed(
                Frame::LEAD,
                "Legend",
                vec![
                    Block::sentence(
                        "W5→0,4,5: the player to move wins, 5 moves are left with best play, and the move is to 0 4 5.",
                    ),
                    Block::sentence("L4: the player to move loses, and can hold out for 4 moves."),
                ],
            )];
            match start.len() {
                3 => steps.extend(grids(entries)),
                _ => steps.push(Step::framed(
                    Frame::BARE,
                    "Positions",
                    vec![Block::Positions {
                        entries: entries
                            .iter()
                            .map(|e| PositionLine {
                                position: compact(&e.position),
                                cell: Some(cell(e)),
                                lost: e.outcome == Outcome::Lose,
                            })
                            .collect(),
                    }],
                )),
            }
            steps.push(Step::framed(
                Frame::CLOSING,
                "Count",
                vec![Block::sentence(format!(
                    "{} positions, {lost} of them lost.",
                    entries.len()
                ))],
            ));
            steps
        }
    };
    // The start, drawn, under the legend.
    steps.insert(1, start_step);
    Document { title, steps }
}

/// For three rows: one grid per size of the smallest row, the middle row
/// down the side and the largest across the top.
fn grids(entries: &[Entry]) -> Vec<Step> {
    let mut by_smallest: BTreeMap<u64, Vec<&Entry>> = BTreeMap::new();
    for e in entries {
        by_smallest.entry(e.position[0]).or_default().push(e);
    }
    by_smallest
        .into_iter()
        .map(|(a, here)| {
            let middles: BTreeSet<u64> = here.iter().map(|e| e.position[1]).collect();
            let columns: Vec<u64> = here
                .iter()
                .map(|e| e.position[2])
                .collect::<BTreeSet<u64>>()
                .into_iter()
                .collect();
            let at: BTreeMap<(u64, u64), &Entry> = here
                .iter()
                .map(|e| ((e.position[1], e.position[2]), *e))
                .collect();
            let rows = middles
                .into_iter()
                .map(|b| GridRow {
                    size: b,
                    cells: columns
                        .iter()
                        .map(|&c| at.get(&(b, c)).map(|e| cell(e)))
                        .collect(),
                })
                .collect();
            Step::aside(
                &format!("Smallest row {a} (middle row down, largest row across)"),
                vec![Block::Grid(Grid { columns, rows })],
            )
        })
        .collect()
}

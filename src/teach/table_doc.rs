//! The table of positions as a document: a legend, then a grid for each
//! size of the smallest row when there are three rows, or a list.

use std::collections::{BTreeMap, BTreeSet};

use super::board;
use super::document::{Block, Document, Frame, Grid, GridCell, GridRow, PositionLine, Step};
use super::table::Entry;
use super::words::{count, position};
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
                vec![Block::sentence(match entries.len() {
                    0 => "No position here is lost.".to_string(),
                    n => format!("{}.", count(n as u64, "position")),
                })],
            ),
        ],
        false => {
            let mut steps = vec![Step::framed(Frame::LEAD, "Legend", legend(start, entries))];
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
            let counted = match (entries.len(), lost) {
                (0, _) => format!(
                    "No move can be made from {}: the game is over before it starts.",
                    position(start)
                ),
                (1, 1) => "1 position, and it is lost.".to_string(),
                (1, _) => "1 position, and it is won.".to_string(),
                (n, _) => format!("{n} positions, {lost} of them lost."),
            };
            steps.push(Step::framed(
                Frame::CLOSING,
                "Count",
                vec![Block::sentence(counted)],
            ));
            steps
        }
    };
    // The start, drawn, under the legend.
    steps.insert(1, start_step);
    Document { title, steps }
}

/// How to read a cell, with examples from this table: the won position
/// and the lost one that last longest with best play (the start first,
/// when it is one of them).
fn legend(start: &Position, entries: &[Entry]) -> Vec<Block> {
    let mut sorted = start.piles().to_vec();
    sorted.sort_unstable();
    let example = |outcome: Outcome| {
        entries
            .iter()
            .filter(|e| e.outcome == outcome && (outcome == Outcome::Lose || e.to.is_some()))
            .max_by_key(|e| (e.position == sorted, e.moves_left))
    };
    let moves = |n: u64| count(n, "move");
    let mut said = Vec::new();
    if let Some(won) = example(Outcome::Win) {
        let to: Vec<u64> = won.to.clone().unwrap_or_default();
        let left = match won.moves_left {
            1 => "1 move is left".to_string(),
            n => format!("{n} moves are left"),
        };
        said.push(Block::sentence(format!(
            "{}: the player to move wins, {left} with best play, and the move is to {}.",
            cell(won).text,
            position(&Position::new(to))
        )));
    }
    if let Some(lost) = example(Outcome::Lose) {
        said.push(Block::sentence(format!(
            "{}: the player to move loses, and can hold out for {}.",
            cell(lost).text,
            moves(lost.moves_left)
        )));
    }
    if said.is_empty() {
        said.push(Block::sentence(
            "There is no move to make, so the table has no positions to show.",
        ));
    }
    said
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::Rule;
    use crate::teach::table::table as entries_of;

    /// The legend's sentences and the count, for the table from `rows`.
    fn said(rows: &[u64]) -> (Vec<String>, Vec<String>, String) {
        let start = Position::new(rows.to_vec());
        let game = Nim::new(Rule::Misere);
        let entries = entries_of(&start, &game).unwrap();
        let doc = table(&start, &game, &entries, false);
        let cells = entries.iter().map(|e| cell(e).text).collect();
        let count = doc.steps.last().unwrap().lines().join(" ");
        (doc.steps[0].lines(), cells, count)
    }

    #[test]
    fn the_legend_reads_cells_of_the_table_shown() {
        for rows in [&[3, 5, 7][..], &[1, 1, 6], &[2, 2], &[4]] {
            let (legend, cells, _) = said(rows);
            assert!(!legend.is_empty());
            for line in &legend {
                let (example, _) = line.split_once(':').unwrap();
                assert!(cells.iter().any(|c| c == example), "{rows:?}: {line}");
            }
        }
        // The start itself, when it is won.
        assert!(said(&[1, 1, 6]).0[0].starts_with("W4→1,1,1: "));
    }

    #[test]
    fn a_table_with_one_position_or_none_is_counted_in_words() {
        assert_eq!(said(&[1]).2, "1 position, and it is lost.");
        let (legend, cells, count) = said(&[0]);
        assert!(cells.is_empty());
        assert_eq!(
            legend,
            ["There is no move to make, so the table has no positions to show."]
        );
        assert_eq!(
            count,
            "No move can be made from 0: the game is over before it starts."
        );
    }
}

//! The table of positions as text (a grid per smallest row, for three rows),
//! Markdown or JSON.

use std::collections::BTreeSet;
use std::fmt::Write;

use colored::Colorize;
use serde::Serialize;

use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::teach::table::Entry;

/// Rows as "0,4,5".
fn compact(rows: &[u64]) -> String {
    rows.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One cell: "L4" or "W5→0,4,5".
fn cell(e: &Entry) -> String {
    match (e.outcome, &e.to) {
        (Outcome::Lose, _) => format!("L{}", e.moves_left),
        (Outcome::Win, Some(to)) => format!("W{}→{}", e.moves_left, compact(to)),
        (Outcome::Win, None) => "W0".to_string(),
    }
}

fn paint(text: String, outcome: Outcome, color: bool) -> String {
    match (color, outcome) {
        (false, _) => text,
        (true, Outcome::Win) => text.green().to_string(),
        (true, Outcome::Lose) => text.red().bold().to_string(),
    }
}

/// The table for a screen.
pub fn text(start: &Position, game: &Game, entries: &[Entry], losing: bool, color: bool) -> String {
    let mut out = format!(
        "Every position reachable from {start} ({}), rows in ascending order.\n",
        game.describe()
    );
    if losing {
        let _ = writeln!(
            out,
            "Only the lost positions: leave one of these to your opponent.\n"
        );
        for e in entries {
            let _ = writeln!(out, "  {}", paint(compact(&e.position), e.outcome, color));
        }
        let _ = writeln!(out, "\n{} positions.", entries.len());
        return out;
    }
    out += "W5→0,4,5: the player to move wins, 5 moves are left with best play, and the move is to 0 4 5.\nL4: the player to move loses, and can hold out for 4 moves.\n";
    match start.len() {
        3 => grids(&mut out, entries, color),
        _ => list(&mut out, entries, color),
    }
    let lost = entries
        .iter()
        .filter(|e| e.outcome == Outcome::Lose)
        .count();
    let _ = writeln!(out, "\n{} positions, {lost} of them lost.", entries.len());
    out
}

/// A plain list, one position a line.
fn list(out: &mut String, entries: &[Entry], color: bool) {
    let width = entries
        .iter()
        .map(|e| compact(&e.position).len())
        .max()
        .unwrap_or(0);
    out.push('\n');
    for e in entries {
        let _ = writeln!(
            out,
            "  {:<width$}  {}",
            compact(&e.position),
            paint(cell(e), e.outcome, color)
        );
    }
}

/// For three rows: one grid per size of the smallest row, the middle row
/// down the side and the largest across the top.
fn grids(out: &mut String, entries: &[Entry], color: bool) {
    let smallest: BTreeSet<u64> = entries.iter().map(|e| e.position[0]).collect();
    for a in smallest {
        let here: Vec<&Entry> = entries.iter().filter(|e| e.position[0] == a).collect();
        let middles: BTreeSet<u64> = here.iter().map(|e| e.position[1]).collect();
        let largest: BTreeSet<u64> = here.iter().map(|e| e.position[2]).collect();
        let width = here
            .iter()
            .map(|e| cell(e).chars().count())
            .max()
            .unwrap_or(1)
            .max(3);
        let _ = writeln!(
            out,
            "\nSmallest row {a} (middle row down, largest row across)"
        );
        let mut header = format!("  {:>4} ", "");
        for c in &largest {
            let _ = write!(header, " {c:<width$}");
        }
        let _ = writeln!(out, "{}", header.trim_end());
        for b in middles {
            let mut line = format!("  {b:>4} ");
            for c in &largest {
                let found = here
                    .iter()
                    .find(|e| e.position[1] == b && e.position[2] == *c);
                let text = match found {
                    Some(e) => {
                        let text = format!("{:<width$}", cell(e));
                        paint(text, e.outcome, color)
                    }
                    None => format!("{:<width$}", "·"),
                };
                let _ = write!(line, " {text}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
}

/// The table as a Markdown handout.
pub fn markdown(start: &Position, game: &Game, entries: &[Entry], losing: bool) -> String {
    let mut out = format!(
        "# Positions reachable from {start}\n\n*Rule: {}.*\n\n",
        game.describe()
    );
    if losing {
        out += "The lost positions: leave one of these to your opponent.\n\n";
        for e in entries {
            let _ = writeln!(out, "- {}", compact(&e.position));
        }
        return out;
    }
    out += "| Position | Outcome | Best move to | Moves left |\n|---|---|---|---:|\n";
    for e in entries {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            compact(&e.position),
            e.outcome,
            e.to.as_deref()
                .map(compact)
                .unwrap_or_else(|| "no move".to_string()),
            e.moves_left
        );
    }
    out
}

#[derive(Serialize)]
struct EntryJson<'a> {
    position: &'a [u64],
    outcome: &'static str,
    to: Option<&'a [u64]>,
    moves_left: u64,
}

/// The table as a JSON array.
pub fn json(entries: &[Entry]) -> String {
    let rows: Vec<EntryJson> = entries
        .iter()
        .map(|e| EntryJson {
            position: &e.position,
            outcome: e.outcome.name(),
            to: e.to.as_deref(),
            moves_left: e.moves_left,
        })
        .collect();
    serde_json::to_string(&rows).expect("plain data always serialises") + "\n"
}

//! A Markdown handout: the same steps as the text output, as headings,
//! tables and lists that print well.

use std::fmt::Write;

use super::{sticks, words};
use crate::analysis::Analysis;
use crate::grouping::Grouping;
use crate::lesson::{Block, Lesson};
use crate::verdict::Judgement;

/// The explanation of a position as a handout.
pub fn explain(a: &Analysis, xor: bool) -> String {
    let g = &a.grouping;
    let mut out = format!(
        "# Matchsticks: {}\n\n*Rule: {}.*\n\n",
        a.position,
        a.rule().describe()
    );
    if a.position.is_over() {
        out += &list(&words::verdict(g));
        return out;
    }
    out += "## 1. Make groups in every row\n\n";
    out +=
        "Join two groups of the same size until every group in the row has a different size.\n\n";
    out += "| Row | Sticks | Groups | How |\n|---:|---:|---|---|\n";
    for (i, row) in g.rows.iter().enumerate() {
        let how = row.joins.as_deref().map(words::joins).unwrap_or_default();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {how} |",
            i + 1,
            row.sticks,
            words::sum(&row.groups)
        );
    }
    out += "\n## 2. Pair off groups of the same size\n\n";
    out += "| Group size | Groups | Pairs | Without a partner |\n|---:|---:|---:|---|\n";
    for t in &g.tally {
        let alone = if t.unpaired() { "**yes**" } else { "no" };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {alone} |",
            t.size,
            t.count,
            t.pairs()
        );
    }
    out += "\n## 3. Is any group left without a partner?\n\n";
    out += &list(&words::verdict(g));
    out += "\n## 4. The move\n\n";
    out += &list(&words::plan(g, &a.position));
    if xor {
        out += "\n## The same in binary\n\n";
        out += "A 1 in a column means the row has a group of that size.\n\n";
        let top = a
            .position
            .piles()
            .iter()
            .map(|&p| 64 - p.leading_zeros())
            .max()
            .unwrap_or(1)
            .max(1);
        let _ = writeln!(out, "| Row | Sticks | Binary |\n|---:|---:|---:|");
        for (i, &p) in a.position.piles().iter().enumerate() {
            let _ = writeln!(out, "| {} | {p} | `{p:0w$b}` |", i + 1, w = top as usize);
        }
        let _ = writeln!(
            out,
            "| nim-sum | {n} | `{n:0w$b}` |",
            n = a.nim_sum,
            w = top as usize
        );
    }
    let _ = write!(
        out,
        "\n## Winning moves\n\n{}.\n",
        capitalised(&words::moves(&a.winning_moves))
    );
    if let Some(s) = a.searched {
        let _ = writeln!(
            out,
            "\nA search through every possible game says: {}, with {} left under best play.",
            s.outcome,
            words::count(s.moves_left, "move")
        );
    }
    out
}

/// A lesson as a printable handout. The answers are gathered at the end so
/// the questions can be tried first.
pub fn lesson(lesson: &Lesson) -> Result<String, crate::brute_force::TooBig> {
    let mut out = format!("# {}\n\n", lesson.title);
    if let Some(summary) = &lesson.summary {
        let _ = write!(out, "*{summary}*\n\n");
    }
    let mut answers = String::new();
    let mut number = 0;
    for block in &lesson.blocks {
        match block {
            Block::Text(paragraph) => {
                let _ = write!(out, "{paragraph}\n\n");
            }
            Block::Pause => {}
            Block::Show(setup) => {
                let _ = write!(
                    out,
                    "```text\n{}```\n\n",
                    sticks::plain_rows(&setup.position)
                );
            }
            Block::Explain(setup) => {
                let analysis = Analysis::new(setup.position.clone(), setup.rule, false)?;
                // One heading level down, so the lesson's title stays on top.
                for line in explain(&analysis, setup.xor).lines() {
                    let _ = match line.starts_with('#') {
                        true => writeln!(out, "#{line}"),
                        false => writeln!(out, "{line}"),
                    };
                }
                out.push('\n');
            }
            Block::Question(q) => {
                number += 1;
                let _ = write!(
                    out,
                    "## Question {number}\n\nRows: **{}** ({}).\n\n```text\n{}```\n\n{}\n\n",
                    q.setup.position,
                    q.setup.rule.describe(),
                    sticks::plain_rows(&q.setup.position),
                    q.ask.as_deref().unwrap_or("Your move: what do you take?"),
                );
                for (i, hint) in q.hints.iter().enumerate() {
                    let _ = writeln!(out, "- Hint {}: {hint}", i + 1);
                }
                if !q.hints.is_empty() {
                    out.push('\n');
                }
                let grouping = Grouping::new(&q.setup.position, q.setup.rule);
                let _ = write!(
                    answers,
                    "### Question {number}\n\n{}\n\n{}\n\n",
                    capitalised(&words::answer(&grouping)),
                    q.answer
                );
            }
        }
    }
    if !answers.is_empty() {
        let _ = write!(out, "## Answers\n\n{answers}");
    }
    Ok(out.trim_end().to_string() + "\n")
}

/// The text with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A bulleted list.
fn list(lines: &[String]) -> String {
    lines.iter().map(|l| format!("- {l}\n")).collect()
}

/// The verdict on a move as a short handout section.
pub fn check(j: &Judgement) -> String {
    let mut out = format!(
        "# Checking a move: {} → {}\n\n{}.\n\n**{}**: {}\n\n",
        j.position,
        j.to,
        capitalised(&j.mv.to_string()),
        j.verdict.name(),
        words::reason(j)
    );
    out += &list(&words::check_details(j));
    out
}

//! A Markdown handout: the same steps as the text output, as headings,
//! tables and lists that print well.

use std::fmt::Write;

use super::{sticks, take_words, words};
use crate::lesson::{Block, Lesson};
use crate::rules::outcome::Outcome;
use crate::solve::grouping::split;
use crate::solve::nim_sum::binary_width;
use crate::teach::analysis::{Analysis, Extras, Method};
use crate::teach::verdict::Judgement;

/// The explanation of a position as a handout.
pub fn explain(a: &Analysis, xor: bool) -> String {
    let mut out = format!(
        "# Matchsticks: {}\n\n*Rule: {}.*\n\n",
        a.position,
        a.game.describe()
    );
    let g = match &a.method {
        Method::Grouping(g) => g,
        Method::OneRow { pile, pattern } => {
            let n = a.position.piles()[*pile];
            out += "## 1. Work upward from an empty row\n\n";
            out += "A count is lost (L) when every move leads to a won count (W), and won when some move leads to a lost one.\n\n";
            out += &value_strip(pattern.period() + pattern.start(), |n| {
                match pattern.outcome(n) {
                    Outcome::Lose => "L".to_string(),
                    Outcome::Win => "W".to_string(),
                }
            });
            out += "\n## 2. The pattern\n\n";
            out += &list(&take_words::pattern_rule(pattern));
            out += "\n## 3. This row\n\n";
            out += &list(&[take_words::one_row_verdict(a, n, pattern)]);
            out += "\n## 4. The move\n\n";
            out += &list(&take_words::one_row_plan(a, pattern));
            return out + &closing(a);
        }
        Method::Grundy { grundy, pairing } => {
            out += "## 1. What each row is worth\n\n";
            out += "In normal play a row acts like a Nim row of its Grundy value: the smallest number that none of its moves lead to.\n\n";
            out += &value_strip(grundy.period() + grundy.start(), |n| {
                grundy.of(n).to_string()
            });
            out += "\n";
            out += &list(&take_words::grundy_rows(a, pairing));
            out += "\n## 2. Is any group left without a partner?\n\n";
            out += &list(&words::verdict(pairing));
            out += "\n## 3. The move\n\n";
            out += &list(&take_words::grundy_plan(a, pairing));
            return out + &closing(a);
        }
        Method::Searched => {
            out += &list(&take_words::searched(a));
            return out + &closing(a);
        }
    };
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
    for run in words::runs(&g.tally, |t| t.count) {
        let alone = if run[0].unpaired() { "**yes**" } else { "no" };
        let (sizes, each) = match run.len() >= words::SHORTEST_MERGED_RUN {
            true => (
                format!(
                    "{} down to {} ({} sizes)",
                    run[0].size,
                    run[run.len() - 1].size,
                    run.len()
                ),
                " each",
            ),
            false => (run[0].size.to_string(), ""),
        };
        for t in if each.is_empty() { run } else { &run[..1] } {
            let sizes = if each.is_empty() {
                t.size.to_string()
            } else {
                sizes.clone()
            };
            let _ = writeln!(
                out,
                "| {sizes} | {}{each} | {}{each} | {alone} |",
                t.count,
                t.pairs()
            );
        }
    }
    out += "\n## 3. Is any group left without a partner?\n\n";
    out += &list(&words::verdict(g));
    out += "\n## 4. The move\n\n";
    out += &list(&words::plan(g, &a.position));
    if xor {
        out += "\n## The same in binary\n\n";
        out += "A 1 in a column means the row has a group of that size.\n\n";
        let top = binary_width(a.position.piles());
        let _ = writeln!(
            out,
            "| Row | Sticks | Binary | Groups |\n|---:|---:|---:|---|"
        );
        for (i, &p) in a.position.piles().iter().enumerate() {
            let _ = writeln!(
                out,
                "| {} | {p} | `{p:0w$b}` | {} |",
                i + 1,
                words::sum(&split(p)),
                w = top as usize
            );
        }
        let n = a.nim_sum().unwrap_or(0);
        let _ = writeln!(
            out,
            "| nim-sum | {n} | `{n:0w$b}` | {} |",
            match n {
                0 => "all paired".to_string(),
                n => format!("unpaired: {}", words::sum(&split(n))),
            },
            w = top as usize
        );
    }
    out + &closing(a)
}

/// The winning moves and any extra counts, at the end of a handout.
fn closing(a: &Analysis) -> String {
    let mut out = format!(
        "\n## Winning moves\n\n{}.\n",
        capitalised(&words::moves(&a.winning_moves))
    );
    if let (Some(s), false) = (a.searched, matches!(a.method, Method::Searched)) {
        let _ = writeln!(
            out,
            "\nA search through every possible game says: {}, with {} left under best play.",
            s.outcome,
            words::count(s.moves_left, "move")
        );
    }
    if let Some(c) = a.search_counts {
        let _ = writeln!(
            out,
            "\n| Search | Calls |\n|---|---:|\n| plain | {} |\n| remembering | {} |",
            c.plain_calls, c.remembered_calls
        );
    }
    out
}

/// A table of row sizes 0, 1, 2, … and a value for each.
fn value_strip(upto: u64, value: impl Fn(u64) -> String) -> String {
    let upto = upto.clamp(12, 30);
    let sizes: Vec<String> = (0..=upto).map(|n| n.to_string()).collect();
    let values: Vec<String> = (0..=upto).map(value).collect();
    format!(
        "| sticks | {} |\n|---|{}\n| value | {} |\n",
        sizes.join(" | "),
        "---|".repeat(sizes.len()),
        values.join(" | ")
    )
}

/// A lesson as a printable handout. The answers are gathered at the end so
/// the questions can be tried first.
pub fn lesson(lesson: &Lesson) -> Result<String, crate::teach::analysis::AnalysisError> {
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
                let analysis = Analysis::new(
                    setup.position.clone(),
                    setup.game.clone(),
                    Extras::default(),
                )?;
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
                    q.setup.game.describe(),
                    sticks::plain_rows(&q.setup.position),
                    q.ask.as_deref().unwrap_or("Your move: what do you take?"),
                );
                for (i, hint) in q.hints.iter().enumerate() {
                    let _ = writeln!(out, "- Hint {}: {hint}", i + 1);
                }
                if !q.hints.is_empty() {
                    out.push('\n');
                }
                let analysis = Analysis::new(
                    q.setup.position.clone(),
                    q.setup.game.clone(),
                    Extras::default(),
                )?;
                let _ = write!(
                    answers,
                    "### Question {number}\n\n{}\n\n{}\n\n",
                    capitalised(&words::answer(&analysis)),
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

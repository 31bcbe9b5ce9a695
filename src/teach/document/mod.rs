//! An explanation as data: a title and numbered steps, each a list of
//! blocks (sentences, drawn rows, tallies, strips, moves, binary columns).
//!
//! The teaching builders decide every word and number once and put them
//! here; the layouts in `render/` (text, Markdown, JSON, HTML) only place
//! the blocks. So the screen, a handout and the web page can never say
//! different things about the same position. This folder, with the
//! drawings its blocks hold (`drawn_bar.rs`), is all a layout reads of
//! `teach`.

use serde::Serialize;

pub(crate) mod drawn_bar;

use self::drawn_bar::DrawnBar;
use super::words::{capitalised, move_at, transition};
use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::position::Position;
use crate::solve::nim_sum::binary_width;

/// Rows with more sticks than this are never drawn: a layout shows their
/// stand-in, and builders need not list their groups stick by stick.
pub(crate) const MOST_STICKS_DRAWN: u64 = 40;

/// A whole explanation: what it is about, and its steps in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Document {
    /// The first line: "3 5 7 (misère: whoever takes the last stick loses)".
    pub title: String,
    /// The steps, in the order they are shown.
    pub steps: Vec<Step>,
}

impl Document {
    /// The verdict's words, "Mistake: your opponent can …", when the
    /// document has a verdict: what a pupil who asks why is told again.
    pub(crate) fn reason(&self) -> Option<String> {
        let mut blocks = self.steps.iter().flat_map(|s| &s.blocks);
        blocks.find_map(|b| match b {
            Block::Verdict { label, text, .. } => Some(format!("{}: {text}", capitalised(label))),
            _ => None,
        })
    }
}

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The step's number, for the steps of a method ("Step 3.").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// What the step is about: "Pair off groups of the same size".
    pub title: String,
    /// How the step sits on a page.
    #[serde(skip)]
    pub frame: Frame,
    /// What the step gives away, if anything: who wins, or the move. A
    /// page or a lesson can hold it back until a pupil has tried.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveals: Option<Reveal>,
    /// What the step shows, in order.
    pub blocks: Vec<Block>,
}

/// What a step gives away, from less to more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reveal {
    /// Who wins.
    Outcome,
    /// The move to make.
    Move,
}

/// How a step sits among the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Whether the title is shown as a heading ("Step N. Title" when
    /// numbered).
    pub heading: bool,
    /// Whether the blocks are set in from the margin, under the heading.
    pub indent: bool,
    /// Whether a blank line separates the step from what comes before.
    pub gap: bool,
    /// Whether the step starts a new page when printed, behind a divider
    /// on a screen: a worksheet's answer key.
    pub new_page: bool,
}

impl Frame {
    /// A heading, then the blocks set in under it.
    pub(crate) const HEADED: Frame = Frame {
        heading: true,
        indent: true,
        gap: true,
        new_page: false,
    };
    /// No heading; the blocks set in like a step's.
    pub(crate) const BARE: Frame = Frame {
        heading: false,
        indent: true,
        gap: true,
        new_page: false,
    };
    /// No heading, at the margin: a closing summary.
    pub(crate) const CLOSING: Frame = Frame {
        heading: false,
        indent: false,
        gap: true,
        new_page: false,
    };
    /// No heading, at the margin, straight under what comes before.
    pub(crate) const LEAD: Frame = Frame {
        heading: false,
        indent: false,
        gap: false,
        new_page: false,
    };
    /// A heading on a new page, the blocks at the margin: an answer key
    /// kept apart from the questions.
    pub(crate) const NEW_PAGE: Frame = Frame {
        heading: true,
        indent: false,
        gap: true,
        new_page: true,
    };
    /// No heading, set in, straight under what comes before.
    pub(crate) const FOLLOW: Frame = Frame {
        heading: false,
        indent: true,
        gap: false,
        new_page: false,
    };
}

impl Step {
    /// A numbered step of a method.
    pub(crate) fn numbered(number: u32, title: &str, blocks: Vec<Block>) -> Step {
        Step {
            number: Some(number),
            title: title.to_string(),
            frame: Frame::HEADED,
            reveals: None,
            blocks,
        }
    }

    /// The same step, marked as giving `what` away.
    pub(crate) fn revealing(self, what: Reveal) -> Step {
        Step {
            reveals: Some(what),
            ..self
        }
    }

    /// A step with a heading but no number: an aside such as the XOR view.
    pub(crate) fn aside(title: &str, blocks: Vec<Block>) -> Step {
        Step::framed(Frame::HEADED, title, blocks)
    }

    /// A step in the given frame, without a number.
    pub(crate) fn framed(frame: Frame, title: &str, blocks: Vec<Block>) -> Step {
        Step {
            number: None,
            title: title.to_string(),
            frame,
            reveals: None,
            blocks,
        }
    }

    /// The step's sentences as plain text, in order: what a reader hears.
    pub fn lines(&self) -> Vec<String> {
        self.blocks.iter().flat_map(Block::lines).collect()
    }

    /// The heading as shown: "Step 2. Pair off groups" or the title alone.
    pub(crate) fn heading(&self) -> String {
        match self.number {
            Some(n) => format!("Step {n}. {}", self.title),
            None => self.title.clone(),
        }
    }
}

/// One thing a step shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    /// A sentence.
    Sentence {
        /// The words.
        text: String,
    },
    /// A longer remark, wrapped to fit.
    Note {
        /// The words.
        text: String,
    },
    /// A command to type, on a line of its own so it can be copied whole:
    /// "matchsticks play 21 --take 1-3 --seed 7".
    Command {
        /// The command.
        text: String,
    },
    /// Rows of sticks drawn in their groups.
    Rows {
        /// The rows, top to bottom.
        rows: Vec<DrawnRow>,
    },
    /// How many groups of each size there are, and how many are paired.
    Tally {
        /// One line per size, or per run of sizes with the same count.
        lines: Vec<TallyLine>,
    },
    /// Groups of the same size drawn side by side in pairs, across all
    /// rows, and the groups left without a partner marked.
    Pairs {
        /// One line per group size, largest first.
        sizes: Vec<PairLine>,
    },
    /// Row sizes 0, 1, 2, … with a value under each: won and lost counts,
    /// or what each row is worth.
    Strip(Strip),
    /// A move, with the position before and after.
    Move(MoveBlock),
    /// The rows in binary, one column per group size.
    Binary(BinaryView),
    /// The verdict on a move.
    Verdict {
        /// `good`, `mistake` or `lost-anyway`.
        verdict: &'static str,
        /// A mark that carries the verdict without colour: ✓, ✗ or ○.
        mark: &'static str,
        /// The verdict in words: "good", "mistake", "lost anyway".
        label: &'static str,
        /// Why.
        text: String,
    },
    /// A small table of words: a header and rows.
    Columns {
        /// The column headings.
        header: Vec<String>,
        /// The rows, each as long as the header.
        rows: Vec<Vec<String>>,
    },
    /// Positions set out as a grid: the table of positions for three rows.
    Grid(Grid),
    /// Positions listed one a line, each with what is known of it.
    Positions {
        /// The positions, in order.
        entries: Vec<PositionLine>,
    },
    /// A whole explanation inside another document, as in a lesson
    /// handout.
    Document(Box<Document>),
    /// A chocolate bar of Chomp, a bite marked on it or not.
    Bar(DrawnBar),
}

impl Block {
    /// A sentence.
    pub(crate) fn sentence(text: impl Into<String>) -> Block {
        Block::Sentence { text: text.into() }
    }

    /// A longer remark, wrapped to fit.
    pub fn note(text: impl Into<String>) -> Block {
        Block::Note { text: text.into() }
    }

    /// A move from one row or several, with its words.
    pub(crate) fn move_with_text(
        from: &Position,
        mv: &MultiMove,
        to: &Position,
        wins: bool,
        text: String,
    ) -> Block {
        Block::Move(MoveBlock {
            parts: mv
                .parts()
                .iter()
                .map(|p| MovePart {
                    row: p.row(),
                    take: p.take,
                })
                .collect(),
            from: from.piles().to_vec(),
            to: to.piles().to_vec(),
            wins,
            text,
        })
    }

    /// A legal move in `game`, told as "Label: take 1 from row 1 (3 5 7 →
    /// 2 5 7).".
    pub(crate) fn labelled_move(
        position: &Position,
        game: &Nim,
        mv: &MultiMove,
        wins: bool,
        label: &str,
    ) -> Block {
        Block::told_move(position, game, mv, wins, label, &move_at(mv, position))
    }

    /// The same, with the move told in `words` (Moore's Nim tells a move
    /// from several rows more briefly).
    pub(crate) fn told_move(
        position: &Position,
        game: &Nim,
        mv: &MultiMove,
        wins: bool,
        label: &str,
        words: &str,
    ) -> Block {
        let to = position
            .play_multi(mv, game)
            .expect("a recommended move is legal");
        let text = format!("{label}: {words} ({}).", transition(position, &to));
        Block::move_with_text(position, mv, &to, wins, text)
    }

    /// The block's sentences as plain text. Drawings, grids and binary
    /// columns have none: they are pictures, and their words are in the
    /// sentences around them.
    pub(crate) fn lines(&self) -> Vec<String> {
        match self {
            Block::Sentence { text } | Block::Note { text } | Block::Command { text } => {
                vec![text.clone()]
            }
            Block::Rows { rows } => rows
                .iter()
                .flat_map(|r| std::iter::once(r.text.clone()).chain(r.detail.clone()))
                .filter(|line| !line.is_empty())
                .collect(),
            Block::Tally { lines } => lines.iter().map(|l| l.text.clone()).collect(),
            Block::Pairs { sizes } => sizes.iter().map(|l| l.text.clone()).collect(),
            Block::Move(m) => vec![m.text.clone()],
            Block::Verdict { label, text, .. } => vec![format!("{label}: {text}")],
            // A bar is a picture; its words are in the sentences around it.
            Block::Bar(_) => Vec::new(),
            Block::Strip(_)
            | Block::Binary(_)
            | Block::Columns { .. }
            | Block::Grid(_)
            | Block::Positions { .. }
            | Block::Document(_) => Vec::new(),
        }
    }
}

/// A row of sticks to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawnRow {
    /// "row 1".
    pub label: String,
    /// How many sticks the row has.
    pub sticks: u64,
    /// Its groups, largest first, to draw set apart; empty to draw the
    /// sticks plainly, side by side.
    pub groups: Vec<u64>,
    /// What stands in for the sticks when they are too many to draw.
    pub stand_in: String,
    /// The words beside the drawing: "7 = 4 + 2 + 1", or just "7".
    pub text: String,
    /// A line under the row, such as how its groups were made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// How the groups were made, stage by stage, for a drawing under the
    /// row: first the single sticks, then each round of joining, each stage
    /// its groups largest first. Empty when not drawn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<Vec<u64>>,
}

/// One line of a tally of group sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TallyLine {
    /// The group sizes this line is about, largest first: one size, or a
    /// run of sizes that all have the same count.
    pub sizes: Vec<u64>,
    /// How many groups of each of those sizes there are, over all rows.
    pub count: u64,
    /// How many complete sets (pairs) they make.
    pub sets: u64,
    /// How many are left without a partner.
    pub left: u64,
    /// The line in words: "two groups of 4: 1 pair".
    pub text: String,
}

/// The groups of one size, drawn in pairs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairLine {
    /// The size of every group on the line.
    pub size: u64,
    /// The pairs drawn, each as the two rows (from 1) its groups are in.
    /// A long list is cut short; `text` says how many more there are.
    pub pairs: Vec<[usize; 2]>,
    /// The row (from 1) of the group left without a partner, if one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alone: Option<usize>,
    /// What stands before the drawing: "groups of 4".
    pub label: String,
    /// The words after it: "rows 2 and 3; row 1: no partner".
    pub text: String,
}

/// Row sizes with a value under each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Strip {
    /// The label of the top line: "sticks".
    pub top: String,
    /// The label of the line of values: "outcome" or "value".
    pub label: String,
    /// The cells, from 0 sticks upward.
    pub cells: Vec<StripCell>,
}

/// One cell of a strip.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StripCell {
    /// The row size.
    pub sticks: u64,
    /// The value shown under it: "W", "L", or a number.
    pub value: String,
    /// Whether this count is lost for the player to move (or worth 0).
    pub lost: bool,
}

/// A move shown in an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveBlock {
    /// The rows it takes from and how many from each, rows counted from 1.
    pub parts: Vec<MovePart>,
    /// The rows before the move.
    pub from: Vec<u64>,
    /// The rows after it.
    pub to: Vec<u64>,
    /// Whether it wins (a best try on a lost position does not).
    pub wins: bool,
    /// The move in words.
    pub text: String,
}

/// Sticks taken from one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MovePart {
    /// The row, from 1.
    pub row: usize,
    /// How many sticks.
    pub take: u64,
}

/// The rows in binary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BinaryView {
    /// The group size of each column, largest first.
    pub sizes: Vec<u64>,
    /// The column headings: "4", "2", "1", or "2^20" for big sizes.
    pub headings: Vec<String>,
    /// One line per row, then the nim-sum.
    pub rows: Vec<BinaryRow>,
}

impl BinaryView {
    /// A view of `piles` with one column per group size up to the biggest,
    /// largest first, and no lines yet.
    pub(crate) fn columns(piles: &[u64]) -> BinaryView {
        let sizes: Vec<u64> = (0..binary_width(piles))
            .rev()
            .map(|bit| 1u64 << bit)
            .collect();
        let headings = sizes
            .iter()
            .map(|&s| match s {
                0..=9999 => s.to_string(),
                _ => format!("2^{}", s.trailing_zeros()),
            })
            .collect();
        BinaryView {
            sizes,
            headings,
            rows: Vec::new(),
        }
    }

    /// A line for each of the first `most` rows, "row 1", "row 2", …, each
    /// with the words `groups` gives its count of sticks.
    pub(crate) fn row_lines(
        &self,
        piles: &[u64],
        most: usize,
        groups: impl Fn(u64) -> String,
    ) -> Vec<BinaryRow> {
        piles
            .iter()
            .take(most)
            .enumerate()
            .map(|(i, &p)| self.line(format!("row {}", i + 1), p, groups(p)))
            .collect()
    }

    /// A line for the view: `value` written in its columns.
    pub(crate) fn line(&self, label: String, value: u64, text: String) -> BinaryRow {
        BinaryRow {
            label,
            value,
            digits: self
                .sizes
                .iter()
                .map(|s| u8::from(value & s != 0))
                .collect(),
            text,
        }
    }
}

/// One line of the binary view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BinaryRow {
    /// "row 1" or "nim-sum".
    pub label: String,
    /// The number written in binary.
    pub value: u64,
    /// Its digits, one per column.
    pub digits: Vec<u8>,
    /// The words after the digits: "groups 4 + 2", "unpaired 4".
    pub text: String,
}

/// A grid of positions: one fixed row size, a second down the side and a
/// third across the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grid {
    /// The sizes across the top.
    pub columns: Vec<u64>,
    /// The lines of the grid, each with its size down the side.
    pub rows: Vec<GridRow>,
}

/// One line of a grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GridRow {
    /// The size down the side.
    pub size: u64,
    /// One cell per column; `None` where no position is reachable.
    pub cells: Vec<Option<GridCell>>,
}

/// One position in a grid or a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GridCell {
    /// The cell in short: "W5→0,4,5" or "L4".
    pub text: String,
    /// Whether the position is lost for the player to move.
    pub lost: bool,
}

/// One position of a list, with its cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionLine {
    /// The position, in short: "0,4,5".
    pub position: String,
    /// What is known of it; `None` in a list of positions alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<GridCell>,
    /// Whether the position is lost for the player to move.
    pub lost: bool,
}

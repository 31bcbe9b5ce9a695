//! What a teacher asks a worksheet for, held within its limits: how many
//! questions, how many rows and sticks, the takes and the rule. Every
//! limit is a named constant, and a sheet past one is refused, naming it.

use super::kind::Kind;
use crate::rules::nim::Nim;
use crate::rules::rule::Rule;
use crate::rules::take_set::TakeSet;
use crate::teach::document::MOST_STICKS_DRAWN;

/// The most questions one sheet may hold.
pub const MOST_QUESTIONS: usize = 40;

/// The most rows a position on a sheet may have.
pub const MOST_SHEET_ROWS: usize = 5;

/// The most sticks a row on a sheet may have: every row is drawn, stick
/// by stick, to be crossed out.
pub const MOST_SHEET_STICKS: u64 = MOST_STICKS_DRAWN;

/// The takes of the 21 game, unless told otherwise.
const TWENTY_ONE_TAKES: &str = "1-3";

/// What a worksheet is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What each question asks.
    pub kind: Kind,
    /// How many questions.
    pub count: usize,
    /// The seed the positions are chosen with; the sheet is named by it.
    pub seed: u64,
    /// How many rows each position has; `None` for the kind's own.
    pub rows: Option<usize>,
    /// The most sticks a row may have; `None` for the kind's own.
    pub max_sticks: Option<u64>,
    /// The takes a move may make, for the kinds of one row.
    pub take: Option<TakeSet>,
    /// Misère (the last stick loses) or normal play.
    pub rule: Rule,
}

/// Why a worksheet cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorksheetError {
    /// More questions than a sheet holds, or none.
    #[error("a worksheet has 1 to {MOST_QUESTIONS} questions, not {0}")]
    Count(usize),
    /// More rows than a position on a sheet has, or none.
    #[error("a position on a worksheet has 1 to {MOST_SHEET_ROWS} rows, not {0}")]
    Rows(usize),
    /// The kind has one row to a question.
    #[error("a {0} worksheet has one row to a question, not {1}")]
    OneRow(&'static str, usize),
    /// Rows longer than can be drawn, or empty.
    #[error(
        "the most sticks a row may have on a worksheet is from 1 to {MOST_SHEET_STICKS}, not {0}"
    )]
    Sticks(u64),
    /// A take set where the kind has none.
    #[error(
        "a {0} worksheet allows any take: a take set is for twenty-one and take-set worksheets"
    )]
    TakesNotAllowed(&'static str),
    /// A take-set worksheet without its takes.
    #[error("a take-set worksheet needs the takes a move may make, such as 1,3,4")]
    TakesNeeded,
    /// Fewer different positions fit than were asked for.
    #[error("{}", too_few(*found, *more_rows, *more_sticks))]
    TooFew {
        /// How many were found.
        found: usize,
        /// Whether the sheet's kind and limits allow more rows.
        more_rows: bool,
        /// Whether the limits allow more sticks in a row.
        more_sticks: bool,
    },
}

impl Settings {
    /// The rows of every position: the kind's own unless asked, checked.
    pub(crate) fn rows(&self) -> Result<usize, WorksheetError> {
        let rows = self.rows.unwrap_or(match self.kind {
            Kind::CanYouWin | Kind::WinningMove => 3,
            Kind::MakeGroups | Kind::TwentyOne | Kind::TakeSet => 1,
        });
        match rows {
            0 => Err(WorksheetError::Rows(rows)),
            1 => Ok(1),
            _ if self.kind.one_row() => Err(WorksheetError::OneRow(self.kind.name(), rows)),
            _ if rows > MOST_SHEET_ROWS => Err(WorksheetError::Rows(rows)),
            _ => Ok(rows),
        }
    }

    /// The most sticks a row may have: the kind's own unless asked,
    /// checked.
    pub(crate) fn max_sticks(&self) -> Result<u64, WorksheetError> {
        let most = self.max_sticks.unwrap_or(match self.kind {
            Kind::CanYouWin | Kind::WinningMove => 7,
            Kind::MakeGroups => 15,
            Kind::TwentyOne => 21,
            Kind::TakeSet => 20,
        });
        match most {
            1..=MOST_SHEET_STICKS => Ok(most),
            _ => Err(WorksheetError::Sticks(most)),
        }
    }

    /// How many questions, checked.
    pub(crate) fn count(&self) -> Result<usize, WorksheetError> {
        match self.count {
            1..=MOST_QUESTIONS => Ok(self.count),
            n => Err(WorksheetError::Count(n)),
        }
    }

    /// The game every question is played in.
    pub(crate) fn game(&self) -> Result<Nim, WorksheetError> {
        let takes = match (self.kind, &self.take) {
            (Kind::TwentyOne, None) => {
                TakeSet::parse(TWENTY_ONE_TAKES).expect("the 21 game's takes are a take set")
            }
            (Kind::TakeSet, None) => return Err(WorksheetError::TakesNeeded),
            (Kind::TwentyOne | Kind::TakeSet, Some(takes)) => takes.clone(),
            (kind, Some(_)) => return Err(WorksheetError::TakesNotAllowed(kind.name())),
            (_, None) => TakeSet::Any,
        };
        Ok(Nim::with_takes(self.rule, takes))
    }
}

/// What is said when only `found` different positions fit: fewer
/// questions, or more rows or sticks where the kind and the limits allow
/// them, and only where they do.
fn too_few(found: usize, more_rows: bool, more_sticks: bool) -> String {
    let more = match (more_rows, more_sticks) {
        (true, true) => Some("allow more rows or sticks"),
        (true, false) => Some("allow more rows"),
        (false, true) => Some("allow more sticks in a row"),
        (false, false) => None,
    };
    let fewer = match found {
        1 => "ask for 1 question".to_string(),
        _ => format!("ask for {found} questions or fewer"),
    };
    match (found, more) {
        (0, Some(more)) => format!("no position fits these settings: {more}"),
        (0, None) => "no position fits these settings".to_string(),
        (1, _) => match more {
            Some(more) => format!("only 1 position fits these settings: {fewer}, or {more}"),
            None => format!("only 1 position fits these settings: {fewer}"),
        },
        (_, Some(more)) => {
            format!("only {found} different positions fit these settings: {fewer}, or {more}")
        }
        (_, None) => format!("only {found} different positions fit these settings: {fewer}"),
    }
}

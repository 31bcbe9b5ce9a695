//! Chomp's questions: explain a bar, check a bite. The command line and,
//! later, the classroom page take them from plain words here, so both read
//! the same shapes and bites, refuse them with the same words, and give the
//! same answers.

use super::error::Error;
use crate::render::json;
use crate::rules::bar::{Bar, IllegalBite};
use crate::solve::chomp::ChompSearch;
use crate::teach::chomp::analysis::BarAnalysis;
use crate::teach::chomp::check::{BiteError, BiteJudgement, check as check_document};
use crate::teach::chomp::explain::explain as explain_document;
use crate::teach::chomp::facts;
use crate::teach::chomp::reply::parse_bite;
use crate::teach::document::Document;

/// A bar explained.
#[derive(Clone, Debug)]
pub struct BarExplained {
    /// What was worked out.
    pub analysis: BarAnalysis,
    /// The explanation.
    pub document: Document,
}

/// Explains the bar named by `shape` (`4x5`, `5,5,3` or `5 5 3`), or says
/// why it cannot. A rectangle beyond the search is still explained: the
/// first player wins, though the bite is not known.
pub fn explain<S: AsRef<str>>(shape: &[S]) -> Result<BarExplained, Error> {
    let bar = Bar::parse(shape)?;
    let analysis = BarAnalysis::new(&bar)?;
    let document = explain_document(&analysis);
    Ok(BarExplained { analysis, document })
}

/// A bite checked.
#[derive(Clone, Debug)]
pub struct BiteChecked {
    /// The verdict and what was worked out.
    pub judgement: BiteJudgement,
    /// The explanation of the verdict.
    pub document: Document,
}

/// Why a bite was not checked.
#[derive(Debug)]
pub enum BiteRefused {
    /// The bite names no square of the bar; it was refused before anything
    /// was worked out. `json` is the object `--format json` prints for it.
    Illegal {
        /// Why the bite is illegal.
        illegal: IllegalBite,
        /// The JSON that says so.
        json: String,
    },
    /// Anything else.
    Failed(Error),
}

impl<E: Into<Error>> From<E> for BiteRefused {
    fn from(e: E) -> BiteRefused {
        BiteRefused::Failed(e.into())
    }
}

/// Checks the bite `bite` (`2,3`, `2 3`, `row 2 column 3`) on the bar named
/// by `shape`. The bar is searched once, for the bars before and after.
pub fn check<S: AsRef<str>>(shape: &[S], bite: &str) -> Result<BiteChecked, BiteRefused> {
    let bar = Bar::parse(shape)?;
    let bite = parse_bite(bite)?;
    if let Err(illegal) = bar.bite(bite) {
        let message = Error::IllegalBite(illegal.clone()).to_string();
        let json = json::facts(&facts::illegal(&bar, bite, &message));
        return Err(BiteRefused::Illegal { illegal, json });
    }
    let search = ChompSearch::search(&bar).ok();
    let judgement = match BiteJudgement::new(&bar, bite, search.as_ref()) {
        Ok(judgement) => judgement,
        Err(BiteError::Beyond(beyond)) => return Err(beyond.into()),
        Err(BiteError::Illegal(illegal)) => return Err(Error::IllegalBite(illegal).into()),
    };
    let document = check_document(&judgement);
    Ok(BiteChecked {
        judgement,
        document,
    })
}

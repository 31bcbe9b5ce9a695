//! The games a lesson may be about, listed once: each game's directives
//! and the budget of its searches. Everything else in a lesson, from the
//! format to the runner and the page, is written once for every game
//! against `teach::lesson::InLesson`, and reaches the game a part is
//! about through [`of_game!`], the one place the games are told apart.
//! A new game is a variant here, a line in [`DIRECTIVES`], its budget, and
//! an arm in each match below.

use std::marker::PhantomData;

use super::Question;
use crate::rules::game::Chomp;
use crate::rules::nim::Nim;
use crate::teach::lesson::{Asks, Directive, InLesson, Refused, Setup, Work};
use crate::teach::queried::Queried;

/// Something of one of the games a lesson may be about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfGame<N, C> {
    /// Nim, with any rule, take set and rows per move.
    Nim(N),
    /// Chomp, the poisoned chocolate bar.
    Chomp(C),
}

/// A position of any game, as a lesson presents it.
pub(crate) type AnySetup = OfGame<Setup<Nim>, Setup<Chomp>>;

/// A question about a position of any game.
pub(crate) type AnyQuestion = OfGame<Question<Nim>, Question<Chomp>>;

/// A kind of thing written once for every game, such as a class's task
/// worked out: [`Each`] of them is that thing made for one of the games.
pub(crate) trait Family {
    /// The thing, for the game `G`.
    type Of<G: InLesson + Queried>;
}

/// A thing of `F`'s kind, of any game.
pub(crate) type Each<F> = OfGame<<F as Family>::Of<Nim>, <F as Family>::Of<Chomp>>;

/// A game, named.
pub(crate) type Which = OfGame<PhantomData<Nim>, PhantomData<Chomp>>;

/// Each game by the name a request gives it, as a class's task does
/// (`"game": "chomp"`); the first is the game when none is named.
const NAMES: [(&str, Which); 2] = [
    ("nim", OfGame::Nim(PhantomData)),
    ("chomp", OfGame::Chomp(PhantomData)),
];

/// The game called `name`, or the first when none is given; `Err` lists
/// the names when `name` is none of them.
pub(crate) fn named(name: Option<&str>) -> Result<Which, String> {
    let Some(name) = name else {
        return Ok(NAMES[0].1);
    };
    match NAMES.iter().find(|(n, _)| *n == name) {
        Some(&(_, which)) => Ok(which),
        None => {
            let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "'{}' is not a game here: choose {}",
                crate::rules::row_reader::printable(name),
                names.join(" or ")
            ))
        }
    }
}

impl<N, C> OfGame<N, C> {
    /// The name of the game this is of, as [`named`] reads it.
    pub(crate) fn name(&self) -> &'static str {
        let at = match self {
            OfGame::Nim(_) => 0,
            OfGame::Chomp(_) => 1,
        };
        NAMES[at].0
    }
}

impl<N, C, E> OfGame<Result<N, E>, Result<C, E>> {
    /// What either game gave, or its error.
    pub(crate) fn transpose(self) -> Result<OfGame<N, C>, E> {
        match self {
            OfGame::Nim(nim) => nim.map(OfGame::Nim),
            OfGame::Chomp(chomp) => chomp.map(OfGame::Chomp),
        }
    }
}

/// Runs `$body` on what an [`OfGame`] holds, bound to `$bound`, whatever
/// its game; the body is written once and compiled for each game. With
/// `map`, the result is put back in the same game.
macro_rules! of_game {
    (map $any:expr, $bound:pat => $body:expr) => {
        match $any {
            $crate::lesson::games::OfGame::Nim($bound) => $crate::lesson::games::OfGame::Nim($body),
            $crate::lesson::games::OfGame::Chomp($bound) => {
                $crate::lesson::games::OfGame::Chomp($body)
            }
        }
    };
    ($any:expr, $bound:pat => $body:expr) => {
        match $any {
            $crate::lesson::games::OfGame::Nim($bound) => $body,
            $crate::lesson::games::OfGame::Chomp($bound) => $body,
        }
    };
}
pub(crate) use of_game;

/// The directives that set up a position, each with its game and what it
/// does, in the order the lesson format lists them.
const DIRECTIVES: &[(&str, Which, Directive)] = &[
    ("show", OfGame::Nim(PhantomData), Directive::Show),
    ("explain", OfGame::Nim(PhantomData), Directive::Explain),
    (
        "question",
        OfGame::Nim(PhantomData),
        Directive::Question(Asks::Move),
    ),
    (
        "can-you-win",
        OfGame::Nim(PhantomData),
        Directive::Question(Asks::CanYouWin),
    ),
    ("chomp-show", OfGame::Chomp(PhantomData), Directive::Show),
    (
        "chomp-explain",
        OfGame::Chomp(PhantomData),
        Directive::Explain,
    ),
    (
        "chomp-question",
        OfGame::Chomp(PhantomData),
        Directive::Question(Asks::Move),
    ),
];

/// The names of the directives that set up a position, in order.
pub(crate) fn keywords() -> impl Iterator<Item = &'static str> {
    DIRECTIVES.iter().map(|&(keyword, ..)| keyword)
}

/// What one lesson may still do: the work of its whole run, and each
/// game's searches.
#[derive(Debug)]
pub(crate) struct Budgets {
    pub(super) work: Work,
    pub(super) nim: <Nim as InLesson>::Budget,
    pub(super) chomp: <Chomp as InLesson>::Budget,
}

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            work: Work::default(),
            nim: Nim::budget(),
            chomp: Chomp::budget(),
        }
    }
}

/// What the directive `keyword` does, and its position `value` read and
/// charged to `budgets`, or why not; `None` when `keyword` sets up no
/// position.
pub(crate) fn read(
    keyword: &str,
    value: &str,
    budgets: &mut Budgets,
) -> Option<(Directive, Result<AnySetup, Refused>)> {
    let &(_, which, directive) = DIRECTIVES.iter().find(|(k, ..)| *k == keyword)?;
    let work = &mut budgets.work;
    let setup = match which {
        OfGame::Nim(_) => Setup::read(directive, value, &mut budgets.nim, work).map(OfGame::Nim),
        OfGame::Chomp(_) => {
            Setup::read(directive, value, &mut budgets.chomp, work).map(OfGame::Chomp)
        }
    };
    Some((directive, setup))
}

impl AnySetup {
    /// What `question` asks, when it is about this very position in the
    /// same game and rules: an explanation of it would answer it.
    pub(crate) fn same_position(&self, question: &AnyQuestion) -> Option<Asks> {
        let same = match (self, question) {
            (OfGame::Nim(s), OfGame::Nim(q)) => {
                s.position == q.setup.position && s.game == q.setup.game
            }
            (OfGame::Chomp(s), OfGame::Chomp(q)) => s.position == q.setup.position,
            _ => false,
        };
        let asks = of_game!(question, q => q.asks);
        same.then_some(asks)
    }
}

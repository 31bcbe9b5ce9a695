//! One position checked: what the search says, against each shortcut the
//! tool uses for the game, and the move the tool would explain.

use std::collections::BTreeSet;
use std::fmt;
use std::num::NonZeroU32;

use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::moore::Moore;
use crate::solve::moore_count::LISTED_MOVES;
use crate::solve::search::{Solver, TooBig};
use crate::solve::{columns, nim_sum};
use crate::teach::analysis::{Analysis, Extras, Way};

/// What one way of solving says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move; `None` when this way says only who wins.
    pub moves: Option<BTreeSet<MultiMove>>,
}

/// A shortcut that does not say what the search says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Disagreement {
    /// The position.
    pub position: Position,
    /// The rules.
    pub game: Nim,
    /// The shortcut, named as the summary names it.
    pub shortcut: String,
    /// What it says; `None` when what is wrong is the explained move.
    pub says: Option<Answer>,
    /// What the search says.
    pub search: Answer,
    /// The move the tool would explain, when that is what is wrong.
    pub explained: Option<MultiMove>,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = format!(
            "{} ({})",
            self.position,
            self.game.describe(self.position.len())
        );
        match (&self.says, &self.explained) {
            (Some(says), _) => write!(
                f,
                "at {at}, {} says {}, but the search says {}",
                self.shortcut,
                told(says),
                told(&self.search)
            ),
            (None, Some(mv)) => write!(
                f,
                "at {at}, the explained move ({}) does not win, but the search says {}",
                moves(std::slice::from_ref(mv)),
                told(&self.search)
            ),
            (None, None) => write!(
                f,
                "at {at}, no move is explained, but the search says {}",
                told(&self.search)
            ),
        }
    }
}

fn told(answer: &Answer) -> String {
    let who = match answer.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Lose => "the player to move loses",
    };
    match &answer.moves {
        Some(set) if !set.is_empty() => {
            let listed: Vec<MultiMove> = set.iter().cloned().collect();
            format!("{who} by {}", moves(&listed))
        }
        _ => who.to_string(),
    }
}

fn moves(list: &[MultiMove]) -> String {
    list.iter()
        .map(|mv| {
            mv.parts()
                .iter()
                .map(|part| part.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The shortcuts checked for `game`, in the words of the summary.
pub(crate) fn shortcuts(game: &Nim) -> Vec<String> {
    let names = match (game.rows_per_move, game.takes.only(), game.rule) {
        (1, None, _) => vec!["the grouping method", "XOR"],
        (1, Some(_), Rule::Normal) => vec!["the row pattern", "Grundy values"],
        (1, Some(_), Rule::Misere) => vec!["the row pattern"],
        (k, _, _) => return vec![in_sets(k), "the column counts".to_string()],
    };
    names.into_iter().map(String::from).collect()
}

/// "the groups in threes", or in sets of K + 1.
fn in_sets(rows_per_move: u32) -> String {
    match rows_per_move {
        1 => "the groups in pairs".to_string(),
        2 => "the groups in threes".to_string(),
        k => format!("the groups in sets of {}", k + 1),
    }
}

/// Checks `piles` under `game`, searching with `solver` (made for the
/// game), and returns every disagreement found.
pub(crate) fn check(
    piles: &[u64],
    game: &Nim,
    solver: &mut Solver,
) -> Result<Vec<Disagreement>, TooBig> {
    let position = Position::new(piles.to_vec());
    let every = every_move(&position, game);
    let after = |mv: &MultiMove| {
        position
            .play_multi(mv, game)
            .expect("listed moves are legal")
    };
    let solved = solver.solve(piles)?;
    let mut winning = BTreeSet::new();
    for mv in &every {
        if solver.solve(after(mv).piles())?.outcome == Outcome::Lose {
            winning.insert(mv.clone());
        }
    }
    let search = Answer {
        outcome: solved.outcome,
        moves: Some(winning),
    };
    let mut found = Vec::new();
    let mut compare = |shortcut: &str, says: Answer| {
        let moves_differ = says.moves.is_some() && says.moves != search.moves;
        if says.outcome != search.outcome || moves_differ {
            found.push(Disagreement {
                position: position.clone(),
                game: game.clone(),
                shortcut: shortcut.to_string(),
                says: Some(says),
                search: search.clone(),
                explained: None,
            });
        }
    };
    let explained = match NonZeroU32::new(game.rows_per_move).filter(|k| k.get() > 1) {
        None => {
            let analysis =
                Analysis::using(position.clone(), game.clone(), Extras::default(), solver)
                    .expect("a position the search solved can be analysed");
            let name = match Way::of(&position, game) {
                Way::Grouping => Some("the grouping method"),
                Way::OneRow(_) => Some("the row pattern"),
                Way::Grundy => Some("Grundy values"),
                // There the search is the method: nothing else to compare.
                Way::Search => None,
                // Moves from several rows are checked below.
                Way::Moore => None,
            };
            if let Some(name) = name {
                let set = analysis.winning_moves().iter().cloned().collect();
                compare(
                    name,
                    Answer {
                        outcome: analysis.outcome,
                        moves: Some(set),
                    },
                );
            }
            if game.is_nim() {
                let set = nim_sum::winning_moves(&position, game.rule)
                    .into_iter()
                    .map(MultiMove::from)
                    .collect();
                compare(
                    "XOR",
                    Answer {
                        outcome: nim_sum::outcome(&position, game.rule),
                        moves: Some(set),
                    },
                );
            }
            analysis.best
        }
        Some(k) => {
            let moore = Moore::new(&position, game.rule, k);
            let counted = moore.winning_moves().ok();
            // Past the listing's limit only the first moves are listed, so
            // only those are compared, with the search's first as many.
            let all_listed = counted
                .as_ref()
                .is_some_and(|w| w.listed.len() < LISTED_MOVES);
            let listed = counted.map(|w| w.listed.into_iter().collect::<BTreeSet<_>>());
            let says = Answer {
                outcome: moore.outcome(),
                moves: listed.clone(),
            };
            match (all_listed, listed) {
                (false, Some(listed)) => {
                    let first: BTreeSet<MultiMove> = search
                        .moves
                        .iter()
                        .flatten()
                        .take(LISTED_MOVES)
                        .cloned()
                        .collect();
                    let mut shown = says.clone();
                    shown.moves = (first != listed).then_some(listed);
                    compare(&in_sets(k.get()), shown);
                }
                _ => compare(&in_sets(k.get()), says),
            }
            let set = u64::from(k.get()) + 1;
            let by_columns = |p: &Position| columns::outcome(p.piles(), game.rule, set);
            compare(
                "the column counts",
                Answer {
                    outcome: by_columns(&position),
                    moves: Some(
                        every
                            .iter()
                            .filter(|mv| by_columns(&after(mv)) == Outcome::Lose)
                            .cloned()
                            .collect(),
                    ),
                },
            );
            moore.recommended()
        }
    };
    // The move the tool would explain: legal, and winning when a win is
    // there; none only when no move is possible.
    let explained_wins = match &explained {
        Some(mv) => match position.play_multi(mv, game) {
            Ok(to) => {
                solved.outcome == Outcome::Lose
                    || solver.solve(to.piles())?.outcome == Outcome::Lose
            }
            Err(_) => false,
        },
        None => every.is_empty(),
    };
    if !explained_wins {
        found.push(Disagreement {
            position,
            game: game.clone(),
            shortcut: "the explained move".to_string(),
            says: None,
            search,
            explained,
        });
    }
    Ok(found)
}

/// Every legal move in `game`: one part from each of up to
/// `rows_per_move` rows, each part a take the game allows.
pub(crate) fn every_move(position: &Position, game: &Nim) -> Vec<MultiMove> {
    let piles = position.piles();
    let most = game.rows_per_move.max(1) as usize;
    let mut found = Vec::new();
    let mut parts = Vec::new();
    extend(piles, game, 0, most, &mut parts, &mut found);
    found
}

/// Adds every move whose parts start with `parts` and take from rows from
/// `from` on, using at most `most` more rows.
fn extend(
    piles: &[u64],
    game: &Nim,
    from: usize,
    most: usize,
    parts: &mut Vec<crate::rules::moves::Move>,
    found: &mut Vec<MultiMove>,
) {
    if most == 0 {
        return;
    }
    for pile in from..piles.len() {
        for take in game.takes.takes_from(piles[pile]) {
            parts.push(crate::rules::moves::Move { pile, take });
            found.push(MultiMove::new(parts.clone()));
            extend(piles, game, pile + 1, most - 1, parts, found);
            parts.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::Budget;

    #[test]
    fn a_referee_for_other_rules_is_disagreed_with_and_the_words_say_where() {
        // The search is told the wrong rule, so every shortcut disagrees
        // with it somewhere; the report names the position and both sides.
        let game = Nim::new(Rule::Normal);
        let mut wrong = Solver::for_game(Nim::new(Rule::Misere), Budget::default());
        let found = check(&[1, 1], &game, &mut wrong).unwrap();
        let names: Vec<&str> = found.iter().map(|d| d.shortcut.as_str()).collect();
        assert_eq!(names, ["the grouping method", "XOR"]);
        assert_eq!(
            found[0].to_string(),
            "at 1 1 (last stick wins), the grouping method says the player to move loses, but the search says the player to move wins by take 1 from row 1, take 1 from row 2"
        );
        let mut right = Solver::for_game(game.clone(), Budget::default());
        assert_eq!(check(&[1, 1], &game, &mut right).unwrap(), Vec::new());
    }

    #[test]
    fn every_move_takes_from_up_to_k_rows() {
        let mut game = Nim::new(Rule::Normal);
        let position = Position::new(vec![1, 2, 0]);
        assert_eq!(every_move(&position, &game).len(), 3);
        game.rows_per_move = 2;
        // 1 + 2 from one row, and 1 × 2 from both.
        assert_eq!(every_move(&position, &game).len(), 5);
    }
}

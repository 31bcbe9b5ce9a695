//! How the class answered the task set now, as the projector shows it
//! while the task is open: how many answered, the verdicts of each pupil's
//! latest answer as bars, every move tried with how many pupils tried it,
//! its verdict and its reason in the method's words, and for a yes-or-no
//! task the yeses and the noes; for a game, how many have won, lost or
//! are still playing; and every hint given.

use serde_json::{Value, json};

use super::pupil::PupilId;
use super::results::Mark;
use super::standing::Standing;
use crate::teach::verdict::Verdict;

/// A move some pupils tried.
#[derive(Clone, Debug)]
struct Seen {
    to: Vec<u64>,
    words: String,
    verdict: Verdict,
    reason: String,
    /// Who tried it, each once, in order.
    pupils: Vec<PupilId>,
}

/// The moves and the yeses and noes tried at a task.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tried {
    moves: Vec<Seen>,
    /// Who said yes, and who said no, each once.
    yes: Vec<PupilId>,
    no: Vec<PupilId>,
}

impl Tried {
    /// `pupil` tried the move that leaves `to`.
    pub(crate) fn moved(
        &mut self,
        pupil: PupilId,
        to: &[u64],
        words: &str,
        verdict: Verdict,
        reason: &str,
    ) {
        let seen = match self.moves.iter().position(|s| s.to == to) {
            Some(at) => &mut self.moves[at],
            None => {
                self.moves.push(Seen {
                    to: to.to_vec(),
                    words: words.to_string(),
                    verdict,
                    reason: reason.to_string(),
                    pupils: Vec::new(),
                });
                self.moves.last_mut().expect("just pushed")
            }
        };
        if !seen.pupils.contains(&pupil) {
            seen.pupils.push(pupil);
        }
    }

    /// `pupil` said yes, or no.
    pub(crate) fn said(&mut self, pupil: PupilId, yes: bool) {
        let said = if yes { &mut self.yes } else { &mut self.no };
        if !said.contains(&pupil) {
            said.push(pupil);
        }
    }
}

/// What a task is, for its tally: its number, its kind's name, whether it
/// is open, and, for a yes-or-no task, whether the position can be won.
pub(crate) struct About {
    pub(crate) id: u64,
    pub(crate) kind: &'static str,
    pub(crate) open: bool,
    pub(crate) wins: Option<bool>,
    pub(crate) game: bool,
}

/// The tally of a task, from each pupil's `standings` and what was
/// `tried`, with `joined` pupils in the class.
pub(crate) fn tally(about: &About, joined: usize, standings: &[Standing], tried: &Tried) -> Value {
    let marks: Vec<Mark> = standings.iter().map(Standing::mark).collect();
    let count = |mark: Mark| marks.iter().filter(|&&m| m == mark).count();
    let answered = match about.game {
        true => count(Mark::Won) + count(Mark::Lost),
        false => marks.iter().filter(|&&m| m != Mark::None).count(),
    };
    let mut moves: Vec<&Seen> = tried.moves.iter().collect();
    // The moves most pupils chose first; among equals, the first chosen.
    moves.sort_by_key(|seen| std::cmp::Reverse(seen.pupils.len()));
    let moves: Vec<Value> = moves
        .iter()
        .map(|seen| {
            json!({
                "to": seen.to,
                "move": seen.words,
                "pupils": seen.pupils.len(),
                "verdict": seen.verdict.name(),
                "reason": seen.reason,
            })
        })
        .collect();
    let answers: Vec<Value> = match about.wins {
        Some(wins) => [("yes", &tried.yes, wins), ("no", &tried.no, !wins)]
            .into_iter()
            .filter(|(_, pupils, _)| !pupils.is_empty())
            .map(|(answer, pupils, right)| {
                let mark = if right { Mark::Good } else { Mark::Mistake };
                json!({ "answer": answer, "pupils": pupils.len(), "verdict": mark.name() })
            })
            .collect(),
        None => Vec::new(),
    };
    let games = about.game.then(|| {
        json!({
            "won": count(Mark::Won),
            "lost": count(Mark::Lost),
            "playing": count(Mark::Playing),
        })
    });
    json!({
        "task": about.id,
        "kind": about.kind,
        "open": about.open,
        "joined": joined,
        "answered": answered,
        "verdicts": {
            "good": count(Mark::Good),
            "mistake": count(Mark::Mistake),
            "lost-anyway": count(Mark::LostAnyway),
        },
        "moves": moves,
        "answers": answers,
        "games": games,
        "hints": standings.iter().map(Standing::hints_had).sum::<u64>(),
    })
}

/// The tally with no task set.
pub(crate) fn empty(joined: usize) -> Value {
    json!({
        "task": null,
        "kind": null,
        "open": false,
        "joined": joined,
        "answered": 0,
        "verdicts": { "good": 0, "mistake": 0, "lost-anyway": 0 },
        "moves": [],
        "answers": [],
        "games": null,
        "hints": 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::standing::Tried as Answer;

    fn answered(marks: &[Mark]) -> Standing {
        Standing {
            tried: marks
                .iter()
                .map(|&mark| Answer {
                    answer: String::new(),
                    to: None,
                    mark,
                })
                .collect(),
            ..Standing::default()
        }
    }

    #[test]
    fn bars_count_each_pupils_latest_answer_and_moves_count_pupils() {
        let about = About {
            id: 3,
            kind: "move",
            open: true,
            wins: None,
            game: false,
        };
        let standings = [
            answered(&[Mark::Mistake, Mark::Good]),
            answered(&[Mark::Mistake]),
            answered(&[]),
        ];
        let mut tried = Tried::default();
        let bad = [3, 5, 5];
        tried.moved(0, &bad, "take 2 from row 3", Verdict::Mistake, "why");
        tried.moved(0, &[2, 5, 7], "take 1 from row 1", Verdict::Good, "why");
        tried.moved(1, &bad, "take 2 from row 3", Verdict::Mistake, "why");
        tried.moved(1, &bad, "take 2 from row 3", Verdict::Mistake, "why");
        let t = tally(&about, 4, &standings, &tried);
        assert_eq!(t["answered"], 2);
        assert_eq!(t["joined"], 4);
        assert_eq!(
            t["verdicts"],
            json!({ "good": 1, "mistake": 1, "lost-anyway": 0 })
        );
        assert_eq!(t["moves"][0]["to"], json!([3, 5, 5]));
        assert_eq!(t["moves"][0]["pupils"], 2);
        assert_eq!(t["moves"][1]["pupils"], 1);
        assert_eq!(t["moves"][1]["verdict"], "good");
        assert_eq!(t["games"], Value::Null);
    }
}

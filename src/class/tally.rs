//! How the class answered the task set now, as the projector shows it
//! while the task is open: how many answered, the verdicts of each pupil's
//! latest answer as bars, every move tried with how many pupils tried it,
//! its verdict, its reason in the method's words as the pupil was told it,
//! and the same in a few words about the move for the projector; for a
//! yes-or-no task the yeses and the noes; for a game, how many have won,
//! lost, are playing, have not started, or did not finish; and every hint
//! given. A pupil the teacher removed counts nowhere.

use serde_json::{Value, json};

use super::pupil::PupilId;
use super::results::Mark;
use super::standing::Standing;
use super::task::Judged;
use crate::teach::verdict::Verdict;

/// A move some pupils tried.
#[derive(Clone, Debug)]
struct Seen {
    to: Vec<u64>,
    words: String,
    verdict: Verdict,
    reason: String,
    /// The reason in a few words, for the projector.
    brief: String,
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
    /// `pupil` tried the move `judged`.
    pub(crate) fn moved(&mut self, pupil: PupilId, judged: &Judged) {
        let seen = match self.moves.iter().position(|s| s.to == judged.to) {
            Some(at) => &mut self.moves[at],
            None => {
                self.moves.push(Seen {
                    to: judged.to.clone(),
                    words: judged.words.clone(),
                    verdict: judged.verdict,
                    reason: judged.reason.clone(),
                    brief: judged.brief.clone(),
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

/// The tally of a task, from the `standings` of the pupils in `counted`
/// (those in the class now who were in it while the task was open, by
/// id) and what was `tried`, with `joined` pupils in the class.
pub(crate) fn tally(
    about: &About,
    joined: usize,
    counted: &[PupilId],
    standings: &[Standing],
    tried: &Tried,
) -> Value {
    let none = Standing::default();
    let standing = |id: &PupilId| standings.get(*id).unwrap_or(&none);
    let marks: Vec<Mark> = counted
        .iter()
        .map(|id| standing(id).mark(about.open))
        .collect();
    let count = |mark: Mark| marks.iter().filter(|&&m| m == mark).count();
    let answered = match about.game {
        true => count(Mark::Won) + count(Mark::Lost),
        false => marks.iter().filter(|&&m| m != Mark::None).count(),
    };
    let how_many = |pupils: &[PupilId]| pupils.iter().filter(|p| counted.contains(p)).count();
    let mut moves: Vec<(&Seen, usize)> = tried
        .moves
        .iter()
        .map(|seen| (seen, how_many(&seen.pupils)))
        .filter(|&(_, pupils)| pupils > 0)
        .collect();
    // The moves most pupils chose first; among equals, the first chosen.
    moves.sort_by_key(|&(_, pupils)| std::cmp::Reverse(pupils));
    let moves: Vec<Value> = moves
        .iter()
        .map(|(seen, pupils)| {
            json!({
                "to": seen.to,
                "move": seen.words,
                "pupils": pupils,
                "verdict": seen.verdict.name(),
                "reason": seen.reason,
                "brief": seen.brief,
            })
        })
        .collect();
    let answers: Vec<Value> = match about.wins {
        Some(wins) => [("yes", &tried.yes, wins), ("no", &tried.no, !wins)]
            .into_iter()
            .map(|(answer, pupils, right)| (answer, how_many(pupils), right))
            .filter(|&(_, pupils, _)| pupils > 0)
            .map(|(answer, pupils, right)| {
                let mark = if right { Mark::Good } else { Mark::Mistake };
                json!({ "answer": answer, "pupils": pupils, "verdict": mark.name() })
            })
            .collect(),
        None => Vec::new(),
    };
    let games = about.game.then(|| {
        json!({
            "won": count(Mark::Won),
            "lost": count(Mark::Lost),
            "playing": count(Mark::Playing),
            "unfinished": count(Mark::Unfinished),
            "not_started": count(Mark::None),
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
        "hints": counted.iter().map(|id| standing(id).hints_had()).sum::<u64>(),
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
            answered(&[Mark::Mistake]),
        ];
        let judged = |to: &[u64], words: &str, verdict| Judged {
            reply: String::new(),
            to: to.to_vec(),
            words: words.to_string(),
            verdict,
            reason: "why".to_string(),
            brief: "leaves a group of 2 without a partner".to_string(),
        };
        let mut tried = Tried::default();
        let bad = judged(&[3, 5, 5], "take 2 from row 3", Verdict::Mistake);
        tried.moved(0, &bad);
        tried.moved(0, &judged(&[2, 5, 7], "take 1 from row 1", Verdict::Good));
        tried.moved(1, &bad);
        tried.moved(1, &bad);
        // Pupil 3 was removed: their move counts nowhere.
        tried.moved(3, &bad);
        tried.moved(
            3,
            &judged(&[3, 5, 4], "take 3 from row 3", Verdict::Mistake),
        );
        let t = tally(&about, 3, &[0, 1, 2], &standings, &tried);
        assert_eq!(t["answered"], 2);
        assert_eq!(t["joined"], 3);
        assert_eq!(
            t["verdicts"],
            json!({ "good": 1, "mistake": 1, "lost-anyway": 0 })
        );
        assert_eq!(t["moves"].as_array().unwrap().len(), 2);
        assert_eq!(t["moves"][0]["to"], json!([3, 5, 5]));
        assert_eq!(t["moves"][0]["pupils"], 2);
        assert_eq!(
            t["moves"][0]["brief"],
            "leaves a group of 2 without a partner"
        );
        assert_eq!(t["moves"][1]["pupils"], 1);
        assert_eq!(t["moves"][1]["verdict"], "good");
        assert_eq!(t["games"], Value::Null);
    }
}

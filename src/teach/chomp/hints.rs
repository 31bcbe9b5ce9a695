//! Hints for a bite, in stages, so a pupil is helped a little at a time:
//! what to look at, what it shows, which row to bite in, and only then the
//! bite itself.

use super::analysis::{BarAnalysis, Strategy};
use super::words::bite_from;
use crate::rules::bar::Arms;
use crate::rules::outcome::Outcome;
use crate::teach::words::count;

/// The hints for the player to move, first to last; empty when there is no
/// bite to make, or none is known.
pub(crate) fn hints(a: &BarAnalysis) -> Vec<String> {
    let Some(bite) = a.bite else {
        return Vec::new();
    };
    if a.only_poison() {
        return vec![format!(
            "Only the poisoned square is left. Bite: {}.",
            bite_from(&a.bar, bite)
        )];
    }
    let won = a.outcome == Outcome::Win;
    let mut stages = match a.strategy {
        Some(Strategy::Arms(Arms { right, down })) => vec![
            "Look at the two arms: the rest of the top row, and the rest of the first column. Are they just as long?".to_string(),
            format!(
                "The top arm has {} besides the poison, and the side arm {}.",
                count(right as u64, "square"),
                count(down as u64, "square")
            ),
            match won {
                true => "Make the arms equal: bite the longer one down to the length of the other.".to_string(),
                false => "The arms are equal, so no bite wins: bite a little and hope your opponent slips.".to_string(),
            },
        ],
        Some(Strategy::EqualSides { square, .. }) => vec![
            match square {
                true => "The bar is a square. Is there a bite that leaves two equal arms?".to_string(),
                false => "The top row and the first column are just as long. Is there a bite that leaves two equal arms?".to_string(),
            },
            "Bite so that only the top row and the first column are left: an L with equal arms. Then copy your opponent.".to_string(),
            "Bite in row 2.".to_string(),
        ],
        Some(Strategy::TwoRows { top, bottom }) => vec![
            "Compare the two rows: is the bottom row exactly one square shorter than the top?".to_string(),
            format!("The top row has {top} squares and the bottom row {bottom}."),
            match won {
                true => format!("Leave the bottom row one square shorter than the top: bite in row {}.", bite.row),
                false => "It is one shorter already, so no bite wins: bite a little and hope your opponent slips.".to_string(),
            },
        ],
        None => vec![
            "No simple rule is known for this bar: think about what each bite leaves your opponent.".to_string(),
            match won {
                true => "A search of every game says you can win from here.".to_string(),
                false => "A search of every game says you will lose from here if your opponent plays well.".to_string(),
            },
            format!("Bite in row {}.", bite.row),
        ],
    };
    stages.push(format!(
        "{}: {}.",
        if won { "Bite" } else { "Best try" },
        bite_from(&a.bar, bite)
    ));
    stages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bar::Bar;

    #[test]
    fn only_the_last_stage_names_the_bite() {
        for shape in [
            "4x5", "3x3", "5,2", "4,1,1", "3,2", "2,1", "5,5,3", "4,3,3,1",
        ] {
            let a = BarAnalysis::new(&shape.parse::<Bar>().unwrap()).unwrap();
            let stages = hints(&a);
            let bite = a.bite.unwrap().to_string();
            assert_eq!(stages.len(), 4, "{shape}");
            assert!(stages[..3].iter().all(|s| !s.contains(&bite)), "{stages:?}");
            assert!(stages[3].contains(&bite), "{stages:?}");
        }
    }
}

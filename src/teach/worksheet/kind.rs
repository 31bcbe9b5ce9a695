//! What a worksheet practises, and how each kind is asked: its title, what
//! the pupils are told to do, and the line they write their answer on.

use crate::rules::position::Position;

/// What a worksheet asks about each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Is this position a win for the player to move? Yes or no.
    CanYouWin,
    /// Find a winning move: every position has one.
    WinningMove,
    /// Write each row as groups: 7 = 4 + 2 + 1.
    MakeGroups,
    /// The right take for a count in the 21 game (one row, a take set,
    /// 1 to 3 unless told otherwise).
    TwentyOne,
    /// A winning take from one row under a take set the sheet names.
    TakeSet,
}

impl Kind {
    /// Every kind, by the name it is asked for with.
    pub const NAMES: [&'static str; 5] = [
        "can-you-win",
        "winning-move",
        "make-groups",
        "twenty-one",
        "take-set",
    ];

    /// The kind named `name`, one of [`Kind::NAMES`].
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "can-you-win" => Some(Kind::CanYouWin),
            "winning-move" => Some(Kind::WinningMove),
            "make-groups" => Some(Kind::MakeGroups),
            "twenty-one" => Some(Kind::TwentyOne),
            "take-set" => Some(Kind::TakeSet),
            _ => None,
        }
    }

    /// The name it is asked for with.
    pub fn name(self) -> &'static str {
        match self {
            Kind::CanYouWin => "can-you-win",
            Kind::WinningMove => "winning-move",
            Kind::MakeGroups => "make-groups",
            Kind::TwentyOne => "twenty-one",
            Kind::TakeSet => "take-set",
        }
    }

    /// Whether every position is a single row under a take set.
    pub(crate) fn one_row(self) -> bool {
        matches!(self, Kind::TwentyOne | Kind::TakeSet)
    }

    /// The sheet's title.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Kind::CanYouWin => "Can you win?",
            Kind::WinningMove => "Find a winning move",
            Kind::MakeGroups => "Make groups",
            Kind::TwentyOne => "The 21 game: the right take",
            Kind::TakeSet => "Take the right number",
        }
    }

    /// What the pupils are told to do, once, at the top of the sheet.
    pub(crate) fn task(self) -> &'static str {
        match self {
            Kind::CanYouWin => {
                "It is your turn in each game below. Can you win, however well your opponent plays? Tick Yes or No."
            }
            Kind::WinningMove => {
                "It is your turn in each game below, and there is a move that wins. Find it: cross out the sticks you take, and write your move."
            }
            Kind::MakeGroups => {
                "Write each row as groups: join two groups of the same size until each group in the row has its own size."
            }
            Kind::TwentyOne | Kind::TakeSet => {
                "It is your turn, and these sticks are left. How many do you take to be sure to win? Cross them out, and write your take."
            }
        }
    }

    /// The lines a pupil writes the answer to `position` on.
    pub(crate) fn blanks(self, position: &Position) -> Vec<String> {
        match self {
            Kind::CanYouWin => vec!["☐ Yes     ☐ No".to_string()],
            Kind::WinningMove => vec!["Take ____ from row ____".to_string()],
            Kind::MakeGroups => position
                .piles()
                .iter()
                .enumerate()
                .map(|(i, n)| format!("row {}: {n} = ____________________", i + 1))
                .collect(),
            Kind::TwentyOne | Kind::TakeSet => vec!["Take ____".to_string()],
        }
    }
}

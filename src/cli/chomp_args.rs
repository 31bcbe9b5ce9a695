//! `matchsticks chomp` as clap sees it: explain a bar, check a bite, play
//! a game. Turning the words into a bar and a bite happens in
//! [`crate::request::chomp`], so the command line and the page read them
//! the same way.

use clap::{Args, Subcommand, ValueEnum};
use indoc::indoc;

use crate::play::{First, Level};

/// The help after `matchsticks chomp --help`.
pub const CHOMP_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp explain 4x5             who wins on a bar of 4 rows and 5 columns, and how
      matchsticks chomp explain 5,5,3           a bar whose rows have 5, 5 and 3 squares
      matchsticks chomp check 4x5 --bite 2,2    judge a bite: good, a mistake, or lost anyway
      matchsticks chomp play 4x5                play against the computer

    A bite takes a square and every square below it and to its right.
    Whoever has to eat the poisoned square (row 1, column 1) loses.
"};

const EXPLAIN_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp explain 4x5                  why the first player wins, and the bite
      matchsticks chomp explain 6x6                  the square trick: leave an L, then copy
      matchsticks chomp explain 2x7                  two rows: keep the bottom one shorter
      matchsticks chomp explain 5,5,3                a staircase, solved by the search
      matchsticks chomp explain 4x5 --format html    a handout to print
"};

const CHECK_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp check 3x3 --bite 2,2      good: an L with equal arms is left
      matchsticks chomp check 4x5 --bite 1,1      a mistake: that is the poisoned square
      matchsticks chomp check 3,2 --bite 2,2      lost anyway: no bite could win

    Exit codes: 0 good or lost anyway, 1 a mistake, 2 an illegal bite or bad input
"};

const PLAY_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp play 4x5                      you bite first
      matchsticks chomp play 3x3 --first computer     the computer bites first
      matchsticks chomp play 5,5,3 --level beginner   a computer that slips sometimes

    During the game type a bite as ROW COLUMN (\"2 3\" bites row 2, column 3),
    hint to see how to win from here, undo to take your last bite back, or quit.
"};

/// `matchsticks chomp`.
#[derive(Debug, Args)]
pub struct ChompArgs {
    /// What to do with the bar.
    #[command(subcommand)]
    pub command: ChompCommand,
}

/// The Chomp subcommands.
#[derive(Debug, Subcommand)]
pub enum ChompCommand {
    /// Who wins on a bar, why, and a winning bite
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ChompExplainArgs),
    /// Judge a bite: good, a mistake, or lost anyway, and why
    #[command(after_help = CHECK_EXAMPLES)]
    Check(ChompCheckArgs),
    /// Play against the computer, then review every bite
    #[command(after_help = PLAY_EXAMPLES)]
    Play(ChompPlayArgs),
}

/// `matchsticks chomp explain`.
#[derive(Debug, Args)]
pub struct ChompExplainArgs {
    /// The bar: rows x columns such as 4x5, or the row lengths from the top
    /// such as 5,5,3
    #[arg(value_name = "SHAPE", required = true)]
    pub shape: Vec<String>,

    /// How to print the result
    #[arg(long, value_enum, default_value_t)]
    pub format: BarFormat,
}

/// `matchsticks chomp check`.
#[derive(Debug, Args)]
pub struct ChompCheckArgs {
    /// The bar before the bite: rows x columns such as 4x5, or the row
    /// lengths from the top such as 5,5,3
    #[arg(value_name = "SHAPE", required = true)]
    pub shape: Vec<String>,

    /// The bite, as ROW,COLUMN such as 2,3
    #[arg(long, value_name = "R,C", required = true, allow_hyphen_values = true)]
    pub bite: String,

    /// How to print the result
    #[arg(long, value_enum, default_value_t)]
    pub format: BarFormat,
}

/// `matchsticks chomp play`.
#[derive(Debug, Args)]
pub struct ChompPlayArgs {
    /// The bar at the start: rows x columns such as 4x5, or the row lengths
    /// from the top such as 5,5,3
    #[arg(value_name = "SHAPE", required = true)]
    pub shape: Vec<String>,

    /// Who bites first
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,

    /// How well the computer plays
    #[arg(long, value_enum, default_value_t)]
    pub level: Level,

    /// Seed for the computer's random bites at lower levels, to replay a
    /// game (the default picks one and shows it)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// The formats a Chomp answer can be printed in: the same as Nim's, kept
/// apart so that these definitions need nothing from `args.rs`, which
/// names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BarFormat {
    /// Words and the bar drawn as a grid, for a screen or projector
    #[default]
    Text,
    /// One JSON object, for programs
    Json,
    /// A Markdown handout
    Markdown,
    /// A handout as one HTML page, the bar drawn in SVG, nothing loaded
    /// from elsewhere
    Html,
}

//! The command line, as clap sees it: every command, Chomp's among them.
//!
//! These types only describe the flags. Turning words into validated
//! positions and moves is each game's own reading
//! (`crate::teach::queried`), handed the flags by name (`super::words`),
//! so that bad row sizes or shapes get the same friendly message in every
//! command and on the page.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use indoc::indoc;

use super::color::ColorChoice;
use crate::play::{First, Level};
use crate::render::wrap::NARROWEST_SCREEN;
use crate::rules::row_reader::printable;
use crate::serve;
use crate::teach::worksheet::kind::Kind;

const ABOUT: &str =
    "Learn to win Nim with matchsticks, by pairing groups instead of binary numbers";

const EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks explain 3 5 7            work through the grouping method
      matchsticks explain 3,5,7 --xor      the same, with the binary columns
      matchsticks check 4 5 6 --to 1 5 6   judge a pupil's move
      matchsticks play 3 5 7               play against the computer
      matchsticks lesson                   the lessons for a class
      matchsticks serve --open             the classroom page, in the browser
"};

const EXPLAIN_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks explain 3 5 7                        the last stick loses
      matchsticks explain 3 5 7 --normal               the last stick wins
      matchsticks explain 3 5 7 --xor                  show the binary columns too
      matchsticks explain 3 5 7 --step                 wait for Enter between steps
      matchsticks explain 6,5,7 --format markdown      a handout to print
      matchsticks explain 1 2 3 --brute-force          confirm by searching
      matchsticks explain 21 --take 1-3                the 21-matchstick game
      matchsticks explain 30 --take 1-3 --show-search  why remembering matters
      matchsticks explain 1 2 3 --rows-per-move 2      a move from one or two rows
"};

const CHECK_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks check 4 5 6 --to 3 5 6           good: every group has a partner
      matchsticks check 4 5 6 --row 3 --remove 2   a mistake, and the better moves
      matchsticks check 1 6 7 --to 1 6 5 --normal  lost anyway: no move could win
      matchsticks check 21 --take 1-3 --row 1 --remove 3
                                                   the 21-matchstick game
      matchsticks check 1 2 3 --rows-per-move 2 --to 1 1 1
                                                   a move from two rows

    Give the move in one of two forms: --to ROWS, the rows after it, or
    --row R --remove K, the row it takes from and how many sticks.

    Exit codes: 0 good or lost anyway, 1 a mistake, 2 an illegal move or bad input
"};

const TABLE_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks table 3 5 7                    the 3-5-7 game, grid by grid
      matchsticks table 3 5 7 --losing           the positions to leave
      matchsticks table 21 --take 1-3            the 21-matchstick game
      matchsticks table 2 3 4 --format json      for programs
      matchsticks table 1 2 3 --rows-per-move 2  moves from one or two rows

    In the grids, W5→0,4,5 means: the player to move wins, 5 moves are left
    with best play, and the move is to 0 4 5. L means the player to move loses.
"};

const PLAY_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks play                          the 3-5-7 game; you start
      matchsticks play --first computer         the computer starts
      matchsticks play 21 --take 1-3 --first computer
                                                the 21-matchstick game
      matchsticks play 4 5 6 --level beginner   a computer that slips sometimes
      matchsticks play --level good --seed 7    the same game for the same moves
      matchsticks play 1 2 3 --rows-per-move 2  take from one or two rows each move

    During the game type the row and how many to take (\"2 3\" or \"take 3 from
    row 2\"), hint to see how to win from here, undo to take your last move back,
    or quit.
    With --rows-per-move, put a comma between rows: \"1 2, 3 1\" takes 2 sticks
    from row 1 and 1 from row 3.
"};

const LESSON_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks lesson                             list the lessons
      matchsticks lesson copy-cat                    run one in class
      matchsticks lesson copy-cat --auto             print it all, answers shown
      matchsticks lesson copy-cat --format markdown  a handout to print
      matchsticks lesson --file my.lesson            run your own lesson file
      matchsticks lesson --check my.lesson           check a lesson file

    While a lesson runs: Enter goes on, q quits. At a question type the row and
    how many to take (\"2 3\" takes 3 sticks from row 2) or the new position,
    hint for a hint, or show for the answer. NAME may also be the lesson's
    number in the list.
"};

const WORKSHEET_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks worksheet --kind can-you-win --count 10 --seed 7
      matchsticks worksheet --kind winning-move --seed 3 --format html > sheet.html
      matchsticks worksheet --kind make-groups --count 20 --seed 1 --max-sticks 31
      matchsticks worksheet --kind twenty-one --count 8 --seed 5
      matchsticks worksheet --kind take-set --take 1,3,4 --count 8 --seed 2

    The pupils' questions come first, then the answer key on a page of its
    own. The same seed gives the same sheet: give each pupil their own seed,
    and keep the keys.
"};

const VERIFY_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks verify                      up to 5 rows of up to 15 sticks
      matchsticks verify --both               under both rules
      matchsticks verify --take 1-3 --normal  row patterns and Grundy values
      matchsticks verify --rows-per-move 2    groups in threes
      matchsticks verify --max-rows 3 --max-sticks 30 --format json

    Exit codes: 0 every position agrees, 1 a disagreement (the first is
    printed), 2 bad input or a range past the limits
"};

const SERVE_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks serve                  the page at http://127.0.0.1:8357
      matchsticks serve --open           the same, opened in the browser
      matchsticks serve --port 0         any free port
      matchsticks serve --host 0.0.0.0   open to the classroom network
      matchsticks serve --class --open   a class: pupils answer on their own devices

    The page needs no network: everything it uses is inside matchsticks.
    With --class it prints the teacher's address and the pupils' address
    with its join code; the class is kept in memory only. Ctrl-C stops the
    server, and ends the class.
"};

const COMPLETIONS_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks completions bash > ~/.bash_completion
      matchsticks completions zsh > ~/.zfunc/_matchsticks
      matchsticks completions fish > ~/.config/fish/completions/matchsticks.fish
"};

const MANPAGE_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks manpage | man -l -
      matchsticks manpage > ~/.cargo/share/man/man1/matchsticks.1
"};

const HELP_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks help                 every command
      matchsticks help explain         the options of `explain`
      matchsticks help chomp explain   the options of `chomp explain`
"};

/// The help after `matchsticks chomp --help`.
const CHOMP_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp explain 4x5    who wins on 4 rows of 5 squares, and how
      matchsticks chomp explain 5,5,3  a bar whose rows have 5, 5 and 3 squares
      matchsticks chomp check 4x5 --bite 2,2
                                       judge a bite: good, a mistake or lost anyway
      matchsticks chomp play 4x5       play against the computer

    A bite takes a square and every square below it and to its right.
    Whoever has to eat the poisoned square (row 1, column 1) loses.
"};

const CHOMP_EXPLAIN_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp explain 4x5    why the first player wins, and the bite
      matchsticks chomp explain 6x6    the square trick: leave an L, then copy
      matchsticks chomp explain 2x7    two rows: keep the bottom one shorter
      matchsticks chomp explain 5,5,3  a staircase, solved by the search
      matchsticks chomp explain 4x5 --format html
                                       a handout to print
"};

const CHOMP_CHECK_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp check 3x3 --bite 2,2  good: an L with equal arms is left
      matchsticks chomp check 4x5 --bite 1,1  a mistake: that is the poisoned square
      matchsticks chomp check 3,2 --bite 2,2  lost anyway: no bite could win

    Exit codes: 0 good or lost anyway, 1 a mistake, 2 an illegal bite or bad input
"};

const CHOMP_PLAY_EXAMPLES: &str = indoc! {"
    Examples:
      matchsticks chomp play 4x5                     you bite first
      matchsticks chomp play 3x3 --first computer    the computer bites first
      matchsticks chomp play 5,5,3 --level beginner  a computer that slips sometimes

    During the game type a bite as its row and column (\"2 3\" bites row 2, column 3),
    hint to see how to win from here, undo to take your last bite back, or quit.
"};

/// The whole command line.
#[derive(Debug, Parser)]
// No styles: clap's help and errors are printed as plain text anyway, and
// without them every escape in an error is one the user typed, to be shown
// escaped (`one_line`).
// `help` is a command of our own, so that `help --help` works too.
// Help is wrapped at 80 columns at most, so that printed or saved to a
// file it fits the page, as the tool's own output does.
#[command(name = "matchsticks", version, about = ABOUT, after_help = EXAMPLES,
          styles = clap::builder::Styles::plain(), disable_help_subcommand = true,
          max_term_width = 80)]
pub struct Cli {
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t, global = true, value_name = "WHEN")]
    pub color: ColorChoice,

    /// How many columns a line may take (the default is the terminal's
    /// width up to 100, or 80 when the output is not a terminal)
    #[arg(long, global = true, value_name = "N",
          value_parser = screen_width)]
    pub width: Option<u16>,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Work through the grouping method for a position, step by step
    #[command(after_help = EXPLAIN_EXAMPLES, allow_negative_numbers = true)]
    Explain(ExplainArgs),
    /// Judge a move: good, a mistake, or lost anyway, and why
    #[command(after_help = CHECK_EXAMPLES, allow_negative_numbers = true)]
    Check(CheckArgs),
    /// List every position reachable from a start, with the best move
    #[command(after_help = TABLE_EXAMPLES, allow_negative_numbers = true)]
    Table(TableArgs),
    /// Play against the computer, then review the game's turning points
    #[command(after_help = PLAY_EXAMPLES, allow_negative_numbers = true)]
    Play(PlayArgs),
    /// List the lessons, run one in class, or check a lesson file
    #[command(after_help = LESSON_EXAMPLES)]
    Lesson(LessonArgs),
    /// Print a worksheet of practice questions, and its answer key
    #[command(after_help = WORKSHEET_EXAMPLES)]
    Worksheet(WorksheetArgs),
    /// Check the method against the search on every small position
    #[command(after_help = VERIFY_EXAMPLES)]
    Verify(VerifyArgs),
    /// Serve the classroom page to a browser on this computer
    #[command(after_help = SERVE_EXAMPLES)]
    Serve(ServeArgs),
    /// Chomp: bite a chocolate bar, and never the poisoned square
    #[command(after_help = CHOMP_EXAMPLES)]
    Chomp(ChompArgs),
    /// Print a completion script for a shell
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the manual page, in roff for `man`
    #[command(after_help = MANPAGE_EXAMPLES)]
    Manpage,
    /// Print this message or the help of the given command
    #[command(after_help = HELP_EXAMPLES)]
    Help(HelpArgs),
}

/// `matchsticks help`.
#[derive(Debug, Args)]
pub struct HelpArgs {
    /// The command, and its subcommand if it has one (`chomp explain`)
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// `matchsticks worksheet`.
#[derive(Debug, Args)]
pub struct WorksheetArgs {
    /// What each question asks
    #[arg(long, value_name = "KIND", default_value = "can-you-win",
          value_parser = clap::builder::PossibleValuesParser::new(Kind::NAMES)
              .map(|name| Kind::from_name(&name).expect("a kind's own name")))]
    pub kind: Kind,

    /// How many questions
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub count: usize,

    /// The seed that chooses the positions: the same seed gives the same
    /// sheet (the default picks one, and the sheet shows it)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// How many rows each position has (the default is 3, or 1 for
    /// make-groups, twenty-one and take-set)
    #[arg(long, value_name = "R")]
    pub rows: Option<usize>,

    /// The most sticks a row may have (the default is 7 for can-you-win
    /// and winning-move, 15 for make-groups, 21 for twenty-one, 20 for
    /// take-set)
    #[arg(long, value_name = "M")]
    pub max_sticks: Option<u64>,

    /// Whoever takes the last stick wins (the default is misère: whoever
    /// takes the last stick loses)
    #[arg(long)]
    pub normal: bool,

    #[command(flatten)]
    pub takes: TakeArgs,

    /// How to print the sheet
    #[arg(long, value_enum, default_value_t)]
    pub format: SheetFormat,
}

/// Formats a worksheet can be printed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    /// Words and sticks, the key after a line across the page
    #[default]
    Text,
    /// A Markdown page, the key after a rule
    Markdown,
    /// One HTML page to print, the key on a page of its own
    Html,
}

/// `matchsticks verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Check positions of up to N rows
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub max_rows: usize,

    /// Check rows of up to M sticks
    #[arg(long, value_name = "M", default_value_t = 15)]
    pub max_sticks: u64,

    /// Whoever takes the last stick wins (the default is misère: whoever
    /// takes the last stick loses)
    #[arg(long, conflicts_with = "both")]
    pub normal: bool,

    /// Check under both rules
    #[arg(long)]
    pub both: bool,

    #[command(flatten)]
    pub takes: TakeArgs,

    /// From how many rows one move may take (Moore's Nim when more than 1)
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = verified_rows_per_move)]
    pub rows_per_move: u32,

    /// How to print the result: text or json
    #[arg(long, value_enum, default_value_t)]
    pub format: VerifyFormat,
}

/// What `verify` can print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum VerifyFormat {
    /// One summary line
    #[default]
    Text,
    /// One JSON object, for programs
    Json,
}

/// `matchsticks serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one
    #[arg(long, default_value_t = serve::DEFAULT_PORT, value_name = "N")]
    pub port: u16,

    /// The address to listen on. The default serves this computer only
    /// (127.0.0.1), or with --class every address of it (0.0.0.0); any
    /// address but 127.0.0.1 lets other computers on the network in
    #[arg(long, value_name = "ADDR")]
    pub host: Option<IpAddr>,

    /// Open the page in the default browser (with --class, the teacher's
    /// page)
    #[arg(long)]
    pub open: bool,

    /// Open a class on this computer's network: the pupils join on their
    /// own devices with a code, and the teacher sets them tasks and sees
    /// how they answer
    #[arg(long)]
    pub class: bool,
}

/// `matchsticks completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Flags every game command shares.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Whoever takes the last stick wins (the default is misère: whoever
    /// takes the last stick loses)
    #[arg(long)]
    pub normal: bool,

    /// How to print the result
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `matchsticks explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Sticks in each row, as `3 5 7` or `3,5,7` (`-` reads them from
    /// standard input)
    #[arg(value_name = "ROWS")]
    pub rows: Vec<String>,

    #[command(flatten)]
    pub game: GameArgs,

    /// Also show the rows in binary, beside the groups
    #[arg(long)]
    pub xor: bool,

    /// Wait for Enter between steps, and give a hint when asked, so a class
    /// can guess the move first (only when typing at a terminal, where an
    /// explanation taller than the screen waits anyway)
    #[arg(long)]
    pub step: bool,

    #[command(flatten)]
    pub takes: TakeArgs,

    #[command(flatten)]
    pub per_move: RowsPerMoveArgs,

    /// Also search every possible game to confirm the verdict and count the
    /// moves left (refuses games that are too big)
    #[arg(long)]
    pub brute_force: bool,

    /// For a single row: count the calls of a plain search and of a search
    /// that remembers its answers
    #[arg(long)]
    pub show_search: bool,
}

/// `matchsticks check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Sticks in each row before the move, as `3 5 7` or `3,5,7` (`-` reads
    /// them from standard input)
    #[arg(value_name = "ROWS")]
    pub rows: Vec<String>,

    /// The move as the rows after it, as `2 5 7` or `2,5,7`
    #[arg(long, value_name = "ROWS", num_args = 1..)]
    pub to: Option<Vec<String>>,

    /// The move as a row, counting from 1 (with --remove)
    #[arg(long, value_name = "R")]
    pub row: Option<String>,

    /// How many sticks the move removes from that row (with --row)
    #[arg(long, value_name = "K")]
    pub remove: Option<String>,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub takes: TakeArgs,

    #[command(flatten)]
    pub per_move: RowsPerMoveArgs,
}

/// `matchsticks lesson`.
#[derive(Debug, Args)]
pub struct LessonArgs {
    /// The bundled lesson to run, by name or number; leave out to list them.
    /// With --check, the lesson file to check
    #[arg(value_name = "NAME", conflicts_with = "file", value_parser = LessonName,
          hide_possible_values = true)]
    pub name: Option<String>,

    /// Run a lesson file of your own
    #[arg(long, value_name = "PATH", conflicts_with = "check")]
    pub file: Option<PathBuf>,

    /// Check a lesson file and report every problem with its line; the file
    /// may come after the other flags too (--check --strict FILE)
    #[arg(long, value_name = "PATH", num_args = 0..=1,
          conflicts_with_all = ["auto", "format"])]
    pub check: Option<Option<PathBuf>>,

    /// With --check: treat the lesson-writing warnings as errors (exit 2)
    #[arg(long, requires = "check")]
    pub strict: bool,

    /// Print the whole lesson without waiting, answers revealed
    #[arg(long)]
    pub auto: bool,

    /// How to print the lesson
    #[arg(long, value_enum, default_value_t)]
    pub format: LessonFormat,
}

/// A lesson's name as typed: any word is taken, to be found loosely, by
/// number or with its numbers in digits (`lesson::bundled::find`), and the
/// bundled lessons' names are offered to the shell's completion.
#[derive(Clone, Copy, Debug)]
struct LessonName;

impl clap::builder::TypedValueParser for LessonName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(crate::lesson::bundled::LESSONS.iter().map(
            |lesson| clap::builder::PossibleValue::new(lesson.name),
        )))
    }
}

/// `matchsticks play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Sticks in each row at the start (the default is 3 5 7)
    #[arg(value_name = "ROWS")]
    pub rows: Vec<String>,

    /// Whoever takes the last stick wins (the default is misère: whoever
    /// takes the last stick loses)
    #[arg(long)]
    pub normal: bool,

    #[command(flatten)]
    pub takes: TakeArgs,

    #[command(flatten)]
    pub per_move: RowsPerMoveArgs,

    /// Who moves first
    #[arg(long, value_enum, default_value_t)]
    pub first: First,

    /// How well the computer plays
    #[arg(long, value_enum, default_value_t)]
    pub level: Level,

    /// Seed for the computer's random moves at lower levels, to replay a game
    /// (the default picks one, and the review shows it)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `matchsticks table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// Sticks in each row at the start, as `3 5 7` or `3,5,7` (`-` reads
    /// them from standard input)
    #[arg(value_name = "ROWS")]
    pub rows: Vec<String>,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub takes: TakeArgs,

    #[command(flatten)]
    pub per_move: RowsPerMoveArgs,

    /// List only the lost positions: the ones to leave your opponent
    #[arg(long)]
    pub losing: bool,
}

/// `--rows-per-move K`: from how many rows one move may take, in every
/// command that plays a game.
#[derive(Debug, Args)]
pub struct RowsPerMoveArgs {
    /// Let one move take from up to K rows, any number from each (1, the
    /// default, is ordinary Nim; 2 is one or two rows; any K at least the
    /// number of rows lets a move take from every row)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = rows_per_move)]
    pub rows_per_move: u32,
}

/// Reads `--rows-per-move`, refusing 0 and numbers too big to hold.
fn rows_per_move(text: &str) -> Result<u32, String> {
    crate::rules::rows_per_move::parse(text).map_err(|e| e.to_string())
}

/// Formats a lesson can be printed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LessonFormat {
    /// Run it on the screen
    #[default]
    Text,
    /// A printable handout with the answers at the end
    Markdown,
    /// The same handout as one HTML page, drawings included
    Html,
    /// The lesson's own file, to start a lesson of your own from
    Source,
}

/// `--take SET`: the takes the game allows, in every command.
#[derive(Debug, Args)]
pub struct TakeArgs {
    /// Only allow taking these numbers of sticks in one move: a range like
    /// 1-3 or a list like 2,3,5 (the default is any number: Nim)
    #[arg(long, value_name = "SET")]
    pub take: Option<String>,
}

/// Output formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Words and drawn sticks, for a screen or projector
    #[default]
    Text,
    /// One JSON object, for programs
    Json,
    /// A Markdown handout
    Markdown,
    /// A handout as one HTML page, drawings included, nothing loaded from
    /// elsewhere
    Html,
}

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
    #[command(after_help = CHOMP_EXPLAIN_EXAMPLES)]
    Explain(ChompExplainArgs),
    /// Judge a bite: good, a mistake, or lost anyway, and why
    #[command(after_help = CHOMP_CHECK_EXAMPLES)]
    Check(ChompCheckArgs),
    /// Play against the computer, then review every bite
    #[command(after_help = CHOMP_PLAY_EXAMPLES)]
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

/// The formats a Chomp answer can be printed in: the same as [`Format`],
/// kept apart because their help speaks of a bar rather than sticks.
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

/// The widest screen `--width` takes.
const WIDEST_SCREEN: u16 = 1000;

/// `--width N`: a whole number of columns from the narrowest screen the
/// layouts fit to the widest, said in plain words when it is not one.
fn screen_width(typed: &str) -> Result<u16, String> {
    let n = within(
        typed,
        NARROWEST_SCREEN as u64,
        u64::from(WIDEST_SCREEN),
        "a width",
        "columns",
    )?;
    u16::try_from(n).map_err(|e| e.to_string())
}

/// The most rows a move may take from in `verify`.
const MOST_VERIFIED_ROWS_PER_MOVE: u64 = 64;

/// `verify --rows-per-move K`: from 1 to the most `verify` checks.
fn verified_rows_per_move(typed: &str) -> Result<u32, String> {
    let n = within(typed, 1, MOST_VERIFIED_ROWS_PER_MOVE, "a number", "rows")?;
    u32::try_from(n).map_err(|e| e.to_string())
}

/// A whole number of `unit` from `least` to `most`, or why not in plain
/// words ("use a width from 40 to 1000 columns"), never a range in code.
fn within(typed: &str, least: u64, most: u64, what: &str, unit: &str) -> Result<u64, String> {
    let range = format!("use {what} from {least} to {most} {unit}");
    match typed.trim().parse::<u64>() {
        Ok(n) if n < least => Err(format!("{n} is too few {unit}: {range}")),
        Ok(n) if n > most => Err(format!("{n} is too many {unit}: {range}")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("not a whole number of {unit}: {range}")),
    }
}

/// Prints what clap has to say when it stops before a command runs, and
/// returns the exit code: help and the version on standard output (0, or
/// 2 when they cannot be written, with a quiet 0 for a closed pipe), a
/// usage error as one line on standard error (2).
pub fn early_exit(error: &clap::Error) -> u8 {
    use std::io::Write;
    match (error.use_stderr(), error.kind()) {
        (false, _) => {
            let mut out = std::io::stdout().lock();
            let written = write!(out, "{}", error.render()).and_then(|()| out.flush());
            match written {
                Ok(()) => 0,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
                    2
                }
            }
        }
        (true, clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand) => {
            let _ = write!(std::io::stderr(), "{}", error.render());
            2
        }
        (true, _) => {
            let _ = writeln!(std::io::stderr(), "{}", one_line(error));
            2
        }
    }
}

/// Turns a clap error into one line: the message and any hint, without the
/// usage block. The message quotes what was typed, whose control characters
/// (a carriage return, an escape) are written as escapes.
pub(crate) fn one_line(error: &clap::Error) -> String {
    // The command has no styles, so the message's escapes are only what was
    // typed: its plain text would drop them rather than show them, and
    // quote '2' for `2\e[2J`.
    let line = error
        .render()
        .ansi()
        .to_string()
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
        })
        .collect::<Vec<_>>()
        .join(" ");
    printable(&line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    /// Every command's help, `matchsticks` first, then its commands.
    fn every_help(command: &mut clap::Command, path: String, helps: &mut Vec<(String, String)>) {
        command.build();
        helps.push((path.clone(), command.render_long_help().to_string()));
        for sub in command.get_subcommands_mut() {
            let name = format!("{path} {}", sub.get_name());
            every_help(sub, name, helps);
        }
    }

    #[test]
    fn help_fits_80_columns_and_its_examples_line_up() {
        let mut helps = Vec::new();
        every_help(&mut Cli::command(), "matchsticks".to_string(), &mut helps);
        assert!(helps.len() > 10, "{}", helps.len());
        for (path, help) in &helps {
            for line in help.lines() {
                assert!(line.chars().count() <= 80, "{path}: {line:?}");
            }
            // The examples: each description starts in one column, on the
            // example's line or alone on the next.
            let Some((_, examples)) = help.split_once("Examples:\n") else {
                continue;
            };
            let mut columns = std::collections::BTreeSet::new();
            for line in examples.lines().take_while(|l| !l.trim().is_empty()) {
                let text = line.trim_start();
                let start = line.len() - text.len();
                match text.starts_with("matchsticks ") {
                    true => {
                        if let Some(gap) = text.find("  ") {
                            let rest = &text[gap..];
                            columns.insert(start + gap + rest.len() - rest.trim_start().len());
                        }
                    }
                    false => {
                        columns.insert(start);
                    }
                }
            }
            assert!(
                columns.len() <= 1,
                "{path}: descriptions at {columns:?}\n{examples}"
            );
        }
    }

    #[test]
    fn a_usage_error_quotes_an_escape_as_typed() {
        let error =
            Cli::try_parse_from(["matchsticks", "explain", "3", "--rows-per-move", "2\x1b[2J"])
                .unwrap_err();
        assert_eq!(
            one_line(&error),
            r"error: invalid value '2\u{1b}[2J' for '--rows-per-move <K>': '2\u{1b}[2J' is not a number of rows: use a whole number such as 2"
        );
    }

    #[test]
    fn a_usage_error_is_one_line_whatever_was_typed() {
        // A carriage return in an argument once reached the terminal.
        let error = Cli::try_parse_from(["matchsticks", "check", "3", "-\r"]).unwrap_err();
        assert_eq!(
            one_line(&error),
            r"error: unexpected argument '-\r' found tip: to pass '-\r' as a value, use '-- -\r'"
        );
    }
}

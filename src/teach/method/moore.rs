//! Moore's Nim told as steps, in the words of the grouping method: a move
//! may take from up to K rows, so equal groups are gathered in sets of
//! K + 1 (threes when K = 2) instead of pairs, and the winning move is built
//! size by size, biggest first, each size's decision said in turn. Also the
//! reasons a move was good or bad, the hints, and the binary columns
//! counted in sets.
//!
//! In misère play only the very end differs: when no row has more than one
//! stick, the number of rows with one stick decides, by what is left when
//! it is divided by K + 1.

use crate::rules::multi_move::MultiMove;
use crate::rules::nim::Nim;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::rule::Rule;
use crate::solve::grouping::{Grouping, split};
use crate::solve::moore::{Construction, EndgameSwitch, Moore, MoorePlan, SizeStep, SizeTally};
use crate::solve::moore_count::{Total, WinningMoves};
use crate::teach::analysis::Analysis;
use crate::teach::document::{BinaryView, Block, DrawnRow, Reveal, Step, TallyLine};
use crate::teach::method::ending;
use crate::teach::method::grouping::{self, drawn_rows, sentences};
use crate::teach::words::{
    self, LONGEST_SUM, MOST_LISTED, SHORTEST_MERGED_RUN, and_list, capitalised, count, groups_of,
    rows_with_one, runs, short_sum, sizes_of, sticks_from_to, transition,
};

/// What stands in for a row too big to draw.
const TOO_MANY: &str = "(too many to draw)";

/// The name of one full set: "pair", "three", "set of 4".
fn set_name(set: u64) -> String {
    match set {
        2 => "pair".to_string(),
        3 => "three".to_string(),
        n => format!("set of {n}"),
    }
}

/// "full pairs", "full threes", "full sets of 4".
fn full_sets(set: u64) -> String {
    format!("full {}", plural(set))
}

/// "threes", "sets of 4": what groups are gathered in.
fn plural(set: u64) -> String {
    match set {
        2 => "pairs".to_string(),
        3 => "threes".to_string(),
        n => format!("sets of {n}"),
    }
}

/// "row 2", "rows 2 and 3" (rows from 0 inside, from 1 in words).
fn rows_named(rows: &[usize]) -> String {
    let numbers: Vec<u64> = rows.iter().map(|&p| p as u64 + 1).collect();
    match numbers.as_slice() {
        [one] => format!("row {one}"),
        _ => format!("rows {}", and_list(&numbers)),
    }
}

/// "1 or 2", "1 to 3": how many rows a move may change, or how many groups
/// of one size it may take away.
fn one_to(k: u64) -> String {
    match k {
        1 => "1".to_string(),
        2 => "1 or 2".to_string(),
        k => format!("1 to {k}"),
    }
}

/// "4 divided by 3 leaves 1".
fn divided(n: u64, set: u64) -> String {
    format!("{n} divided by {set} leaves {}", n % set)
}

/// A move in words, shortened when it takes from many rows: "take 1 from
/// row 2 and 2 from row 3", or "take 1 from each of rows 1, 2, … 30 (30
/// rows)". It stays on one line, or breaks only between rows.
pub fn told(mv: &MultiMove) -> String {
    let parts = mv.parts();
    words::glued(&match parts {
        [first, second, .., last] if parts.len() > LONGEST_SUM => {
            let same = parts.iter().all(|p| p.take == first.take);
            let each = match same {
                true => format!("{} from each of", first.take),
                false => "sticks from".to_string(),
            };
            format!(
                "take {each} rows {}, {}, … {} ({} rows)",
                first.row(),
                second.row(),
                last.row(),
                parts.len()
            )
        }
        _ => mv.to_string(),
    })
}

/// The winning moves as a list: "take 1 from row 2 and 2 from row 3; take
/// 3 from row 1", or "none", with how many more there are past the first
/// [`MOST_LISTED`]; or that they were not counted.
pub(crate) fn moves_list(winning: Option<&WinningMoves>) -> String {
    let Some(winning) = winning else {
        return "not counted".to_string();
    };
    if winning.listed.is_empty() {
        return "none".to_string();
    }
    let listed: Vec<String> = winning.listed.iter().take(MOST_LISTED).map(told).collect();
    let shown = listed.len() as u128;
    let more = match winning.total {
        Total::Exactly(n) if n > shown => format!("; and {} more moves", n - shown),
        Total::Exactly(_) => String::new(),
        Total::AtLeast(_) => "; and too many more moves to count".to_string(),
    };
    listed.join("; ") + &more
}

/// Every step of the method for a position, or the one step that says the
/// game is over.
pub(crate) fn steps(m: &Moore, position: &Position, game: &Nim) -> Vec<Step> {
    let grouping = Grouping::new(position, m.rule);
    if position.is_over() {
        // The end of the game is the same whatever a move may take.
        return grouping::steps(&grouping, position, game);
    }
    vec![
        groups_step(&grouping),
        sets_step(m),
        verdict_step(m, ending::settled(position, game)),
        Step::numbered(4, "The move", plan(m, position, game)).revealing(Reveal::Move),
    ]
}

/// Step 1: the groups, made exactly as for ordinary Nim.
fn groups_step(g: &Grouping) -> Step {
    let mut blocks = vec![
        Block::sentence(
            "Join two groups of the same size until every group in the row has a different size.",
        ),
        Block::Rows {
            rows: drawn_rows(g),
        },
    ];
    if g.rows.len() > MOST_LISTED {
        blocks.push(Block::sentence(format!(
            "The other {} are not drawn.",
            count((g.rows.len() - MOST_LISTED) as u64, "row")
        )));
    }
    Step::numbered(1, "Make groups in every row", blocks)
}

/// Step 2: equal groups gathered in sets of K + 1.
fn sets_step(m: &Moore) -> Step {
    let set = m.set_size();
    let why = format!(
        "A move may take from up to {}, so gather equal groups in {}, not pairs.",
        count(u64::from(m.rows_per_move.get()), "row"),
        plural(set)
    );
    let mut blocks = vec![Block::sentence(why)];
    blocks.push(match m.tally.is_empty() {
        true => Block::sentence("No groups at all."),
        false => Block::Tally {
            lines: tally_lines(&m.tally, set),
        },
    });
    let title = format!(
        "Gather groups of the same size in {} across all rows",
        plural(set)
    );
    Step::numbered(2, &title, blocks)
}

/// The tally, one line per size or per long run of sizes with one count.
fn tally_lines(tally: &[SizeTally], set: u64) -> Vec<TallyLine> {
    let line = |sizes: Vec<u64>, t: &SizeTally, name: String| TallyLine {
        sizes,
        count: t.count,
        sets: t.count / set,
        left: t.left_over,
        text: format!("{name}: {}", tally_counts(t, set)),
    };
    runs(tally, |t| t.count)
        .into_iter()
        .flat_map(|run| match run.len() >= SHORTEST_MERGED_RUN {
            true => vec![line(
                run.iter().map(|t| t.size).collect(),
                &run[0],
                format!("{}, each", sizes_of(run, |t| t.size)),
            )],
            false => run
                .iter()
                .map(|t| line(vec![t.size], t, format!("groups of {}", t.size)))
                .collect(),
        })
        .collect()
}

/// "3 in all, a full three", "4 in all, a full three and 1 left over",
/// "2 in all, not a full three, so 2 are left over".
fn tally_counts(t: &SizeTally, set: u64) -> String {
    let full_sets = t.count / set;
    let words = match (full_sets, t.left_over) {
        (0, 1) => format!("not {}, so it is left over", full(1, set)),
        (0, left) => format!("not {}, so {left} are left over", full(1, set)),
        (n, 0) => full(n, set),
        (n, left) => format!("{} and {left} left over", full(n, set)),
    };
    format!("{} in all, {words}", t.count)
}

/// Step 3: is any group left over, or is this the endgame?
fn verdict_step(m: &Moore, settled: bool) -> Step {
    let title = match m.plan {
        MoorePlan::Singles { .. } => "The endgame: no row has more than one stick".to_string(),
        _ => format!("Is any group left out of {}?", full_sets(m.set_size())),
    };
    Step::numbered(3, &title, sentences(verdict(m, settled))).revealing(Reveal::Outcome)
}

/// Does any size have groups left over, or is this the endgame, and what
/// that means for the player to move; `settled` when nobody can slip from
/// here.
pub(crate) fn verdict(m: &Moore, settled: bool) -> Vec<String> {
    let set = m.set_size();
    let who = match (m.outcome(), settled) {
        (Outcome::Win, _) => "The player to move can win.",
        (Outcome::Lose, true) => "The player to move will lose, whatever either player does.",
        (Outcome::Lose, false) => "The player to move will lose if the opponent plays well.",
    };
    let first = match (&m.plan, m.left_over.as_slice()) {
        (MoorePlan::GameOver, _) => {
            return grouping::verdict(
                &Grouping::new(
                    &Position::new(m.rows.iter().map(|r| r.sticks).collect()),
                    m.rule,
                ),
                true,
            );
        }
        (MoorePlan::Singles { ones, .. }, _) => format!(
            "No row has more than one stick, so this is the endgame: {} no longer decide, the number of rows with one stick does. There {} {}, and {}.",
            plural(set),
            if *ones == 1 { "is" } else { "are" },
            rows_with_one(*ones),
            divided(*ones, set)
        ),
        (_, []) => format!("Every group size comes in {}.", full_sets(set)),
        (_, [size]) => format!("Groups of {size} are left over."),
        (_, sizes) if sizes.len() > LONGEST_SUM => format!(
            "{} group sizes have groups left over; the biggest is {}.",
            sizes.len(),
            sizes[0]
        ),
        (_, sizes) => format!("Groups of {} are left over.", and_list(sizes)),
    };
    vec![first, who.to_string()]
}

/// Step 4: how the move is found, then the move.
fn plan(m: &Moore, position: &Position, game: &Nim) -> Vec<Block> {
    let set = m.set_size();
    let k = u64::from(m.rows_per_move.get());
    let mut blocks = match &m.plan {
        MoorePlan::GameOver => return Vec::new(),
        MoorePlan::Build(c) => construction(m, c),
        MoorePlan::Switch(s) => switch(m, s, position),
        MoorePlan::AllInSets { .. } => sentences(vec![
            format!(
                "Whatever you take, the biggest group size you change loses {} of its groups, so it is no longer in {}, and your opponent can win from there.",
                one_to(k),
                full_sets(set)
            ),
            hope(position, game),
        ]),
        MoorePlan::Singles { ones, take, rows } => {
            singles(*ones, *take, rows, k, set, hope(position, game))
        }
    };
    if let Some(mv) = m.recommended() {
        let won = m.outcome() == Outcome::Win;
        let label = match won {
            true => "Move",
            false => words::lost_move_label(position, game),
        };
        blocks.push(Block::told_move(
            position,
            game,
            &mv,
            won,
            label,
            &told(&mv),
        ));
    }
    blocks
}

/// What is left to say where no move wins: hope for a slip, or, where
/// nobody can slip, how the game ends.
fn hope(position: &Position, game: &Nim) -> String {
    match ending::no_slip(position, game) {
        Some(settled) => format!("So no move wins. {settled}"),
        None => "So no move wins. Keep the game going and hope your opponent slips.".to_string(),
    }
}

/// The misère endgame with only single sticks; `hope` is what is said
/// when no move wins.
fn singles(ones: u64, take: u64, rows: &[usize], k: u64, set: u64, hope: String) -> Vec<Block> {
    let rule = format!(
        "Every move takes single sticks from {} rows, and whoever takes the last one loses.",
        one_to(k.min(ones))
    );
    let lines = match take {
        // One stick left: nothing to hand back, only the last stick.
        0 if ones == 1 => vec![hope],
        0 => vec![
            rule,
            format!(
                "{}: whatever you take, your opponent can take enough to leave a number that leaves 1 again.",
                capitalised(&divided(ones, set))
            ),
            hope,
        ],
        take => vec![
            rule,
            format!(
                "Leave your opponent {}: {}. So take the single {} from {}.",
                ones - take,
                divided(ones - take, set),
                if take == 1 { "stick" } else { "sticks" },
                rows_named(rows)
            ),
        ],
    };
    sentences(lines)
}

/// The size-by-size construction: what happens at each size, the rows
/// before and after, and that every size is now in full sets.
fn construction(m: &Moore, c: &Construction) -> Vec<Block> {
    let set = m.set_size();
    let k = m.rows_per_move.get();
    let mut lines = vec![
        format!(
            "Work down the group sizes, biggest first, starting with the biggest size left over: {}.",
            c.largest
        ),
        format!(
            "At most {} may change. A row chosen at a bigger size has lost a bigger group, so it has sticks to spare: at every smaller size it may give up a group or gain one. A row not chosen yet may only lose a group, and choosing it uses up one of the {k}.",
            count(u64::from(k), "row")
        ),
    ];
    let sticks: Vec<u64> = m.rows.iter().map(|r| r.sticks).collect();
    for run in runs(&c.steps, |s| shape(s, &sticks)) {
        match run.len() >= SHORTEST_MERGED_RUN {
            // A long run of sizes decided alike is told once.
            true => {
                let name = format!("{}, at each size", capitalised(&sizes_of(run, |s| s.size)));
                lines.push(size_line(&run[0], &name, "that size", &sticks, set));
            }
            false => lines.extend(run.iter().map(|step| {
                let size = step.size.to_string();
                size_line(step, &format!("Groups of {size}"), &size, &sticks, set)
            })),
        }
    }
    let changed: Vec<String> =
        c.mv.parts()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let before = sticks[p.pile];
                let goes = if i == 0 { " goes" } else { "" };
                format!(
                    "row {}{goes} {}",
                    p.row(),
                    sticks_from_to(before, before - p.take)
                )
            })
            .collect();
    lines.push(format!(
        "{}, and every group size comes in {} again.",
        capitalised(&join_and(&changed)),
        full_sets(set)
    ));
    let mut blocks = sentences(lines);
    blocks.push(Block::Rows {
        rows: before_and_after(&sticks, &c.after, &c.mv),
    });
    blocks
}

/// What makes two sizes' steps the same, so a long run is told once: the
/// rows chosen, and what each does.
fn shape(step: &SizeStep, sticks: &[u64]) -> (SizeStep, Vec<bool>) {
    let held = step.free.iter().map(|&p| sticks[p] & step.size != 0);
    let sizeless = SizeStep {
        size: 0,
        ..step.clone()
    };
    (sizeless, held.collect())
}

/// "a, b and c".
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One size's decision in words, the line starting with `name` ("Groups
/// of 4") and naming the size as `size` ("4", or "that size").
fn size_line(step: &SizeStep, name: &str, size: &str, sticks: &[u64], set: u64) -> String {
    let had = |p: usize| sticks[p] & step.size != 0;
    let holding: Vec<usize> = step.free.iter().copied().filter(|&p| had(p)).collect();
    let untouched = step.before - holding.len() as u64;
    let now = match step.after {
        0 => "none left".to_string(),
        n => format!("now {n}, {}", full(n / set, set)),
    };
    let in_all = match step.before {
        0 => "none".to_string(),
        n => format!("{n} in all"),
    };
    if step.free.is_empty() {
        return match step.newly_chosen.as_slice() {
            [] if step.before == 0 => format!("{name}: none, so nothing to do."),
            [] => format!(
                "{name}: {in_all}, already in {}: leave them.",
                full_sets(set)
            ),
            chosen => format!(
                "{name}: {in_all}, {} left over. No row is chosen yet, so choose {}: {} its group of {size}: {}.",
                step.before % set,
                rows_named(chosen),
                if chosen.len() == 1 {
                    "it gives up"
                } else {
                    "each gives up"
                },
                now
            ),
        };
    }
    let chosen = rows_named(&step.free);
    let are = if step.free.len() == 1 { "is" } else { "are" };
    let others = match untouched {
        0 => format!("the other rows have no group of {size}"),
        1 => format!("the other rows have 1 group of {size}"),
        n => format!("the other rows have {n} groups of {size}"),
    };
    let kept: Vec<usize> = holding
        .iter()
        .copied()
        .filter(|p| !step.lose.contains(p))
        .collect();
    let given: Vec<usize> = holding
        .iter()
        .copied()
        .filter(|p| step.lose.contains(p))
        .collect();
    let mut actions = Vec::new();
    if !kept.is_empty() {
        actions.push(format!("{} {}", rows_named(&kept), keeps(kept.len())));
    }
    if !step.gain.is_empty() {
        let one = if step.gain.len() == 1 {
            "gains one"
        } else {
            "each gain one"
        };
        actions.push(format!("{} {one}", rows_named(&step.gain)));
    }
    if !given.is_empty() {
        actions.push(format!("{} {}", rows_named(&given), gives(given.len())));
    }
    let decision = match (step.newly_chosen.as_slice(), actions.is_empty()) {
        ([], true) => format!("So {chosen} stay without one"),
        ([], false) => format!("So {}", join_and(&actions)),
        (newly, _) => {
            let mut all = actions;
            all.push(format!(
                "choose {} too, which {} up {} group of {size}",
                rows_named(newly),
                if newly.len() == 1 { "gives" } else { "give" },
                if newly.len() == 1 { "its" } else { "their" },
            ));
            format!(
                "Too few rows are chosen to make up a full {}, so go down instead: {}",
                set_name(set),
                join_and(&all)
            )
        }
    };
    format!(
        "{name}: {in_all}. {} {are} chosen already, and {others}. {decision}: {now}.",
        capitalised(&chosen)
    )
}

/// "a full three", "2 full threes", "a full set of 4".
fn full(n: u64, set: u64) -> String {
    match n {
        1 => format!("a full {}", set_name(set)),
        n => format!("{n} {}", full_sets(set)),
    }
}

/// "keeps its own" or "keep theirs".
fn keeps(n: usize) -> &'static str {
    match n {
        1 => "keeps its own",
        _ => "keep theirs",
    }
}

/// "gives its group up" or "give theirs up".
fn gives(n: usize) -> &'static str {
    match n {
        1 => "gives its group up",
        _ => "give theirs up",
    }
}

/// Each changed row drawn before the move and after it.
fn before_and_after(sticks: &[u64], after: &[u64], mv: &MultiMove) -> Vec<DrawnRow> {
    let drawn = |label: String, n: u64| {
        let groups = split(n);
        DrawnRow {
            label,
            sticks: n,
            text: words::equation(n, &groups),
            groups,
            stand_in: TOO_MANY.to_string(),
            detail: None,
            stages: Vec::new(),
        }
    };
    mv.parts()
        .iter()
        .take(MOST_LISTED)
        .flat_map(|p| {
            let row = p.row();
            [
                drawn(format!("row {row} before"), sticks[p.pile]),
                drawn(format!("row {row} after"), after[p.pile]),
            ]
        })
        .collect()
}

/// The misère switch: making full sets would leave only rows of 0 or 1
/// stick with the wrong number of single sticks, so the endgame rule is
/// played instead.
fn switch(m: &Moore, s: &EndgameSwitch, position: &Position) -> Vec<Block> {
    let set = m.set_size();
    let ordinary = Position::new(s.ordinary.after.clone());
    let ones_left = s.ordinary.after.iter().filter(|&&n| n == 1).count() as u64;
    let mut lines = vec![
        format!(
            "Making {} would mean: {} ({}).",
            full_sets(set),
            told(&s.ordinary.mv),
            transition(position, &ordinary)
        ),
        format!(
            "But that leaves no row with more than one stick and {}: {}, not 1. In the endgame that lets your opponent win, so switch to the endgame rule: leave a number of rows with one stick that leaves 1 when divided by {set}.",
            rows_with_one(ones_left),
            divided(ones_left, set)
        ),
    ];
    let big = rows_named(&s.big_rows);
    let besides = format!(
        "Only {big} {} more than one stick; besides {} there {} {}.",
        if s.big_rows.len() == 1 { "has" } else { "have" },
        if s.big_rows.len() == 1 { "it" } else { "them" },
        if s.ones_elsewhere == 1 { "is" } else { "are" },
        rows_with_one(s.ones_elsewhere)
    );
    lines.push(besides);
    let emptied: Vec<usize> = s
        .big_rows
        .iter()
        .copied()
        .filter(|p| !s.left_at_one.contains(p))
        .collect();
    let mut actions = Vec::new();
    if !s.left_at_one.is_empty() {
        actions.push(format!("leave one stick in {}", rows_named(&s.left_at_one)));
    }
    if !emptied.is_empty() {
        actions.push(format!("empty {}", rows_named(&emptied)));
    }
    if !s.emptied_ones.is_empty() {
        actions.push(format!(
            "take the single {} from {} too",
            if s.emptied_ones.len() == 1 {
                "stick"
            } else {
                "sticks"
            },
            rows_named(&s.emptied_ones)
        ));
    }
    lines.push(format!(
        "So {}: that makes {}, and {}, so your opponent will have to take the last stick.",
        join_and(&actions),
        rows_with_one(s.ones_after),
        divided(s.ones_after, set)
    ));
    sentences(lines)
}

/// The rows in binary beside their groups, with each column's 1s counted:
/// the count is the number of groups of that size, and the position is
/// lost when every count is a multiple of K + 1.
pub(crate) fn binary_step(m: &Moore) -> Step {
    let set = m.set_size();
    let piles: Vec<u64> = m.rows.iter().map(|r| r.sticks).collect();
    let mut view = BinaryView::columns(&piles);
    view.rows = view.row_lines(&piles, MOST_LISTED, |p| {
        format!("groups {}", short_sum(&split(p)))
    });
    let counts: Vec<String> = view
        .sizes
        .iter()
        .map(|&s| {
            let ones = piles.iter().filter(|&&p| p & s != 0).count() as u64;
            format!("{s}s: {ones}")
        })
        .collect();
    let verdict = match m.left_over.as_slice() {
        [] => format!("Here every column's count is a multiple of {set}."),
        [size] => format!("Here the {size}s column's count is not."),
        sizes if sizes.len() > LONGEST_SUM => format!(
            "Here {} columns' counts are not; the biggest is the {}s.",
            sizes.len(),
            sizes[0]
        ),
        sizes => format!(
            "Here the counts of the {} columns are not.",
            and_list(sizes)
        ),
    };
    Step::aside(
        "The same in binary",
        vec![
            Block::sentence(
                "Each column is one group size: a 1 means the row has a group of that size.",
            ),
            Block::Binary(view),
            Block::note(format!(
                "Count the 1s in each column ({}): each count is the number of groups of that size. With moves from up to {}, the player to move loses when every column's count is a multiple of {set}{}. {verdict}",
                counts.join(", "),
                count(u64::from(m.rows_per_move.get()), "row"),
                match m.rule {
                    Rule::Misere => " (until the endgame, when no row has more than one stick)",
                    Rule::Normal => "",
                }
            )),
        ],
    )
}

/// "3 groups of 2, 3 groups of 1": the full sets left to the opponent.
fn full_list(m: &Moore) -> String {
    let list: Vec<String> = m
        .tally
        .iter()
        .filter(|t| t.count > 0)
        .map(|t| groups_of(t.count, t.size))
        .collect();
    match list.len() {
        0 => "no groups at all".to_string(),
        n if n > LONGEST_SUM => format!("{n} group sizes"),
        _ => list.join(", "),
    }
}

/// How to go on winning once every size is in full sets: `making`, and in
/// misère play the switch at the end.
fn keep_on(m: &Moore, making: &str) -> String {
    let making = making.to_string();
    match m.rule {
        Rule::Normal => making,
        Rule::Misere => {
            format!("{making}, and switch to the endgame rule when no row has more than one stick")
        }
    }
}

/// Why the position left to the opponent is lost for them.
pub(crate) fn leaves_lost(after: &Moore) -> String {
    let set = after.set_size();
    match &after.plan {
        MoorePlan::GameOver => "you took the last stick, and that wins in normal play.".to_string(),
        MoorePlan::Singles { ones, .. } => format!(
            "you leave {} and no bigger row: {}, so your opponent will have to take the last stick.",
            rows_with_one(*ones),
            divided(*ones, set)
        ),
        _ => format!(
            "every group size now comes in {} ({}), so your opponent cannot win if you {}.",
            full_sets(set),
            full_list(after),
            keep_on(after, &format!("keep making {}", full_sets(set)))
        ),
    }
}

/// Why the position left to the opponent is won for them.
pub(crate) fn leaves_won(after: &Moore) -> String {
    let set = after.set_size();
    match (&after.plan, after.left_over.first()) {
        (MoorePlan::GameOver, _) => {
            "you took the last stick, and in misère play that loses.".to_string()
        }
        (MoorePlan::Singles { ones, .. }, _) => format!(
            "you leave {} and no bigger row: {}, not 1, so your opponent can make you take the last stick.",
            rows_with_one(*ones),
            divided(*ones, set)
        ),
        (_, Some(_)) => format!(
            "after your move {} left out of {}, so your opponent can win from here.",
            left_over(after),
            full_sets(set)
        ),
        (_, None) => "your opponent can win from here.".to_string(),
    }
}

/// Every size left over, as the subject of a clause: "groups of 4 and 1
/// are", or when there are many, how many and the biggest.
fn left_over(m: &Moore) -> String {
    match m.left_over.as_slice() {
        [biggest, ..] if m.left_over.len() > LONGEST_SUM => format!(
            "groups of {} sizes, the biggest {biggest}, are",
            m.left_over.len()
        ),
        sizes => format!("groups of {} are", and_list(sizes)),
    }
}

/// What a move left, `after`, in a few words about the move for a
/// projector the whole class reads: "leaves groups of 4 and 1 out of full
/// threes", every size left over named.
pub(crate) fn brief(after: &Moore) -> String {
    let set = after.set_size();
    match (&after.plan, after.left_over.as_slice()) {
        (MoorePlan::GameOver, _) => "takes the last stick".to_string(),
        (MoorePlan::Singles { ones, .. }, _) => format!(
            "leaves {} and no bigger row: {}",
            rows_with_one(*ones),
            divided(*ones, set)
        ),
        (_, []) => format!("leaves every group size in {}", full_sets(set)),
        (_, [biggest, ..]) if after.left_over.len() > LONGEST_SUM => format!(
            "leaves groups of {} sizes out of {}, the biggest {biggest}",
            after.left_over.len(),
            full_sets(set)
        ),
        (_, sizes) => format!(
            "leaves groups of {} out of {}",
            and_list(sizes),
            full_sets(set)
        ),
    }
}

/// Why no move could win from `before`, a lost position.
pub(crate) fn why_lost(before: &Moore) -> String {
    let set = before.set_size();
    match &before.plan {
        MoorePlan::Singles { ones, .. } => format!(
            "{} one stick and no row had more: {}",
            match ones {
                1 => "1 row had".to_string(),
                n => format!("{n} rows had"),
            },
            divided(*ones, set)
        ),
        _ => format!("every group size already came in {}", full_sets(set)),
    }
}

/// Why the computer's move leaves the pupil lost.
pub(crate) fn computer_reason(after: &Moore) -> String {
    let set = after.set_size();
    match &after.plan {
        MoorePlan::Singles { ones, .. } => format!(
            "that leaves you {} and no bigger row: {}, so the last stick will be yours.",
            rows_with_one(*ones),
            divided(*ones, set)
        ),
        // Short sentences, one thought each, for a ten-year-old to read.
        _ => format!(
            "now every group size comes in {} ({}). Whatever you take, I can make {} again.{}",
            full_sets(set),
            full_list(after),
            full_sets(set),
            match after.rule {
                Rule::Normal => "",
                Rule::Misere =>
                    " When no row has more than one stick, I switch to the endgame rule.",
            }
        ),
    }
}

/// The four hints for a position whose move is `mv`: three in the
/// method's words, then the move.
pub(crate) fn hints(a: &Analysis, m: &Moore, mv: &MultiMove) -> Vec<String> {
    let mut stages = first_hints(m, mv, ending::settled(&a.position, &a.game));
    let label = match a.outcome {
        Outcome::Win => "Move",
        Outcome::Lose => words::lost_move_label(&a.position, &a.game),
    };
    stages.push(format!(
        "{label}: {} ({} → {}).",
        told(mv),
        words::position(&a.position),
        words::position(&a.after(mv))
    ));
    stages
}

/// Why the computer's move leaves the pupil lost, briefly, for when it has
/// been said before.
pub(crate) fn computer_short(m: &Moore) -> String {
    format!(
        "every group size is in full {} again.",
        plural(m.set_size())
    )
}

/// The first three hints, in the method's words; `settled` when nobody can
/// slip from here.
fn first_hints(m: &Moore, mv: &MultiMove, settled: bool) -> Vec<String> {
    let set = m.set_size();
    let gather = format!(
        "Make the groups and gather equal groups in {}: is any size left over?",
        plural(set)
    );
    let endgame = "How many rows have more than one stick? With none, it is the endgame.";
    let rows: Vec<usize> = mv.parts().iter().map(|p| p.pile).collect();
    let take_from = format!("Take from {}.", rows_named(&rows));
    let k = count(u64::from(m.rows_per_move.get()), "row");
    match &m.plan {
        MoorePlan::Build(c) => vec![
            gather,
            format!(
                "The biggest size left over is {}: work down from there, changing at most {k}.",
                c.largest
            ),
            take_from,
        ],
        MoorePlan::Switch(_) => vec![
            gather,
            format!(
                "Making {} would leave only rows of one stick. So use the endgame rule instead: leave a number of one-stick rows that is 1 more than a multiple of {set}.",
                full_sets(set)
            ),
            take_from,
        ],
        MoorePlan::AllInSets { .. } => vec![
            gather,
            format!(
                "Every group size comes in {}. Try a move in your head: which size is left over after it?",
                full_sets(set)
            ),
            format!(
                "{} to keep the game going.",
                take_from.trim_end_matches('.')
            ),
        ],
        MoorePlan::Singles { ones, take, .. } => vec![
            endgame.to_string(),
            format!(
                "No row has more than one stick, and there {} {}.",
                if *ones == 1 { "is" } else { "are" },
                rows_with_one(*ones)
            ),
            match take {
                0 if settled => format!(
                    "{}, so no move wins, and nobody can slip from here.",
                    capitalised(&divided(*ones, set))
                ),
                0 => format!(
                    "{}, so no move wins: take a stick and hope.",
                    capitalised(&divided(*ones, set))
                ),
                take => format!(
                    "Leave a number that leaves 1 when divided by {set}: take {}.",
                    count(*take, "stick")
                ),
            },
        ],
        MoorePlan::GameOver => Vec::new(),
    }
}

/// The computed answer to a question: the winning moves, or that none wins.
pub(crate) fn answer(outcome: Outcome, winning: Option<&WinningMoves>) -> String {
    let none = winning.is_none_or(|w| w.listed.is_empty());
    match (outcome, none) {
        (Outcome::Win, true) => "the game is over.".to_string(),
        (Outcome::Win, false) => match winning.map(|w| (w.listed.len(), &w.total)) {
            Some((1, Total::Exactly(1))) => {
                format!("the winning move is {}.", moves_list(winning))
            }
            _ => format!("the winning moves are: {}.", moves_list(winning)),
        },
        (Outcome::Lose, _) => "no move wins here: whatever you take, your opponent can win. Any move will do; try to keep the game going.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Move;

    fn mv(parts: &[(usize, u64)]) -> MultiMove {
        let parts = parts.iter().map(|&(row, take)| Move {
            pile: row - 1,
            take,
        });
        MultiMove::new(parts.collect())
    }

    #[test]
    fn long_moves_are_told_in_short() {
        let cases: &[(&[(usize, u64)], &str)] = &[
            (&[(2, 1), (3, 2)], "take 1 from row 2 and 2 from row 3"),
            (
                &[
                    (1, 1),
                    (2, 1),
                    (3, 1),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (7, 1),
                    (8, 1),
                    (9, 1),
                ],
                "take 1 from each of rows 1, 2, … 9 (9 rows)",
            ),
            (
                &[
                    (1, 1),
                    (2, 2),
                    (3, 1),
                    (4, 1),
                    (5, 1),
                    (6, 1),
                    (7, 1),
                    (8, 1),
                    (9, 1),
                ],
                "take sticks from rows 1, 2, … 9 (9 rows)",
            ),
        ];
        for &(parts, words) in cases {
            assert_eq!(told(&mv(parts)).replace('\u{a0}', " "), words);
        }
    }

    #[test]
    fn lists_say_how_many_more_there_are() {
        let two = vec![mv(&[(1, 1)]), mv(&[(2, 1), (3, 1)])];
        let list = |total| {
            moves_list(Some(&WinningMoves {
                listed: two.clone(),
                total,
            }))
        };
        assert_eq!(
            list(Total::Exactly(2)).replace('\u{a0}', " "),
            "take 1 from row 1; take 1 from row 2 and 1 from row 3"
        );
        assert!(list(Total::Exactly(7)).ends_with("; and 5 more moves"));
        assert!(list(Total::AtLeast(u128::MAX)).ends_with("; and too many more moves to count"));
        assert_eq!(moves_list(None), "not counted");
        let none = WinningMoves {
            listed: Vec::new(),
            total: Total::Exactly(0),
        };
        assert_eq!(moves_list(Some(&none)), "none");
    }

    #[test]
    fn sets_are_named_for_a_class() {
        assert_eq!(
            (full(1, 3), full(2, 5)),
            ("a full three".to_string(), "2 full sets of 5".to_string())
        );
        assert_eq!(
            (one_to(2), one_to(3)),
            ("1 or 2".to_string(), "1 to 3".to_string())
        );
        assert_eq!(divided(7, 3), "7 divided by 3 leaves 1");
    }
}

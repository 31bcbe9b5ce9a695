//! Moore's Nim (a move takes from up to K rows) against a plain search
//! written here, move by move, knowing nothing of groups: the outcome and
//! the winning moves must match for K = 1, 2 and 3 under both rules, on
//! random positions and on every position of up to 4 rows of up to 7. The
//! built move must be legal and winning, and with K = 1 everything must
//! equal the grouping method's answers, however big the rows. What the
//! class is told (the analysis and step 4 of the explanation) is held to
//! the library's own search as well.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::num::NonZeroU32;

use matchsticks::rules::moves::Move;
use matchsticks::rules::multi_move::MultiMove;
use matchsticks::rules::nim::Nim;
use matchsticks::rules::outcome::Outcome;
use matchsticks::rules::position::Position;
use matchsticks::rules::rule::Rule;
use matchsticks::solve::grouping::Grouping;
use matchsticks::solve::moore::{Moore, MoorePlan};
use matchsticks::solve::moore_count::{LISTED_MOVES, Total, WinningMoves};
use matchsticks::solve::search::{Budget, Solver};
use matchsticks::teach::analysis::{Analysis, Extras};
use matchsticks::teach::document::{Block, Document, MoveBlock};
use matchsticks::teach::explain::{Options, explain};
use proptest::prelude::*;

/// Every move from up to `k` rows: each nonempty set of at most `k` rows
/// with sticks, and each way of leaving fewer sticks in every one of them.
fn every_move(piles: &[u64], k: usize) -> Vec<MultiMove> {
    let live: Vec<usize> = (0..piles.len()).filter(|&p| piles[p] > 0).collect();
    let mut moves = Vec::new();
    for chosen in 1u32..1 << live.len() {
        if chosen.count_ones() as usize > k {
            continue;
        }
        let rows: Vec<usize> = (0..live.len())
            .filter(|&i| chosen >> i & 1 == 1)
            .map(|i| live[i])
            .collect();
        let mut parts: Vec<Vec<Move>> = vec![Vec::new()];
        for &pile in &rows {
            parts = parts
                .into_iter()
                .flat_map(|done| {
                    (1..=piles[pile]).map(move |take| {
                        let mut more = done.clone();
                        more.push(Move { pile, take });
                        more
                    })
                })
                .collect();
        }
        moves.extend(parts.into_iter().map(MultiMove::new));
    }
    moves
}

/// The position after `mv`, worked out here rather than by the library.
fn after(piles: &[u64], mv: &MultiMove) -> Vec<u64> {
    let mut next = piles.to_vec();
    for part in mv.parts() {
        next[part.pile] -= part.take;
    }
    next
}

/// A remembering search over every position reachable in one game.
struct Search {
    k: usize,
    rule: Rule,
    /// Whether the player to move wins, by sorted rows.
    won: HashMap<Vec<u64>, bool>,
}

impl Search {
    fn wins(&mut self, piles: &[u64]) -> bool {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(&won) = self.won.get(&key) {
            return won;
        }
        let moves = every_move(&key, self.k);
        let won = match moves.is_empty() {
            // No move left: in misère the other player took the last stick.
            true => self.rule == Rule::Misere,
            false => moves.iter().any(|mv| !self.wins(&after(&key, mv))),
        };
        self.won.insert(key, won);
        won
    }

    fn winning_moves(&mut self, piles: &[u64]) -> BTreeSet<MultiMove> {
        every_move(piles, self.k)
            .into_iter()
            .filter(|mv| !self.wins(&after(piles, mv)))
            .collect()
    }
}

thread_local! {
    // One search per K and rule, shared by the cases on this thread, so
    // each small position is searched once.
    static SEARCHES: RefCell<HashMap<(usize, Rule), Search>> = RefCell::new(HashMap::new());
}

fn with_search<T>(k: u32, rule: Rule, f: impl FnOnce(&mut Search) -> T) -> T {
    SEARCHES.with(|searches| {
        let mut searches = searches.borrow_mut();
        let search = searches
            .entry((k as usize, rule))
            .or_insert_with(|| Search {
                k: k as usize,
                rule,
                won: HashMap::new(),
            });
        f(search)
    })
}

fn game(k: u32, rule: Rule) -> Nim {
    Nim {
        rows_per_move: k,
        ..Nim::new(rule)
    }
}

fn nonzero(k: u32) -> NonZeroU32 {
    NonZeroU32::new(k).unwrap()
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![Just(Rule::Misere), Just(Rule::Normal)]
}

fn small_position() -> impl Strategy<Value = Position> {
    prop::collection::vec(0u64..=7, 0..=4).prop_map(Position::new)
}

fn big_position() -> impl Strategy<Value = Position> {
    // Mix huge rows with tiny ones so the misère endgame also turns up.
    let pile = prop_oneof![any::<u64>(), 0u64..=3];
    prop::collection::vec(pile, 1..=40).prop_map(Position::new)
}

fn few_huge_rows() -> impl Strategy<Value = Position> {
    let pile = prop_oneof![any::<u64>(), 0u64..=3];
    prop::collection::vec(pile, 1..=8).prop_map(Position::new)
}

/// Whether every size occurs a multiple of `k + 1` times, counted here bit
/// by bit, or in the misère endgame whether the single sticks leave
/// remainder 1: the rule the search confirms on small positions.
fn lost_by_the_rule(piles: &[u64], k: u32, rule: Rule) -> bool {
    let set = u64::from(k) + 1;
    let ones = piles.iter().filter(|&&p| p == 1).count() as u64;
    match (rule, piles.iter().all(|&p| p <= 1)) {
        (Rule::Misere, true) => ones % set == 1,
        _ => (0..64).all(|bit| {
            (piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u64).is_multiple_of(set)
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn outcome_and_every_winning_move_match_the_search(
        position in small_position(),
        k in 1u32..=3,
        rule in rule(),
    ) {
        let m = Moore::new(&position, rule, nonzero(k));
        let (won, expected) = with_search(k, rule, |s| (s.wins(position.piles()), s.winning_moves(position.piles())));
        let outcome = if won { Outcome::Win } else { Outcome::Lose };
        prop_assert_eq!(m.outcome(), outcome);
        let found = m.winning_moves().unwrap();
        prop_assert_eq!(found.total, Total::Exactly(expected.len() as u128));
        // The set is ordered as moves are, so this also checks the order of
        // the list and where a long list stops.
        let first: Vec<MultiMove> = expected.into_iter().take(LISTED_MOVES).collect();
        prop_assert_eq!(found.listed, first);
    }

    #[test]
    fn the_recommended_move_is_legal_and_wins_when_possible(
        position in small_position(),
        k in 1u32..=3,
        rule in rule(),
    ) {
        let m = Moore::new(&position, rule, nonzero(k));
        match m.recommended() {
            None => prop_assert!(position.is_over()),
            Some(mv) => {
                let next = position.play_multi(&mv, &game(k, rule));
                prop_assert!(next.is_ok(), "{} is illegal: {:?}", mv, next);
                if m.outcome() == Outcome::Win {
                    let lost = with_search(k, rule, |s| !s.wins(next.unwrap().piles()));
                    prop_assert!(lost, "{} does not win", mv);
                }
            }
        }
    }

    #[test]
    fn built_moves_on_huge_rows_are_legal_and_leave_a_lost_position(
        position in big_position(),
        k in 1u32..=4,
        rule in rule(),
    ) {
        let m = Moore::new(&position, rule, nonzero(k));
        prop_assert_eq!(m.outcome() == Outcome::Lose, lost_by_the_rule(position.piles(), k, rule));
        let Some(mv) = m.recommended() else {
            return Ok(());
        };
        let next = position.play_multi(&mv, &game(k, rule)).unwrap();
        if m.outcome() == Outcome::Win {
            prop_assert!(lost_by_the_rule(next.piles(), k, rule), "{} from {}", mv, position);
        }
        if let MoorePlan::Build(c) = &m.plan {
            let set = u64::from(k) + 1;
            prop_assert!(c.steps.iter().all(|s| s.after.is_multiple_of(set) && s.free.len() + s.newly_chosen.len() <= k as usize));
            prop_assert_eq!(c.steps.len() as u32, c.largest.trailing_zeros() + 1);
        }
    }

    #[test]
    fn one_row_per_move_is_the_grouping_method(position in big_position(), rule in rule()) {
        let m = Moore::new(&position, rule, nonzero(1));
        let g = Grouping::new(&position, rule);
        prop_assert_eq!(m.outcome(), g.outcome());
        prop_assert_eq!(m.recommended(), g.recommended().map(MultiMove::from));
        let found = m.winning_moves().unwrap();
        let expected: Vec<MultiMove> = g.winning_moves().into_iter().map(MultiMove::from).collect();
        prop_assert_eq!(found.total, Total::Exactly(expected.len() as u128));
        prop_assert_eq!(found.listed, expected);
    }
}

proptest! {
    // Listing a thousand moves from rows of 64 bits is the slow part, so
    // fewer cases, on fewer rows.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn listed_moves_on_huge_rows_win(position in few_huge_rows(), k in 2u32..=3, rule in rule()) {
        let m = Moore::new(&position, rule, nonzero(k));
        let found = m.winning_moves().unwrap();
        prop_assert_eq!(found.listed.is_empty(), m.outcome() == Outcome::Lose || position.is_over());
        if let Total::Exactly(n) = found.total {
            prop_assert!(n >= found.listed.len() as u128);
        }
        for mv in &found.listed {
            let next = position.play_multi(mv, &game(k, rule)).unwrap();
            prop_assert!(lost_by_the_rule(next.piles(), k, rule), "{} from {}", mv, position);
        }
    }
}

/// Every position of up to 4 rows of up to 7 sticks, rows in ascending
/// order (the game does not care about their order).
fn sorted_positions() -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut frontier: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..4 {
        frontier = frontier
            .into_iter()
            .flat_map(|p| {
                let low = p.last().copied().unwrap_or(0);
                (low..=7).map(move |n| [p.clone(), vec![n]].concat())
            })
            .collect();
        all.extend(frontier.iter().cloned());
    }
    all
}

#[test]
fn every_small_position_agrees_with_the_search() {
    // The rule the method states, misère endgame included, holds on every
    // position of this size, not only on the random ones.
    for k in 1..=3 {
        for rule in [Rule::Misere, Rule::Normal] {
            for piles in sorted_positions() {
                let m = Moore::new(&Position::new(piles.clone()), rule, nonzero(k));
                let (won, expected) =
                    with_search(k, rule, |s| (s.wins(&piles), s.winning_moves(&piles)));
                let outcome = if won { Outcome::Win } else { Outcome::Lose };
                assert_eq!(m.outcome(), outcome, "{piles:?} K={k} {rule:?}");
                let found = m.winning_moves().unwrap();
                assert_eq!(
                    found.total,
                    Total::Exactly(expected.len() as u128),
                    "{piles:?} K={k} {rule:?}"
                );
            }
        }
    }
}

/// The library's own referee for Moore's Nim: the game-tree search, which
/// knows nothing of groups.
fn referee(k: u32, rule: Rule) -> Solver {
    Solver::for_game(game(k, rule), Budget::default())
}

/// The move the explanation's step 4 shows.
fn explained_move(doc: &Document) -> Option<MoveBlock> {
    doc.steps
        .iter()
        .filter(|s| s.number == Some(4))
        .flat_map(|s| &s.blocks)
        .find_map(|b| match b {
            Block::Move(m) => Some(m.clone()),
            _ => None,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// What the class is told, against the library's search: who wins,
    /// every winning move, and a move in step 4 that is legal (at most K
    /// rows, each only made smaller) and leaves the opponent lost.
    #[test]
    fn the_explanation_agrees_with_the_search(
        position in small_position(),
        k in 1u32..=3,
        rule in rule(),
    ) {
        let g = game(k, rule);
        let a = Analysis::new(position.clone(), g.clone(), Extras::default()).unwrap();
        let mut search = referee(k, rule);
        let solved = search.solve(position.piles()).unwrap();
        prop_assert_eq!(a.outcome, solved.outcome);
        let expected: BTreeSet<MultiMove> = every_move(position.piles(), k as usize)
            .into_iter()
            .filter(|mv| {
                let next = after(position.piles(), mv);
                search.solve(&next).unwrap().outcome == Outcome::Lose
            })
            .collect();
        let WinningMoves { listed, total } = a.winning.clone().unwrap();
        prop_assert_eq!(total, Total::Exactly(expected.len() as u128));
        prop_assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
        let doc = explain(&a, Options::default());
        let Some(shown) = explained_move(&doc) else {
            prop_assert!(position.is_over(), "no move shown for {}", position);
            return Ok(());
        };
        let parts = &shown.parts;
        prop_assert!(!parts.is_empty() && parts.len() <= k as usize, "{:?}", parts);
        let mut rows = position.piles().to_vec();
        for p in parts {
            prop_assert!(p.take >= 1 && p.take <= rows[p.row - 1], "{:?} from {}", parts, position);
            rows[p.row - 1] -= p.take;
        }
        prop_assert_eq!(&rows, &shown.to);
        if a.outcome == Outcome::Win {
            prop_assert_eq!(search.solve(&shown.to).unwrap().outcome, Outcome::Lose, "{:?}", parts);
        }
    }
}

#[test]
fn hints_name_the_move_only_at_the_last_stage() {
    use matchsticks::teach::hints::hints;
    use matchsticks::teach::method::moore::told;
    for (piles, k, rule) in [
        (&[3, 5, 6][..], 2, Rule::Normal),
        (&[1, 2, 3], 2, Rule::Misere),
        (&[3, 3, 3], 2, Rule::Normal),
        (&[1, 1, 1, 1, 1], 2, Rule::Misere),
        (&[1, 1, 1, 1], 2, Rule::Misere),
        (&[7, 7, 7, 6], 3, Rule::Normal),
    ] {
        let a = Analysis::new(
            Position::new(piles.to_vec()),
            game(k, rule),
            Extras::default(),
        )
        .unwrap();
        let stages = hints(&a);
        let mv = told(a.best.as_ref().unwrap());
        assert_eq!(stages.len(), 4, "{piles:?}");
        assert!(
            stages[..3]
                .iter()
                .all(|s| !s.contains(&mv) && !s.contains('→')),
            "{stages:?}"
        );
        assert!(stages[3].contains(&mv), "{stages:?}");
    }
    let over = Analysis::new(
        Position::new(vec![0, 0]),
        game(2, Rule::Normal),
        Extras::default(),
    );
    assert!(hints(&over.unwrap()).is_empty());
}

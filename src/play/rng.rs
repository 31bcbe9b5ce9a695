//! A small seeded random number generator (SplitMix64), so that a game
//! against the computer at a lower level can be replayed exactly.

/// A deterministic stream of pseudo-random numbers.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A stream that always starts the same way for the same seed.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next number.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n - 1`; `n` must be at least 1.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift maps the full range onto 0..n with negligible bias.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// True with the given chance, in percent.
    pub(crate) fn percent(&mut self, chance: u64) -> bool {
        self.below(100) < chance
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_from_a_seed() {
        let a: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn stays_in_range() {
        let mut r = Rng::new(1);
        assert!((0..1000).all(|_| r.below(3) < 3));
        assert!((0..1000).all(|_| r.below(u64::MAX) < u64::MAX));
        assert_eq!(r.below(1), 0);
    }
}

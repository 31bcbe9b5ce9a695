//! How often a pupil may send an answer, a hint or a move: a few at once,
//! then a steady few a second, so that one device, or a finger held on a
//! button, cannot keep the server from the rest of the class.
//!
//! Each pupil has a bucket of [`ANSWER_BURST`] requests that fills again
//! at [`ANSWERS_A_SECOND`]; a request finding it empty is refused at once
//! and told to come back in a second. It is kept as the time the bucket
//! will next be full (the generic cell rate algorithm), so it is one
//! instant per pupil and needs no timer.

use std::time::{Duration, Instant};

/// The requests a pupil may send at once.
pub(crate) const ANSWER_BURST: u32 = 3;

/// The requests a pupil may send each second, after the first few.
pub(crate) const ANSWERS_A_SECOND: u32 = 2;

/// The seconds a refused request is told to wait.
pub(crate) const RETRY_AFTER: u64 = 1;

/// One pupil's bucket.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bucket {
    /// When the bucket is full again, counting every request let through.
    full_at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub(crate) fn new(now: Instant) -> Bucket {
        Bucket { full_at: now }
    }

    /// Takes one request from the bucket at `now`, or says it is empty.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        let each = Duration::from_secs(1) / ANSWERS_A_SECOND;
        let full_at = self.full_at.max(now) + each;
        match full_at.saturating_duration_since(now) <= each * ANSWER_BURST {
            true => {
                self.full_at = full_at;
                true
            }
            false => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_a_steady_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new(start);
        let at = |ms: u64| start + Duration::from_millis(ms);
        // The burst, all at once; then nothing until half a second on.
        let cases: &[(u64, bool)] = &[
            (0, true),
            (0, true),
            (0, true),
            (0, false),
            (400, false),
            (500, true),
            (500, false),
            (1000, true),
            (1200, false),
            (1500, true),
            // A pause of three seconds fills the bucket again, no fuller.
            (4500, true),
            (4500, true),
            (4500, true),
            (4500, false),
        ];
        for &(ms, allowed) in cases {
            assert_eq!(bucket.take(at(ms)), allowed, "at {ms} ms");
        }
    }

    #[test]
    fn over_a_long_run_two_a_second_get_through() {
        let start = Instant::now();
        let mut bucket = Bucket::new(start);
        // Asking every 10 ms for ten seconds.
        let through = (0..1000)
            .filter(|i| bucket.take(start + Duration::from_millis(10 * i)))
            .count();
        let most = ANSWER_BURST + 10 * ANSWERS_A_SECOND;
        assert!((most - 1..=most).contains(&(through as u32)), "{through}");
    }
}

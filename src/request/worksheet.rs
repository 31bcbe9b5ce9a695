//! A worksheet asked for from the command line or the page: its positions
//! chosen by the seeded generator, so the same seed gives the same sheet
//! however it was asked for.

use crate::play::rng::Rng;
use crate::teach::worksheet::settings::Settings;
use crate::teach::worksheet::{SheetError, Worksheet};

/// The sheet `settings` ask for, chosen with the generator seeded with
/// `settings.seed`.
pub fn worksheet(settings: &Settings) -> Result<Worksheet, SheetError> {
    let mut rng = Rng::new(settings.seed);
    Worksheet::build(settings, &mut |n| rng.below(n))
}

//! Runs the real `matchsticks` binary on the transcripts in `tests/cmd` and
//! on every console example in the README, comparing output and exit codes.
//! Refresh the expected output with `TRYCMD=overwrite cargo test --test cli`
//! and read the diff before committing it.

#[test]
fn transcripts() {
    trycmd::TestCases::new()
        .case("tests/cmd/*.md")
        .case("tests/cmd/*.toml")
        .case("README.md");
}

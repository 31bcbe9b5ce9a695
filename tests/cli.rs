//! Runs the real `matchsticks` binary on the transcripts in `tests/cmd` and
//! on every console example in the README and the book (`docs/src`),
//! comparing output and exit codes.
//! `tests/cmd/stdin` holds cases fed on standard input, and
//! `tests/cmd/teaching` the classroom conversations: hints, answers typed
//! the way pupils type them, and reviews; `tests/cmd/handouts` the Markdown
//! handouts, whose code blocks would end a Markdown transcript.
//! Refresh the expected output with `TRYCMD=overwrite cargo test --test cli`
//! and read the diff before committing it.

#[test]
fn transcripts() {
    trycmd::TestCases::new()
        .case("tests/cmd/*.md")
        .case("tests/cmd/*.toml")
        .case("tests/cmd/stdin/*.toml")
        .case("tests/cmd/teaching/*.toml")
        .case("tests/cmd/handouts/*.toml")
        .case("README.md")
        .case("docs/src/*.md");
}

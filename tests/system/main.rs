//! Tests that need more than the Rust toolchain: tools from Debian (pdftotext, prlimit, chromium
//! and chromedriver) or the release binary. Each is `#[ignore]`d with what it needs; `.ci/run`
//! installs the tools, builds the release binary and runs them with `cargo test -- --ignored`
//! on the same debug build, where a missing tool fails the test. The PDF text checks stand
//! with the report tests in `io::reports`, ignored in the same way.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod file_limit;
mod limits;
mod players_page;
mod season;

use std::path::{Path, PathBuf};

/// `target/release/coldsteel`, or `COLDSTEEL_RELEASE_BIN`: these tests fail without it.
fn release_bin() -> PathBuf {
    let bin = std::env::var_os("COLDSTEEL_RELEASE_BIN")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/coldsteel"), PathBuf::from);
    assert!(bin.is_file(), "{} is missing: build it with `cargo build --release`", bin.display());
    bin
}

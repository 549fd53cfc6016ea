//! `coldsteel-cli`: the same program as `coldsteel`, built as a console program, so that
//! on Windows its commands print in the terminal and keep their exit codes (issue 30).
#![deny(clippy::wildcard_enum_match_arm)]

#[path = "../cli.rs"]
mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

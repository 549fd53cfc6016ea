//! The `coldsteel` binary: the window, and the same command line. On Windows it is a
//! windowed program, so that a double click opens no console beside the window; its
//! commands print nothing to a terminal there, so the package carries `coldsteel-cli.exe`,
//! the same program built as a console one (issue 30).
#![cfg_attr(windows, windows_subsystem = "windows")]
#![deny(clippy::wildcard_enum_match_arm)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}

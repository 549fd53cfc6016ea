//! Summaries as plain data, then text and JSON (and later Markdown and PDF).

pub mod campaign;
pub mod map;
pub mod markdown;
mod narrative;
pub mod pdf;
pub mod summary;

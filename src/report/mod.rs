//! Battle summaries as plain data, then Markdown, text and PDF.

//! A report as Markdown and as plain text.

use super::summary::{Block, Report};

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// Where a map stands in the formats that draw none: the table and what is on it.
fn map_note(scene: &super::map::Scene) -> String {
    let units = scene
        .marks
        .iter()
        .filter(|m| matches!(m, super::map::Mark::Text { min_width_cm, .. } if *min_width_cm > 0.0))
        .count();
    format!("[{:.0} × {:.0} cm · {units} · PDF]", scene.width_cm, scene.depth_cm)
}

/// Markdown.
pub fn to_markdown(r: &Report) -> String {
    let mut out = String::new();
    for block in r.flat() {
        match block {
            Block::Title(t) => out.push_str(&format!("# {t}\n\n")),
            Block::Heading(t) => out.push_str(&format!("## {t}\n\n")),
            Block::Subheading(t) => out.push_str(&format!("### {t}\n\n")),
            Block::Para(t) => out.push_str(&format!("{t}\n\n")),
            Block::Lines(lines) => {
                out.push_str("```\n");
                for l in lines {
                    out.push_str(l.trim_end());
                    out.push('\n');
                }
                out.push_str("```\n\n");
            }
            Block::Table { header, rows } => {
                out.push_str(&format!("| {} |\n", header.iter().map(|h| md_cell(h)).collect::<Vec<_>>().join(" | ")));
                out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
                for row in rows {
                    out.push_str(&format!("| {} |\n", row.iter().map(|c| md_cell(c)).collect::<Vec<_>>().join(" | ")));
                }
                out.push('\n');
            }
            Block::LossChart { header, turns, total } => {
                let [turn, first, second] = header.each_ref().map(|h| md_cell(h));
                out.push_str(&format!("| {turn} | {first} | {second} |\n|---|---|---|\n"));
                for (t, a, b) in turns {
                    out.push_str(&format!("| {t} | {a} | {b} |\n"));
                }
                let (a, b) = chart_total(turns);
                out.push_str(&format!("| {} | {a} | {b} |\n\n", md_cell(total)));
            }
            Block::Tally { rows } => {
                for (name, now, start) in rows {
                    out.push_str(&format!("- {} — {now}/{start} {}\n", md_cell(name), "☐".repeat(*now as usize)));
                }
                out.push('\n');
            }
            Block::PageBreak => out.push_str("---\n\n"),
            Block::Map(scene) => out.push_str(&format!("{}\n\n", map_note(scene))),
            Block::KeepTogether(_) => {}
        }
    }
    out
}

/// The losses of each side over all turns.
pub fn chart_total(turns: &[(u32, u32, u32)]) -> (u32, u32) {
    turns.iter().fold((0u32, 0u32), |(f, s), (_, a, b)| (f.saturating_add(*a), s.saturating_add(*b)))
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Aligned columns of a table.
pub fn table_lines(header: &[String], rows: &[Vec<String>]) -> Vec<String> {
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for row in rows {
        for (i, c) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(width(c));
            }
        }
    }
    let line = |cells: &[String]| {
        cells.iter().zip(&widths).map(|(c, w)| pad(c, *w)).collect::<Vec<_>>().join("  ").trim_end().to_owned()
    };
    let mut out = vec![line(header)];
    out.push(widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("  "));
    out.extend(rows.iter().map(|r| line(r)));
    out
}

/// The width plain-text paragraphs wrap at, in characters.
const TEXT_WIDTH: usize = 100;

/// Plain text.
pub fn to_text(r: &Report) -> String {
    let mut out = String::new();
    for block in r.flat() {
        match block {
            Block::Title(t) => out.push_str(&format!("{t}\n{}\n\n", "=".repeat(width(t)))),
            Block::Heading(t) => out.push_str(&format!("{t}\n{}\n\n", "-".repeat(width(t)))),
            Block::Subheading(t) => out.push_str(&format!("{t}\n\n")),
            // Wrapped to a printable width; words are never split.
            Block::Para(t) => {
                for line in super::pdf::wrap(t, TEXT_WIDTH) {
                    out.push_str(&line);
                    out.push('\n');
                }
                // A blank line after, as after every other block.
                out.push('\n');
            }
            Block::Lines(lines) => {
                for l in lines {
                    out.push_str(&format!("    {}\n", l.trim()));
                }
                out.push('\n');
            }
            Block::Table { header, rows } => {
                for l in table_lines(header, rows) {
                    out.push_str(&l);
                    out.push('\n');
                }
                out.push('\n');
            }
            Block::LossChart { header, turns, total } => {
                for (t, a, b) in turns {
                    out.push_str(&format!("{} {t:>3}  {}: {a:<4} {}: {b}\n", header[0], header[1], header[2]));
                }
                let (a, b) = chart_total(turns);
                out.push_str(&format!("{total}  {}: {a:<4} {}: {b}\n\n", header[1], header[2]));
            }
            Block::Tally { rows } => {
                for (name, now, start) in rows {
                    out.push_str(&format!("{name}  {now}/{start}  {}\n", "[ ]".repeat(*now as usize)));
                }
                out.push('\n');
            }
            Block::PageBreak => out.push_str("\n\n"),
            Block::Map(scene) => out.push_str(&format!("{}\n\n", map_note(scene))),
            Block::KeepTogether(_) => {}
        }
    }
    out
}

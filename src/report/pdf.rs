//! A report as PDF (krilla): A4 pages, the fixed-width Hack font for text and tables and
//! Ubuntu Light for headings, both embedded as subsets with Cyrillic. Every character is
//! checked against the font before it is written, so nothing prints as a blank or a box.

use std::sync::Arc;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::text::{Font, TextDirection};
use skrifa::MetadataProvider;
use thiserror::Error;

use super::markdown::table_lines;
use super::summary::{Block, Report};

const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN: f32 = 42.0;
const BODY: f32 = 8.5;
/// Hack's advance is 1233 of 2048 units per em.
const MONO_ADVANCE: f32 = 1233.0 / 2048.0;

/// The PDF could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PdfError {
    /// An embedded font does not read.
    #[error("cannot make the PDF: the embedded font cannot be read")]
    Font,
    /// The page size was refused.
    #[error("cannot make the PDF: page size")]
    PageSize,
    /// The PDF writer refused the document (its own words, for logs).
    #[error("cannot make the PDF: {0}")]
    Writer(String),
}

impl PdfError {
    /// Why the PDF could not be made, in words.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        use crate::i18n::T;
        match self {
            PdfError::Font => lang.t(T::PdfFont).to_owned(),
            PdfError::PageSize | PdfError::Writer(_) => lang.t(T::PdfWriter).to_owned(),
        }
    }
}

struct Fonts {
    mono: Font,
    heading: Font,
    mono_bytes: &'static [u8],
    heading_bytes: &'static [u8],
}

fn font(bytes: &'static [u8]) -> Result<Font, PdfError> {
    Font::new(Arc::new(bytes.to_vec()).into(), 0).ok_or(PdfError::Font)
}

/// Replaces characters the font lacks with `?`.
fn covered(bytes: &[u8], text: &str) -> String {
    let Ok(f) = skrifa::FontRef::new(bytes) else { return text.to_owned() };
    let map = f.charmap();
    text.chars().map(|c| if c == ' ' || map.map(c).is_some() { c } else { '?' }).collect()
}

struct Writer<'a> {
    doc: Document,
    pages: Vec<Vec<Op>>,
    y: f32,
    fonts: &'a Fonts,
}

enum Op {
    Text { x: f32, y: f32, size: f32, mono: bool, gray: u8, text: String },
    Rect { x: f32, y: f32, w: f32, h: f32, color: (u8, u8, u8), filled: bool },
    Path { points: Vec<(f32, f32)>, closed: bool, color: (u8, u8, u8), filled: bool },
}

impl Writer<'_> {
    fn room(&mut self, h: f32) {
        if self.y + h > PAGE_H - MARGIN || self.pages.is_empty() {
            self.pages.push(Vec::new());
            self.y = MARGIN;
        }
    }

    fn text(&mut self, x: f32, size: f32, mono: bool, gray: u8, text: &str) {
        self.room(size * 1.4);
        let bytes = if mono { self.fonts.mono_bytes } else { self.fonts.heading_bytes };
        let text = covered(bytes, text);
        let y = self.y + size;
        if let Some(page) = self.pages.last_mut() {
            page.push(Op::Text { x, y, size, mono, gray, text });
        }
        self.y += size * 1.4;
    }

    fn wrapped(&mut self, x: f32, size: f32, text: &str) {
        let per_line = ((PAGE_W - MARGIN - x) / (size * MONO_ADVANCE)).floor().max(10.0) as usize;
        for line in wrap(text, per_line) {
            self.text(x, size, true, 0, &line);
        }
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: (u8, u8, u8), filled: bool) {
        if let Some(page) = self.pages.last_mut() {
            page.push(Op::Rect { x, y, w, h, color, filled });
        }
    }
}

/// Greedy word wrap at `width` characters.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn block(w: &mut Writer<'_>, b: &Block) {
    match b {
        Block::Title(t) => {
            w.room(40.0);
            w.text(MARGIN, 18.0, false, 0, t);
            w.y += 4.0;
        }
        Block::Heading(t) => {
            w.y += 6.0;
            w.room(40.0);
            w.text(MARGIN, 13.0, false, 0, t);
        }
        Block::Subheading(t) => {
            w.y += 3.0;
            w.room(30.0);
            w.text(MARGIN, 10.5, false, 40, t);
        }
        Block::Para(t) => w.wrapped(MARGIN, BODY, t),
        Block::Lines(lines) => {
            for l in lines {
                w.wrapped(MARGIN + 18.0, BODY - 1.0, l.trim());
            }
            w.y += 3.0;
        }
        Block::Table { header, rows } => table(w, header, rows),
        Block::LossChart { header, turns, total } => chart(w, header, turns, total),
        Block::Tally { rows } => tally(w, rows),
        Block::PageBreak => w.y = PAGE_H,
        Block::Map(scene) => map(w, scene),
        Block::KeepTogether(inner) => {
            let height = measure(w.fonts, inner);
            if height <= PAGE_H - 2.0 * MARGIN {
                w.room(height);
            }
            for b in inner {
                block(w, b);
            }
        }
    }
}

fn embedded_fonts() -> Result<Fonts, PdfError> {
    Ok(Fonts {
        mono: font(epaint_default_fonts::HACK_REGULAR)?,
        heading: font(epaint_default_fonts::UBUNTU_LIGHT)?,
        mono_bytes: epaint_default_fonts::HACK_REGULAR,
        heading_bytes: epaint_default_fonts::UBUNTU_LIGHT,
    })
}

/// The report's blocks placed on pages (at least one).
fn laid_out<'a>(report: &Report, fonts: &'a Fonts) -> Writer<'a> {
    let mut w = Writer { doc: Document::new(), pages: Vec::new(), y: PAGE_H, fonts };
    for b in &report.blocks {
        block(&mut w, b);
    }
    if w.pages.is_empty() {
        w.pages.push(Vec::new());
    }
    w
}

/// How many A4 pages the report takes as PDF.
pub fn page_count(report: &Report) -> Result<usize, PdfError> {
    let fonts = embedded_fonts()?;
    Ok(laid_out(report, &fonts).pages.len())
}

/// How tall blocks are when laid out on a fresh page (a page or more when they do not fit).
fn measure(fonts: &Fonts, blocks: &[Block]) -> f32 {
    let mut dry = Writer { doc: Document::new(), pages: vec![Vec::new()], y: MARGIN, fonts };
    for b in blocks {
        block(&mut dry, b);
    }
    (dry.pages.len().saturating_sub(1)) as f32 * PAGE_H + dry.y - MARGIN
}

/// A table in fixed-width columns, shrunk to fit the page width.
fn table(w: &mut Writer<'_>, header: &[String], rows: &[Vec<String>]) {
    let lines = table_lines(header, rows);
    let chars = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1).max(1) as f32;
    let size = ((PAGE_W - 2.0 * MARGIN) / (chars * MONO_ADVANCE)).clamp(5.0, BODY);
    for (i, l) in lines.iter().enumerate() {
        w.text(MARGIN, size, true, if i < 2 { 60 } else { 0 }, l);
    }
    w.y += 4.0;
}

/// Losses per side by turn: a row a turn, each side's bar in its own column with its
/// number beside it, so the text reads "turn, first, second" like the summary table.
fn chart(w: &mut Writer<'_>, header: &[String; 3], turns: &[(u32, u32, u32)], total: &str) {
    let colors = [(66, 133, 244), (76, 175, 80)];
    let max = turns.iter().map(|t| t.1.max(t.2)).max().unwrap_or(0).max(1) as f32;
    let first_col = MARGIN + 60.0;
    let col_w = (PAGE_W - MARGIN - first_col) / 2.0;
    let bar_w = col_w - 40.0;
    let row = |w: &mut Writer<'_>, first: &str, cells: [(String, f32); 2], heading: bool| {
        w.room(BODY * 1.6);
        let y = w.y;
        w.text(MARGIN, BODY, true, if heading { 60 } else { 0 }, first);
        for (j, (label, len)) in cells.iter().enumerate() {
            let x = first_col + j as f32 * col_w;
            if heading {
                w.rect(x, y + 2.0, 8.0, 8.0, colors[j], true);
            } else if *len > 0.0 {
                w.rect(x, y + 2.0, len.max(1.0), 8.0, colors[j], true);
            }
            w.y = y;
            let gap = if heading { 12.0 } else { len + 4.0 };
            w.text(x + gap, BODY, true, if heading { 60 } else { 0 }, label);
        }
        w.y = y + BODY * 1.6;
    };
    row(w, &header[0], [(header[1].clone(), 0.0), (header[2].clone(), 0.0)], true);
    for (turn, a, b) in turns {
        let cell = |n: u32| (n.to_string(), bar_w * n as f32 / max);
        row(w, &turn.to_string(), [cell(*a), cell(*b)], false);
    }
    let (a, b) = super::markdown::chart_total(turns);
    row(w, total, [(a.to_string(), 0.0), (b.to_string(), 0.0)], false);
    w.y += 4.0;
}

/// Units with strength and a box per figure, to tick off at the table.
fn tally(w: &mut Writer<'_>, rows: &[(String, u32, u32)]) {
    let per_row = ((PAGE_W - 2.0 * MARGIN) / 11.0).floor().max(1.0) as u32;
    for (name, now, start) in rows {
        w.y += 4.0;
        w.text(MARGIN, BODY + 1.0, true, 0, &format!("{name}   {now}/{start}"));
        let mut left = *now;
        while left > 0 {
            w.room(12.0);
            let y = w.y;
            for k in 0..left.min(per_row) {
                w.rect(MARGIN + k as f32 * 11.0, y, 8.0, 8.0, (0, 0, 0), false);
            }
            left = left.saturating_sub(per_row);
            w.y += 11.0;
        }
    }
}

/// The tallest a map is drawn, pt (two to a page).
const MAP_MAX_H: f32 = 270.0;

/// A map at the page's width (or [`MAP_MAX_H`] tall), the first side's edge at the bottom.
fn map(w: &mut Writer<'_>, scene: &super::map::Scene) {
    use super::map::{Ink, Mark, print_colour};
    if scene.width_cm <= 0.0 || scene.depth_cm <= 0.0 {
        return;
    }
    let width = PAGE_W - 2.0 * MARGIN;
    let k = (width / scene.width_cm as f32).min(MAP_MAX_H / scene.depth_cm as f32);
    let height = scene.depth_cm as f32 * k;
    w.room(height + 8.0);
    let (x0, y0, depth) = (MARGIN, w.y, scene.depth_cm as f32);
    let at = |p: crate::rules::geometry::Point| (x0 + p.x as f32 * k, y0 + (depth - p.y as f32) * k);
    let mut ops = Vec::with_capacity(scene.marks.len());
    let mut legend = Vec::new();
    // Paper has no clip: what stands off the table (pieces may, by up to 10 m) is left out.
    let on = |p: &crate::rules::geometry::Point| {
        (-0.5..=scene.width_cm + 0.5).contains(&p.x) && (-0.5..=scene.depth_cm + 0.5).contains(&p.y)
    };
    let fits = |mark: &Mark| match mark {
        Mark::Polygon { points, .. } => points.iter().all(on),
        Mark::Line { from, to, .. } => on(from) && on(to),
        Mark::Circle { centre, radius_cm, .. } => {
            let r = *radius_cm;
            [(r, 0.0), (-r, 0.0), (0.0, r), (0.0, -r)]
                .iter()
                .all(|(dx, dy)| on(&crate::rules::geometry::Point { x: centre.x + dx, y: centre.y + dy }))
        }
        Mark::Text { at, .. } => on(at),
    };
    for mark in scene.marks.iter().filter(|m| fits(m)) {
        match mark {
            Mark::Polygon { points, ink, filled } => ops.push(Op::Path {
                points: points.iter().map(|p| at(*p)).collect(),
                closed: true,
                color: print_colour(*ink),
                filled: *filled,
            }),
            Mark::Circle { centre, radius_cm, ink, filled } => {
                let points = (0..24)
                    .map(|i| {
                        let a = i as f64 / 24.0 * std::f64::consts::TAU;
                        let p = crate::rules::geometry::Point {
                            x: centre.x + radius_cm * libm::cos(a),
                            y: centre.y + radius_cm * libm::sin(a),
                        };
                        at(p)
                    })
                    .collect();
                ops.push(Op::Path { points, closed: true, color: print_colour(*ink), filled: *filled });
            }
            Mark::Line { from, to, ink } => {
                let color = print_colour(*ink);
                ops.push(Op::Path { points: vec![at(*from), at(*to)], closed: false, color, filled: false });
            }
            Mark::Text { at: p, text, min_width_cm, key } => {
                // The whole name where it fits its base, else the unit's number (the legend
                // under the map names it).
                let size = 5.0;
                let room = (*min_width_cm as f32 * k / (size * MONO_ADVANCE)).floor() as usize;
                let label = if text.chars().count() <= room { text.clone() } else { key.clone() };
                if label != *text {
                    legend.push(format!("{key} {text}"));
                }
                let label = covered(w.fonts.mono_bytes, &label);
                let (x, y) = at(*p);
                let x = x - label.chars().count() as f32 * size * MONO_ADVANCE / 2.0;
                ops.push(Op::Text {
                    x,
                    y: y + size / 3.0,
                    size,
                    mono: true,
                    gray: print_colour(Ink::Label).0,
                    text: label,
                });
            }
        }
    }
    if let Some(page) = w.pages.last_mut() {
        page.extend(ops);
    }
    w.y += height + 4.0;
    // The scale bar under the map's left corner.
    if let Some((length, text)) = &scene.bar {
        let bar = *length as f32 * k;
        let y = w.y;
        if let Some(page) = w.pages.last_mut() {
            page.push(Op::Rect { x: MARGIN, y, w: bar, h: 2.5, color: (40, 40, 40), filled: true });
            page.push(Op::Text {
                x: MARGIN + bar + 4.0,
                y: y + 4.0,
                size: 6.5,
                mono: true,
                gray: 40,
                text: text.clone(),
            });
        }
        w.y += 8.0;
    }
    if !legend.is_empty() {
        w.wrapped(MARGIN, 6.5, &legend.join(" · "));
    }
    w.y += 4.0;
}

fn paint_page(surface: &mut krilla::surface::Surface<'_>, fonts: &Fonts, ops: &[Op], number: usize, total: usize) {
    for op in ops {
        match op {
            Op::Text { x, y, size, mono, gray, text } => {
                surface.set_fill(Some(fill((*gray, *gray, *gray))));
                let font = if *mono { fonts.mono.clone() } else { fonts.heading.clone() };
                surface.draw_text(Point::from_xy(*x, *y), font, *size, text, false, TextDirection::Auto);
            }
            Op::Path { points, closed, color, filled } => path(surface, points, *closed, *color, *filled),
            Op::Rect { x, y, w, h, color, filled } => {
                let mut pb = PathBuilder::new();
                if let Some(r) = Rect::from_xywh(*x, *y, *w, *h) {
                    pb.push_rect(r);
                }
                if let Some(path) = pb.finish() {
                    if *filled {
                        surface.set_stroke(None);
                        surface.set_fill(Some(fill(*color)));
                    } else {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: rgb::Color::new(color.0, color.1, color.2).into(),
                            width: 0.7,
                            ..Default::default()
                        }));
                    }
                    surface.draw_path(&path);
                    surface.set_stroke(None);
                }
            }
        }
    }
    surface.set_fill(Some(fill((120, 120, 120))));
    let footer = format!("coldsteel · {number}/{total}");
    surface.draw_text(
        Point::from_xy(MARGIN, PAGE_H - 20.0),
        fonts.mono.clone(),
        7.0,
        &footer,
        false,
        TextDirection::Auto,
    );
}

fn path(
    surface: &mut krilla::surface::Surface<'_>,
    points: &[(f32, f32)],
    closed: bool,
    color: (u8, u8, u8),
    filled: bool,
) {
    let mut pb = PathBuilder::new();
    for (i, (x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(*x, *y);
        } else {
            pb.line_to(*x, *y);
        }
    }
    if closed {
        pb.close();
    }
    let Some(path) = pb.finish() else { return };
    if filled {
        surface.set_stroke(None);
        surface.set_fill(Some(fill(color)));
    } else {
        surface.set_fill(None);
        let paint = rgb::Color::new(color.0, color.1, color.2).into();
        surface.set_stroke(Some(Stroke { paint, width: 0.6, ..Default::default() }));
    }
    surface.draw_path(&path);
    surface.set_stroke(None);
}

fn fill(c: (u8, u8, u8)) -> Fill {
    Fill { paint: rgb::Color::new(c.0, c.1, c.2).into(), opacity: NormalizedF32::ONE, rule: FillRule::NonZero }
}

/// Renders a report to PDF bytes.
pub fn to_pdf(report: &Report) -> Result<Vec<u8>, PdfError> {
    let fonts = embedded_fonts()?;
    let mut w = laid_out(report, &fonts);
    // The document's title (a viewer's window and tab show it): the report's own.
    let title = report.flat().into_iter().find_map(|b| match b {
        Block::Title(t) => Some(t.clone()),
        Block::Heading(_)
        | Block::Subheading(_)
        | Block::Para(_)
        | Block::Table { .. }
        | Block::Lines(_)
        | Block::LossChart { .. }
        | Block::Tally { .. }
        | Block::PageBreak
        | Block::Map(_)
        | Block::KeepTogether(_) => None,
    });
    if let Some(title) = title {
        w.doc.set_metadata(krilla::metadata::Metadata::new().title(title));
    }
    let total = w.pages.len();
    let settings = PageSettings::from_wh(PAGE_W, PAGE_H).ok_or(PdfError::PageSize)?;
    let pages = std::mem::take(&mut w.pages);
    for (i, ops) in pages.iter().enumerate() {
        let mut page = w.doc.start_page_with(settings.clone());
        let mut surface = page.surface();
        paint_page(&mut surface, &fonts, ops, i + 1, total);
        surface.finish();
        page.finish();
    }
    w.doc.finish().map_err(|e| PdfError::Writer(format!("{e:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_whole() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("", 5), vec![""]);
    }

    #[test]
    fn missing_glyphs_become_question_marks() {
        assert_eq!(covered(epaint_default_fonts::HACK_REGULAR, "Каре ok"), "Каре ok");
        assert_eq!(covered(epaint_default_fonts::HACK_REGULAR, "a\u{1F600}b"), "a?b");
    }

    #[test]
    fn a_report_becomes_a_pdf() {
        let r = Report { blocks: vec![Block::Title("Красный 1812".into()), Block::Para("text".into())] };
        let bytes = to_pdf(&r).unwrap();
        assert!(bytes.starts_with(b"%PDF"));
    }
}

//! Layout checks on widget rectangles: text labels that overlap, and labels cut off at
//! the edge of what holds them.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};

/// The text labels under `node` that are drawn, with their rectangles.
pub fn labels<'t, N: Queryable<'t, 't, egui_kittest::Node<'t>>>(node: &'t N) -> Vec<(String, egui::Rect)> {
    node.query_all_by_role(Role::Label)
        .map(|n| {
            let a = n.accesskit_node();
            (a.label().or_else(|| a.value()).map(|t| t.to_string()).unwrap_or_default(), n.rect())
        })
        .filter(|(text, r)| !text.trim().is_empty() && r.area() > 0.0)
        .collect()
}

/// Pairs of labels whose rectangles overlap by more than a sliver (2 points: a line box
/// is taller than its letters, and a row half out of a scroll area's view reaches under
/// the panel below by that much while the area clips it).
pub fn overlaps(labels: &[(String, egui::Rect)]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (a, ra)) in labels.iter().enumerate() {
        for (b, rb) in &labels[i + 1..] {
            let both = ra.intersect(*rb);
            if both.width() > 2.0 && both.height() > 2.0 {
                out.push(format!("{a:?} {ra:?} over {b:?} {rb:?}"));
            }
        }
    }
    out
}

/// Labels that run past the left or right edge of `bounds` (a window, the screen).
pub fn cut_off(labels: &[(String, egui::Rect)], bounds: egui::Rect) -> Vec<String> {
    labels
        .iter()
        .filter(|(_, r)| r.left() < bounds.left() - 1.0 || r.right() > bounds.right() + 1.0)
        .map(|(t, r)| format!("{t:?} {r:?} past {bounds:?}"))
        .collect()
}

/// A widget's text as the last frame painted it.
pub struct Painted {
    /// The text.
    pub text: String,
    /// Where it stands, whole.
    pub rect: egui::Rect,
    /// What clips it (its panel, scroll area or window).
    pub clip: egui::Rect,
    /// Drawn shortened, ending in '…'.
    pub elided: bool,
    /// Each of its lines, where it stands (a label wrapped after a button begins its first
    /// line beside the button, its second under it).
    pub lines: Vec<egui::Rect>,
}

impl Painted {
    /// The part of it in sight.
    pub fn visible(&self) -> egui::Rect {
        self.rect.intersect(self.clip)
    }
}

/// The widgets' texts of `scope` as the last frame painted them, in sight at least in
/// part: each text shape matched to a widget of `scope` with that text where it stands
/// (the table's painted labels are fitted to their bases by design, and text fields
/// scroll their text). Left aside: the log's rows, one line each by design with their
/// breakdown a click away.
pub fn painted<'t, N: Queryable<'t, 't, egui_kittest::Node<'t>>>(
    h: &egui_kittest::Harness<'_, coldsteel::ui::CsApp>,
    scope: &'t N,
) -> Vec<Painted> {
    let roles = [Role::Label, Role::Button, Role::CheckBox, Role::RadioButton, Role::ComboBox];
    let widgets: Vec<(String, egui::Rect)> = roles
        .iter()
        .flat_map(|role| scope.query_all_by_role(*role).collect::<Vec<_>>())
        .flat_map(|n| {
            let a = n.accesskit_node();
            let texts = [a.label().map(|t| t.to_string()), a.value().map(|t| t.to_string())];
            texts.into_iter().flatten().map(move |t| (t, n.rect())).collect::<Vec<_>>()
        })
        .collect();
    let is_widget = |text: &str, rect: egui::Rect| widgets.iter().any(|(t, r)| t == text && r.intersects(rect));
    let mut out = Vec::new();
    let mut keep = |shape: &egui::epaint::TextShape, clip: egui::Rect| {
        let text = shape.galley.job.text.as_str();
        let rect = shape.visual_bounding_rect();
        let log_row = text.starts_with("  ") && text.trim_start().starts_with(|c: char| c.is_ascii_digit());
        let seen = rect.intersect(clip);
        if text.trim().is_empty() || log_row || seen.width() <= 0.5 || seen.height() <= 0.5 || !is_widget(text, rect) {
            return;
        }
        let lines = shape
            .galley
            .rows
            .iter()
            .map(|r| r.rect_without_leading_space().translate(shape.pos.to_vec2()))
            .filter(|r| r.width() > 0.5)
            .collect();
        out.push(Painted { text: text.to_owned(), rect, clip, elided: shape.galley.elided, lines });
    };
    fn walk(shape: &egui::Shape, clip: egui::Rect, keep: &mut dyn FnMut(&egui::epaint::TextShape, egui::Rect)) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, clip, keep)),
            egui::Shape::Text(t) => keep(t, clip),
            _ => {}
        }
    }
    for clipped in &h.output().shapes {
        walk(&clipped.shape, clipped.clip_rect, &mut keep);
    }
    out
}

/// The texts not drawn whole (issue 45): elided ("Пехота в открытом постр…"), or running
/// sideways past what clips them (a panel's edge).
pub fn cut_texts(texts: &[Painted]) -> Vec<String> {
    texts
        .iter()
        .filter_map(|p| {
            let (text, rect, clip) = (&p.text, p.rect, p.clip);
            if p.elided {
                Some(format!("{text:?} elided at {rect:?}"))
            } else if rect.left() < clip.left() - 1.0 || rect.right() > clip.right() + 1.0 {
                Some(format!("{text:?} at {rect:?} runs past {clip:?}"))
            } else {
                None
            }
        })
        .collect()
}

/// Every overlap of texts in sight, every text cut off or elided, inside the one open
/// window, or on the whole screen when no window is open; `what` names the screen in the
/// message.
pub fn problems(h: &egui_kittest::Harness<'_, coldsteel::ui::CsApp>, what: &str) -> Vec<String> {
    let screen = h.ctx.content_rect();
    let (texts, bounds) = match h.query_by_role(Role::Window) {
        Some(w) => (painted(h, &w), w.rect()),
        None => (painted(h, h), screen),
    };
    let seen: Vec<(String, egui::Rect)> = texts.iter().map(|p| (p.text.clone(), p.visible())).collect();
    let lines: Vec<(String, egui::Rect)> = texts
        .iter()
        .flat_map(|p| p.lines.iter().map(|l| (p.text.clone(), l.intersect(p.clip))))
        .filter(|(_, r)| r.width() > 0.5 && r.height() > 0.5)
        .collect();
    // A window grown past the screen by content that does not wrap is cut off too.
    let window =
        (!screen.contains_rect(bounds.shrink(1.0))).then(|| format!("the window {bounds:?} leaves {screen:?}"));
    let found = overlaps(&lines).into_iter().chain(cut_off(&seen, bounds)).chain(window).chain(cut_texts(&texts));
    found.map(|p| format!("{what}: {p}")).collect()
}

/// Turns the mouse wheel over the roster until `label` is in sight and clear of the
/// panel below (the roster draws only the rows in view); returns the turns taken.
pub fn scroll_roster_to(h: &mut egui_kittest::Harness<'_, coldsteel::ui::CsApp>, label: &str) -> u32 {
    for turns in 0..20 {
        if h.query_by_label(label).is_some_and(|n| n.rect().bottom() < 530.0) {
            return turns;
        }
        h.event(egui::Event::PointerMoved(egui::pos2(300.0, 400.0)));
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: egui::vec2(0.0, -5.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(10);
    }
    panic!("{label} never came into sight: {:?}", h.query_all_by_label(label).map(|n| n.rect()).collect::<Vec<_>>());
}

/// GDB-CHG-03, 04: the charge wizard's Declare while the other side may still declare:
/// the charge is declared, its side's declarations close, and the dialog that asks the
/// other side is answered "declare none"; the wizard opens again at the target's reaction.
pub fn declare_then_none(h: &mut egui_kittest::Harness<'static, coldsteel::ui::CsApp>) {
    h.get_by_role_and_label(Role::Button, "Declare").click();
    h.run();
    assert!(
        matches!(h.state().modal, coldsteel::ui::Modal::OtherSideDeclares { .. }),
        "the other side is asked: {:?}",
        h.state().message
    );
    none_declared(h);
}

/// The other side, asked for its declarations, declares none (either language).
pub fn none_declared(h: &mut egui_kittest::Harness<'static, coldsteel::ui::CsApp>) {
    let none = h
        .query_by_label_contains(": carry out the charge")
        .or_else(|| h.query_by_label_contains("атак нет, выполнить атаку"))
        .expect("the question's button");
    none.click();
    h.run();
    assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{:?}", h.state().message);
}

/// Selects the whole text of the field `label`, types `text` over it and presses Enter.
pub fn retype(h: &mut egui_kittest::Harness<'static, coldsteel::ui::CsApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

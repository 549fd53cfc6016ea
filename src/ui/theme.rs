//! Colours, spacing and badge styles: the one place they are chosen.

use egui::Color32;

use crate::rules::{Order, Side};

/// Width of the editor panel.
pub const EDITOR_WIDTH: f32 = 370.0;
/// The side panel the wizard docks in on the Table tab (issue 44): the table beside it
/// stays whole.
pub const WIZARD_DOCK_WIDTH: f32 = 600.0;
/// Corner radius of badges.
pub const BADGE_RADIUS: u8 = 4;

/// Fill and text colour of an order badge: green formed, amber disordered, orange
/// wavering, red routing, grey out of play.
pub fn order_colors(order: Order) -> (Color32, Color32) {
    match order {
        Order::Formed => (Color32::from_rgb(46, 125, 50), Color32::WHITE),
        Order::Disordered => (Color32::from_rgb(249, 168, 37), Color32::BLACK),
        Order::Wavering => (Color32::from_rgb(239, 108, 0), Color32::WHITE),
        Order::Routing => (Color32::from_rgb(198, 40, 40), Color32::WHITE),
        Order::Dispersed | Order::Destroyed => (Color32::from_rgb(97, 97, 97), Color32::WHITE),
    }
}

/// A neutral badge (formation, terrain, class).
pub const NEUTRAL_BADGE: (Color32, Color32) = (Color32::from_rgb(69, 90, 100), Color32::WHITE);
/// A marker badge.
pub const MARKER_BADGE: (Color32, Color32) = (Color32::from_rgb(94, 53, 177), Color32::WHITE);
/// A terrain badge other than open ground.
pub const TERRAIN_BADGE: (Color32, Color32) = (Color32::from_rgb(85, 107, 47), Color32::WHITE);

/// The accent colour of a side's headings.
pub fn side_color(side: Side) -> Color32 {
    match side {
        Side::First => Color32::from_rgb(66, 133, 244),
        Side::Second => Color32::from_rgb(76, 175, 80),
    }
}

/// Colour of a warning that is not an error (a recovery's caveats).
pub const WARN: Color32 = Color32::from_rgb(255, 202, 40);

/// Colour of the current phase in the phase strip.
pub const CURRENT_PHASE: Color32 = Color32::from_rgb(255, 202, 40);

/// Colour of the odds bars.
pub const ODDS_BAR: Color32 = Color32::from_rgb(100, 149, 237);

/// Text of a control that is on offer and stands out a little (the rules button).
pub const ACTIVE_TEXT: Color32 = Color32::from_rgb(144, 202, 249);

/// Colour of an error message.
pub const ERROR: Color32 = Color32::from_rgb(229, 57, 53);
/// Colour of input that is accepted (typed dice that fit their step).
pub const ACCEPTED: Color32 = Color32::from_rgb(102, 187, 106);
/// Colour of casualties.
pub const LOSSES: Color32 = Color32::from_rgb(229, 115, 115);

/// Paints a small arm icon, drawn rather than a glyph so that no font is needed:
/// a filled diamond for cavalry, a bar for close-order infantry, three dots for open
/// order and skirmishers, a disc for artillery.
pub fn arm_icon_ui(ui: &mut egui::Ui, arm: crate::rules::Arm) {
    use crate::rules::Arm;
    use egui::{Pos2, Stroke, pos2, vec2};
    let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), egui::Sense::hover());
    let c = rect.center();
    let color = ui.visuals().text_color();
    let painter = ui.painter();
    match arm {
        Arm::Infantry => {
            painter.rect_filled(egui::Rect::from_center_size(c, vec2(12.0, 5.0)), 1.0, color);
        }
        Arm::OpenOrderInfantry | Arm::Skirmishers => {
            for dx in [-4.0, 0.0, 4.0] {
                painter.circle_filled(c + vec2(dx, 0.0), 1.6, color);
            }
        }
        Arm::Artillery => {
            painter.circle_filled(c, 4.5, color);
        }
        Arm::Cuirassiers | Arm::HeavyCavalry | Arm::Dragoons | Arm::Lancers | Arm::LightCavalry | Arm::Cossacks => {
            let pts: Vec<Pos2> =
                vec![pos2(c.x, c.y - 6.0), pos2(c.x + 6.0, c.y), pos2(c.x, c.y + 6.0), pos2(c.x - 6.0, c.y)];
            let heavy = matches!(arm, Arm::Cuirassiers | Arm::HeavyCavalry | Arm::Dragoons);
            let fill = if heavy { color } else { Color32::TRANSPARENT };
            painter.add(egui::Shape::convex_polygon(pts, fill, Stroke::new(1.5, color)));
        }
    }
}

/// Labels on the table view.
pub const MAP_LABEL: Color32 = Color32::from_rgb(250, 250, 250);
/// The ruler, the moved distance and the hover distance on the table view.
pub const MAP_RULER: Color32 = Color32::from_rgb(255, 214, 0);
/// Text on the ruler's label.
pub const MAP_RULER_TEXT: Color32 = Color32::from_rgb(20, 20, 20);

/// The colour of a mark of the table view, on the dark screen (the printed map has its
/// own, `report::map::print_colour`).
pub fn map_colour(ink: super::report_view::Ink) -> Color32 {
    use super::report_view::Ink;
    use crate::rules::AreaKind;
    match ink {
        Ink::Table => Color32::from_rgb(58, 74, 52),
        Ink::Grid => Color32::from_rgb(74, 92, 66),
        Ink::Terrain(AreaKind::Hill) => Color32::from_rgb(120, 104, 70),
        Ink::Terrain(AreaKind::Wood) => Color32::from_rgb(34, 84, 40),
        Ink::Terrain(AreaKind::BuiltUp) => Color32::from_rgb(110, 100, 100),
        Ink::Terrain(AreaKind::River) => Color32::from_rgb(52, 100, 150),
        Ink::Terrain(AreaKind::Rough) => Color32::from_rgb(96, 96, 70),
        Ink::Terrain(AreaKind::Cover) => Color32::from_rgb(90, 110, 60),
        Ink::Terrain(AreaKind::Building) => Color32::from_rgb(130, 90, 80),
        Ink::Terrain(AreaKind::Fortified) => Color32::from_rgb(120, 110, 130),
        Ink::Terrain(AreaKind::Redoubt) => Color32::from_rgb(130, 116, 80),
        Ink::Unit(side) => side_color(side),
        Ink::General(side) => side_color(side).gamma_multiply(0.6),
        Ink::Order(order) => order_colors(order).0,
        Ink::Selected => CURRENT_PHASE,
        Ink::Sector => Color32::from_rgb(239, 83, 80),
        Ink::InTheWay => Color32::from_rgb(255, 193, 7),
        Ink::Command => Color32::from_rgb(186, 104, 200),
        Ink::Ruler => MAP_RULER,
        Ink::Label => Color32::from_rgb(230, 230, 230),
    }
}

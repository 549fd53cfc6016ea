//! The other side of the table (issue 32): the players' window (View → Players' window,
//! F7) for a second monitor or a projector, and sharing the players' page on the local
//! network (View → Share with players, F8). Both show the one read model
//! ([`crate::players`]), rebuilt when the battle or the open engagement changes.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use egui::{Color32, RichText, Ui};

use crate::game::procedure::OpenEngagement;
use crate::i18n::{Lang, T};
use crate::model::Battle;
use crate::players::{EngagementView, PlayersView, RosterView};
use crate::share::Sharing;

/// The players' window's id among the viewports.
const WINDOW_ID: &str = "coldsteel-players";
/// Text sizes of the players' window: read across the room.
const BIG: f32 = 30.0;
const MEDIUM: f32 = 22.0;
const BODY: f32 = 18.0;

/// Where the shared page listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Listen {
    /// This computer only (the default: nothing reaches it from outside).
    #[default]
    Loopback,
    /// The local network's address of this computer.
    Lan,
    /// Every network of this computer.
    Every,
}

/// The Share dialog's state.
#[derive(Debug)]
pub struct ShareForm {
    /// The dialog is on screen.
    pub open: bool,
    /// Where to listen.
    pub listen: Listen,
    /// The port as typed.
    pub port: String,
    /// The page's address while sharing.
    pub url: Option<String>,
    /// Why sharing did not start.
    pub error: Option<String>,
    qr: Option<(Vec<bool>, usize)>,
    lan: Option<IpAddr>,
}

impl Default for ShareForm {
    fn default() -> Self {
        ShareForm {
            open: false,
            listen: Listen::Loopback,
            port: crate::share::DEFAULT_PORT.to_string(),
            url: None,
            error: None,
            qr: None,
            lan: None,
        }
    }
}

/// The players' window and sharing, and the view they show.
#[derive(Debug)]
pub struct PlayersScreen {
    /// The players' window is open.
    pub window_open: bool,
    /// The players' window's own language.
    pub lang: Lang,
    /// The view the window shows, as last built.
    pub view: Option<PlayersView>,
    /// The engagement the players have open, as the handler last handed it over.
    pub open: Option<OpenEngagement>,
    /// The page on the network.
    pub sharing: Sharing,
    /// The Share dialog.
    pub share: ShareForm,
    dirty: bool,
}

impl Default for PlayersScreen {
    fn default() -> Self {
        PlayersScreen {
            window_open: false,
            lang: Lang::En,
            view: None,
            open: None,
            sharing: Sharing::default(),
            share: ShareForm::default(),
            dirty: true,
        }
    }
}

impl PlayersScreen {
    /// The battle changed: the view is built again before the next frame ends.
    pub fn mark_changed(&mut self) {
        self.dirty = true;
    }

    /// The open engagement as the wizard now has it; a change rebuilds the view.
    pub fn set_open(&mut self, open: Option<OpenEngagement>) {
        if open != self.open {
            self.open = open;
            self.dirty = true;
        }
    }

    /// Whether anyone is looking.
    pub fn watching(&self) -> bool {
        self.window_open || self.sharing.running()
    }

    /// Builds the view again if the battle or the engagement changed and anyone looks.
    pub fn refresh(&mut self, battle: &Battle) {
        if !self.dirty || !self.watching() {
            return;
        }
        self.dirty = false;
        let open = self.open.as_ref();
        if self.window_open {
            self.view = Some(crate::players::build(battle, open, self.lang));
        }
        if self.sharing.running() {
            // The window's view serves its language; the other is built. Their JSON is
            // written off this thread.
            let of = |lang: Lang| match &self.view {
                Some(v) if self.window_open && self.lang == lang => v.clone(),
                Some(_) | None => crate::players::build(battle, open, lang),
            };
            let (en, ru) = (of(Lang::En), of(Lang::Ru));
            self.sharing.publish_views(en, ru);
        }
    }

    /// Opens or closes the players' window.
    pub fn show_window(&mut self, open: bool, lang: Lang) {
        if open && !self.window_open {
            self.lang = lang;
            self.dirty = true;
        }
        self.window_open = open;
    }

    /// Starts sharing where the dialog says.
    pub fn start_sharing(&mut self, battle: &Battle, lang: Lang) {
        let Ok(port) = self.share.port.trim().parse::<u16>() else {
            self.share.error = Some(lang.t(T::ShareBadPort).to_owned());
            return;
        };
        let ip = match self.share.listen {
            Listen::Loopback => IpAddr::V4(Ipv4Addr::LOCALHOST),
            Listen::Lan => self.share.lan.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            Listen::Every => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        };
        // The state is there before the first viewer comes.
        self.sharing.hub().publish_battle(battle, self.open.as_ref());
        // The usual port taken (another window shares its battle there): the next free
        // one, shown in the port field. A port the players typed is theirs, taken or not.
        let more = if port == crate::share::DEFAULT_PORT { crate::share::NEXT_PORTS } else { 0 };
        let started = self.sharing.start_near(SocketAddr::new(ip, port), more, lang);
        if let Some(addr) = self.sharing.local_addr() {
            self.share.port = addr.port().to_string();
        }
        match started {
            Ok(url) => {
                self.share.qr = crate::share::qr_modules(&url);
                self.share.url = Some(url);
                self.share.error = None;
            }
            Err(e) => {
                self.share.url = None;
                self.share.qr = None;
                self.share.error = Some(lang.fmt(T::ShareFailed, &[&crate::share::error_text(lang, &e)]));
            }
        }
    }

    /// Stops sharing: the address and its token are void.
    pub fn stop_sharing(&mut self) {
        self.sharing.stop();
        self.share.url = None;
        self.share.qr = None;
    }

    /// Opens the Share dialog, looking up the local network's address once.
    pub fn open_share(&mut self) {
        self.share.open = true;
        if self.share.lan.is_none() {
            self.share.lan = crate::share::lan_address();
        }
    }

    /// The players' window, in a viewport of its own (a window inside the main one where
    /// the platform has no second window, as in tests).
    pub fn window_ui(&mut self, ctx: &egui::Context) {
        if !self.window_open {
            return;
        }
        let title = self.lang.t(T::PvTitle);
        let builder = egui::ViewportBuilder::default()
            .with_title(format!("coldsteel — {title}"))
            .with_inner_size([1280.0, 800.0]);
        let mut lang = self.lang;
        let mut close = false;
        let view = self.view.as_ref();
        let body = |ui: &mut Ui, lang: &mut Lang| {
            egui::ScrollArea::vertical().id_salt("players-window").auto_shrink([false, false]).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(lang.t(T::PvLanguage)).size(BODY));
                    for l in [Lang::En, Lang::Ru] {
                        ui.selectable_value(lang, l, RichText::new(l.native_name()).size(BODY));
                    }
                });
                if let Some(view) = view {
                    view_ui(ui, view);
                }
            });
        };
        if ctx.embed_viewports() {
            // No second window here (tests, some platforms): a window along the bottom of
            // the main one, clear of the roster and the editor.
            let mut open = true;
            let at = egui::pos2(0.0, (ctx.content_rect().bottom() - 820.0).max(0.0));
            egui::Window::new(format!("coldsteel — {title}"))
                .id(egui::Id::unique(WINDOW_ID))
                .default_pos(at)
                .default_size([1280.0, 800.0])
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| body(ui, &mut lang));
            close = !open;
        } else {
            ctx.show_viewport_immediate(egui::ViewportId::from_hash_of(WINDOW_ID), builder, |ui, _class| {
                if ui.ctx().input(|i| i.viewport().close_requested()) {
                    close = true;
                }
                // The theme's background and margins, as the main window has them.
                egui::CentralPanel::default_margins().show(ui, |ui| body(ui, &mut lang));
            });
        }
        if lang != self.lang {
            self.lang = lang;
            self.dirty = true;
        }
        if close {
            self.window_open = false;
        }
    }

    /// The Share dialog: where to listen, start and stop, the address and its QR code.
    pub fn share_ui(&mut self, ctx: &egui::Context, lang: Lang, battle: &Battle) {
        if !self.share.open {
            return;
        }
        let mut open = true;
        let (mut start, mut stop) = (false, false);
        // Below the menu and phase bars, its whole size from the first frame (a window
        // that grows to its content takes no clicks below its first size, egui 0.37): the
        // settings on the left, the address's QR code on the right where it will stand.
        egui::Window::new(lang.t(T::ShareTitle))
            .id(egui::Id::unique("coldsteel-share"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, SHARE_TOP))
            .fixed_size(egui::vec2(SHARE_W, SHARE_H))
            .show(ctx, |ui| {
                ui.set_min_size(egui::vec2(SHARE_W, SHARE_H));
                ui.columns(2, |cols| {
                    let [left, right] = cols else { return };
                    // Not justified: a column's buttons and notes keep their own widths.
                    left.vertical(|ui| (start, stop) = self.share_settings_ui(ui, lang));
                    right.vertical(|ui| match &self.share.qr {
                        Some((modules, width)) if self.share.url.is_some() => qr_ui(ui, modules, *width),
                        Some(_) | None => {
                            ui.label(RichText::new(lang.t(T::ShareQrHere)).weak());
                        }
                    });
                });
            });
        if start {
            self.start_sharing(battle, lang);
        }
        if stop {
            self.stop_sharing();
        }
        self.share.open = open;
    }
}

/// The Share dialog's place and size: below the menu and phase bars, wide enough for
/// the settings beside the QR code.
const SHARE_TOP: f32 = 70.0;
const SHARE_W: f32 = 620.0;
const SHARE_H: f32 = 360.0;

impl PlayersScreen {
    /// Where to listen, start and stop, and the address: the Share dialog's left column.
    /// Gives whether Start or Stop was clicked.
    fn share_settings_ui(&mut self, ui: &mut Ui, lang: Lang) -> (bool, bool) {
        let (mut start, mut stop) = (false, false);
        let running = self.sharing.running();
        ui.add_enabled_ui(!running, |ui| {
            ui.label(lang.t(T::ShareListenOn));
            ui.radio_value(&mut self.share.listen, Listen::Loopback, lang.t(T::ShareLoopback));
            if let Some(ip) = self.share.lan {
                ui.radio_value(&mut self.share.listen, Listen::Lan, lang.fmt(T::ShareLan, &[&ip]));
            }
            ui.radio_value(&mut self.share.listen, Listen::Every, lang.t(T::ShareEvery));
            ui.horizontal(|ui| {
                let label = ui.label(lang.t(T::SharePort));
                ui.add(egui::TextEdit::singleline(&mut self.share.port).desired_width(80.0)).labelled_by(label.id);
            });
        });
        if running {
            stop = ui.button(lang.t(T::ShareStop)).clicked();
        } else {
            start = ui.button(lang.t(T::ShareStart)).clicked();
        }
        if let Some(e) = &self.share.error {
            ui.colored_label(super::theme::ERROR, e);
        }
        if let Some(url) = self.share.url.clone() {
            ui.separator();
            // On this computer only, the address is for a browser here, not the network's.
            let open_this = if self.share.listen == Listen::Loopback { T::ShareOpenHere } else { T::ShareOpenThis };
            ui.label(lang.t(open_this));
            ui.add(egui::Label::new(RichText::new(&url).monospace()).selectable(true).wrap());
            if ui.button(lang.t(T::ShareCopy)).clicked() {
                ui.ctx().copy_text(url.clone());
            }
            if self.share.listen == Listen::Loopback {
                ui.label(RichText::new(lang.t(T::ShareLoopbackNote)).weak());
            }
            ui.label(RichText::new(lang.t(T::ShareNewToken)).weak());
        }
        (start, stop)
    }
}

/// A QR code, dark modules on a white quiet zone.
fn qr_ui(ui: &mut Ui, modules: &[bool], width: usize) {
    let side = 240.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    let quiet = 4;
    let cells = (width + 2 * quiet) as f32;
    let cell = side / cells;
    for (i, dark) in modules.iter().enumerate() {
        if !*dark {
            continue;
        }
        let (x, y) = ((i % width + quiet) as f32, (i / width + quiet) as f32);
        let min = rect.min + egui::vec2(x * cell, y * cell);
        painter.rect_filled(egui::Rect::from_min_size(min, egui::vec2(cell, cell)), 0.0, Color32::BLACK);
    }
}

/// The view in large type: the turn, the engagement in progress, the last result, the
/// table, both rosters, the summary and the latest entries.
pub fn view_ui(ui: &mut Ui, view: &PlayersView) {
    ui.label(RichText::new(&view.title).size(BIG).strong());
    let turn = match &view.phasing {
        Some(p) => format!("{} · {p}", view.turn),
        None => view.turn.clone(),
    };
    ui.label(RichText::new(turn).size(MEDIUM));
    if let Some(campaign) = &view.campaign {
        // The campaign's standing beside its battle (issue 53), a line under the title.
        ui.label(RichText::new(&campaign.heading).size(BODY).strong());
        ui.label(RichText::new(campaign.lines.join(" · ")).size(BODY));
    }
    ui.separator();
    // Columns lay out justified, which would stretch a wrapped line's letters apart.
    let ragged = egui::Layout::top_down(egui::Align::Min);
    ui.columns(2, |cols| {
        if let [left, right] = cols {
            left.with_layout(ragged, |left| {
                engagement_ui(left, view);
                if let Some(lines) = &view.last_result {
                    left.add_space(8.0);
                    left.label(RichText::new(view.labels.last_result).size(MEDIUM).strong());
                    for line in lines {
                        left.label(RichText::new(line).size(BODY));
                    }
                }
            });
            right.with_layout(ragged, |right| map_ui(right, view));
        }
    });
    ui.separator();
    ui.columns(2, |cols| {
        for (col, roster) in cols.iter_mut().zip(&view.sides) {
            col.with_layout(ragged, |col| roster_ui(col, roster));
        }
    });
    ui.separator();
    ui.label(RichText::new(view.labels.summary).size(MEDIUM).strong());
    egui::Grid::new("players-summary").striped(true).show(ui, |ui| {
        for cell in &view.summary.header {
            ui.label(RichText::new(cell).size(BODY).strong());
        }
        ui.end_row();
        for row in &view.summary.rows {
            for cell in row {
                ui.label(RichText::new(cell).size(BODY));
            }
            ui.end_row();
        }
    });
    ui.separator();
    ui.label(RichText::new(view.labels.latest).size(MEDIUM).strong());
    for line in &view.latest {
        ui.label(RichText::new(line).size(BODY));
    }
}

fn engagement_ui(ui: &mut Ui, view: &PlayersView) {
    ui.label(RichText::new(view.labels.in_progress).size(MEDIUM).strong());
    let Some(e) = &view.engagement else {
        ui.label(RichText::new(view.labels.nothing_in_progress).size(BODY).weak());
        return;
    };
    ui.label(RichText::new(&e.heading).size(MEDIUM));
    ui.label(RichText::new(&e.state).size(BODY).weak());
    modifiers_ui(ui, e, view.labels.total);
    if !e.odds.is_empty() {
        ui.label(RichText::new(view.labels.odds).size(MEDIUM).strong());
        egui::Grid::new("players-odds").show(ui, |ui| {
            for o in &e.odds {
                ui.label(RichText::new(&o.chance).size(BODY).strong());
                ui.label(RichText::new(&o.result).size(BODY));
                ui.end_row();
            }
        });
    }
    if let Some(d) = &e.dice {
        ui.label(RichText::new(d).size(MEDIUM).strong());
    }
}

fn modifiers_ui(ui: &mut Ui, e: &EngagementView, total: &str) {
    for (i, side) in e.sides.iter().enumerate() {
        ui.label(RichText::new(&side.name).size(BODY).strong());
        egui::Grid::new(("players-mods", i)).show(ui, |ui| {
            for (clause, what, value) in &side.modifiers {
                ui.label(RichText::new(clause).size(BODY - 4.0).weak());
                ui.label(RichText::new(what).size(BODY));
                ui.label(RichText::new(value).size(BODY));
                ui.end_row();
            }
            ui.label("");
            ui.label(RichText::new(total).size(BODY).strong());
            ui.label(RichText::new(&side.total).size(BODY).strong());
            ui.end_row();
        });
    }
}

fn map_ui(ui: &mut Ui, view: &PlayersView) {
    ui.label(RichText::new(view.labels.table).size(MEDIUM).strong());
    let scene = &view.scene;
    if scene.width_cm <= 0.0 {
        ui.label(RichText::new(view.labels.no_table).size(BODY).weak());
        return;
    }
    let w = ui.available_width().max(100.0);
    let h = (w * (scene.depth_cm / scene.width_cm) as f32).min(480.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(w, h), egui::Sense::hover());
    let v = super::table_view::View::fitted(rect, scene.width_cm, scene.depth_cm);
    super::table_view::paint_scene(&ui.painter_at(rect), &v, scene);
}

fn roster_ui(ui: &mut Ui, roster: &RosterView) {
    ui.label(RichText::new(&roster.name).size(MEDIUM).strong());
    for u in &roster.units {
        let name = RichText::new(&u.name).size(BODY).strong();
        ui.horizontal_wrapped(|ui| {
            ui.label(if u.in_play { name } else { name.weak() });
            ui.label(RichText::new(format!("{} / {}", u.figures, u.figures_start)).size(BODY));
        });
        let mut line = vec![u.order.clone(), u.formation.clone()];
        line.extend(u.markers.iter().cloned());
        ui.label(RichText::new(line.join(" · ")).size(BODY - 3.0).weak());
    }
}

//! The floors of design.md section 2, kept by a check that parses the source: every
//! `use` tree (grouped, renamed, globbed) and every path in the code is resolved through
//! `crate::`, `super::` and `self::` to the module it names, and must point down:
//!
//! - `rules` imports nothing of ours; `model` only `rules`; `game` only `rules` and
//!   `model` (never `storage`, `report`, `i18n` or `ui`);
//! - `storage` stands on `game`; `i18n` on `game` and `storage` (to say its errors);
//!   `report` on `game` and `i18n`; none of them imports `ui`;
//! - `rules`, `model` and `game` touch no UI, file, clock, process or random generator.
//!
//! Paths written in macros (`format!` arguments, `macro_rules!` bodies), inline modules,
//! `extern crate … as`, `use std as s`, the crate root's re-exports and `#[path]` are
//! followed too, and the pure core may not touch the file system through `Path`'s methods.
//!
//! Its own tests inject each kind of violation into a copy of a source file.

use crate::common;

use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// Our top-level modules, the floors.
const FLOORS: &[&str] =
    &["rules", "model", "game", "storage", "report", "resolve", "i18n", "oob", "players", "share", "ui"];

/// What a floor may import of ours.
fn allowed(floor: &str) -> &'static [&'static str] {
    match floor {
        "rules" => &["rules"],
        "model" => &["rules", "model"],
        "game" => &["rules", "model", "game"],
        "i18n" => &["rules", "model", "game", "storage", "i18n"],
        "storage" => &["rules", "model", "game", "storage"],
        "report" => &["rules", "model", "game", "i18n", "report"],
        // `coldsteel resolve`: an engagement file read, resolved and told (issue 49).
        "resolve" => &["rules", "model", "game", "i18n", "resolve"],
        // Orders of battle in spreadsheets: text in, actions out; files stay with the edges.
        "oob" => &["rules", "model", "game", "i18n", "oob"],
        // Issue 32: the players' read model sits below both the interface and the server.
        "players" => &["rules", "model", "game", "i18n", "report", "players"],
        "share" => &["rules", "model", "game", "i18n", "report", "players", "share"],
        _ => FLOORS,
    }
}

/// The modules of `rules` whose functions the interface may not call by a bare name.
const RULES_MODULES: &[&str] = &[
    "geometry",
    "dice",
    "options",
    "explain",
    "vocab",
    "gdb",
    "ruleset_b",
    "charge",
    "melee",
    "initiative",
    "collision",
];

/// What the pure core may not touch: the UI, files, clocks, processes, randomness.
const IMPURE: &[&[&str]] = &[
    &["egui"],
    &["eframe"],
    &["rfd"],
    &["rand"],
    &["tempfile"],
    &["directories"],
    &["krilla"],
    &["chrono"],
    &["std", "fs"],
    &["std", "env"],
    &["std", "process"],
    &["std", "net"],
    &["std", "time"],
    // Issue 49: no runtime, server, thread or input and output of its own.
    &["tokio"],
    &["hyper"],
    &["std", "thread"],
    &["std", "io"],
];

/// What the pure core may name under what `IMPURE` refuses: an in-memory writer (counting
/// a file's bytes, hashing an entry as `serde_json` writes it) is no input or output.
const PURE_EXCEPTIONS: &[&[&str]] = &[&["std", "io", "Write"], &["std", "io", "Result"]];

/// Macros that bring a file's bytes into the code: the pure core reads no file, even at
/// build time.
const INCLUDES: &[&str] = &["include", "include_str", "include_bytes"];

fn pure(floor: &str) -> bool {
    matches!(floor, "rules" | "model" | "game" | "oob" | "players")
}

/// Collects every path a file names, resolved to absolute segments (our modules first as
/// `crate`, then theirs), with the line it is on.
struct Paths<'a> {
    /// The module being read (an inline `mod` pushes its name while it is read).
    module: Vec<String>,
    /// The names `lib.rs` re-exports at the crate's root, with the paths they name.
    root: &'a std::collections::HashMap<String, Vec<String>>,
    /// What hides a file or a path from the check (`#[path]`).
    hidden: Vec<String>,
    /// Methods that touch the file system, called in this file, with their lines.
    file_methods: Vec<(String, usize)>,
    /// Macros that include a file, with their lines.
    includes: Vec<(String, usize)>,
    found: Vec<(Vec<String>, usize)>,
    /// Names brought into scope by `use`, each with the path it names.
    imported: std::collections::HashMap<String, Vec<String>>,
    /// The paths of the functions called, resolved.
    calls: Vec<Vec<String>>,
}

impl Paths<'_> {
    /// Resolves a path's leading `crate`, `self` and `super`s against the module (in any
    /// mix: `self::super::super`), a name imported by `use` or `extern crate … as`, and a
    /// name `lib.rs` re-exports at the crate's root.
    fn resolve(&self, segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        let mut out: Vec<String> = match first.as_str() {
            "crate" | "coldsteel" => vec!["crate".to_owned()],
            "self" | "super" => [vec!["crate".to_owned()], self.module.clone()].concat(),
            name => match self.imported.get(name) {
                Some(full) if segments.len() > 1 => full.clone(),
                _ => return Some(segments.to_vec()),
            },
        };
        let skip = usize::from(first != "super");
        for s in &segments[skip..] {
            match s.as_str() {
                "self" => {}
                "super" if out.len() > 1 => {
                    out.pop();
                }
                "super" => return None,
                _ => out.push(s.clone()),
            }
        }
        // A name the crate's root re-exports stands for what it names.
        if out.len() >= 2
            && out[0] == "crate"
            && let Some(target) = self.root.get(&out[1])
        {
            out = [target.clone(), out[2..].to_vec()].concat();
        }
        Some(out)
    }

    fn note(&mut self, segments: Vec<String>, line: usize) {
        if let Some(p) = self.resolve(&segments) {
            self.found.push((p, line));
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, line: usize) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree, line);
                prefix.pop();
            }
            syn::UseTree::Name(n) if n.ident == "self" => {
                if let (Some(last), Some(full)) = (prefix.last().cloned(), self.resolve(prefix)) {
                    self.imported.insert(last, full);
                }
                self.note(prefix.clone(), line);
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                full.push(n.ident.to_string());
                if let Some(resolved) = self.resolve(&full) {
                    self.imported.insert(n.ident.to_string(), resolved);
                }
                self.note(full, line);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                if let Some(resolved) = self.resolve(&full) {
                    self.imported.insert(r.rename.to_string(), resolved);
                }
                self.note(full, line);
            }
            syn::UseTree::Glob(_) => self.note(prefix.clone(), line),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t, line);
                }
            }
        }
    }
}

/// Every path written in a macro's tokens (`format!` arguments, a `macro_rules!` body):
/// runs of identifiers joined by `::`.
fn token_paths(stream: proc_macro2::TokenStream, out: &mut Vec<Vec<String>>) {
    let mut current: Vec<String> = Vec::new();
    let mut joined = false;
    let mut colons = 0;
    for tt in stream {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                if !joined && current.len() > 1 {
                    out.push(std::mem::take(&mut current));
                } else if !joined {
                    current.clear();
                }
                current.push(i.to_string());
                joined = false;
                colons = 0;
            }
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => {
                colons += 1;
                if colons == 2 {
                    joined = true;
                    colons = 0;
                }
            }
            proc_macro2::TokenTree::Group(g) => {
                if current.len() > 1 {
                    out.push(std::mem::take(&mut current));
                }
                current.clear();
                joined = false;
                token_paths(g.stream(), out);
            }
            proc_macro2::TokenTree::Punct(_) | proc_macro2::TokenTree::Literal(_) => {
                if current.len() > 1 {
                    out.push(std::mem::take(&mut current));
                }
                current.clear();
                joined = false;
                colons = 0;
            }
        }
    }
    if current.len() > 1 {
        out.push(current);
    }
}

/// Methods that read the file system whatever they are called on (`Path::exists`, ...).
const FILE_METHODS: &[&str] = &[
    "exists",
    "try_exists",
    "is_file",
    "is_dir",
    "is_symlink",
    "metadata",
    "symlink_metadata",
    "read_dir",
    "canonicalize",
    "read_link",
];

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        let name = e.ident.to_string();
        let alias = e.rename.as_ref().map_or_else(|| name.clone(), |(_, r)| r.to_string());
        self.imported.insert(alias, vec![name.clone()]);
        self.note(vec![name], line_of(e.ident.span()));
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if m.attrs.iter().any(|a| a.path().is_ident("path")) {
            self.hidden.push(format!("#[path] on mod {}", m.ident));
        }
        if m.content.is_some() {
            self.module.push(m.ident.to_string());
            syn::visit::visit_item_mod(self, m);
            self.module.pop();
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let line = mac.path.segments.first().map_or(0, |s| line_of(s.ident.span()));
        if let Some(name) = mac.path.segments.last().map(|s| s.ident.to_string())
            && INCLUDES.contains(&name.as_str())
        {
            self.includes.push((format!("{name}!"), line));
        }
        let mut paths = Vec::new();
        token_paths(mac.tokens.clone(), &mut paths);
        for p in paths {
            self.note(p, line);
        }
        syn::visit::visit_macro(self, mac);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let name = call.method.to_string();
        if FILE_METHODS.contains(&name.as_str()) {
            self.file_methods.push((name, line_of(call.method.span())));
        }
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let line = line_of(u.use_token.span);
        self.use_tree(&mut Vec::new(), &u.tree, line);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*call.func {
            let segments: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            let through_import = segments.first().and_then(|first| self.imported.get(first)).cloned();
            // A module of the rules named bare (through a glob of the parent's imports,
            // `use super::*`) is taken for the rules' own.
            let rules_module = segments.first().filter(|f| RULES_MODULES.contains(&f.as_str()) && segments.len() > 1);
            let resolved = match (through_import, rules_module) {
                (Some(mut full), _) => {
                    full.extend(segments.iter().skip(1).cloned());
                    Some(full)
                }
                (None, Some(_)) => Some([vec!["crate".to_owned(), "rules".to_owned()], segments.clone()].concat()),
                (None, None) => self.resolve(&segments),
            };
            self.calls.extend(resolved);
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        let line = p.segments.first().map_or(0, |s| line_of(s.ident.span()));
        self.note(segments, line);
        syn::visit::visit_path(self, p);
    }
}

/// The line a token is on in the file read (proc-macro2's `span-locations`).
fn line_of(span: proc_macro2::Span) -> usize {
    span.start().line
}

/// The names `lib.rs` re-exports at the crate's root (`pub use crate::storage as disk`),
/// each with the path it names.
fn root_aliases(lib: &str) -> std::collections::HashMap<String, Vec<String>> {
    let none = std::collections::HashMap::new();
    let Ok(file) = syn::parse_file(lib) else { return none };
    let mut paths = Paths {
        module: Vec::new(),
        root: &none,
        hidden: Vec::new(),
        file_methods: Vec::new(),
        includes: Vec::new(),
        found: Vec::new(),
        imported: Default::default(),
        calls: Vec::new(),
    };
    for item in &file.items {
        if let syn::Item::Use(u) = item {
            paths.use_tree(&mut Vec::new(), &u.tree, 0);
        }
    }
    paths.imported
}

/// Every violation in one file of the module `module` (its path under `src/`), with the
/// crate root's re-exports as `lib.rs` has them.
fn violations(module: &[String], source: &str) -> Vec<String> {
    violations_with(module, source, &root_aliases(&self::source("lib.rs")))
}

fn violations_with(
    module: &[String],
    source: &str,
    root: &std::collections::HashMap<String, Vec<String>>,
) -> Vec<String> {
    if module.is_empty() {
        // The crate's root: what it re-exports is checked where it is used.
        return Vec::new();
    }
    let Some(floor) = module.first().map(String::as_str).filter(|f| FLOORS.contains(f)) else { return Vec::new() };
    let file = match syn::parse_file(source) {
        Ok(f) => f,
        Err(e) => return vec![format!("does not parse: {e}")],
    };
    let mut paths = Paths {
        module: module.to_vec(),
        root,
        hidden: Vec::new(),
        file_methods: Vec::new(),
        includes: Vec::new(),
        found: Vec::new(),
        imported: Default::default(),
        calls: Vec::new(),
    };
    for a in &file.attrs {
        if a.path().is_ident("path") {
            paths.hidden.push("#![path]".to_owned());
        }
    }
    paths.visit_file(&file);
    let mut out: Vec<String> = paths.hidden.iter().map(|h| format!("{h} hides a file from the floors")).collect();
    if pure(floor) {
        out.extend(
            paths
                .file_methods
                .iter()
                .map(|(m, line)| format!("line {line}: the pure core touches the file system: .{m}()")),
        );
        out.extend(paths.includes.iter().map(|(m, line)| format!("line {line}: the pure core includes a file: {m}")));
        let path_method = |p: &Vec<String>| {
            p.len() == 4 && p[..2] == ["std".to_owned(), "path".to_owned()] && FILE_METHODS.contains(&p[3].as_str())
        };
        out.extend(
            paths
                .found
                .iter()
                .filter(|(p, _)| path_method(p))
                .map(|(p, line)| format!("line {line}: the pure core touches {}", p.join("::"))),
        );
    }
    // Issue 25: the interface calls no function of the rules (their vocabulary types stay
    // allowed): what may be done next comes from the game's drafts and previews.
    if floor == "ui" {
        for call in &paths.calls {
            let lower = |s: &String| s.chars().next().is_some_and(|c| c.is_lowercase());
            let free_function = call.len() >= 4 && call.iter().rev().take(2).all(lower);
            if call.get(..2) == Some(&["crate".to_owned(), "rules".to_owned()][..]) && free_function {
                out.push(format!("ui calls the rules function {}", call.join("::")));
            }
        }
    }
    let under = |p: &[String], prefixes: &[&[&str]]| prefixes.iter().any(|b| p.len() >= b.len() && p[..b.len()] == **b);
    for (p, line) in paths.found {
        if p.first().is_some_and(|s| s == "crate") {
            if let Some(target) = p.get(1).filter(|t| FLOORS.contains(&t.as_str()))
                && !allowed(floor).contains(&target.as_str())
            {
                out.push(format!("line {line}: {floor} imports {}", p.join("::")));
            }
        } else if pure(floor) && under(&p, IMPURE) && !under(&p, PURE_EXCEPTIONS) {
            out.push(format!("line {line}: the pure core touches {}", p.join("::")));
        }
    }
    out
}

/// The module a file under `src/` is: `ui/wizard/mod.rs` is `ui::wizard`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    parts
}

fn source(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(path)).unwrap()
}

fn module(path: &[&str]) -> Vec<String> {
    path.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn every_floor_points_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    let mut offences = Vec::new();
    for floor in FLOORS {
        assert!(files.iter().any(|f| module_of(&src, f).first().is_some_and(|m| m == floor)), "no {floor}");
    }
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for v in violations(&module_of(&src, file), &text) {
            offences.push(format!("{}: {v}", file.display()));
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

#[test]
fn a_grouped_renamed_import_is_caught() {
    let text = source("game/play.rs") + "\nuse crate::{storage as disk, ui::CsApp};\n";
    let v = violations(&module(&["game", "play"]), &text);
    assert!(
        v.iter().any(|x| x.contains("crate::storage")) && v.iter().any(|x| x.contains("crate::ui::CsApp")),
        "{v:?}"
    );
}

#[test]
fn a_path_through_super_super_is_caught() {
    let text = source("game/play.rs") + "\nfn sneak() -> u32 { super::super::storage::VERSION }\n";
    let v = violations(&module(&["game", "play"]), &text);
    assert!(v.iter().any(|x| x.contains("crate::storage::VERSION")), "{v:?}");
}

#[test]
fn a_slash_slash_inside_a_string_does_not_hide_an_import() {
    let text = source("model/battle.rs") + "\nconst URL: &str = \"http://x\"; use crate::report::summary;\n";
    let v = violations(&module(&["model", "battle"]), &text);
    assert!(v.iter().any(|x| x.contains("crate::report::summary")), "{v:?}");
}

#[test]
fn report_and_storage_never_import_the_interface() {
    for (file, m) in [("report/summary.rs", ["report", "summary"]), ("storage/files.rs", ["storage", "files"])] {
        let text = source(file) + "\nuse crate::ui::CsApp;\n";
        let v = violations(&module(&m), &text);
        assert!(v.iter().any(|x| x.contains("crate::ui::CsApp")), "{file}: {v:?}");
    }
}

#[test]
fn game_never_imports_storage_report_or_i18n() {
    for target in ["storage::VERSION", "report::summary", "i18n::Lang"] {
        let text = source("game/action.rs") + &format!("\nuse crate::{target};\n");
        assert!(!violations(&module(&["game", "action"]), &text).is_empty(), "{target}");
    }
}

#[test]
fn the_pure_core_touches_no_files_clock_or_randomness() {
    for bad in ["std::fs::read", "rand::random", "std::time::SystemTime", "egui::Ui"] {
        let text = source("rules/dice.rs") + &format!("\nuse {bad};\n");
        assert!(!violations(&module(&["rules", "dice"]), &text).is_empty(), "{bad}");
    }
    // The same imports are fine where they belong.
    let text = source("storage/files.rs") + "\nuse std::fs::read;\n";
    assert!(violations(&module(&["storage", "files"]), &text).is_empty());
}

/// Actions carry inputs and the game derives results (design.md section 2): the
/// interface never calls a rules function that decides a result. It previews through the
/// game's own functions (`run_charge`, `gdb_melee_result`, `collision_result`,
/// `b_melee_outcome`) and shows odds and breakdowns.
#[test]
fn the_interface_decides_no_result() {
    const DECIDING: &[&str] = &[
        ".resolve(",
        ".state(",
        ".step(",
        "Charge::declare",
        "Charge::run",
        ".effects(",
        "check_declaration(",
        // The rules' own readings of a charge and a melee: the game's drafts give them.
        ".reaction_allowed(",
        ".follow_up_choices(",
        ".counter_gap_cm(",
        ".square_duration(",
        ".check_time(",
        ".time_fraction(",
        ".test_row(",
        ".odds()",
        ".modifiers(Role",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    common::rust_files(&root, &mut files);
    let mut offences = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for call in DECIDING {
                if code.contains(call) {
                    offences.push(format!("{}:{}: {call}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(offences.is_empty(), "the interface decides results:\n{}", offences.join("\n"));
}

/// One door for effects: exactly one file of the interface (the handler) changes the
/// game, touches storage or shows a file dialog; none reads files itself; only the report
/// window builds reports.
#[test]
fn one_handler_for_effects() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    common::rust_files(&root, &mut files);
    let name = |f: &PathBuf| f.strip_prefix(&root).unwrap().display().to_string();
    let with = |needles: &[&str]| -> Vec<String> {
        files
            .iter()
            .filter(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                needles.iter().any(|n| text.contains(n))
            })
            .map(name)
            .collect()
    };
    assert_eq!(with(&["storage::", ".perform(", ".undo(", ".redo(", "rfd::"]), ["handler.rs"]);
    assert!(with(&["std::fs"]).is_empty());
    assert_eq!(with(&["crate::report"]), ["report_view.rs"]);
    // Colours live in the theme, so that a palette change is one file.
    assert_eq!(with(&["from_rgb", "Color32::from_", "Color32::new"]), ["theme.rs"]);
}

#[test]
fn a_rules_function_called_from_the_interface_is_caught() {
    let imported = source("ui/turn_panel.rs")
        + "\nuse crate::rules::gdb::initiative::initiative as decide;\nfn f() { decide(Default::default(), Default::default()); }\n";
    let v = violations(&module(&["ui", "turn_panel"]), &imported);
    assert!(
        v.iter().any(|x| x.contains("ui calls the rules function crate::rules::gdb::initiative::initiative")),
        "{v:?}"
    );
    let by_path = source("ui/turn_panel.rs")
        + "\nfn g() { crate::rules::gdb::charge::known_duration(Default::default(), Default::default()); }\n";
    let v = violations(&module(&["ui", "turn_panel"]), &by_path);
    assert!(v.iter().any(|x| x.contains("crate::rules::gdb::charge::known_duration")), "{v:?}");
    let through_module = source("ui/table_view/paint.rs") + "\nfn h() { geometry::in_sector(1.0); }\n";
    let v = violations(&module(&["ui", "table_view", "paint"]), &through_module);
    assert!(v.iter().any(|x| x.contains("crate::rules::geometry::in_sector")), "{v:?}");
}

/// No catch-alls (issue 26): the crate and the binary deny `_` arms on enums, so that a
/// new action, command, event, log detail or happening that is not wired does not compile
/// (clippy runs with `-D warnings` in `.ci/run`).
#[test]
fn catch_all_arms_are_denied() {
    for file in ["lib.rs", "main.rs"] {
        let text = source(file);
        assert!(text.contains("#![deny(clippy::wildcard_enum_match_arm)]"), "{file}");
    }
}

/// The probes an independent review used (issue 26), each injected into a copy of a file
/// of a floor that may not do it, each caught.
#[test]
fn every_kind_of_hidden_import_is_caught() {
    let game = module(&["game", "play"]);
    let play = source("game/play.rs");
    let caught = |text: &str, module: &[String], want: &str| {
        let v = violations(module, &(play.clone() + text));
        assert!(v.iter().any(|x| x.contains(want)), "{text}: {v:?}");
    };
    // A path inside a macro's arguments.
    caught("\nfn f() -> String { format!(\"{}\", crate::storage::VERSION) }\n", &game, "crate::storage::VERSION");
    // `self::super::super`.
    caught("\nfn g() -> u32 { self::super::super::storage::VERSION }\n", &game, "crate::storage::VERSION");
    // `super` inside an inline module reaches one floor further up.
    caught("\nmod inner { pub fn h() -> u32 { super::super::super::report::X } }\n", &game, "crate::report::X");
    // `#[path]` brings in a file the floors never see.
    caught("\n#[path = \"../ui/app.rs\"]\nmod hidden;\n", &game, "#[path] on mod hidden");
    // `use std as s` and `extern crate … as`.
    caught("\nuse std as s;\nfn r() { let _ = s::fs::read(\"x\"); }\n", &game, "std::fs::read");
    caught("\nextern crate std as t;\nfn q() { let _ = t::fs::read(\"x\"); }\n", &game, "std::fs::read");
    // A `macro_rules!` body.
    caught("\nmacro_rules! m { () => { crate::ui::CsApp::new } }\n", &game, "crate::ui::CsApp");
    // File access through `Path`'s own methods, by path or on a value.
    caught("\nfn e() -> bool { std::path::Path::exists(std::path::Path::new(\"x\")) }\n", &game, "exists");
    caught("\nfn d(p: &std::path::Path) -> bool { p.is_file() }\n", &game, ".is_file()");
    // A re-export through the crate's root.
    let mut root = root_aliases(&source("lib.rs"));
    root.insert("disk".to_owned(), vec!["crate".to_owned(), "storage".to_owned()]);
    let v = violations_with(&game, &(play.clone() + "\nfn k() -> u32 { crate::disk::VERSION }\n"), &root);
    assert!(v.iter().any(|x| x.contains("crate::storage::VERSION")), "{v:?}");
    let lib = source("lib.rs") + "\npub use crate::storage as disk;\n";
    assert_eq!(root_aliases(&lib).get("disk"), Some(&vec!["crate".to_owned(), "storage".to_owned()]));
}

/// Issue 49: each import newly forbidden to the pure floors, injected into a copy of a
/// file of each, is caught at the line it was written on; the in-memory writer the game
/// counts and hashes with stays allowed.
#[test]
fn the_pure_floors_refuse_runtimes_threads_io_and_included_files_at_their_line() {
    let probes = [
        ("use tokio::runtime::Runtime;", "tokio::runtime::Runtime"),
        ("fn s() { let _ = hyper::StatusCode::OK; }", "hyper::StatusCode::OK"),
        ("fn t() { std::thread::spawn(|| ()); }", "std::thread::spawn"),
        ("use std::io::Read;", "std::io::Read"),
        ("fn i() -> std::io::Stdin { std::io::stdin() }", "std::io::stdin"),
        ("const A: &str = include_str!(\"x.txt\");", "include_str!"),
        ("const B: &[u8] = include_bytes!(\"x.bin\");", "include_bytes!"),
        ("include!(\"x.rs\");", "include!"),
    ];
    for (file, m) in [
        ("rules/dice.rs", ["rules", "dice"]),
        ("model/battle.rs", ["model", "battle"]),
        ("game/play.rs", ["game", "play"]),
        ("oob/read.rs", ["oob", "read"]),
        ("players/mod.rs", ["players", ""]),
    ] {
        let module: Vec<String> = m.iter().filter(|s| !s.is_empty()).map(|s| (*s).to_owned()).collect();
        let original = source(file);
        for (probe, want) in probes {
            // Written two lines below the file's last, so that its line is known.
            let line = original.lines().count() + 2;
            let text = format!("{original}\n{probe}\n");
            let v = violations(&module, &text);
            let at = format!("line {line}: ");
            assert!(v.iter().any(|x| x.contains(want) && x.starts_with(&at)), "{file}, {probe}: {v:?}");
        }
        // An in-memory writer is no input or output.
        let writer = "\nstruct W;\nimpl std::io::Write for W {\n    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { Ok(b.len()) }\n    fn flush(&mut self) -> std::io::Result<()> { Ok(()) }\n}\n";
        let v = violations(&module, &(original.clone() + writer));
        assert!(v.is_empty(), "{file}: {v:?}");
    }
    // The same are fine where they belong: the server's floor runs tokio and hyper.
    let server = source("share/server.rs") + "\nuse tokio::runtime::Runtime;\n";
    assert!(violations(&module(&["share", "server"]), &server).is_empty());
}

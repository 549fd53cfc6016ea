//! What panels, wizards, modals and the settings window may ask of the app. They only
//! return these; the handler (`handler.rs`) carries them out after the frame. A leaf:
//! it imports no panel.

use std::path::PathBuf;

use crate::game::Action;
use crate::i18n::Lang;
use crate::model::{BrigadeId, GeneralId, UnitId};
use crate::rules::Ruleset;

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralTab {
    /// The roster of both armies.
    #[default]
    Roster,
    /// The table from above.
    Table,
}

/// What the editor panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    /// Nothing: the battle overview.
    #[default]
    None,
    /// A unit.
    Unit(UnitId),
    /// A general.
    General(GeneralId),
    /// A brigade.
    Brigade(BrigadeId),
}

/// What a new battle starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Template {
    /// Two empty armies.
    Empty,
    /// The embedded default battle (Krasnoi, 1812).
    Default,
}

/// A step that would drop the battle on screen: asked about first when it has unsaved
/// changes.
#[derive(Clone, Debug, PartialEq)]
pub enum FileOp {
    /// Start a new battle.
    New(Template, Ruleset),
    /// Open a battle file (`None`: ask which).
    Open(Option<PathBuf>),
    /// Quit the app.
    Quit,
    /// Recover the kept autosave journal at this path (issue 41).
    Recover(PathBuf),
}

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open a battle.
    Open,
    /// Save the battle.
    Save,
    /// Save the report as PDF.
    ReportPdf,
    /// Save the report as Markdown.
    ReportMarkdown,
    /// Save the roster sheets as PDF.
    RosterPdf,
    /// Load a rules profile.
    LoadProfile,
    /// Save the rules profile.
    SaveProfile,
    /// Import an order of battle (CSV).
    ImportOob,
    /// Export the order of battle (CSV).
    ExportOob,
    /// Export the table view (SVG).
    TableSvg,
}

impl PathPurpose {
    /// The kinds of file the prompt lists for it, by the end of their names.
    pub const fn suffixes(self) -> &'static [&'static str] {
        match self {
            PathPurpose::Open | PathPurpose::Save => &[".coldsteel.json"],
            PathPurpose::ReportPdf | PathPurpose::RosterPdf => &[".pdf"],
            PathPurpose::ReportMarkdown => &[".md"],
            PathPurpose::LoadProfile | PathPurpose::SaveProfile => &[".coldsteel-rules.json", ".profile.json"],
            PathPurpose::ImportOob | PathPurpose::ExportOob => &[".csv"],
            PathPurpose::TableSvg => &[".svg"],
        }
    }

    /// Whether the prompt asks for a file to write (else one to read).
    pub const fn writes(self) -> bool {
        !matches!(self, PathPurpose::Open | PathPurpose::LoadProfile | PathPurpose::ImportOob)
    }
}

/// What the report window asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportChoice {
    /// Save the report as PDF.
    SavePdf,
    /// Save the report as Markdown.
    SaveMarkdown,
    /// Save the roster sheets as PDF.
    RosterPdf,
    /// Copy the report as text.
    Copy,
    /// Write the PDF and open it in the system viewer.
    Print,
}

/// Everything a panel may ask for; only the handler carries it out.
#[derive(Clone, Debug, PartialEq)]
pub enum AppCommand {
    /// Check and apply a game action (one undo step).
    Perform(Action),
    /// The engagement open in the wizard changed: the players' view shows it (issue 32).
    ShowPlayers(Option<Box<crate::game::procedure::OpenEngagement>>),
    /// Open or close the players' window.
    PlayersWindow(bool),
    /// Open the Share with players dialog.
    OpenShare,
    /// The first evening's rates kept (or not now), then the charge they came before.
    FirstRates(Box<super::rates_form::RatesChoice>),
    /// The first evening's form: import the club's rules, then open the charge (charger,
    /// target) it was asked for (issue 50).
    ImportRulesForCharge(UnitId, UnitId),
    /// Take the rules pack the switch modal shows (issue 50).
    SwitchPack,
    /// The journal is full: save this file, and go on in a new one from the current state.
    ContinueInNewFile,
    /// Change what the editor shows.
    Select(Selection),
    /// Select a unit and scroll the roster to it, unfolding its group.
    Reveal(UnitId),
    /// Undo the last step.
    Undo,
    /// Redo the last undone step.
    Redo,
    /// Switch the interface language.
    SetLang(Lang),
    /// New, open or quit (asks first when there are unsaved changes).
    File(FileOp),
    /// Open the new-battle dialog.
    NewDialog,
    /// Save to the current file (or ask where).
    Save,
    /// Save to a file chosen now.
    SaveAs,
    /// Roll both sides' initiative dice with the app's generator.
    RollInitiative,
    /// Open the melee wizard on a pending melee.
    OpenMelee(usize),
    /// Record a fire (from the unit selected, if it may fire).
    OpenFire,
    /// Take a test the game lists as owed, or (with `None`) call one.
    OpenTest(Option<(UnitId, crate::rules::options::TestKind)>),
    /// The next phase, asking first if tests are still owed.
    NextPhase,
    /// Leave the declared charges or the melees of this phase undone, and go on to the
    /// next phase (asking about tests still owed).
    LeaveUnfinished,
    /// Carry the tests still owed into the next phase, and go on to it.
    CarryTestsAndAdvance,
    /// Close the tests-owed question and open the first test owed.
    TakeOwedTests,
    /// Drop the tests still owed with this reason, then go on to the next phase.
    DropTestsAndAdvance(String),
    /// Start a charge (or Ruleset B attack) by this unit: the next click picks the target.
    StartCharge(UnitId),
    /// The target of the charge being started.
    PickTarget(UnitId),
    /// Carry out this declared charge: the wizard opens at the target's reaction
    /// (GDB-CHG-04).
    CarryOutCharge(UnitId, UnitId),
    /// The charge wizard's one-click Declare while the other side may still declare
    /// (GDB-CHG-03): perform these actions, close the wizard, and ask `other`.
    DeclaredThenOtherSide {
        /// The declaration, then the side's "declarations done".
        actions: Vec<Action>,
        /// The charger and the target.
        charge: (UnitId, UnitId),
        /// The side asked next.
        other: crate::rules::Side,
    },
    /// The side asked declares no charge: its declarations close, and the first charge in
    /// order is carried out (GDB-CHG-03, 04).
    NoneDeclared(crate::rules::Side),
    /// Stop picking a target.
    CancelPick,
    /// Open the report window.
    OpenReport,
    /// Open the rules settings.
    OpenSettings,
    /// Open the rules settings on the basing table.
    OpenBasing,
    /// A unit dropped on the table has no basing row: open the basing table with a row
    /// for its arm, and place it (this action) once the table is applied (issue 44).
    BasingThenPlace(UnitId, Box<Action>),
    /// Open Help → About.
    OpenAbout,
    /// The short guide (F1).
    OpenGuide,
    /// Copy text to the clipboard.
    Copy(String),
    /// Copy one log entry's report (by its sequence number) to the clipboard.
    CopyEntryReport(u64),
    /// Close the modal dialog or window on screen.
    CloseModal,
    /// Save, then carry out the file step the unsaved-changes question held back.
    SaveThen(FileOp),
    /// Drop the unsaved changes and carry out the file step.
    Discard(FileOp),
    /// Accept the offered autosave.
    Recover,
    /// File → Recover…: list every kept autosave (issue 41).
    ShowKept,
    /// Throw away the kept autosave at this path, for good.
    DiscardKept(PathBuf),
    /// A path typed in the in-app prompt, for its purpose.
    PathChosen(PathPurpose, String),
    /// Start a new battle from the new-battle dialog.
    NewBattle(Template, Ruleset),
    /// A report-window action.
    Report(ReportChoice),
    /// Apply the rules settings (one undo step) and close the window.
    ApplySettings(Box<crate::model::RulesPack>),
    /// Load a rules profile, or save the battle's settings as one.
    ProfileFile(PathPurpose),
    /// Save the battle's settings and tables as the club's profile, which new battles start from.
    SaveClubProfile,
    /// Open the Campaign window on a task (issue 52).
    OpenCampaign(super::campaign_form::CampaignTask),
    /// What the Campaign window asks: read, begin, make a battle, close, report.
    Campaign(super::campaign_form::CampaignDo),
    /// Save the club's house rules to its pack in the data folder (issue 51).
    SaveClubHouse(Box<super::settings_house::ClubHouse>),
    /// Switch the battle to the club's pack in the data folder, with its preview.
    PlayClubRules,
    /// Import or export the order of battle through a file dialog or the path prompt.
    OobFile(PathPurpose),
    /// Apply the action a wizard finished with; the wizard closes when it is accepted.
    WizardApply(Action),
    /// Close the wizard, changing nothing.
    CloseWizard,
    /// Export the table view as SVG through a file dialog or the path prompt.
    ExportSvg,
    /// Say something went wrong, in the status line.
    Warn(super::Said),
    /// Show the roster or the table.
    ShowTab(CentralTab),
}

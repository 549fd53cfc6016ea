//! The GdB charge as a draft (GDB-CHG-01..27): the declaration with what the players
//! measured, pre-filled from the players' table and the table view; then each step the
//! charge sequence asks, every input checked by the game's own run of the charge; it
//! finishes into `Action::DeclareCharge` or `Action::Charge`.

use std::collections::BTreeMap;

use crate::game::table::{TableFacts, whole};
use crate::game::{
    Action, ActionError, ChargeAction, ChargeMeasures, ChargeRates, OpportunityFacts, may_carry_out, may_declare,
    melee_sides, run_charge,
};
use crate::model::{Battle, Engagement, General, GeneralId, Overrule, RngState, RulesOptions, Unit, UnitId};
use crate::rules::gdb::MeleeInput;
use crate::rules::gdb::charge::{Ask, Charge, ChargeError, FollowUp, Frac, Guidance, Happening, Input, Reaction};
use crate::rules::options::{DistanceRow, FirstMove};
use crate::rules::{Arm, ByRole, Formation, Side, Situation};

/// Rates typed for units this turn, offered again when a charge is reopened (the players
/// measured them once; the players' table, when it has a value, comes first).
#[derive(Debug, Default)]
pub struct Measured {
    turn: u32,
    charge_move: BTreeMap<UnitId, u32>,
    moves: BTreeMap<UnitId, [Option<u32>; 3]>,
}

impl Measured {
    /// The rates of `turn`: an older turn's are forgotten.
    fn of_turn(&mut self, turn: u32) -> &mut Self {
        if self.turn != turn {
            *self = Measured { turn, ..Measured::default() };
        }
        self
    }
}

/// The numbers of the declaration as the players give them (blank is none): the
/// interface turns their text into numbers at its edge and refuses what is not one.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ChargeTyped {
    pub distance: Option<u32>,
    pub bearing: Option<u32>,
    pub charge_move: Option<u32>,
    pub target_move: Option<u32>,
    pub target_charge: Option<u32>,
    pub target_compulsory: Option<u32>,
}

/// Why the declaration cannot go on as given: the distance missing, or the game's
/// refusal of the charge.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftRefusal {
    DistanceNeeded,
    /// The charge asks something before the target's reaction: Declare, then the steps.
    AskedFirst,
    Game(ActionError),
}

/// What the declaration step shows: why it cannot go on (if so), and whether the charge
/// may be carried out now or only declared (GDB-CHG-03, 04).
#[derive(Debug, Clone, PartialEq)]
pub struct DeclarationView {
    pub refused: Option<DraftRefusal>,
    pub carry_out_now: Result<(), DraftRefusal>,
    pub declare_only: Result<(), DraftRefusal>,
    /// The target's reactions besides a change of formation, as the game would judge them
    /// once the charge is declared, so that the declaration step declares and takes the
    /// reaction in one answer (issue 30). Each is refused with its clause where the
    /// target may not react so, and all of them while the charge cannot be carried out
    /// now (with that refusal).
    pub reactions: Vec<(Reaction, Result<(), DraftRefusal>)>,
    /// What the one-click Declare does now (GDB-CHG-03, 04).
    pub quick: Result<QuickDeclare, DraftRefusal>,
}

/// The one-click Declare (issue 43): the charge carried out at once where the order of
/// declarations allows it, else declared with its side's declarations closed, so that the
/// other side declares before any charge is carried out (GDB-CHG-03, 04).
#[derive(Debug, Clone, PartialEq)]
pub enum QuickDeclare {
    /// The steps follow at once. `unasked` names the other side when it is passed over
    /// because none of its units may declare a charge (the window says so).
    CarryOut { unasked: Option<Side> },
    /// The actions to perform in order (the declaration, then this side's "declarations
    /// done"); `other` declares next, then the charges are carried out in their order.
    ThenOtherSide { actions: Vec<Action>, other: Side },
}

/// The rates the players' table gives, shown pre-filled; a typed value counts only where
/// it differs (or the table has none).
#[derive(Debug, Default, Clone, Copy)]
struct TableRates {
    charge: Option<u32>,
    target_move: Option<u32>,
    target_charge: Option<u32>,
    target_compulsory: Option<u32>,
}

fn table_rates(battle: &Battle, charger: UnitId, target: UnitId) -> TableRates {
    let opts = &battle.options.gdb;
    let row = |id: UnitId| battle.unit(id).and_then(|u| opts.distance(u.arm, u.formation));
    let (c, t) = (row(charger), row(target));
    TableRates {
        charge: c.and_then(|r| r.charge_cm),
        target_move: t.and_then(|r| r.move_cm),
        target_charge: t.and_then(|r| r.charge_cm),
        target_compulsory: t.and_then(|r| r.retreat_cm),
    }
}

/// A GdB charge being drafted.
#[derive(Debug, Clone)]
pub struct ChargeDraft {
    charger: UnitId,
    target: UnitId,
    /// The facts the players tick (commander near, target visible, face, opportunity).
    pub measured: ChargeMeasures,
    pub typed: ChargeTyped,
    declared: bool,
    /// Declared in this draft (not opened on a declaration to carry out): Back from the
    /// reaction returns to the declaration.
    declared_here: bool,
    inputs: Vec<Input>,
    /// The friend a fleeing crew ran into (GDB-ART-04).
    pub crew_ran_into: Option<UnitId>,
    rng: Option<RngState>,
    /// Keep the rates typed for the charger's and the target's arm and formation.
    pub remember: [bool; 2],
    /// What the table view showed when the draft opened (both units placed).
    from_table: Option<TableFacts>,
    /// The general the players chose to order an opportunity charge (GDB-OPP-05).
    ordering_general: Option<GeneralId>,
    /// The refusals the players overrule, with their reason.
    overrule: Option<Overrule>,
    /// The target side's skirmishers in the charge's path (GDB-CHG-22).
    screen: Vec<UnitId>,
    /// The charger's own units in its path on the table, flagged (GDB-CHG-21).
    friends_in_path: Vec<UnitId>,
}

impl ChargeDraft {
    /// Opens a charge of `charger` on `target`, pre-filled from their state, the players'
    /// table, the table view and what was typed for the two units earlier this turn.
    pub fn open(battle: &Battle, charger: UnitId, target: UnitId, memo: &mut Measured) -> Option<Self> {
        let c = battle.unit(charger)?;
        battle.unit(target)?;
        let commander = crate::game::commander_of(battle, c, None);
        let attached = commander.is_some_and(|g| g.attached_to == Some(charger));
        let rates = table_rates(battle, charger, target);
        let memo = memo.of_turn(battle.turn);
        let earlier = |table: Option<u32>, typed: Option<u32>| table.or(typed);
        let moves = memo.moves.get(&target);
        let from_table = crate::game::table::charge_facts(battle, charger, target);
        let ticked = ChargeMeasures { commander_within_15cm: attached, target_visible: true, ..Default::default() };
        let measured = match &from_table {
            Some(f) => f.measured(ticked),
            None => ticked,
        };
        let typed = ChargeTyped {
            distance: from_table.as_ref().map(|f| whole(f.distance_cm)),
            bearing: from_table.as_ref().map(|f| whole(f.angle_deg)),
            charge_move: earlier(rates.charge, memo.charge_move.get(&charger).copied()),
            target_move: earlier(rates.target_move, moves.and_then(|m| m[0])),
            target_charge: earlier(rates.target_charge, moves.and_then(|m| m[1])),
            target_compulsory: earlier(rates.target_compulsory, moves.and_then(|m| m[2])),
        };
        Some(ChargeDraft {
            charger,
            target,
            measured,
            typed,
            declared: false,
            declared_here: false,
            inputs: Vec::new(),
            crew_ran_into: None,
            rng: None,
            remember: [false; 2],
            from_table,
            ordering_general: None,
            overrule: None,
            screen: crate::game::table::screen_in_path(battle, charger, target),
            friends_in_path: crate::game::table::friends_in_path(battle, charger, target),
        })
    }

    /// Opens a declared charge to carry it out (GDB-CHG-04): its measures, rates and
    /// ordering general as declared; the steps start at the target's reaction.
    pub fn carry_out(battle: &Battle, declared: &ChargeAction, memo: &mut Measured) -> Option<Self> {
        let mut d = ChargeDraft::open(battle, declared.charger, declared.target, memo)?;
        let table = table_rates(battle, declared.charger, declared.target);
        let shown = |typed: Option<u32>, table: Option<u32>| typed.or(table);
        let r = &declared.rates;
        d.typed = ChargeTyped {
            distance: Some(declared.measured.distance_cm),
            bearing: Some(declared.measured.bearing_deg),
            charge_move: shown(r.charger_charge_cm, table.charge),
            target_move: shown(r.target_move_cm, table.target_move),
            target_charge: shown(r.target_charge_cm, table.target_charge),
            target_compulsory: shown(r.target_compulsory_cm, table.target_compulsory),
        };
        d.measured = declared.measured.clone();
        d.ordering_general = declared.ordering_general;
        d.overrule = declared.overrule.clone();
        d.screen = declared.screen.clone();
        d.declared = true;
        Some(d)
    }

    pub fn charger(&self) -> UnitId {
        self.charger
    }

    pub fn target(&self) -> UnitId {
        self.target
    }

    /// What the table view showed, if both units stand on it.
    pub fn from_table(&self) -> Option<&TableFacts> {
        self.from_table.as_ref()
    }

    /// The charger's own units in its path on the table (GDB-CHG-21), measured as the
    /// wizard opened.
    pub fn friends_in_path(&self) -> &[UnitId] {
        &self.friends_in_path
    }

    pub fn is_declared(&self) -> bool {
        self.declared
    }

    /// The step shown: 0 for the declaration, then one more per input given.
    pub fn step_number(&self) -> u32 {
        if !self.declared {
            return 0;
        }
        u32::try_from(self.inputs.len()).unwrap_or(u32::MAX).saturating_add(1)
    }

    /// Whether there is an input to take back, or a declaration made here to return to.
    pub fn may_step_back(&self) -> bool {
        !self.inputs.is_empty() || self.declared_here
    }

    /// The generator's state after the dice this draft rolled, or the battle's.
    pub fn rng(&self, battle: &Battle) -> RngState {
        self.rng.clone().unwrap_or_else(|| battle.rng.clone())
    }

    /// Keeps the generator's state after dice rolled for this charge.
    pub fn rolled(&mut self, after: RngState) {
        self.rng = Some(after);
    }

    /// The charger's commander as the game reads him (GDB-CHG-01).
    pub fn commander<'a>(&self, battle: &'a Battle) -> Option<&'a General> {
        battle.unit(self.charger).and_then(|c| crate::game::commander_of(battle, c, None))
    }

    /// The rates typed for the charger (its charge move) and the target (its move, charge
    /// and compulsory move) as rows of the distances table.
    fn typed_rates(&self) -> [(UnitId, DistanceRow); 2] {
        let t = &self.typed;
        let row = DistanceRow::empty(Arm::Infantry);
        [
            (self.charger, DistanceRow { charge_cm: t.charge_move, ..row.clone() }),
            (
                self.target,
                DistanceRow {
                    move_cm: t.target_move,
                    charge_cm: t.target_charge,
                    retreat_cm: t.target_compulsory,
                    ..row
                },
            ),
        ]
    }

    /// For the charger and the target: the arm and formation whose typed rates the
    /// players' table lacks, offered to remember ("for all dragoons in line").
    pub fn rememberable(&mut self, battle: &Battle) -> [Option<(Arm, Formation)>; 2] {
        let mut out = [None, None];
        for (i, (id, typed)) in self.typed_rates().into_iter().enumerate() {
            let unit = battle.unit(id);
            out[i] = unit
                .filter(|u| battle.options.gdb.rates_to_remember(u.arm, u.formation, &typed).is_some())
                .map(|u| (u.arm, u.formation));
            if out[i].is_none() {
                self.remember[i] = false;
            }
        }
        out
    }

    /// The battle's options with the rates the players asked to remember.
    pub fn tables_to_remember(&self, battle: &Battle) -> Option<RulesOptions> {
        let mut options = battle.options.clone();
        let mut changed = false;
        for ((id, typed), remember) in self.typed_rates().into_iter().zip(self.remember) {
            if let Some(u) = battle.unit(id).filter(|_| remember) {
                changed |= options.gdb.remember_rates(u.arm, u.formation, &typed);
            }
        }
        changed.then_some(options)
    }

    /// Keeps the rates typed in this draft for the rest of the turn.
    pub fn remember_typed(&self, battle: &Battle, memo: &mut Measured) {
        let memo = memo.of_turn(battle.turn);
        let t = &self.typed;
        if let Some(cm) = t.charge_move {
            memo.charge_move.insert(self.charger, cm);
        }
        let typed = [t.target_move, t.target_charge, t.target_compulsory];
        if typed.iter().any(Option::is_some) {
            memo.moves.insert(self.target, typed);
        }
    }

    /// Why the measures cannot be used: the distance not given (never a silent 0).
    pub fn measures_refused(&self) -> Option<DraftRefusal> {
        self.typed.distance.is_none().then_some(DraftRefusal::DistanceNeeded)
    }

    /// Whether the typed distance and bearing are the table's, rounded (then the table's
    /// unrounded measures decide, GDB-CHG-18).
    pub fn typed_as_table(&self) -> [Option<f64>; 2] {
        let Some(t) = &self.from_table else { return [None, None] };
        let kept = |typed: Option<u32>, v: f64| (typed == Some(whole(v))).then_some(v);
        [kept(self.typed.distance, t.distance_cm), kept(self.typed.bearing, t.angle_deg)]
    }

    /// The action as the players' inputs stand.
    pub fn action(&self, battle: &Battle) -> ChargeAction {
        let t = &self.typed;
        let table = table_rates(battle, self.charger, self.target);
        let typed = |given: Option<u32>, table: Option<u32>| given.filter(|v| Some(*v) != table);
        let mut measured = self.measured.clone();
        // `measures_refused` keeps a charge without its distance from being declared.
        measured.distance_cm = t.distance.unwrap_or(0);
        measured.bearing_deg = t.bearing.unwrap_or(0);
        ChargeAction {
            charger: self.charger,
            target: self.target,
            measured,
            rates: ChargeRates {
                charger_charge_cm: typed(t.charge_move, table.charge),
                target_move_cm: typed(t.target_move, table.target_move),
                target_charge_cm: typed(t.target_charge, table.target_charge),
                target_compulsory_cm: typed(t.target_compulsory, table.target_compulsory),
            },
            inputs: self.inputs.clone(),
            crew_ran_into: self.crew_ran_into,
            ordering_general: self.measured.opportunity.as_ref().and(self.ordering_general),
            rng_after: self.rng.clone(),
            overrule: self.overrule.clone().filter(|o| !o.reason.trim().is_empty()),
            screen: self.screen.clone(),
        }
    }

    /// The declaration as it stands, without the steps.
    fn declaring(&self, battle: &Battle) -> ChargeAction {
        ChargeAction { inputs: Vec::new(), ..self.action(battle) }
    }

    /// What the declaration step shows, asked of the game once.
    pub fn declaration_view(&self, battle: &Battle) -> DeclarationView {
        let declaring = self.declaring(battle);
        let run = match self.measures_refused() {
            Some(why) => Err(why),
            None => run_charge(battle, &declaring).map_err(DraftRefusal::Game),
        };
        let refused = run.as_ref().err().cloned();
        let judged = |check: fn(&Battle, &ChargeAction) -> Result<(), ActionError>| match &refused {
            Some(why) => Err(why.clone()),
            None => check(battle, &declaring).map_err(DraftRefusal::Game),
        };
        let carry_out_now = judged(may_carry_out);
        let reactions = reactions_if_declared(carry_out_now.clone().and(run));
        let declare_only = judged(may_declare);
        let quick = self.quick(battle, &declaring, &carry_out_now, &declare_only);
        DeclarationView { declare_only, carry_out_now, refused, reactions, quick }
    }

    /// What the one-click Declare does, from what the game said of carrying the charge out
    /// now and of declaring it only.
    fn quick(
        &self,
        battle: &Battle,
        declaring: &ChargeAction,
        carry_out_now: &Result<(), DraftRefusal>,
        declare_only: &Result<(), DraftRefusal>,
    ) -> Result<QuickDeclare, DraftRefusal> {
        let side = battle.unit(declaring.charger).map(|u| u.side);
        let waits_for_other = matches!(
            carry_out_now,
            Err(DraftRefusal::Game(ActionError::Turn(crate::game::sequence::TurnError::NonPhasingStillDeclares)))
        );
        match (carry_out_now, side) {
            (Ok(()), _) => {
                Ok(QuickDeclare::CarryOut { unasked: crate::game::declarations::passed_over(battle, declaring) })
            }
            (Err(_), Some(side)) if waits_for_other && declare_only.is_ok() => {
                let declared = ChargeAction { rng_after: None, ..declaring.clone() };
                let actions = vec![Action::DeclareCharge(Box::new(declared)), Action::DeclarationsDone { side }];
                Ok(QuickDeclare::ThenOtherSide { actions, other: side.other() })
            }
            (Err(why), _) => Err(why.clone()),
        }
    }

    /// GDB-CHG-03: the charge declared now, to be carried out in its turn.
    pub fn declare_only(&self, battle: &Battle) -> Result<Action, DraftRefusal> {
        self.declaration_view(battle).declare_only?;
        let declared = ChargeAction { rng_after: None, ..self.declaring(battle) };
        Ok(Action::DeclareCharge(Box::new(declared)))
    }

    /// Goes on from the declaration to the steps, where the charge may be carried out now.
    pub fn declare(&mut self, battle: &Battle) -> Result<(), DraftRefusal> {
        self.declaration_view(battle).carry_out_now?;
        self.declared = true;
        self.declared_here = true;
        Ok(())
    }

    /// Declares the charge and takes the target's reaction in one answer; nothing is
    /// taken if the game refuses either.
    pub fn declare_and_react(&mut self, battle: &Battle, reaction: Reaction) -> Result<(), DraftRefusal> {
        self.declare(battle)?;
        self.take(battle, Input::Reaction(reaction)).map_err(|e| {
            self.back();
            DraftRefusal::Game(e)
        })
    }

    /// The charge as the inputs given so far run it. If the battle changed under the
    /// draft so that it no longer runs, the steps start again from the declaration.
    pub fn current(&mut self, battle: &Battle) -> Result<ChargeStep, ActionError> {
        let run = run_charge(battle, &self.action(battle));
        if run.is_err() {
            self.inputs.clear();
            self.declared = false;
        }
        let charge = run?;
        Ok(ChargeStep::of(charge, self.crew_friends(battle)))
    }

    /// Takes an input if the game's run of the charge accepts it.
    pub fn take(&mut self, battle: &Battle, input: Input) -> Result<(), ActionError> {
        self.inputs.push(input);
        let run = run_charge(battle, &self.action(battle));
        if run.is_err() {
            self.inputs.pop();
        }
        run.map(|_| ())
    }

    /// Takes an input the game refuses under a clause the players overrule with their
    /// reason (GDB-CHG-18, 19, 20, GDB-ART-04): the refusal joins the charge's overrule,
    /// and the journal keeps it with the reason. Anything else refused is not taken.
    pub fn take_overruled(&mut self, battle: &Battle, input: Input, reason: &str) -> Result<(), ActionError> {
        let refused = match self.take(battle, input.clone()) {
            Ok(()) => return Ok(()),
            Err(ActionError::Charge(e)) if e.overrulable() && !reason.trim().is_empty() => e,
            Err(e) => return Err(e),
        };
        let before = self.overrule.clone();
        let o = self.overrule.get_or_insert_with(|| Overrule { refusals: Vec::new(), reason: String::new() });
        o.refusals.push(refused);
        if !o.reason.contains(reason.trim()) {
            o.reason = [o.reason.trim(), reason.trim()]
                .iter()
                .filter(|r| !r.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("; ");
        }
        let taken = self.take(battle, input);
        if taken.is_err() {
            self.overrule = before;
        }
        taken
    }

    /// Takes the last input back; at the reaction, back to a declaration made here
    /// (issue 30: the reaction step has its Back).
    pub fn back(&mut self) {
        if self.inputs.pop().is_none() && self.declared_here {
            self.declared = false;
            self.declared_here = false;
        }
    }

    /// The charge to apply, once every step is answered.
    pub fn finish(&self, battle: &Battle) -> Result<Action, ActionError> {
        let action = self.action(battle);
        run_charge(battle, &action)?;
        Ok(Action::Charge(Box::new(action)))
    }

    /// Every refusal of a clause in the way of this charge now, in the order the game
    /// gives them, as long as each may be overruled.
    pub fn overrulable_refusals(&self, battle: &Battle) -> Vec<ChargeError> {
        let mut refusals = Vec::new();
        for _ in 0..crate::model::limits::MAX_OVERRULED {
            let overrule = Overrule { refusals: refusals.clone(), reason: "…".into() };
            let probe = ChargeAction { overrule: (!refusals.is_empty()).then_some(overrule), ..self.declaring(battle) };
            let refused = run_charge(battle, &probe).err().or_else(|| may_carry_out(battle, &probe).err());
            match refused.and_then(ActionError::into_charge_refusal) {
                Some(e) if e.overrulable() => refusals.push(e),
                Some(_) | None => break,
            }
        }
        refusals
    }

    /// The overrule as the players set it: offered only while a refusal may be overruled;
    /// `on` with a reason lets the charge through, and the journal keeps both.
    pub fn overrule_mut(&mut self, battle: &Battle, on: bool) -> Option<&mut Overrule> {
        self.overrule_offered(battle, on).1
    }

    /// Whether an overrule is offered now (a refusal of a clause stands in the way), with
    /// the overrule as the players set it: the refusals probed once for both.
    pub fn overrule_offered(&mut self, battle: &Battle, on: bool) -> (bool, Option<&mut Overrule>) {
        let refusals = self.overrulable_refusals(battle);
        let offered = !refusals.is_empty();
        let reason = self.overrule.take().map(|o| o.reason).unwrap_or_default();
        self.overrule = (on && offered).then_some(Overrule { refusals, reason });
        (offered, self.overrule.as_mut())
    }

    /// Whether the players are overruling a refusal.
    pub fn overruling(&self) -> bool {
        self.overrule.is_some()
    }

    /// Ticks or unticks an opportunity charge (GDB-OPP-01).
    pub fn set_opportunity(&mut self, on: bool) {
        self.measured.opportunity =
            on.then(|| OpportunityFacts { in_reach_at_phase_start: true, ..Default::default() });
    }

    /// The generals who may order the opportunity charge, each not allowed with its clause
    /// (GDB-OPP-05, 06); the choice falls on the first allowed one if it is not allowed.
    pub fn ordering_choices<'a>(&mut self, battle: &'a Battle) -> Vec<(&'a General, Result<(), ChargeError>)> {
        let Some(charger) = battle.unit(self.charger) else { return Vec::new() };
        let generals = crate::game::ordering_generals(battle, charger);
        let allowed = |id| generals.iter().any(|(g, ok)| g.id == id && ok.is_ok());
        if !self.ordering_general.is_some_and(allowed) {
            self.ordering_general = generals.iter().find(|(_, ok)| ok.is_ok()).map(|(g, _)| g.id);
        }
        generals
    }

    pub fn ordering_general(&self) -> Option<GeneralId> {
        self.ordering_general
    }

    /// Picks the ordering general, if the game lists him as allowed.
    pub fn order_by(&mut self, battle: &Battle, general: GeneralId) {
        let allowed = battle
            .unit(self.charger)
            .map(|c| crate::game::ordering_generals(battle, c))
            .is_some_and(|gs| gs.iter().any(|(g, ok)| g.id == general && ok.is_ok()));
        if allowed {
            self.ordering_general = Some(general);
        }
    }

    /// The target side's skirmishers in play, who may screen it (GDB-CHG-22).
    pub fn screen_candidates<'a>(&self, battle: &'a Battle) -> Vec<&'a Unit> {
        let side = battle.unit(self.target).map(|t| t.side);
        battle.units.iter().filter(|u| Some(u.side) == side && u.arm == Arm::Skirmishers && u.order.in_play()).collect()
    }

    pub fn screens(&self, unit: UnitId) -> bool {
        self.screen.contains(&unit)
    }

    /// Marks a skirmisher as in the charge's path, or not (GDB-CHG-22).
    pub fn set_screen(&mut self, unit: UnitId, on: bool) {
        self.screen.retain(|id| *id != unit);
        if on {
            self.screen.push(unit);
        }
    }

    /// The charge distance as typed, cm.
    pub fn typed_distance(&self) -> Option<u32> {
        self.typed.distance
    }

    /// If it comes to melee: both sides as the game would read the contact at the typed
    /// distance (the rules decide whether that counts as charging, GDB-CHG-18).
    pub fn melee_preview(&self, battle: &Battle) -> Option<MeleeInput> {
        let contact = self.measured.contact(self.typed.distance);
        let contact = Engagement { contact, ..Engagement::contact(self.charger, self.target) };
        // A general with the charger leads it in (GDB-MOD-15); the table adds nothing yet.
        let table = ByRole::new(Situation { general_leads: true, ..Situation::default() }, Situation::default());
        let (attacker, defender) = melee_sides(battle, &contact, &table)?.into_pair();
        Some(MeleeInput { attacker, defender, options: battle.options.gdb.clone() })
    }

    /// The target's friends in play: a fleeing crew may run into one (GDB-ART-04).
    fn crew_friends(&self, battle: &Battle) -> Vec<UnitId> {
        let side = battle.unit(self.target).map(|t| t.side);
        let friend = |u: &&Unit| Some(u.side) == side && u.id != self.target && u.order.in_play();
        battle.units.iter().filter(friend).map(|u| u.id).collect()
    }
}

/// One step of the charge as the game runs it: what happened so far, what the players
/// do on the table, what is asked now and every choice with the game's verdict.
#[derive(Debug, Clone)]
pub struct ChargeStep {
    charge: Charge,
    /// The target's friends a fleeing crew may have run into, asked only once the crew
    /// fled and until the friend is named (GDB-ART-04).
    pub crew_friends: Vec<UnitId>,
}

/// Each plain reaction's verdict once the charge is declared (GDB-CHG-06..12): the run of
/// the declaration decides it where it may be carried out now and asks the reaction.
fn reactions_if_declared(run: Result<Charge, DraftRefusal>) -> Vec<(Reaction, Result<(), DraftRefusal>)> {
    let verdict = |r: &Reaction| match &run {
        Ok(charge) if charge.ask == Ask::Reaction => {
            charge.reaction_allowed(r).map_err(|e| DraftRefusal::Game(ActionError::Charge(e)))
        }
        // The charge asks something before the reaction: the steps take it.
        Ok(_) => Err(DraftRefusal::AskedFirst),
        Err(why) => Err(why.clone()),
    };
    REACTIONS.iter().map(|r| (r.clone(), verdict(r))).collect()
}

/// The four reactions a target may choose besides a change of formation (GDB-CHG-06).
pub const REACTIONS: [Reaction; 4] =
    [Reaction::Stand, Reaction::StandAndFire, Reaction::CounterCharge, Reaction::Evade];

impl ChargeStep {
    fn of(charge: Charge, friends: Vec<UnitId>) -> Self {
        let crew_fled = charge.happened.iter().any(|h| matches!(h, Happening::CrewFlees { .. }));
        let asked = crew_fled && !charge.happened.contains(&Happening::FriendDisorderedByCrew);
        ChargeStep { charge, crew_friends: if asked { friends } else { Vec::new() } }
    }

    pub fn ask(&self) -> Ask {
        self.charge.ask
    }

    pub fn happened(&self) -> &[Happening] {
        &self.charge.happened
    }

    /// What the players must do on the table now, each with its clauses.
    pub fn guidance(&self) -> Vec<Guidance> {
        self.charge.guidance()
    }

    /// Whether the target may react so (GDB-CHG-06..12), with the clause where not.
    pub fn reaction(&self, r: &Reaction) -> Result<(), ChargeError> {
        self.charge.reaction_allowed(r)
    }

    /// The formations the target may change into, square first where it may form one.
    pub fn formations(&self) -> Vec<Formation> {
        reaction_formations(&self.charge)
    }

    /// AMB-01: the reading of the first move in force.
    pub fn first_move(&self) -> FirstMove {
        self.charge.options.first_move
    }

    /// The first move in cm and the share of the turn it takes (GDB-CHG-07).
    pub fn time_share(&self) -> Option<(u32, Frac)> {
        self.charge.time_fraction().map(|f| (self.charge.first_move_cm(), f))
    }

    /// The share of its charge move the charger needs to reach the target (GDB-CHG-10).
    pub fn time_to_contact(&self) -> Option<Frac> {
        let full = self.charge.decl.charger.charge_move_cm.filter(|full| *full > 0)?;
        Some(Frac(self.charge.decl.distance_cm, full))
    }

    /// GDB-CHG-10: how long a square takes and whether it still forms before contact.
    pub fn square_in_time(&self) -> Option<(Frac, bool)> {
        let takes = self.charge.square_duration()?;
        Some((takes, self.charge.check_time(Formation::Square, None).is_ok()))
    }

    /// The closing fire's losses may not pass the charger's figures (GDB-CHG-13).
    pub fn closing_fire_refused(&self, figures: u32) -> Option<u32> {
        self.charge.decl.charger.figures.filter(|has| figures > *has)
    }

    /// The counter-charger's meet may not pass the gap left (GDB-CHG-18).
    pub fn meet_refused(&self, counter_cm: u32) -> Option<ChargeError> {
        let gap = self.charge.counter_gap_cm();
        (counter_cm > gap).then_some(ChargeError::MeetBeyondGap { counter: counter_cm, gap })
    }

    /// The follow-ups after the charge, each with the game's verdict (GDB-CHG-19).
    pub fn follow_ups(&self) -> [(FollowUp, Result<(), ChargeError>); 4] {
        self.charge.follow_up_choices()
    }

    /// Whether the charger may occupy the building it cleared (GDB-CHG-20).
    pub fn may_occupy(&self) -> bool {
        self.charge.may_occupy().is_ok()
    }

    /// The target tests as disordered while changing formation (GDB-CHG-12).
    pub fn target_tests_disordered(&self) -> bool {
        self.charge.target_tests_disordered()
    }
}

/// Whether a click on `clicked` with `selected` chosen proposes a charge of the one on
/// the other (GDB-CHG-03, GDB-SEQ-02): in the Charges phase, a unit in play of
/// the side declaring now chosen, and an enemy clicked ("click the charger, click the
/// target", issue 30). Any other click selects, and C starts any charge (an opportunity
/// charge of the other side among them). The wizard then judges the charge itself.
pub fn click_proposes_charge(battle: &Battle, selected: UnitId, clicked: UnitId) -> bool {
    let (Some(a), Some(b)) = (battle.unit(selected), battle.unit(clicked)) else { return false };
    may_propose(battle, a) && a.side != b.side && b.order.in_play()
}

/// Whether `charger` belongs to the side declaring now, in play, in the Charges phase.
fn may_propose(battle: &Battle, charger: &Unit) -> bool {
    if battle.phase != crate::rules::Phase::Charges || !charger.order.in_play() {
        return false;
    }
    let declaring = match battle.ruleset {
        crate::rules::Ruleset::Gdb => crate::game::declarations::charges_phase(battle).declaring(battle),
        crate::rules::Ruleset::RulesetB => Some(battle.phasing.unwrap_or(crate::rules::Side::First)),
    };
    declaring == Some(charger.side)
}

/// The units a click would propose `charger` charge now, in the roster's order: the
/// enemy's units in play, in the Charges phase (issue 30: the unit's card lists them, so
/// that the target is on screen with the charger however the roster is scrolled). The
/// Charges phase is read once, not once a unit.
pub fn charge_targets(battle: &Battle, charger: UnitId) -> Vec<&Unit> {
    let Some(c) = battle.unit(charger).filter(|c| may_propose(battle, c)) else { return Vec::new() };
    in_play_in_roster_order(battle, c.side.other()).collect()
}

/// A side's units in play, brigade by brigade and then those of no brigade, as the
/// roster lists them.
pub fn in_play_in_roster_order(battle: &Battle, side: crate::rules::Side) -> impl Iterator<Item = &Unit> {
    let brigades = battle.brigades_of(side).map(|b| Some(b.id)).chain([None]);
    brigades.flat_map(move |b| battle.units_of(side, b)).filter(|u| u.order.in_play())
}

/// The Emergency Limber die (GDB-ART-03) as the players give it: a 1 needs nothing more;
/// 2 to 6 read the players' table, or the result they name where the table has none.
pub fn limber_input(battle: &Battle, die: Option<crate::rules::dice::D6>, named: &str) -> Option<Input> {
    let die = die?;
    let named = Some(named.trim().to_owned()).filter(|s| !s.is_empty());
    if die.get() == 1 || limber_from_table(battle, die.get()) {
        return Some(Input::EmergencyLimber { die, named: None });
    }
    named.map(|named| Input::EmergencyLimber { die, named: Some(named) })
}

/// Whether the players' table names the Emergency Limber result of this die.
pub fn limber_from_table(battle: &Battle, die: u8) -> bool {
    die > 1 && battle.options.gdb.limber(die).is_some()
}

/// The formations the target may change into as its reaction, square first where it may
/// form one (what a charged infantry unit forms most).
fn reaction_formations(m: &Charge) -> Vec<Formation> {
    let arm = m.decl.target.arm;
    if arm == Arm::Skirmishers {
        return Vec::new();
    }
    let mut out: Vec<Formation> =
        Formation::ALL.iter().copied().filter(|f| f.fits(arm) && *f != m.decl.target.formation).collect();
    if let Some(i) = out.iter().position(|f| *f == Formation::Square) {
        out[..=i].rotate_right(1);
    }
    out
}

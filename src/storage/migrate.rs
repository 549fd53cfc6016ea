//! Step-by-step migrations of older battle files, on the JSON value. Each step takes a
//! file of version N to N + 1; a version-1 fixture in `tests/` proves the chain forever.

use serde_json::Value;

/// One migration step: from the version at its index + 1 to the next.
type Step = fn(&mut Value);

/// The steps, oldest first.
const STEPS: &[Step] = &[
    v1_to_v2, v2_to_v3, v3_to_v4, v4_to_v5, v5_to_v6, v6_to_v7, v7_to_v8, v8_to_v9, v9_to_v10, v10_to_v11, v11_to_v12,
];

/// Version 2 made the file a journal and pending melees engagements: `pending_melees`
/// becomes `engagements` (their fields carry over), and each row of a test table gets
/// the kind of result it names. Log entries of version 1 keep no actions: `replay`
/// starts after them.
fn v1_to_v2(value: &mut Value) {
    let Some(map) = value.as_object_mut() else { return };
    if let Some(pending) = map.remove("pending_melees") {
        map.insert("engagements".into(), pending);
    }
    if let Some(options) = map.get_mut("options") {
        kinds_of_test_rows(options);
    }
}

/// Version 3 added the Charges phase's declarations (`declare_charge`,
/// `declarations_done` actions and their log entries) and the game's judgement of the
/// charge procedure; a version-2 file holds none of them and reads as it is. Its journal
/// may hold charges today's rules refuse: `replay` reports those as rules changes.
fn v2_to_v3(_: &mut Value) {}

/// Version 4 added the Firing phase's fires, the tests taken and dropped (`fire`,
/// `take_test`, `drop_tests` actions and their log entries), the `under_fire` marker, the
/// players' firing table and the morale and rally tests' tables, the Movement phase's
/// `change_formation` and `move` actions (and their log entries), the `rallying` marker
/// and the players' `rally_at_once` option; a version-3 file holds none of them and reads
/// as it is.
fn v3_to_v4(_: &mut Value) {}

/// Version 5 keeps the undo history compact (issue 31): each step's `events`, full
/// copies of every unit an event touched and of the log entry appended, become
/// `changes`: a unit's, general's or brigade's changed fields alone, and the log entry's
/// number while the step is done (the log holds the entry), the entry itself only in an
/// undone step, for redo. The history survives the upgrade, step for step.
fn v4_to_v5(value: &mut Value) {
    let Some(undo) = value.get_mut("undo").and_then(Value::as_object_mut) else { return };
    for (stack, done) in [("done", true), ("undone", false)] {
        let Some(steps) = undo.get_mut(stack).and_then(Value::as_array_mut) else { continue };
        for step in steps.iter_mut().filter_map(Value::as_object_mut) {
            let Some(Value::Array(events)) = step.remove("events") else { continue };
            let changes = events.into_iter().map(|e| change_of_event(e, done)).collect();
            step.insert("changes".into(), Value::Array(changes));
        }
    }
}

/// Version 6 is the first the game judges the turn's clauses in (issue 42: a morale test
/// in base contact, a melee outside its phase or twice in a game turn, a rally before the
/// rout move, a Ruleset B test taken again after its melee). A version-5 file reads as it
/// is; its journal may hold steps those clauses refuse, which `replay` reports as rules
/// changes and replays as they were recorded.
fn v5_to_v6(_: &mut Value) {}

/// Version 7 is the first the game judges the order of declarations in (GDB-CHG-03, 04,
/// issue 42): a charge carried out at once, without a declaration of its own, while the
/// other side may still declare. A version-6 file reads as it is; such charges in its
/// journal are reported as rules changes and replayed as they were recorded.
fn v6_to_v7(_: &mut Value) {}

/// A version-4 event as a version-5 change (see [`v4_to_v5`]).
fn change_of_event(event: Value, done: bool) -> Value {
    let Value::Object(mut map) = event else { return event };
    let kind = map.get("event").and_then(Value::as_str).unwrap_or_default().to_owned();
    let item = match kind.as_str() {
        "unit_changed" => Some("unit"),
        "general_changed" => Some("general"),
        "brigade_changed" => Some("brigade"),
        _ => None,
    };
    match (item, map.remove("before"), map.remove("after")) {
        (Some(item), Some(Value::Object(before)), Some(Value::Object(after))) => {
            let id = before.get("id").cloned().unwrap_or(Value::Null);
            let (before, after) = crate::game::change::changed_fields(&before, &after);
            return serde_json::json!({"change": "fields", "item": item, "id": id, "before": before, "after": after});
        }
        (_, before, after) => {
            // Not an item's change: put back what was taken.
            for (key, taken) in [("before", before), ("after", after)] {
                if let Some(v) = taken {
                    map.insert(key.into(), v);
                }
            }
        }
    }
    if kind == "log_appended" {
        map.remove("event");
        let seq = map.get("seq").cloned().unwrap_or(Value::Null);
        let mut logged = serde_json::Map::new();
        logged.insert("change".into(), Value::from("logged"));
        logged.insert("seq".into(), seq);
        if !done {
            logged.insert("entry".into(), Value::Object(map));
        }
        return Value::Object(logged);
    }
    map.insert("change".into(), Value::from("whole"));
    Value::Object(map)
}

/// Gives each test-table row without a kind the kind its result's name says (the names
/// version 1 read: pass, retreat, rout, in English or Russian), else a halt.
pub fn kinds_of_test_rows(options: &mut Value) {
    let Some(tables) = options.pointer_mut("/gdb/tests").and_then(Value::as_array_mut) else { return };
    for table in tables {
        let Some(rows) = table.get_mut("rows").and_then(Value::as_array_mut) else { continue };
        for row in rows.iter_mut().filter_map(Value::as_object_mut) {
            if row.contains_key("kind") {
                continue;
            }
            let name = row.get("result").and_then(Value::as_str).unwrap_or_default().trim().to_lowercase();
            row.insert("kind".into(), Value::from(kind_named(&name)));
        }
    }
}

/// The kind an older row's name says, the gravest word winning: "Halt, disordered" is
/// unformed, not a plain halt.
fn kind_named(name: &str) -> &'static str {
    const WORDS: [(&[&str], &str); 5] = [
        (&["rout", "бег"], "rout"),
        (&["retreat", "отступ"], "retreat"),
        (&["unformed", "disorder", "расстр"], "unformed"),
        (&["pursu", "преслед"], "pursue"),
        (&["halt", "stop", "останов", "стоят"], "halt"),
    ];
    if let Some((_, kind)) = WORDS.iter().find(|(words, _)| words.iter().any(|w| name.contains(w))) {
        return kind;
    }
    match name {
        "pass" | "passed" | "прошли" | "пройден" | "пройдено" => "pass",
        _ => "halt",
    }
}

/// Version 8 keeps each fact once (issue 46): a log entry the replay makes again from its
/// action keeps only its number, turn, phase and action, and the undo history keeps only
/// the steps the replay cannot make again. A version-7 file, its entries whole and every
/// step kept, reads as it is; its steps stay kept as they are when it is saved again
/// (the rules since may not replay them).
fn v7_to_v8(_: &mut Value) {}

/// Version 8 → 9: a charge's action no longer carries the table's unrounded measures
/// (issue 48: the game derives them from the table as it checks the charge): `exact`
/// goes from every `measured`, wherever an action stands in the file.
fn v8_to_v9(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(measured)) = map.get_mut("measured") {
                measured.remove("exact");
            }
            map.values_mut().for_each(v8_to_v9);
        }
        Value::Array(items) => items.iter_mut().for_each(v8_to_v9),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {}
    }
}

/// Version 9 → 10: a battle may name the club's rules pack it plays under (`pack`, issue
/// 50). A file of before names none: its options are its own, an unnamed pack.
fn v9_to_v10(_: &mut Value) {}

/// Version 10 → 11: a battle made from a campaign names it (`campaign`: its id and the
/// battle's number, issue 52); modifiers in log entries may say their source and whether
/// they decided the result (issue 51). A file of before names no campaign and reads as it
/// is.
fn v10_to_v11(_: &mut Value) {}

/// Version 11 → 12: a battle made from a campaign keeps the campaign's standing as it was
/// made (`campaign.standing`, issue 53), which the players' view shows. A file of before
/// has none and reads as it is.
fn v11_to_v12(_: &mut Value) {}

/// Migrates a file of `version` to the current version.
pub fn to_current(value: &mut Value, version: u32) {
    let first = usize::try_from(version.saturating_sub(1)).unwrap_or(usize::MAX);
    for step in STEPS.iter().skip(first) {
        step(value);
    }
    if let Some(map) = value.as_object_mut() {
        map.insert("version".into(), Value::from(super::VERSION));
    }
}

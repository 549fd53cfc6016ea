//! Step-by-step migrations of older battle files, on the JSON value. Each step takes a
//! file of version N to N + 1; a version-1 fixture in `tests/` proves the chain forever.

use serde_json::Value;

/// One migration step: from the version at its index + 1 to the next.
type Step = fn(&mut Value);

/// The steps, oldest first. Version 1 is current: none yet.
const STEPS: &[Step] = &[];

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

//! What changed between two states of the players' page (issue 47): a state is kept as a
//! tree whose objects and lists down to [`LEAF_DEPTH`] are compared part by part (a
//! roster's units, the map's lines, the log's latest entries), and the difference is a
//! list of operations the page applies to the state it has:
//!
//! - `["s", PATH, VALUE]`: the value at PATH (keys and indexes from the root) becomes VALUE
//!   (an empty PATH replaces the whole state);
//! - `["p", PATH, START, DELETE, [ITEMS]]`: the list at PATH loses DELETE items from START
//!   and takes ITEMS there (JavaScript's `splice`).
//!
//! Operations are applied in order; each one's indexes are those of the list as the
//! operations before it left it (the diff emits a list's changes from its end back, so
//! that they are the old state's indexes). [`apply`] is the reference reader, as the page
//! reads them.

use std::ops::Range;

use serde_json::Value;

/// Objects and lists this deep are leaves: compared and sent whole (a unit's row, a
/// modifier line, a summary row).
const LEAF_DEPTH: usize = 4;
/// The most edits a list's difference is searched for before the changed middle is sent
/// whole: a few actions' worth of rows moving, bounded in time on 80,000 rows.
const MAX_EDITS: usize = 64;

/// A state as its parts: each leaf's JSON and every node's hash, for quick comparison.
#[derive(Debug, PartialEq)]
pub struct Node {
    hash: u64,
    kind: Kind,
}

#[derive(Debug, PartialEq)]
enum Kind {
    Leaf(Box<[u8]>),
    Object(Vec<(String, Node)>),
    List(Vec<Node>),
}

impl Node {
    /// The tree of a JSON text, read straight into its parts (no value of the whole is
    /// built: its leaves are the text's own bytes), if it is JSON.
    pub fn parse(json: &[u8]) -> Option<Node> {
        let mut reader = serde_json::Deserializer::from_slice(json);
        let node = serde::de::DeserializeSeed::deserialize(Depth(0), &mut reader).ok()?;
        reader.end().ok()?;
        Some(node)
    }

    /// The state's JSON, as one line.
    #[cfg(test)]
    fn json(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut Vec<u8>) {
        match &self.kind {
            Kind::Leaf(json) => out.extend_from_slice(json),
            Kind::Object(fields) => {
                out.push(b'{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write_str(key, out);
                    out.push(b':');
                    value.write(out);
                }
                out.push(b'}');
            }
            Kind::List(items) => {
                out.push(b'[');
                write_items(items, out);
                out.push(b']');
            }
        }
    }
}

fn write_items(items: &[Node], out: &mut Vec<u8>) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item.write(out);
    }
}

fn write_str(text: &str, out: &mut Vec<u8>) {
    // A string always serializes.
    let _ = serde_json::to_writer(&mut *out, text);
}

fn object(fields: Vec<(String, Node)>) -> Node {
    let hash = fields.iter().fold(0x6f62_6a00_u64, |h, (k, n)| mix(mix(h, crate::game::fnv1a(k.as_bytes())), n.hash));
    Node { hash, kind: Kind::Object(fields) }
}

fn list(items: Vec<Node>) -> Node {
    let hash = items.iter().fold(0x6c69_7374_u64, |h, n| mix(h, n.hash));
    Node { hash, kind: Kind::List(items) }
}

fn leaf(json: &[u8]) -> Node {
    Node { hash: crate::game::fnv1a(json), kind: Kind::Leaf(json.into()) }
}

/// Reads a node this deep in the text: objects and lists above [`LEAF_DEPTH`] part by
/// part, anything at it as its bytes.
struct Depth(usize);

impl<'de> serde::de::DeserializeSeed<'de> for Depth {
    type Value = Node;

    fn deserialize<D: serde::Deserializer<'de>>(self, reader: D) -> Result<Node, D::Error> {
        if self.0 >= LEAF_DEPTH {
            let raw: &serde_json::value::RawValue = serde::Deserialize::deserialize(reader)?;
            return Ok(leaf(raw.get().as_bytes()));
        }
        reader.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Depth {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(scalar(&v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(scalar(&v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(scalar(&v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(scalar(&v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(scalar(&v))
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(leaf(b"null"))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut fields = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            fields.push((key, map.next_value_seed(Depth(self.0 + 1))?));
        }
        Ok(object(fields))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Depth(self.0 + 1))? {
            items.push(item);
        }
        Ok(list(items))
    }
}

fn scalar(v: &impl serde::Serialize) -> Node {
    // A scalar always serializes.
    leaf(&serde_json::to_vec(v).unwrap_or_default())
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(29)
}

/// One step of a path: an object's key or a list's index.
#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The operations that turn `old` into `new`, as a JSON list.
pub fn diff(old: &Node, new: &Node) -> Vec<u8> {
    let mut ops = Ops { out: vec![b'['] };
    let mut path = Vec::new();
    diff_at(old, new, &mut path, &mut ops);
    ops.out.push(b']');
    ops.out
}

struct Ops {
    out: Vec<u8>,
}

impl Ops {
    fn begin(&mut self, kind: &str, path: &[Step]) {
        // After the opening bracket, each operation but the first follows a comma.
        if self.out.len() > 1 {
            self.out.push(b',');
        }
        self.out.extend_from_slice(b"[\"");
        self.out.extend_from_slice(kind.as_bytes());
        self.out.extend_from_slice(b"\",[");
        for (i, step) in path.iter().enumerate() {
            if i > 0 {
                self.out.push(b',');
            }
            match step {
                Step::Key(k) => write_str(k, &mut self.out),
                Step::Index(n) => self.out.extend_from_slice(n.to_string().as_bytes()),
            }
        }
        self.out.extend_from_slice(b"],");
    }

    fn set(&mut self, path: &[Step], value: &Node) {
        self.begin("s", path);
        value.write(&mut self.out);
        self.out.push(b']');
    }

    fn splice(&mut self, path: &[Step], start: usize, delete: usize, items: &[Node]) {
        self.begin("p", path);
        self.out.extend_from_slice(format!("{start},{delete},[").as_bytes());
        write_items(items, &mut self.out);
        self.out.extend_from_slice(b"]]");
    }
}

fn diff_at<'a>(old: &Node, new: &'a Node, path: &mut Vec<Step<'a>>, ops: &mut Ops) {
    if old == new {
        return;
    }
    match (&old.kind, &new.kind) {
        (Kind::Object(a), Kind::Object(b)) if same_keys(a, b) => {
            for ((_, x), (key, y)) in a.iter().zip(b) {
                path.push(Step::Key(key));
                diff_at(x, y, path, ops);
                path.pop();
            }
        }
        (Kind::List(a), Kind::List(b)) => diff_list(a, b, path, ops),
        (Kind::Leaf(_) | Kind::Object(_) | Kind::List(_), _) => ops.set(path, new),
    }
}

fn same_keys(a: &[(String, Node)], b: &[(String, Node)]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|((x, _), (y, _))| x == y)
}

/// A list's changes: its common ends kept, the middle's edits as splices (or, where the
/// same number of items went as came, changes inside each), from the end back.
fn diff_list<'a>(a: &[Node], b: &'a [Node], path: &mut Vec<Step<'a>>, ops: &mut Ops) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    let suffix = ra.iter().rev().zip(rb.iter().rev()).take_while(|(x, y)| x == y).count();
    let (ma, mb) = (&ra[..ra.len() - suffix], &rb[..rb.len() - suffix]);
    let hunks = edits(ma, mb, MAX_EDITS).unwrap_or_else(|| vec![Hunk { old: 0..ma.len(), new: 0..mb.len() }]);
    for h in hunks.iter().rev() {
        let (old, new) = (&ma[h.old.clone()], &mb[h.new.clone()]);
        if old.len() == new.len() {
            for (i, (x, y)) in old.iter().zip(new).enumerate() {
                path.push(Step::Index(prefix + h.old.start + i));
                diff_at(x, y, path, ops);
                path.pop();
            }
        } else {
            ops.splice(path, prefix + h.old.start, old.len(), new);
        }
    }
}

/// A run of edits: the old items it removes and the new items it puts in their place.
#[derive(Debug, PartialEq)]
struct Hunk {
    old: Range<usize>,
    new: Range<usize>,
}

/// The shortest edit script from `a` to `b` (Myers' greedy algorithm) as hunks, in
/// order, if it takes at most `cap` insertions and deletions.
fn edits(a: &[Node], b: &[Node], cap: usize) -> Option<Vec<Hunk>> {
    let (n, m) = (a.len(), b.len());
    let max = cap.min(n + m);
    let at = |k: isize| usize::try_from(k + max as isize + 1).unwrap_or(0);
    let mut v = vec![0usize; 2 * max + 3];
    let mut trace: Vec<Vec<usize>> = Vec::new();
    for d in 0..=max as isize {
        trace.push(v.clone());
        for k in (-d..=d).step_by(2) {
            let down = k == -d || (k != d && v[at(k - 1)] < v[at(k + 1)]);
            let mut x = if down { v[at(k + 1)] } else { v[at(k - 1)] + 1 };
            let mut y = usize::try_from(x as isize - k).unwrap_or(0);
            while x < n && y < m && a[x] == b[y] {
                x += 1;
                y += 1;
            }
            v[at(k)] = x;
            if x >= n && y >= m {
                return Some(backtrack(&trace, n, m, at));
            }
        }
    }
    None
}

/// The path found, walked back from the end: the hunks of edits between its diagonals.
fn backtrack(trace: &[Vec<usize>], n: usize, m: usize, at: impl Fn(isize) -> usize) -> Vec<Hunk> {
    let (mut x, mut y) = (n, m);
    let mut hunks: Vec<Hunk> = Vec::new();
    for d in (1..trace.len()).rev() {
        let v = &trace[d];
        let (d, k) = (d as isize, x as isize - y as isize);
        let down = k == -d || (k != d && v[at(k - 1)] < v[at(k + 1)]);
        let prev_k = if down { k + 1 } else { k - 1 };
        let prev_x = v[at(prev_k)];
        let prev_y = usize::try_from(prev_x as isize - prev_k).unwrap_or(0);
        // The diagonal back to where this edit ended.
        let edit_end = (x - (x - prev_x).min(y - prev_y), y - (x - prev_x).min(y - prev_y));
        let (ex, ey) = edit_end;
        // The edit: one insertion (down) or one deletion (right), joined to the hunk after
        // it when they touch.
        let hunk = Hunk { old: prev_x..ex, new: prev_y..ey };
        match hunks.last_mut() {
            Some(last) if last.old.start == ex && last.new.start == ey => {
                last.old.start = hunk.old.start;
                last.new.start = hunk.new.start;
            }
            Some(_) | None => hunks.push(hunk),
        }
        x = prev_x;
        y = prev_y;
    }
    hunks.reverse();
    hunks
}

/// Why operations did not apply to a state.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ApplyError {
    /// Not an operation this reader knows.
    #[error("operation {0} is not one this reader knows")]
    Unknown(usize),
    /// Its path leads nowhere in the state.
    #[error("operation {0}'s path leads nowhere")]
    NoPath(usize),
}

/// Applies a diff's operations to a state, as the page does.
pub fn apply(state: &mut Value, ops: &Value) -> Result<(), ApplyError> {
    let Some(ops) = ops.as_array() else { return Err(ApplyError::Unknown(0)) };
    for (i, op) in ops.iter().enumerate() {
        let parts = op.as_array().map(Vec::as_slice).unwrap_or_default();
        match parts {
            [kind, Value::Array(path), value] if kind == "s" => {
                *walk(state, path).ok_or(ApplyError::NoPath(i))? = value.clone();
            }
            [kind, Value::Array(path), start, delete, Value::Array(items)] if kind == "p" => {
                let list = walk(state, path).and_then(Value::as_array_mut).ok_or(ApplyError::NoPath(i))?;
                let start = start.as_u64().and_then(|s| usize::try_from(s).ok()).ok_or(ApplyError::NoPath(i))?;
                let delete = delete.as_u64().and_then(|s| usize::try_from(s).ok()).ok_or(ApplyError::NoPath(i))?;
                let end = start.checked_add(delete).filter(|e| *e <= list.len()).ok_or(ApplyError::NoPath(i))?;
                list.splice(start..end, items.iter().cloned());
            }
            _ => return Err(ApplyError::Unknown(i)),
        }
    }
    Ok(())
}

/// The value a path leads to (a new key of an object is made).
fn walk<'a>(state: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    path.iter().try_fold(state, |at, step| match (at, step) {
        (Value::Object(map), Value::String(key)) => Some(map.entry(key.clone()).or_insert(Value::Null)),
        (Value::Array(list), Value::Number(n)) => {
            n.as_u64().and_then(|n| usize::try_from(n).ok()).and_then(|n| list.get_mut(n))
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The tree read from the text, as the hub reads it (and the same as of the value).
    fn tree(v: &Value) -> Node {
        let read = Node::parse(&serde_json::to_vec(v).unwrap()).unwrap();
        assert_eq!(serde_json::from_slice::<Value>(&read.json()).unwrap(), *v);
        read
    }

    fn check(old: Value, new: Value) -> usize {
        let ops = diff(&tree(&old), &tree(&new));
        let ops: Value = serde_json::from_slice(&ops).unwrap();
        let mut state = old;
        apply(&mut state, &ops).unwrap();
        assert_eq!(state, new, "{ops}");
        ops.as_array().unwrap().len()
    }

    fn rows(ids: &[u32]) -> Value {
        json!({"version": 1, "sides": [{"name": "A", "units": ids.iter().map(|i| json!({"id": i, "name": format!("u{i}")})).collect::<Vec<_>>()}]})
    }

    #[test]
    fn the_same_state_has_no_operations_and_a_changed_leaf_one() {
        assert_eq!(check(rows(&[1, 2, 3]), rows(&[1, 2, 3])), 0);
        let mut changed = rows(&[1, 2, 3]);
        changed["sides"][0]["units"][1]["name"] = json!("renamed");
        assert_eq!(check(rows(&[1, 2, 3]), changed), 1);
    }

    #[test]
    fn a_row_moved_to_the_end_is_two_splices_not_every_row() {
        let old: Vec<u32> = (0..1000).collect();
        let mut new = old.clone();
        let moved = new.remove(10);
        new.push(moved);
        assert_eq!(check(rows(&old), rows(&new)), 2);
    }

    #[test]
    fn insertions_deletions_and_changes_anywhere_apply_to_the_new_state() {
        let cases: [(&[u32], &[u32]); 8] = [
            (&[], &[1, 2]),
            (&[1, 2], &[]),
            (&[1, 2, 3], &[3, 2, 1]),
            (&[1, 2, 3, 4, 5], &[1, 9, 3, 8, 5, 7]),
            (&[5, 1, 2, 3], &[1, 2, 3, 5]),
            (&[1, 1, 1], &[1, 1]),
            (&[1, 2, 3], &[0, 1, 2, 3, 4]),
            (&[1, 2, 3, 4], &[4, 3, 2, 1, 0]),
        ];
        for (a, b) in cases {
            check(rows(a), rows(b));
        }
        // Far past the edits searched: the middle goes item by item, or whole where its
        // length changed.
        let a: Vec<u32> = (0..500).collect();
        let b: Vec<u32> = (0..500).rev().collect();
        assert!(check(rows(&a), rows(&b)) <= 500);
        let c: Vec<u32> = (0..499).rev().collect();
        assert_eq!(check(rows(&a), rows(&c)), 1);
        check(json!({"a": 1}), json!({"b": 1}));
        check(json!({"a": [1, 2]}), json!({"a": "x"}));
        check(json!([1]), json!({"a": 1}));
    }

    #[test]
    fn random_lists_diff_to_their_new_state() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            u32::try_from(x % n).unwrap()
        };
        for _ in 0..300 {
            let a: Vec<u32> = (0..next(40)).map(|_| next(12)).collect();
            let mut b = a.clone();
            for _ in 0..next(6) {
                match next(3) {
                    0 if !b.is_empty() => {
                        let i = next(b.len() as u64) as usize;
                        b.remove(i);
                    }
                    1 => {
                        let i = next(b.len() as u64 + 1) as usize;
                        b.insert(i, next(12));
                    }
                    _ if !b.is_empty() => {
                        let i = next(b.len() as u64) as usize;
                        b[i] = next(12);
                    }
                    _ => {}
                }
            }
            check(rows(&a), rows(&b));
        }
    }

    #[test]
    fn the_tree_writes_the_json_it_was_made_of() {
        let v = json!({"a": [1, {"b": [[1, 2], {"c": "é\"<"}]}], "d": null, "e": {"f": {"g": {"h": {"i": 1}}}}});
        assert_eq!(serde_json::from_slice::<Value>(&tree(&v).json()).unwrap(), v);
        assert!(Node::parse(b"{\"a\":").is_none() && Node::parse(b"[1] 2").is_none());
    }
}

//! JSON layout of battle files: indented to a few levels for people to read, then
//! compact, so a 10,000-entry log stays small and quick to read back.

use std::io::{self, Write};

use serde_json::ser::Formatter;

/// Indent nested values up to this depth; deeper ones are written on one line.
const INDENT_DEPTH: usize = 2;

/// A formatter that indents like `to_string_pretty` up to [`INDENT_DEPTH`].
#[derive(Debug, Default)]
pub struct Layout {
    depth: usize,
    has_value: bool,
}

impl Layout {
    fn pretty(&self) -> bool {
        self.depth <= INDENT_DEPTH
    }

    fn newline_indent<W: ?Sized + Write>(&self, w: &mut W, depth: usize) -> io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl Formatter for Layout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        let pretty = self.pretty();
        self.depth -= 1;
        if pretty && self.has_value {
            self.newline_indent(w, self.depth)?;
        }
        self.has_value = true;
        w.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.pretty() { self.newline_indent(w, self.depth) } else { Ok(()) }
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        let pretty = self.pretty();
        self.depth -= 1;
        if pretty && self.has_value {
            self.newline_indent(w, self.depth)?;
        }
        self.has_value = true;
        w.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.pretty() { self.newline_indent(w, self.depth) } else { Ok(()) }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(if self.pretty() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Serializes with [`Layout`].
pub fn to_string<T: serde::Serialize>(value: &T) -> Result<String, serde_json::Error> {
    let mut out = Vec::with_capacity(1 << 16);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Layout::default());
    value.serialize(&mut ser)?;
    // serde_json writes only valid UTF-8.
    String::from_utf8(out).map_err(|e| serde::ser::Error::custom(e.to_string()))
}

/// The bytes [`to_string`] would write, counted without keeping them.
pub fn written_len<T: serde::Serialize>(value: &T) -> Result<u64, serde_json::Error> {
    let mut counter = crate::game::file_size::ByteCounter::default();
    let mut ser = serde_json::Serializer::with_formatter(&mut counter, Layout::default());
    value.serialize(&mut ser)?;
    Ok(counter.bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_values_are_indented_and_deep_ones_compact() {
        let v = serde_json::json!({"a": [1, {"b": {"c": [1, 2], "d": {"e": 1}}}], "f": {}});
        let text = to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v);
        assert!(text.contains("\n  \"a\": ["));
        assert!(text.contains("{\"e\":1}"), "{text}");
    }
}

//! The players' page compressed for browsers that accept gzip (issue 47): a whole body as
//! one gzip member, and an event stream as a gzip header followed by chunks that each
//! stand alone (raw deflate blocks with no reference before their start, ending on a
//! byte boundary, none final), so that one compressed copy of each state is shared by
//! every viewer whatever it received before.

use std::io::Write;

use bytes::Bytes;
use flate2::Compression;

/// What opens a gzip stream of chunks: the magic, deflate, no flags, no time, no extra
/// flags, an unknown system.
pub const STREAM_HEADER: &[u8] = &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// How hard the deflater works: the level that keeps a 4 MB state under a tenth of a
/// second on this machine's slow core.
const LEVEL: Compression = Compression::new(6);

/// A whole body as gzip.
pub fn whole(data: &[u8]) -> Bytes {
    let mut out = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 8 + 64), LEVEL);
    // Writing to memory does not fail.
    let _ = out.write_all(data);
    Bytes::from(out.finish().unwrap_or_default())
}

/// Data as deflate blocks that stand alone, to follow [`STREAM_HEADER`] and any chunks
/// before them.
pub fn chunk(data: &[u8]) -> Bytes {
    let mut out = flate2::write::DeflateEncoder::new(Vec::with_capacity(data.len() / 8 + 64), LEVEL);
    let _ = out.write_all(data);
    // A sync flush ends the blocks on a byte boundary without a final one; the encoder's
    // final block, written as it drops, goes to the emptied buffer.
    let _ = out.flush();
    Bytes::from(std::mem::take(out.get_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn chunks_after_the_header_read_as_one_gzip_stream_from_any_chunk_on() {
        let parts = [&b"id: 1\ndata: {\"a\":1}\n\n"[..], b": still here\n\n", &[b'x'; 70_000], b"id: 2\n\n"];
        let chunks: Vec<Bytes> = parts.iter().map(|p| chunk(p)).collect();
        for from in 0..parts.len() {
            let mut wire = STREAM_HEADER.to_vec();
            chunks[from..].iter().for_each(|c| wire.extend_from_slice(c));
            let mut got = Vec::new();
            // The stream has no end: read what is there.
            let _ = flate2::read::GzDecoder::new(&wire[..]).read_to_end(&mut got);
            assert_eq!(got, parts[from..].concat(), "from chunk {from}");
        }
        let mut got = Vec::new();
        flate2::read::GzDecoder::new(&whole(b"hello")[..]).read_to_end(&mut got).unwrap();
        assert_eq!(got, b"hello");
    }
}

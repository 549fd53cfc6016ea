//! The 64-bit FNV-1a hash: the same in every process and version (a file's fingerprint,
//! a lock's name, a log entry's check, a rules pack's hash).

/// The 64-bit FNV-1a hash of the bytes written to it (`serde_json::to_writer` into it
/// hashes a value's compact JSON without building the text).
#[derive(Debug)]
pub struct Fnv1a(pub u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Adds bytes to the hash.
    pub fn add(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3));
    }
}

impl std::io::Write for Fnv1a {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.add(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

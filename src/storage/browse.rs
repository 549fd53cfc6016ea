//! A folder's listing for the in-app file prompt (issue 45: where the desktop has no
//! file-dialog portal, the prompt lets the players browse folders and pick a file).

use std::path::{Path, PathBuf};

/// At most this many folders and files are listed; a folder with more says so.
pub const MAX_LISTED: usize = 500;

/// A folder's subfolders and the files of the kinds asked for, by name, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// The folder listed.
    pub dir: PathBuf,
    /// Its subfolders, hidden ones (".name") aside.
    pub folders: Vec<String>,
    /// Its files whose names end with one of the suffixes asked for.
    pub files: Vec<String>,
    /// More entries than [`MAX_LISTED`] were left out.
    pub more: bool,
}

/// At most this many entries of a folder are read (a folder of millions of files costs no
/// more than this).
const MAX_READ: usize = 100_000;

/// Lists `dir`: its folders and its files ending with one of `suffixes` (any file when
/// `suffixes` is empty), the first [`MAX_LISTED`] by name. Names that are not valid UTF-8
/// are left out.
pub fn list(dir: &Path, suffixes: &[&str]) -> std::io::Result<Listing> {
    let mut listing = Listing { dir: dir.to_path_buf(), ..Listing::default() };
    let mut entries: Vec<(bool, String)> = Vec::new();
    for entry in std::fs::read_dir(dir)?.take(MAX_READ) {
        let Ok(entry) = entry else { continue };
        let Ok(name) = entry.file_name().into_string() else { continue };
        if name.starts_with('.') {
            continue;
        }
        // Links are followed: a link to a folder browses like a folder.
        let is_dir = entry.path().is_dir();
        let lower = name.to_lowercase();
        if is_dir || suffixes.is_empty() || suffixes.iter().any(|s| lower.ends_with(s)) {
            entries.push((is_dir, name));
        }
    }
    // Folders first, then files, each by name whatever the case.
    entries.sort_by(|(a_dir, a), (b_dir, b)| {
        b_dir.cmp(a_dir).then_with(|| a.to_lowercase().cmp(&b.to_lowercase())).then_with(|| a.cmp(b))
    });
    listing.more = entries.len() > MAX_LISTED;
    for (is_dir, name) in entries.into_iter().take(MAX_LISTED) {
        if is_dir { listing.folders.push(name) } else { listing.files.push(name) }
    }
    Ok(listing)
}

/// The folder a typed path points into: the path itself when it is a folder, else its
/// parent when that is one.
pub fn folder_of(typed: &str) -> Option<PathBuf> {
    let path = Path::new(typed.trim());
    if path.is_dir() {
        return Some(path.to_path_buf());
    }
    path.parent().filter(|p| !p.as_os_str().is_empty() && p.is_dir()).map(Path::to_path_buf)
}

//! Embeds coldsteel's icon in the Windows executable with mingw's `windres`. Nothing is
//! done for other targets, so that a Linux build needs only the Rust toolchain.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=assets/icon/coldsteel.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    if let Err(why) = embed_icon() {
        // A Windows build without windres still works; it only has no icon.
        println!("cargo:warning=the exe has no icon: {why}");
    }
}

fn embed_icon() -> Result<(), String> {
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let icon = root.join("assets").join("icon").join("coldsteel.ico");
    // windres reads the path in a C string: forward slashes, quotes escaped.
    let icon = icon.display().to_string().replace('\\', "/").replace('"', "\\\"");
    let rc = out.join("coldsteel.rc");
    std::fs::write(&rc, format!("1 ICON \"{icon}\"\n")).map_err(|e| e.to_string())?;
    let obj = out.join("coldsteel-icon.o");
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| "x86_64-w64-mingw32-windres".to_owned());
    let status = Command::new(&windres)
        .arg("--input")
        .arg(&rc)
        .arg("--output")
        .arg(&obj)
        .arg("--output-format=coff")
        .status()
        .map_err(|e| format!("{windres}: {e}"))?;
    if !status.success() {
        return Err(format!("{windres} failed ({status})"));
    }
    println!("cargo:rustc-link-arg-bins={}", obj.display());
    Ok(())
}

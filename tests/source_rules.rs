//! Rules of the source that the compiler cannot hold on its own.
//!
//! The release wasm is built with `-Zfmt-debug=none` (scripts/build.sh), under which `{:?}`
//! prints nothing, so a message that named a value with `{:?}` would lose it in the browser
//! while every native test still saw it. Messages quote with `crate::quoted` instead. Clippy's
//! `use_debug` misses format strings inside some macro expansions, so this test reads the
//! source: no `{:?}`-style placeholder before a file's first `#[cfg(test)]`.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            // src/schema/tests/ and the like hold only tests
            if path.file_name().is_some_and(|n| n != "tests") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `line` has a Debug placeholder: `{:?}`, `{name:?}`, `{:#?}`, `{0:?}`.
fn has_debug_placeholder(line: &str) -> bool {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'{' {
            continue;
        }
        let rest = &line[i + 1..];
        let Some(end) = rest.find('}') else { continue };
        let inside = &rest[..end];
        if inside.ends_with(":?") || inside.ends_with(":#?") {
            let name = inside.trim_end_matches(":#?").trim_end_matches(":?");
            if name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
                return true;
            }
        }
    }
    false
}

#[test]
fn messages_never_format_with_debug() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 40, "found only {} source files", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file is readable");
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            if line.trim_start().starts_with("//") {
                continue;
            }
            if has_debug_placeholder(line) {
                found.push(format!(
                    "{}:{}: {}",
                    file.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "Debug placeholders in non-test code (use crate::quoted):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_placeholder_check_sees_every_form() {
    for line in [
        r#"format!("{:?}", x)"#,
        r#"format!("{key:?}")"#,
        r#"format!("{:#?}", x)"#,
        r#"format!("{0:?}", x)"#,
    ] {
        assert!(has_debug_placeholder(line), "{line}");
    }
    for line in [
        r#"format!("{}", x)"#,
        r#"format!("{key}")"#,
        "/// `{a?: b}`",
        r#"obj! {"a": 1}"#,
    ] {
        assert!(!has_debug_placeholder(line), "{line}");
    }
}

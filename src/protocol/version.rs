//! Protocol revisions this adapter speaks (MCP 2026-07-28, `basic/versioning.mdx`).

/// The sessionless ("modern") revisions, newest first.
pub const MODERN_VERSIONS: &[&str] = &["2026-07-28"];

/// The newest revision; the first one offered.
pub const LATEST: &str = "2026-07-28";

/// The handshake-era revisions (initialize + `Mcp-Session-Id`), newest first.
pub const HANDSHAKE_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// Picks the newest modern revision that appears in `supported` (a server's
/// `supportedVersions` or the `data.supported` of a `-32022` error).
pub fn best_modern<'a, I: IntoIterator<Item = &'a str>>(supported: I) -> Option<&'static str> {
    let offered: Vec<&str> = supported.into_iter().collect();
    MODERN_VERSIONS
        .iter()
        .copied()
        .find(|v| offered.contains(v))
}

/// Whether `version` is a handshake-era revision.
pub fn is_handshake(version: &str) -> bool {
    HANDSHAKE_VERSIONS.contains(&version)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_modern_overlap_only() {
        assert_eq!(
            best_modern(["2025-11-25", "2026-07-28"]),
            Some("2026-07-28")
        );
        assert_eq!(best_modern(["2025-11-25"]), None);
        assert_eq!(best_modern(["2030-01-01"]), None);
        assert!(is_handshake("2025-06-18"));
        assert!(!is_handshake("2026-07-28"));
    }
}

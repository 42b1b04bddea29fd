//! Protocol revisions this adapter speaks (MCP 2026-07-28, `basic/versioning.mdx`), and how
//! a server's refusal of one names the others it speaks.

use super::codes;
use serde_json::Value;

/// The sessionless ("modern") revisions, newest first.
pub const MODERN_VERSIONS: &[&str] = &["2026-07-28"];

/// The newest revision; the first one offered.
pub const LATEST: &str = "2026-07-28";

/// The handshake-era revisions (initialize + `Mcp-Session-Id`), newest first.
pub const HANDSHAKE_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// Picks the newest modern revision that appears in `supported` (a server's
/// `supportedVersions` or the `data.supported` of a `-32022` error).
pub fn best_modern(supported: &[String]) -> Option<&'static str> {
    newest_shared(MODERN_VERSIONS, supported)
}

/// Whether `version` is a handshake-era revision.
pub fn is_handshake(version: &str) -> bool {
    HANDSHAKE_VERSIONS.contains(&version)
}

/// Most versions read from a refusal (see [`refused_with_versions`]).
pub const MAX_REFUSAL_VERSIONS: usize = 16;

/// The protocol versions a server names when it refuses the version a request offered, or
/// `None` when the error is not such a refusal.
///
/// MCP 2025-11-25, `basic/lifecycle.mdx` ("Version Negotiation", "Error Handling") has the
/// server answer an `initialize` it cannot serve with `-32602` and
/// `data: {"supported": [...], "requested": ...}`; servers built on the SDKs answer HTTP 400
/// with `-32602` or `-32000` and name the versions only in the message, e.g.
/// `"Unsupported protocol version (supported versions: 2025-06-18, 2025-03-26, 2024-11-05)"`.
/// So the versions are `data.supported` when it is an array, else the tokens of the message
/// when it mentions a "version". Read defensively: only `YYYY-MM-DD` tokens count (other
/// entries and text are ignored), at most [`MAX_REFUSAL_VERSIONS`], duplicates once; an
/// error naming none is not a refusal.
pub fn refused_with_versions(
    code: i64,
    message: &str,
    data: Option<&Value>,
) -> Option<Vec<String>> {
    if code != codes::INVALID_PARAMS && code != codes::SERVER_ERROR {
        return None;
    }
    let mut versions = Vec::new();
    let mut add = |token: &[u8]| {
        if versions.len() < MAX_REFUSAL_VERSIONS && is_date(token) {
            let mut text = String::with_capacity(token.len());
            for byte in token {
                text.push(char::from(*byte));
            }
            if !versions.contains(&text) {
                versions.push(text);
            }
        }
    };
    if let Some(Value::Array(listed)) = data.and_then(|d| d.get("supported")) {
        for entry in listed {
            if let Value::String(v) = entry {
                add(v.as_bytes());
            }
        }
    } else if mentions_version(message.as_bytes()) {
        let bytes = message.as_bytes();
        for (at, window) in bytes.windows(10).enumerate() {
            let before = at.checked_sub(1).and_then(|i| bytes.get(i));
            let after = bytes.get(at + 10);
            let bounded = |b: Option<&u8>| !b.is_some_and(|b| b.is_ascii_alphanumeric());
            if bounded(before) && bounded(after) {
                add(window);
            }
        }
    }
    (!versions.is_empty()).then_some(versions)
}

/// Whether `token` is exactly `YYYY-MM-DD` (digits and dashes; the date is not checked).
fn is_date(token: &[u8]) -> bool {
    token.len() == 10
        && token.iter().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

/// Whether `message` contains "version" (or "Version", "VERSION").
fn mentions_version(message: &[u8]) -> bool {
    message.windows(6).any(|w| w == b"ersion" || w == b"ERSION")
}

/// The newest of `ours` (newest first) that `theirs` names too.
pub fn newest_shared(ours: &[&'static str], theirs: &[String]) -> Option<&'static str> {
    ours.iter()
        .find(|v| theirs.iter().any(|t| t == *v))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Owned strings, as a server's list arrives.
    fn theirs(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_refusal_names_its_versions_in_data_or_in_the_message() {
        let sdk = "Bad Request: Unsupported protocol version (supported versions: 2025-06-18, 2025-03-26, 2024-11-05)";
        let listed = Some(vec![
            "2025-06-18".to_owned(),
            "2025-03-26".to_owned(),
            "2024-11-05".to_owned(),
        ]);
        assert_eq!(refused_with_versions(-32602, sdk, None), listed);
        assert_eq!(refused_with_versions(-32000, sdk, None), listed);
        // the specification's own example: the versions in data
        let data = json!({"supported": ["2024-11-05"], "requested": "2025-11-25"});
        assert_eq!(
            refused_with_versions(-32602, "Unsupported protocol version", Some(&data)),
            Some(vec!["2024-11-05".to_owned()])
        );
        // another code, no "version" in the message, or no date: not a refusal
        assert_eq!(refused_with_versions(-32601, sdk, None), None);
        assert_eq!(
            refused_with_versions(-32602, "bad date 2025-06-18", None),
            None
        );
        assert_eq!(
            refused_with_versions(-32602, "Unsupported protocol version", None),
            None
        );
        assert_eq!(
            refused_with_versions(-32602, "x", Some(&json!({"supported": "2025-06-18"}))),
            None
        );
    }

    #[test]
    fn refusals_are_read_defensively() {
        // only whole YYYY-MM-DD tokens, each once, at most 16
        let message =
            "VERSION x2025-06-18 2025-06-18 2025-06-1 12025-03-26 2025-03-26x 2024-11-05, \
                       2024-11-05 2025-6-18 ２０２５-06-18 2024-11-05";
        assert_eq!(
            refused_with_versions(-32602, message, None),
            Some(vec!["2025-06-18".to_owned(), "2024-11-05".to_owned()])
        );
        let mut many = String::from("supported versions:");
        for day in 10..60 {
            many.push_str(&format!(" 2025-01-{day}"));
        }
        assert_eq!(
            refused_with_versions(-32000, &many, None).map(|v| v.len()),
            Some(MAX_REFUSAL_VERSIONS)
        );
        let data = json!({"supported": [1, null, "2025-06-18", "2025-06-18; DROP", {"v": 1}]});
        assert_eq!(
            refused_with_versions(-32602, "", Some(&data)),
            Some(vec!["2025-06-18".to_owned()])
        );
    }

    #[test]
    fn the_newest_shared_version_is_ours_first() {
        let ours = ["2025-11-25", "2025-06-18", "2025-03-26"];
        assert_eq!(
            newest_shared(&ours, &theirs(&["2024-11-05", "2025-03-26", "2025-06-18"])),
            Some("2025-06-18")
        );
        assert_eq!(newest_shared(&ours, &theirs(&["2024-11-05"])), None);
    }

    #[test]
    fn picks_modern_overlap_only() {
        assert_eq!(
            best_modern(&theirs(&["2025-11-25", "2026-07-28"])),
            Some("2026-07-28")
        );
        assert_eq!(best_modern(&theirs(&["2025-11-25"])), None);
        assert_eq!(best_modern(&theirs(&["2030-01-01"])), None);
        assert!(is_handshake("2025-06-18"));
        assert!(!is_handshake("2026-07-28"));
    }
}

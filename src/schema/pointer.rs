//! Local references: from a `$ref` string to the node of the input document it names.
//!
//! A reference is local when it is a bare fragment (`#…`) or the root `$id` followed by a
//! fragment. The fragment is percent-decoded (RFC 3986, section 2.1) and read as a JSON
//! Pointer (RFC 6901): `/`-separated reference tokens with `~1` for `/` and `~0` for `~`,
//! array elements by decimal index. Plain-name fragments (`#name`, an `$anchor`) and every
//! other URI are not local; nothing here fetches anything.

use serde_json::Value;

/// Resolves `reference` if it is local: `#…`, or `<root $id>#…`; the fragment must be empty
/// (the root) or a JSON Pointer. `None` when the reference is not local, is malformed, or
/// does not lead to a schema (an object or a boolean).
pub(super) fn resolve_local<'v>(
    root: &'v Value,
    root_id: Option<&str>,
    reference: &str,
) -> Option<&'v Value> {
    let (base, fragment) = match reference.split_once('#') {
        Some((base, fragment)) => (base, fragment),
        None => (reference, ""),
    };
    if !base.is_empty() {
        let id = root_id?;
        if id.strip_suffix('#').unwrap_or(id) != base {
            return None;
        }
    }
    let fragment = percent_decode(fragment)?;
    let mut node = root;
    if !fragment.is_empty() {
        let pointer = fragment.strip_prefix('/')?;
        for token in pointer.split('/') {
            let token = unescape_token(token)?;
            node = match node {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(array_index(&token)?)?,
                _ => return None,
            };
        }
    }
    match node {
        Value::Object(_) | Value::Bool(_) => Some(node),
        _ => None,
    }
}

/// Decodes URI percent-escapes in a fragment (RFC 3986, section 2.1); `None` if an escape
/// is malformed or the decoded bytes are not UTF-8.
fn percent_decode(fragment: &str) -> Option<String> {
    if !fragment.as_bytes().contains(&b'%') {
        return Some(fragment.to_owned());
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' {
            let high = hex_value(*bytes.get(i + 1)?)?;
            let low = hex_value(*bytes.get(i + 2)?)?;
            out.push(high * 16 + low);
            i += 3;
        } else {
            out.push(byte);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The value of one hexadecimal digit (either case); `None` for any other byte.
fn hex_value(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        b'A'..=b'F' => Some(digit - b'A' + 10),
        _ => None,
    }
}

/// Unescapes one JSON Pointer reference token (RFC 6901, section 4: `~1` → `/`, `~0` → `~`);
/// `None` for any other `~` sequence.
fn unescape_token(token: &str) -> Option<String> {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Parses an RFC 6901 array index: `0`, or digits without a leading zero.
fn array_index(token: &str) -> Option<usize> {
    let well_formed = !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token == "0" || !token.starts_with('0'));
    if well_formed {
        token.parse().ok()
    } else {
        None
    }
}

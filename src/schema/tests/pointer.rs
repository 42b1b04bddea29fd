//! Resolving a local reference on its own: fragments, JSON Pointer escapes (RFC 6901), array
//! indices, percent-escapes (RFC 3986) and the root `$id` as base.

use crate::schema::pointer::resolve_local;
use serde_json::{json, Value};

/// The document the tests resolve against.
fn document() -> Value {
    json!({
        "$id": "https://example.com/s",
        "a/b": {"type": "string"},
        "~1": {"type": "integer"},
        "café": {"type": "boolean"},
        "list": [{"type": "null"}, true],
        "scalar": "text"
    })
}

#[test]
fn an_empty_fragment_names_the_root() {
    let doc = document();
    assert_eq!(resolve_local(&doc, None, "#"), Some(&doc));
    assert_eq!(resolve_local(&doc, None, ""), Some(&doc));
}

#[test]
fn tilde_one_is_decoded_before_tilde_zero() {
    let doc = document();
    assert_eq!(
        resolve_local(&doc, None, "#/a~1b"),
        Some(&json!({"type": "string"}))
    );
    // `~01` is `~1` (the key), not `/`.
    assert_eq!(
        resolve_local(&doc, None, "#/~01"),
        Some(&json!({"type": "integer"}))
    );
    assert_eq!(resolve_local(&doc, None, "#/a~2b"), None);
    assert_eq!(resolve_local(&doc, None, "#/a~"), None);
}

#[test]
fn percent_escapes_decode_to_utf8_and_malformed_ones_resolve_to_nothing() {
    let doc = document();
    assert_eq!(
        resolve_local(&doc, None, "#/caf%C3%A9"),
        Some(&json!({"type": "boolean"}))
    );
    assert_eq!(
        resolve_local(&doc, None, "#/a%2Fb"),
        None,
        "an escaped `/` is a `/` inside the token, not `~1`"
    );
    for malformed in ["#/caf%C3", "#/%4", "#/%g0", "#/%"] {
        assert_eq!(resolve_local(&doc, None, malformed), None, "{malformed}");
    }
}

#[test]
fn array_indices_are_decimal_without_leading_zeros_or_signs() {
    let doc = document();
    assert_eq!(
        resolve_local(&doc, None, "#/list/0"),
        Some(&json!({"type": "null"}))
    );
    assert_eq!(resolve_local(&doc, None, "#/list/1"), Some(&json!(true)));
    for bad in [
        "#/list/01",
        "#/list/-1",
        "#/list/+1",
        "#/list/",
        "#/list/2",
        "#/list/1e0",
    ] {
        assert_eq!(resolve_local(&doc, None, bad), None, "{bad}");
    }
}

#[test]
fn only_the_root_id_is_a_local_base() {
    let doc = document();
    let id = Some("https://example.com/s");
    assert_eq!(
        resolve_local(&doc, id, "https://example.com/s#/a~1b"),
        Some(&json!({"type": "string"}))
    );
    assert_eq!(
        resolve_local(
            &doc,
            Some("https://example.com/s#"),
            "https://example.com/s#/a~1b"
        ),
        Some(&json!({"type": "string"}))
    );
    assert_eq!(resolve_local(&doc, id, "https://example.com/s"), Some(&doc));
    assert_eq!(
        resolve_local(&doc, id, "https://example.com/other#/a~1b"),
        None
    );
    assert_eq!(
        resolve_local(&doc, None, "https://example.com/s#/a~1b"),
        None
    );
}

#[test]
fn anchors_and_pointers_to_non_schemas_resolve_to_nothing() {
    let doc = document();
    assert_eq!(
        resolve_local(&doc, None, "#a~1b"),
        None,
        "a plain-name fragment is an anchor"
    );
    assert_eq!(resolve_local(&doc, None, "#/scalar"), None);
    assert_eq!(resolve_local(&doc, None, "#/$id"), None);
    assert_eq!(resolve_local(&doc, None, "#/scalar/0"), None);
}

//! MCP resources for the host: the entries of `resources/list` and
//! `resources/templates/list`, and the contents of `resources/read` as the JSON from which
//! the JS layer builds its Blob-like objects (MCP 2026-07-28 `server/resources.mdx`,
//! `schema.ts` `Resource`, `ResourceTemplate`, `TextResourceContents`,
//! `BlobResourceContents`).
//!
//! | MCP `ResourceContents` | host JSON |
//! | --- | --- |
//! | `{uri, mimeType?, text, _meta?, …}` | `{text, mimeType, metadata: {uri, _meta?, …}}` |
//! | `{uri, mimeType?, blob, _meta?, …}` | `{data, mimeType, metadata: {uri, _meta?, …}}` |
//!
//! `mimeType` defaults to `text/plain` for text and `application/octet-stream` for blobs
//! (a Blob-like needs one). `data` stays base64 (moved, not copied); it is checked to be
//! valid standard base64 so that `asBytes()` never decodes garbage.
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/resources>.

use crate::error::{snippet, Error, ErrorCode, Result};
use serde::Serialize;
use serde_json::{Map, Value};

/// One content of a `resources/read` result as the host gets it:
/// `{"text"|"data": …, "mimeType": …, "metadata": {"uri": …, …}}`, from which
/// `pkg-template/adapter.js` builds the Blob-like `ResourceContent` of
/// `pkg-template/index.d.ts` (which adds `uri` and the `as…`/`toBlob` methods).
///
/// The host gets [`ResourceContent::into_json`]; `Serialize` gives the same JSON (the contract
/// test compares its field names with the declarations).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResourceContent {
    /// The text, or the base64 data.
    #[serde(flatten)]
    pub body: ResourceBody,
    /// The server's mime type, else [`TEXT_DEFAULT_MIME`] or [`BLOB_DEFAULT_MIME`].
    #[serde(rename = "mimeType")]
    pub mime_type: String,
    /// The content's `uri` and its other fields.
    pub metadata: ResourceMetadata,
}

/// The body of a [`ResourceContent`]: one key, `text` or `data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ResourceBody {
    /// `TextResourceContents.text`.
    #[serde(rename = "text")]
    Text(String),
    /// `BlobResourceContents.blob`: standard base64, checked, moved unchanged.
    #[serde(rename = "data")]
    Data(String),
}

/// The `metadata` of a [`ResourceContent`]: `{"uri": …, …}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResourceMetadata {
    /// The content's URI (a resource may return contents for sub-URIs).
    pub uri: String,
    /// Every other field of the contents (`_meta`, `annotations`, …), under its wire name.
    #[serde(flatten)]
    pub rest: Map<String, Value>,
}

impl ResourceContent {
    /// The content as JSON, its strings moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let mut out = Map::new();
        match self.body {
            ResourceBody::Text(text) => crate::put(&mut out, "text", Value::String(text)),
            ResourceBody::Data(data) => crate::put(&mut out, "data", Value::String(data)),
        };
        crate::put(&mut out, "mimeType", Value::String(self.mime_type));
        let mut metadata = Map::new();
        crate::put(&mut metadata, "uri", Value::String(self.metadata.uri));
        metadata.extend(self.metadata.rest);
        crate::put(&mut out, "metadata", Value::Object(metadata));
        Value::Object(out)
    }
}

/// Mime type of a text content without one.
pub const TEXT_DEFAULT_MIME: &str = "text/plain";
/// Mime type of a blob content without one.
pub const BLOB_DEFAULT_MIME: &str = "application/octet-stream";

/// Converts one `TextResourceContents` / `BlobResourceContents` into a [`ResourceContent`]:
/// `{"text": T, "mimeType": M, "metadata": {"uri": U, ...}}` or
/// `{"data": B64, "mimeType": M, "metadata": {"uri": U, ...}}`, where `...` keeps every
/// other field under its wire name (`_meta`, `annotations`, ...).
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when the entry is not an object, has no string `uri`, has
/// neither a string `text` nor a string `blob`, or its `blob` is not valid base64.
pub fn resource_contents(contents: Value) -> Result<ResourceContent> {
    let Value::Object(mut map) = contents else {
        return Err(invalid("a resources/read contents entry is not an object"));
    };
    let uri = match map.remove("uri") {
        Some(Value::String(uri)) => uri,
        _ => return Err(invalid("a resources/read contents entry has no string uri")),
    };
    let mime = match map.remove("mimeType") {
        Some(Value::String(m)) if !m.is_empty() => Some(m),
        _ => None,
    };
    let text = match map.remove("text") {
        Some(Value::String(t)) => Some(t),
        Some(other) => {
            crate::put(&mut map, "text", other);
            None
        }
        None => None,
    };
    let (body, mime_type) = if let Some(text) = text {
        map.remove("blob");
        (
            ResourceBody::Text(text),
            mime.unwrap_or_else(|| TEXT_DEFAULT_MIME.into()),
        )
    } else {
        let blob = match map.remove("blob") {
            Some(Value::String(b)) => b,
            _ => {
                return Err(invalid(&format!(
                    "the contents of {} have neither a string text nor a string blob",
                    snippet(&uri, 120)
                )))
            }
        };
        if crate::b64::decode(blob.as_bytes()).is_none() {
            return Err(invalid(&format!(
                "the blob of {} is not valid base64",
                snippet(&uri, 120)
            )));
        }
        (
            ResourceBody::Data(blob),
            mime.unwrap_or_else(|| BLOB_DEFAULT_MIME.into()),
        )
    };
    Ok(ResourceContent {
        body,
        mime_type,
        metadata: ResourceMetadata { uri, rest: map },
    })
}

/// Converts a `ReadResourceResult` `{contents: [...], ttlMs?, cacheScope?, _meta?}` into the
/// host's array of contents (see [`resource_contents`]). An empty `contents` is an empty
/// array (an existing resource may be empty).
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when `contents` is not an array, or an entry is malformed.
pub fn read_result(mut result: Value) -> Result<Vec<ResourceContent>> {
    match result.get_mut("contents").map(Value::take) {
        Some(Value::Array(contents)) => super::try_convert_all(contents, resource_contents),
        _ => Err(invalid("resources/read result has no contents array")),
    }
}

/// Keeps the list entries that can be used: objects with a string `key` (`"uri"` for
/// resources, `"uriTemplate"` for templates, `"name"` for prompts). Returns the kept
/// entries and a description of each dropped one (for the warning handler).
pub fn usable_entries(entries: Vec<Value>, key: &str, what: &str) -> (Vec<Value>, Vec<String>) {
    let mut kept = Vec::with_capacity(entries.len());
    let mut dropped = Vec::new();
    for entry in entries {
        if entry.get(key).is_some_and(Value::is_string) {
            kept.push(entry);
        } else {
            dropped.push(format!(
                "a {what} without a string {key} was left out: {}",
                snippet(&crate::json_text(&entry), 80)
            ));
        }
    }
    (kept, dropped)
}

fn invalid(message: &str) -> Error {
    Error::new(ErrorCode::InvalidMessage, message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// [`resource_contents`] as the host gets it.
    fn contents_json(contents: Value) -> Value {
        resource_contents(contents).unwrap().into_json()
    }

    #[test]
    fn text_and_blob_contents() {
        let text = contents_json(
            json!({"uri": "x://a", "mimeType": "text/markdown", "text": "# A", "_meta": {"k": 1}}),
        );
        assert_eq!(
            text,
            json!({"text": "# A", "mimeType": "text/markdown", "metadata": {"uri": "x://a", "_meta": {"k": 1}}})
        );
        let blob = contents_json(json!({"uri": "x://b", "blob": "AAEC"}));
        assert_eq!(
            blob,
            json!({"data": "AAEC", "mimeType": "application/octet-stream", "metadata": {"uri": "x://b"}})
        );
        let plain = contents_json(json!({"uri": "x://c", "text": ""}));
        assert_eq!(plain["mimeType"], "text/plain");
        assert_eq!(plain["text"], "");
    }

    #[test]
    fn malformed_contents_are_errors() {
        for bad in [
            json!("x"),
            json!({"text": "no uri"}),
            json!({"uri": "x://a"}),
            json!({"uri": "x://a", "text": 5}),
            json!({"uri": "x://a", "blob": "not base64!"}),
        ] {
            assert_eq!(
                resource_contents(bad.clone()).unwrap_err().code,
                ErrorCode::InvalidMessage,
                "{bad}"
            );
        }
    }

    #[test]
    fn read_results_and_list_entries() {
        assert_eq!(
            read_result(json!({"contents": []})).unwrap(),
            Vec::<ResourceContent>::new()
        );
        let two = read_result(json!({"contents": [{"uri": "x://a", "text": "1"}, {"uri": "x://a#2", "blob": ""}], "ttlMs": 5})).unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!(
            read_result(json!({})).unwrap_err().code,
            ErrorCode::InvalidMessage
        );
        let (kept, dropped) = usable_entries(
            vec![
                json!({"uri": "x://a", "name": "a"}),
                json!({"name": "no uri"}),
                json!(3),
            ],
            "uri",
            "resource",
        );
        assert_eq!(kept, vec![json!({"uri": "x://a", "name": "a"})]);
        assert_eq!(dropped.len(), 2);
    }
}

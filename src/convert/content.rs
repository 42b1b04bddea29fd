//! One MCP `ContentBlock` to one LangChain.js v1 standard content block.
//!
//! Source shapes: MCP 2026-07-28 `schema.ts` `ContentBlock` = `TextContent | ImageContent |
//! AudioContent | ResourceLink | EmbeddedResource` (`server/tools.mdx`, "Tool Result"). Target
//! shapes ([`ContentBlock`]): the
//! `ContentBlock` namespace of `@langchain/core/messages` (`content/index.ts`: `Text`;
//! `content/multimodal.ts`: `Multimodal.Image`, `Audio`, `Video`, `File`), whose field names are
//! camelCase (`data`, `mimeType`, `url`, `fileId`, `metadata`, `id`).
//!
//! | MCP block | LangChain.js v1 block |
//! | --- | --- |
//! | `text` | `{type:"text", text, metadata?}` |
//! | `image` | `{type:"image", data, mimeType, metadata?}` |
//! | `audio` | `{type:"audio", data, mimeType, metadata?}` |
//! | `resource` with `text` | `{type:"text", text, metadata:{uri, mimeType?, ...}}` |
//! | `resource` with `blob` | `{type:"image"\|"audio"\|"file", data, mimeType, metadata:{uri, filename?, ...}}` |
//! | `resource_link` | `{type:"text", text:"Resource link: ...", metadata:{uri, name, title?, ...}}` |
//! | anything else | a data block (if it carries `data`/`blob` + `mimeType`) or `{type:"text", text:<JSON>}` |
//!
//! Decisions, and why:
//! - **`metadata` holds everything MCP-specific.** `Multimodal.Data` declares
//!   `metadata?: Record<string, unknown>`; `Text` does not, but every block extends
//!   `BaseContentBlock`, which allows arbitrary properties, so the same key is used there. MCP
//!   `annotations` go to `metadata.annotations`, never to the v1 `Text.annotations` field, which
//!   is an *array* of citations (a different thing). Block `_meta` goes to `metadata._meta`
//!   (wire name kept, as `langchain.mcp` does for tool `_meta`). Fields this module does not
//!   know are kept in `metadata` under their wire names instead of being dropped. A block with
//!   nothing to carry gets no `metadata` key at all.
//! - **Text resources become `text` blocks, not `text-plain`.** `text-plain` is a v1 data block:
//!   the Chat Completions converter of `@langchain/openai` keeps only `text` blocks in a tool
//!   message, and the Anthropic converter drops block types it does not list, so a `text-plain`
//!   block would silently vanish from the model's view. A `text` block reaches every provider.
//! - **Resource links never become `url` blocks.** A link's `uri` is often `file://` or a custom
//!   scheme that a provider cannot fetch (and would reject, or worse, try to). The model sees a
//!   short textual description; the link's fields stay in `metadata`.
//! - **Base64 is moved, never copied or stringified.** `data`/`blob` strings are moved out of the
//!   input into the output block. When a mime type is missing (optional on embedded resources)
//!   it is sniffed from the first bytes; failing that the block is a `file` with
//!   `application/octet-stream`, because v1 requires `mimeType` next to base64 `data`.
//! - **File blocks get `metadata.filename`.** `@langchain/openai` requires
//!   `metadata.filename` (or `name`/`title`) on a `file` block and throws without it; the last
//!   path segment of the resource `uri` is used (`"resource"` when there is none).
//! - **Unknown or malformed blocks are never dropped and never panic.** A block that carries a
//!   string `data` (or `blob`) and a string `mimeType` becomes a data block chosen by the mime
//!   type (`image`, `audio`, `video`, else `file`) with the original type in
//!   `metadata.mcpType`; anything else becomes a `text` block holding the block's JSON, with any
//!   `data`/`blob` string replaced by a short placeholder so no blob reaches the model as text.
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>.

use serde::Serialize;
use serde_json::{Map, Value};

type Object = Map<String, Value>;

/// One LangChain.js v1 standard content block as the adapter emits it: `ContentBlock` in
/// `pkg-template/index.d.ts`; `@langchain/core/messages` `ContentBlock.Text` and
/// `ContentBlock.Multimodal.Image` / `Audio` / `Video` / `File`. The variant is the `type`.
///
/// The host gets [`ContentBlock::into_json`]; `Serialize` gives the same JSON (the contract
/// test compares its field names with the declarations).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ContentBlock {
    /// `{"type":"text","text":…,"metadata"?:{…}}`: MCP text, embedded text resources, resource
    /// links, and anything that could not be converted otherwise.
    Text(TextBlock),
    /// `{"type":"image","data":…,"mimeType":"image/…","metadata"?:{…}}`.
    Image(DataBlock),
    /// `{"type":"audio","data":…,"mimeType":"audio/…","metadata"?:{…}}`.
    Audio(DataBlock),
    /// `{"type":"video",…}`: only from a block of an unknown type with a `video/*` mime type.
    Video(DataBlock),
    /// `{"type":"file",…}`: any other binary, with `metadata.filename` for embedded resources.
    File(DataBlock),
}

/// The fields of a [`ContentBlock::Text`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextBlock {
    /// What the model reads.
    pub text: String,
    /// The MCP fields kept beside the text (`annotations`, `_meta`, `uri`, …, under their wire
    /// names); no `metadata` key when empty.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub metadata: Object,
}

/// The fields of a base64 data block ([`ContentBlock::Image`], `Audio`, `Video`, `File`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DataBlock {
    /// Standard base64, moved from the MCP block unchanged.
    pub data: String,
    /// Never empty: the server's, else sniffed, else `application/octet-stream`.
    #[serde(rename = "mimeType")]
    pub mime_type: String,
    /// As [`TextBlock::metadata`]; no `metadata` key when empty.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub metadata: Object,
}

impl ContentBlock {
    /// The block's `type`: `"text"`, `"image"`, `"audio"`, `"video"` or `"file"`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            ContentBlock::Text(_) => "text",
            ContentBlock::Image(_) => "image",
            ContentBlock::Audio(_) => "audio",
            ContentBlock::Video(_) => "video",
            ContentBlock::File(_) => "file",
        }
    }

    /// The block as JSON, its strings moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let mut out = Object::new();
        crate::put(&mut out, "type", Value::String(self.kind().to_owned()));
        let metadata = match self {
            ContentBlock::Text(block) => {
                crate::put(&mut out, "text", Value::String(block.text));
                block.metadata
            }
            ContentBlock::Image(block)
            | ContentBlock::Audio(block)
            | ContentBlock::Video(block)
            | ContentBlock::File(block) => {
                crate::put(&mut out, "data", Value::String(block.data));
                crate::put(&mut out, "mimeType", Value::String(block.mime_type));
                block.metadata
            }
        };
        if !metadata.is_empty() {
            crate::put(&mut out, "metadata", Value::Object(metadata));
        }
        Value::Object(out)
    }
}

/// The variant of a data block of a given `type` (a tuple variant is its own constructor).
type DataKind = fn(DataBlock) -> ContentBlock;

/// Mime type used when a blob has none and sniffing its first bytes does not identify it.
const OCTET_STREAM: &str = "application/octet-stream";

/// Converts one MCP `ContentBlock` (MCP 2026-07-28 `schema.ts`) into one LangChain.js v1
/// standard content block (`@langchain/core/messages` `ContentBlock`).
///
/// Takes the block by value so base64 `data`/`blob` strings are moved into the result, never
/// copied. Never fails and never panics: every input yields one model-visible block.
///
/// Exact shapes (`?` = only when present; `...` = the block's `annotations`, `_meta` and any
/// fields not listed, under their wire names):
///
/// - `{"type":"text","text":T, ...}` → `{"type":"text","text":T}`, plus
///   `"metadata":{"annotations"?,"_meta"?, ...}` when there is something to keep.
/// - `{"type":"image"|"audio","data":B,"mimeType":M, ...}` →
///   `{"type":"image"|"audio","data":B,"mimeType":M,"metadata"?:{...}}`. Without a mime type,
///   `M` is sniffed from `B`; if that fails: `{"type":"file","data":B,"mimeType":
///   "application/octet-stream"}`.
/// - `{"type":"resource","resource":{"uri":U,"mimeType"?:M,"text":T, ...r}, ...}` →
///   `{"type":"text","text":T,"metadata":{"uri":U,"mimeType"?:M, "resource"?:{...r}, ...}}`.
/// - `{"type":"resource","resource":{"uri":U,"mimeType"?:M,"blob":B, ...r}, ...}` →
///   `{"type":K,"data":B,"mimeType":M,"metadata":{"uri":U,"filename"?:F,"resource"?:{...r},
///   ...}}` where `K` is `"image"` for `image/*`, `"audio"` for `audio/*`, else `"file"` (then
///   `F` = last path segment of `U`).
/// - `{"type":"resource_link","uri":U,"name":N, ...}` → `{"type":"text","text":
///   "Resource link: <title or name>\nURI: U[\nName: N][\nDescription: D][\nMIME type: M]
///   [\nSize: S bytes]","metadata":{"uri":U,"name":N,"title"?,"description"?,"mimeType"?,
///   "size"?,"icons"?,"annotations"?,"_meta"?}}`.
/// - anything else: see the module documentation.
#[must_use]
pub fn content_block(block: Value) -> ContentBlock {
    let mut map = match block {
        Value::Object(map) => map,
        Value::String(text) => return text_block(text, Object::new()),
        other => return text_block(crate::json_text(&other), Object::new()),
    };
    let kind = match map.remove("type") {
        Some(Value::String(kind)) => kind,
        Some(other) => {
            crate::put(&mut map, "type", other);
            return unknown_block(map);
        }
        None => return unknown_block(map),
    };
    let converted = match kind.as_str() {
        "text" => text_content(map),
        "image" => media_content(ContentBlock::Image, map),
        "audio" => media_content(ContentBlock::Audio, map),
        "resource" => embedded_resource(map),
        "resource_link" => resource_link(map),
        _ => Err(map),
    };
    converted.unwrap_or_else(|mut map| {
        crate::put(&mut map, "type", Value::String(kind));
        unknown_block(map)
    })
}

/// MCP `TextContent` → v1 `Text`. `Err` gives the block back when `text` is not a string.
fn text_content(mut map: Object) -> Result<ContentBlock, Object> {
    match take_string(&mut map, "text") {
        Some(text) => Ok(text_block(text, map)),
        None => Err(map),
    }
}

/// MCP `ImageContent` / `AudioContent` → v1 `Multimodal.Image` / `Multimodal.Audio`.
fn media_content(kind: DataKind, mut map: Object) -> Result<ContentBlock, Object> {
    let Some(data) = take_string(&mut map, "data") else {
        return Err(map);
    };
    let mime = take_string(&mut map, "mimeType").filter(|m| !m.is_empty());
    let block = match mime.or_else(|| sniff_mime(&data).map(str::to_owned)) {
        Some(mime) => data_block(kind, data, mime, map),
        None => data_block(ContentBlock::File, data, OCTET_STREAM.to_owned(), map),
    };
    Ok(block)
}

/// MCP `EmbeddedResource` (`TextResourceContents` | `BlobResourceContents`) → v1 `Text` or a
/// data block. `Err` gives the block back when `resource` has neither a string `text` nor a
/// string `blob`.
fn embedded_resource(mut map: Object) -> Result<ContentBlock, Object> {
    let usable = match map.get("resource") {
        Some(Value::Object(res)) => {
            matches!(res.get("text"), Some(Value::String(_)))
                || matches!(res.get("blob"), Some(Value::String(_)))
        }
        _ => false,
    };
    if !usable {
        return Err(map);
    }
    let Some(Value::Object(mut res)) = map.remove("resource") else {
        return Err(map);
    };
    let uri = take_string(&mut res, "uri");
    let mime = take_string(&mut res, "mimeType").filter(|m| !m.is_empty());

    if let Some(text) = take_string(&mut res, "text") {
        let mut metadata = map;
        put_resource_fields(&mut metadata, res);
        if let Some(uri) = uri {
            crate::put(&mut metadata, "uri", Value::String(uri));
        }
        if let Some(mime) = mime {
            crate::put(&mut metadata, "mimeType", Value::String(mime));
        }
        return Ok(text_block(text, metadata));
    }

    let Some(blob) = take_string(&mut res, "blob") else {
        // Not reached (`usable` checked for a string `text` or `blob`); give the block back whole.
        if let Some(uri) = uri {
            crate::put(&mut res, "uri", Value::String(uri));
        }
        if let Some(mime) = mime {
            crate::put(&mut res, "mimeType", Value::String(mime));
        }
        crate::put(&mut map, "resource", Value::Object(res));
        return Err(map);
    };
    let mime = mime
        .or_else(|| sniff_mime(&blob).map(str::to_owned))
        .unwrap_or_else(|| OCTET_STREAM.to_owned());
    let kind = kind_for_mime(&mime, false);
    let mut metadata = map;
    put_resource_fields(&mut metadata, res);
    let filename = uri
        .as_deref()
        .and_then(filename_from_uri)
        .unwrap_or("resource")
        .to_owned();
    if let Some(uri) = uri {
        crate::put(&mut metadata, "uri", Value::String(uri));
    }
    let mut block = data_block(kind, blob, mime, metadata);
    if let ContentBlock::File(file) = &mut block {
        file.metadata
            .insert("filename".to_owned(), Value::String(filename));
    }
    Ok(block)
}

/// MCP `ResourceLink` → v1 `Text` describing the link; every link field is kept in `metadata`.
/// `Err` gives the block back when `uri` is not a string.
fn resource_link(map: Object) -> Result<ContentBlock, Object> {
    let Some(uri) = map.get("uri").and_then(Value::as_str) else {
        return Err(map);
    };
    let field = |key: &str| {
        map.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let name = field("name");
    let title = field("title");

    let mut text = String::from("Resource link: ");
    text.push_str(title.or(name).unwrap_or(uri));
    text.push_str("\nURI: ");
    text.push_str(uri);
    if let (Some(name), Some(title)) = (name, title) {
        if name != title {
            text.push_str("\nName: ");
            text.push_str(name);
        }
    }
    if let Some(description) = field("description") {
        text.push_str("\nDescription: ");
        text.push_str(description);
    }
    if let Some(mime) = field("mimeType") {
        text.push_str("\nMIME type: ");
        text.push_str(mime);
    }
    if let Some(size @ Value::Number(_)) = map.get("size") {
        text.push_str("\nSize: ");
        text.push_str(&crate::json_text(size));
        text.push_str(" bytes");
    }
    Ok(text_block(text, map))
}

/// A block of an unknown type, or a known type too malformed to convert (`map` still holds its
/// `type`, if it had one).
fn unknown_block(mut map: Object) -> ContentBlock {
    let blob_key = ["data", "blob"]
        .into_iter()
        .find(|key| matches!(map.get(*key), Some(Value::String(_))));
    let has_mime = map
        .get("mimeType")
        .and_then(Value::as_str)
        .is_some_and(|m| !m.is_empty());
    if let (Some(key), true) = (blob_key, has_mime) {
        if let (Some(data), Some(mime)) = (
            take_string(&mut map, key),
            take_string(&mut map, "mimeType"),
        ) {
            let kind = kind_for_mime(&mime, true);
            if let Some(original) = map.remove("type") {
                crate::put(&mut map, "mcpType", original);
            }
            return data_block(kind, data, mime, map);
        }
    }
    let mut value = Value::Object(map);
    elide_blobs(&mut value);
    text_block(crate::json_text(&value), Object::new())
}

/// A text block.
fn text_block(text: String, metadata: Object) -> ContentBlock {
    ContentBlock::Text(TextBlock { text, metadata })
}

/// A data block of `kind`.
fn data_block(kind: DataKind, data: String, mime_type: String, metadata: Object) -> ContentBlock {
    kind(DataBlock {
        data,
        mime_type,
        metadata,
    })
}

/// Moves what is left of a resource's contents (its `_meta`, unknown fields) to
/// `metadata.resource`, when anything is left.
fn put_resource_fields(metadata: &mut Object, rest: Object) {
    if !rest.is_empty() {
        crate::put(metadata, "resource", Value::Object(rest));
    }
}

/// Removes and returns `map[key]` when it is a string; leaves the map untouched otherwise.
fn take_string(map: &mut Object, key: &str) -> Option<String> {
    if !matches!(map.get(key), Some(Value::String(_))) {
        return None;
    }
    match map.remove(key) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The v1 data block type for a mime type: `image/*` → image, `audio/*` → audio, `video/*` →
/// video when `allow_video`, everything else → file.
fn kind_for_mime(mime: &str, allow_video: bool) -> DataKind {
    let major = mime.split('/').next().unwrap_or("").trim();
    if major.eq_ignore_ascii_case("image") {
        ContentBlock::Image
    } else if major.eq_ignore_ascii_case("audio") {
        ContentBlock::Audio
    } else if allow_video && major.eq_ignore_ascii_case("video") {
        ContentBlock::Video
    } else {
        ContentBlock::File
    }
}

/// The last path segment of a URI (query and fragment ignored), if it is not empty.
fn filename_from_uri(uri: &str) -> Option<&str> {
    // byte positions, not a str pattern search (docs/wasm-size.md: no substring searcher)
    let bytes = uri.as_bytes();
    let end = bytes
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(bytes.len());
    let start = bytes[..end]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |slash| slash + 1);
    let segment = uri.get(start..end)?;
    (!segment.is_empty()).then_some(segment)
}

/// Identifies a few common formats from the first bytes of base64 data (only the first 16
/// characters are decoded). `None` when the prefix is not valid base64 or not recognised.
fn sniff_mime(data: &str) -> Option<&'static str> {
    let len = data.len().min(16) / 4 * 4;
    let prefix = data.get(..len)?;
    let bytes = crate::b64::decode(prefix.as_bytes())?;
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    let riff = |form: &[u8]| starts(b"RIFF") && bytes.get(8..12) == Some(form);
    if starts(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if starts(b"\xff\xd8\xff") {
        Some("image/jpeg")
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        Some("image/gif")
    } else if riff(b"WEBP") {
        Some("image/webp")
    } else if riff(b"WAVE") {
        Some("audio/wav")
    } else if starts(b"OggS") {
        Some("audio/ogg")
    } else if starts(b"fLaC") {
        Some("audio/flac")
    } else if starts(b"ID3") || starts(b"\xff\xfb") || starts(b"\xff\xf3") || starts(b"\xff\xf2") {
        Some("audio/mpeg")
    } else if starts(b"%PDF-") {
        Some("application/pdf")
    } else {
        None
    }
}

/// Replaces every string under a `data` or `blob` key (at any depth) with
/// `"<N characters omitted>"`, so a blob never reaches the model as text.
fn elide_blobs(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match child {
                    Value::String(s) if key == "data" || key == "blob" => {
                        *child = Value::String(format!("<{} characters omitted>", s.len()));
                    }
                    _ => elide_blobs(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(elide_blobs),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// [`content_block`] as the host gets it.
    fn convert(block: Value) -> Value {
        content_block(block).into_json()
    }

    /// First bytes of a PNG file, base64.
    const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
    /// `OggS` + padding, base64.
    const OGG: &str = "T2dnUwACAAAAAAAA";
    /// `%PDF-1.7`, base64.
    const PDF: &str = "JVBERi0xLjc=";

    #[test]
    fn text() {
        assert_eq!(
            convert(json!({"type": "text", "text": "Tool result text"})),
            json!({"type": "text", "text": "Tool result text"})
        );
    }

    #[test]
    fn text_keeps_annotations_meta_and_unknown_fields_in_metadata() {
        assert_eq!(
            convert(json!({
                "type": "text",
                "text": "hi",
                "annotations": {"audience": ["user"], "priority": 0.5},
                "_meta": {"x/y": 1},
                "future": true
            })),
            json!({
                "type": "text",
                "text": "hi",
                "metadata": {
                    "annotations": {"audience": ["user"], "priority": 0.5},
                    "_meta": {"x/y": 1},
                    "future": true
                }
            })
        );
    }

    #[test]
    fn empty_text_is_kept() {
        assert_eq!(
            convert(json!({"type": "text", "text": ""})),
            json!({"type": "text", "text": ""})
        );
    }

    #[test]
    fn image_with_annotations() {
        assert_eq!(
            convert(json!({
                "type": "image",
                "data": "base64-encoded-data",
                "mimeType": "image/png",
                "annotations": {"audience": ["user"], "priority": 0.9}
            })),
            json!({
                "type": "image",
                "data": "base64-encoded-data",
                "mimeType": "image/png",
                "metadata": {"annotations": {"audience": ["user"], "priority": 0.9}}
            })
        );
    }

    #[test]
    fn audio() {
        assert_eq!(
            convert(json!({"type": "audio", "data": OGG, "mimeType": "audio/ogg"})),
            json!({"type": "audio", "data": OGG, "mimeType": "audio/ogg"})
        );
    }

    #[test]
    fn image_without_mime_type_is_sniffed() {
        assert_eq!(
            convert(json!({"type": "image", "data": PNG})),
            json!({"type": "image", "data": PNG, "mimeType": "image/png"})
        );
        assert_eq!(
            convert(json!({"type": "audio", "data": OGG, "mimeType": ""})),
            json!({"type": "audio", "data": OGG, "mimeType": "audio/ogg"})
        );
    }

    #[test]
    fn unidentifiable_media_becomes_octet_stream_file() {
        assert_eq!(
            convert(json!({"type": "image", "data": "AAAAAAAA"})),
            json!({"type": "file", "data": "AAAAAAAA", "mimeType": "application/octet-stream"})
        );
    }

    /// `base` with `key` set to `Value::String(data)`, moving `data` in (`json!` would copy it).
    fn with_string(mut base: Value, key: &str, data: String) -> Value {
        if let Some(map) = base.as_object_mut() {
            map.insert(key.to_owned(), Value::String(data));
        }
        base
    }

    #[test]
    fn base64_is_moved_not_copied() {
        let data = "QUJD".repeat(1024);
        let ptr = data.as_ptr();
        let block = with_string(
            json!({"type": "image", "mimeType": "image/png"}),
            "data",
            data,
        );
        let out = convert(block);
        assert_eq!(out["data"].as_str().map(str::as_ptr), Some(ptr));

        let blob = "QUJD".repeat(1024);
        let ptr = blob.as_ptr();
        let resource = with_string(json!({"uri": "file:///a.bin"}), "blob", blob);
        let mut block = json!({"type": "resource"});
        if let Some(map) = block.as_object_mut() {
            map.insert("resource".to_owned(), resource);
        }
        let out = convert(block);
        assert_eq!(out["type"], json!("file"));
        assert_eq!(out["data"].as_str().map(str::as_ptr), Some(ptr));
    }

    #[test]
    fn embedded_text_resource_stays_text_with_uri_in_metadata() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {
                    "uri": "file:///project/src/main.rs",
                    "mimeType": "text/x-rust",
                    "text": "fn main() {}"
                },
                "annotations": {
                    "audience": ["user", "assistant"],
                    "priority": 0.7,
                    "lastModified": "2025-05-03T14:30:00Z"
                }
            })),
            json!({
                "type": "text",
                "text": "fn main() {}",
                "metadata": {
                    "uri": "file:///project/src/main.rs",
                    "mimeType": "text/x-rust",
                    "annotations": {
                        "audience": ["user", "assistant"],
                        "priority": 0.7,
                        "lastModified": "2025-05-03T14:30:00Z"
                    }
                }
            })
        );
    }

    #[test]
    fn embedded_text_resource_without_mime_type() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "repo://o/r/README.md", "text": "# Hello"}
            })),
            json!({
                "type": "text",
                "text": "# Hello",
                "metadata": {"uri": "repo://o/r/README.md"}
            })
        );
    }

    #[test]
    fn embedded_resource_meta_goes_under_metadata_resource() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "mem://a", "text": "x", "_meta": {"etag": "1"}},
                "_meta": {"block": true}
            })),
            json!({
                "type": "text",
                "text": "x",
                "metadata": {
                    "uri": "mem://a",
                    "_meta": {"block": true},
                    "resource": {"_meta": {"etag": "1"}}
                }
            })
        );
    }

    #[test]
    fn embedded_blob_audio() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "file:///a.ogg", "blob": OGG, "mimeType": "audio/ogg"}
            })),
            json!({
                "type": "audio",
                "data": OGG,
                "mimeType": "audio/ogg",
                "metadata": {"uri": "file:///a.ogg"}
            })
        );
    }

    #[test]
    fn embedded_blob_image() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "ui://chart", "blob": PNG, "mimeType": "image/png"},
                "annotations": {"priority": 1}
            })),
            json!({
                "type": "image",
                "data": PNG,
                "mimeType": "image/png",
                "metadata": {"uri": "ui://chart", "annotations": {"priority": 1}}
            })
        );
    }

    #[test]
    fn embedded_blob_other_is_file_with_filename() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {
                    "uri": "file:///docs/report.pdf?v=2#p1",
                    "blob": PDF,
                    "mimeType": "application/pdf"
                }
            })),
            json!({
                "type": "file",
                "data": PDF,
                "mimeType": "application/pdf",
                "metadata": {"uri": "file:///docs/report.pdf?v=2#p1", "filename": "report.pdf"}
            })
        );
    }

    #[test]
    fn embedded_blob_without_mime_type_is_sniffed_or_octet_stream() {
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "file:///x", "blob": PDF}
            })),
            json!({
                "type": "file",
                "data": PDF,
                "mimeType": "application/pdf",
                "metadata": {"uri": "file:///x", "filename": "x"}
            })
        );
        assert_eq!(
            convert(json!({
                "type": "resource",
                "resource": {"uri": "db://rows/", "blob": "AAAA"}
            })),
            json!({
                "type": "file",
                "data": "AAAA",
                "mimeType": "application/octet-stream",
                "metadata": {"uri": "db://rows/", "filename": "resource"}
            })
        );
    }

    #[test]
    fn resource_link_with_every_field() {
        assert_eq!(
            convert(json!({
                "type": "resource_link",
                "uri": "file:///project/src/main.rs",
                "name": "main.rs",
                "title": "Main entry point",
                "description": "Primary application entry point",
                "mimeType": "text/x-rust",
                "size": 1234,
                "icons": [{"src": "https://x/i.png"}],
                "annotations": {"audience": ["assistant"]},
                "_meta": {"k": "v"}
            })),
            json!({
                "type": "text",
                "text": "Resource link: Main entry point\nURI: file:///project/src/main.rs\n\
                         Name: main.rs\nDescription: Primary application entry point\n\
                         MIME type: text/x-rust\nSize: 1234 bytes",
                "metadata": {
                    "uri": "file:///project/src/main.rs",
                    "name": "main.rs",
                    "title": "Main entry point",
                    "description": "Primary application entry point",
                    "mimeType": "text/x-rust",
                    "size": 1234,
                    "icons": [{"src": "https://x/i.png"}],
                    "annotations": {"audience": ["assistant"]},
                    "_meta": {"k": "v"}
                }
            })
        );
    }

    #[test]
    fn resource_link_minimal_is_never_a_url_block() {
        let out = convert(json!({
            "type": "resource_link",
            "uri": "file:///project/src/main.rs",
            "name": "main.rs",
            "description": "Primary application entry point",
            "mimeType": "text/x-rust"
        }));
        assert_eq!(
            out,
            json!({
                "type": "text",
                "text": "Resource link: main.rs\nURI: file:///project/src/main.rs\n\
                         Description: Primary application entry point\nMIME type: text/x-rust",
                "metadata": {
                    "uri": "file:///project/src/main.rs",
                    "name": "main.rs",
                    "description": "Primary application entry point",
                    "mimeType": "text/x-rust"
                }
            })
        );
        assert!(out.get("url").is_none());
    }

    #[test]
    fn resource_link_without_name_uses_uri() {
        assert_eq!(
            convert(json!({"type": "resource_link", "uri": "custom://thing"})),
            json!({
                "type": "text",
                "text": "Resource link: custom://thing\nURI: custom://thing",
                "metadata": {"uri": "custom://thing"}
            })
        );
    }

    /// Asserts `block` is a bare `{"type":"text","text":...}` and returns its text parsed as
    /// JSON (key order in the text depends on serde_json features, so compare values).
    fn parsed_text_of(block: Value) -> Value {
        let keys: Vec<&str> = block
            .as_object()
            .map(|m| m.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(block["type"], json!("text"), "{block}");
        assert_eq!(keys.len(), 2, "{block}");
        let text = block["text"].as_str().unwrap_or_default();
        serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

    #[test]
    fn unknown_type_becomes_json_text() {
        assert_eq!(
            parsed_text_of(convert(json!({"type": "widget", "spec": {"a": 1}}))),
            json!({"type": "widget", "spec": {"a": 1}})
        );
    }

    #[test]
    fn unknown_type_with_data_and_mime_becomes_data_block() {
        assert_eq!(
            convert(json!({"type": "video", "data": "AAAA", "mimeType": "video/mp4"})),
            json!({
                "type": "video",
                "data": "AAAA",
                "mimeType": "video/mp4",
                "metadata": {"mcpType": "video"}
            })
        );
        assert_eq!(
            convert(json!({"type": "archive", "blob": "AAAA", "mimeType": "application/zip"})),
            json!({
                "type": "file",
                "data": "AAAA",
                "mimeType": "application/zip",
                "metadata": {"mcpType": "archive"}
            })
        );
    }

    #[test]
    fn malformed_known_blocks_become_json_text_without_blobs() {
        for block in [
            json!({"type": "text", "text": 5}),
            json!({"type": "text"}),
            json!({"type": "image", "mimeType": "image/png"}),
            json!({"type": "audio", "data": 7, "mimeType": "audio/wav"}),
            json!({"type": "resource", "resource": {"uri": "a://b"}}),
            json!({"type": "resource", "resource": "a://b", "annotations": {"priority": 1}}),
            json!({"type": "resource_link", "name": "n"}),
        ] {
            assert_eq!(parsed_text_of(convert(block.clone())), block);
        }
        // A blob with no usable mime type is elided, not stringified, at any depth.
        assert_eq!(
            parsed_text_of(convert(
                json!({"type": "thing", "nested": [{"blob": "QUJDRA=="}]})
            )),
            json!({"type": "thing", "nested": [{"blob": "<8 characters omitted>"}]})
        );
        assert_eq!(
            parsed_text_of(convert(
                json!({"type": "thing", "data": "QUJD", "mimeType": 1})
            )),
            json!({"type": "thing", "data": "<4 characters omitted>", "mimeType": 1})
        );
    }

    #[test]
    fn missing_or_non_string_type_and_non_objects() {
        assert_eq!(
            parsed_text_of(convert(json!({"text": "no type"}))),
            json!({"text": "no type"})
        );
        assert_eq!(
            parsed_text_of(convert(json!({"type": 3}))),
            json!({"type": 3})
        );
        assert_eq!(
            convert(json!("plain")),
            json!({"type": "text", "text": "plain"})
        );
        assert_eq!(
            convert(json!(null)),
            json!({"type": "text", "text": "null"})
        );
        assert_eq!(
            convert(json!([1, 2])),
            json!({"type": "text", "text": "[1,2]"})
        );
        assert_eq!(
            convert(json!(true)),
            json!({"type": "text", "text": "true"})
        );
    }

    #[test]
    fn sniffing() {
        assert_eq!(sniff_mime(PNG), Some("image/png"));
        assert_eq!(sniff_mime("/9j/4AAQSkZJRg=="), Some("image/jpeg"));
        assert_eq!(sniff_mime("R0lGODlhAQABAA=="), Some("image/gif"));
        assert_eq!(sniff_mime("UklGRiQAAABXRUJQ"), Some("image/webp"));
        assert_eq!(sniff_mime("UklGRiQAAABXQVZF"), Some("audio/wav"));
        assert_eq!(sniff_mime(OGG), Some("audio/ogg"));
        assert_eq!(sniff_mime("ZkxhQwAAACI="), Some("audio/flac"));
        assert_eq!(sniff_mime("SUQzBAAAAAAA"), Some("audio/mpeg"));
        assert_eq!(sniff_mime(PDF), Some("application/pdf"));
        assert_eq!(sniff_mime("AAAA"), None);
        assert_eq!(sniff_mime(""), None);
        assert_eq!(sniff_mime("not base64 at all!"), None);
        assert_eq!(sniff_mime("ééééééééé"), None);
    }

    #[test]
    fn filenames() {
        assert_eq!(filename_from_uri("file:///a/b.txt"), Some("b.txt"));
        assert_eq!(filename_from_uri("https://h/x.pdf?q=1"), Some("x.pdf"));
        assert_eq!(filename_from_uri("mem://dir/"), None);
        assert_eq!(filename_from_uri("urn:thing"), Some("urn:thing"));
    }
}

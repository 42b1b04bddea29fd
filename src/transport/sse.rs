//! Server-Sent Events decoding of a response body, by the maintained `sse-stream` crate
//! (WHATWG "Server-sent events" parsing: CRLF/CR/LF line ends, multi-line `data:` joined with
//! LF, comments, UTF-8 split across chunks). MCP reads only `data:`; event names, ids and
//! `retry` carry no meaning at 2026-07-28, and empty data (legacy "priming" events) is skipped
//! (digest §1.4).

use crate::error::{Error, ErrorCode, Result};
use bytes::Bytes;
use futures_util::stream::{LocalBoxStream, StreamExt};
use std::fmt;

/// A body error carried through the SSE decoder (it needs `std::error::Error + Send + Sync`).
struct BodyError(Error);

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Written like `Display`: a derived `Debug` would pull the `Debug` code of [`Error`], and
/// through it of `serde_json::Value`, into the wasm build (via the `dyn Error` vtable) for a
/// form that is never printed.
impl fmt::Debug for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for BodyError {}

/// One event block: its `data` (empty when it had none, e.g. a priming event), and the
/// `id` and `retry` (milliseconds) fields that handshake-era resumption uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The data lines joined with LF.
    pub data: String,
    /// The `id` field, if the block had one.
    pub id: Option<String>,
    /// The `retry` field, if the block had a valid one.
    pub retry: Option<u64>,
}

/// Turns a byte stream into its event blocks (comment-only blocks dropped).
/// A body error passes through unchanged; invalid UTF-8 becomes [`ErrorCode::InvalidJson`].
pub fn events(body: LocalBoxStream<'static, Result<Bytes>>) -> LocalBoxStream<'static, Result<Event>> {
    let bytes = body.map(|chunk| chunk.map_err(BodyError));
    sse_stream::SseByteStream::new(bytes)
        .filter_map(|event| async move {
            match event {
                Ok(sse) if sse.data.is_none() && sse.id.is_none() && sse.retry.is_none() => None,
                Ok(sse) => Some(Ok(Event { data: sse.data.unwrap_or_default(), id: sse.id, retry: sse.retry })),
                Err(sse_stream::Error::Body(inner)) => Some(Err(match inner.downcast::<BodyError>() {
                    Ok(body) => body.0,
                    Err(other) => Error::new(ErrorCode::Network, other.to_string()),
                })),
                Err(other) => Some(Err(Error::new(ErrorCode::InvalidJson, format!("bad event stream: {other}")))),
            }
        })
        .boxed_local()
}

/// The non-empty `data` payloads of a byte stream's events (what MCP reads of an SSE
/// response at 2026-07-28, where ids and `retry` carry no meaning).
pub fn data_events(body: LocalBoxStream<'static, Result<Bytes>>) -> LocalBoxStream<'static, Result<String>> {
    events(body)
        .filter_map(|event| async move {
            match event {
                Ok(e) if e.data.is_empty() => None,
                Ok(e) => Some(Ok(e.data)),
                Err(e) => Some(Err(e)),
            }
        })
        .boxed_local()
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;
    use futures_util::stream;

    fn decode(chunks: Vec<&[u8]>) -> Vec<Result<String>> {
        let owned: Vec<Result<Bytes>> = chunks.into_iter().map(|c| Ok(Bytes::copy_from_slice(c))).collect();
        block_on(data_events(stream::iter(owned).boxed_local()).collect())
    }

    fn ok(items: Vec<Result<String>>) -> Vec<String> {
        items.into_iter().map(|r| r.unwrap()).collect()
    }

    #[test]
    fn multi_line_data_crlf_comments_and_priming_events() {
        let body = b": keep-alive\r\nid: 1\r\ndata: \r\n\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n";
        assert_eq!(ok(decode(vec![body])), vec!["{\"a\":\n1}"]);
    }

    #[test]
    fn events_and_utf8_split_across_chunks() {
        let text = "data: {\"t\":\"Grüße\"}\n\ndata: 2\n\n".as_bytes();
        // split inside the two-byte "ü" and inside the field name
        let cut = text.iter().position(|&b| b == 0xc3).unwrap() + 1;
        let out = ok(decode(vec![&text[..3], &text[3..cut], &text[cut..]]));
        assert_eq!(out, vec!["{\"t\":\"Grüße\"}", "2"]);
    }

    #[test]
    fn cr_only_line_ends_and_unterminated_last_event_dropped() {
        assert_eq!(ok(decode(vec![b"data: a\r\rdata: b"])), vec!["a"]);
    }

    #[test]
    fn ids_and_retry_are_kept_on_event_blocks() {
        let items: Vec<Result<Bytes>> = vec![Ok(Bytes::from_static(b": hi\n\nid: e-1\nretry: 500\ndata: \n\nid: e-2\ndata: x\n\n"))];
        let out: Vec<Event> = block_on(events(stream::iter(items).boxed_local()).map(|e| e.unwrap()).collect());
        assert_eq!(
            out,
            vec![
                Event { data: String::new(), id: Some("e-1".into()), retry: Some(500) },
                Event { data: "x".into(), id: Some("e-2".into()), retry: None },
            ]
        );
    }

    #[test]
    fn body_errors_pass_through_with_their_code() {
        let items: Vec<Result<Bytes>> = vec![Ok(Bytes::from_static(b"data: 1\n\n")), Err(Error::new(ErrorCode::Timeout, "late"))];
        let out: Vec<Result<String>> = block_on(data_events(stream::iter(items).boxed_local()).collect());
        assert_eq!(out[0].as_ref().unwrap(), "1");
        assert_eq!(out[1].as_ref().unwrap_err().code, ErrorCode::Timeout);
    }

    #[test]
    fn invalid_utf8_is_an_error() {
        let out = decode(vec![b"data: \xff\xfe\n\n"]);
        assert_eq!(out[0].as_ref().unwrap_err().code, ErrorCode::InvalidJson);
    }
}

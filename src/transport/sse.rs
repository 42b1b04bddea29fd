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
#[derive(Debug)]
struct BodyError(Error);

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for BodyError {}

/// Turns a byte stream into the stream of non-empty `data` payloads of its events.
/// A body error passes through unchanged; invalid UTF-8 becomes [`ErrorCode::InvalidJson`].
pub fn data_events(body: LocalBoxStream<'static, Result<Bytes>>) -> LocalBoxStream<'static, Result<String>> {
    let bytes = body.map(|chunk| chunk.map_err(BodyError));
    sse_stream::SseByteStream::new(bytes)
        .filter_map(|event| async move {
            match event {
                Ok(sse) => sse.data.filter(|d| !d.is_empty()).map(Ok),
                Err(sse_stream::Error::Body(inner)) => Some(Err(match inner.downcast::<BodyError>() {
                    Ok(body) => body.0,
                    Err(other) => Error::new(ErrorCode::Network, other.to_string()),
                })),
                Err(other) => Some(Err(Error::new(ErrorCode::InvalidJson, format!("bad event stream: {other}")))),
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
    fn body_errors_pass_through_with_their_code() {
        let items: Vec<Result<Bytes>> =
            vec![Ok(Bytes::from_static(b"data: 1\n\n")), Err(Error::new(ErrorCode::Timeout, "late"))];
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

//! Server-Sent Events decoding of a response body (WHATWG "Server-sent events" parsing:
//! CRLF/CR/LF line ends, multi-line `data:` joined with LF, comments, UTF-8 split across
//! chunks). MCP reads only `data:`; event names, ids and `retry` carry no meaning at
//! 2026-07-28, and empty data (legacy "priming" events) is skipped (MCP 2026-07-28,
//! `basic/transports/streamable-http.mdx` "Sending Messages to the Server").
//!
//! The decoder is hand-written (docs/wasm-size.md) and follows the `sse-stream`
//! crate (0.3) exactly, which the tests check on random streams. Its rules: a BOM is dropped
//! from the first line; a field value loses one leading space; `data`, `event`, `id` (unless
//! it holds NUL, which voids the field) and `retry` values must be UTF-8 (else the stream
//! ends with an error); `retry` counts only when all digits and within `u64`; a blank line
//! dispatches the event if any field counted; an unterminated last event is dropped.

use crate::error::{Error, ErrorCode, Result};
use bytes::Bytes;
use futures_util::stream::{LocalBoxStream, Stream, StreamExt};
use std::pin::Pin;
use std::task::{Context, Poll};

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

/// Turns a byte stream into its event blocks (blocks with neither data, id nor retry
/// dropped). A body error passes through unchanged and ends the stream; invalid UTF-8 in a
/// field becomes [`ErrorCode::InvalidJson`] and ends it.
pub fn events(
    body: LocalBoxStream<'static, Result<Bytes>>,
) -> LocalBoxStream<'static, Result<Event>> {
    Decoder {
        body: Some(body),
        chunk: Bytes::new(),
        pos: 0,
        line: Vec::new(),
        skip_lf: false,
        first_line: true,
        block: Block::default(),
    }
    .boxed_local()
}

/// The fields of the event block being read.
#[derive(Default)]
struct Block {
    /// The data lines so far, each followed by LF (the last LF is dropped at dispatch).
    data: Option<String>,
    id: Option<String>,
    retry: Option<u64>,
    /// Whether any field counted (a block of only unknown fields or comments is no event).
    counted: bool,
}

struct Decoder {
    /// `None` once the stream has ended.
    body: Option<LocalBoxStream<'static, Result<Bytes>>>,
    /// The chunk being read, from `pos`.
    chunk: Bytes,
    pos: usize,
    /// The current line so far (without its line end).
    line: Vec<u8>,
    /// The last line ended with CR: an LF right after it belongs to that line end.
    skip_lf: bool,
    first_line: bool,
    block: Block,
}

fn utf8(value: &[u8]) -> Result<&str> {
    std::str::from_utf8(value).map_err(|e| {
        Error::new(
            ErrorCode::InvalidJson,
            format!("bad event stream: utf8 parse error: {e}"),
        )
    })
}

impl Block {
    /// Reads one complete line (`first` for the stream's first, which may start with a BOM);
    /// returns the event it dispatches, if any.
    fn line_done(&mut self, line: &[u8], first: bool) -> Result<Option<Event>> {
        let mut rest = line;
        if first {
            rest = rest.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(rest);
        }
        if rest.is_empty() {
            let block = std::mem::take(self);
            if !block.counted
                || (block.data.is_none() && block.id.is_none() && block.retry.is_none())
            {
                return Ok(None);
            }
            let mut data = block.data.unwrap_or_default();
            data.pop();
            return Ok(Some(Event {
                data,
                id: block.id,
                retry: block.retry,
            }));
        }
        let (name, value) = match rest.iter().position(|&b| b == b':') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &b""[..]),
        };
        let value = value.strip_prefix(b" ").unwrap_or(value);
        match name {
            b"data" => {
                let value = utf8(value)?;
                // room for the LF too: the usual event is one data line, copied once
                let data = self
                    .data
                    .get_or_insert_with(|| String::with_capacity(value.len() + 1));
                data.push_str(value);
                data.push('\n');
                self.counted = true;
            }
            b"event" => {
                utf8(value)?;
                self.counted = true;
            }
            b"id" if !value.contains(&0) => {
                self.id = Some(utf8(value)?.to_owned());
                self.counted = true;
            }
            b"retry" => {
                let value = utf8(value)?;
                if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                    if let Ok(retry) = value.parse() {
                        self.retry = Some(retry);
                        self.counted = true;
                    }
                }
            }
            _ => {}
        }
        Ok(None)
    }
}

impl Stream for Decoder {
    type Item = Result<Event>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Event>>> {
        let this = &mut *self;
        loop {
            if this.body.is_none() {
                return Poll::Ready(None);
            }
            while this.pos < this.chunk.len() {
                let rest = &this.chunk[this.pos..];
                if std::mem::take(&mut this.skip_lf) && rest[0] == b'\n' {
                    this.pos += 1;
                    continue;
                }
                let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
                    this.line.extend_from_slice(rest);
                    this.pos = this.chunk.len();
                    break;
                };
                let first = std::mem::take(&mut this.first_line);
                let done = if this.line.is_empty() {
                    // the whole line is in this chunk: read in place, not copied
                    this.block.line_done(&rest[..end], first)
                } else {
                    this.line.extend_from_slice(&rest[..end]);
                    let done = this.block.line_done(&this.line, first);
                    // the buffer is kept for the next split line, unless a huge line made it big
                    if this.line.capacity() > 64 * 1024 {
                        this.line = Vec::new();
                    }
                    this.line.clear();
                    done
                };
                this.skip_lf = rest[end] == b'\r';
                this.pos += end + 1;
                match done {
                    Ok(None) => {}
                    Ok(Some(event)) => return Poll::Ready(Some(Ok(event))),
                    Err(e) => {
                        this.body = None;
                        return Poll::Ready(Some(Err(e)));
                    }
                }
            }
            let Some(body) = this.body.as_mut() else {
                return Poll::Ready(None);
            };
            match body.poll_next_unpin(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(chunk))) => (this.chunk, this.pos) = (chunk, 0),
                Poll::Ready(Some(Err(e))) => {
                    this.body = None;
                    return Poll::Ready(Some(Err(e)));
                }
                Poll::Ready(None) => {
                    // an unterminated last event is dropped
                    this.body = None;
                    return Poll::Ready(None);
                }
            }
        }
    }
}

/// The non-empty `data` payloads of a byte stream's events (what MCP reads of an SSE
/// response at 2026-07-28, where ids and `retry` carry no meaning).
pub fn data_events(
    body: LocalBoxStream<'static, Result<Bytes>>,
) -> LocalBoxStream<'static, Result<String>> {
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
        let owned: Vec<Result<Bytes>> = chunks
            .into_iter()
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
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
        let items: Vec<Result<Bytes>> = vec![Ok(Bytes::from_static(
            b": hi\n\nid: e-1\nretry: 500\ndata: \n\nid: e-2\ndata: x\n\n",
        ))];
        let out: Vec<Event> = block_on(
            events(stream::iter(items).boxed_local())
                .map(|e| e.unwrap())
                .collect(),
        );
        assert_eq!(
            out,
            vec![
                Event {
                    data: String::new(),
                    id: Some("e-1".into()),
                    retry: Some(500)
                },
                Event {
                    data: "x".into(),
                    id: Some("e-2".into()),
                    retry: None
                },
            ]
        );
    }

    #[test]
    fn body_errors_pass_through_with_their_code() {
        let items: Vec<Result<Bytes>> = vec![
            Ok(Bytes::from_static(b"data: 1\n\n")),
            Err(Error::new(ErrorCode::Timeout, "late")),
        ];
        let out: Vec<Result<String>> =
            block_on(data_events(stream::iter(items).boxed_local()).collect());
        assert_eq!(out[0].as_ref().unwrap(), "1");
        assert_eq!(out[1].as_ref().unwrap_err().code, ErrorCode::Timeout);
    }

    /// The decoder this module replaced: `sse-stream`, mapped as before.
    fn reference(
        body: LocalBoxStream<'static, Result<Bytes>>,
    ) -> LocalBoxStream<'static, Result<Event>> {
        struct BodyError(Error);
        impl std::fmt::Display for BodyError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
        impl std::fmt::Debug for BodyError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
        impl std::error::Error for BodyError {}
        sse_stream::SseByteStream::new(body.map(|chunk| chunk.map_err(BodyError)))
            .filter_map(|event| async move {
                match event {
                    Ok(sse) if sse.data.is_none() && sse.id.is_none() && sse.retry.is_none() => {
                        None
                    }
                    Ok(sse) => Some(Ok(Event {
                        data: sse.data.unwrap_or_default(),
                        id: sse.id,
                        retry: sse.retry,
                    })),
                    Err(sse_stream::Error::Body(inner)) => {
                        Some(Err(match inner.downcast::<BodyError>() {
                            Ok(body) => body.0,
                            Err(other) => Error::new(ErrorCode::Network, other.to_string()),
                        }))
                    }
                    Err(other) => Some(Err(Error::new(
                        ErrorCode::InvalidJson,
                        format!("bad event stream: {other}"),
                    ))),
                }
            })
            .boxed_local()
    }

    fn outcome(items: Vec<Result<Event>>) -> Vec<std::result::Result<Event, (ErrorCode, String)>> {
        items
            .into_iter()
            .map(|r| r.map_err(|e| (e.code, e.message.clone())))
            .collect()
    }

    #[test]
    fn decodes_random_streams_exactly_like_sse_stream() {
        const TOKENS: &[&[u8]] = &[
            b"data",
            b"data:",
            b"data: ",
            b":",
            b": c",
            b"id",
            b"id:",
            b"id: ",
            b"retry:",
            b"retry: ",
            b"event:",
            b"event: m",
            b"foo:",
            b" ",
            b"\n",
            b"\n",
            b"\r",
            b"\r\n",
            b"\n\n",
            b"x",
            b"{\"a\":1}",
            b"1",
            b"42",
            b"18446744073709551616",
            b"4294967296",
            b"-1",
            b"\xEF\xBB\xBF",
            b"\xff",
            b"\xc3",
            b"\xa9",
            b"\xc3\xa9",
            b"\0",
            b"da",
            b"ta:",
            b"\t",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..30_000 {
            let mut text = Vec::new();
            for _ in 0..next(24) {
                text.extend_from_slice(TOKENS[next(TOKENS.len())]);
            }
            let mut chunks: Vec<Result<Bytes>> = Vec::new();
            let mut at = 0;
            while at < text.len() {
                let len = next(6).min(text.len() - at);
                chunks.push(Ok(Bytes::copy_from_slice(&text[at..at + len])));
                at += len;
            }
            if next(4) == 0 {
                chunks.push(Err(Error::new(ErrorCode::Network, "cut")));
                chunks.push(Ok(Bytes::from_static(b"data: after\n\n")));
            }
            let ours = outcome(block_on(
                events(stream::iter(chunks.iter().map(copy).collect::<Vec<_>>()).boxed_local())
                    .collect(),
            ));
            let theirs = outcome(block_on(
                reference(stream::iter(chunks.iter().map(copy).collect::<Vec<_>>()).boxed_local())
                    .collect(),
            ));
            assert_eq!(
                ours,
                theirs,
                "round {round}: {:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    fn copy(chunk: &Result<Bytes>) -> Result<Bytes> {
        match chunk {
            Ok(b) => Ok(b.clone()),
            Err(e) => Err(Error::new(e.code, e.message.clone())),
        }
    }

    #[test]
    fn invalid_utf8_is_an_error() {
        let out = decode(vec![b"data: \xff\xfe\n\n"]);
        assert_eq!(out[0].as_ref().unwrap_err().code, ErrorCode::InvalidJson);
    }
}

//! Wire rules of MCP over streamable HTTP: JSON-RPC envelopes, the per-request `_meta`
//! envelope, the standard `Mcp-*` headers, protocol versions and result types.
//!
//! Sources: MCP 2026-07-28 `basic/index.mdx`, `basic/transports/streamable-http.mdx`,
//! `basic/versioning.mdx` (digested in `shared/reference/mcp-2026-07-28.md` §1–§2).

pub mod headers;
pub mod jsonrpc;
pub mod meta;
pub mod param_headers;
pub mod result_type;
pub mod version;

/// JSON-RPC and MCP error codes this adapter reacts to (MCP 2026-07-28 `basic/index.mdx`
/// "Error codes"; digest §1.3, §3.5).
pub mod codes {
    /// Method not found (also: a capability the server did not advertise).
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Invalid params (also: unknown tool, resource not found, tampered `requestState`).
    pub const INVALID_PARAMS: i64 = -32602;
    /// `HeaderMismatch`: a required `Mcp-*` header is missing or differs from the body.
    pub const HEADER_MISMATCH: i64 = -32020;
    /// `MissingRequiredClientCapability` (`data.requiredCapabilities`).
    pub const MISSING_CLIENT_CAPABILITY: i64 = -32021;
    /// `UnsupportedProtocolVersion` (`data.supported`, `data.requested`).
    pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;
}

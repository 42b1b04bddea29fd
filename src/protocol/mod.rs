//! Wire rules of MCP over streamable HTTP: JSON-RPC envelopes, the per-request `_meta`
//! envelope, the standard `Mcp-*` headers, protocol versions and result types.
//!
//! Sources: MCP 2026-07-28 (<https://modelcontextprotocol.io/specification/2026-07-28>),
//! `basic/index.mdx`, `basic/transports/streamable-http.mdx`, `basic/versioning.mdx`.

pub mod headers;
pub mod jsonrpc;
pub mod meta;
pub mod param_headers;
pub mod result_type;
pub mod version;

/// JSON-RPC and MCP error codes this adapter reacts to or sends (JSON-RPC 2.0 "Error
/// object"; MCP 2026-07-28, `basic/index.mdx` "Error codes",
/// `basic/transports/streamable-http.mdx`, `basic/patterns/mrtr.mdx`).
pub mod codes {
    /// Implementation-defined server error; SDK 1.x servers of the handshake era answer a
    /// request without a session with it ("Bad Request: Server not initialized").
    pub const SERVER_ERROR: i64 = -32000;
    /// Invalid request (SDK 1.x servers also answer a missing session id with it).
    pub const INVALID_REQUEST: i64 = -32600;
    /// Method not found (also: a capability the server did not advertise).
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Invalid params (also: unknown tool, resource not found, tampered `requestState`).
    pub const INVALID_PARAMS: i64 = -32602;
    /// Internal error (sent when the host's handler of a server request fails).
    pub const INTERNAL_ERROR: i64 = -32603;
    /// `HeaderMismatch`: a required `Mcp-*` header is missing or differs from the body.
    pub const HEADER_MISMATCH: i64 = -32020;
    /// `MissingRequiredClientCapability` (`data.requiredCapabilities`).
    pub const MISSING_CLIENT_CAPABILITY: i64 = -32021;
    /// `UnsupportedProtocolVersion` (`data.supported`, `data.requested`).
    pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;
    /// `URLElicitationRequired` of the handshake era (MCP 2025-11-25,
    /// `client/elicitation.mdx`): the server needs the user to open a URL first.
    pub const URL_ELICITATION_REQUIRED: i64 = -32042;
}

/// Notification methods the client reacts to in more than one place.
pub mod notifications {
    /// `notifications/cancelled`: sent by the client in the handshake era after an aborted
    /// request; sent by a server to end a `subscriptions/listen` stream.
    pub const CANCELLED: &str = "notifications/cancelled";
    /// The server's tool list changed.
    pub const TOOLS_LIST_CHANGED: &str = "notifications/tools/list_changed";
    /// The server's prompt list changed.
    pub const PROMPTS_LIST_CHANGED: &str = "notifications/prompts/list_changed";
    /// The server's resource (and resource template) list changed.
    pub const RESOURCES_LIST_CHANGED: &str = "notifications/resources/list_changed";
    /// A resource (params `{uri}`) changed.
    pub const RESOURCES_UPDATED: &str = "notifications/resources/updated";
}

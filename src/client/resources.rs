//! Resources of one server: `resources/list`, `resources/templates/list` and the params and
//! errors of `resources/read` (MCP 2026-07-28, `server/resources.mdx` and
//! `server/utilities/pagination.mdx`; <https://modelcontextprotocol.io/specification/2026-07-28>).
//! The read itself (cache, input-required rounds) is driven by
//! [`crate::adapter::resources::read_resource`].

use super::cache::{CacheMode, CacheView};
use super::{Client, RequestOptions};
use crate::convert::resource::usable_entries;
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::codes;
use serde_json::{Map, Value};

/// The legacy (2025-era) "resource not found" code; 2026-07-28 uses `-32602`.
pub const LEGACY_RESOURCE_NOT_FOUND: i64 = -32002;

/// The params of `resources/read`: `{uri}`.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] for an empty uri (nothing is sent).
pub fn read_params(uri: &str) -> Result<Map<String, Value>> {
    if uri.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidArgument,
            "the resource uri must be a non-empty string",
        ));
    }
    let mut params = Map::new();
    crate::put(&mut params, "uri", Value::String(uri.to_string()));
    Ok(params)
}

/// A `resources/read` error as the host should see it: `-32602` and `-32002` become
/// [`ErrorCode::ResourceNotFound`] (naming `uri`, keeping the server's code and data);
/// `-32601` becomes [`ErrorCode::NotSupported`]; anything else is unchanged.
pub fn read_error(uri: &str, mut err: Error) -> Error {
    match err.rpc_code() {
        Some(codes::INVALID_PARAMS | LEGACY_RESOURCE_NOT_FOUND) => {
            err.code = ErrorCode::ResourceNotFound;
            err.message = format!(
                "resource not found: {} ({})",
                crate::error::snippet(uri, 200),
                err.message
            );
            err
        }
        _ => not_supported(err, "resources/read"),
    }
}

/// Whether `uri` is `base` or names a resource below it (`{base}/…`, `{base}#…`,
/// `{base}?…`, or anything after a `base` that ends with `/`, as `file:///project/` has
/// `file:///project/a.txt` below it; a mere prefix such as `{base}x` is another resource).
/// A subscription to, or an update of, `base` covers those.
pub fn is_within(uri: &str, base: &str) -> bool {
    uri.strip_prefix(base).is_some_and(|rest| {
        rest.is_empty() || base.ends_with('/') || rest.starts_with(['/', '#', '?'])
    })
}

/// `-32601` (method not found, which is also how a server refuses a capability it did not
/// advertise) as [`ErrorCode::NotSupported`]; other errors unchanged.
pub fn not_supported(mut err: Error, method: &str) -> Error {
    if err.rpc_code() == Some(codes::METHOD_NOT_FOUND) {
        err.code = ErrorCode::NotSupported;
        err.message = format!("the server does not support {method} ({})", err.message);
        err
    } else {
        err
    }
}

impl Client {
    /// Every resource the server lists (`Resource` objects `{uri, name, title?, description?,
    /// mimeType?, size?, annotations?, icons?, _meta?}`, verbatim), across all pages, through
    /// `cache`. Entries without a string `uri` are left out with a warning.
    ///
    /// # Errors
    ///
    /// Those of [`Client::list_all_cached`]; `-32601` is [`ErrorCode::NotSupported`].
    pub async fn list_resources(
        &self,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        let all = self
            .list_all_cached("resources/list", "resources", cache, mode, opts)
            .await
            .map_err(|e| not_supported(e, "resources/list"))?;
        Ok(self.keep_usable(all, "uri", "resource"))
    }

    /// Every resource template (`{uriTemplate, name, title?, description?, mimeType?,
    /// annotations?, icons?, _meta?}`, RFC 6570 templates, verbatim), across all pages,
    /// through `cache`. Entries without a string `uriTemplate` are left out with a warning.
    ///
    /// # Errors
    ///
    /// As [`Client::list_resources`].
    pub async fn list_resource_templates(
        &self,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        let all = self
            .list_all_cached(
                "resources/templates/list",
                "resourceTemplates",
                cache,
                mode,
                opts,
            )
            .await
            .map_err(|e| not_supported(e, "resources/templates/list"))?;
        Ok(self.keep_usable(all, "uriTemplate", "resource template"))
    }

    pub(crate) fn keep_usable(&self, entries: Vec<Value>, key: &str, what: &str) -> Vec<Value> {
        let (kept, dropped) = usable_entries(entries, key, what);
        for warning in dropped {
            self.warn(&warning);
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, Scripted};
    use futures_executor::block_on;
    use serde_json::json;

    #[test]
    fn lists_resources_and_templates_across_pages() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"x://a","name":"a"},{"name":"nameless"}],"nextCursor":"2"}}),
        ));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"x://b","name":"b"}]}}),
        ));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resourceTemplates":[{"uriTemplate":"x://u/{id}","name":"u"}]}})));
        let resources =
            block_on(client.list_resources(None, CacheMode::Use, &RequestOptions::default()))
                .unwrap();
        assert_eq!(
            resources,
            vec![
                json!({"uri":"x://a","name":"a"}),
                json!({"uri":"x://b","name":"b"})
            ]
        );
        let templates = block_on(client.list_resource_templates(
            None,
            CacheMode::Use,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(templates[0]["uriTemplate"], "x://u/{id}");
        let sent = script.sent();
        assert_eq!(sent[2].body["params"]["cursor"], "2");
        assert_eq!(
            sent[3].header("Mcp-Method"),
            Some("resources/templates/list")
        );
        assert_eq!(sent[3].header("Mcp-Name"), None);
    }

    #[test]
    fn a_uri_is_within_itself_and_the_resources_below_it() {
        for below in ["x://a", "x://a/b", "x://a#frag", "x://a?q=1"] {
            assert!(is_within(below, "x://a"), "{below}");
        }
        for other in ["x://ab", "x://", "y://a", ""] {
            assert!(!is_within(other, "x://a"), "{other}");
        }
        // a base that ends with `/` (a directory): what follows it is below it
        for below in [
            "file:///project/",
            "file:///project/a.txt",
            "file:///project/src/b",
        ] {
            assert!(is_within(below, "file:///project/"), "{below}");
        }
        for other in ["file:///project", "file:///projects/a", "file:///other/"] {
            assert!(!is_within(other, "file:///project/"), "{other}");
        }
    }

    #[test]
    fn errors_are_typed() {
        let rpc = |code: i64| {
            Error::rpc(crate::error::RpcError {
                code,
                message: "m".into(),
                data: Some(json!({"uri": "x://gone"})),
            })
        };
        let e = read_error("x://gone", rpc(-32602));
        assert_eq!(
            (e.code, e.rpc_code()),
            (ErrorCode::ResourceNotFound, Some(-32602))
        );
        assert!(e.message.contains("x://gone"));
        assert_eq!(
            read_error("x://gone", rpc(-32002)).code,
            ErrorCode::ResourceNotFound
        );
        assert_eq!(
            read_error("x://gone", rpc(-32601)).code,
            ErrorCode::NotSupported
        );
        assert_eq!(
            read_error("x://gone", rpc(-32603)).code,
            ErrorCode::RpcError
        );
        assert_eq!(
            read_params("").unwrap_err().code,
            ErrorCode::InvalidArgument
        );

        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            404,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}),
        ));
        let err = block_on(client.list_resources(None, CacheMode::Use, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(
            (err.code, err.http_status),
            (ErrorCode::NotSupported, Some(404))
        );
    }
}

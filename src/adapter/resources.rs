//! Reading resources and getting prompts for the host: the cache in front of
//! `resources/read`, input-required rounds as interrupts for both (MCP 2026-07-28
//! `basic/patterns/mrtr.mdx`: `prompts/get` and `resources/read` may answer
//! `input_required` just like `tools/call`; `server/resources.mdx`, `server/prompts.mdx`,
//! `server/utilities/caching.mdx`), and conversion of the complete results to host shapes.
//!
//! Specification (each document above, without `.mdx`, under):
//! <https://modelcontextprotocol.io/specification/2026-07-28>.

use super::interrupt::{self, ResultOrInterrupt, Retry};
use super::pending::{self, PendingCalls};
use crate::client::cache::{CacheMode, CacheView};
use crate::client::prompts::prompt_params;
use crate::client::resources::{read_error, read_params};
use crate::client::{Client, RequestOptions};
use crate::convert::json_array;
use crate::convert::prompt::{prompt_messages, PromptMessage};
use crate::convert::resource::{read_result, ResourceContent};
use crate::error::Result;
use crate::protocol::result_type::ResultType;
use serde_json::Value;
use std::rc::Rc;

/// Reads `uri` (`resources/read`) through `cache`.
///
/// In [`CacheMode::Use`] a fresh cached result is returned without a request. Otherwise the
/// request is sent once; a complete answer is stored when its `ttlMs`/`cacheScope` allow
/// (sessionless era only). When the server answers `input_required`, the call is driven by
/// [`interrupt::run`] (sampling and roots answered in place, elicitations returned as an
/// interrupt) and nothing of it is ever cached — those rounds carry `inputResponses` /
/// `requestState` (continuing from the first answer, which is not asked for twice).
///
/// Returns the `ReadResourceResult` verbatim ([`ResultOrInterrupt::Complete`]) or the interrupt.
///
/// # Errors
///
/// [`crate::ErrorCode::ResourceNotFound`] (`-32602`, `-32002`) naming `uri`;
/// [`crate::ErrorCode::NotSupported`] (`-32601`); those of [`interrupt::run`].
pub async fn read_resource(
    client: &Rc<Client>,
    pending: &PendingCalls,
    cache: Option<CacheView<'_>>,
    mode: CacheMode,
    uri: &str,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let params = read_params(uri)?;
    if let (Some(view), CacheMode::Use) = (cache, mode) {
        if let Some(hit) = view.get("resources/read", uri) {
            return Ok(ResultOrInterrupt::Complete(hit));
        }
    }
    let method = "resources/read";
    if pending::bridges(client, opts).await? {
        // handshake era: never cached, and a question in the middle becomes an interrupt
        return pending::call(client, pending, method, params, opts)
            .await
            .map_err(|e| read_error(uri, e));
    }
    let outcome = client
        .request(method, Some(&params), opts)
        .await
        .map_err(|e| read_error(uri, interrupt::missing_capability(e)))?;
    if outcome.kind == ResultType::InputRequired {
        let next = interrupt::Next::Answered(Ok(outcome));
        let first = (next, 0, super::pending::Given::default());
        return interrupt::continue_from(client, pending, method, params, first, opts)
            .await
            .map_err(|e| read_error(uri, e));
    }
    client.store_if_cacheable(cache, mode, "resources/read", uri, &outcome.result);
    Ok(ResultOrInterrupt::Complete(outcome.result))
}

/// Gets prompt `name` with `args` (`prompts/get`). `declared` is the prompt's `arguments`
/// from the last `prompts/list`, when known: its required arguments are checked before
/// anything is sent (see [`prompt_params`]). Input-required rounds become interrupts as for
/// tools. Never cached (`GetPromptResult` is not cacheable).
///
/// Returns the `GetPromptResult` verbatim ([`ResultOrInterrupt::Complete`]) or the interrupt.
///
/// # Errors
///
/// [`crate::ErrorCode::InvalidArgument`] before sending; `-32601` is
/// [`crate::ErrorCode::NotSupported`]; those of [`interrupt::run`] (an unknown prompt or a
/// refused argument is the server's `-32602`, an [`crate::ErrorCode::RpcError`]).
pub async fn get_prompt(
    client: &Rc<Client>,
    pending: &PendingCalls,
    name: &str,
    args: Value,
    declared: Option<&[Value]>,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let params = prompt_params(name, args, declared)?;
    interrupt::run(
        client,
        pending,
        "prompts/get",
        params,
        Retry::default(),
        opts,
    )
    .await
    .map_err(|e| crate::client::resources::not_supported(e, "prompts/get"))
}

/// A complete result of `method` in host shape: `resources/read` → the array of contents
/// ([`crate::convert::resource::read_result`]), `prompts/get` → the array of messages
/// ([`crate::convert::prompt::prompt_messages`]); other results unchanged. Interrupts pass
/// through.
///
/// # Errors
///
/// [`crate::ErrorCode::InvalidMessage`] for a malformed result.
pub fn host_shape(method: &str, step: ResultOrInterrupt) -> Result<Value> {
    match step {
        ResultOrInterrupt::Interrupt(interrupt) => Ok(interrupt),
        ResultOrInterrupt::Complete(result) => match method {
            "resources/read" => Ok(json_array(read_result(result)?, ResourceContent::into_json)),
            "prompts/get" => Ok(json_array(
                prompt_messages(result)?,
                PromptMessage::into_json,
            )),
            _ => Ok(result),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::cache::{Cache, CacheLimits};
    use crate::client::scripted::{json_reply, Scripted};
    use crate::ErrorCode;
    use futures_executor::block_on;
    use serde_json::json;
    use std::rc::Rc;

    fn caches() -> (Cache, Cache) {
        let clock: crate::client::cache::Clock = Rc::new(|| 0.0);
        (
            Cache::new(CacheLimits::default(), clock.clone()),
            Cache::new(CacheLimits::default(), clock),
        )
    }

    fn elicit() -> Value {
        json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{"message":"Read it?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}}}},"requestState":"s1"}})
    }

    #[test]
    fn reads_are_cached_but_input_required_rounds_are_not() {
        let (private, public) = caches();
        let view = CacheView {
            private: &private,
            public: &public,
            target: "t",
        };
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","contents":[{"uri":"x://a","text":"A"}],"ttlMs":60000,"cacheScope":"private"}})));
        let opts = RequestOptions::default();
        let first = block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Use,
            "x://a",
            &opts,
        ))
        .unwrap();
        let again = block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Use,
            "x://a",
            &opts,
        ))
        .unwrap();
        assert_eq!(first, again);
        assert_eq!(
            script.sent().len(),
            2,
            "the second read came from the cache"
        );
        assert_eq!(script.sent()[1].header("Mcp-Name"), Some("x://a"));

        // x://secret needs input: the interrupt (from the first answer, not asked for twice),
        // then the retry's cacheable answer is not stored
        script.push(json_reply(200, elicit()));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","contents":[{"uri":"x://secret","text":"S"}],"ttlMs":60000,"cacheScope":"private"}})));
        let ResultOrInterrupt::Interrupt(interrupt) = block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Use,
            "x://secret",
            &opts,
        ))
        .unwrap() else {
            panic!("expected an interrupt")
        };
        assert_eq!(
            (
                interrupt["method"].as_str(),
                interrupt["tool_name"].is_null()
            ),
            (Some("resources/read"), true)
        );
        assert_eq!(interrupt["params"], json!({"uri": "x://secret"}));
        let done = block_on(interrupt::resume_elicitation(
            &client,
            &PendingCalls::default(),
            &interrupt,
            &json!({"ok": {"action": "accept", "content": {"ok": true}}}),
            &opts,
        ))
        .unwrap();
        assert_eq!(
            host_shape("resources/read", done).unwrap(),
            json!([{"text": "S", "mimeType": "text/plain", "metadata": {"uri": "x://secret"}}])
        );
        assert!(view.get("resources/read", "x://secret").is_none());
        assert_eq!(interrupt["round"], 1);
        assert_eq!(script.sent().len(), 4);
        assert_eq!(script.sent()[3].body["params"]["requestState"], "s1");
    }

    #[test]
    fn not_found_is_typed_and_refresh_refetches() {
        let (private, public) = caches();
        let view = CacheView {
            private: &private,
            public: &public,
            target: "t",
        };
        let (client, script) = Scripted::client();
        script.push_discover();
        script
            .push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Resource not found","data":{"uri":"x://gone"}}})));
        let err = block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Use,
            "x://gone",
            &RequestOptions::default(),
        ))
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::ResourceNotFound);
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"x://a","text":"1"}],"ttlMs":60000}})));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"x://a","text":"2"}],"ttlMs":60000}})));
        block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Use,
            "x://a",
            &RequestOptions::default(),
        ))
        .unwrap();
        let ResultOrInterrupt::Complete(fresh) = block_on(read_resource(
            &client,
            &PendingCalls::default(),
            Some(view),
            CacheMode::Refresh,
            "x://a",
            &RequestOptions::default(),
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(fresh["contents"][0]["text"], "2");
        assert_eq!(
            view.get("resources/read", "x://a").unwrap()["contents"][0]["text"],
            "2"
        );
    }

    #[test]
    fn prompts_are_checked_converted_and_interruptible() {
        let (client, script) = Scripted::client();
        let declared = [json!({"name": "city", "required": true})];
        let err = block_on(get_prompt(
            &client,
            &PendingCalls::default(),
            "args-prompt",
            json!({}),
            Some(&declared),
            &RequestOptions::default(),
        ))
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(
            script.sent().is_empty(),
            "nothing sent, not even the discovery"
        );
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Weather in Oslo?"}}]}}),
        ));
        let step = block_on(get_prompt(
            &client,
            &PendingCalls::default(),
            "args-prompt",
            json!({"city": "Oslo"}),
            Some(&declared),
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(
            host_shape("prompts/get", step).unwrap(),
            json!([{"role": "user", "content": [{"type": "text", "text": "Weather in Oslo?"}]}])
        );
        let sent = script.sent();
        assert_eq!(sent[1].header("Mcp-Name"), Some("args-prompt"));
        assert_eq!(sent[1].body["params"]["arguments"], json!({"city": "Oslo"}));
        drop(sent);
        script.push(json_reply(200, elicit()));
        let step = block_on(get_prompt(
            &client,
            &PendingCalls::default(),
            "p",
            Value::Null,
            None,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert!(
            matches!(step, ResultOrInterrupt::Interrupt(ref i) if i["method"] == "prompts/get")
        );
    }
}

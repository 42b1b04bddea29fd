//! `tools/list` (paginated) and `tools/call` (MCP 2026-07-28, `server/tools.mdx` and
//! `server/utilities/pagination.mdx`; <https://modelcontextprotocol.io/specification/2026-07-28>).

use super::cache::{CacheMode, CacheView};
use super::tool_fields::fit_tool;
use super::{Client, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::param_headers;
use crate::protocol::result_type::ResultType;
use serde_json::{Map, Value};

/// What a `tools/call` came back with.
#[derive(Debug, Clone, PartialEq)]
pub enum CallOutcome {
    /// A `CallToolResult` (`{content, structuredContent?, isError?}`), verbatim.
    Complete(Value),
    /// An `InputRequiredResult` (`{inputRequests?, requestState?}`), verbatim.
    InputRequired(Value),
    /// A `CreateTaskResult` (`{taskId, status, ttlMs, pollIntervalMs?, ...}`, the Tasks
    /// extension), verbatim.
    Task(Value),
}

/// The `ttl` a handshake-era tool call asks of its task, in milliseconds (one hour; the server
/// may keep it shorter or longer, and says how long in the task's `ttl`).
pub const TASK_TTL_MS: u32 = 3_600_000;

/// The params of a `tools/call`: `{name, arguments}`, with `arguments` forwarded verbatim
/// (`Null` becomes `{}`: some servers reject a missing or null `arguments`).
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] when `arguments` is neither an object nor null.
pub fn call_params(name: &str, arguments: Value) -> Result<Map<String, Value>> {
    let arguments = match arguments {
        Value::Null => Value::Object(Map::new()),
        Value::Object(o) => Value::Object(o),
        other => {
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                format!(
                    "tool arguments must be an object, got {}",
                    crate::error::snippet(&crate::json_text(&other), 40)
                ),
            ))
        }
    };
    let mut params = Map::new();
    crate::put(&mut params, "name", Value::String(name.to_string()));
    crate::put(&mut params, "arguments", arguments);
    Ok(params)
}

impl Client {
    /// Follows a paginated list method (`tools/list`, `prompts/list`, ...) to its end and
    /// returns the concatenated `field` arrays, uncached (see [`Client::list_all_cached`]).
    /// A missing or `null` `nextCursor` ends the walk; an empty string is a valid cursor.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::Pagination`] when a cursor repeats or more than
    /// `config.max_pages` pages would be needed; [`ErrorCode::InvalidMessage`] when `field`
    /// is not an array or `nextCursor` is not a string; [`ErrorCode::InvalidResultType`] when
    /// a page is anything but `complete`.
    pub async fn list_all(
        &self,
        method: &str,
        field: &str,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        self.list_all_cached(method, field, None, CacheMode::Use, opts)
            .await
    }

    /// Every tool the server offers (`Tool` objects), across all pages, each field held to
    /// the type MCP gives it (a tool without a string `name`, or whose `inputSchema` is not an
    /// object, left out with a warning; an optional field of the wrong type, such as `title:
    /// 42` or `annotations: {"readOnlyHint": "yes"}`, removed with a warning naming the tool
    /// and the field; see `tool_fields`), the rest verbatim, less the
    /// tools whose `x-mcp-header` annotations are invalid (left out with a warning, as
    /// MCP 2026-07-28 requires of HTTP clients), and less a tool whose name an earlier tool
    /// has (left out with a warning: names are unique per server, and the host, the approval
    /// gate and the header mirrors must all see the one tool a call of the name reaches). The
    /// valid annotations are remembered, so later calls of each tool mirror its arguments
    /// into `Mcp-Param-*` headers.
    ///
    /// # Errors
    ///
    /// Those of [`Client::list_all_cached`].
    pub async fn list_tools(&self, opts: &RequestOptions) -> Result<Vec<Value>> {
        self.list_tools_cached(None, CacheMode::Use, true, opts)
            .await
    }

    /// [`Client::list_tools`] through a result cache (pages served and stored per their
    /// `ttlMs`/`cacheScope`, see [`Client::list_all_cached`]). `own`: whether the listing is
    /// the client's own, whose `x-mcp-header` mirrors its later calls send; a listing made with
    /// another user's headers (which MAY differ, MCP 2026-07-28 `server/tools.mdx`) leaves them
    /// as they were, so that it never changes what the client's own calls send.
    ///
    /// # Errors
    ///
    /// Those of [`Client::list_all_cached`].
    pub async fn list_tools_cached(
        &self,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        own: bool,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        let tools = self
            .list_all_cached("tools/list", "tools", cache, mode, opts)
            .await?;
        let mut mirrors = Vec::new();
        let mut kept = Vec::with_capacity(tools.len());
        // the names kept (a `Map` as a set: no other set type in the wasm)
        let mut names = Map::new();
        // a warning for a tool left out, named by its name, or by its place when it has none
        let left_out = |tool: &Value, index: usize, why: &dyn std::fmt::Display| {
            let label = match tool.get("name").and_then(Value::as_str) {
                Some(name) => crate::quoted(name),
                None => format!("at index {index}"),
            };
            self.warn(&format!("tool {label} left out: {why}"));
        };
        for (index, mut tool) in tools.into_iter().enumerate() {
            // each field held to its MCP type: a tool that cannot be called is left out, a
            // field of the wrong type is absent
            let misfits = match fit_tool(&mut tool) {
                Ok(misfits) => misfits,
                Err(why) => {
                    left_out(&tool, index, &why);
                    continue;
                }
            };
            let name = tool
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            for (prefix, key, noun) in &misfits {
                self.warn(&format!(
                    "tool {}: {prefix}{key} ignored: not {noun}",
                    crate::quoted(&name)
                ));
            }
            // a name is unique per server (MCP 2026-07-28 `server/tools.mdx`, "Tool"): a
            // second tool of a name would be called, gated and mirrored as the first
            if names.get(name.as_str()).is_some() {
                left_out(&tool, index, &"its name is listed twice");
                continue;
            }
            match param_headers::tool_param_headers(tool.get("inputSchema").unwrap_or(&Value::Null))
            {
                Ok(headers) => {
                    if !headers.is_empty() {
                        mirrors.push((name.clone(), headers));
                    }
                    let support = tool.get("execution").and_then(|e| e.get("taskSupport"));
                    names.insert(name, support.cloned().unwrap_or_default());
                    kept.push(tool);
                }
                Err(why) => left_out(&tool, index, &why),
            }
        }
        if own {
            *self.param_headers.borrow_mut() = mirrors;
            *self.task_tools.borrow_mut() = names;
        }
        Ok(kept)
    }

    /// Whether a `tools/call` with `params` is to run as a task in the handshake era (MCP
    /// 2025-11-25 `basic/utilities/tasks.mdx`, "Tool-Level Negotiation"): the `tasks` option
    /// on, a server whose capabilities include `tasks.requests.tools.call`, and a tool whose
    /// `execution.taskSupport` in the client's own last listing is `"required"`, or
    /// `"optional"` when the call has a `taskWaitMs` (its caller takes a task's handle); never
    /// at 2026-07-28, where the server decides. (The listing settled the era.)
    pub fn runs_as_task(&self, params: &Map<String, Value>, opts: &RequestOptions) -> bool {
        // the era and the server's capability first: a 2026-07-28 call looks up nothing
        let state = self.state.borrow();
        let calls = match (&state.era, &state.server) {
            (Some(super::Era::Handshake(_)), Some(server)) if self.config.tasks => server
                .capabilities
                .get("tasks")
                .and_then(|t| t.get("requests"))
                .and_then(|r| r.get("tools"))
                .and_then(|t| t.get("call")),
            _ => None,
        };
        if calls.is_none() {
            return false;
        }
        let name = params.get("name").and_then(Value::as_str).unwrap_or("");
        match self.task_tools.borrow().get(name).and_then(Value::as_str) {
            Some("required") => true,
            Some("optional") => opts.task_wait_ms.is_some(),
            _ => false,
        }
    }

    /// Calls tool `name` with `arguments` (a JSON object, sent verbatim; `Null` sends `{}`).
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`] when `arguments` is neither an object nor null
    /// (nothing is sent); otherwise those of [`Client::request`].
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Value,
        extra: Option<Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<CallOutcome> {
        let mut params = extra.unwrap_or_default();
        params.extend(call_params(name, arguments)?);
        let outcome = self.request("tools/call", Some(&params), opts).await?;
        Ok(match outcome.kind {
            ResultType::Complete => CallOutcome::Complete(outcome.result),
            ResultType::InputRequired => CallOutcome::InputRequired(outcome.result),
            ResultType::Task => CallOutcome::Task(outcome.result),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, sse_reply, Scripted};
    use crate::client::ClientConfig;
    use futures_executor::block_on;
    use serde_json::json;
    use std::cell::RefCell;
    use std::rc::Rc;

    fn page(tools: &[&str], next: Option<&str>) -> serde_json::Value {
        let tools: Vec<_> = tools
            .iter()
            .map(|n| json!({"name": n, "inputSchema": {"type": "object"}}))
            .collect();
        let mut result =
            json!({"resultType": "complete", "tools": tools, "ttlMs": 0, "cacheScope": "private"});
        if let Some(n) = next {
            result["nextCursor"] = json!(n);
        }
        json!({"jsonrpc": "2.0", "id": 1, "result": result})
    }

    #[test]
    fn follows_cursors_including_the_empty_string() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, page(&["a"], Some(""))));
        script.push(json_reply(200, page(&["b"], Some("c2"))));
        script.push(json_reply(200, page(&["c"], None)));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        let names: Vec<_> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        let sent = script.sent();
        assert_eq!(sent[0].body["method"], "server/discover");
        assert!(sent[1].body["params"].get("cursor").is_none());
        assert_eq!(sent[2].body["params"]["cursor"], "");
        assert_eq!(sent[3].body["params"]["cursor"], "c2");
        for s in sent.iter() {
            assert_eq!(s.header("Mcp-Method"), s.body["method"].as_str());
            assert_eq!(
                s.header("Accept"),
                Some("application/json, text/event-stream")
            );
            assert_eq!(
                s.body["params"]["_meta"]["io.modelcontextprotocol/clientInfo"]["name"],
                "mcp-wasm-adapter"
            );
        }
    }

    /// Which requests an exchange may send once more after a connection the server had
    /// closed failed them (`HttpRequest::idempotent`): all but the one that runs a tool.
    #[test]
    fn a_tools_call_is_the_one_request_not_sent_as_idempotent() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, page(&["a"], None)));
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "content": []}}),
        ));
        let opts = RequestOptions::default();
        block_on(client.list_tools(&opts)).unwrap();
        block_on(client.call_tool("a", json!({}), None, &opts)).unwrap();
        let sent = script.sent();
        let marked: Vec<_> = sent
            .iter()
            .map(|s| (s.body["method"].clone(), s.idempotent))
            .collect();
        assert_eq!(
            marked,
            [
                (json!("server/discover"), true),
                (json!("tools/list"), true),
                (json!("tools/call"), false)
            ]
        );
    }

    #[test]
    fn repeated_cursor_and_page_cap_are_pagination_errors() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, page(&["a"], Some("x"))));
        script.push(json_reply(200, page(&["b"], Some("x"))));
        assert_eq!(
            block_on(client.list_tools(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::Pagination
        );

        let (client, script) = Scripted::client_with(ClientConfig {
            max_pages: 3,
            ..ClientConfig::default()
        });
        script.push_discover();
        for i in 0..3 {
            script.push(json_reply(200, page(&["t"], Some(&format!("c{i}")))));
        }
        assert_eq!(
            block_on(client.list_tools(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::Pagination
        );
    }

    #[test]
    fn a_walks_pages_together_take_no_more_memory_than_their_bound() {
        // 2,000 bytes per response: 1,000 values' worth in one walk's entries; a tool of
        // `page` weighs 50 (weigh_values: two objects of 1 + 20, three members of 2, two
        // strings of 1)
        let config = || ClientConfig {
            limits: crate::transport::Limits {
                max_body_bytes: 2000,
            },
            ..ClientConfig::default()
        };
        let (client, script) = Scripted::client_with(config());
        script.push_discover();
        // each tool its own name (a second tool of a name is left out)
        for i in 0..20 {
            let next = (i < 19).then(|| format!("c{i}"));
            script.push(json_reply(200, page(&[&format!("t{i}")], next.as_deref())));
        }
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 20, "1,000 values' worth is within the bound");

        let (client, script) = Scripted::client_with(config());
        script.push_discover();
        // as many pages as the walk takes: the 21st crosses the bound
        for i in 0..21 {
            script.push(json_reply(200, page(&["t"], Some(&format!("c{i}")))));
        }
        let error = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(error.code, ErrorCode::BodyTooLarge, "{}", error.message);
        assert!(
            error.message.contains("1000 JSON values"),
            "{}",
            error.message
        );
        // the walk stopped at the page that crossed the bound, and the client goes on
        assert_eq!(script.sent().len(), 1 + 21);
        script.push(json_reply(200, page(&["u"], None)));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools[0]["name"], "u");
    }

    #[test]
    fn call_sends_name_header_and_empty_arguments() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}),
        ));
        let out = block_on(client.call_tool(
            "list_regions",
            Value::Null,
            None,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(
            out,
            CallOutcome::Complete(json!({"content":[{"type":"text","text":"hi"}]}))
        );
        let sent = script.sent();
        assert_eq!(sent[1].body["params"]["arguments"], json!({}));
        assert_eq!(sent[1].header("Mcp-Name"), Some("list_regions"));
        assert_eq!(sent[1].header("Mcp-Method"), Some("tools/call"));
    }

    #[test]
    fn arguments_are_forwarded_verbatim_and_non_objects_refused() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ));
        let args = json!({"__proto__x": 1, "_meta": "not ours", "nested": {"a": [1, 2]}});
        block_on(client.call_tool("t", args.clone(), None, &RequestOptions::default())).unwrap();
        assert_eq!(script.sent()[1].body["params"]["arguments"], args);
        let err = block_on(client.call_tool("t", json!([1]), None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert_eq!(script.sent().len(), 2, "nothing sent for bad arguments");
    }

    #[test]
    fn progress_notifications_reach_the_handler_and_token_is_sent_only_when_asked() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let sink = seen.clone();
        let config = ClientConfig {
            on_notification: Some(Rc::new(move |m: &str, p: &Value, t: Option<u64>| {
                sink.borrow_mut().push((m.to_string(), p.clone(), t))
            })),
            ..ClientConfig::default()
        };
        let (client, script) = Scripted::client_with(config);
        script.push_discover();
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1,"total":2}}),
            json!({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ]));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ));
        let opts = RequestOptions {
            progress: true,
            ..RequestOptions::default()
        };
        block_on(client.call_tool("count", Value::Null, None, &opts)).unwrap();
        block_on(client.call_tool("count", Value::Null, None, &RequestOptions::default())).unwrap();
        assert_eq!(seen.borrow().len(), 2);
        assert_eq!(seen.borrow()[0].0, "notifications/progress");
        let sent = script.sent();
        let token = &sent[1].body["params"]["_meta"]["progressToken"];
        assert_eq!(token, &sent[1].body["id"], "the request's own id");
        // each told the token the request sent, whose progress alone is the request's
        assert_eq!(seen.borrow()[1].2, token.as_u64());
        assert!(sent[2].body["params"]["_meta"]
            .get("progressToken")
            .is_none());
        assert!(sent[2].body["params"]["_meta"]
            .get("io.modelcontextprotocol/logLevel")
            .is_none());
    }

    #[test]
    fn a_calls_own_notification_handler_replaces_the_clients() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let (client_sink, call_sink) = (seen.clone(), seen.clone());
        let config = ClientConfig {
            on_notification: Some(Rc::new(move |m: &str, _: &Value, _: Option<u64>| {
                client_sink.borrow_mut().push(format!("client {m}"))
            })),
            ..ClientConfig::default()
        };
        let (client, script) = Scripted::client_with(config);
        script.push_discover();
        let progress = json!({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}});
        let done = json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}});
        script.push(sse_reply(&[progress.clone(), done.clone()]));
        script.push(sse_reply(&[progress, done]));
        let opts = RequestOptions {
            on_notification: Some(Rc::new(move |m: &str, _: &Value, _: Option<u64>| {
                call_sink.borrow_mut().push(format!("call {m}"))
            })),
            ..RequestOptions::default()
        };
        block_on(client.call_tool("count", Value::Null, None, &opts)).unwrap();
        block_on(client.call_tool("count", Value::Null, None, &RequestOptions::default())).unwrap();
        assert_eq!(
            *seen.borrow(),
            [
                "call notifications/progress",
                "client notifications/progress"
            ]
        );
    }

    #[test]
    fn input_required_and_unknown_result_types() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s"}})));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"job","task":{}}}),
        ));
        let out =
            block_on(client.call_tool("t", Value::Null, None, &RequestOptions::default())).unwrap();
        assert!(matches!(out, CallOutcome::InputRequired(_)));
        let err = block_on(client.call_tool("t", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidResultType);
    }

    /// The Tasks extension, "Capability Negotiation": a `CreateTaskResult` to any other request
    /// is invalid, and a server must not send one to a client that did not declare it.
    #[test]
    fn a_task_answers_only_a_tools_call_that_declared_the_extension() {
        let task = || {
            json_reply(
                200,
                json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"t1","status":"working"}}),
            )
        };
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(task());
        script.push(task());
        let opts = RequestOptions::default();
        let out = block_on(client.call_tool("t", Value::Null, None, &opts)).unwrap();
        assert!(matches!(out, CallOutcome::Task(_)));
        let caps = script.sent()[1].body["params"]["_meta"]
            ["io.modelcontextprotocol/clientCapabilities"]
            .clone();
        assert_eq!(
            caps["extensions"],
            json!({"io.modelcontextprotocol/tasks": {}})
        );
        let params = json!({"name": "p"}).as_object().cloned();
        let err = block_on(client.request("prompts/get", params.as_ref(), &opts)).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidResultType);
        assert!(
            err.message
                .starts_with("prompts/get answered resultType \"task\""),
            "{}",
            err.message
        );

        let (client, script) = Scripted::client_with(ClientConfig {
            tasks: false,
            ..ClientConfig::default()
        });
        script.push_discover();
        script.push(task());
        let err = block_on(client.call_tool("t", Value::Null, None, &opts)).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidResultType);
        let caps =
            &script.sent()[1].body["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"];
        assert_eq!(caps.get("extensions"), None);
    }

    #[test]
    fn rpc_errors_keep_code_and_data_and_the_client_stays_usable() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool","data":{"name":"x"}}})));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal"}}),
        ));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ));
        let err = block_on(client.call_tool("x", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::RpcError);
        assert_eq!(err.rpc.as_ref().unwrap().data, Some(json!({"name":"x"})));
        let err = block_on(client.call_tool("x", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(
            (err.rpc_code(), err.rpc.clone().unwrap().data),
            (Some(-32603), None)
        );
        assert!(
            block_on(client.call_tool("x", Value::Null, None, &RequestOptions::default())).is_ok()
        );
    }

    /// A client whose server lists `tools` (after its discover), with the warnings it gives.
    fn listing(tools: serde_json::Value) -> (Rc<Client>, Rc<Scripted>, Rc<RefCell<Vec<String>>>) {
        let warnings = Rc::new(RefCell::new(Vec::new()));
        let sink = warnings.clone();
        let (client, script) = Scripted::client_with(ClientConfig {
            on_warning: Some(Rc::new(move |w: &str| {
                sink.borrow_mut().push(w.to_string())
            })),
            ..ClientConfig::default()
        });
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools": tools}}),
        ));
        (client, script, warnings)
    }

    #[test]
    fn invalid_header_annotations_drop_the_tool_and_valid_ones_are_mirrored() {
        let (client, script, warnings) = listing(json!([
            {"name":"valid_tool","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}},
            {"name":"bad_tool","inputSchema":{"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}}}
        ]));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(warnings.borrow().len(), 1);
        assert!(warnings.borrow()[0].contains("bad_tool"));
        block_on(client.call_tool(
            "valid_tool",
            json!({"region": "Grüße"}),
            None,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(
            script.sent()[2].header("Mcp-Param-Region"),
            Some("=?base64?R3LDvMOfZQ==?=")
        );
    }

    #[test]
    fn a_listing_not_the_clients_own_leaves_its_mirrors_and_a_call_may_bring_its_own() {
        let (client, script, _) = listing(json!([
            {"name":"t","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}}
        ]));
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        // another user's listing shows the tool without the annotation
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}),
        ));
        let opts = RequestOptions::default();
        block_on(client.list_tools_cached(None, CacheMode::Use, false, &opts)).unwrap();
        let done = json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}});
        let args = json!({"region": "eu", "zone": "z1"});
        script.push(json_reply(200, done.clone()));
        block_on(client.call_tool("t", args.clone(), None, &opts)).unwrap();
        assert_eq!(script.sent()[3].header("Mcp-Param-Region"), Some("eu"));
        // a call that brings the mirrors of the tool its user was shown sends those alone
        let zone =
            json!({"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"Zone"}}});
        let mirrors = param_headers::tool_param_headers(&zone).unwrap();
        let opts = RequestOptions {
            param_headers: Some(Rc::new(mirrors)),
            ..RequestOptions::default()
        };
        script.push(json_reply(200, done));
        block_on(client.call_tool("t", args, None, &opts)).unwrap();
        let sent = &script.sent()[4];
        assert_eq!(sent.header("Mcp-Param-Zone"), Some("z1"));
        assert_eq!(sent.header("Mcp-Param-Region"), None);
    }

    #[test]
    fn a_second_tool_of_a_name_is_left_out_with_a_warning() {
        let (client, _script, warnings) = listing(json!([
            {"name":"bad","inputSchema":{"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}}},
            {"name":"bad","annotations":{"readOnlyHint":true}},
            {"name":"rm","annotations":{"destructiveHint":true}},
            {"name":"other"},
            {"name":"rm","annotations":{"readOnlyHint":true}}
        ]));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        let listed: Vec<_> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
        // a tool left out for its header annotations leaves its name to the next
        assert_eq!(listed, ["bad", "rm", "other"]);
        assert_eq!(tools[1]["annotations"], json!({"destructiveHint": true}));
        let warnings = warnings.borrow();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert_eq!(
            warnings[1],
            "tool \"rm\" left out: its name is listed twice"
        );
    }

    /// A tool that cannot be called (no string name, an inputSchema that is not an object)
    /// is left out, a field of the wrong type is removed, each with a warning naming the tool
    /// and the field; a tool without a string name leaves no name behind it.
    #[test]
    fn tools_are_held_to_their_field_types_with_a_warning_for_each_misfit() {
        let (client, _script, warnings) = listing(json!([
            {"name": 42, "inputSchema": {"type": "object"}},
            {"name": "odd", "title": 42, "annotations": {"readOnlyHint": "yes"}},
            "not a tool",
            {"name": "schemaless", "inputSchema": "x"},
            {"name": "ok", "annotations": {"readOnlyHint": true}}
        ]));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(
            tools,
            [
                json!({"name": "odd", "annotations": {}}),
                json!({"name": "ok", "annotations": {"readOnlyHint": true}})
            ]
        );
        assert_eq!(
            *warnings.borrow(),
            [
                "tool at index 0 left out: its name is not a string",
                "tool \"odd\": annotations.readOnlyHint ignored: not a boolean",
                "tool \"odd\": title ignored: not a string",
                "tool at index 2 left out: it is not an object",
                "tool \"schemaless\" left out: its inputSchema is not an object",
            ]
        );
    }

    #[test]
    fn redirects_same_origin_only() {
        use crate::client::scripted::{status, Canned};
        let redirect = |loc: &str| Canned {
            location: Some(loc.into()),
            ..status(307)
        };
        let (client, script) = Scripted::client();
        script.push(redirect("/mcp/"));
        script.push_discover();
        script.push(redirect("https://elsewhere.example/mcp"));
        block_on(client.ensure_ready(&RequestOptions::default())).unwrap();
        assert_eq!(script.sent()[1].url, "http://127.0.0.1:1/mcp/");
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(
            (err.code, err.http_status),
            (ErrorCode::Redirect, Some(307))
        );
        assert_eq!(
            script.sent().len(),
            3,
            "the cross-origin location was not requested"
        );
    }
}

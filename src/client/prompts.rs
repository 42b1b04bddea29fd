//! Prompts and completion of one server: `prompts/list`, the params of `prompts/get` (with
//! its arguments checked before anything is sent), and `completion/complete` (MCP
//! 2026-07-28, `server/prompts.mdx` and `server/utilities/completion.mdx`;
//! <https://modelcontextprotocol.io/specification/2026-07-28>).
//! The `prompts/get` call itself (input-required rounds, conversion) is driven by
//! [`crate::adapter::resources::get_prompt`].

use super::cache::{CacheMode, CacheView};
use super::resources::not_supported;
use super::{Client, RequestOptions};
use crate::error::{snippet, Error, ErrorCode, Result};
use crate::protocol::result_type::ResultType;
use serde_json::{Map, Value};

/// Most completion values kept (the spec caps `values` at 100).
pub const MAX_COMPLETION_VALUES: usize = 100;

fn invalid(message: String) -> Error {
    Error::new(ErrorCode::InvalidArgument, message)
}

/// The params of `prompts/get`: `{name, arguments}`, `arguments` `{}` when none are given.
///
/// The field is optional (MCP 2026-07-28 `server/prompts.mdx`), but servers on the TypeScript
/// SDK 1.x before 1.32 refuse a request without it (`-32602`, "expected object, received
/// undefined") even when every argument is optional; an empty object is valid everywhere.
///
/// `args` is a JSON object (or `Null` for none). MCP prompt arguments are strings: numbers
/// and booleans are sent as their JSON text, `null` values are left out, anything else is
/// refused. When `declared` (the prompt's `arguments` from `prompts/list`, `[{name,
/// required?}]`) is given, every argument it marks `required: true` must be present.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`], naming the missing or malformed arguments (nothing
/// is sent).
pub fn prompt_params(
    name: &str,
    args: Value,
    declared: Option<&[Value]>,
) -> Result<Map<String, Value>> {
    if name.is_empty() {
        return Err(invalid("the prompt name must be a non-empty string".into()));
    }
    let given = match args {
        Value::Null => Map::new(),
        Value::Object(o) => o,
        other => {
            return Err(invalid(format!(
                "prompt arguments must be an object, got {}",
                snippet(&crate::json_text(&other), 40)
            )))
        }
    };
    let mut arguments = Map::new();
    let mut malformed = Vec::new();
    for (key, value) in given {
        match value {
            Value::Null => {}
            Value::String(s) => {
                arguments.insert(key, Value::String(s));
            }
            v @ (Value::Number(_) | Value::Bool(_)) => {
                arguments.insert(key, Value::String(crate::json_text(&v)));
            }
            _ => malformed.push(key),
        }
    }
    if !malformed.is_empty() {
        return Err(invalid(format!(
            "prompt {}: arguments must be strings (numbers and booleans are converted), not objects or arrays: {}",
            crate::quoted(name),
            crate::quoted_list(&malformed)
        )));
    }
    if let Some(declared) = declared {
        let mut missing = Vec::new();
        for argument in declared {
            if argument.get("required").and_then(Value::as_bool) != Some(true) {
                continue;
            }
            match argument.get("name").and_then(Value::as_str) {
                Some(name) if !arguments.contains_key(name) => missing.push(name),
                _ => {}
            }
        }
        if !missing.is_empty() {
            return Err(invalid(format!(
                "prompt {} needs the arguments {}",
                crate::quoted(name),
                crate::quoted_list(&missing)
            )));
        }
    }
    let mut params = Map::new();
    crate::put(&mut params, "name", Value::String(name.to_string()));
    crate::put(&mut params, "arguments", Value::Object(arguments));
    Ok(params)
}

/// The params of `completion/complete`: `{ref, argument, context?}`.
///
/// `reference` must be `{type: "ref/prompt", name}` or `{type: "ref/resource", uri}`;
/// `argument` `{name, value}` (strings); `context`, when not null, `{arguments: {[k]:
/// string}}`.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] (nothing is sent).
pub fn complete_params(
    reference: Value,
    argument: Value,
    context: Value,
) -> Result<Map<String, Value>> {
    let string = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_string);
    let reference = match string(&reference, "type").as_deref() {
        Some("ref/prompt") => {
            obj! {"type": "ref/prompt", "name": string(&reference, "name").ok_or_else(|| invalid("a ref/prompt reference needs a string name".into()))?}
        }
        Some("ref/resource") => {
            obj! {"type": "ref/resource", "uri": string(&reference, "uri").ok_or_else(|| invalid("a ref/resource reference needs a string uri".into()))?}
        }
        _ => return Err(invalid("the completion reference must be {type: \"ref/prompt\", name} or {type: \"ref/resource\", uri}".into())),
    };
    let (Some(arg_name), Some(value)) = (string(&argument, "name"), string(&argument, "value"))
    else {
        return Err(invalid(
            "the completion argument must be {name, value} with string values".into(),
        ));
    };
    let mut params = Map::new();
    crate::put(&mut params, "ref", reference);
    crate::put(
        &mut params,
        "argument",
        obj! {"name": arg_name, "value": value},
    );
    match context {
        Value::Null => {}
        Value::Object(ref c) => match c.get("arguments") {
            None | Some(Value::Null) => {}
            Some(Value::Object(args)) if args.values().all(Value::is_string) => {
                crate::put(&mut params, "context", obj! {"arguments": args.clone()});
            }
            _ => {
                return Err(invalid(
                    "the completion context must be {arguments: {[name]: string}}".into(),
                ))
            }
        },
        _ => {
            return Err(invalid(
                "the completion context must be {arguments: {[name]: string}}".into(),
            ))
        }
    }
    Ok(params)
}

/// Reads a `CompleteResult` `{completion: {values, total?, hasMore?}}` into
/// `{values: [string, ≤100], total?, hasMore?}` (non-string values are dropped, the list is
/// cut at [`MAX_COMPLETION_VALUES`]).
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] without a `completion.values` array.
pub fn completion(result: &Value) -> Result<Value> {
    let completion = result.get("completion").ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidMessage,
            "completion/complete result has no completion",
        )
    })?;
    let given = completion
        .get("values")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidMessage,
                "completion/complete result has no values array",
            )
        })?;
    // a plain loop, not a collect (see docs/wasm-size.md)
    let mut values = Vec::new();
    for value in given {
        if values.len() == MAX_COMPLETION_VALUES {
            break;
        }
        if value.is_string() {
            values.push(value.clone());
        }
    }
    let mut out = Map::new();
    crate::put(&mut out, "values", Value::Array(values));
    if let Some(total) = completion.get("total").filter(|t| t.is_number()) {
        crate::put(&mut out, "total", total.clone());
    }
    if let Some(more) = completion.get("hasMore").filter(|m| m.is_boolean()) {
        crate::put(&mut out, "hasMore", more.clone());
    }
    Ok(Value::Object(out))
}

impl Client {
    /// Every prompt the server lists (`Prompt` objects `{name, title?, description?,
    /// arguments?: [{name, title?, description?, required?}], icons?, _meta?}`, verbatim),
    /// across all pages, through `cache`. Entries without a string `name` are left out with
    /// a warning.
    ///
    /// # Errors
    ///
    /// Those of [`Client::list_all_cached`]; `-32601` is [`ErrorCode::NotSupported`].
    pub async fn list_prompts(
        &self,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        let all = self
            .list_all_cached("prompts/list", "prompts", cache, mode, opts)
            .await
            .map_err(|e| not_supported(e, "prompts/list"))?;
        Ok(self.keep_usable(all, "name", "prompt"))
    }

    /// `completion/complete` with `params` from [`complete_params`]; resolves to
    /// `{values, total?, hasMore?}` (see [`completion`]).
    ///
    /// # Errors
    ///
    /// [`ErrorCode::NotSupported`] when the server did not advertise `completions`
    /// (nothing is sent) or answers `-32601`; the request's own errors.
    pub async fn complete(
        &self,
        params: Map<String, Value>,
        opts: &RequestOptions,
    ) -> Result<Value> {
        self.ensure_ready(opts).await?;
        if let Some(server) = self.server() {
            if server.capabilities.is_object() && server.capabilities.get("completions").is_none() {
                return Err(Error::new(
                    ErrorCode::NotSupported,
                    "the server does not offer completion (no completions capability)",
                ));
            }
        }
        let outcome = self
            .request("completion/complete", Some(&params), opts)
            .await
            .map_err(|e| not_supported(e, "completion/complete"))?;
        if outcome.kind != ResultType::Complete {
            return Err(Error::new(
                ErrorCode::InvalidResultType,
                "completion/complete answered input_required, which only tools/call, prompts/get and resources/read may",
            ));
        }
        completion(&outcome.result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, Scripted};
    use futures_executor::block_on;
    use serde_json::json;

    #[test]
    fn prompt_arguments_are_checked_before_sending() {
        let declared = [
            json!({"name": "city", "required": true}),
            json!({"name": "state"}),
        ];
        let p = prompt_params(
            "args-prompt",
            json!({"city": "Oslo", "n": 3, "b": true, "skip": null}),
            Some(&declared),
        )
        .unwrap();
        assert_eq!(
            Value::Object(p),
            json!({"name": "args-prompt", "arguments": {"city": "Oslo", "n": "3", "b": "true"}})
        );
        let err = prompt_params("args-prompt", json!({"state": "x"}), Some(&declared)).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(err.message.contains("city"));
        assert_eq!(
            prompt_params("p", json!({"o": {}}), None).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            prompt_params("p", json!([1]), None).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            Value::Object(prompt_params("simple", Value::Null, Some(&[])).unwrap()),
            json!({"name": "simple", "arguments": {}})
        );
    }

    #[test]
    fn completion_params_and_results() {
        let p = complete_params(
            json!({"type": "ref/prompt", "name": "code_review", "extra": 1}),
            json!({"name": "language", "value": "py"}),
            json!({"arguments": {"framework": "x"}}),
        )
        .unwrap();
        assert_eq!(
            Value::Object(p),
            json!({"ref": {"type": "ref/prompt", "name": "code_review"}, "argument": {"name": "language", "value": "py"}, "context": {"arguments": {"framework": "x"}}})
        );
        let p = complete_params(
            json!({"type": "ref/resource", "uri": "x://{id}"}),
            json!({"name": "id", "value": ""}),
            Value::Null,
        )
        .unwrap();
        assert!(p.get("context").is_none());
        for (r, a, c) in [
            (
                json!({"type": "ref/tool", "name": "x"}),
                json!({"name": "a", "value": "b"}),
                Value::Null,
            ),
            (
                json!({"type": "ref/prompt"}),
                json!({"name": "a", "value": "b"}),
                Value::Null,
            ),
            (
                json!({"type": "ref/prompt", "name": "p"}),
                json!({"name": "a"}),
                Value::Null,
            ),
            (
                json!({"type": "ref/prompt", "name": "p"}),
                json!({"name": "a", "value": "b"}),
                json!({"arguments": {"n": 1}}),
            ),
        ] {
            assert_eq!(
                complete_params(r, a, c).unwrap_err().code,
                ErrorCode::InvalidArgument
            );
        }
        let many: Vec<Value> = (0..150).map(|i| json!(format!("v{i}"))).collect();
        let c = completion(&json!({"completion": {"values": many, "total": 150, "hasMore": true}}))
            .unwrap();
        assert_eq!(c["values"].as_array().unwrap().len(), 100);
        assert_eq!(
            (c["total"].clone(), c["hasMore"].clone()),
            (json!(150), json!(true))
        );
        assert_eq!(
            completion(&json!({"completion": {}})).unwrap_err().code,
            ErrorCode::InvalidMessage
        );
    }

    #[test]
    fn complete_needs_the_capability() {
        let (client, script) = Scripted::client();
        script.push_discover(); // advertises tools only
        let params = complete_params(
            json!({"type": "ref/prompt", "name": "p"}),
            json!({"name": "a", "value": "b"}),
            Value::Null,
        )
        .unwrap();
        let err =
            block_on(client.complete(params.clone(), &RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::NotSupported);
        assert_eq!(script.sent().len(), 1, "nothing but the discovery was sent");

        let (client, script) = Scripted::client();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"completions":{}}}})));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","completion":{"values":["python","pytorch"],"hasMore":false}}}),
        ));
        let out = block_on(client.complete(params, &RequestOptions::default())).unwrap();
        assert_eq!(
            out,
            json!({"values": ["python", "pytorch"], "hasMore": false})
        );
        assert_eq!(
            script.sent()[1].header("Mcp-Method"),
            Some("completion/complete")
        );
    }

    #[test]
    fn list_prompts_drops_nameless_entries() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"greet","arguments":[{"name":"name","required":true}]},{"description":"no name"}]}})));
        let prompts =
            block_on(client.list_prompts(None, CacheMode::Use, &RequestOptions::default()))
                .unwrap();
        assert_eq!(prompts.len(), 1);
        assert_eq!(prompts[0]["name"], "greet");
    }
}

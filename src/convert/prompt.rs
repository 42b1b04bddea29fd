//! A `GetPromptResult` as chat messages in the LangChain.js shape (MCP 2026-07-28
//! `server/prompts.mdx`, "Getting a Prompt"; `schema.ts` `PromptMessage`).
//!
//! Each MCP `PromptMessage` `{role: "user" | "assistant", content: ContentBlock}` becomes
//! `{role, content: [v1 block]}`: the one content block converted by
//! [`crate::convert::content_block`] (text, image, audio, embedded resources, resource links;
//! see that module for the exact shapes). That object is a LangChain.js `BaseMessageLike`
//! (`{role, content}` coerces to `HumanMessage` for `"user"` and `AIMessage` for
//! `"assistant"`), so the array can be handed to a chat model as it is.
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/prompts>.

use super::content::{content_block, ContentBlock};
use crate::error::{snippet, Error, ErrorCode, Result};
use serde::Serialize;
use serde_json::{Map, Value};

/// One prompt message as the host gets it: `{role, content: [v1 block]}` (`PromptMessage` in
/// `pkg-template/index.d.ts`; a LangChain.js `BaseMessageLike`).
///
/// The host gets [`PromptMessage::into_json`]; `Serialize` gives the same JSON (the contract
/// test compares its field names with the declarations).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PromptMessage {
    /// Who speaks.
    pub role: Role,
    /// The message's content block(s), converted.
    pub content: Vec<ContentBlock>,
}

/// The speaker of a [`PromptMessage`] (MCP `Role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// `"user"`: becomes a LangChain.js `HumanMessage`.
    User,
    /// `"assistant"`: becomes an `AIMessage`.
    Assistant,
}

impl Role {
    /// `"user"` or `"assistant"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

impl PromptMessage {
    /// The message as JSON, its strings moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let mut out = Map::new();
        crate::put(
            &mut out,
            "role",
            Value::String(self.role.as_str().to_owned()),
        );
        crate::put(
            &mut out,
            "content",
            super::json_array(self.content, ContentBlock::into_json),
        );
        Value::Object(out)
    }
}

/// Converts one `PromptMessage`. A `content` array (not in the schema, sent by some servers)
/// is converted block by block.
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when the message is not an object, its `role` is not
/// `"user"` or `"assistant"`, or it has no `content`.
pub fn prompt_message(message: Value) -> Result<PromptMessage> {
    let Value::Object(mut map) = message else {
        return Err(invalid(&format!(
            "a prompt message is not an object: {}",
            snippet(&crate::json_text(&message), 60)
        )));
    };
    let role = match map.get("role").and_then(Value::as_str) {
        Some("user") => Role::User,
        Some("assistant") => Role::Assistant,
        other => {
            return Err(invalid(&format!(
                "a prompt message has role {}; MCP allows \"user\" and \"assistant\"",
                crate::quoted(other.unwrap_or("(none)"))
            )))
        }
    };
    let content = match map.remove("content") {
        Some(Value::Array(blocks)) => super::convert_all(blocks, content_block),
        Some(Value::Null) | None => return Err(invalid("a prompt message has no content")),
        Some(block) => vec![content_block(block)],
    };
    Ok(PromptMessage { role, content })
}

/// Converts a `GetPromptResult` `{description?, messages: [...]}` into its messages (see
/// [`prompt_message`]). An empty `messages` is an empty array.
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when `messages` is not an array or a message is malformed.
pub fn prompt_messages(mut result: Value) -> Result<Vec<PromptMessage>> {
    match result.get_mut("messages").map(Value::take) {
        Some(Value::Array(messages)) => super::try_convert_all(messages, prompt_message),
        _ => Err(invalid("prompts/get result has no messages array")),
    }
}

fn invalid(message: &str) -> Error {
    Error::new(ErrorCode::InvalidMessage, message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// [`prompt_messages`] as the host gets them.
    fn messages_json(result: Value) -> Vec<Value> {
        prompt_messages(result)
            .unwrap()
            .into_iter()
            .map(PromptMessage::into_json)
            .collect()
    }

    #[test]
    fn messages_get_v1_blocks() {
        let result = json!({"description": "d", "messages": [
            {"role": "user", "content": {"type": "text", "text": "Hi"}},
            {"role": "assistant", "content": {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}},
            {"role": "user", "content": {"type": "resource", "resource": {"uri": "demo://r/1", "mimeType": "text/plain", "text": "R1"}}}
        ]});
        let messages = messages_json(result);
        assert_eq!(
            messages[0],
            json!({"role": "user", "content": [{"type": "text", "text": "Hi"}]})
        );
        assert_eq!(
            messages[1],
            json!({"role": "assistant", "content": [{"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}]})
        );
        assert_eq!(
            messages[2],
            json!({"role": "user", "content": [{"type": "text", "text": "R1", "metadata": {"uri": "demo://r/1", "mimeType": "text/plain"}}]})
        );
    }

    #[test]
    fn arrays_empty_results_and_bad_messages() {
        let m = prompt_message(json!({"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]})).unwrap();
        assert_eq!((m.role, m.content.len()), (Role::User, 2));
        assert_eq!(messages_json(json!({"messages": []})), Vec::<Value>::new());
        for bad in [
            json!({"role": "system", "content": {"type": "text", "text": "x"}}),
            json!({"role": "user"}),
            json!("hi"),
        ] {
            assert_eq!(
                prompt_message(bad.clone()).unwrap_err().code,
                ErrorCode::InvalidMessage,
                "{bad}"
            );
        }
        assert_eq!(
            prompt_messages(json!({})).unwrap_err().code,
            ErrorCode::InvalidMessage
        );
    }
}

//! `resultType` of a result (MCP 2026-07-28, `basic/index.mdx` "Result types").

use crate::error::{Error, ErrorCode, Result};
use serde_json::Value;

/// What kind of result a server returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultType {
    /// The request is done (`"complete"`, or no `resultType` at all: handshake-era servers
    /// and some modern ones omit it, and absence MUST be read as complete).
    Complete,
    /// The server needs input first (`"input_required"`; MCP 2026-07-28,
    /// `basic/patterns/mrtr.mdx`).
    InputRequired,
    /// The server made a task of the request (`"task"`, a `CreateTaskResult`: the Tasks
    /// extension `io.modelcontextprotocol/tasks`, SEP-2663); valid only for a `tools/call` of a
    /// client that declared the extension ([`crate::client::Client::request`] checks).
    Task,
}

impl ResultType {
    /// Reads `result.resultType`.
    ///
    /// # Errors
    ///
    /// An unknown value (including a non-string) is an [`ErrorCode::InvalidResultType`]
    /// error: the spec says it MUST be treated as invalid.
    pub fn of(result: &Value) -> Result<ResultType> {
        match result.get("resultType") {
            None => Ok(ResultType::Complete),
            Some(Value::String(s)) if s == "complete" => Ok(ResultType::Complete),
            Some(Value::String(s)) if s == "input_required" => Ok(ResultType::InputRequired),
            Some(Value::String(s)) if s == "task" => Ok(ResultType::Task),
            Some(other) => Err(Error::new(
                ErrorCode::InvalidResultType,
                format!(
                    "unknown resultType {}",
                    crate::error::snippet(&crate::json_text(other), 60)
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn absent_means_complete_and_unknown_is_an_error() {
        assert_eq!(ResultType::of(&json!({})).unwrap(), ResultType::Complete);
        assert_eq!(
            ResultType::of(&json!({"resultType":"complete"})).unwrap(),
            ResultType::Complete
        );
        assert_eq!(
            ResultType::of(&json!({"resultType":"input_required"})).unwrap(),
            ResultType::InputRequired
        );
        assert_eq!(
            ResultType::of(&json!({"resultType":"task"})).unwrap(),
            ResultType::Task
        );
        let err = ResultType::of(&json!({"resultType":"tasks"})).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidResultType);
        assert_eq!(
            ResultType::of(&json!({"resultType":7})).unwrap_err().code,
            ErrorCode::InvalidResultType
        );
    }
}

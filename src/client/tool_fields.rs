//! A listed tool's fields held to the types MCP gives them (MCP 2026-07-28, `server/tools.mdx`,
//! "Tool"; `schema.ts` `Tool`, `ToolAnnotations`, `ToolExecution`, `Icon`), so that what the
//! host, the `approval` predicate, the LangChain conversion and output validation read of a
//! tool has the type the declarations give it (`MCPTool` in `pkg-template/index.d.ts`).
//!
//! What a robust client does with a server's tool of the wrong shape:
//! - a tool it cannot call or describe (not an object, a `name` that is not a string, an
//!   `inputSchema` that is there but not an object) is left out of the listing;
//! - an optional field of the wrong type (`title: 42`, `annotations: "x"`, `outputSchema: []`)
//!   is treated as absent: removed, as is a member of the wrong type inside `annotations`
//!   (`readOnlyHint: "yes"`: a policy must not read a string as the hint) or `execution`;
//!   `icons` is absent unless every entry is an `Icon` (an object with a string `src`, and a
//!   string `mimeType`, an array of strings `sizes` and a `theme` of `"light"` or `"dark"` if
//!   any): a list of icons of which some are not is not what the declarations promise.
//!
//! `null` stands for absent already and is kept; members MCP does not name pass through.

use serde_json::{Map, Value};

/// The JSON type MCP gives a field.
#[derive(Clone, Copy)]
enum Type {
    String,
    Boolean,
    Object,
    /// An object whose members MCP types in turn (`annotations`, `execution`), named by the
    /// prefix of their paths.
    Members(&'static str),
    /// An array of `Icon`s.
    Icons,
}

/// The type MCP gives member `key` of the object whose members' paths begin with `prefix`
/// (`""` for the tool itself, `"annotations."`, `"execution."`).
fn typed(prefix: &str, key: &str) -> Option<Type> {
    Some(match (prefix, key) {
        ("", "title" | "description")
        | ("annotations.", "title")
        | ("execution.", "taskSupport") => Type::String,
        ("", "_meta" | "outputSchema") => Type::Object,
        ("", "annotations") => Type::Members("annotations."),
        ("", "execution") => Type::Members("execution."),
        ("", "icons") => Type::Icons,
        (
            "annotations.",
            "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint",
        ) => Type::Boolean,
        _ => return None,
    })
}

/// Whether `value` is an MCP `Icon`: an object with a string `src`, whose `mimeType`,
/// `sizes` and `theme`, if any, are a string, an array of strings and `"light"` or `"dark"`.
fn is_icon(value: &Value) -> bool {
    let sizes = match value.get("sizes") {
        None => true,
        Some(Value::Array(sizes)) => sizes.iter().all(Value::is_string),
        Some(_) => false,
    };
    sizes
        && value.get("src").is_some_and(Value::is_string)
        && value.get("mimeType").is_none_or(Value::is_string)
        && matches!(
            value.get("theme").map(Value::as_str),
            None | Some(Some("light" | "dark"))
        )
}

/// A field of a tool removed for its type: the beginning of its path in the tool (`""`,
/// `"annotations."`, `"execution."`), its key (`readOnlyHint`), and what it should have been
/// (`"a boolean"`).
pub(super) type Misfit = (&'static str, String, &'static str);

/// Holds listed tool `tool` to the types of MCP's `Tool`, in place: removes each field of the
/// wrong type (see the module's documentation) and returns them, in the order of the tool's
/// members. A tool of the right shape is looked at once, member by member, and nothing is
/// allocated for it.
///
/// # Errors
///
/// Why the tool must be left out: it is not an object, its `name` is not a string, or its
/// `inputSchema` is neither absent, `null` nor an object.
pub(super) fn fit_tool(tool: &mut Value) -> Result<Vec<Misfit>, &'static str> {
    let Value::Object(fields) = tool else {
        return Err("it is not an object");
    };
    if !fields.get("name").is_some_and(Value::is_string) {
        return Err("its name is not a string");
    }
    if !matches!(
        fields.get("inputSchema"),
        None | Some(Value::Null | Value::Object(_))
    ) {
        return Err("its inputSchema is not an object");
    }
    let mut misfits = Vec::new();
    fit_members(fields, "", &mut misfits);
    Ok(misfits)
}

/// Removes the members of `object` (whose members' paths begin with `prefix`) whose type is
/// not the one MCP gives them, adding each to `misfits`, and fits the members of those with
/// members.
fn fit_members(object: &mut Map<String, Value>, prefix: &'static str, misfits: &mut Vec<Misfit>) {
    let before = misfits.len();
    for (key, value) in object.iter_mut() {
        let Some(expected) = typed(prefix, key) else {
            continue;
        };
        let (noun, fits) = match (expected, value) {
            (_, Value::Null) => ("", true),
            (Type::String, value) => ("a string", value.is_string()),
            (Type::Boolean, value) => ("a boolean", value.is_boolean()),
            (Type::Object, value) => ("an object", value.is_object()),
            (Type::Members(inner), Value::Object(members)) => {
                fit_members(members, inner, misfits);
                ("", true)
            }
            (Type::Members(_), _) => ("an object", false),
            (Type::Icons, value) => (
                "an array of icons",
                value
                    .as_array()
                    .is_some_and(|icons| icons.iter().all(is_icon)),
            ),
        };
        if !fits {
            misfits.push((prefix, key.clone(), noun));
        }
    }
    // this object's own misfits (those of its members have another prefix) leave it
    for (at, key, _) in &misfits[before..] {
        if *at == prefix {
            object.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `tool` held to its types is `expected`, with the warnings `told` (`tool "t": …`).
    fn fits_as(mut tool: Value, expected: &Value, told: &[&str]) {
        let misfits = fit_tool(&mut tool).unwrap();
        let misfits: Vec<String> = misfits
            .iter()
            .map(|(prefix, key, noun)| format!("tool \"t\": {prefix}{key} ignored: not {noun}"))
            .collect();
        assert_eq!(&tool, expected);
        assert_eq!(misfits, told);
    }

    #[test]
    fn a_tool_of_the_right_types_is_left_as_it_is() {
        let tool = json!({
            "name": "ok", "title": "T", "description": "d", "x-extra": 5,
            "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"},
            "annotations": {"title": "A", "readOnlyHint": true, "destructiveHint": false,
                            "idempotentHint": null, "openWorldHint": true, "vendorHint": "x"},
            "execution": {"taskSupport": "optional"}, "_meta": {"k": [1]},
            "icons": [{"src": "https://h/i.png", "mimeType": "image/png", "sizes": ["48x48"],
                       "theme": "dark"}, {"src": "data:,"}],
        });
        fits_as(tool.clone(), &tool, &[]);
        let nulls = json!({"name": "n", "title": null, "description": null, "annotations": null,
                           "_meta": null, "icons": null, "outputSchema": null, "inputSchema": null});
        fits_as(nulls.clone(), &nulls, &[]);
        fits_as(json!({"name": "bare"}), &json!({"name": "bare"}), &[]);
    }

    #[test]
    fn an_optional_field_of_the_wrong_type_is_removed_with_a_warning_naming_it() {
        fits_as(
            json!({"name": "t", "title": 42, "description": {}, "annotations": "x", "icons": 5,
                   "outputSchema": [], "_meta": [], "execution": 7, "inputSchema": {}}),
            &json!({"name": "t", "inputSchema": {}}),
            // in the order of the tool's members
            &[
                "tool \"t\": _meta ignored: not an object",
                "tool \"t\": annotations ignored: not an object",
                "tool \"t\": description ignored: not a string",
                "tool \"t\": execution ignored: not an object",
                "tool \"t\": icons ignored: not an array of icons",
                "tool \"t\": outputSchema ignored: not an object",
                "tool \"t\": title ignored: not a string",
            ],
        );
        fits_as(
            json!({"name": "t", "outputSchema": "x", "execution": {"taskSupport": 1}}),
            &json!({"name": "t", "execution": {}}),
            &[
                "tool \"t\": execution.taskSupport ignored: not a string",
                "tool \"t\": outputSchema ignored: not an object",
            ],
        );
    }

    #[test]
    fn a_member_of_annotations_or_an_icon_of_the_wrong_type_is_removed_alone() {
        fits_as(
            json!({"name": "t", "annotations": {"readOnlyHint": "yes", "destructiveHint": true,
                                                "openWorldHint": 0, "title": 7, "other": "kept"}}),
            &json!({"name": "t", "annotations": {"destructiveHint": true, "other": "kept"}}),
            &[
                "tool \"t\": annotations.openWorldHint ignored: not a boolean",
                "tool \"t\": annotations.readOnlyHint ignored: not a boolean",
                "tool \"t\": annotations.title ignored: not a string",
            ],
        );
        // a list of icons is absent when one of them is not an icon
        for icon in [
            json!({"src": 5}),
            json!("b"),
            json!(null),
            json!({"src": "c", "sizes": "48x48"}),
            json!({"src": "d", "sizes": [4]}),
            json!({"src": "e", "theme": "blue"}),
            json!({"src": "f", "mimeType": 1}),
        ] {
            fits_as(
                json!({"name": "t", "icons": [{"src": "a"}, icon]}),
                &json!({"name": "t"}),
                &["tool \"t\": icons ignored: not an array of icons"],
            );
        }
        let icons = json!({"name": "t", "icons": [{"src": "g", "theme": "light", "sizes": []}]});
        fits_as(icons.clone(), &icons, &[]);
    }

    #[test]
    fn a_tool_that_cannot_be_called_is_refused() {
        for (tool, why) in [
            (json!("t"), "it is not an object"),
            (json!(["t"]), "it is not an object"),
            (json!({"name": 42}), "its name is not a string"),
            (json!({"title": "no name"}), "its name is not a string"),
            (
                json!({"name": "t", "inputSchema": "x"}),
                "its inputSchema is not an object",
            ),
            (
                json!({"name": "t", "inputSchema": []}),
                "its inputSchema is not an object",
            ),
            (
                json!({"name": "t", "inputSchema": true}),
                "its inputSchema is not an object",
            ),
        ] {
            assert_eq!(fit_tool(&mut tool.clone()), Err(why), "{tool}");
        }
    }
}

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

use serde_json::Value;

/// The JSON type MCP gives a field.
#[derive(Clone, Copy)]
enum Type {
    String,
    Boolean,
    Object,
    /// An array of `Icon`s.
    Icons,
}

/// The optional fields MCP types, each by its path in the tool (`field` or `field.member`),
/// a field before its members.
const TYPED: [(&str, Type); 13] = [
    ("title", Type::String),
    ("description", Type::String),
    ("_meta", Type::Object),
    ("outputSchema", Type::Object),
    ("icons", Type::Icons),
    ("execution", Type::Object),
    ("execution.taskSupport", Type::String),
    ("annotations", Type::Object),
    ("annotations.title", Type::String),
    ("annotations.readOnlyHint", Type::Boolean),
    ("annotations.destructiveHint", Type::Boolean),
    ("annotations.idempotentHint", Type::Boolean),
    ("annotations.openWorldHint", Type::Boolean),
];

impl Type {
    /// What a value of this type is, as a warning says it, and whether `value` is one.
    fn check(self, value: &Value) -> (&'static str, bool) {
        match self {
            Type::String => ("a string", value.is_string()),
            Type::Boolean => ("a boolean", value.is_boolean()),
            Type::Object => ("an object", value.is_object()),
            Type::Icons => (
                "an array of icons",
                value
                    .as_array()
                    .is_some_and(|icons| icons.iter().all(is_icon)),
            ),
        }
    }
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

/// Holds listed tool `tool` to the types of MCP's `Tool`, in place: removes each field of the
/// wrong type (see the module's documentation), telling `warn` of each in a sentence that
/// names the tool and the field by its path (`annotations.readOnlyHint`). Nothing is
/// allocated for a tool of the right shape.
///
/// # Errors
///
/// Why the tool must be left out: it is not an object, its `name` is not a string, or its
/// `inputSchema` is neither absent, `null` nor an object.
pub(super) fn fit_tool(tool: &mut Value, warn: &dyn Fn(&str)) -> Result<(), &'static str> {
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
    for (path, expected) in TYPED {
        let (field, member) = path.split_once('.').unwrap_or((path, ""));
        let Some(mut value) = fields.get(field) else {
            continue;
        };
        if !member.is_empty() {
            match value.get(member) {
                Some(inner) => value = inner,
                None => continue,
            }
        }
        let (noun, fits) = expected.check(value);
        if fits || value.is_null() {
            continue;
        }
        let name = fields
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        warn(&format!(
            "tool {}: {path} ignored: not {noun}",
            crate::quoted(name)
        ));
        let parent = if member.is_empty() {
            Some(&mut *fields)
        } else {
            fields.get_mut(field).and_then(Value::as_object_mut)
        };
        if let Some(parent) = parent {
            parent.remove(if member.is_empty() { field } else { member });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::cell::RefCell;

    /// `tool` held to its types is `expected`, with the warnings `told`.
    fn fits_as(mut tool: Value, expected: &Value, told: &[&str]) {
        let warnings = RefCell::new(Vec::new());
        fit_tool(&mut tool, &|text| {
            warnings.borrow_mut().push(text.to_owned())
        })
        .unwrap();
        assert_eq!(&tool, expected);
        assert_eq!(*warnings.borrow(), told);
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
            &[
                "tool \"t\": title ignored: not a string",
                "tool \"t\": description ignored: not a string",
                "tool \"t\": _meta ignored: not an object",
                "tool \"t\": outputSchema ignored: not an object",
                "tool \"t\": icons ignored: not an array of icons",
                "tool \"t\": execution ignored: not an object",
                "tool \"t\": annotations ignored: not an object",
            ],
        );
        fits_as(
            json!({"name": "t", "outputSchema": "x", "execution": {"taskSupport": 1}}),
            &json!({"name": "t", "execution": {}}),
            &[
                "tool \"t\": outputSchema ignored: not an object",
                "tool \"t\": execution.taskSupport ignored: not a string",
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
                "tool \"t\": annotations.title ignored: not a string",
                "tool \"t\": annotations.readOnlyHint ignored: not a boolean",
                "tool \"t\": annotations.openWorldHint ignored: not a boolean",
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
            assert_eq!(fit_tool(&mut tool.clone(), &|_| ()), Err(why), "{tool}");
        }
    }
}

//! The JavaScript contract is written twice: in Rust (the types the adapter emits, its error
//! codes, the option names it reads) and by hand in `pkg-template/index.d.ts`. These tests
//! fail when the two disagree on an error code, an interrupt `type`, a field name of an
//! emitted shape, or an option name.
//!
//! The Rust side of each shape is the JSON `Serialize` gives for a sample with every optional
//! field present; where the adapter builds the shape through the type, the sample's
//! `into_json` (what the host really gets) must give the same JSON. (Interrupts are built as
//! JSON directly; the unit tests of `src/adapter/interrupt.rs` parse them back into the type.)
//! The option names come from `src/bindings/options.rs` (wasm-only, so read as text). The
//! declarations are read with a small parser of the TypeScript subset `index.d.ts` uses.
//!
//! The JavaScript layer (`pkg-template/adapter.js`, `langchain.js`, `auth.js`) writes error
//! codes and interrupt `type`s as string literals of its own: they must be declared too.
#![cfg(not(target_arch = "wasm32"))]

use mcp_wasm_adapter::adapter::{
    ApprovalInterrupt, ElicitationInterrupt, ElicitationMode, ElicitationRequest, GivenAnswer,
    Interrupt, McpToolFields, McpToolMetadata, ServerIdentity, ServerRef, TaskHandle, TaskState,
    ToolDescription, ToolMetadata,
};
use mcp_wasm_adapter::client::subscriptions::Filter;
use mcp_wasm_adapter::convert::{
    ContentBlock, DataBlock, PromptMessage, ResourceBody, ResourceContent, ResourceMetadata, Role,
    TextBlock, ToolArtifact, ToolResult, ToolStatus,
};
use mcp_wasm_adapter::ErrorCode;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// The declarations

/// `pkg-template/index.d.ts` without its comments.
fn declarations() -> String {
    strip_comments(&repository_file("pkg-template/index.d.ts"))
}

/// A file of the repository, as text.
fn repository_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// `text` without `/* … */` and `// …` comments (quoted strings are kept whole).
fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('*')) => {
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            ('/', Some('/')) => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('\'' | '"' | '`', _) => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Splits `text` at each `separator` outside brackets and quotes, trimmed, empty parts dropped.
/// `<`…`>` count as brackets, except the `>` of an arrow `=>`.
fn split_top(text: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut depth, mut start, mut quote, mut prev) = (Vec::new(), 0i32, 0, None, ' ');
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => quote = Some(c),
            (None, '{' | '(' | '[' | '<') => depth += 1,
            (None, '>') if prev == '=' => {}
            (None, '}' | ')' | ']' | '>') => depth -= 1,
            (None, _) if c == separator && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
        prev = c;
    }
    parts.push(text[start..].trim());
    parts.retain(|p| !p.is_empty());
    parts
}

/// The text between the bracket that opens at `text[open]` and its match.
fn bracketed(text: &str, open: usize) -> &str {
    let (opening, close) = match text.as_bytes()[open] {
        b'{' => ('{', '}'),
        b'(' => ('(', ')'),
        b'[' => ('[', ']'),
        other => panic!("no bracket at {open}: {}", other as char),
    };
    let mut depth = 0;
    for (i, c) in text[open..].char_indices() {
        if c == opening {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return &text[open + 1..open + i];
            }
        }
    }
    panic!("unbalanced bracket at {open}")
}

/// The members of `export interface NAME … { … }` (`NAME<…>` for a generic one).
fn interface(decl: &str, name: &str) -> Members {
    members_after(decl, &format!("export interface {name}"))
}

/// The members of `export declare class NAME … { … }` (`NAME<…>` for a generic one).
fn declared_class(decl: &str, name: &str) -> Members {
    members_after(decl, &format!("export declare class {name}"))
}

/// The members of the body (`{ … }`) that follows `head`, itself followed by a space or `<`.
fn members_after(decl: &str, head: &str) -> Members {
    let at = [' ', '<']
        .iter()
        .find_map(|next| decl.find(&format!("{head}{next}")))
        .unwrap_or_else(|| panic!("the declarations have no `{head}`"));
    let open = at + decl[at..].find('{').expect("a body");
    Members::parse(bracketed(decl, open))
}

/// The right-hand side of `export type NAME = …;`.
fn type_alias<'a>(decl: &'a str, name: &str) -> &'a str {
    let head = format!("export type {name} =");
    let at = decl
        .find(&head)
        .unwrap_or_else(|| panic!("index.d.ts has no type {name}"))
        + head.len();
    split_top(&decl[at..], ';')[0]
}

/// The single-quoted string literals of a union such as `'a' | 'b'`.
fn literals(union: &str) -> Vec<String> {
    split_top(union, '|')
        .iter()
        .map(|part| part.trim_matches('\'').to_string())
        .collect()
}

/// The members of an object type: properties (name → type text) and method names.
struct Members {
    properties: Vec<(String, String)>,
    methods: BTreeSet<String>,
}

impl Members {
    fn parse(body: &str) -> Members {
        let mut members = Members {
            properties: Vec::new(),
            methods: BTreeSet::new(),
        };
        for member in split_top(body, ';') {
            let member = member.strip_prefix("readonly ").unwrap_or(member);
            if member.starts_with('[') {
                continue; // an index signature
            }
            let name_end = member
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
                .unwrap_or(member.len());
            let (name, rest) = member.split_at(name_end);
            let rest = rest.strip_prefix('?').unwrap_or(rest).trim_start();
            if rest.starts_with('(') {
                members.methods.insert(name.to_string());
            } else {
                let ty = rest
                    .strip_prefix(':')
                    .unwrap_or_else(|| panic!("cannot read member {member:?}"));
                members
                    .properties
                    .push((name.to_string(), ty.trim().to_string()));
            }
        }
        members
    }

    /// The property names.
    fn names(&self) -> BTreeSet<String> {
        self.properties
            .iter()
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The type text of property `name`.
    fn ty(&self, name: &str) -> &str {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
            .unwrap_or_else(|| panic!("no property {name}"))
    }

    /// The members of property `name`, an inline object type (`{ … }`, possibly `| null`).
    fn object(&self, name: &str) -> Members {
        let ty = self.ty(name);
        let open = ty
            .find('{')
            .unwrap_or_else(|| panic!("{name} is not an object type: {ty}"));
        Members::parse(bracketed(ty, open))
    }
}

/// The object alternatives of a union type, each with its members.
fn object_alternatives(union: &str) -> Vec<Members> {
    split_top(union, '|')
        .iter()
        .filter(|alt| alt.starts_with('{'))
        .map(|alt| Members::parse(bracketed(alt, 0)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The Rust side

/// The JSON of `value` through `Serialize`, after checking that `into_json` gives the same.
fn json_of<T: Serialize>(value: &T, into_json: Value) -> Value {
    let serialized = serde_json::to_value(value).expect("serialize");
    assert_eq!(serialized, into_json, "Serialize and into_json disagree");
    serialized
}

fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn metadata() -> Map<String, Value> {
    json!({"uri": "x://a"}).as_object().cloned().unwrap()
}

fn server_ref() -> ServerRef {
    ServerRef {
        url: "http://127.0.0.1:1/mcp".into(),
        name: json!("srv"),
        version: json!("1.0"),
    }
}

fn elicitation() -> Interrupt {
    Interrupt::Elicitation(ElicitationInterrupt {
        tool_name: json!("confirm"),
        server: server_ref(),
        requests: vec![
            ElicitationRequest {
                key: "confirm".into(),
                message: "Really?".into(),
                mode: ElicitationMode::Form {
                    requested_schema: json!({"type": "object", "properties": {}}),
                    defaults: metadata(),
                },
            },
            ElicitationRequest {
                key: "login".into(),
                message: "Sign in".into(),
                mode: ElicitationMode::Url {
                    url: "https://a.example/".into(),
                },
            },
        ],
        method: "tools/call".into(),
        params: json!({"name": "confirm"}).as_object().cloned().unwrap(),
        request_state: Some("state".into()),
        input_responses: json!({"r": {"roots": []}}).as_object().cloned().unwrap(),
        round: 1,
        // (the handshake era's fields; an interrupt has either these or request_state)
        protocol_version: Some("2025-11-25".into()),
        answers: Some(vec![GivenAnswer {
            request: json!({"message": "First?", "mode": "url", "url": "https://a.example/"}),
            response: json!({"action": "accept"}),
        }]),
        open_call: Some(0),
        task: Some(task_state()),
        created_at: "2026-07-28T09:30:00.000Z".into(),
        signature: Some("v1.x".into()),
    })
}

fn task_state() -> TaskState {
    TaskState {
        task_id: "t1".into(),
        status: "input_required".into(),
        status_message: Some("step 1/2".into()),
        poll_interval_ms: Some(500),
        ttl_ms: None,
        args_digest: "0123456789abcdef".into(),
        answered: vec!["k".into()],
        created_at: "2026-07-28T09:30:00.000Z".into(),
        checked_at: "2026-07-28T09:30:01.000Z".into(),
        protocol_version: Some("2025-11-25".into()),
    }
}

fn task() -> Interrupt {
    Interrupt::Task(TaskHandle {
        tool_name: "build".into(),
        server: server_ref(),
        method: "tools/call".into(),
        task: task_state(),
        signature: Some("v1.x".into()),
    })
}

fn approval() -> Interrupt {
    Interrupt::Approval(ApprovalInterrupt {
        tool_name: "delete".into(),
        args: json!({}),
        server: server_ref(),
        metadata: Value::Null,
        method: "tools/call".into(),
        allowed_decisions: vec!["approve".into()],
        created_at: "2026-07-28T09:30:00.000Z".into(),
        signature: Some("v1.x".into()),
    })
}

fn blocks() -> Vec<ContentBlock> {
    let data = || DataBlock {
        data: "AAAA".into(),
        mime_type: "application/octet-stream".into(),
        metadata: metadata(),
    };
    vec![
        ContentBlock::Text(TextBlock {
            text: "t".into(),
            metadata: metadata(),
        }),
        ContentBlock::Image(data()),
        ContentBlock::Audio(data()),
        ContentBlock::Video(data()),
        ContentBlock::File(data()),
    ]
}

fn tool_description() -> ToolDescription {
    ToolDescription {
        name: "t".into(),
        title: Value::Null,
        description: String::new(),
        input_schema: json!({"type": "object"}),
        schema: json!({"type": "object", "properties": {}}),
        output_schema: Value::Null,
        metadata: ToolMetadata {
            mcp: McpToolMetadata {
                tool: McpToolFields {
                    annotations: json!({}),
                    meta: Value::Null,
                    title: Value::Null,
                    icons: Value::Null,
                },
                server: ServerIdentity {
                    name: json!("srv"),
                    version: json!("1.0"),
                },
                schema_warnings: vec!["kept verbatim".into()],
            },
        },
    }
}

// ---------------------------------------------------------------------------------------------
// The checks

#[test]
fn error_codes_are_the_same_in_rust_and_the_declarations() {
    let decl = declarations();
    let declared = literals(type_alias(&decl, "MCPErrorCode"));
    let rust: Vec<String> = ErrorCode::ALL
        .iter()
        .map(|c| c.as_str().to_string())
        .collect();
    assert_eq!(
        declared.iter().collect::<BTreeSet<_>>().len(),
        declared.len(),
        "a code declared twice: {declared:?}"
    );
    assert_eq!(
        declared.into_iter().collect::<BTreeSet<_>>(),
        rust.into_iter().collect::<BTreeSet<_>>(),
        "MCPErrorCode vs ErrorCode::ALL"
    );
}

#[test]
fn interrupt_types_and_fields_match() {
    let decl = declarations();
    assert_eq!(
        split_top(type_alias(&decl, "MCPInterrupt"), '|'),
        vec![
            "ElicitationInterrupt",
            "ApprovalInterrupt",
            "AuthorizationInterrupt",
            "TaskHandle"
        ]
    );
    // the sign-in interrupt is made by the auth module (OAuth runs in JavaScript): its type
    // is the one auth.d.ts declares
    let auth_decl = strip_comments(&repository_file("pkg-template/auth.d.ts"));
    let authorization = interface(&auth_decl, "AuthorizationInterrupt");
    assert_eq!(literals(authorization.ty("type")), ["mcp_authorization"]);
    assert!(repository_file("pkg-template/auth.js").contains("type: 'mcp_authorization'"));
    // a handle is the fields of an interrupt and its task's state (`extends TaskState`)
    let state = interface(&decl, "TaskState");
    assert!(
        decl.contains("interface TaskHandle extends TaskState {"),
        "TaskHandle extends TaskState"
    );
    for (interrupt, name) in [
        (elicitation(), "ElicitationInterrupt"),
        (approval(), "ApprovalInterrupt"),
        (task(), "TaskHandle"),
    ] {
        let json = serde_json::to_value(&interrupt).unwrap();
        let mut declared = interface(&decl, name);
        if name == "TaskHandle" {
            declared.properties.extend(state.properties.iter().cloned());
        }
        // the JS layer records the fingerprint of an approval's tool (controls.js `stamp`)
        let mut names = declared.names();
        if name == "ApprovalInterrupt" {
            assert!(names.remove("tool_fingerprint"), "{name}.tool_fingerprint");
        }
        assert_eq!(names, keys(&json), "{name}: fields");
        assert_eq!(
            literals(declared.ty("type")),
            vec![json["type"].as_str().unwrap().to_string()],
            "{name}: type"
        );
        assert_eq!(
            declared.object("server").names(),
            keys(&json["server"]),
            "{name}.server"
        );
    }

    let json = serde_json::to_value(elicitation()).unwrap();
    assert_eq!(
        state.names(),
        keys(&json["task"]),
        "ElicitationInterrupt.task"
    );
    let alternatives = object_alternatives(type_alias(&decl, "ElicitationRequest"));
    assert_eq!(alternatives.len(), 2);
    for request in json["requests"].as_array().unwrap() {
        let mode = request["mode"].as_str().unwrap();
        let declared = alternatives
            .iter()
            .find(|alt| literals(alt.ty("mode")) == [mode])
            .unwrap_or_else(|| panic!("no request of mode {mode}"));
        assert_eq!(
            declared.names(),
            keys(request),
            "ElicitationRequest of mode {mode}"
        );
    }
}

#[test]
fn tool_results_and_content_blocks_match() {
    let decl = declarations();
    let result = ToolResult {
        content: blocks(),
        artifact: Some(ToolArtifact {
            structured_content: Some(json!({"a": 1})),
            meta: Some(json!({"viewUUID": "v"})),
        }),
        status: ToolStatus::Error,
    };
    let json = json_of(&result, result.clone().into_json());
    let declared = interface(&decl, "ToolResult");
    assert_eq!(declared.names(), keys(&json), "ToolResult");
    // a result capped by the JS layer keeps its whole content beside (controls.js `capResult`)
    let mut artifact = declared.object("artifact").names();
    assert!(
        artifact.remove("full_content"),
        "ToolResult.artifact.full_content"
    );
    assert_eq!(artifact, keys(&json["artifact"]), "ToolResult.artifact");
    assert_eq!(literals(declared.ty("status")), ["success", "error"]);
    assert_eq!(
        literals(declared.ty("type")),
        [json["type"].as_str().unwrap()]
    );
    assert_eq!(
        [ToolStatus::Success.as_str(), ToolStatus::Error.as_str()],
        ["success", "error"]
    );

    let alternatives = object_alternatives(type_alias(&decl, "ContentBlock"));
    let mut declared_kinds = BTreeSet::new();
    for alternative in &alternatives {
        declared_kinds.extend(literals(alternative.ty("type")));
    }
    let rust_kinds: BTreeSet<String> = blocks().iter().map(|b| b.kind().to_string()).collect();
    assert_eq!(declared_kinds, rust_kinds, "ContentBlock types");
    for block in json["content"].as_array().unwrap() {
        let kind = block["type"].as_str().unwrap();
        let declared = alternatives
            .iter()
            .find(|alt| literals(alt.ty("type")).iter().any(|t| t == kind))
            .unwrap();
        assert_eq!(declared.names(), keys(block), "ContentBlock of type {kind}");
    }
}

#[test]
fn tool_descriptions_match() {
    let decl = declarations();
    let description = tool_description();
    let json = json_of(&description, description.clone().into_json());
    let declared = interface(&decl, "MCPTool");
    // the JS layer adds a tool's fingerprint (controls.js)
    let mut names = declared.names();
    assert!(names.remove("fingerprint"), "MCPTool.fingerprint");
    assert_eq!(names, keys(&json), "MCPTool");
    assert_eq!(
        declared.methods,
        set(&["invoke"]),
        "MCPTool methods (added by the JS layer)"
    );
    assert_eq!(declared.ty("metadata"), "MCPToolMetadata");
    let metadata = interface(&decl, "MCPToolMetadata");
    assert_eq!(metadata.names(), keys(&json["metadata"]), "MCPToolMetadata");
    let mcp = metadata.object("mcp");
    // an MCP App's `ui` is read from the tool's `_meta` by the JS layer (apps.js)
    let mut core = mcp.names();
    assert!(core.remove("ui"), "MCPToolMetadata.mcp.ui");
    assert_eq!(core, keys(&json["metadata"]["mcp"]), "MCPToolMetadata.mcp");
    assert_eq!(
        mcp.object("tool").names(),
        keys(&json["metadata"]["mcp"]["tool"]),
        "MCPToolMetadata.mcp.tool"
    );
    assert_eq!(
        mcp.object("server").names(),
        keys(&json["metadata"]["mcp"]["server"]),
        "MCPToolMetadata.mcp.server"
    );
}

#[test]
fn resource_contents_and_prompt_messages_match() {
    let decl = declarations();
    let declared = interface(&decl, "ResourceContent");
    let mut rust = BTreeSet::new();
    for body in [
        ResourceBody::Text("t".into()),
        ResourceBody::Data("AAAA".into()),
    ] {
        let content = ResourceContent {
            body,
            mime_type: "text/plain".into(),
            metadata: ResourceMetadata {
                uri: "x://a".into(),
                rest: json!({"_meta": {}}).as_object().cloned().unwrap(),
            },
        };
        let json = json_of(&content, content.clone().into_json());
        assert_eq!(json["metadata"]["uri"], "x://a");
        rust.extend(keys(&json));
    }
    // `uri` is copied from `metadata.uri` by the JS layer (pkg-template/adapter.js)
    let mut expected = rust;
    expected.insert("uri".into());
    assert_eq!(declared.names(), expected, "ResourceContent");
    assert_eq!(
        declared.object("metadata").names(),
        set(&["uri"]),
        "ResourceContent.metadata"
    );

    let message = PromptMessage {
        role: Role::Assistant,
        content: blocks(),
    };
    let json = json_of(&message, message.clone().into_json());
    let declared = interface(&decl, "PromptMessage");
    assert_eq!(declared.names(), keys(&json), "PromptMessage");
    assert_eq!(
        literals(declared.ty("role")),
        [Role::User.as_str(), Role::Assistant.as_str()]
    );
}

#[test]
fn subscription_filter_fields_match() {
    let filter = Filter {
        tools_list_changed: true,
        prompts_list_changed: true,
        resources_list_changed: true,
        resource_subscriptions: vec!["x://a".into()],
    };
    assert_eq!(
        interface(&declarations(), "SubscriptionFilter").names(),
        keys(&filter.to_json()),
        "SubscriptionFilter"
    );
}

// ---------------------------------------------------------------------------------------------
// Option names

/// Options the JavaScript layer handles itself (`pkg-template/adapter.js` reads them before
/// the rest reach the core): `auth`, whose provider wraps the `fetch` of every request;
/// `interceptors`, which wrap every tool call (`pkg-template/interceptors.js`);
/// `interruptKey`, the key interrupts are signed with (`pkg-template/signing.js`);
/// `handleToolErrors` and `validateOutput`, applied to tool results (`pkg-template/results.js`);
/// the agent controls of `pkg-template/controls.js` (tool filters, fingerprints and pins,
/// definitions, result caps, trace context), which controls.js reads by name (its `OPTIONS`).
const JS_ADAPTER_OPTIONS: &[&str] = &[
    "auth",
    "interceptors",
    "interruptKey",
    "handleToolErrors",
    "validateOutput",
    "allowTools",
    "blockTools",
    "pinTools",
    "onToolsChanged",
    "definitions",
    "traceContext",
    "maxResultChars",
    "maxResultMedia",
];

/// `src/bindings/options.rs`, without comments.
fn options_source() -> String {
    strip_comments(&repository_file("src/bindings/options.rs"))
}

/// The string literals of `const NAME: … = [ … ];` (or `&[ … ]`).
fn const_list(source: &str, name: &str) -> Vec<String> {
    let at = source
        .find(&format!("const {name}:"))
        .unwrap_or_else(|| panic!("options.rs has no const {name}"));
    let value = at + source[at..].find("= ").expect("const = value");
    let open = value + source[value..].find('[').expect("a list");
    split_top(bracketed(source, open), ',')
        .iter()
        .map(|s| s.trim_matches('"').to_string())
        .collect()
}

/// The option names `source` reads from `receiver` (`(options, "name")` / `(call, "name")`, as
/// the arguments of `option` or `optional_*`), in order.
fn reads(source: &str, receiver: &str) -> Vec<String> {
    let pattern = format!("({receiver}, \"");
    source
        .match_indices(&pattern)
        .map(|(at, _)| {
            let rest = &source[at + pattern.len()..];
            rest[..rest.find('"').expect("closing quote")].to_string()
        })
        .collect()
}

#[test]
fn option_names_match_and_are_what_the_parser_reads() {
    let (source, decl) = (options_source(), declarations());
    for (list, receiver, interface_name) in [
        ("ADAPTER_OPTIONS", "options", "MCPAdapterOptions"),
        ("CALL_OPTIONS", "call", "CallOptions"),
    ] {
        let names = const_list(&source, list);
        let js_only: &[&str] = if list == "ADAPTER_OPTIONS" {
            JS_ADAPTER_OPTIONS
        } else {
            &[]
        };
        assert_eq!(
            names
                .iter()
                .cloned()
                .chain(js_only.iter().map(|n| n.to_string()))
                .collect::<BTreeSet<_>>(),
            interface(&decl, interface_name).names(),
            "{list} (and the options the JS layer handles) vs {interface_name}"
        );
        assert_eq!(
            reads(&source, receiver),
            names,
            "{list}: what options.rs reads from `{receiver}`, in order, each once"
        );
        assert!(
            !source.contains(&format!("get({receiver},")),
            "options.rs reads `{receiver}` without `option`"
        );
    }
    let adapter_js = repository_file("pkg-template/adapter.js");
    let controls_js = repository_file("pkg-template/controls.js");
    for name in JS_ADAPTER_OPTIONS {
        assert!(
            adapter_js.contains(&format!("options?.{name}"))
                || adapter_js.contains(&format!("'{name}'"))
                || controls_js.contains(&format!("'{name}'")),
            "neither adapter.js nor controls.js reads option {name}"
        );
    }
    assert_eq!(
        const_list(&source, "LOG_LEVELS"),
        literals(type_alias(&decl, "LoggingLevel")),
        "LOG_LEVELS vs LoggingLevel"
    );
}

#[test]
fn the_parser_reads_what_it_should() {
    let members = Members::parse(
        "readonly a: string; b?: { c: 1; d?: (x: number) => void }; e(): Promise<{ f: 1; g: 2 }>; [key: string]: unknown; h: 'x' | 'y'",
    );
    assert_eq!(members.names(), set(&["a", "b", "h"]));
    assert_eq!(members.methods, set(&["e"]));
    assert_eq!(members.object("b").names(), set(&["c", "d"]));
    assert_eq!(literals(members.ty("h")), ["x", "y"]);
    assert_eq!(
        strip_comments("a /* x; */ b // y\nc 'https://z'"),
        "a   b \nc 'https://z'"
    );
    assert_eq!(
        reads(
            "f(options, \"a\"); g(call, \"b\"); h(&option(options, \"c\"))",
            "options"
        ),
        ["a", "c"]
    );
}

// ---------------------------------------------------------------------------------------------
// The JavaScript layer's literals

/// The JavaScript files that write error codes and interrupt `type`s of their own.
const JS_FILES: [&str; 9] = [
    "pkg-template/adapter.js",
    "pkg-template/langchain.js",
    "pkg-template/auth.js",
    "pkg-template/group.js",
    "pkg-template/interceptors.js",
    "pkg-template/results.js",
    "pkg-template/signing.js",
    "pkg-template/apps.js",
    "pkg-template/controls.js",
];

/// Where a JavaScript file writes an error code: the literal follows one of these
/// (`adapterError` makes the `MCPAdapterError`s of `signing.js`, and of `controls.js`, given the
/// class).
const JS_CODE_MARKERS: [&str; 6] = [
    "MCPAdapterError('",
    "adapterError('",
    "MCPAdapterError, '",
    "MCPAuthError('",
    ".code === '",
    ".code !== '",
];

/// Single-quoted `'mcp_…'` literals of the JavaScript files that are not interrupt types:
/// the names of the LangGraph tasks that record an exchange and an approved send (`langchain.js`).
const JS_OTHER_MCP_NAMES: [&str; 2] = ["mcp_exchange", "mcp_sending"];

/// The single-quoted literals that start right after each `marker` in `source` (a marker
/// ends with the opening quote), less those compared with a `typeof` (`typeof x.code ===
/// 'string'` names a type, not a code).
fn literals_after(source: &str, marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in source.match_indices(marker) {
        let operand =
            source[..at].trim_end_matches(|c: char| c.is_alphanumeric() || "_$?.".contains(c));
        if operand.ends_with("typeof ") {
            continue;
        }
        let rest = &source[at + marker.len()..];
        found.push(rest[..rest.find('\'').expect("closing quote")].to_string());
    }
    found
}

/// The error codes a JavaScript file writes, each with the marker it followed.
fn js_error_codes(source: &str) -> Vec<(String, &'static str)> {
    let mut found = Vec::new();
    for marker in JS_CODE_MARKERS {
        for code in literals_after(source, marker) {
            found.push((code, marker));
        }
    }
    found
}

#[test]
fn error_codes_the_javascript_layer_writes_are_declared() {
    let rust: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let auth_decl = strip_comments(&repository_file("pkg-template/auth.d.ts"));
    let auth_codes = literals(declared_class(&auth_decl, "MCPAuthError").ty("code"));
    for file in JS_FILES {
        let codes = js_error_codes(&repository_file(file));
        // adapter.js and auth.js throw their own errors: a check that finds none there has
        // lost track of how they are written
        assert!(
            !codes.is_empty() || file.ends_with("langchain.js"),
            "{file}: no error code found; has the way it throws changed?"
        );
        for (code, marker) in codes {
            let declared = rust.contains(code.as_str())
                || (file.ends_with("auth.js") && auth_codes.contains(&code));
            assert!(
                declared,
                "{file}: error code '{code}' (after `{marker}`) is not in ErrorCode::ALL{}",
                if file.ends_with("auth.js") {
                    " nor MCPAuthError's codes in auth.d.ts"
                } else {
                    ""
                }
            );
        }
    }
    // and what auth.d.ts declares is what the core can say or auth.js throws
    for code in &auth_codes {
        assert!(
            rust.contains(code.as_str()),
            "auth.d.ts: MCPAuthError code '{code}' is not in ErrorCode::ALL"
        );
    }
}

#[test]
fn interrupt_types_the_javascript_layer_writes_are_declared() {
    let decl = declarations();
    let auth_decl = strip_comments(&repository_file("pkg-template/auth.d.ts"));
    let mut declared = BTreeSet::new();
    for (decl, name) in [
        (&decl, "ElicitationInterrupt"),
        (&decl, "ApprovalInterrupt"),
        (&auth_decl, "AuthorizationInterrupt"),
        (&decl, "TaskHandle"),
    ] {
        declared.extend(literals(interface(decl, name).ty("type")));
    }
    let mut seen = BTreeSet::new();
    for file in JS_FILES {
        for name in literals_after(&repository_file(file), "'mcp_") {
            let name = format!("mcp_{name}");
            if JS_OTHER_MCP_NAMES.contains(&name.as_str()) {
                continue;
            }
            assert!(
                declared.contains(&name),
                "{file}: interrupt type '{name}' is not declared (declared: {declared:?})"
            );
            seen.insert(name);
        }
    }
    assert_eq!(
        seen, declared,
        "the JavaScript layer no longer names every interrupt type"
    );
}

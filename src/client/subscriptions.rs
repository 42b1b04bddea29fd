//! Server-pushed change notifications: `subscriptions/listen` at 2026-07-28 (MCP 2026-07-28,
//! `basic/patterns/subscriptions.mdx`, `schema.ts` `SubscriptionsListenRequest`;
//! <https://modelcontextprotocol.io/specification/2026-07-28>), and the standalone GET event
//! stream of a handshake-era session (MCP 2025-11-25, `basic/transports.mdx` "Listening for
//! Messages from the Server", with `resources/subscribe` for resource updates).
//!
//! [`Client::listen`] opens the stream and checks its start; [`Subscription::next`] then
//! yields one notification at a time, for as long as the host keeps reading. The stream is
//! read by whoever owns the [`Subscription`] (the wasm bindings drive it from a task of its
//! own, so other calls are never blocked); dropping it closes the stream, which is how a
//! client ends a subscription.
//!
//! Sessionless (2026-07-28):
//! 1. only kinds the server advertised are asked for (`tools.listChanged`,
//!    `prompts.listChanged`, `resources.listChanged`, `resources.subscribe`); when none is
//!    left the call fails with [`ErrorCode::NotSupported`] before anything is sent;
//! 2. the first message must be `notifications/subscriptions/acknowledged` carrying the
//!    listen request's id in `_meta["io.modelcontextprotocol/subscriptionId"]`; what it
//!    honours is the [`Subscription::acknowledged`] filter (an empty one is `NotSupported`);
//!    a JSON-RPC error instead (e.g. `-32601`) is `NotSupported` too;
//! 3. notifications follow, each tagged with that id (others are skipped); the server ends
//!    the subscription with a result for the listen request, or a `notifications/cancelled`
//!    naming it: both are a graceful end (the spec disagrees with itself here:
//!    `basic/patterns/subscriptions.mdx` says the server SHOULD send the result,
//!    `basic/patterns/cancellation.mdx` that it MUST send the notification).
//!
//! Handshake era: the session's GET stream (`Accept: text/event-stream`); a server that
//! offers none (405, ...) is `NotSupported`. Server requests arriving there (`ping`,
//! elicitation) are answered as on any response stream. The acknowledged filter is what
//! the server advertised; resource subscriptions are made with `resources/subscribe`.

use super::handshake::Session;
use super::resources::{is_within, not_supported};
use super::{base_headers, Client, Era, RequestOptions};
use crate::error::{snippet, Error, ErrorCode, Result};
use crate::protocol::headers;
use crate::protocol::jsonrpc::{self, Id, Incoming};
use crate::protocol::meta::RequestMeta;
use crate::protocol::notifications::{
    CANCELLED, PROMPTS_LIST_CHANGED, RESOURCES_LIST_CHANGED, RESOURCES_UPDATED, TOOLS_LIST_CHANGED,
};
use crate::transport::{ResponseItem, ResponseReader};
use serde_json::{Map, Value};
use std::rc::Rc;

/// `_meta` key naming the listen request a notification belongs to.
pub const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";
/// Method of the acknowledgement that opens a listen stream.
pub const ACKNOWLEDGED: &str = "notifications/subscriptions/acknowledged";
/// Most resource URIs one subscription may name.
pub const MAX_RESOURCE_SUBSCRIPTIONS: usize = 1000;

/// The notifications a subscription delivers.
pub const DELIVERED: &[&str] = &[
    TOOLS_LIST_CHANGED,
    PROMPTS_LIST_CHANGED,
    RESOURCES_LIST_CHANGED,
    RESOURCES_UPDATED,
];

/// What to listen for (`SubscriptionFilter`; every member opt-in).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// `notifications/tools/list_changed`.
    pub tools_list_changed: bool,
    /// `notifications/prompts/list_changed`.
    pub prompts_list_changed: bool,
    /// `notifications/resources/list_changed`.
    pub resources_list_changed: bool,
    /// `notifications/resources/updated` for these URIs.
    pub resource_subscriptions: Vec<String>,
}

impl Filter {
    /// Reads the host's filter `{toolsListChanged?: boolean, promptsListChanged?: boolean,
    /// resourcesListChanged?: boolean, resourceSubscriptions?: string[]}` (the wire shape).
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`] for another shape, or more than
    /// [`MAX_RESOURCE_SUBSCRIPTIONS`] URIs.
    pub fn from_json(value: &Value) -> Result<Filter> {
        let invalid = |m: &str| Error::new(ErrorCode::InvalidArgument, format!("subscribe: {m}"));
        let Some(obj) = value.as_object() else {
            return Err(invalid(
                "the filter must be an object like {toolsListChanged: true}",
            ));
        };
        let flag = |key: &str| match obj.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(invalid(&format!("{key} must be a boolean"))),
        };
        let resource_subscriptions =
            match obj.get("resourceSubscriptions") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(uris)) => {
                    let mut list = Vec::new();
                    for uri in uris {
                        match uri.as_str() {
                            Some(uri) if !uri.is_empty() => list.push(uri.to_string()),
                            _ => return Err(invalid(
                                "resourceSubscriptions must be an array of non-empty URI strings",
                            )),
                        }
                    }
                    list
                }
                Some(_) => {
                    return Err(invalid(
                        "resourceSubscriptions must be an array of URI strings",
                    ))
                }
            };
        if resource_subscriptions.len() > MAX_RESOURCE_SUBSCRIPTIONS {
            return Err(invalid(&format!(
                "at most {MAX_RESOURCE_SUBSCRIPTIONS} resourceSubscriptions"
            )));
        }
        Ok(Filter {
            tools_list_changed: flag("toolsListChanged")?,
            prompts_list_changed: flag("promptsListChanged")?,
            resources_list_changed: flag("resourcesListChanged")?,
            resource_subscriptions,
        })
    }

    /// The wire shape, with only what is asked for.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        for (key, on) in [
            ("toolsListChanged", self.tools_list_changed),
            ("promptsListChanged", self.prompts_list_changed),
            ("resourcesListChanged", self.resources_list_changed),
        ] {
            if on {
                out.insert(key.into(), Value::Bool(true));
            }
        }
        if !self.resource_subscriptions.is_empty() {
            crate::put(
                &mut out,
                "resourceSubscriptions",
                Value::from(self.resource_subscriptions.clone()),
            );
        }
        Value::Object(out)
    }

    /// Whether nothing is asked for.
    pub fn is_empty(&self) -> bool {
        !self.tools_list_changed
            && !self.prompts_list_changed
            && !self.resources_list_changed
            && self.resource_subscriptions.is_empty()
    }

    /// The part of this filter the server's `capabilities` advertise (`tools.listChanged`,
    /// `prompts.listChanged`, `resources.listChanged`, `resources.subscribe` must be `true`).
    pub fn advertised(&self, capabilities: &Value) -> Filter {
        let on = |area: &str, bit: &str| {
            capabilities
                .get(area)
                .and_then(|a| a.get(bit))
                .and_then(Value::as_bool)
                == Some(true)
        };
        Filter {
            tools_list_changed: self.tools_list_changed && on("tools", "listChanged"),
            prompts_list_changed: self.prompts_list_changed && on("prompts", "listChanged"),
            resources_list_changed: self.resources_list_changed && on("resources", "listChanged"),
            resource_subscriptions: if on("resources", "subscribe") {
                self.resource_subscriptions.clone()
            } else {
                Vec::new()
            },
        }
    }

    /// The part of this filter an acknowledgement's `notifications` honours.
    pub fn honoured_by(&self, ack: &Value) -> Filter {
        let on = |key: &str| ack.get(key).and_then(Value::as_bool) == Some(true);
        let acked = ack.get("resourceSubscriptions").and_then(Value::as_array);
        let mut resource_subscriptions = Vec::new();
        for uri in &self.resource_subscriptions {
            if acked.is_some_and(|a| a.iter().any(|u| u.as_str() == Some(uri.as_str()))) {
                resource_subscriptions.push(uri.clone());
            }
        }
        Filter {
            tools_list_changed: self.tools_list_changed && on("toolsListChanged"),
            prompts_list_changed: self.prompts_list_changed && on("promptsListChanged"),
            resources_list_changed: self.resources_list_changed && on("resourcesListChanged"),
            resource_subscriptions,
        }
    }

    /// Whether a notification is one this filter asks for: the list-changed kinds it has on,
    /// and `resources/updated` for one of its URIs or a resource below one (`{uri}/…`,
    /// `{uri}#…`, `{uri}?…`).
    pub fn covers(&self, method: &str, params: &Value) -> bool {
        match method {
            TOOLS_LIST_CHANGED => self.tools_list_changed,
            PROMPTS_LIST_CHANGED => self.prompts_list_changed,
            RESOURCES_LIST_CHANGED => self.resources_list_changed,
            RESOURCES_UPDATED => {
                let Some(uri) = params.get("uri").and_then(Value::as_str) else {
                    return false;
                };
                self.resource_subscriptions
                    .iter()
                    .any(|s| is_within(uri, s))
            }
            _ => false,
        }
    }

    /// A short description of what is asked for, for messages.
    fn describe(&self) -> String {
        snippet(&crate::json_text(&self.to_json()), 200)
    }
}

/// An open subscription (see the module docs). Dropping it closes the stream.
pub struct Subscription {
    reader: ResponseReader,
    /// The listen request's id (sessionless), or `None` on a handshake-era GET stream.
    id: Option<Id>,
    session: Option<Rc<Session>>,
    requested: Filter,
    acknowledged: Filter,
    done: bool,
}

/// One notification of a subscription: `method` (one of [`DELIVERED`]) and its `params`
/// (`{uri, _meta?}` for `resources/updated`, `{_meta?}` otherwise).
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    /// E.g. `"notifications/tools/list_changed"`.
    pub method: String,
    /// The notification's params (`Null` when it had none).
    pub params: Value,
}

impl Client {
    /// Opens a subscription for `filter` (see the module docs for both eras).
    ///
    /// `opts.context` bounds the opening (and, in the wasm build, carries the signal that
    /// closes the stream): give the exchange no timeout that would cut a long-lived stream.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`] for an empty filter; [`ErrorCode::NotSupported`]
    /// when the server advertises none of what is asked, refuses the request (`-32601`),
    /// acknowledges nothing, or (handshake era) offers no GET stream;
    /// [`ErrorCode::InvalidMessage`] when the stream does not start with the
    /// acknowledgement of this request; transport errors.
    pub async fn listen(&self, filter: &Filter, opts: &RequestOptions) -> Result<Subscription> {
        if filter.is_empty() {
            return Err(Error::new(
                ErrorCode::InvalidArgument,
                "subscribe: ask for at least one of toolsListChanged, promptsListChanged, resourcesListChanged, resourceSubscriptions",
            ));
        }
        let era = self.ensure_ready(opts).await?;
        let capabilities = self
            .server()
            .map(|s| s.capabilities.clone())
            .unwrap_or(Value::Null);
        let wanted = filter.advertised(&capabilities);
        if wanted.is_empty() {
            return Err(Error::new(
                ErrorCode::NotSupported,
                format!(
                    "the server advertises none of the notifications asked for ({}); its capabilities are {}",
                    filter.describe(),
                    snippet(&crate::json_text(&capabilities), 200)
                ),
            ));
        }
        if wanted != *filter {
            self.warn(&format!(
                "subscribe: the server does not advertise everything asked for; listening for {}",
                wanted.describe()
            ));
        }
        match era {
            Era::Modern(version) => self.listen_modern(version, filter, wanted, opts).await,
            Era::Handshake(session) => self.listen_handshake(session, filter, wanted, opts).await,
        }
    }

    async fn listen_modern(
        &self,
        version: &str,
        requested: &Filter,
        wanted: Filter,
        opts: &RequestOptions,
    ) -> Result<Subscription> {
        let id = self.take_id();
        let meta = RequestMeta {
            protocol_version: Some(version),
            client_capabilities: Some(self.modern_capabilities()),
            client_info: Some(&self.config.client_info),
            progress_token: None,
            log_level: None,
            idempotency_key: None,
            trace: None,
        };
        let mut params = Map::new();
        crate::put(&mut params, "notifications", wanted.to_json());
        let mut header_list = base_headers();
        header_list.extend(headers::standard(version, "subscriptions/listen", &params));
        let body =
            jsonrpc::request_with_meta(id, "subscriptions/listen", Some(&params), Some(&meta));
        let response = self
            .send("POST", header_list, body, opts.context.clone(), true)
            .await?;
        let mut reader = ResponseReader::new(response, id, &self.config.limits);
        let status = reader.status();
        let refused = |e: Error| not_supported(e, "subscriptions/listen");
        let ack = loop {
            match reader.next(None).await.map_err(refused)? {
                ResponseItem::Message(Incoming::Notification { method, params })
                    if method == ACKNOWLEDGED =>
                {
                    break params
                }
                ResponseItem::Message(Incoming::Notification { method, .. }) => {
                    return Err(Error::new(
                        ErrorCode::InvalidMessage,
                        format!(
                            "subscriptions/listen: the stream began with {}, not {}",
                            crate::quoted(&method),
                            crate::quoted(ACKNOWLEDGED)
                        ),
                    )
                    .with_status(status))
                }
                ResponseItem::Message(_) => continue,
                ResponseItem::Reply(reply) => {
                    return Err(match reply.outcome {
                        Err(rpc) => refused(Error::rpc(rpc).with_status(status)),
                        Ok(_) => Error::new(
                            ErrorCode::InvalidMessage,
                            "subscriptions/listen ended before it was acknowledged",
                        )
                        .with_status(status),
                    })
                }
            }
        };
        if let Some(tag) = ack.get("_meta").and_then(|m| m.get(SUBSCRIPTION_ID)) {
            if !jsonrpc::id_matches(tag, id) {
                return Err(Error::new(
                    ErrorCode::InvalidMessage,
                    format!(
                        "subscriptions/listen: the acknowledgement names subscription {}, not {id}",
                        crate::json_text(tag)
                    ),
                ));
            }
        }
        let acknowledged = wanted.honoured_by(ack.get("notifications").unwrap_or(&Value::Null));
        if acknowledged.is_empty() {
            return Err(Error::new(
                ErrorCode::NotSupported,
                format!(
                    "the server acknowledged none of the notifications asked for ({})",
                    wanted.describe()
                ),
            ));
        }
        if acknowledged != wanted {
            self.warn(&format!(
                "subscribe: the server honours only {}",
                acknowledged.describe()
            ));
        }
        Ok(Subscription {
            reader,
            id: Some(id),
            session: None,
            requested: requested.clone(),
            acknowledged,
            done: false,
        })
    }

    async fn listen_handshake(
        &self,
        session: Rc<Session>,
        requested: &Filter,
        wanted: Filter,
        opts: &RequestOptions,
    ) -> Result<Subscription> {
        let response = self.get_event_stream(&session, None, opts).await?;
        let reader = ResponseReader::new(response, 0, &self.config.limits);
        for uri in &wanted.resource_subscriptions {
            let mut params = Map::new();
            crate::put(&mut params, "uri", Value::String(uri.clone()));
            self.request("resources/subscribe", Some(&params), opts)
                .await?;
        }
        Ok(Subscription {
            reader,
            id: None,
            session: Some(session),
            requested: requested.clone(),
            acknowledged: wanted,
            done: false,
        })
    }

    /// Ends handshake-era resource subscriptions (`resources/unsubscribe` for each uri);
    /// nothing to do for a sessionless subscription, whose end is the stream's close.
    /// Failures are ignored: the session may be gone already.
    pub async fn unsubscribe(&self, subscription: &Subscription, opts: &RequestOptions) {
        if subscription.session.is_none() {
            return;
        }
        for uri in &subscription.acknowledged.resource_subscriptions {
            let mut params = Map::new();
            crate::put(&mut params, "uri", Value::String(uri.clone()));
            let _ = self
                .request("resources/unsubscribe", Some(&params), opts)
                .await;
        }
    }
}

impl std::fmt::Debug for Subscription {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subscription")
            .field("id", &self.id)
            .field("acknowledged", &self.acknowledged)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl Subscription {
    /// What was asked for.
    pub fn requested(&self) -> &Filter {
        &self.requested
    }

    /// What the server agreed to deliver (sessionless: its acknowledgement; handshake era:
    /// what it advertised).
    pub fn acknowledged(&self) -> &Filter {
        &self.acknowledged
    }

    /// The JSON-RPC id of the listen request (the subscription id), sessionless only.
    pub fn id(&self) -> Option<Id> {
        self.id
    }

    /// The next notification, or `None` when the server ended the subscription gracefully
    /// (a result for the listen request, or `notifications/cancelled` naming it). Handshake
    /// era: server requests on the stream are answered through `client` meanwhile.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::StreamEnded`] when the stream closed without that end (the
    /// client may subscribe again); a JSON-RPC error answering the listen request; the
    /// stream's own errors (`aborted` once the host closed it, `body_too_large` past
    /// `maxResponseBytes` in all). After `None` or an error the subscription is spent.
    pub async fn next(
        &mut self,
        client: &Client,
        opts: &RequestOptions,
    ) -> Result<Option<Notification>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let item = match self.reader.next(None).await {
                Ok(item) => item,
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            };
            match item {
                ResponseItem::Reply(reply) => {
                    self.done = true;
                    return match reply.outcome {
                        Ok(_) => Ok(None),
                        Err(rpc) => Err(Error::rpc(rpc).with_status(reply.status)),
                    };
                }
                ResponseItem::Message(Incoming::Request { id, method, params }) => {
                    if let Some(session) = &self.session {
                        // a handler cut off by the listener's signal: the stream is closing
                        let request = (id, method.as_str(), params);
                        let _ = client
                            .answer_server_request(session, request, None, opts)
                            .await;
                    }
                }
                ResponseItem::Message(Incoming::Response { .. }) => {}
                ResponseItem::Message(Incoming::Notification { method, params }) => {
                    if method == CANCELLED {
                        let ours = self.id.is_some_and(|id| {
                            params
                                .get("requestId")
                                .is_some_and(|r| jsonrpc::id_matches(r, id))
                        });
                        if ours {
                            self.done = true;
                            return Ok(None);
                        }
                        continue;
                    }
                    if !DELIVERED.contains(&method.as_str()) {
                        // e.g. log messages on a handshake-era stream: to the client's handlers
                        // with no progress token: this stream asked for no progress
                        for handler in client.config.on_notification.iter() {
                            handler(&method, &params, None);
                        }
                        continue;
                    }
                    if !self.acknowledged.covers(&method, &params) {
                        continue; // not asked for (handshake-era streams carry everything)
                    }
                    let tag = params.get("_meta").and_then(|m| m.get(SUBSCRIPTION_ID));
                    if let (Some(id), Some(tag)) = (self.id, tag) {
                        if !jsonrpc::id_matches(tag, id) {
                            continue; // another subscription's
                        }
                    }
                    return Ok(Some(Notification { method, params }));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, sse_reply, status, Canned, Scripted};
    use crate::client::{ClientConfig, ProtocolMode};
    use futures_executor::block_on;
    use serde_json::json;

    fn discover(capabilities: Value) -> Canned {
        json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":capabilities}}),
        )
    }

    /// The listen request's id in these scripts: the discovery takes 1, the first listen 2.
    const LISTEN: u64 = 2;

    fn ack(notifications: Value) -> Value {
        json!({"jsonrpc":"2.0","method":ACKNOWLEDGED,"params":{"_meta":{SUBSCRIPTION_ID: LISTEN},"notifications":notifications}})
    }

    fn tagged(method: &str, params: Value) -> Value {
        let mut params = params;
        params["_meta"] = json!({SUBSCRIPTION_ID: LISTEN});
        json!({"jsonrpc":"2.0","method":method,"params":params})
    }

    fn all() -> Filter {
        Filter::from_json(
            &json!({"toolsListChanged": true, "promptsListChanged": true, "resourcesListChanged": true, "resourceSubscriptions": ["x://a"]}),
        )
        .unwrap()
    }

    #[test]
    fn filters_read_and_narrow() {
        assert_eq!(
            Filter::from_json(&json!({"toolsListChanged": "yes"}))
                .unwrap_err()
                .code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            Filter::from_json(&json!({"resourceSubscriptions": [1]}))
                .unwrap_err()
                .code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            Filter::from_json(&json!(true)).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        let f = all();
        assert_eq!(
            f.to_json(),
            json!({"toolsListChanged": true, "promptsListChanged": true, "resourcesListChanged": true, "resourceSubscriptions": ["x://a"]})
        );
        let caps = json!({"tools": {"listChanged": true}, "resources": {"subscribe": true, "listChanged": false}});
        assert_eq!(
            f.advertised(&caps).to_json(),
            json!({"toolsListChanged": true, "resourceSubscriptions": ["x://a"]})
        );
        assert_eq!(
            f.honoured_by(&json!({"promptsListChanged": true, "resourceSubscriptions": ["x://b"]}))
                .to_json(),
            json!({"promptsListChanged": true})
        );
        let narrow = f.advertised(&caps);
        assert!(narrow.covers("notifications/tools/list_changed", &Value::Null));
        assert!(!narrow.covers("notifications/prompts/list_changed", &Value::Null));
        assert!(narrow.covers(
            "notifications/resources/updated",
            &json!({"uri": "x://a/part"})
        ));
        assert!(!narrow.covers("notifications/resources/updated", &json!({"uri": "x://ab"})));
        assert!(!narrow.covers("notifications/message", &json!({})));
    }

    #[test]
    fn listens_checks_the_acknowledgement_and_delivers_notifications() {
        let warnings = Rc::new(std::cell::RefCell::new(Vec::new()));
        let sink = warnings.clone();
        let (client, script) = Scripted::client_with(ClientConfig {
            on_warning: Some(Rc::new(move |w: &str| {
                sink.borrow_mut().push(w.to_string())
            })),
            ..ClientConfig::default()
        });
        script.push(discover(json!({"tools": {"listChanged": true}, "resources": {"subscribe": true, "listChanged": true}})));
        script.push(sse_reply(&[
            ack(json!({"toolsListChanged": true, "resourceSubscriptions": ["x://a"]})),
            json!({"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}),
            tagged("notifications/tools/list_changed", json!({})),
            tagged("notifications/resources/updated", json!({"uri": "x://a"})),
            json!({"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{SUBSCRIPTION_ID: 99}}}),
            json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","_meta":{SUBSCRIPTION_ID: LISTEN}}}),
        ]));
        let opts = RequestOptions::default();
        let mut sub = block_on(client.listen(&all(), &opts)).unwrap();
        assert_eq!(
            sub.acknowledged().to_json(),
            json!({"toolsListChanged": true, "resourceSubscriptions": ["x://a"]})
        );
        assert_eq!(
            warnings.borrow().len(),
            2,
            "prompts not advertised; resources list not acknowledged"
        );
        let sent = script.sent();
        assert_eq!(sent[1].body["method"], "subscriptions/listen");
        assert_eq!(sent[1].header("Mcp-Method"), Some("subscriptions/listen"));
        assert_eq!(
            sent[1].body["params"]["notifications"],
            json!({"toolsListChanged": true, "resourcesListChanged": true, "resourceSubscriptions": ["x://a"]})
        );
        assert!(
            sent[1].body["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"].is_string()
        );
        assert_eq!(sub.id(), sent[1].body["id"].as_u64());
        drop(sent);
        let first = block_on(sub.next(&client, &opts)).unwrap().unwrap();
        assert_eq!(first.method, "notifications/tools/list_changed");
        let second = block_on(sub.next(&client, &opts)).unwrap().unwrap();
        assert_eq!(second.params["uri"], "x://a");
        assert_eq!(
            block_on(sub.next(&client, &opts)).unwrap(),
            None,
            "the other subscription's notification is skipped; the result ends it"
        );
        assert_eq!(block_on(sub.next(&client, &opts)).unwrap(), None);
    }

    #[test]
    fn unsupported_servers_get_a_clear_error_not_a_hang() {
        // nothing advertised: refused before sending
        let (client, script) = Scripted::client();
        script.push(discover(json!({"tools": {"listChanged": false}})));
        let err = block_on(client.listen(&all(), &RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::NotSupported);
        assert_eq!(script.sent().len(), 1);
        // advertised, but the method is unknown
        let (client, script) = Scripted::client();
        script.push(discover(json!({"tools": {"listChanged": true}})));
        script.push(json_reply(
            404,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}),
        ));
        let err = block_on(client.listen(&all(), &RequestOptions::default())).unwrap_err();
        assert_eq!(
            (err.code, err.http_status),
            (ErrorCode::NotSupported, Some(404))
        );
        // acknowledged nothing
        let (client, script) = Scripted::client();
        script.push(discover(json!({"tools": {"listChanged": true}})));
        script.push(sse_reply(&[ack(json!({}))]));
        assert_eq!(
            block_on(client.listen(&all(), &RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::NotSupported
        );
        // a stream that does not start with our acknowledgement
        let (client, script) = Scripted::client();
        script.push(discover(json!({"tools": {"listChanged": true}})));
        script.push(sse_reply(&[tagged(
            "notifications/tools/list_changed",
            json!({}),
        )]));
        assert_eq!(
            block_on(client.listen(&all(), &RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::InvalidMessage
        );
        let (client, script) = Scripted::client();
        script.push(discover(json!({"tools": {"listChanged": true}})));
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","method":ACKNOWLEDGED,"params":{"_meta":{SUBSCRIPTION_ID: 42},"notifications":{"toolsListChanged":true}}}),
        ]));
        assert_eq!(
            block_on(client.listen(&all(), &RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::InvalidMessage
        );
        // an empty filter
        assert_eq!(
            block_on(client.listen(&Filter::default(), &RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn drops_and_cancellations_end_the_subscription() {
        let (client, script) = Scripted::client();
        script.push(discover(json!({"prompts": {"listChanged": true}})));
        script.push(sse_reply(&[
            ack(json!({"promptsListChanged": true})),
            tagged("notifications/prompts/list_changed", json!({})),
        ]));
        let opts = RequestOptions::default();
        let mut sub = block_on(client.listen(&all(), &opts)).unwrap();
        assert!(block_on(sub.next(&client, &opts)).unwrap().is_some());
        assert_eq!(
            block_on(sub.next(&client, &opts)).unwrap_err().code,
            ErrorCode::StreamEnded,
            "closed without a result: a drop"
        );

        let mut second = ack(json!({"promptsListChanged": true}));
        second["params"]["_meta"][SUBSCRIPTION_ID] = json!(3);
        script.push(sse_reply(&[
            second,
            json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}),
        ]));
        let mut sub = block_on(client.listen(&all(), &opts)).unwrap();
        assert_eq!(sub.id(), Some(3));
        assert_eq!(block_on(sub.next(&client, &opts)).unwrap(), None);
    }

    #[test]
    fn handshake_era_uses_the_get_stream_and_resources_subscribe() {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        let mut init = json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"resources":{"subscribe":true}}}}),
        );
        init.session_id = Some("s".into());
        script.push(init);
        script.push(status(202));
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":"p","method":"ping"}),
            json!({"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"x://a"}}),
        ]));
        // resources/subscribe, the ping's answer, resources/unsubscribe
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{}})));
        script.push(status(202));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{}})));
        let opts = RequestOptions::default();
        let mut sub = block_on(client.listen(&all(), &opts)).unwrap();
        assert_eq!(
            sub.acknowledged().to_json(),
            json!({"toolsListChanged": true, "resourceSubscriptions": ["x://a"]})
        );
        let n = block_on(sub.next(&client, &opts)).unwrap().unwrap();
        assert_eq!(
            (n.method.as_str(), n.params["uri"].as_str()),
            ("notifications/resources/updated", Some("x://a"))
        );
        block_on(client.unsubscribe(&sub, &opts));
        let sent = script.sent();
        assert_eq!(
            (
                sent[2].method,
                sent[2].header("Accept"),
                sent[2].header("Mcp-Session-Id")
            ),
            ("GET", Some("text/event-stream"), Some("s"))
        );
        assert_eq!(sent[2].header("MCP-Protocol-Version"), Some("2025-11-25"));
        assert_eq!(
            sent[2].header("Last-Event-ID"),
            None,
            "a new stream, not a resumed one"
        );
        assert_eq!(sent[3].body["method"], "resources/subscribe");
        assert_eq!(sent[3].body["params"]["uri"], "x://a");
        assert_eq!(sent[4].body, json!({"jsonrpc":"2.0","id":"p","result":{}}));
        assert_eq!(sent[5].body["method"], "resources/unsubscribe");

        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        let mut init = json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true}}}}),
        );
        init.session_id = Some("s".into());
        script.push(init);
        script.push(status(202));
        script.push(status(405));
        assert_eq!(
            block_on(client.listen(&all(), &opts)).unwrap_err().code,
            ErrorCode::NotSupported
        );
    }
}

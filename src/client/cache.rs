//! Caching of cacheable results (MCP 2026-07-28, `server/utilities/caching.mdx` and
//! `schema.ts` `CacheableResult`; <https://modelcontextprotocol.io/specification/2026-07-28>),
//! and list walks that use it.
//!
//! Cacheable results carry `ttlMs` (≥ 0, milliseconds) and `cacheScope` (`"public"` |
//! `"private"`): the results of `tools/list`, `prompts/list`, `resources/list`,
//! `resources/templates/list`, `resources/read` (and `server/discover`, which the client
//! handles itself). The rules this module implements:
//!
//! - an entry is fresh while `now < received + ttlMs`; a missing, zero, negative or
//!   non-numeric `ttlMs` is stored nowhere (stale at once);
//! - the key is the method plus the result-affecting param (`cursor` of a list page, `uri` of
//!   a read); list pages are cached independently;
//! - `private` results (and results without a valid `cacheScope`, read conservatively as
//!   private) live in the [`CacheView::private`] store, which belongs to one adapter: one
//!   adapter is one authorization context, so nothing private ever crosses to another
//!   credential. `public` results live in [`CacheView::public`], which may be shared by every
//!   adapter of the process, keyed by the server URL as well;
//! - results of `input_required` retries (those carrying `inputResponses` / `requestState`)
//!   and handshake-era results are never stored (callers store only a first, sessionless
//!   answer: see [`Client::store_if_cacheable`]);
//! - a list-changed notification (or `resources/updated`) invalidates at once
//!   ([`CacheView::invalidate`]); an invalid cursor drops every page of that list and the
//!   walk restarts once, uncached.
//!
//! Both stores are bounded: at most [`CacheLimits::max_entries`] entries and
//! [`CacheLimits::max_bytes`] bytes of JSON; the entries stored first are evicted first.

use super::resources::is_within;
use super::{Client, Era, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::codes;
use crate::protocol::notifications::{
    PROMPTS_LIST_CHANGED, RESOURCES_LIST_CHANGED, RESOURCES_UPDATED, TOOLS_LIST_CHANGED,
};
use crate::protocol::result_type::ResultType;
use serde_json::{Map, Value};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How a call uses the cache (`cacheMode` of the list and read calls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CacheMode {
    /// Serve a fresh entry when there is one; store what is fetched (the default).
    #[default]
    Use,
    /// Fetch even when a fresh entry exists, and store the answer.
    Refresh,
    /// Neither read nor write the cache.
    Bypass,
}

impl CacheMode {
    /// Reads `"use"`, `"refresh"` or `"bypass"`.
    pub fn parse(text: &str) -> Option<CacheMode> {
        match text {
            "use" => Some(CacheMode::Use),
            "refresh" => Some(CacheMode::Refresh),
            "bypass" => Some(CacheMode::Bypass),
            _ => None,
        }
    }
}

/// The `cacheScope` of a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheScope {
    /// May be shared across authorization contexts.
    Public,
    /// Only for the authorization context that fetched it.
    Private,
}

/// How long, and for whom, a result may be kept: `None` when it may not be kept at all
/// (`ttlMs` missing, not a number, or ≤ 0). A missing or unknown `cacheScope` is private.
pub fn cache_hint(result: &Value) -> Option<(f64, CacheScope)> {
    let ttl = result
        .get("ttlMs")
        .and_then(Value::as_f64)
        .filter(|t| t.is_finite() && *t > 0.0)?;
    let scope = match result.get("cacheScope").and_then(Value::as_str) {
        Some("public") => CacheScope::Public,
        _ => CacheScope::Private,
    };
    Some((ttl, scope))
}

/// Bounds on one store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheLimits {
    /// Most entries kept (default 512).
    pub max_entries: usize,
    /// Most bytes of JSON kept, counted as serialized (default 8 MiB). A single result
    /// larger than this is not stored.
    pub max_bytes: usize,
}

impl Default for CacheLimits {
    fn default() -> Self {
        CacheLimits {
            max_entries: 512,
            max_bytes: 8 * 1024 * 1024,
        }
    }
}

/// Milliseconds since the epoch (the clock of a [`Cache`]).
pub type Clock = Rc<dyn Fn() -> f64>;

/// The platform clock: `Date.now()` in wasm, the system time natively.
pub fn system_clock() -> Clock {
    #[cfg(target_arch = "wasm32")]
    {
        Rc::new(js_sys::Date::now)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Rc::new(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs_f64() * 1000.0)
                .unwrap_or(0.0)
        })
    }
}

struct Entry {
    key: String,
    result: Value,
    expires_at: f64,
    size: usize,
}

/// One bounded store of results, keyed by strings (see [`CacheView`] for the keys).
pub struct Cache {
    /// Oldest first (a key stored again moves to the end); a list, not a hash map
    /// (docs/wasm-size.md).
    entries: RefCell<Vec<Entry>>,
    bytes: Cell<usize>,
    limits: CacheLimits,
    clock: Clock,
}

impl Default for Cache {
    fn default() -> Self {
        Cache::new(CacheLimits::default(), system_clock())
    }
}

impl Cache {
    /// An empty store with these bounds and clock.
    pub fn new(limits: CacheLimits, clock: Clock) -> Cache {
        Cache {
            entries: RefCell::default(),
            bytes: Cell::new(0),
            limits,
            clock,
        }
    }

    /// The fresh entry under `key`, if any (a stale one is dropped).
    pub fn get(&self, key: &str) -> Option<Value> {
        let now = (self.clock)();
        let mut entries = self.entries.borrow_mut();
        let i = entries.iter().position(|e| e.key == key)?;
        if now < entries[i].expires_at {
            return Some(entries[i].result.clone());
        }
        let old = entries.remove(i);
        self.bytes.set(self.bytes.get().saturating_sub(old.size));
        None
    }

    /// Stores `result` under `key` for `ttl_ms`, evicting the oldest entries to stay within
    /// the bounds. Returns whether it was stored.
    pub fn put(&self, key: String, result: &Value, ttl_ms: f64) -> bool {
        let size = crate::json_text(result).len() + key.len();
        if size > self.limits.max_bytes || self.limits.max_entries == 0 {
            return false;
        }
        let now = (self.clock)();
        let mut entries = self.entries.borrow_mut();
        if let Some(i) = entries.iter().position(|e| e.key == key) {
            let old = entries.remove(i);
            self.bytes.set(self.bytes.get().saturating_sub(old.size));
        }
        while !entries.is_empty()
            && (entries.len() >= self.limits.max_entries
                || self.bytes.get() + size > self.limits.max_bytes)
        {
            let oldest = entries.remove(0);
            self.bytes.set(self.bytes.get().saturating_sub(oldest.size));
        }
        entries.push(Entry {
            key,
            result: result.clone(),
            expires_at: now + ttl_ms,
            size,
        });
        self.bytes.set(self.bytes.get() + size);
        true
    }

    /// Drops every entry whose key satisfies `doomed`.
    /// (A `dyn` predicate: one instance of the removal for every caller; see
    /// docs/wasm-size.md.)
    pub fn remove_where(&self, doomed: &dyn Fn(&str) -> bool) {
        self.entries.borrow_mut().retain(|e| {
            let keep = !doomed(&e.key);
            if !keep {
                self.bytes.set(self.bytes.get().saturating_sub(e.size));
            }
            keep
        });
    }

    /// How many entries are held (fresh or not yet found stale).
    pub fn len(&self) -> usize {
        self.entries.borrow().len()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What one adapter sees of the caches: its own private store and the (possibly shared)
/// public store, for one server URL.
///
/// Keys: `"{method}\n{param}"` in the private store and `"{url}\n{method}\n{param}"` in the
/// public one, where `param` is the page's `cursor` (`\u{0}` for the first page) or the
/// read's `uri`.
#[derive(Clone, Copy)]
pub struct CacheView<'a> {
    /// This adapter's store (private and public results alike are looked up here first).
    pub private: &'a Cache,
    /// The store public results go to.
    pub public: &'a Cache,
    /// The server URL (part of the public keys).
    pub target: &'a str,
}

/// The error of a list walk whose pages together take more memory than `budget` scalar JSON
/// values' worth ([`mcp_wasm_adapter_json::weigh_values`]): half of `maxResponseBytes` of
/// them, as many scalars as one response that large can hold (a value takes at least two
/// bytes of text, `0,`), about 12 times its bytes of wasm memory (384 MiB by default), so that
/// a walk's memory is bounded whatever the number of pages
/// ([`ClientConfig::max_pages`](super::ClientConfig::max_pages)) and whatever the pages hold
/// (tiny objects parse into some forty times their text).
fn walk_too_large(method: &str, budget: usize) -> Error {
    Error::new(
        ErrorCode::BodyTooLarge,
        format!(
            "the {method} pages together take more memory than {budget} JSON values, the \
             bound of a walk by maxResponseBytes: the list was not kept"
        ),
    )
}

/// The `param` part of a key for a list page (`None` = the first page).
fn page_param(cursor: Option<&str>) -> String {
    match cursor {
        None => "\u{0}".to_string(),
        Some(c) => c.to_string(),
    }
}

impl CacheView<'_> {
    fn private_key(method: &str, param: &str) -> String {
        format!("{method}\n{param}")
    }

    /// The start of every public key of this view's server: `"{url}\n"`.
    fn public_prefix(&self) -> String {
        format!("{}\n", self.target)
    }

    fn public_key(&self, method: &str, param: &str) -> String {
        let mut key = self.public_prefix();
        key.push_str(method);
        key.push('\n');
        key.push_str(param);
        key
    }

    /// A fresh cached result of `method` for `param` (a cursor or uri), if any.
    pub fn get(&self, method: &str, param: &str) -> Option<Value> {
        self.private
            .get(&Self::private_key(method, param))
            .or_else(|| self.public.get(&self.public_key(method, param)))
    }

    /// Stores `result` when its cache hint allows (see [`cache_hint`]). Returns whether it
    /// was stored.
    pub fn put(&self, method: &str, param: &str, result: &Value) -> bool {
        match cache_hint(result) {
            Some((ttl, CacheScope::Private)) => {
                self.private
                    .put(Self::private_key(method, param), result, ttl)
            }
            Some((ttl, CacheScope::Public)) => {
                self.public.put(self.public_key(method, param), result, ttl)
            }
            None => false,
        }
    }

    /// Drops the cached results of `method` — all of them, or with `param` only those for
    /// that param and, for a uri, those of the resources below it (`{param}/…`, `{param}#…`,
    /// `{param}?…`): a `resources/updated` notification may name a parent resource.
    pub fn invalidate(&self, method: &str, param: Option<&str>) {
        let matches = |rest: &str| param.is_none_or(|p| is_within(rest, p));
        let own = format!("{method}\n");
        self.private
            .remove_where(&|k| k.strip_prefix(&own).is_some_and(matches));
        let shared = self.public_key(method, "");
        self.public
            .remove_where(&|k| k.strip_prefix(&shared).is_some_and(matches));
    }

    /// Drops every result this view sees: all of the private store, and the public results
    /// of its server.
    pub fn clear(&self) {
        self.private.remove_where(&|_| true);
        let server = self.public_prefix();
        self.public.remove_where(&|k| k.starts_with(&server));
    }

    /// Drops what a list-changed or updated notification makes stale:
    /// `notifications/tools/list_changed` → `tools/list`; `prompts/list_changed` →
    /// `prompts/list`; `resources/list_changed` → `resources/list` and
    /// `resources/templates/list`; `resources/updated` `{uri}` → the reads of that uri (and
    /// below it). Other methods change nothing.
    pub fn invalidate_for(&self, notification: &str, params: &Value) {
        match notification {
            TOOLS_LIST_CHANGED => self.invalidate("tools/list", None),
            PROMPTS_LIST_CHANGED => self.invalidate("prompts/list", None),
            RESOURCES_LIST_CHANGED => {
                self.invalidate("resources/list", None);
                self.invalidate("resources/templates/list", None);
            }
            RESOURCES_UPDATED => match params.get("uri").and_then(Value::as_str) {
                Some(uri) => self.invalidate("resources/read", Some(uri)),
                None => self.invalidate("resources/read", None),
            },
            _ => {}
        }
    }
}

impl Client {
    /// Stores `result` (the complete answer of a first, non-retried request of `method`)
    /// when the server allowed it and the era is sessionless: handshake-era results are
    /// never stored (their servers send no cache hints, and a session is no authorization
    /// context of its own).
    pub fn store_if_cacheable(
        &self,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        method: &str,
        param: &str,
        result: &Value,
    ) -> bool {
        match (cache, mode, self.era()) {
            (Some(view), CacheMode::Use | CacheMode::Refresh, Some(Era::Modern(_))) => {
                view.put(method, param, result)
            }
            _ => false,
        }
    }

    /// [`Client::list_all`] through the cache: each page (keyed by its cursor) is served
    /// from `cache` when fresh (in [`CacheMode::Use`]) and stored when its `ttlMs` allows.
    /// When a cursor taken from a cached page is refused (`-32602`, invalid cursor), every
    /// cached page of `method` is dropped and the walk restarts once from the first page,
    /// uncached. The pages' entries together may take at most half of
    /// [`Limits::max_body_bytes`](crate::transport::Limits) scalar JSON values' worth of
    /// memory (weighed as each page arrives, objects by their map nodes; see
    /// [`walk_too_large`]).
    ///
    /// # Errors
    ///
    /// Those of [`Client::list_all`]; [`ErrorCode::BodyTooLarge`] when the pages together
    /// hold more values than that.
    pub async fn list_all_cached(
        &self,
        method: &str,
        field: &str,
        cache: Option<CacheView<'_>>,
        mode: CacheMode,
        opts: &RequestOptions,
    ) -> Result<Vec<Value>> {
        let mut mode = mode;
        let mut restarted = false;
        let budget = self.config.limits.max_body_bytes / 2;
        'walk: loop {
            let mut items = Vec::new();
            // the memory the walk's pages take together, in scalar values' worth
            let mut held = 0;
            let mut cursor: Option<String> = None;
            let mut seen: Vec<String> = Vec::new();
            let mut from_cache = false;
            for _ in 0..self.config.max_pages {
                let param = page_param(cursor.as_deref());
                let hit = match (cache, mode) {
                    (Some(view), CacheMode::Use) => view.get(method, &param),
                    _ => None,
                };
                let mut page = match hit {
                    Some(page) => {
                        from_cache = true;
                        page
                    }
                    None => {
                        let params = cursor.clone().map(|c| {
                            let mut p = Map::new();
                            crate::put(&mut p, "cursor", Value::String(c));
                            p
                        });
                        let outcome = match self.request(method, params.as_ref(), opts).await {
                            Ok(outcome) => outcome,
                            Err(e)
                                if e.rpc_code() == Some(codes::INVALID_PARAMS)
                                    && cursor.is_some()
                                    && from_cache
                                    && !restarted =>
                            {
                                if let Some(view) = cache {
                                    view.invalidate(method, None);
                                }
                                restarted = true;
                                mode = CacheMode::Refresh;
                                continue 'walk;
                            }
                            Err(e) => return Err(e),
                        };
                        if outcome.kind != ResultType::Complete {
                            return Err(Error::new(
                                ErrorCode::InvalidResultType,
                                format!("{method} answered input_required, which only tools/call, prompts/get and resources/read may"),
                            ));
                        }
                        self.store_if_cacheable(cache, mode, method, &param, &outcome.result);
                        outcome.result
                    }
                };
                match page.get_mut(field).map(Value::take) {
                    Some(Value::Array(entries)) => {
                        held += mcp_wasm_adapter_json::weigh_values(&entries, budget - held + 1);
                        if held > budget {
                            return Err(walk_too_large(method, budget));
                        }
                        items.extend(entries);
                    }
                    _ => {
                        return Err(Error::new(
                            ErrorCode::InvalidMessage,
                            format!("{method} result has no {field} array"),
                        ))
                    }
                }
                match page.get("nextCursor") {
                    None | Some(Value::Null) => return Ok(items),
                    Some(Value::String(next)) => {
                        if seen.contains(next) {
                            return Err(Error::new(
                                ErrorCode::Pagination,
                                format!(
                                    "{method} returned the cursor {} twice",
                                    crate::quoted(next)
                                ),
                            ));
                        }
                        seen.push(next.clone());
                        cursor = Some(next.clone());
                    }
                    Some(_) => {
                        return Err(Error::new(
                            ErrorCode::InvalidMessage,
                            format!("{method} nextCursor is not a string"),
                        ))
                    }
                }
            }
            return Err(Error::new(
                ErrorCode::Pagination,
                format!(
                    "{method} did not end within {} pages",
                    self.config.max_pages
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, status, Scripted};
    use futures_executor::block_on;
    use serde_json::json;

    /// A clock the test moves by hand.
    fn manual_clock() -> (Clock, Rc<Cell<f64>>) {
        let now = Rc::new(Cell::new(1_000.0));
        let read = now.clone();
        (Rc::new(move || read.get()), now)
    }

    fn page(names: &[&str], next: Option<&str>, ttl: Option<i64>, scope: &str) -> Value {
        let items: Vec<_> = names.iter().map(|n| json!({"name": n})).collect();
        let mut result = json!({"resultType": "complete", "prompts": items, "cacheScope": scope});
        if let Some(t) = ttl {
            result["ttlMs"] = json!(t);
        }
        if let Some(n) = next {
            result["nextCursor"] = json!(n);
        }
        json!({"jsonrpc": "2.0", "id": 1, "result": result})
    }

    fn names(items: &[Value]) -> Vec<&str> {
        items
            .iter()
            .map(|p| p["name"].as_str().unwrap_or(""))
            .collect()
    }

    #[test]
    fn hints_need_a_positive_ttl_and_default_to_private() {
        assert_eq!(
            cache_hint(&json!({"ttlMs": 5, "cacheScope": "public"})),
            Some((5.0, CacheScope::Public))
        );
        assert_eq!(
            cache_hint(&json!({"ttlMs": 5})),
            Some((5.0, CacheScope::Private))
        );
        assert_eq!(
            cache_hint(&json!({"ttlMs": 5, "cacheScope": "shared"})),
            Some((5.0, CacheScope::Private))
        );
        for none in [
            json!({}),
            json!({"ttlMs": 0}),
            json!({"ttlMs": -3}),
            json!({"ttlMs": "60"}),
        ] {
            assert_eq!(cache_hint(&none), None, "{none}");
        }
    }

    #[test]
    fn entries_expire_and_the_store_stays_bounded() {
        let (clock, now) = manual_clock();
        let cache = Cache::new(
            CacheLimits {
                max_entries: 2,
                max_bytes: 200,
            },
            clock,
        );
        assert!(cache.put("a".into(), &json!(1), 100.0));
        assert_eq!(cache.get("a"), Some(json!(1)));
        now.set(1_099.0);
        assert_eq!(cache.get("a"), Some(json!(1)));
        now.set(1_100.0);
        assert_eq!(cache.get("a"), None, "stale at received + ttlMs");
        assert!(cache.is_empty());
        cache.put("a".into(), &json!(1), 1e9);
        cache.put("b".into(), &json!(2), 1e9);
        cache.put("c".into(), &json!(3), 1e9);
        assert_eq!(
            (cache.get("a"), cache.get("c"), cache.len()),
            (None, Some(json!(3)), 2),
            "the oldest is evicted"
        );
        assert!(
            !cache.put("big".into(), &json!("x".repeat(300)), 1e9),
            "larger than the whole store"
        );
        cache.put("d".into(), &json!("y".repeat(197)), 1e9);
        assert_eq!(cache.len(), 1, "bytes bound evicts as many as needed");
    }

    #[test]
    fn views_keep_private_per_adapter_and_share_public_by_url() {
        let (clock, _) = manual_clock();
        let shared = Cache::new(CacheLimits::default(), clock.clone());
        let (mine, theirs) = (
            Cache::new(CacheLimits::default(), clock.clone()),
            Cache::new(CacheLimits::default(), clock),
        );
        let a = CacheView {
            private: &mine,
            public: &shared,
            target: "http://h/mcp",
        };
        let b = CacheView {
            private: &theirs,
            public: &shared,
            target: "http://h/mcp",
        };
        let other = CacheView {
            private: &theirs,
            public: &shared,
            target: "http://elsewhere/mcp",
        };
        assert!(a.put(
            "resources/read",
            "x://p",
            &json!({"ttlMs": 1000, "cacheScope": "private", "contents": []})
        ));
        assert!(a.put(
            "resources/read",
            "x://q",
            &json!({"ttlMs": 1000, "cacheScope": "public", "contents": []})
        ));
        assert!(
            b.get("resources/read", "x://p").is_none(),
            "private results never cross adapters"
        );
        assert!(
            b.get("resources/read", "x://q").is_some(),
            "public ones do, for the same server"
        );
        assert!(other.get("resources/read", "x://q").is_none());
        a.put(
            "resources/read",
            "x://q/sub",
            &json!({"ttlMs": 1000, "contents": []}),
        );
        a.put(
            "resources/read",
            "x://qq",
            &json!({"ttlMs": 1000, "contents": []}),
        );
        a.invalidate_for("notifications/resources/updated", &json!({"uri": "x://q"}));
        assert!(a.get("resources/read", "x://q").is_none());
        assert!(
            a.get("resources/read", "x://q/sub").is_none(),
            "below the updated uri"
        );
        assert!(
            a.get("resources/read", "x://qq").is_some(),
            "a mere prefix is another resource"
        );
        assert!(a.get("resources/read", "x://p").is_some());

        // clear(): this view's private store and its server's public results, not another
        // server's
        assert!(other.put(
            "resources/read",
            "x://r",
            &json!({"ttlMs": 1000, "cacheScope": "public", "contents": []})
        ));
        a.clear();
        assert!(mine.is_empty());
        assert!(b.get("resources/read", "x://qq").is_none());
        assert_eq!(shared.len(), 1);
        assert!(other.get("resources/read", "x://r").is_some());
    }

    #[test]
    fn pages_are_cached_per_cursor_and_modes_are_honoured() {
        let (clock, now) = manual_clock();
        let (private, public) = (
            Cache::new(CacheLimits::default(), clock.clone()),
            Cache::new(CacheLimits::default(), clock),
        );
        let view = CacheView {
            private: &private,
            public: &public,
            target: "http://127.0.0.1:1/mcp",
        };
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            page(&["a"], Some("c1"), Some(60_000), "private"),
        ));
        script.push(json_reply(200, page(&["b"], None, Some(60_000), "public")));
        let list = |mode| {
            block_on(client.list_all_cached(
                "prompts/list",
                "prompts",
                Some(view),
                mode,
                &RequestOptions::default(),
            ))
        };
        assert_eq!(names(&list(CacheMode::Use).unwrap()), ["a", "b"]);
        assert_eq!(script.sent().len(), 3);
        assert_eq!(
            names(&list(CacheMode::Use).unwrap()),
            ["a", "b"],
            "both pages from the cache"
        );
        assert_eq!(script.sent().len(), 3, "nothing sent");
        assert_eq!((private.len(), public.len()), (1, 1));

        script.push(json_reply(
            200,
            page(&["a2"], None, Some(60_000), "private"),
        ));
        assert_eq!(names(&list(CacheMode::Bypass).unwrap()), ["a2"]);
        assert_eq!(
            names(&list(CacheMode::Use).unwrap()),
            ["a", "b"],
            "bypass stored nothing"
        );

        script.push(json_reply(
            200,
            page(&["a3"], None, Some(60_000), "private"),
        ));
        assert_eq!(names(&list(CacheMode::Refresh).unwrap()), ["a3"]);
        assert_eq!(
            names(&list(CacheMode::Use).unwrap()),
            ["a3"],
            "refresh stored the new first page"
        );

        now.set(now.get() + 60_000.0);
        script.push(json_reply(200, page(&["a4"], None, Some(0), "private")));
        script.push(json_reply(200, page(&["a5"], None, None, "private")));
        assert_eq!(
            names(&list(CacheMode::Use).unwrap()),
            ["a4"],
            "expired: fetched again"
        );
        assert_eq!(
            names(&list(CacheMode::Use).unwrap()),
            ["a5"],
            "ttlMs 0 was not stored"
        );
        assert_eq!(script.sent().len(), 7);
    }

    #[test]
    fn an_invalid_cached_cursor_drops_the_pages_and_restarts_once() {
        let (clock, now) = manual_clock();
        let (private, public) = (
            Cache::new(CacheLimits::default(), clock.clone()),
            Cache::new(CacheLimits::default(), clock),
        );
        let view = CacheView {
            private: &private,
            public: &public,
            target: "t",
        };
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            page(&["a"], Some("old"), Some(60_000), "private"),
        ));
        script.push(json_reply(200, page(&["b"], None, Some(1_000), "private")));
        block_on(client.list_all_cached(
            "prompts/list",
            "prompts",
            Some(view),
            CacheMode::Use,
            &RequestOptions::default(),
        ))
        .unwrap();
        now.set(now.get() + 2_000.0); // the second page expired, the first did not
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid cursor"}}),
        ));
        script.push(json_reply(
            200,
            page(&["x"], Some("new"), Some(60_000), "private"),
        ));
        script.push(json_reply(200, page(&["y"], None, Some(60_000), "private")));
        let items = block_on(client.list_all_cached(
            "prompts/list",
            "prompts",
            Some(view),
            CacheMode::Use,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(names(&items), ["x", "y"]);
        let sent = script.sent();
        assert_eq!(sent[3].body["params"]["cursor"], "old");
        assert!(
            sent[4].body["params"].get("cursor").is_none(),
            "restarted from the first page"
        );
        assert_eq!(sent[5].body["params"]["cursor"], "new");
    }

    #[test]
    fn handshake_era_results_are_not_stored() {
        use crate::client::{ClientConfig, ProtocolMode};
        let (clock, _) = manual_clock();
        let (private, public) = (
            Cache::new(CacheLimits::default(), clock.clone()),
            Cache::new(CacheLimits::default(), clock),
        );
        let view = CacheView {
            private: &private,
            public: &public,
            target: "t",
        };
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{}}})));
        script.push(status(202));
        script.push(json_reply(200, page(&["a"], None, Some(60_000), "public")));
        block_on(client.list_all_cached(
            "prompts/list",
            "prompts",
            Some(view),
            CacheMode::Use,
            &RequestOptions::default(),
        ))
        .unwrap();
        assert!(private.is_empty() && public.is_empty());
    }
}

//! Which era a server speaks, and how the adapter finds out (MCP 2026-07-28,
//! `basic/versioning.mdx` "Backward Compatibility" and the compatibility matrix,
//! `basic/transports/streamable-http.mdx` "Backward Compatibility";
//! <https://modelcontextprotocol.io/specification/2026-07-28>).
//!
//! In [`ProtocolMode::Auto`] the adapter probes with `server/discover` at the newest modern
//! revision and classifies the answer the way the spec and the reference SDKs do:
//! - a `DiscoverResult` listing a modern version we speak, or a `-32022` whose `supported`
//!   overlaps ours (retried once): **sessionless** 2026-07-28;
//! - a 4xx whose body is no recognised modern error, a JSON-RPC `-32601`/`-32600`/`-32000`,
//!   or a `DiscoverResult` / `-32022` listing only handshake versions: **handshake era**,
//!   so `initialize` follows;
//! - 401/403: never era evidence (an authorization error surfaces); 408, 429, 5xx, `-32603`,
//!   network errors and timeouts: errors, not evidence — except, in a browser, an opaque network error
//!   (usually CORS rejecting the new headers on an old server), which falls back;
//! - `-32020` (header mismatch) and `-32021` (missing capability) on the probe: the spec calls
//!   them recognised modern errors, so the server is taken as modern and the error surfaces
//!   (the TypeScript SDK treats them as handshake-era evidence and falls back instead; we
//!   follow the spec text).
//!
//! The verdict is kept for the client's life (one client = one URL = one origin) and probed
//! again once if it later fails (see [`Client::request`]): a sessionless verdict on
//! handshake-era evidence, a handshake-era one on a `-32022` naming only modern revisions.

use super::handshake::Session;
use super::{Client, RequestOptions};
use crate::error::{ErrorCode, Result};
use std::rc::Rc;

/// The `protocol` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtocolMode {
    /// Probe with `server/discover`; fall back to the handshake era on evidence (default).
    Auto,
    /// 2026-07-28 only; a handshake-era server is a [`ErrorCode::HandshakeEraServer`] error.
    Modern,
    /// Handshake era only (`initialize` + sessions), no probe.
    Legacy,
}

impl ProtocolMode {
    /// Reads the option's string form: `"auto"`, `"2026-07-28"`, `"legacy"`.
    pub fn parse(text: &str) -> Option<ProtocolMode> {
        match text {
            "auto" => Some(ProtocolMode::Auto),
            "2026-07-28" => Some(ProtocolMode::Modern),
            "legacy" => Some(ProtocolMode::Legacy),
            _ => None,
        }
    }
}

/// The era a server was found to speak.
#[derive(Debug, Clone, PartialEq)]
pub enum Era {
    /// Sessionless, at this revision.
    Modern(&'static str),
    /// Handshake era, with the session `initialize` opened.
    Handshake(Rc<Session>),
}

impl Era {
    /// The revision in use.
    pub fn version(&self) -> &str {
        match self {
            Era::Modern(v) => v,
            Era::Handshake(s) => &s.version,
        }
    }
}

impl Client {
    /// Settles the era before the first real request (see the module docs) and returns it.
    ///
    /// Concurrent first calls share one negotiation: one probes (and opens one session),
    /// the others wait for its outcome.
    ///
    /// # Errors
    ///
    /// In [`ProtocolMode::Modern`], [`ErrorCode::HandshakeEraServer`] for an old
    /// server; in every mode, [`ErrorCode::UnsupportedProtocolVersion`] when no version is
    /// shared, and the probe's or `initialize`'s own errors. A failed attempt leaves nothing
    /// settled, so the next call tries again.
    pub async fn ensure_ready(&self, opts: &RequestOptions) -> Result<Era> {
        self.ready(opts, None).await
    }

    /// [`Client::ensure_ready`]; with `expired`, a new session in place of that one, whose
    /// server answered `404` (MCP 2025-11-25, `basic/transports.mdx` "Session Management":
    /// the client MUST start a new session with a new `InitializeRequest`). Calls that find
    /// it expired together share one `initialize`, as first calls share one negotiation; a
    /// call that finds it renewed already takes the new session. A failed renewal leaves
    /// nothing settled.
    pub(crate) async fn ready(
        &self,
        opts: &RequestOptions,
        expired: Option<&Rc<Session>>,
    ) -> Result<Era> {
        loop {
            match (self.era(), expired) {
                (Some(Era::Handshake(s)), Some(old)) if Rc::ptr_eq(&s, old) => {}
                (Some(era), _) => return Ok(era),
                (None, _) => {}
            }
            let waiter = {
                let mut state = self.state.borrow_mut();
                if state.negotiating {
                    let (tx, rx) = crate::oneshot::channel();
                    state.waiters.push(tx);
                    Some(rx)
                } else {
                    state.negotiating = true;
                    None
                }
            };
            match waiter {
                // the negotiator was dropped midway (its call went away): try again ourselves
                Some(rx) => match rx.await {
                    Ok(outcome) => return outcome,
                    Err(_) => continue,
                },
                None => {
                    let mut guard = Negotiation {
                        client: self,
                        outcome: None,
                    };
                    // the call's signal and timeout bound the negotiation, which carries its
                    // trace context; its progress and notification wishes belong to the call
                    let bare = RequestOptions {
                        context: opts.context.clone(),
                        trace: opts.trace.clone(),
                        ..RequestOptions::default()
                    };
                    if expired.is_some() {
                        self.forget_era();
                    }
                    let outcome = self.negotiate(&bare, expired.is_some()).await;
                    guard.outcome = Some(outcome.clone());
                    return outcome;
                }
            }
        }
    }

    /// Finds the era (`renew`: opens a new session of the handshake era, whatever the mode).
    async fn negotiate(&self, opts: &RequestOptions, renew: bool) -> Result<Era> {
        match self.config.protocol {
            mode if renew || mode == ProtocolMode::Legacy => self.initialize(opts).await,
            ProtocolMode::Modern => self.discover(opts).await,
            _ => match self.discover(opts).await {
                Err(e) if e.code == ErrorCode::HandshakeEraServer => self.initialize(opts).await,
                Err(e)
                    if matches!(e.code, ErrorCode::Network | ErrorCode::Cors)
                        && self.config.opaque_network_error_means_handshake =>
                {
                    self.initialize(opts).await
                }
                other => other,
            },
        }
    }
}

/// Ends a negotiation however its future ends: clears the flag and tells the waiters the
/// outcome (none if the negotiating call was dropped, so that they negotiate themselves).
struct Negotiation<'a> {
    client: &'a Client,
    outcome: Option<Result<Era>>,
}

impl Drop for Negotiation<'_> {
    fn drop(&mut self) {
        let waiters = {
            let mut state = self.client.state.borrow_mut();
            state.negotiating = false;
            std::mem::take(&mut state.waiters)
        };
        if let Some(outcome) = &self.outcome {
            for waiter in waiters {
                let _ = waiter.send(outcome.clone());
            }
        }
    }
}

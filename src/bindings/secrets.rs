//! Values of the headers the host asked to send (credentials, API keys), remembered so that
//! errors can be redacted before they reach the host (see [`crate::Error::redact`]).
//! The last [`KEEP`] distinct values of at least [`MIN_LEN`] characters are kept, with the
//! token part of `Scheme token` values (`Bearer …`) as well.

use std::cell::RefCell;

/// How many distinct values are remembered: the process's last, for all its adapters. An
/// error is redacted when its call ends, so every credential in flight must still be here
/// then: 512 covers 256 adapters calling at once with a value and its token each (with 32,
/// twenty adapters at once let the first ones' go before their errors were redacted).
const KEEP: usize = 512;
/// Shorter values are not treated as secrets (they would redact ordinary words).
const MIN_LEN: usize = 8;

thread_local! {
    /// Oldest first. A `Vec`, not a `VecDeque`: the deque's ring buffer compiled to more code
    /// (see docs/wasm-size.md), and the removal of the oldest of [`KEEP`] happens
    /// only once that many credentials have been seen.
    static SECRETS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn remember_one(value: &str) {
    let value = value.trim();
    if value.len() < MIN_LEN {
        return;
    }
    SECRETS.with(|s| {
        let mut s = s.borrow_mut();
        if s.iter().any(|v| v == value) {
            return;
        }
        if s.len() == KEEP {
            s.remove(0);
        }
        s.push(value.to_string());
    });
}

/// Headers that never carry credentials (their values, such as `application/json`, must not
/// be redacted from messages).
const PLAIN: &[&str] = &[
    "accept",
    "accept-encoding",
    "accept-language",
    "cache-control",
    "content-type",
    "origin",
    "pragma",
    "referer",
    "user-agent",
];

/// Remembers the value of header `name` the host sent, unless the header is [`PLAIN`].
pub fn remember(name: &str, value: &str) {
    if PLAIN.contains(&name.to_ascii_lowercase().as_str()) {
        return;
    }
    remember_one(value);
    if let Some((_, token)) = value.trim().split_once(' ') {
        remember_one(token);
    }
}

/// The remembered values, longest first (so a full value is replaced before its token).
pub fn all() -> Vec<String> {
    let mut out: Vec<String> = SECRETS.with(|s| s.borrow().clone());
    // a stable insertion sort, longest first (at most KEEP entries): docs/wasm-size.md
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && out[j - 1].len() < out[j].len() {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    out
}

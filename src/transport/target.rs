//! The server URL: only `http:` and `https:` targets are accepted (the adapter has no stdio,
//! no child processes), and credentials stay with the target's origin.

use crate::error::{Error, ErrorCode, Result};

/// A validated `http(s)` endpoint URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    url: String,
    /// Byte length of `scheme://authority` within `url`.
    origin_len: usize,
}

impl Target {
    /// Validates `url`: scheme `http` or `https` (any case), `//`, a non-empty authority
    /// without user info, and no whitespace or control characters anywhere. (The wasm
    /// bindings normalize the string with the platform `URL` parser first.)
    ///
    /// # Errors
    ///
    /// Anything else — a path, `file:`, `ws:`, an empty string — is [`ErrorCode::InvalidUrl`].
    pub fn parse(url: &str) -> Result<Target> {
        let refuse = |why: &str| {
            Error::new(
                ErrorCode::InvalidUrl,
                format!("the MCP server target must be an http(s) URL: {why}"),
            )
        };
        if url.is_empty() {
            return Err(refuse("it is empty"));
        }
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(refuse("it contains whitespace or control characters"));
        }
        // a byte scan, not `split_once` (docs/wasm-size.md)
        let sep = url
            .as_bytes()
            .windows(3)
            .position(|w| w == b"://")
            .ok_or_else(|| refuse("it has no http:// or https:// scheme"))?;
        let (scheme, rest) = (&url[..sep], &url[sep + 3..]);
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(refuse(&format!(
                "the scheme {} is not allowed",
                crate::quoted(&scheme)
            )));
        }
        let authority_len = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let authority = &rest[..authority_len];
        if authority.is_empty() {
            return Err(refuse("it has no host"));
        }
        if authority.as_bytes().contains(&b'@') {
            return Err(refuse(
                "credentials in the URL are not allowed; pass them in headers",
            ));
        }
        let origin_len = url.len() - rest.len() + authority_len;
        Ok(Target {
            url: url.to_string(),
            origin_len,
        })
    }

    /// The URL as given.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// `scheme://authority`, lower-cased: the unit credentials and era verdicts belong to.
    pub fn origin(&self) -> String {
        self.url[..self.origin_len].to_ascii_lowercase()
    }

    /// Resolves a redirect `Location` against this URL. Returns `Some` only when the result
    /// stays on the same origin (absolute same-origin URLs and path-absolute references);
    /// other references are refused so that credentials never travel to another origin.
    pub fn same_origin_redirect(&self, location: &str) -> Option<Target> {
        if location.starts_with("//") {
            return None;
        }
        if location.starts_with('/') {
            return Target::parse(&format!("{}{}", &self.url[..self.origin_len], location)).ok();
        }
        let next = Target::parse(location).ok()?;
        (next.origin() == self.origin()).then_some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_http_and_https_only() {
        let t = Target::parse("HTTPS://Example.com:8443/mcp?x=1").unwrap();
        assert_eq!(t.origin(), "https://example.com:8443");
        assert_eq!(
            Target::parse("http://127.0.0.1:3000").unwrap().origin(),
            "http://127.0.0.1:3000"
        );
        for bad in [
            "",
            "/mcp",
            "mcp.example.com/mcp",
            "file:///etc/passwd",
            "ws://h/mcp",
            "http:///mcp",
            "http://u:p@h/mcp",
            "http://h/ mcp",
            "javascript:alert(1)",
        ] {
            assert_eq!(
                Target::parse(bad).unwrap_err().code,
                ErrorCode::InvalidUrl,
                "{bad}"
            );
        }
    }

    #[test]
    fn redirects_stay_on_the_origin() {
        let t = Target::parse("https://a.example/mcp").unwrap();
        assert_eq!(
            t.same_origin_redirect("/mcp/").unwrap().as_str(),
            "https://a.example/mcp/"
        );
        assert_eq!(
            t.same_origin_redirect("https://A.example/v2")
                .unwrap()
                .as_str(),
            "https://A.example/v2"
        );
        assert!(t.same_origin_redirect("https://evil.example/mcp").is_none());
        assert!(t.same_origin_redirect("//evil.example/mcp").is_none());
        assert!(t.same_origin_redirect("http://a.example/mcp").is_none());
        assert!(t.same_origin_redirect("relative").is_none());
    }
}

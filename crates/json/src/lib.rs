//! The JSON reader and writer of mcp-wasm-adapter, and the wasm's allocator: the code every
//! byte of every response passes through, kept in a crate of its own so that the release
//! profile can compile it for speed (`opt-level = 3`) while the rest of the adapter is
//! compiled for size (`opt-level = "z"`).
//!
//! Why a crate: a profile's `opt-level` applies per crate, and generic code is compiled in
//! the crate that names its types. `serde_json::from_slice::<Value>` and the writer of `Value`
//! are generic, so called from the adapter they would be compiled for size; called from here,
//! they are compiled here, for speed. The allocator is generic over its source and binning in
//! the same way. Measured on the release wasm (docs/wasm-size.md, "Bytes traded for speed"): a list
//! of 1,000 tools and a stream of 10,000 progress notifications cost about a quarter less CPU,
//! for about 4 KB more gzipped wasm.

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::cell::Cell;
use std::fmt;

/// The wasm's allocator: Talc, in place of the standard library's dlmalloc (faster for the
/// many small allocations of a call, and smaller). The adapter runs on one thread, without
/// atomics.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Parses `bytes` (UTF-8 JSON text, RFC 8259) into a value, as `serde_json::from_slice`.
///
/// # Errors
///
/// serde_json's error for text that is not one JSON value, or nests deeper than 128 levels.
#[inline(never)]
pub fn parse(bytes: &[u8]) -> serde_json::Result<Value> {
    // the reader of `parse_owned`, lent no body to keep a string of: one reader in the wasm
    let first = Cell::new(None);
    read(
        bytes,
        Values {
            start: 0,
            len: 0,
            first: &first,
        },
    )
}

/// Reads the one JSON value of `bytes` with `seed`, as `serde_json::from_slice` does.
fn read(bytes: &[u8], seed: Values) -> serde_json::Result<Value> {
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let value = seed.deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// Strings at least this long (bytes) are large: a body's first one keeps the body's own
/// buffer ([`parse_owned`]), and the bindings hand each one to JavaScript on its own.
pub const LARGE_STRING: usize = 64 * 1024;

/// Parses `body` as [`parse`] does, with one copy fewer of a large string: the first string
/// of at least [`LARGE_STRING`] bytes written without escapes (a base64 image or audio clip)
/// is not copied out of the body while it is parsed but takes the body's buffer once the rest
/// is read (its text moved to the front, the buffer cut to it: no string keeps a buffer
/// larger than its text). The parse of a 13 MB image's result then holds about 13 MB at its
/// peak, not 26. Every other string is copied as [`parse`] copies it.
///
/// The reader mirrors serde_json's own `Value` reader as built here, without its
/// `arbitrary_precision` and `raw_value` features (the tests compare the two).
///
/// # Errors
///
/// As [`parse`].
#[inline(never)]
pub fn parse_owned(mut body: Vec<u8>) -> serde_json::Result<Value> {
    let first = Cell::new(None);
    let seed = Values {
        start: body.as_ptr() as usize,
        len: body.len(),
        first: &first,
    };
    let mut value = read(&body, seed)?;
    if let Some(Large { at, len, mark }) = first.get() {
        body.copy_within(at..at + len, 0);
        body.truncate(len);
        // no more buffer than the text (the allocator gives the rest back where it is)
        body.shrink_to_fit();
        // the bytes were a `str` to the parser, so this never fails (the mark stays empty if
        // it did)
        if let (Ok(text), Some(place)) = (String::from_utf8(body), find_mark(&mut value, mark)) {
            *place = text;
        }
    }
    Ok(value)
}

/// Where the first large string of a body lies ([`parse_owned`]): `len` bytes from `at`,
/// and the address of the buffer of the empty string that holds its place in the value.
#[derive(Clone, Copy)]
struct Large {
    at: usize,
    len: usize,
    mark: usize,
}

/// Builds a `Value` as serde_json's own `Deserialize` does, but leaves the first large string
/// it is lent by the reader in the body (see [`parse_owned`]): `start` and `len` are the
/// body's address and length.
#[derive(Clone, Copy)]
struct Values<'a> {
    start: usize,
    len: usize,
    first: &'a Cell<Option<Large>>,
}

impl<'de> DeserializeSeed<'de> for Values<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<Value, D::Error> {
        reader.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Values<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Value, E> {
        let at = (v.as_ptr() as usize).wrapping_sub(self.start);
        let within = self.len.checked_sub(v.len()).is_some_and(|room| at <= room);
        if v.len() < LARGE_STRING || self.first.get().is_some() || !within {
            return Ok(Value::String(v.to_owned()));
        }
        // an empty string with a buffer of its own, whose address no other string shares
        let mark = String::with_capacity(1);
        let (len, address) = (v.len(), mark.as_ptr() as usize);
        self.first.set(Some(Large {
            at,
            len,
            mark: address,
        }));
        Ok(Value::String(mark))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = items.next_element_seed(self)? {
            out.push(item);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut members: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = members.next_key::<String>()? {
            let value = members.next_value_seed(self)?;
            // a repeated key drops the earlier value, as serde_json's reader does (perhaps
            // with the placeholder; see `find_mark`)
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

/// The placeholder of [`parse_owned`] in `value`, if it is there: the empty string whose
/// buffer is at address `mark`. No other string of a parse is empty with a buffer of its own,
/// so a string that took the address after a repeated key dropped the placeholder (and the
/// large string with it, as serde_json's reader drops it) is never taken for it. Recursion is
/// as deep as the value nests (at most 128 levels for what the reader gives).
fn find_mark(value: &mut Value, mark: usize) -> Option<&mut String> {
    match value {
        Value::String(s) if s.is_empty() && s.as_ptr() as usize == mark => Some(s),
        Value::Array(items) => items.iter_mut().find_map(|item| find_mark(item, mark)),
        Value::Object(map) => map.values_mut().find_map(|item| find_mark(item, mark)),
        _ => None,
    }
}

/// Appends `value` to `out` as compact JSON text: the bytes of `value.to_string()`.
#[inline(never)]
pub fn write(value: &Value, out: &mut Vec<u8>) {
    // writing into a Vec cannot fail, and a Value has no key that is not a string
    let _ = serde_json::to_writer(out, value);
}

/// Appends one member `"key":value` of a JSON object being written to `out`, after a comma
/// unless it is the `first` (which it then clears).
pub fn write_member(out: &mut Vec<u8>, first: &mut bool, key: &str, value: &Value) {
    write_key(out, first, key);
    write(value, out);
}

/// Appends the start `"key":` of one member of a JSON object being written to `out`, after a
/// comma unless it is the `first` (which it then clears); the caller writes the value.
pub fn write_key(out: &mut Vec<u8>, first: &mut bool, key: &str) {
    if !std::mem::take(first) {
        out.push(b',');
    }
    write_str(key, out);
    out.push(b':');
}

/// Appends `text` to `out` as a JSON string literal (RFC 8259, section 7: quoted, with `"`,
/// `\\` and control characters escaped), as [`write`] writes a `Value::String`.
#[inline(never)]
pub fn write_str(text: &str, out: &mut Vec<u8>) {
    let _ = serde_json::to_writer(out, text);
}

/// Drops `values`: the teardown of many parsed values (a tool list's pages), compiled here for speed.
#[inline(never)]
pub fn drop_values(values: Vec<Value>) {
    drop(values);
}

/// Drops `value`: the teardown of a result once written out, compiled here for speed.
#[inline(never)]
pub fn drop_value(value: Value) {
    drop(value);
}

/// Whether `value` holds a string of `min_len` bytes or more, anywhere within it. Reads only;
/// recursion is as deep as the value nests (at most 128 levels for what [`parse`] gives).
#[inline(never)]
pub fn holds_string_of(value: &Value, min_len: usize) -> bool {
    match value {
        Value::String(s) => s.len() >= min_len,
        Value::Array(items) => items.iter().any(|item| holds_string_of(item, min_len)),
        Value::Object(map) => map.values().any(|item| holds_string_of(item, min_len)),
        _ => false,
    }
}

/// How many objects within `value`, at most `max_depth` levels below it (`value` itself is
/// level 0), have a member named `key`, counted up to `enough` (the walk stops there: `1`
/// asks whether there is any). Reads only; recursion is bounded by `max_depth`.
///
/// Compiled here for speed: it runs over every listed tool's input schema, nearly always to
/// find nothing.
#[inline(never)]
pub fn count_key(value: &Value, key: &str, max_depth: usize, enough: usize) -> usize {
    let mut count = 0;
    let visit = |child: &Value, count: &mut usize| {
        if max_depth > 0 && matches!(child, Value::Object(_) | Value::Array(_)) {
            *count += count_key(child, key, max_depth - 1, enough - *count);
        }
        *count >= enough
    };
    match value {
        Value::Object(map) => {
            count = usize::from(map.contains_key(key));
            for child in map.values() {
                if count >= enough || visit(child, &mut count) {
                    break;
                }
            }
        }
        Value::Array(items) => {
            for child in items {
                if visit(child, &mut count) {
                    break;
                }
            }
        }
        _ => {}
    }
    count
}

/// The memory `values` take once parsed, everything within them included, in units of one
/// scalar `Value` (24 bytes on wasm32), counted up to `enough` (the walk stops there): a
/// scalar 1; a string 1 and one more per 16 bytes of text; an array 1 and its items; an
/// object 1 and, when it has members, its first map node's worth (20: a B-tree node holds
/// eleven keys and values), two per member (its key and its place in the node) and one more
/// per 16 bytes of key, and the members' values. So pages of tiny objects, which parse into
/// some forty times their text, weigh what they take, whatever their text's layout. Reads
/// only; recursion is as deep as the values nest (at most 128 levels for what [`parse`]
/// gives).
#[inline(never)]
pub fn weigh_values(values: &[Value], enough: usize) -> usize {
    let mut weight = 0;
    for value in values {
        if weight >= enough {
            break;
        }
        weight += 1;
        match value {
            Value::String(text) => weight += text.len() / 16,
            Value::Array(items) => weight += weigh_values(items, enough - weight),
            Value::Object(map) => {
                if !map.is_empty() {
                    weight += 20;
                }
                for (key, child) in map {
                    if weight >= enough {
                        break;
                    }
                    weight += 2 + key.len() / 16;
                    weight +=
                        weigh_values(std::slice::from_ref(child), enough.saturating_sub(weight));
                }
            }
            _ => {}
        }
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::{count_key, holds_string_of, parse, parse_owned, weigh_values, LARGE_STRING};
    use serde_json::{json, Value};

    #[test]
    fn count_key_counts_objects_holding_the_key_up_to_enough() {
        let value = json!({"k": 1, "a": [{"k": 2}, {"b": {"k": 3}}], "c": "k", "d": {"K": 4}});
        assert_eq!(count_key(&value, "k", 8, usize::MAX), 3);
        assert_eq!(count_key(&value, "k", 8, 2), 2);
        assert_eq!(count_key(&value, "k", 8, 1), 1);
        assert_eq!(count_key(&json!([["k"], {"x": "k"}]), "k", 8, 1), 0);
        assert_eq!(count_key(&json!("k"), "k", 8, 1), 0);
    }

    #[test]
    fn count_key_looks_no_deeper_than_max_depth() {
        // the key sits in an object at level 3 (root 0, array 1, object 2, object 3)
        let value = json!({"a": [{"b": {"k": true}}]});
        assert_eq!(count_key(&value, "k", 3, 1), 1);
        assert_eq!(count_key(&value, "k", 2, 1), 0);
        assert_eq!(count_key(&json!({"k": 0}), "k", 0, 1), 1);
    }

    #[test]
    fn weigh_values_weighs_what_the_parse_takes_up_to_enough() {
        let values = [json!({"a": [1, 2, {}], "c": "x"}), json!(0)];
        // the object 1 + its node 20 + two members 2 each; its array 1, 1, 2, the empty
        // object 1; "x" 1; then 0
        assert_eq!(count(&values), 1 + 20 + 4 + 4 + 1 + 1);
        assert!(weigh_values(&values, 3) >= 3);
        assert_eq!(weigh_values(&[], 5), 0);
        // a string by its text, an object by its node: a tiny tool outweighs its 17 bytes
        assert_eq!(count(&[json!("x".repeat(64))]), 1 + 4);
        assert_eq!(count(&[json!({"name": "0abc"})]), 1 + 20 + 2 + 1);
    }

    /// `parse_owned` gives what `parse` gives: every kind of value, escapes, a large string
    /// with and without escapes, several large strings, nested ones, and the errors.
    #[test]
    fn parse_owned_parses_as_parse_does() {
        let large = "A".repeat(LARGE_STRING);
        let texts = [
            r#"{"a":[1,-2,3.5,1e300,-0.0,true,false,null,"x\u00e9\n",{}],"b":{"c":[]},"d":"é"}"#
                .to_owned(),
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"image","data":"{large}","mimeType":"image/png"}}]}}}}"#
            ),
            format!(r#"["{large}","{large}B",{{"k":"{large}C"}},"\n{large}"]"#),
            format!(r#""{large}""#),
            format!(r#"[[[{{"deep":["{large}"]}}]],""]"#),
            format!(r#" {{"a": "{large}" , "b" : "" }} "#),
            // a repeated key drops the first large string, placeholder and all
            format!(r#"[{{"a":"{large}","a":1}},"x",{{"b":{{"c":["{large}"]}},"b":"y"}},"z"]"#),
            format!(r#"[{{"a":"{large}","a":"{large}D"}},"x"]"#),
            // numbers at the edges (an arbitrary_precision serde_json would read these apart)
            r#"[18446744073709551615,18446744073709551616,-9223372036854775808,-9223372036854775809,1.0,1e-400,0.1]"#.to_owned(),
        ];
        for text in &texts {
            let want: Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                parse_owned(text.clone().into_bytes()).unwrap(),
                want,
                "{text:.80}"
            );
        }
        for bad in [&b"{\"a\":1} x"[..], b"[1,", b"", b"\"\xff\""] {
            assert!(parse_owned(bad.to_vec()).is_err());
            assert!(parse(bad).is_err());
        }
        // nested deeper than 128 levels: refused, as by `parse`
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(parse_owned(deep.into_bytes()).is_err());
    }

    /// The first large string of the body keeps the body's buffer: no second copy of it.
    #[test]
    fn parse_owned_leaves_the_first_large_string_in_the_body_buffer() {
        let text = format!(
            r#"{{"data":"{}","more":"{}"}}"#,
            "A".repeat(3 * LARGE_STRING),
            "B".repeat(LARGE_STRING)
        );
        let mut body = text.into_bytes();
        body.shrink_to_fit(); // as a body read to its declared length is
        let buffer = body.as_ptr() as usize;
        let value = parse_owned(body).unwrap();
        let Value::Object(map) = &value else {
            panic!("not an object")
        };
        assert_eq!(map["data"].as_str().unwrap().as_ptr() as usize, buffer);
        assert_ne!(map["more"].as_str().unwrap().as_ptr() as usize, buffer);
        assert_eq!(map["more"].as_str().unwrap().len(), LARGE_STRING);
    }

    /// A large string of a body read into a buffer far larger than what came (a declared
    /// length far above the bytes sent) keeps no more buffer than its text.
    #[test]
    fn parse_owned_keeps_no_more_buffer_than_the_large_string() {
        let text = format!(r#"["{}"]"#, "A".repeat(LARGE_STRING));
        let mut body = Vec::with_capacity(8 * LARGE_STRING);
        body.extend_from_slice(text.as_bytes());
        let Value::Array(items) = parse_owned(body).unwrap() else {
            panic!("not an array")
        };
        let Value::String(data) = &items[0] else {
            panic!("not a string")
        };
        assert_eq!(data.len(), LARGE_STRING);
        assert!(data.capacity() < 2 * LARGE_STRING, "{}", data.capacity());
    }

    fn count(values: &[Value]) -> usize {
        weigh_values(values, usize::MAX)
    }

    #[test]
    fn holds_string_of_finds_a_long_string_anywhere() {
        let value = json!({"a": [1, {"b": "four"}], "c": "xy"});
        assert!(holds_string_of(&value, 4));
        assert!(!holds_string_of(&value, 5));
        assert!(holds_string_of(&json!("abc"), 3));
        assert!(!holds_string_of(&json!(null), 0));
    }
}

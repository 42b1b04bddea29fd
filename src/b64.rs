//! Standard base64 (RFC 4648 §4: alphabet `A–Z a–z 0–9 + /`, `=` padding), our own rather
//! than a crate's (see docs/wasm-size.md). The rules are those of the `base64`
//! crate's `STANDARD` engine: encoding pads; decoding accepts only canonical text (length a
//! multiple of 4, `=` only as the last one or two characters, no bits set past the last
//! byte). The tests check both against that crate.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` as standard base64 with padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let byte = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let bits = byte(0) << 16 | byte(1) << 8 | byte(2);
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(ALPHABET[(bits >> (18 - 6 * i)) as usize & 63])
            } else {
                '='
            });
        }
    }
    out
}

fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// The bytes of canonical, padded standard base64; `None` for anything else.
pub fn decode(text: &[u8]) -> Option<Vec<u8>> {
    if text.len() % 4 != 0 {
        return None;
    }
    let quads = text.len() / 4;
    let mut out = Vec::with_capacity(quads * 3);
    for (i, quad) in text.chunks_exact(4).enumerate() {
        let pad = if i + 1 == quads {
            quad.iter().rev().take_while(|&&c| c == b'=').count()
        } else {
            0
        };
        if pad > 2 {
            return None;
        }
        let mut bits = 0;
        for &c in &quad[..4 - pad] {
            bits = bits << 6 | sextet(c)?;
        }
        bits <<= 6 * pad;
        // the bits past the last byte must be zero
        if bits & ((1 << (8 * pad)) - 1) != 0 {
            return None;
        }
        out.extend_from_slice(&bits.to_be_bytes()[1..4 - pad]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;

    const STANDARD: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

    include!("../tests/support/rng.rs");

    #[test]
    fn encode_matches_the_base64_crate() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for len in 0..64 {
            for _ in 0..50 {
                let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                assert_eq!(encode(&bytes), STANDARD.encode(&bytes));
            }
        }
        assert_eq!(encode("Hello, 世界".as_bytes()), "SGVsbG8sIOS4lueVjA==");
    }

    #[test]
    fn decode_matches_the_base64_crate() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        // mostly valid symbols, some padding, now and then anything else
        let symbols: Vec<u8> = ALPHABET
            .iter()
            .copied()
            .chain(*b"====\n -_.\x00\xff")
            .collect();
        for _ in 0..300_000 {
            let len = rng.below(14) as usize;
            let mut text: Vec<u8> = (0..len)
                .map(|_| symbols[rng.below(symbols.len() as u64) as usize])
                .collect();
            if len > 2 && rng.below(2) == 0 {
                // valid-looking ends: pad the tail
                let pads = 1 + rng.below(2) as usize;
                for c in text.iter_mut().rev().take(pads) {
                    *c = b'=';
                }
            }
            assert_eq!(
                decode(&text),
                STANDARD.decode(&text).ok(),
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
        for len in 0..64 {
            for _ in 0..50 {
                let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                let text = STANDARD.encode(&bytes);
                assert_eq!(decode(text.as_bytes()), Some(bytes));
            }
        }
        for text in [
            "", "QQ==", "QR==", "QUI=", "QUJ=", "QUJD", "QQ", "QQ=", "Q===", "====", "QQ==QUJD",
            "QUJDQQ==", "QU=D", "QUJD\n",
        ] {
            assert_eq!(
                decode(text.as_bytes()),
                STANDARD.decode(text).ok(),
                "{text:?}"
            );
        }
    }
}

//! cargo-fuzz target: `checks::sse_chunking` (see tests/properties/checks.rs for the properties).
#![no_main]

#[path = "../../tests/properties/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sse_chunking(data));

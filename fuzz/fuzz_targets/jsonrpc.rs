//! cargo-fuzz target: `checks::jsonrpc` (see tests/properties/checks.rs for the properties).
#![no_main]

#[path = "../../tests/properties/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::jsonrpc(data));

//! cargo-fuzz target: `checks::schema_preparation`, `checks::schema_root_is_object` and
//! `checks::schema_fast_path` (see tests/properties/checks.rs for the properties).
#![no_main]

#[path = "../../tests/properties/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::schema_preparation(data);
    checks::schema_root_is_object(data);
    checks::schema_fast_path(data);
});

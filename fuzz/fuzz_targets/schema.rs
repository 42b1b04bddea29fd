//! cargo-fuzz target: `checks::schema_preparation` and `checks::schema_root_is_object` (see
//! tests/properties/checks.rs for the properties).
#![no_main]

#[path = "../../tests/properties/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::schema_preparation(data);
    checks::schema_root_is_object(data);
});

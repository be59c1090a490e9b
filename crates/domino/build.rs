//! With the `schema` feature: tells utoipa what the library's type aliases
//! stand for (a value is an `i64`, a cell a `(row, column)` pair), so the
//! derived schemas see through them as serde does. utoipa matches an
//! alias by the type's last name: a `serde_json::Value` field of a schema
//! type needs its own `value_type` (as `ReadingDocument::puzzle` has).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "schema")]
    utoipa_config::Config::new()
        .alias_for("Value", "i64")
        .alias_for("Cell", "(usize, usize)")
        .write_to_file();
}

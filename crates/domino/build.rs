//! With the `schema` feature: tells utoipa what the library's type aliases
//! stand for (a value is an `i64`, a cell a `(row, column)` pair), so the
//! derived schemas see through them as serde does.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "schema")]
    utoipa_config::Config::new()
        .alias_for("Value", "i64")
        .alias_for("Cell", "(usize, usize)")
        .write_to_file();
}

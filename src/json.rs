//! JSON as a person reads and types it: layouts, reports and manifests.

/// JSON of a run of layouts: the object itself for one, an array for several.
pub fn json_one_or_many<T: serde::Serialize>(items: &[T]) -> String {
    match items {
        [one] => readable_json(one),
        many => readable_json(&many),
    }
}

/// Pretty JSON a person can read and type: indented, but an array of plain
/// values that fits on a line (a cell `[3, 7]`, a hand of cards) stays on one
/// line. Ends with a line break.
pub fn readable_json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    let value = serde_json::to_value(value).expect("layouts serialise");
    let mut out = String::new();
    write_json(&value, 0, &mut out);
    out.push('\n');
    out
}

/// A value as [`readable_json`] writes it when it stands `indent` levels
/// deep, without a line break after it: for documents written in pieces.
pub fn readable_json_at(value: &serde_json::Value, indent: usize) -> String {
    let mut out = String::new();
    write_json(value, indent, &mut out);
    out
}

/// Widest array kept on one line.
const INLINE_WIDTH: usize = 72;

fn write_json(v: &serde_json::Value, indent: usize, out: &mut String) {
    use serde_json::Value;
    let pad = |n: usize| "  ".repeat(n);
    match v {
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Array(items) => {
            // Plain values, or arrays of plain values: one line when short.
            let plain = |x: &Value| !matches!(x, Value::Array(_) | Value::Object(_));
            let simple = items
                .iter()
                .all(|x| plain(x) || matches!(x, Value::Array(inner) if inner.iter().all(plain)));
            let line = inline(v);
            if simple && line.len() + indent * 2 <= INLINE_WIDTH {
                out.push_str(&line);
                return;
            }
            out.push_str("[\n");
            for (i, x) in items.iter().enumerate() {
                out.push_str(&pad(indent + 1));
                write_json(x, indent + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(indent));
            out.push(']');
        }
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (k, x)) in map.iter().enumerate() {
                out.push_str(&pad(indent + 1));
                out.push_str(&serde_json::to_string(k).expect("a key serialises"));
                out.push_str(": ");
                write_json(x, indent + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(indent));
            out.push('}');
        }
        plain => out.push_str(&serde_json::to_string(plain).expect("a value serialises")),
    }
}

/// An array on one line, with a space after each comma between items.
fn inline(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(inline).collect();
            format!("[{}]", parts.join(", "))
        }
        other => serde_json::to_string(other).expect("a value serialises"),
    }
}

/// A JSON parser's refusal as a message, with where in the text it stopped.
/// A file that is not JSON at all, or ends early, is said by key; what
/// serde says about a layout's fields (a wrong type, a missing field) is
/// serde's own English text, which no key can word, so it is carried as
/// given inside a keyed sentence.
pub fn error_msg(e: &serde_json::Error) -> crate::message::Msg {
    use serde_json::error::Category;
    let (line, column) = (e.line(), e.column());
    match e.classify() {
        Category::Eof => crate::msg!("json.eof", line = line, column = column),
        Category::Syntax | Category::Io => crate::msg!("json.syntax", line = line, column = column),
        Category::Data => {
            let text = e.to_string();
            let place = format!(" at line {line} column {column}");
            let why = text.strip_suffix(&place).unwrap_or(&text).to_string();
            match line {
                0 => crate::msg!("json.data", why = why),
                _ => crate::msg!("json.data_at", why = why, line = line, column = column),
            }
        }
    }
}

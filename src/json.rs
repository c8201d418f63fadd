//! JSON as a person reads and types it: layouts, reports and manifests.

use serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::{IntoDeserializer, Unexpected, Visitor};
use serde_json::error::Category;

use crate::message::Msg;
use crate::msg;

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

/// Reads `text` as JSON into `T`, refused with a message: a file that is
/// not JSON at all, or ends early, by where the parser stopped; a value
/// that is not what the layout takes (a missing field, a number where a
/// list belongs) by the field it is at. serde_json words that second kind
/// in its own English text, so the file is read again from its parsed
/// values by [`Values`], whose errors are data: the field's path and what
/// is wrong, each a key of the catalogues.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Msg> {
    serde_json::from_str(text).map_err(|e| match e.classify() {
        Category::Data => serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| T::deserialize(Values::at_top(v)).err())
            .map_or_else(|| error_msg(&e), DataError::into_msg),
        _ => error_msg(&e),
    })
}

/// A JSON parser's refusal as a message, with where in the text it stopped.
/// What serde says about a value (rarely needed: see [`from_str`]) is its
/// own English text, which no key can word: it is carried as given.
pub(crate) fn error_msg(e: &serde_json::Error) -> Msg {
    let (line, column) = (e.line(), e.column());
    match e.classify() {
        Category::Eof => msg!("json.eof", line = line, column = column),
        Category::Syntax | Category::Io => msg!("json.syntax", line = line, column = column),
        Category::Data => {
            let text = e.to_string();
            let place = format!(" at line {line} column {column}");
            let why = text.strip_suffix(&place).unwrap_or(&text).to_string();
            match line {
                0 => msg!("json.data", why = why),
                _ => msg!("json.data_at", why = why, line = line, column = column),
            }
        }
    }
}

/// What is wrong with a value of a JSON file, and the path of the field it
/// is at (`cells[3]`); serde's own words only for a refusal a type made up
/// itself (`custom`).
#[derive(Debug)]
struct DataError {
    path: Option<String>,
    what: Msg,
}

impl DataError {
    fn new(what: Msg) -> DataError {
        DataError { path: None, what }
    }

    /// The error at `path`, unless it names a deeper field already.
    fn at(mut self, path: &str) -> DataError {
        if self.path.is_none() && !path.is_empty() {
            self.path = Some(path.to_string());
        }
        self
    }

    fn into_msg(self) -> Msg {
        match self.path {
            Some(path) => msg!("at", place = path, message = self.what),
            None => self.what,
        }
    }
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what.words("en"))
    }
}

impl std::error::Error for DataError {}

impl serde::de::Error for DataError {
    fn custom<T: std::fmt::Display>(why: T) -> DataError {
        DataError::new(msg!("json.data", why = why.to_string()))
    }
    fn invalid_type(found: Unexpected, _: &dyn serde::de::Expected) -> DataError {
        DataError::new(msg!("json.wrong_type", found = found_words(found)))
    }
    fn invalid_value(found: Unexpected, _: &dyn serde::de::Expected) -> DataError {
        DataError::new(msg!("json.wrong_value", found = found_words(found)))
    }
    fn invalid_length(len: usize, _: &dyn serde::de::Expected) -> DataError {
        DataError::new(msg!("json.wrong_length", n = len))
    }
    fn unknown_variant(value: &str, expected: &'static [&'static str]) -> DataError {
        let value = crate::error::quote(value);
        DataError::new(msg!("json.unknown_value", value = value, choices = expected.join(", ")))
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> DataError {
        let field = crate::error::quote(field);
        DataError::new(msg!("json.unknown_field", field = field, fields = expected.join(", ")))
    }
    fn missing_field(field: &'static str) -> DataError {
        DataError::new(msg!("json.missing_field", field = field))
    }
    fn duplicate_field(field: &'static str) -> DataError {
        DataError::new(msg!("json.duplicate_field", field = field))
    }
}

/// A value as a reader finds it where another belongs: "a number", "text 'x'".
fn found_words(found: Unexpected) -> Msg {
    match found {
        Unexpected::Bool(b) => msg!("json.found.bool", value = b.to_string()),
        Unexpected::Unsigned(n) => msg!("json.found.number", value = n.to_string()),
        Unexpected::Signed(n) => msg!("json.found.number", value = n.to_string()),
        Unexpected::Float(n) => msg!("json.found.number", value = n.to_string()),
        Unexpected::Char(c) => msg!("json.found.text", value = crate::error::quote(&c.to_string())),
        Unexpected::Str(s) => msg!("json.found.text", value = crate::error::quote(s)),
        Unexpected::Unit | Unexpected::Option => msg!("json.found.null"),
        Unexpected::Seq => msg!("json.found.list"),
        Unexpected::Map => msg!("json.found.object"),
        _ => msg!("json.found.other"),
    }
}

/// A parsed JSON value read into a type as serde_json reads text, with
/// errors as data ([`DataError`]) that name the path of their field.
struct Values {
    value: serde_json::Value,
    path: String,
}

impl Values {
    fn at_top(value: serde_json::Value) -> Values {
        Values {
            value,
            path: String::new(),
        }
    }

    fn unexpected(&self) -> Unexpected<'_> {
        match &self.value {
            serde_json::Value::Null => Unexpected::Unit,
            serde_json::Value::Bool(b) => Unexpected::Bool(*b),
            serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Unexpected::Unsigned(u),
                (_, Some(i)) => Unexpected::Signed(i),
                _ => Unexpected::Float(n.as_f64().unwrap_or(0.0)),
            },
            serde_json::Value::String(s) => Unexpected::Str(s),
            serde_json::Value::Array(_) => Unexpected::Seq,
            serde_json::Value::Object(_) => Unexpected::Map,
        }
    }

    fn items(list: Vec<serde_json::Value>, path: &str) -> impl Iterator<Item = Values> + use<> {
        let path = path.to_string();
        list.into_iter().enumerate().map(move |(i, value)| Values {
            value,
            path: format!("{path}[{i}]"),
        })
    }

    fn fields(
        map: serde_json::Map<String, serde_json::Value>,
        path: &str,
    ) -> impl Iterator<Item = (String, Values)> + use<> {
        let path = path.to_string();
        map.into_iter().map(move |(key, value)| {
            let path = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            (key, Values { value, path })
        })
    }
}

impl<'de> serde::de::IntoDeserializer<'de, DataError> for Values {
    type Deserializer = Values;
    fn into_deserializer(self) -> Values {
        self
    }
}

impl<'de> serde::Deserializer<'de> for Values {
    type Error = DataError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DataError> {
        let path = self.path.clone();
        let read = match self.value {
            serde_json::Value::Null => visitor.visit_unit(),
            serde_json::Value::Bool(b) => visitor.visit_bool(b),
            serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => visitor.visit_u64(u),
                (_, Some(i)) => visitor.visit_i64(i),
                _ => visitor.visit_f64(n.as_f64().unwrap_or(0.0)),
            },
            serde_json::Value::String(s) => visitor.visit_string(s),
            serde_json::Value::Array(list) => {
                let mut items = SeqDeserializer::new(Values::items(list, &path));
                visitor.visit_seq(&mut items).and_then(|v| items.end().map(|()| v))
            }
            serde_json::Value::Object(map) => {
                let mut fields = MapDeserializer::new(Values::fields(map, &path));
                visitor.visit_map(&mut fields).and_then(|v| fields.end().map(|()| v))
            }
        };
        read.map_err(|e| e.at(&path))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DataError> {
        match self.value {
            serde_json::Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, DataError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DataError> {
        let path = self.path.clone();
        let read = match self.value {
            serde_json::Value::String(s) => visitor.visit_enum(s.into_deserializer()),
            serde_json::Value::Object(map) => visitor.visit_enum(MapAccessDeserializer::new(MapDeserializer::new(
                Values::fields(map, &path),
            ))),
            _ => Err(serde::de::Error::invalid_type(self.unexpected(), &visitor)),
        };
        read.map_err(|e| e.at(&path))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

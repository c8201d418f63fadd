//! A refusal of a web request: the status, what it says and the field it
//! is about. Every part of the server answers with one, so it sits below
//! them all.

use crate::error::Error;
use crate::message::Msg;

/// A refusal: what it says, and the field it is about when there is one
/// (a setting's name, or `GAME.SETTING` in a pack of several games).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub status: u16,
    /// The line to show: English until it is worded in the page's language.
    pub message: String,
    pub field: Option<String>,
    /// The message as data, worded in the page's language when sent.
    pub msg: Msg,
}

impl Refusal {
    pub fn new(status: u16, msg: Msg) -> Refusal {
        Refusal {
            status,
            message: crate::error::tidy(&msg.words("en")),
            field: None,
            msg,
        }
    }

    pub fn at(mut self, field: &str) -> Refusal {
        self.field = Some(field.to_string());
        self
    }

    /// The same refusal with its line in `lang`.
    pub fn worded(mut self, lang: &str) -> Refusal {
        self.message = crate::error::tidy(&self.msg.words(lang));
        self
    }

    /// A library error, at the field it names.
    pub(crate) fn from_error(e: Error) -> Refusal {
        Refusal {
            status: 400,
            message: e.message,
            field: e.field,
            msg: e.msg,
        }
    }

    /// The refusal as the page reads it: `{"error", "field"}`.
    pub fn json(&self) -> String {
        let mut j = serde_json::json!({ "error": self.message });
        if let Some(f) = &self.field {
            j["field"] = serde_json::Value::String(f.clone());
        }
        j.to_string()
    }
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Refusal {
        Refusal::from_error(e)
    }
}

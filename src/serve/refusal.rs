//! A refusal of a web request: the status, the line to show and the field
//! it is about. Every part of the server answers with one, so it sits below
//! them all.

use crate::error::Error;

/// A refusal: the line to show, and the field it is about when there is one
/// (a setting's name, or `GAME.SETTING` in a pack of several games).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
    pub field: Option<String>,
    /// The message as data, worded in the page's language when sent.
    pub keyed: Option<crate::error::Keyed>,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: crate::error::tidy(&message.into()),
            field: None,
            keyed: None,
        }
    }

    /// A refusal said as a message of the catalogues.
    pub fn msg(status: u16, msg: crate::message::Msg) -> Refusal {
        Refusal {
            keyed: Some(crate::error::Keyed {
                prefix: String::new(),
                msg: msg.clone(),
            }),
            ..Refusal::new(status, msg.words("en"))
        }
    }

    pub fn at(mut self, field: &str) -> Refusal {
        self.field = Some(field.to_string());
        self
    }

    /// A library error, at the field it names.
    pub fn from_error(e: Error) -> Refusal {
        let line = e.message.lines().next().unwrap_or("").to_string();
        Refusal {
            status: 400,
            message: crate::error::tidy(&line),
            field: e.field,
            keyed: e.keyed,
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

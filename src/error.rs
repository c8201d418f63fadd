//! The one error type the library returns, carrying the exit code it maps to.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad input, unreadable or malformed files, I/O failures: exit 2.
    Input,
    /// A layout that breaks the game's rules: exit 1.
    Rules,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl Error {
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            message: message.into(),
        }
    }

    pub fn exit_code(&self) -> i32 {
        match self.kind {
            ErrorKind::Input => 2,
            ErrorKind::Rules => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<crate::seed::SeedError> for Error {
    fn from(e: crate::seed::SeedError) -> Error {
        Error::input(e.0)
    }
}

impl From<crate::text::TextError> for Error {
    fn from(e: crate::text::TextError) -> Error {
        Error::input(e.0)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

//! What Panic Buy prints.
use crate::error::Result;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    Board,
    Components,
    Tally,
}

impl SheetKind {
    pub const ALL: [SheetKind; 3] = [SheetKind::Board, SheetKind::Components, SheetKind::Tally];
    pub const DEFAULT: [SheetKind; 3] = SheetKind::ALL;

    pub fn name(self) -> &'static str {
        match self {
            SheetKind::Board => "board",
            SheetKind::Components => "components",
            SheetKind::Tally => "tally",
        }
    }

    pub fn parse_list(text: &str) -> Result<Vec<SheetKind>> {
        crate::games::parse_sheet_list(text, &SheetKind::ALL, &SheetKind::DEFAULT, SheetKind::name)
    }

    pub fn code_list(kinds: &[SheetKind]) -> String {
        crate::games::sheet_code_list(kinds, &SheetKind::DEFAULT, SheetKind::name)
    }
}

//! A kernel's parse error, with its line, column and a caret under the problem.

/// A parse error, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelError {
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl KernelError {
    /// An error at a place.
    #[must_use]
    pub fn at(line: usize, col: usize, message: impl Into<String>) -> KernelError {
        KernelError {
            line,
            col,
            message: message.into(),
        }
    }

    /// The message with the source line and a caret under the problem.
    #[must_use]
    pub fn with_caret(&self, src: &str) -> String {
        let text = src.lines().nth(self.line.saturating_sub(1)).unwrap_or("");
        let shown: String = text.chars().take(120).collect();
        let pad: String = text
            .chars()
            .take(self.col.saturating_sub(1).min(120))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let head = crate::tr!(
            "kernel.error.at",
            line = self.line,
            col = self.col,
            message = &self.message
        );
        format!("{head}\n{shown}\n{pad}^")
    }
}

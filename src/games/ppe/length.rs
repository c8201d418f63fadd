//! How long a game runs: the score pad is sized by it.

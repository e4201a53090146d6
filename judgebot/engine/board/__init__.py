"""The board and what is in force on it: the model of a scenario (`model`), effects and their precedence (`effects`), Energy and costs (`energy`)."""

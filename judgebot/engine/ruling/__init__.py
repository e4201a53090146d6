"""The ruling: the cited step trace (`trace.Ruling`), which sections a step cites (`citations`), and `--verify` (`verify`)."""

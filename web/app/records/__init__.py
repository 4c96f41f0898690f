"""Match records: .mat files, position IDs, replay frames, dice statistics, and the page's panel."""

"""Files on disk, the plumbing every stage shares: opening input files within bounds
(:mod:`.inputs`), telling what a file is (:mod:`.kinds`), replacing a file all at once
(:mod:`.atomic`), checking where a report may be written (:mod:`.outputs`), the user's folders
(:mod:`.folders`), SHA-256 without OpenSSL (:mod:`.sha256`) and YAML read safely
(:mod:`.safe_yaml`)."""

"""The Comprehensive Rules text: decoding, parsing (pure) and downloading (I/O) kept apart."""

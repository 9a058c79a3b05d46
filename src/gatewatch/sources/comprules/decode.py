"""Turn the bytes of an official CR file into text: every encoding Wizards used since 2015."""

from __future__ import annotations

from ...errors import SourceError

# Bytes undefined in Windows-1252: their presence means the file is not cp1252 text.
_CP1252_UNDEFINED = {0x81, 0x8D, 0x8F, 0x90, 0x9D}


def decode_rules_bytes(data: bytes, source: str) -> str:
    """Decode (BOM first, then UTF-8, then Windows-1252) and normalise line endings to LF."""
    if not data:
        raise SourceError(source, "empty file")
    if data.startswith(b"\xef\xbb\xbf"):
        text = _strict(data[3:], "utf-8", source)
    elif data.startswith(b"\xff\xfe"):
        text = _strict(data[2:], "utf-16-le", source)
    elif data.startswith(b"\xfe\xff"):
        text = _strict(data[2:], "utf-16-be", source)
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            bad = next((i for i, b in enumerate(data) if b in _CP1252_UNDEFINED), None)
            if bad is not None:
                raise SourceError(source, f"undecodable byte 0x{data[bad]:02x} at offset {bad} "
                                          "(not UTF-8, UTF-16 or Windows-1252)") from None
            text = data.decode("cp1252")
    if "\x00" in text:
        raise SourceError(source, "contains NUL characters (binary file or wrong encoding)")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _strict(data: bytes, encoding: str, source: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise SourceError(source, f"undecodable bytes at offset {err.start} for {encoding}") from None

"""Pluggable mail transport. The default writes the message to the log; a deployment registers its own."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from dataclasses import dataclass

log = logging.getLogger("gatewatch.accounts.mail")


@dataclass(frozen=True)
class Message:
    to: str
    subject: str
    body: str


class Mailer(ABC):
    name = "base"

    @abstractmethod
    def send(self, message: Message) -> None:
        """Deliver the message or raise."""


class LogMailer(Mailer):
    """Writes the whole message to the log: the one log line allowed to hold an email address."""

    name = "log"

    def __init__(self) -> None:
        # Uvicorn configures only its own loggers: without this the message would vanish at INFO level.
        if not log.hasHandlers():
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
            log.addHandler(handler)
            log.setLevel(logging.INFO)

    def send(self, message: Message) -> None:
        log.info("mail to %s: %s\n%s", message.to, message.subject, message.body)
        for handler in log.handlers:
            handler.flush()


class MemoryMailer(Mailer):
    """Keeps messages in a list: for tests and for a shell session."""

    name = "memory"

    def __init__(self) -> None:
        self.outbox: list[Message] = []

    def send(self, message: Message) -> None:
        self.outbox.append(message)


MAILERS: dict[str, type[Mailer]] = {m.name: m for m in (LogMailer, MemoryMailer)}


def register_mailer(cls: type[Mailer]) -> type[Mailer]:
    MAILERS[cls.name] = cls
    return cls


def mailer(name: str = "log") -> Mailer:
    return MAILERS[name]()

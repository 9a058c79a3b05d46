"""LLM backends that write a prose answer from the evidence. One abstract method and a registry;
the OpenAI-compatible HTTP backend covers vLLM, llama.cpp's server, Ollama and hosted APIs."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from typing import ClassVar

import httpx

from ..errors import GatewatchError


class LLMError(GatewatchError):
    """The LLM backend failed; the judge falls back to the extractive answer."""


class LLMBackend(ABC):
    name: ClassVar[str]

    @abstractmethod
    def complete(self, system: str, user: str) -> str:
        """Return the model's reply to one system + user message pair."""


REGISTRY: dict[str, type[LLMBackend]] = {}


def register(cls: type[LLMBackend]) -> type[LLMBackend]:
    REGISTRY[cls.name] = cls
    return cls


@register
class OpenAICompatible(LLMBackend):
    """POST {base_url}/chat/completions with a bearer key. Settings: GATEWATCH_LLM_BASE_URL,
    GATEWATCH_LLM_MODEL, GATEWATCH_LLM_API_KEY (optional), GATEWATCH_LLM_TIMEOUT (seconds)."""

    name = "openai"

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key
        self.timeout = timeout

    def complete(self, system: str, user: str) -> str:
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        body = {"model": self.model, "temperature": 0.1,
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}
        try:
            r = httpx.post(f"{self.base_url}/chat/completions", json=body, headers=headers, timeout=self.timeout)
            r.raise_for_status()
            return r.json()["choices"][0]["message"]["content"]
        except (httpx.HTTPError, KeyError, IndexError, ValueError) as err:
            raise LLMError(f"LLM backend {self.base_url}: {err}") from None


def configured_backend() -> LLMBackend | None:
    """The backend the settings name, or None (then the judge answers extractively)."""
    name = os.environ.get("GATEWATCH_LLM", "openai" if os.environ.get("GATEWATCH_LLM_BASE_URL") else "")
    if not name:
        return None
    if name != "openai":
        cls = REGISTRY.get(name)
        return cls() if cls is not None else None  # type: ignore[call-arg]
    base = os.environ.get("GATEWATCH_LLM_BASE_URL")
    model = os.environ.get("GATEWATCH_LLM_MODEL", "default")
    if not base:
        return None
    return OpenAICompatible(base, model, os.environ.get("GATEWATCH_LLM_API_KEY"),
                            float(os.environ.get("GATEWATCH_LLM_TIMEOUT", "30")))

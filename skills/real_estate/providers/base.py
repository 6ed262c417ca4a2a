"""The provider interface every listing source implements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # criteria imports providers.listing; avoid the cycle at run time
    from criteria import Criteria


class Provider(Protocol):
    """A source of listings. Results use the tool-result shapes of docs/protocol.md."""

    name: str

    def warm(self) -> None:
        """Prepare expensive state (data, HTTP client) ahead of the first call."""
        ...

    def search(self, criteria: Criteria) -> dict[str, Any]:
        """{"type": "listings", "items", "total", "page", "criteria"}; raises ToolError."""
        ...

    def details(self, zpid: str) -> dict[str, Any]:
        """{"type": "detail", "items": [listing + description]}; ToolError(404) when unknown."""
        ...

    def details_by_address(self, address: str) -> dict[str, Any]:
        """Same as details(), looked up by a one-line street address."""
        ...

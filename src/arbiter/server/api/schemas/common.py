"""What every resource's bodies are made of: bounded numbers and texts, the request body that
refuses unknown fields (422), the response body made from a service's value.

Numbers that name things (ids, rounds, tables) are bounded so that no value reaches the
database that it cannot hold; the text limits are the core's (:mod:`arbiter.limits`), which
every file reader applies too.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field

from arbiter.limits import MAX_FIELD, MAX_NAME
from arbiter.server.api.params import MAX_INT

__all__ = [
    "Id",
    "Input",
    "Number",
    "Output",
    "Ref",
    "ShortText",
    "Username",
    "Version",
]

Id = Annotated[int, Field(ge=1, le=MAX_INT)]
Number = Annotated[int, Field(ge=1, le=9999)]
Version = Annotated[int, Field(ge=1, le=MAX_INT)]
ShortText = Annotated[str, Field(max_length=MAX_FIELD)]
#: An entered player named by number or by exact name.
Ref = (
    Annotated[int, Field(ge=1, le=MAX_INT)]
    | Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
)
Username = Annotated[str, Field(min_length=1, max_length=64)]


class Input(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class Output(BaseModel):
    """A response body that shows a service's value field by field."""

    @classmethod
    def of(cls, value: object, **fields: Any) -> Self:
        """From ``value``: its attributes of the body's field names, except those ``fields``
        gives."""
        taken = {name: getattr(value, name) for name in cls.model_fields if name not in fields}
        return cls.model_validate({**taken, **fields})

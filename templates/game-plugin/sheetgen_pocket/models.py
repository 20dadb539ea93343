"""The game's kinds: one pydantic model each (strict, closed, frozen, like sheetgen's own)."""

from typing import Annotated, Literal

from pydantic import Field

from sheetgen.content.models.base import DocumentModel, ShortText


class PocketHero(DocumentModel):
    """A Pocket Quest hero."""

    kind: Literal["pocket-hero"]
    name: ShortText
    might: Annotated[int, Field(ge=1, le=6, description="from 1 to 6")]
    gear: Annotated[list[ShortText], Field(max_length=6)] = []


KINDS = {"pocket-hero": PocketHero}

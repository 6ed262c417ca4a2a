"""The offline model's real-estate brain: which tools a message needs, and how answers read.

Pure functions, no I/O. Decisions read only the user's own words (`Conversation.text`);
listing descriptions are data, never instructions.

A message is read by the recognizers of recognizers.py, in their order (`RECOGNIZERS`); the
first that returns a Plan wins, unless it plans nothing or only asks back and the intent the
message is nearest to plans it by its own recognizer (arbitration.py). The rules below are what the rule-based ones read:
1. the web UI's card click `Show me the details for {address} (zpid: {zpid})` -> details by zpid;
2. a typed street address -> details by address;
3. homes like a shown or open one ("homes like the second one", "more like this") -> a search
   ranked by likeness to it (like_zpid), same type, price within 30%;
   a reference to a shown result ("the second one", "#3", "the cheapest one") -> details of
   that listing; out of range or nothing shown yet -> no call, a note saying why;
   a question about the open home's own facts ("does this one have a garage", "how many
   bedrooms have this house?") -> its details;
4. "more results" / "next page" / "page 3" -> the last search, next page;
5. anything with search criteria, preferences, or "what's available" -> save the stated
   preferences (see prefs.py), then search.
Saved homes, comparison and "forget my budget" (saved.py) are read right after a card click,
after saved searches, watches and tour requests (watch.py); a question about the homes just
compared ("which one is cheaper per square foot?") before them, answered from the comparison
(compared.py).

A criterion said to matter no longer ("the price doesn't really matter", "bedrooms are not
important anymore") is dropped from the last search (loosened.py).

Refinement or new search (when an earlier search exists): a new search when the message says
so ("new search", "start over", "what's available"), or names a place along with other
criteria and none of the refinement words (same, instead, what about, also, cheaper, bigger,
closer, those...). Everything else refines: the last criteria with only what the message changes
(a place alone, "only houses", "3 bedrooms instead", "under 400k instead"). Features add up
("also with a pool") unless the message says instead/rather/just, which replaces them.
Only a new search is filled from saved preferences, with a note naming what was filled; a
saved town is not added to a search near an (Austin) landmark. The note does not repeat what
was saved in this message: the model words memory writes itself.
"home(s)" means a house unless another type is named ("a home, a condo ideally" -> condo).

Relative words: "cheaper" caps the price at 90% of the previous cap, or of the median price
shown when there was none; "more expensive" makes the old cap the new floor (or 110% of the
median shown); "bigger" asks 120% of the previous minimum size, or 110% of the median size
shown. Amounts are rounded to $1,000 and 100 sqft. With nothing to compare, they sort instead
when the message says what to search ("cheaper condos in 78704"), else where is asked.
"one more bedroom" / "fewer bedrooms" / "another bathroom" move the minimum by one; "forget the
bedrooms" or "any number of baths" drops that count.
"around X" is X ± 10%. The page size is left to the skill (10) unless the user names one.
A distance sort or radius with no landmark means downtown.
"""

from __future__ import annotations

from .alerted import on_screen_alerted
from .arbitration import arbitrate
from .cap_moved import cap_moved_to
from .clauses import position_of
from .comparative import picked_by_comparison
from .courtesy import without_courtesy
from .hint_chips import follow_up_hints
from .market import around_the_home
from .money import money_in
from .plain_english import plain_english
from .plans import Conversation, Plan, ToolRequest, words_of
from .positions import positions_listed
from .recognizers import RECOGNIZERS, plan_as
from .refs import card_click, with_positions
from .relative import said_absolutely
from .replies import describe_error, describe_results
from .saved_named import said_by_position as saved_by_position
from .than_home import bounded_by_home
from .this_place import this_place_kept
from .watched import said_by_position as watched_by_position

__all__ = [
    "Conversation",
    "Plan",
    "ToolRequest",
    "describe_error",
    "describe_results",
    "follow_up_hints",
    "plan_for",
]


def plan_for(conv: Conversation) -> Plan | None:
    """What to do for the user's message; None when it is not about homes. A shown home named
    by its street reads as its position ("more about 3312 Western Dr" -> "more about #3"), and
    English as a learner writes it as the recognizers read it (plain_english.py), without the
    courtesy around it (courtesy.py); the market around the open home as the market of its
    ZIP (market.py); a watched or saved home named as such as its position (watched.py,
    saved_named.py); a position said relative to another, or taken back, as the
    one meant (relative.py)."""
    if conv.alerted and not conv.last_results:
        conv = on_screen_alerted(conv)
    if not card_click(conv.text):
        conv = _courtesy_read_away(conv).read_as(plain_english)
        focused, searched = conv.focused, (conv.last_criteria or {}).get("location")
        conv = conv.read_as(lambda text: around_the_home(text, focused, searched))
        conv = conv.read_as(lambda text: this_place_kept(text, focused, searched))
        cap = _cap_in_force(conv)
        conv = conv.read_as(lambda text: cap_moved_to(text, cap))
    if conv.last_results and not card_click(conv.text):
        shown, kept = conv.last_results, conv.preferences
        conv = conv.read_as(lambda text: watched_by_position(text, kept, shown))
        conv = conv.read_as(lambda text: saved_by_position(text, kept, shown))
        conv = conv.read_as(lambda text: with_positions(text, shown))
        open_at = position_of(str((conv.focused or {}).get("zpid")), shown) or 0
        conv = conv.read_as(lambda text: said_absolutely(text, len(shown), open_at))
        conv = conv.read_as(positions_listed)
        conv = conv.read_as(lambda text: picked_by_comparison(text, shown, conv.compared))
        conv = conv.read_as(lambda text: bounded_by_home(text, shown, conv.focused))
    return arbitrate(conv, _decided(conv), plan_as)


def _cap_in_force(conv: Conversation) -> int | None:
    """The price cap a move by an amount starts from: the search's on screen, else the
    remembered budget."""
    shown = (conv.last_criteria or {}).get("price_max") if conv.last_results else None
    if isinstance(shown, int | float):
        return int(shown)
    return money_in(conv.preferences.get("budget_max", ""))


def _courtesy_read_away(conv: Conversation) -> Conversation:
    """`conv` without the courtesy around its wish, ranked as the platform ranked the wish
    alone when it cut it off as a part ("hello again. more pls cheers" is near a greeting as a
    whole, its part "more pls cheers" near paging)."""
    read = conv.read_as(without_courtesy)
    if read.text == conv.text:
        return read
    key = words_of(read.text)
    return read.ranked_as(read.text) if any(words_of(r.text) == key for r in read.parts) else read


def _decided(conv: Conversation) -> tuple[str, Plan] | None:
    """The first recognizer that plans the message, and its plan."""
    for name, recognize in RECOGNIZERS:
        found = recognize(conv)
        if found is not None:
            return name, found
    return None

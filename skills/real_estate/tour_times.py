"""Tour times said in words ("Saturday morning", "tomorrow at 2pm", "this weekend", "Dec 3
afternoon") as dates and time ranges in the user's time zone, for the confirmation and the
agent. No words, or words that leave it open ("any time", "whenever suits"), are ANY_TIME: the
agent picks. A time that has passed, or other words that name no day or time, raise
TourTimeError with the question to ask back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SHORT_DAYS = (("mon",), ("tue", "tues"), ("wed", "weds"), ("thu", "thur", "thurs"), ("fri",),
              ("sat",), ("sun",))  # fmt: skip
"""The days written short ("sat at 2pm", "thurs"), in the order of DAYS."""
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
PARTS = {"morning": (9, 12), "afternoon": (12, 17), "evening": (17, 20), "night": (17, 20)}
WHOLE_DAY = (9, 18)
"""The hours an agent shows homes, when only a day is said."""

_CLOCK = re.compile(r"\b(at|around|after|before|by)?\s*(\d{1,2})(?::(\d\d))?\s*(am|pm)\b")
_MONTH_DAY = re.compile(rf"\b({'|'.join(MONTHS)})[a-z]*\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b")
_NUMERIC = re.compile(r"\b(\d{1,2})/(\d{1,2})\b")
_WEEKDAY = re.compile(rf"\b(?:(?:{'|'.join(DAYS)})s?|{'|'.join(sum(SHORT_DAYS, ()))})\b")
ASK = 'When would you like to see it? Say a day and a time, e.g. "Saturday morning", or "any time".'
ANY_TIME = "any time that suits the agent"
"""A tour asked for with no time: the agent proposes one."""
_ANY = re.compile(r"\b(?:any ?time|any day|whenever|at (?:your|their|the agent'?s) convenience)\b")
"""Words that leave the time to the agent."""


class TourTimeError(ValueError):
    """Words that name no time to tour, or one that has passed: the message asks again."""


class NoTimeSaid(TourTimeError):
    """The words name no day and no hour."""


@dataclass(frozen=True)
class Slot:
    day: date
    start: int
    end: int
    """Hours, 24-hour clock, in the user's time zone."""

    def words(self) -> str:
        """`Saturday 5 December 2026, 9 am–12 pm`."""
        return (
            f"{self.day:%A} {self.day.day} {self.day:%B %Y}, {_hour(self.start)}–{_hour(self.end)}"
        )


def _hour(hour: int) -> str:
    return f"{(hour - 1) % 12 + 1} {'am' if hour < 12 else 'pm'}"


_TODAY = re.compile(r"\b(?:today|tonight|tonite|2day|2nite)\b")
_TOMORROW = re.compile(r"\b(?:tomorrow|tomorow|tommorow|tommorrow|tmrw|tmrrw|tmr|2morrow|2moro)\b")
"""The day said the short way or misspelled ("tmrw at 3pm", "tommorow morning")."""


def _days(text: str, today: date) -> list[date]:
    """The days the words name (none: none said)."""
    if _TODAY.search(text):
        return [today]
    if _TOMORROW.search(text):
        return [today + timedelta(days=1)]
    if "weekend" in text:
        saturday = today + timedelta(days=(5 - today.weekday()) % 7)
        return [d for d in (saturday - timedelta(days=1), saturday, saturday + timedelta(days=1))
                if d.weekday() >= 5 and d >= today]  # fmt: skip
    for number, (name, short) in enumerate(zip(DAYS, SHORT_DAYS, strict=True)):
        if re.search(rf"\b(?:{name}s?|{'|'.join(short)})\b", text):
            return [today + timedelta(days=(number - today.weekday()) % 7)]
    if found := _MONTH_DAY.search(text):
        return [_dated(today, MONTHS.index(found.group(1)[:3]) + 1, int(found.group(2)))]
    if found := _NUMERIC.search(text):
        return [_dated(today, int(found.group(1)), int(found.group(2)))]
    return []


def _dated(today: date, month: int, day: int) -> date:
    """That month and day, this year or (once passed) the next."""
    try:
        chosen = date(today.year, month, day)
        return chosen if chosen >= today else date(today.year + 1, month, day)
    except ValueError:
        raise TourTimeError(f"There is no {month}/{day}. {ASK}") from None


def _hours(text: str) -> tuple[int, int] | None:
    """The hours the words name: a clock time (an hour from it), a part of the day, or None."""
    if clock := _CLOCK.search(text):
        hour = int(clock.group(2)) % 12 + (12 if clock.group(4) == "pm" else 0)
        if clock.group(1) == "after":
            return hour, min(hour + 3, 21)
        if clock.group(1) in ("before", "by"):
            return max(hour - 3, 8), hour
        return hour, hour + 1
    for part, hours in PARTS.items():
        if part in text:
            return hours
    return None


def slots(words: str, now: datetime) -> list[Slot]:
    """The tour times `words` name, from `now` (an aware time in the user's zone)."""
    text = " ".join(words.lower().split())
    today, hours = now.date(), _hours(text)
    days = _days(text, today)
    if not days and hours is None:
        raise NoTimeSaid(f'I could not tell a day or a time from "{words}". {ASK}')
    if not days:  # a time alone: today, or tomorrow once it has passed
        days = [today if hours and hours[1] > now.hour else today + timedelta(days=1)]
    found = [Slot(day, *(hours or WHOLE_DAY)) for day in days]
    future = [s for s in found if s.day > today or s.end > now.hour]
    if not future and _WEEKDAY.search(text) and "today" not in text:  # that day next week
        future = [Slot(s.day + timedelta(days=7), s.start, s.end) for s in found]
    if not future:
        raise TourTimeError(f"{found[0].words()} has already passed. {ASK}")
    return future


def in_words(found: list[Slot], zone: str) -> str:
    """`Saturday 5 December 2026, 9 am–12 pm (America/Chicago)`; several joined with "or"."""
    return " or ".join(slot.words() for slot in found) + f" ({zone})"


_SLOT_WORDS = re.compile(
    r"(\w+day) (\d{1,2}) ([A-Z][a-z]+) (\d{4}), (\d{1,2}) ([ap]m)–(\d{1,2}) ([ap]m)"
)
_SAID = re.compile(rf"^{_SLOT_WORDS.pattern}(?: or {_SLOT_WORDS.pattern})* \(([\w/+-]+)\)$")


def _said_back(words: str) -> tuple[list[Slot], str] | None:
    """The slots and zone of words `in_words` wrote (a planner resolved them already), or None."""
    found = _SAID.match(words)
    if found is None:
        return None
    said = []
    for slot in _SLOT_WORDS.finditer(words):
        day = datetime.strptime(" ".join(slot.group(2, 3, 4)), "%d %B %Y").date()
        start, end = (int(slot.group(i)) % 12 + (12 * (slot.group(i + 1) == "pm")) for i in (5, 7))
        said.append(Slot(day, start, end))
    return said, found.groups()[-1]


def resolved(words: str, zone: str, now: datetime | None = None) -> str:
    """The tour times `words` name, in words with their dates and zone (`zone` an IANA name);
    words a planner already resolved keep their own zone, once checked they are still ahead;
    none, or words that leave it open, are ANY_TIME. TourTimeError asks again."""
    words = " ".join(words.split())
    if not words or words.lower() == ANY_TIME:
        return ANY_TIME
    again = _said_back(words)
    found, zone = again if again else ([], zone)
    here = (now or datetime.now(UTC)).astimezone(ZoneInfo(zone))
    if again is None:
        try:
            return in_words(slots(words, here), zone)
        except NoTimeSaid:
            if _ANY.search(words.lower()):
                return ANY_TIME
            raise
    if not any(s.day > here.date() or (s.day == here.date() and s.end > here.hour) for s in found):
        raise TourTimeError(f"{found[0].words()} has already passed. {ASK}")
    return words

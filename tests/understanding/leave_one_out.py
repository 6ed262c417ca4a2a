"""Rules against a learned recognizer, each judged on learn cases it did not learn from:

    .venv/bin/python -m tests.understanding.runner --part learn --json /tmp/learn.json
    .venv/bin/python -m tests.understanding.leave_one_out /tmp/learn.json

The rules were fitted to the learn part, so their learn score is inflated; a recognizer scored on
cases it did not see is the honest proxy for the held-out part. For every learn case it compares,
at the level of the tool (or of an answer without one):
- rules: the tools of the product's first step (the runner's JSON);
- matcher: the class nearest by MiniLM, a class being a tool or an answer, scored like the
  platform's matcher (the mean of its `NEAREST` closest examples), its examples the skills'
  intents.yaml examples plus the learn corpus's OTHER messages, labelled by their expected tool;
- skills only: the same, with the skills' intents.yaml examples alone (what the product has);
- vote k: the k nearest of those examples, each voting for its class by its similarity;
- linear: a softmax classifier over the same MiniLM vectors, trained on the skills' examples
  alone, or with the learn messages of the other nine folds of ten;
- where nothing planned the message (the product asked back): the linear classifier's
  probability against the nearest examples' score as the arbitration's gate.
It takes a few minutes (the linear classifier is trained twelve times). Per capability it
says how often each is right, and where the rules and the matcher disagree,
which one is right. Only the learn part is read.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agent_graph.understanding.intents import load_all
from agent_graph.understanding.learned import LinearRanking
from agent_graph.understanding.matcher import NEAREST, _matrix, default_embed
from tests.understanding.cases import SIDE_CALL, Case, load_part, tool_names

REPO = Path(__file__).resolve().parents[2]
NO_TOOL = "no tool"
"""The class of an answer without a tool (words, ask back, refuse): the rules' first step
calling nothing is this class too."""
VOTES = (3, 5)


@dataclass(frozen=True)
class Guess:
    """What each recognizer chose for one case, and the case's expected classes."""

    case: Case
    expected: frozenset[str]
    rules: frozenset[str]
    matcher: str
    margin: float
    votes: dict[int, str]
    skills_only: str
    """The nearest class by the skills' own examples alone: the product's matcher."""
    skills_score: float
    skills_margin: float


def expected_classes(case: Case) -> frozenset[str]:
    """The tools a case expects (a side save of a preference only when it is all), or NO_TOOL."""
    names = {name for call in case.calls for name in tool_names(call)}
    return frozenset(names - {SIDE_CALL} or names or {NO_TOOL})


def rules_classes(got: str) -> frozenset[str]:
    """The tools of the runner's shown first step ("name(args); name(args)" or "no call: …")."""
    if got.startswith(("no call", "error")):
        return frozenset({NO_TOOL})
    names = {part.strip().split("(", 1)[0] for part in got.split("; ")}
    return frozenset(names - {SIDE_CALL} or names)


def _examples(cases: list[Case]) -> tuple[list[str], list[str]]:
    """Every intent example and learn message with its class (a tool, or NO_TOOL)."""
    intents = load_all((p.name, p) for p in sorted((REPO / "skills").iterdir()) if p.is_dir())
    texts = [e for i in intents for e in i.examples] + [c.say for c in cases]
    labels = [i.tool or NO_TOOL for i in intents for _ in i.examples]
    labels += [sorted(expected_classes(c))[0] for c in cases]
    return texts, labels


def guesses(cases: list[Case], rules: dict[str, str]) -> list[Guess]:
    """Each case's guesses, the case's own message (and any example equal to it) left out."""
    texts, labels = _examples(cases)
    vectors = _matrix(default_embed(texts))
    lowered = np.asarray([t.strip().lower() for t in texts])
    classes = sorted(set(labels))
    label_of = np.asarray(labels)
    own = np.arange(len(texts)) < len(texts) - len(cases)
    found = []
    for n, case in enumerate(cases):
        message = vectors[len(texts) - len(cases) + n]
        similarity = np.where(lowered == case.say.strip().lower(), -1.0, vectors @ message)
        scores = _ranked(similarity, label_of, classes)
        order = np.argsort(-similarity)
        votes = {k: _vote(order[:k], similarity, labels) for k in VOTES}
        alone = _ranked(np.where(own, similarity, -1.0), label_of, classes)
        found.append(
            Guess(
                case,
                expected_classes(case),
                rules_classes(rules[case.where]),
                scores[0][1],
                scores[0][0] - scores[1][0],
                votes,
                alone[0][1],
                alone[0][0],
                alone[0][0] - alone[1][0],
            )
        )
    return found


def _ranked(similarity: Any, label_of: Any, classes: list[str]) -> list[tuple[float, str]]:
    """Each class's score (its NEAREST closest examples' mean), best first."""
    return sorted(
        ((float(np.sort(similarity[label_of == c])[::-1][:NEAREST].mean()), c) for c in classes),
        reverse=True,
    )


def _vote(nearest: Any, similarity: Any, labels: list[str]) -> str:
    tally: Counter[str] = Counter()
    for index in nearest:
        tally[labels[index]] += float(similarity[index])
    return tally.most_common(1)[0][0]


def table(found: list[Guess]) -> str:
    """Per capability: cases, rules right, matcher right, votes right, and the disagreements."""
    head = (
        "| capability | cases | rules | skills only | matcher | vote 3 | vote 5 | differ "
        "| rules only | matcher only |"
    )
    lines = [head, "|---|---|---|---|---|---|---|---|---|---|"]
    groups: dict[str, list[Guess]] = defaultdict(list)
    for guess in found:
        groups[guess.case.capability].append(guess)
    for name, group in [*sorted(groups.items()), ("**all**", found)]:
        rules = [bool(g.rules & g.expected) and len(g.rules) <= len(g.expected) for g in group]
        matcher = [g.matcher in g.expected for g in group]
        skills_only = sum(g.skills_only in g.expected for g in group)
        votes = [sum(g.votes[k] in g.expected for g in group) for k in VOTES]
        differ = [n for n, g in enumerate(group) if g.rules != {g.matcher}]
        lines.append(
            f"| {name} | {len(group)} | {sum(rules)} | {skills_only} | {sum(matcher)} | {votes[0]} | {votes[1]} "
            f"| {len(differ)} | {sum(rules[n] and not matcher[n] for n in differ)} "
            f"| {sum(matcher[n] and not rules[n] for n in differ)} |"
        )
    return "\n".join(lines)


def by_margin(found: list[Guess]) -> str:
    """Where the matcher's class is not the rules': how often the matcher is right, by margin."""
    lines = ["| matcher's margin | differ | matcher right | rules right |", "|---|---|---|---|"]
    for low, high in ((0.0, 0.02), (0.02, 0.05), (0.05, 0.1), (0.1, 1.0)):
        group = [g for g in found if g.rules != {g.matcher} and low <= g.margin < high]
        right = sum(g.matcher in g.expected for g in group)
        rules = sum(bool(g.rules & g.expected) for g in group)
        lines.append(f"| {low:.2f}-{high:.2f} | {len(group)} | {right} | {rules} |")
    return "\n".join(lines)


def by_score(found: list[Guess]) -> str:
    """Where the product's matcher (skills' examples only) names another class than the rules:
    how often it is right, by its score and margin (would overriding the rules pay?)."""
    lines = ["| score | margin | differ | matcher right | rules right |", "|---|---|---|---|---|"]
    for score in (0.5, 0.6, 0.7, 0.8):
        for margin in (0.0, 0.05, 0.1, 0.15):
            group = [
                g for g in found
                if g.rules != {g.skills_only} and g.skills_score >= score
                and g.skills_margin >= margin
            ]  # fmt: skip
            right = sum(g.skills_only in g.expected for g in group)
            rules = sum(bool(g.rules & g.expected) for g in group)
            lines.append(f"| >= {score:.1f} | >= {margin:.2f} | {len(group)} | {right} | {rules} |")
    return "\n".join(lines)


FOLDS = 10


def linear(cases: list[Case]) -> str:
    """Per capability: a linear classifier's right guesses, trained on the skills' examples
    alone, and with the other folds' learn messages too (each case judged by the fold that did
    not learn from it)."""
    texts, labels = _examples(cases)
    vectors = _matrix(default_embed(texts))
    own, classes = len(texts) - len(cases), sorted(set(labels))
    target = np.asarray([classes.index(label) for label in labels])
    alone = _fit(vectors[:own], target[:own], len(classes))
    fold = np.random.default_rng(0).permutation(len(cases)) % FOLDS
    right: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for f in range(FOLDS):
        train = np.concatenate([np.arange(own), own + np.flatnonzero(fold != f)])
        folded = _fit(vectors[train], target[train], len(classes))
        for n in np.flatnonzero(fold == f):
            case, x = cases[n], vectors[own + n]
            for group in (case.capability, "**all**"):
                right[group][0] += 1
                right[group][1] += classes[
                    int(np.argmax(x @ alone[:-1] + alone[-1]))
                ] in expected_classes(case)
                right[group][2] += classes[
                    int(np.argmax(x @ folded[:-1] + folded[-1]))
                ] in expected_classes(case)
    lines = ["| capability | cases | linear, skills' examples | linear, + other folds |"]
    lines.append("|---|---|---|---|")
    lines += [f"| {k} | {a} | {b} | {c} |" for k, (a, b, c) in sorted(right.items(), key=_last)]
    return "\n".join(lines)


UNSURE = "not sure what you"
"""Words of the product's question back when nothing planned the message (the rules, nor the
arbitration by the nearest intent: tests/understanding/runner.py shows it as "no call: ...")."""


def unplanned(cases: list[Case], rules: dict[str, str]) -> str:
    """Where nothing planned the message: would the linear classifier's probability arbitrate
    better than the nearest examples' score? Each trained on the skills' examples alone; a
    class other than NO_TOOL is acted on when it passes the gate."""
    texts, labels = _examples(cases)
    vectors = _matrix(default_embed(texts))
    own, classes = len(texts) - len(cases), sorted(set(labels))
    weights = _fit(
        vectors[:own], np.asarray([classes.index(c) for c in labels[:own]]), len(classes)
    )
    label_of = np.asarray(labels[:own])
    rows = []
    for n in [n for n, c in enumerate(cases) if UNSURE in rules[c.where]]:
        x, expected = vectors[own + n], expected_classes(cases[n])
        (score, near), (second, _) = _ranked(vectors[:own] @ x, label_of, classes)[:2]
        z = x @ weights[:-1] + weights[-1]
        p = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
        rows.append((expected, near if score >= 0.4 and score - second >= 0.02 else None,
                     near, classes[int(np.argmax(p))], float(p.max())))  # fmt: skip
    lines = ["| recognizer | gate | acts | right | wrong |", "|---|---|---|---|---|"]
    gates = [("nearest", ">= 0.4, margin 0.02", lambda r: r[1])]
    gates += [
        ("linear", f">= {t}", lambda r, t=t: r[3] if r[4] >= t else None) for t in (0.4, 0.6, 0.8)
    ]
    for name, gate, pick in gates:
        acted = [(r[0], c) for r in rows if (c := pick(r)) not in (None, NO_TOOL)]
        right = sum(c in expected for expected, c in acted)
        lines.append(f"| {name} | {gate} | {len(acted)} | {right} | {len(acted) - right} |")
    top = [sum(r[2] in r[0] for r in rows), sum(r[3] in r[0] for r in rows)]
    lines.append(f"\n{len(rows)} cases; top class right: nearest {top[0]}, linear {top[1]}")
    return "\n".join(lines)


def _last(item: tuple[str, list[int]]) -> tuple[bool, str]:
    return item[0] == "**all**", item[0]


def _fit(x: Any, y: Any, classes: int) -> Any:
    """Softmax regression weights, the bias as their last row: the platform's own classifier
    (agent_graph/understanding/learned.py), here over tool classes."""
    return LinearRanking.trained(x, np.asarray(y, dtype=np.int64), classes).weights


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    rules = {c["where"]: c["got"] for c in json.loads(Path(argv[0]).read_text())}
    cases = [c for c in load_part("learn") if c.where in rules]
    found = guesses(cases, rules)
    print(table(found))
    print()
    print(by_margin(found))
    print()
    print(by_score(found))
    print()
    print(linear(cases))
    print()
    print(unplanned(cases, rules))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

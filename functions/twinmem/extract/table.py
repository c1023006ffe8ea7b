"""The rules extractor's grammar as data: `data/rules.toml`, validated when it is loaded.

The file holds macros (named sub-patterns and word alternations, referred to as ``<NAME>``) and the
ordered ``[[rule]]`` table. Loading checks every field's type and allowed values (pydantic, extra
fields refused), that every ``<NAME>`` a pattern uses is defined, that a rule has a group for its
value (and for its second value, subject or thing where its options need one), and that macros do
not refer to themselves. A broken file raises `GrammarError` naming the rule and the fault.

Regexes are compiled on first use (~180 ms for all of them: Lambda cold start of the extraction
function); `compile_all` compiles every one, and the unit tests call it, so a pattern that is not
a valid regex fails the suite rather than a turn in production.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from twinmem import vocabulary

__all__ = ["GRAMMAR", "Grammar", "GrammarError", "Rule", "RuleSpec", "grammar", "load"]

GRAMMAR = Path(__file__).resolve().parent / "data" / "rules.toml"
_REF = re.compile(r"<([A-Z][A-Z0-9_]*)>")
_GROUP = re.compile(r"\(\?P<(\w+)>")
VALUE_GROUPS = ("val", "v1", "v2", "val2x", "pname", "species")
# attributes a rule may name besides the vocabulary: resolved per match from the value's kind
RESOLVED = frozenset({"home", "left", "favorite", "pet", "change"})
Check = Literal[
    "",
    "cap",
    "not_place",
    "place",
    "school",
    "school_named",
    "lang",
    "demonym",
    "notname",
    "brand",
    "hobby",
    "org",
    "country",
    "car",
    "loc",
    "known_place",
    "given_name",
    "firm",
]


class GrammarError(ValueError):
    """The grammar file is not usable: which rule or macro, and why."""


class RuleSpec(BaseModel):
    """One `[[rule]]` of the file, as written."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    attribute: str = Field(description="a vocabulary attribute, or one resolved per match (home, left, ...)")
    pattern: str | list[str] = Field(description="a regex with <MACRO> references; a list is concatenated")
    polarity: Literal[1, -1] = 1
    subject: Literal["person", "thing", "poss", "embedded", "self", "appos", "listener"] = "person"
    needs_be: bool = False  # the subject's auxiliaries must hold a form of "be" ("I'm vegan")
    stative: bool = False  # simple past means it stopped being true ("I lived in Berlin")
    fixed: bool = False  # the pattern already carries its negation; "not" does not flip it
    val2: str | None = None  # attribute of the optional second value group ("at <CAP2>")
    val2_polarity: Literal[1, -1] | None = None  # the second value's polarity when it differs ("left X for Y")
    anchor: bool = False  # the match opens its clause
    self_only: bool = False  # only about the speaker (name)
    stay: bool = False  # where someone is: not read in a sentence about a trip ("on holiday, we're in Rome")
    timeless: bool = False  # an aside ("my husband Mark ..."): the clause's time words are not its own
    check: Check = ""  # value check

    @field_validator("attribute", "val2")
    @classmethod
    def _known_attribute(cls, v: str | None) -> str | None:
        if v is not None and v not in RESOLVED and not vocabulary.known(v):
            raise ValueError(f"'{v}' is neither in the vocabulary nor resolved per match ({sorted(RESOLVED)})")
        return v

    @property
    def source(self) -> str:
        return "".join(self.pattern) if isinstance(self.pattern, list) else self.pattern


class GrammarFile(BaseModel):
    """The whole file: macros and the ordered rule table."""

    model_config = ConfigDict(extra="forbid")

    words: dict[str, str] = Field(default_factory=dict, description="named word lists, whitespace-separated")
    macros: dict[str, str | list[str]]
    rule: list[RuleSpec] = Field(min_length=1)

    @field_validator("macros")
    @classmethod
    def _macro_names(cls, v: dict[str, str | list[str]]) -> dict[str, str | list[str]]:
        bad = [k for k in v if not re.fullmatch(r"[A-Z][A-Z0-9_]*", k)]
        if bad:
            raise ValueError(f"macro names are UPPER_CASE: {bad}")
        return v


@dataclass(frozen=True)
class Rule:
    """One pattern, expanded: what it files under, how it reads, and where its subject is."""

    spec: RuleSpec
    expanded: str = field(repr=False)

    def __getattr__(self, name: str) -> Any:  # the spec's options read as the rule's own
        return getattr(self.spec, name)

    @property
    def attribute(self) -> str:
        return self.spec.attribute

    @cached_property
    def regex(self) -> re.Pattern[str]:
        """Compiled on first use, so loading the table stays cheap (Lambda cold start)."""
        return re.compile(self.expanded, re.I)


@dataclass(frozen=True)
class Grammar:
    words: dict[str, frozenset[str]]  # an underscore in an entry stands for a space
    macros: dict[str, str]  # expanded
    rules: list[Rule]

    def compile_all(self) -> None:
        for i, r in enumerate(self.rules):
            try:
                _ = r.regex
            except re.error as e:
                raise GrammarError(f"rule {i} ({r.attribute}): not a valid regex: {e}") from e


def _expander(raw: dict[str, str]) -> dict[str, str]:
    done: dict[str, str] = {}

    def expand(name: str, stack: tuple[str, ...]) -> str:
        if name in done:
            return done[name]
        if name in stack:
            raise GrammarError(f"macro {name} refers to itself through {' -> '.join(stack)}")
        if name not in raw:
            raise GrammarError(f"macro <{name}> is used but not defined (in {stack[-1] if stack else '?'})")
        out = _REF.sub(lambda m: expand(m.group(1), (*stack, name)), raw[name])
        done[name] = out
        return out

    for name in raw:
        expand(name, ())
    return done


def _check_groups(i: int, spec: RuleSpec, pattern: str) -> None:
    groups = set(_GROUP.findall(pattern))
    where = f"rule {i} ({spec.attribute}: {spec.source[:60]!r})"
    if not groups & set(VALUE_GROUPS):
        raise GrammarError(f"{where}: no value group (one of {VALUE_GROUPS})")
    if spec.val2 and "val2" not in groups:
        raise GrammarError(f"{where}: val2 = {spec.val2!r} but the pattern has no val2 group")
    if spec.subject == "embedded" and "subj" not in groups:
        raise GrammarError(f"{where}: an embedded subject needs a subj group")
    if spec.subject == "poss" and "poss" not in groups:
        raise GrammarError(f"{where}: a possessive subject needs a poss group (<POSS>)")


def load(path: Path = GRAMMAR) -> Grammar:
    """Read and validate a grammar file; `GrammarError` says what is wrong with it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        parsed = GrammarFile.model_validate(data)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise GrammarError(f"{path.name}: {e}") from e
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors()[:10])
        raise GrammarError(f"{path.name}: {problems}") from e
    raw = {k: "|".join(v) if isinstance(v, list) else v for k, v in parsed.macros.items()}
    macros = _expander(raw)
    rules = []
    for i, spec in enumerate(parsed.rule):
        try:
            pattern = _REF.sub(lambda m: macros[m.group(1)], spec.source)
        except KeyError as e:
            raise GrammarError(f"rule {i} ({spec.attribute}): macro <{e.args[0]}> is not defined") from e
        _check_groups(i, spec, pattern)
        rules.append(Rule(spec, pattern))
    words = {k: frozenset(w.replace("_", " ") for w in v.split()) for k, v in parsed.words.items()}
    return Grammar(words, macros, rules)


@lru_cache(maxsize=1)
def grammar() -> Grammar:
    """The packaged grammar, loaded once per container."""
    return load()

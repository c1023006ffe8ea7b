"""The evaluation's scorer and metrics (bench/eval_metrics.py), so `make eval` cannot silently drift."""

from __future__ import annotations

import math

import pytest

from bench.eval_metrics import (
    BM25,
    answer_in_context,
    answer_tokens,
    evidence_hit,
    evidence_recall,
    first_value,
    memory_context,
    parse_date,
    parse_known_line,
    tokenize,
    turns_of,
    value_matches,
)


def test_tokens_are_lowercase_alphanumeric_runs_without_stemming() -> None:
    assert tokenize("Priya's cats, Pixel & Moss — 2023-05-07!") == [
        "priya",
        "s",
        "cats",
        "pixel",
        "moss",
        "2023",
        "05",
        "07",
    ]


def _okapi(query: list[str], doc: list[str], docs: list[list[str]], k1: float = 1.2, b: float = 0.75) -> float:
    """The textbook formula, written out independently of the class under test."""
    n, avgdl = len(docs), sum(map(len, docs)) / len(docs)
    total = 0.0
    for term in query:
        df = sum(term in d for d in docs)
        f = doc.count(term)
        if not f:
            continue
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        total += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(doc) / avgdl))
    return total


def test_bm25_scores_match_the_okapi_formula_with_k1_1_2_and_b_0_75() -> None:
    docs = [
        tokenize(t)
        for t in (
            "Marcus: my cats Pixel and Moss",
            "Priya: I adopted a greyhound called Biscuit",
            "Marcus: Moss knocked a mug off my desk, classic Moss",
            "Priya: hello",
        )
    ]
    index = BM25(docs)
    assert (index.k1, index.b) == (1.2, 0.75)
    query = tokenize("what are the names of marcus's cats moss")
    for got, doc in zip(index.scores(query), docs, strict=True):
        assert got == pytest.approx(_okapi(query, doc, docs))


def test_bm25_top_ranks_best_first_drops_zero_scores_and_keeps_document_order_on_ties() -> None:
    docs = [tokenize(t) for t in ("a dog", "the cat sat", "a dog", "cat cat cat", "nothing here")]
    index = BM25(docs)
    assert index.top(tokenize("dog"), 10) == [0, 2]
    assert index.top(tokenize("cat"), 1) == [3]
    assert index.top(tokenize("zebra"), 10) == []


def test_evidence_recall_is_the_share_of_evidence_turns_found_and_hit_is_any() -> None:
    assert evidence_recall(["t1", "t9"], ["t1", "t2"]) == 0.5
    assert evidence_recall(["t1", "t2", "t3"], ["t1", "t2"]) == 1.0
    assert evidence_recall([], ["t1"]) == 0.0
    assert evidence_hit(["t9", "t2"], ["t1", "t2"]) is True
    assert evidence_hit(["t9"], ["t1", "t2"]) is False


def test_returned_memories_map_back_to_turns_through_evidence_and_source_turn_ids() -> None:
    by_event = {"ev_1": "d1-s1-t1", "ev_2": "d1-s1-t2"}
    memory = {"evidence": [{"event_id": "ev_1", "span": [0, 4]}], "source_turn_ids": ["ev_2", "d1-s2-t3"]}
    assert turns_of(memory, by_event) == {"d1-s1-t1", "d1-s1-t2", "d1-s2-t3"}
    assert turns_of({"content": "no provenance"}, by_event) == set()


def test_context_is_the_brief_the_contents_and_the_mention_dates() -> None:
    out = {
        "brief": "Values as stated",
        "memories": [
            {"content": "I picked her up last Saturday", "mentions": [{"text": "last Saturday", "date": "2023-03-11"}]}
        ],
    }
    ctx = memory_context(out)
    assert "Values as stated" in ctx and "picked her up" in ctx and "2023-03-11" in ctx


def test_answer_tokens_drop_stopwords_unless_nothing_else_is_left() -> None:
    assert answer_tokens("her mum in Leicester") == ["mum", "leicester"]
    assert answer_tokens("the Plateau") == ["plateau"]
    assert answer_tokens("it is") == ["it", "is"]


def test_an_answer_is_in_context_when_all_its_words_are() -> None:
    assert answer_in_context("Pixel and Moss", "Marcus: my two cats, Moss and Pixel.")
    assert not answer_in_context("Pixel and Moss", "Marcus: my cat Pixel")
    assert answer_in_context("fifty-two minutes", "I ran it in fifty-two minutes")
    assert not answer_in_context("masala dosa", "dosas are great")  # whole tokens, no stemming


@pytest.mark.parametrize(
    ("answer", "parsed"),
    [
        ("2023-05-07", ("2023", 5, 7)),
        ("2023-05", ("2023", 5, None)),
        ("2021", ("2021", None, None)),
        ("10 February 2023", ("2023", 2, 10)),
        ("May 7th, 2023", ("2023", 5, 7)),
        ("November 2025", ("2025", 11, None)),
        ("late January 2023 (about 28 January)", ("2023", 1, None)),
        ("21 June", None),
        ("Edinburgh, 4:02", None),
        ("Leeds 2023", None),
        ("2023-13-01", None),
    ],
)
def test_date_answers_are_recognised(answer: str, parsed: tuple[str, int | None, int | None] | None) -> None:
    assert parse_date(answer) == parsed


def test_a_date_answer_is_in_context_as_iso_or_in_words() -> None:
    assert answer_in_context("2023-03-11", "picked her up last Saturday (2023-03-11)")
    assert answer_in_context("2023-03-11", "on 11 March 2023")
    assert answer_in_context("11 March 2023", "on March 11th, 2023")
    assert answer_in_context("2023-03-11", "said 2023-03-11")
    assert not answer_in_context("2023-03-11", "said 2023-03-14: last Saturday")
    assert not answer_in_context("2023-03-11", "2023 03 and then 11")
    assert answer_in_context("2023-04", "his sixtieth is on 2023-04-15")
    assert answer_in_context("April 2023", "in April 2023")
    assert not answer_in_context("2023-04", "next month")
    assert answer_in_context("2021", "moved in 2021")


def test_known_lines_parse_into_subject_attribute_and_values_newest_first() -> None:
    line = "- Alice Chen · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]"
    assert parse_known_line(line) == ("Alice Chen", "home_city", ["Lisbon", "Berlin"])
    conflict = "- user · partner: Tom [conflict: said 2022-11-02, said not 2023-07-09]; Grace [said 2023-07-09]"
    assert parse_known_line(conflict) == ("user", "partner", ["Tom", "Grace"])
    assert parse_known_line("- Pro plan · price: $12 (month) [said 2023-04-03]") == ("Pro plan", "price", ["$12"])
    assert parse_known_line("Values as stated, newest said first:") is None
    phone = "- Omar · phone: (555) 010-9198 [said 2023-09-05]; (555) 010-4142 [said 2023-05-08]"
    assert parse_known_line(phone) == ("Omar", "phone", ["(555) 010-9198", "(555) 010-4142"])
    pets = "- user · pet: Socks (whippet) [said 2021-05-10]; Pudding [said 2020-04-15]"
    assert parse_known_line(pets) == ("user", "pet", ["Socks (whippet)", "Pudding"])


def test_a_pet_shown_with_its_kind_is_its_name_its_kind_or_both() -> None:
    for expected in ("Socks", "whippet", "whippet named Socks", "a whippet called Socks"):
        assert value_matches("pet", "Socks (whippet)", expected)
    assert not value_matches("pet", "Socks (whippet)", "greyhound")
    assert not value_matches("pet", "Pudding", "whippet")


def test_first_value_reads_the_line_of_the_attribute() -> None:
    lines = [
        "- user · employer: Danone [said 2023-10-05]; not Unilever [said 2023-10-05]",
        "- user · home_city: Leeds [said 2023-01-01]",
    ]
    assert first_value(lines, "home_city") == ("Leeds", lines[1])
    assert first_value(lines, "employer")[0] == "Danone"
    assert first_value(lines, "school") == (None, None)


def test_values_compare_case_insensitively_and_not_x_never_counts() -> None:
    assert value_matches("home_city", "jersey city", "Jersey City")
    assert value_matches("school", "the University of Michigan", "University of Michigan")
    assert not value_matches("home_city", "not Denver", "Denver")
    assert not value_matches("home_city", "Denver", "Portland")
    assert not value_matches("home_city", None, "Portland")
    assert not value_matches("job_title", "nurse", "nurse practitioner")


def test_values_compare_as_numbers_digits_or_days_where_that_is_what_they_are() -> None:
    assert value_matches("version", "v3.3", "3.3") and value_matches("version", "2.0", "2")
    assert not value_matches("version", "2.4.0", "2.4.1")
    assert value_matches("port", "port 9443", "9443")
    assert value_matches("price", "$15 a month", "$15/month") and not value_matches("price", "$12", "$15")
    assert value_matches("phone", "+44 7700 900456", "07700 900456")
    assert value_matches("phone", "(628) 555-0177", "628-555-0177")
    assert not value_matches("phone", "07700 900123", "07700 900456")
    assert value_matches("birthday", "the 21st of June", "21 June")
    assert not value_matches("birthday", "June 12", "21 June")
    assert value_matches("email", "Dana@ReyesDesign.co.", "dana@reyesdesign.co")

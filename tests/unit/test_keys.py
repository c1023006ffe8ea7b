"""Keys: user strings can neither break a key nor reach another's items."""

from __future__ import annotations

import pytest

from twinmem.aws import tablekeys

TRICKY = ["alice#chen", "a/b", "Zoë Ça", "x" * 512, "#", "S#bob", "alice chen", "ALICE", "日本語の名前", "a%23b"]


@pytest.mark.parametrize("value", TRICKY)
def test_an_encoded_component_never_contains_the_separator(value: str) -> None:
    assert "#" not in tablekeys.enc(value)
    assert len(tablekeys.enc(value)) <= tablekeys.MAX_COMPONENT


def test_distinct_strings_give_distinct_keys() -> None:
    encoded = {tablekeys.enc(v) for v in TRICKY}
    assert len(encoded) == len(TRICKY)
    assert tablekeys.enc("x" * 512) != tablekeys.enc("x" * 511)


def test_a_subject_cannot_reach_another_subject_or_account() -> None:
    # "bob#S#alice" must not equal account bob's subject alice, whatever the nesting
    crafted = tablekeys.subject_pk("t", "acc", "bob#S#alice")
    assert crafted != tablekeys.subject_pk("t", "acc#S#bob", "alice")
    assert not crafted.startswith(tablekeys.subject_pk("t", "acc", "bob") + "#")
    assert tablekeys.account_pk("t", "a#A#b") != tablekeys.account_pk("t#A#a", "b")


def test_an_attribute_prefix_selects_exactly_one_attribute() -> None:
    home = tablekeys.assertion_sk("home_city", "2026-01-01", "2026-01-01T00:00:00Z", "mem_1")
    other = tablekeys.assertion_sk("home_city_old", "2026-01-01", "2026-01-01T00:00:00Z", "mem_2")
    hashy = tablekeys.assertion_sk("home#city", "2026-01-01", "2026-01-01T00:00:00Z", "mem_3")
    assert home.startswith(tablekeys.attribute_prefix("home_city"))
    assert not other.startswith(tablekeys.attribute_prefix("home_city"))
    assert not hashy.startswith(tablekeys.attribute_prefix("home"))


def test_keys_stay_within_dynamodb_limits_for_the_longest_inputs() -> None:
    pk = tablekeys.subject_pk("t" * 64, "a" * 128, "ü" * 512)
    sk = tablekeys.assertion_sk("é" * 128, "2026-01-01", "2026-01-01T00:00:00.000000Z", "mem_0123456789abcdef")
    assert len(pk.encode()) <= 2048 and len(sk.encode()) <= 1024


def test_history_order_is_key_order() -> None:
    rows = [("employer", "2026-10-01"), ("home_city", "2024-03-01"), ("home_city", "2026-10-01")]
    sks = [tablekeys.assertion_sk(a, v, v + "T00:00:00Z", "mem_x") for a, v in rows]
    assert sorted(sks) == sks

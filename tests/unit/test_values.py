"""Value normalisation: repeats in other words compare equal; refinements are recognised."""

from __future__ import annotations

import pytest

from twinmem.values import (
    display_value,
    is_multi_valued,
    is_refinement,
    is_short_form,
    normalize_subject,
    same_value,
    value_key,
)


def test_normalize_subject() -> None:
    assert normalize_subject("  Alice   Chen ") == "alice chen"
    assert normalize_subject("ＡＬＩＣＥ\tChen") == "alice chen"  # NFKC full-width


@pytest.mark.parametrize(
    ("attribute", "a", "b"),
    [
        ("home_city", "NYC", "New York City"),
        ("home_city", "new york", "NYC"),
        ("home_city", "SF", "San Francisco"),
        ("home_city", "LA", "Los Angeles"),
        ("home_city", "DC", "Washington, D.C."),
        ("home_city", "São Paulo", "Sao Paulo"),
        ("home_country", "UK", "United Kingdom"),
        ("home_country", "Britain", "the UK"),
        ("home_country", "US", "United States"),
        ("home_country", "USA", "the United States of America"),
        ("employer", "Acme", "Acme Corp"),
        ("employer", "ACME Inc.", "Acme Corporation"),
        ("employer", "Acme", "acme ltd"),
        ("employer", "Globex GmbH", "Globex"),
        ("diet", "vegetarian", "a vegetarian"),
        ("car", "a Tesla", "Tesla"),
        ("email", "Alice@Example.com", "alice@example.com"),
        ("phone", "+1 (415) 555-0134", "14155550134"),
        ("nationality", "Portuguese", "Portugal"),
        ("nationality", "American", "US"),
        ("birthday", "March 3rd", "3 March"),
        ("birthday", "12 May", "May 12"),
        ("price", "$20", "$20.00"),
        ("allergy", "peanuts", "peanut"),
        ("version", "v16", "16"),
    ],
)
def test_same_value(attribute: str, a: str, b: str) -> None:
    assert same_value(attribute, a, b)
    assert value_key(attribute, a) == value_key(attribute, b)


@pytest.mark.parametrize(
    ("attribute", "a", "b"),
    [
        ("home_city", "Berlin", "Lisbon"),
        ("employer", "Acme", "Globex"),
        ("home_city", "York", "New York"),
        ("diet", "vegan", "vegetarian"),
        ("email", "a@x.com", "b@x.com"),
        ("price", "$20", "€20"),
    ],
)
def test_different_values(attribute: str, a: str, b: str) -> None:
    assert not same_value(attribute, a, b)


def test_multi_valued() -> None:
    for attr in ("language", "pet", "hobby", "allergy", "port", "nationality", "email"):
        assert is_multi_valued(attr)
    for attr in ("home_city", "employer", "favorite_food", "car", "job_title"):
        assert not is_multi_valued(attr)


@pytest.mark.parametrize(
    ("attribute", "old", "new"),
    [
        ("home_city", "Busan", "Haeundae, Busan"),
        ("home_city", "Busan", "Haeundae, specifically"),
        ("home_city", "Seoul", "Gangnam"),
        ("employer", "Google", "Google DeepMind"),
        ("job_title", "engineer", "senior engineer"),
        ("home_city", "NYC", "Brooklyn"),
    ],
)
def test_refinement(attribute: str, old: str, new: str) -> None:
    assert is_refinement(attribute, old, new)


@pytest.mark.parametrize(
    ("attribute", "old", "new"),
    [
        ("home_city", "Busan", "Busan"),
        ("home_city", "Seoul", "Busan"),
        ("home_city", "Busan", "Gangnam"),
        ("employer", "Google DeepMind", "Google"),
        ("job_title", "senior engineer", "engineer"),
    ],
)
def test_not_refinement(attribute: str, old: str, new: str) -> None:
    assert not is_refinement(attribute, old, new)


@pytest.mark.parametrize(
    ("attribute", "full", "short", "same"),
    [
        ("car", "Skoda Enyaq", "the Enyaq", True),
        ("car", "Toyota Prius", "prius", True),
        ("favorite_color", "mustard yellow", "mustard", True),
        ("employer", "Acme Robotics", "Acme", True),
        ("car", "Skoda Enyaq", "Skoda Octavia", False),
        ("job_title", "junior data analyst", "data analyst", False),
        ("version", "4.0.1", "4.0", False),
        ("home_city", "New York", "New York", False),
        ("home_city", "Ho Chi Minh City", "Chi", False),
    ],
)
def test_short_form(attribute: str, full: str, short: str, same: bool) -> None:
    assert is_short_form(attribute, full, short) is same


def test_display_value() -> None:
    assert display_value("  Lisbon. ") == "Lisbon"
    assert display_value('"Acme"!') == "Acme"
    assert display_value("senior engineer") == "senior engineer"

"""Settings: read once, validated, and a bad value names the variable that holds it."""

from __future__ import annotations

import pytest

from twinmem import config


@pytest.fixture(autouse=True)
def fresh() -> object:
    config.settings.cache_clear()
    yield
    config.settings.cache_clear()


def test_a_mistyped_choice_fails_naming_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWINMEM_RETRIEVAL_BACKEND", "vectr")

    with pytest.raises(config.BadSettings, match="TWINMEM_RETRIEVAL_BACKEND"):
        config.settings()


def test_a_number_that_is_not_one_fails_naming_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWINMEM_MAX_BODY_BYTES", "lots")

    with pytest.raises(config.BadSettings, match="TWINMEM_MAX_BODY_BYTES"):
        config.settings()


def test_defaults_and_given_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWINMEM_EXTRACTOR", "bedrock")
    monkeypatch.delenv("TWINMEM_RETRIEVAL_BACKEND", raising=False)

    s = config.settings()

    assert (s.extractor, s.retrieval_backend) == ("bedrock", "inprocess")


def test_warm_reset_forgets_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from twinmem import warm

    monkeypatch.setenv("TWINMEM_FEED_SETTLE_SECONDS", "7")
    assert config.settings().feed_settle_seconds == 7
    monkeypatch.setenv("TWINMEM_FEED_SETTLE_SECONDS", "3")
    warm.reset()

    assert config.settings().feed_settle_seconds == 3

"""Limits on what a client can send (issue 9, items 8-17): the pieces, without a table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from pydantic import ValidationError

from twinmem import ids, keys
from twinmem.errors import Unauthorized
from twinmem.http import views
from twinmem.http.api import MAX_DEPTH, _depth
from twinmem.http.schemas import AppendRequest, HistoryRequest, ItemIn, RetrieveRequest, SettingsRequest
from twinmem.models import ApiKey, iso


def test_iso_always_writes_four_digit_years() -> None:
    assert iso(datetime(1, 1, 1, tzinfo=UTC)) == "0001-01-01T00:00:00Z"
    assert iso(datetime(999, 12, 31, 23, 59, 59, 500, tzinfo=UTC)) == "0999-12-31T23:59:59.000500Z"
    assert iso(datetime(2026, 10, 1, 11, tzinfo=timezone(timedelta(hours=2)))) == "2026-10-01T09:00:00Z"


@pytest.mark.parametrize("at", ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "0001-01-01T00:59:59+01:00"])
def test_an_instant_outside_years_1_to_9999_in_utc_is_refused(at: str) -> None:
    with pytest.raises(ValidationError, match=r"years 0001\.\.9999"):
        ItemIn.model_validate({"content": "x", "said_at": at})


def test_an_instant_is_rfc3339_text_converted_to_utc() -> None:
    item = ItemIn.model_validate({"content": "x", "said_at": "2026-10-01T11:00:00+02:00"})

    assert item.said_at == datetime(2026, 10, 1, 9, tzinfo=UTC) and item.said_at.utcoffset() == timedelta(0)
    for bad in (1700000000, "1700000000", "2026-10-01", True, "2026-10-01T09:00:00"):
        with pytest.raises(ValidationError):
            ItemIn.model_validate({"content": "x", "said_at": bad})


def test_request_bodies_are_strict_but_code_may_pass_datetimes() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)

    assert HistoryRequest.model_validate({"subject": "a", "as_of": at}).as_of == at
    for bad in ({"limit": "10"}, {"limit": True}, {"limit": 10.0}):
        with pytest.raises(ValidationError):
            RetrieveRequest.model_validate(bad)
    with pytest.raises(ValidationError):
        HistoryRequest.model_validate({"subject": "a", "include_retracted": 1})


def test_settings_are_a_typed_model() -> None:
    ok = SettingsRequest.model_validate({"trust": {"authority": {"user": 1, "document": 0.5}}})

    assert ok.trust.authority == {"user": 1.0, "document": 0.5} and ok.retention_days is None
    for bad in (
        {"trust": {"authority": [1, 2]}},
        {"trust": {"authority": {"user": True}}},
        {"trust": {"authority": {"user": float("nan")}}},
        {"trust": {"authority": {"x": 0.5}}},
        {"retention_days": True},
        {"trust": {"other": {}}},
    ):
        with pytest.raises(ValidationError):
            SettingsRequest.model_validate(bad)


@pytest.mark.parametrize("ch", ["\x00", "\n", "\r", "\x1b", "\u202e", "\u2066", "\u200b", "\ufeff", "\ud800"])
def test_names_refuse_control_and_format_characters(ch: str) -> None:
    with pytest.raises(ValidationError, match="control characters"):
        AppendRequest.model_validate({"content": "x", "subject": f"Al{ch}ice", "attribute": "a", "value": "v"})


def test_names_keep_letters_of_every_script_and_joiners() -> None:
    for name in ("Zoë Ñúñez", "محمد‌رضا", "李雷", "👩‍💻 dev", "O'Brien-Smith"):
        assert AppendRequest.model_validate({"content": "x", "subject": name, "attribute": "a", "value": "v"})


def test_values_are_free_text_but_known_lines_escape_what_would_break_them() -> None:
    assert views.one_line("Lisbon") == "Lisbon"
    assert views.one_line("a\nb\r\x00\u202ec\u2028") == "a\\nb\\r\\x00\\u202ec\\u2028"
    assert views.one_line("10\xa0000 · café") == "10\xa0000 · café"


def test_json_depth_counts_arrays_and_objects_but_not_strings() -> None:
    assert _depth('{"items": [{"content": "[[[["}]}') == 0  # too few brackets to be deep: not scanned
    assert _depth("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)) == MAX_DEPTH + 1
    assert _depth('["' + "[" * 100 + '"]') == 1
    assert _depth('["\\"' + "[" * 100 + '"]') == 1  # an escaped quote does not end the string
    assert _depth('"' + "\\" * 3 + "[" * 100) == 0  # an unterminated string runs to the end
    assert _depth("[]" * 1000) == 1


def test_json_depth_is_linear_on_hostile_input() -> None:
    import time

    started = time.perf_counter()
    _depth('"' + '\\"' * 500_000)
    _depth('"\\' + "\n" * 500_000 + "[" * 100)

    assert time.perf_counter() - started < 1.0


# ---------------------------------------------------------------- the key cache


@pytest.fixture
def lookups(monkeypatch: Any) -> list[str]:
    seen: list[str] = []
    real = ApiKey(key_id="key_0000000000000001", tenant="t", scope="read", created_at=datetime.now(UTC))

    def get_api_key(digest: str) -> ApiKey | None:
        seen.append(digest)
        return real if digest == ids.hash_secret("tm_" + "k" * 30) else None

    monkeypatch.setattr(keys.store, "get_api_key", get_api_key)
    keys.clear_cache()
    yield seen
    keys.clear_cache()


def test_a_bearer_that_is_not_a_key_is_looked_up_once_in_a_while(lookups: list[str], monkeypatch: Any) -> None:
    now = [1000.0]
    monkeypatch.setattr(keys.time, "monotonic", lambda: now[0])
    for _ in range(5):
        with pytest.raises(Unauthorized):
            keys.authenticate("tm_" + "x" * 30)
    assert len(lookups) == 1

    now[0] += keys.NEGATIVE_SECONDS + 0.1
    with pytest.raises(Unauthorized):
        keys.authenticate("tm_" + "x" * 30)

    assert len(lookups) == 2


def test_a_secret_that_cannot_be_a_key_is_refused_without_a_lookup(lookups: list[str]) -> None:
    for secret in ("tm_short", "nope_" + "x" * 30, "tm_" + "x" * 300, "tm_" + "é" * 30, "tm_" + " " * 30):
        with pytest.raises(Unauthorized):
            keys.authenticate(secret)

    assert lookups == []


def test_the_key_cache_is_bounded_and_a_flood_of_non_keys_evicts_no_key(lookups: list[str], monkeypatch: Any) -> None:
    monkeypatch.setattr(keys._negative, "size", 50)
    good = "tm_" + "k" * 30
    assert keys.authenticate(good).key_id == "key_0000000000000001"

    for i in range(500):
        with pytest.raises(Unauthorized):
            keys.authenticate(f"tm_{i:030d}")
    keys.authenticate(good)

    assert len(keys._negative) == 50
    assert len(keys._cache) == 1
    assert lookups.count(ids.hash_secret(good)) == 1


def test_the_key_cache_drops_the_least_recently_used_key() -> None:
    cache = keys._Lru(3)
    for digest in "abcd":
        cache.put(digest, (0.0, None))
        cache.get("a", 0.0, 10.0)  # "a" stays in use

    assert list(cache.items) == ["c", "d", "a"]  # "b" went, not "a", the oldest put


# ---------------------------------------------------------------- minting rules


def test_a_chosen_secret_must_be_a_real_one() -> None:
    with pytest.raises(ValueError, match=r"20 to 197"):
        keys.mint("t", "admin", secret="tm_x")
    with pytest.raises(ValueError, match="tenant"):
        keys.mint(" ", "admin", secret="tm_" + "a" * 30)


def test_the_cli_refuses_an_empty_tenant(capsys: Any) -> None:
    from twinmem import cli

    for tenant in ("", "  "):
        with pytest.raises(SystemExit) as exited:
            cli.main(["keys", "create", "--tenant", tenant, "--table", "whatever"])
        assert exited.value.code == 2
        assert "--tenant must name a tenant" in capsys.readouterr().err

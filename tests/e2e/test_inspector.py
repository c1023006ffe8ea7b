"""The memory inspector (GET /inspector) in headless Chromium against `make run`'s server.

Seeds an end user through the API, opens the page, enters the key, the account and a subject, and checks
what a person sees: the values over valid time with the days they were said, a conflict and a retraction,
a memory's lineage beside its explain panel, and the change feed picking up a change posted meanwhile.
Screenshots are kept in tests/artifacts/inspector/ (TWINMEM_ARTIFACTS moves them; gitignored).

Chromium and its driver are Debian's (`chromium`, `chromium-driver`): .ci/run installs them (`make browser`).
Without them the browser test is skipped, saying so; under CI (CI=true) it fails instead.
"""

from __future__ import annotations

import os
import shutil
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_local_server import ADMIN, ROOT, _serve, call

ARTIFACTS = Path(os.environ.get("TWINMEM_ARTIFACTS") or ROOT / "tests" / "artifacts") / "inspector"
TURNS = [
    {"id": "t1", "role": "user", "content": "I live in Berlin.", "said_at": "2024-06-01T10:00:00Z"},
    {"id": "t2", "role": "user", "content": "I don't live in Paris.", "said_at": "2025-01-01T09:00:00Z"},
    {"id": "t3", "role": "user", "content": "I work at Acme.", "said_at": "2025-02-01T09:00:00Z"},
    {"id": "t4", "role": "user", "content": "I don't work at Acme any more.", "said_at": "2025-03-01T09:00:00Z"},
    {"id": "t5", "role": "user", "content": "I moved to Lisbon.", "said_at": "2026-10-01T09:00:00Z"},
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from _serve({})


def _until(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def _history(server: str, account: str) -> list[dict[str, Any]]:
    body = {"subject": "user", "include_retracted": True}
    status, _, body = call(server, "POST", "/v1/memory/history", body, account=account)
    return list(body.get("assertions", [])) if status == 200 else []


@pytest.fixture(scope="module")
def seeded(server: str) -> tuple[str, list[dict[str, Any]]]:
    """An end user with a move (Berlin, then Lisbon), a value said not to hold (Paris, then retracted) and a
    conflict (Acme, said and said not)."""
    account = f"insp_{uuid.uuid4().hex[:8]}"
    status, _, _ = call(server, "POST", "/v1/memory/items", {"items": TURNS}, account=account)
    assert status == 202
    assert _until(lambda: len(_history(server, account)) == 5), _history(server, account)
    fix = {"subject": "user", "attribute": "home_city", "value": "Paris", "reason": "misheard"}
    assert call(server, "POST", "/v1/memory/corrections", fix, account=account)[0] == 201
    return account, _history(server, account)


@pytest.mark.e2e
def test_the_page_is_served_without_a_key_as_one_small_self_contained_html(server: str) -> None:
    with urllib.request.urlopen(server + "/inspector", timeout=10) as resp:
        status, headers, page = resp.status, resp.headers, resp.read()

    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert len(page) < 30_000
    text = page.decode()
    assert text.startswith("<!doctype html>") and "twinmem inspector" in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text  # no CDN
    assert "script-src 'sha256-" in headers["Content-Security-Policy"]


def _browser_binaries() -> tuple[str, str] | None:
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    driver = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    return (chromium, driver) if chromium and driver else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    found = _browser_binaries()
    if found is None:
        why = "headless Chromium not installed (Debian: apt-get install chromium chromium-driver; `make browser`)"
        if os.environ.get("CI"):
            pytest.fail(why + ": CI installs it in .ci/run")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(arg)
    options.add_argument("--window-size=1400,1700")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=found[1]))
    driver.set_page_load_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def _shot(driver: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    print(f"screenshot: {path}")
    return path


@pytest.mark.e2e
def test_timeline_lineage_explain_and_the_live_feed_in_a_browser(
    server: str, seeded: tuple[str, list[dict[str, Any]]], browser: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    account, rows = seeded
    wait = WebDriverWait(browser, 15, poll_frequency=0.2)
    css: Callable[[str], list[Any]] = lambda sel: browser.find_elements(By.CSS_SELECTOR, sel)  # noqa: E731
    by_value = {(r["attribute"], r["value"], r["polarity"]): r for r in rows}
    lisbon = by_value[("home_city", "Lisbon", 1)]["memory_id"]
    berlin = by_value[("home_city", "Berlin", 1)]["memory_id"]

    # the page, its base URL defaulting to the same origin; key, account and subject entered as a person would
    browser.get(server + "/inspector")
    assert browser.find_element(By.ID, "base").get_attribute("value") == server
    browser.find_element(By.ID, "key").send_keys(ADMIN)
    browser.find_element(By.ID, "account").send_keys(account)
    subject = browser.find_element(By.ID, "subject")
    subject.clear()
    subject.send_keys("user")
    browser.find_element(By.ID, "connect-btn").click()

    # the timeline: each value a bar over valid time, the day it was said a mark; conflict and retraction shown
    wait.until(lambda _: len(css("#timeline .seg")) == 5)
    segs = {g.get_attribute("data-value"): g for g in css("#timeline .seg")}
    assert set(segs) == {"Berlin", "Lisbon", "not Paris", "Acme", "not Acme"}
    assert "retracted" in segs["not Paris"].get_attribute("class")
    assert "conflict" in segs["Acme"].get_attribute("class") and "conflict" in segs["not Acme"].get_attribute("class")
    assert len(css("#timeline .seg path.said")) == 5
    labels = [t.text for t in css("#timeline .lane-label")]
    assert "employer ⚠ conflict" in labels and "home_city" in labels
    assert any("conflict" in line.text for line in css("#known .conflict"))
    assert any("Lisbon [said 2026-10-01]" in line.text for line in css("#known div"))
    wait.until(lambda _: len(css("#feed-list li")) >= 5)
    _shot(browser, "1-timeline")

    # a memory: its lineage chain (Berlin ... Lisbon, Lisbon current) beside its explain panel
    segs["Lisbon"].find_element(By.CSS_SELECTOR, "rect").click()
    explained = lambda text: text in browser.find_element(By.ID, "explain").text  # noqa: E731
    wait.until(lambda _: css("#lineage li.current") and explained("I moved to Lisbon."))
    chain = [li.get_attribute("data-memory-id") for li in css("#lineage li")]
    assert chain[0] == berlin and chain[-1] == lisbon
    assert css("#lineage li.current")[0].get_attribute("data-memory-id") == lisbon
    explain = browser.find_element(By.ID, "explain").text
    assert "Trust" in explain and "source_authority" in explain and "Evidence" in explain and "ADD" in explain
    _shot(browser, "2-lineage-explain")

    # the feed: a turn posted now shows up by itself (polled by cursor), and the timeline follows
    turn = {"id": "t6", "role": "user", "content": "I moved to Porto.", "said_at": "2027-01-10T09:00:00Z"}
    assert call(server, "POST", "/v1/memory/items", {"items": [turn]}, account=account)[0] == 202
    porto = _until(lambda: [r for r in _history(server, account) if r["value"] == "Porto"])
    assert porto, "extraction did not file the new turn"
    porto_id = porto[0]["memory_id"]
    wait.until(lambda _: css(f'#feed-list li.new[data-memory-id="{porto_id}"][data-kind="ADD"]'))
    wait.until(lambda _: css('#timeline .seg[data-value="Porto"]'))
    _shot(browser, "3-feed-live")

    # a change in the feed opens its memory
    css(f'#feed-list li[data-memory-id="{porto_id}"]')[0].click()
    wait.until(lambda _: explained("I moved to Porto."))
    _shot(browser, "4-from-the-feed")
    shown = browser.find_element(By.TAG_NAME, "main").text
    assert "undefined" not in shown and "null" not in shown and "NaN" not in shown
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == [], errors

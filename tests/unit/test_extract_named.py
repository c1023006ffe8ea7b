"""A thing's typed values in context (extract/things.py): new values of things named, first values of
things named unmistakably, and what is left alone."""

from __future__ import annotations

from datetime import datetime

import pytest

from twinmem.extract import named as things
from twinmem.extract.base import read_turn
from twinmem.extract.first_values import first_values
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2024, 3, 5, 10, 0)
FILED = {
    "billing-worker": {"port": ["8081"], "owner": ["Halvard"]},
    "ingest-svc": {"version": ["v1.14.0"]},
    "Pro plan": {"price": ["$19"]},
    "ledger": {"port": ["8082"]},
}


def changed(text: str) -> list[tuple[str, str, str]]:
    return [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, FILED)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I gave billing-worker port 9091 instead, 8081 kept clashing.", ("billing-worker", "port", "9091")),
        ("We rolled ingest-svc forward to v1.16.3 after the canary.", ("ingest-svc", "version", "v1.16.3")),
        ("Finance won: the Pro plan goes up to $24 a month.", ("Pro plan", "price", "$24")),
        ("Point the proxy at billing worker on 9300 from today.", ("billing-worker", "port", "9300")),
        ("First invoice at the new rate: $27 for Pro, as threatened.", ("Pro plan", "price", "$27")),
        ("Correction: Halvard no longer owns billing-worker, Beatriz does.", ("billing-worker", "owner", "Beatriz")),
        ("a sidecar took 8082, so ledger binds 8090 now", ("ledger", "port", "8090")),
        ("We switched billing-worker to use 9093 after the clash.", ("billing-worker", "port", "9093")),
        ("billing-worker is 9400 going forward", ("billing-worker", "port", "9400")),
        ("ingest-svc isn't on v1.14.0 any more, we pushed v1.15.2 out today", ("ingest-svc", "version", "v1.15.2")),
    ],
)
def test_a_new_value_of_a_thing_named_is_filed(text: str, want: tuple[str, str, str]) -> None:
    assert changed(text) == [want]


@pytest.mark.parametrize(
    "text",
    [
        "Is billing-worker still on 9091?",  # a question
        "If we bump ingest-svc to v2.0.0 the tests break.",  # a hypothetical
        "Maybe the Pro plan should cost $29.",  # a hedge
        "billing-worker is not on 9091, it's still 8081.",  # negated, and the old value
        "I moved billing-worker off 8081 this morning.",  # the one left behind
        "billing-worker is fine; the cache runs on 8090.",  # another thing's value
        "The staging box runs on 9000.",  # no thing with a value filed
    ],
)
def test_left_alone(text: str) -> None:
    assert changed(text) == []


def test_a_value_belongs_to_the_thing_named_nearest_before_it() -> None:
    got = changed("billing-worker stays put, but the ledger now runs on 8090.")
    assert got == [("ledger", "port", "8090")]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Quick one: billing-worker is on 8081 locally.", ("billing-worker", "port", "8081")),
        ("The sidecar runs api-gateway v0.9.2 for now.", ("api-gateway", "version", "v0.9.2")),
        ("We charge $19 a month for the Pro plan.", ("Pro plan", "price", "$19")),
        ("My Vela thermostat is on firmware 2.1.7 again.", ("Vela thermostat", "version", "2.1.7")),
        ("The payments service is on 8443 now.", ("payments service", "port", "8443")),
        ("Grafana's at localhost:3000 on my dev box.", ("Grafana", "port", "3000")),  # a thing called by its name
        ("Nordlys has gone up to 1,800 NOK a night.", ("Nordlys", "price", "1,800 NOK")),
        ("Quarry, our data catalogue, is on v3.2 in prod.", ("Quarry", "version", "v3.2")),  # past an aside
        ("upstream ledger-api on 127.0.0.1:8080, fine", ("ledger-api", "port", "8080")),  # an address is no version
        ("auth-svc on :9000 keeps dying.", ("auth-svc", "port", "9000")),
        ("I run a server called Blockhaven for my cousins, on the default 25565.", ("Blockhaven", "port", "25565")),
    ],
)
def test_first_values_of_things_named_unmistakably(text: str, want: tuple[str, str, str]) -> None:
    assert [(s.subject, s.attribute, s.value) for s in first_values(text, SAID)] == [want]


@pytest.mark.parametrize(
    "text",
    [
        "My e-bike is on 20 today.",  # not an identifier
        "The plan is to leave at 8081.",  # no named plan, no identifier
        "Does billing-worker run on 8081?",
        "Most competitors charge $25 for their equivalent.",
        "My phone is on 415 555 0123.",  # a phone number, not a port
        "My laptop is on 8080 most days.",  # a device listens on no port
    ],
)
def test_no_first_value_without_a_thing_named_unmistakably(text: str) -> None:
    assert first_values(text, SAID) == []


def test_the_turn_reads_things_only_in_context_and_never_for_an_unnamed_assistant() -> None:
    rules = RulesExtractor()
    text = "We rolled ingest-svc forward to v1.16.3."
    user = read_turn(rules, text, SAID, "user", filed={}, things={"ingest-svc": {"version": ["v1.14.0"]}})
    assert ("ingest-svc", "version", "v1.16.3") in [(s.subject, s.attribute, s.value) for s in user.statements]
    assistant = read_turn(rules, text, SAID, "assistant", filed={}, things={"ingest-svc": {"version": ["v1.14.0"]}})
    assert assistant.statements == []


def test_mentions_match_names_as_recorded_hyphens_and_case_aside() -> None:
    names = ["billing-worker", "Pro plan", "ledger", "api"]
    assert things.mentions("Moved Billing Worker and the pro plan; rapid fire.", names) == [
        "billing-worker",
        "Pro plan",
    ]
    assert things.names_a_value("bumped it to 2.4.1") and not things.names_a_value("nothing shaped here")
    assert things.mentions("The thermostat pulled 2.3.0 overnight.", ["Vela thermostat", "mobile app"]) == [
        "Vela thermostat"
    ]
    assert things.mentions("a thermostat", ["Vela thermostat"]) == []
    candle = ["Fig & Cedar candle"]  # a name with a common head word: the name alone, as written
    assert things.mentions("I'm bumping Fig & Cedar to $28.", candle) == candle
    assert things.mentions("fig & cedar smells nice", candle) == []


PEOPLE = {"Greta": {"home_city": ["Innsbruck"]}, "Mirela": {"employer": ["Dunmore Bank"]}}


def test_the_one_person_the_question_named_is_whom_he_is() -> None:
    asked = "Could Oskar help? He's an electrician, right?"
    text = "Not anymore. He's a ferry captain now, on the island routes."
    got = things.changes(text, SAID, {"Oskar": {"job_title": ["electrician"]}}, asked=asked)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Oskar", "job_title", "ferry captain")]
    two = {"Oskar": {"job_title": ["electrician"]}, "Tomas": {"job_title": ["welder"]}}
    assert things.changes(text, SAID, two) == []  # which of them is "he"?


@pytest.mark.parametrize(
    ("text", "filed", "want"),
    [
        (
            "billing-worker is acting up. Hyun-woo owns it now that Priya moved teams, so can you draft the page?",
            {"billing-worker": {"owner": ["Priya"]}},
            ("billing-worker", "owner", "Hyun-woo"),
        ),
        (
            "FitHaus put the price up to €45 a month from August.",
            {"FitHaus membership": {"price": ["€39"]}},
            ("FitHaus membership", "price", "€45"),
        ),
        (
            "We're raising the Team plan to $15 per user from May 1.",
            {"Team plan": {"price": ["$12"]}},
            ("Team plan", "price", "$15"),
        ),
    ],
)
def test_a_thing_s_new_value_said_before_a_question_or_as_an_object(
    text: str, filed: dict[str, dict[str, list[str]]], want: tuple[str, str, str]
) -> None:
    assert [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, filed)] == [want]


def test_a_name_that_starts_like_a_place_is_no_place() -> None:
    got = things.changes("Alice Chen works at Acme Health now.", SAID, {"Alice Chen": {"home_city": ["Berlin"]}})
    assert [(s.attribute, s.value) for s in got] == []  # Alice (Texas) is a town, but here a first name


def test_a_value_opening_the_next_sentence_is_the_thing_s() -> None:
    text = "Ugh, the Greenacre veg box went up again. £22 a week now."
    got = things.changes(text, SAID, {"Greenacre veg box": {"price": ["£20"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Greenacre veg box", "price", "£22")]


def test_a_port_said_as_it_is_now() -> None:
    text = "done, the Mosquitto broker isn't on 1883 anymore, it's 8883 with TLS only."
    got = things.changes(text, SAID, {"Mosquitto broker": {"port": ["1883"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Mosquitto broker", "port", "8883")]


def test_a_price_is_no_version() -> None:
    got = first_values("I'm tallying subscriptions: Sparrow VPN is $6.99 a month.", SAID)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Sparrow VPN", "price", "$6.99")]


def test_a_port_said_after_a_colon() -> None:
    text = "Security wanted new ports everywhere, so ledger-db moved again: 7432 as of last night."
    got = things.changes(text, SAID, {"ledger-db": {"port": ["6432"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("ledger-db", "port", "7432")]


def test_it_in_a_later_clause_is_the_one_thing_named() -> None:
    text = "Glowline isn't £8.99 anymore, they've bumped it to £10.99 without telling anyone."
    got = things.changes(text, SAID, {"Glowline": {"price": ["£8.99"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Glowline", "price", "£10.99")]


def test_a_status_said_again_after_a_pronoun_is_the_thing_s() -> None:
    text = "Good news: checkout-queue isn't degraded any more. It's been fully operational since Friday."
    got = things.changes(text, SAID, {"checkout-queue": {"status": ["degraded"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("checkout-queue", "status", "operational")]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Greta took a job at the university in Graz, so they moved in October.", ("Greta", "home_city", "Graz")),
        ("Poor Mirela. She joined Fernwood Games within a month, though.", ("Mirela", "employer", "Fernwood Games")),
        ("Innsbruck was too quiet for Greta, so Linz it is.", ("Greta", "home_city", "Linz")),
        ("Mirela. She's not at Dunmore Bank now, Halcyon Media poached her.", ("Mirela", "employer", "Halcyon Media")),
        ("Greta's off again, she lives in Singapore now.", ("Greta", "home_city", "Singapore")),  # a city-state
        ("Greta called. She's not in Innsbruck now, she took a flat in Tallinn.", ("Greta", "home_city", "Tallinn")),
    ],
)
def test_a_person_named_takes_a_new_value_of_a_type_filed_for_them(text: str, want: tuple[str, str, str]) -> None:
    assert [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, PEOPLE)] == [want]


@pytest.mark.parametrize(
    "text",
    [
        "Greta is spending a week in Graz.",  # a trip
        "Greta's husband grew up in Graz, and she visits Salzburg.",  # someone else's, then a visit
        "Mirela says Tom joined Fernwood Games.",  # the value's clause names nobody filed
        "Did Greta move to Graz?",
        "Greta and Mirela met; she lives in Graz.",  # "she": either of two people named
    ],
)
def test_a_person_named_is_left_alone(text: str) -> None:
    assert things.changes(text, SAID, PEOPLE) == []


def test_a_whole_number_version_follows_whole_number_versions() -> None:
    filed = {"Postgres": {"version": ["15", "13"]}}
    text = "and Postgres is on 16 now, jumped as soon as the extension we need supported it"
    assert [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, filed)] == [
        ("Postgres", "version", "16")
    ]
    assert things.changes(text, SAID, {"Postgres": {"version": ["15.2"]}}) == []


def test_a_class_s_price_and_a_sentence_opening_on_the_attribute_it_gives() -> None:
    got = first_values("I teach the Saturday pottery class, it's $45 a session incl. clay", SAID)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Saturday pottery class", "price", "$45")]
    text = "can u make a flyer for the Saturday pottery class? price is $52 now because clay went up"
    got = things.changes(text, SAID, {"Saturday pottery class": {"price": ["$45"]}})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Saturday pottery class", "price", "$52")]


def test_a_thing_moved_out_of_one_city_to_a_facility_in_another_is_there() -> None:
    filed = {"pika-02": {"location": ["Frankfurt rack"]}}
    text = "we migrated pika-02 out of Frankfurt to the Helsinki DC last weekend (cheaper power)."
    assert [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, filed)] == [
        ("pika-02", "location", "Helsinki")
    ]


def test_someone_doing_a_job_at_a_firm_now_works_there() -> None:
    filed = {"Dario": {"employer": ["Ferrovia Logistics"]}}
    text = "Dario got poached! He's doing ops at Pinecrest Health now."
    assert [(s.subject, s.attribute, s.value) for s in things.changes(text, SAID, filed)] == [
        ("Dario", "employer", "Pinecrest Health")
    ]


def test_she_speaking_again_after_a_report_is_the_one_person_named() -> None:
    filed = {"Ottilie": {"favorite_color": ["olive"]}}
    got = things.changes("Ottilie told me olive is done, she's all about coral now.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Ottilie", "favorite_color", "coral")]
    # someone else between the report and the value: left alone
    assert things.changes("Ottilie says her brother is all about coral now.", SAID, filed) == []


def _read(text: str, things_filed: dict[str, dict[str, list[str]]] | None = None) -> set[tuple[str, str, str]]:
    got = RulesExtractor().read(text, SAID, "user", filed={}, things=things_filed or {}).statements
    return {(s.subject, s.attribute, s.value) for s in got}


def test_a_word_straight_before_a_three_part_version_is_what_it_versions() -> None:
    assert ("kestrel", "version", "1.8.2") in _read("we're still on kestrel 1.8.2 in prod")
    assert _read("kestrel 2.0.0 shipped today") == {
        ("kestrel", "version", "2.0.0"),
        ("kestrel", "status", "shipped"),
    }
    assert _read("we bumped to 2.0.1 last night") == set()  # bumped what?
    assert not any(s == "firmware" for s, _a, _v in _read("The Vela thermostat is on firmware 2.1.7."))


def test_a_number_is_no_thing_and_it_doing_what_things_do_is_the_thing_named_before() -> None:
    assert _read("9090 is closed now.") == set()
    filed = {"relay-svc": {"port": ["7000"]}}
    got = _read("We moved TLS onto relay-svc. Then we rebuilt it and it serves on 7443 from today.", filed)
    assert ("relay-svc", "port", "7443") in got


def test_a_partner_named_like_a_city_is_a_person_unless_said_as_a_place() -> None:
    filed = {"Noor": {"partner": ["Idris"]}}
    got = things.changes("Noor is bringing Florence, they've been together since spring.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Noor", "partner", "Florence")]
    assert things.changes("Noor and Idris spent a week together in Florence.", SAID, filed) == []


def test_a_turn_opening_on_she_is_about_the_one_person_carried_from_before() -> None:
    filed = {"Ama": {"home_city": ["Accra"]}}
    got = things.changes("She moved to Kumasi last month.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Ama", "Kumasi")]
    two = {"Ama": {"home_city": ["Accra"]}, "Abena": {"home_city": ["Tema"]}}
    assert things.changes("She moved to Kumasi last month.", SAID, two) == []  # which of them?
    other = {"Ama": {"home_city": ["Accra"]}, "Kofi": {"home_city": ["Tema"]}}  # Kofi is a man's name
    assert [(s.subject, s.value) for s in things.changes("She moved to Kumasi last month.", SAID, other)] == [
        ("Ama", "Kumasi")
    ]
    assert things.changes("Her brother moved to Kumasi last month.", SAID, filed) == []  # someone else's
    assert not things.refers_back("Kumasi is lovely.") and things.refers_back("Oh, she's in Kumasi now.")


def test_whom_someone_is_hiring_is_not_what_they_are() -> None:
    filed = {"Mei": {"job_title": ["head of research"]}}
    assert things.changes("Mei is hiring a junior designer next month.", SAID, filed) == []


def test_a_turn_opening_on_a_value_is_about_the_thing_said_before() -> None:
    filed = {"ferry-api": {"version": ["2.2.0"]}}
    got = things.changes("4.1.0 is out, upgraded this morning.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("ferry-api", "4.1.0")]
    ported = {"ferry-api": {"port": ["7000"]}}
    got = things.changes("We moved ferry-api off 7000. 7100 in every env from today.", SAID, ported)
    assert [(s.subject, s.value) for s in got] == [("ferry-api", "7100")]
    assert not things.refers_back("2023 was a long year.")  # a year opens no value


def test_they_after_a_report_is_the_one_thing_named() -> None:
    filed = {"Loaf Society": {"location": ["Kings Road"]}}
    got = things.changes("Loaf Society is shut. The note says they've relocated to Mill Lane.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Loaf Society", "Mill Lane")]


def test_a_things_place_said_as_a_region_from_where_it_serves_or_after_turns_out() -> None:
    filed = {"relay-db": {"location": ["ap-south-1"]}}
    got = things.changes("Done: relay-db has been serving from eu-north-1 (Stockholm) since Monday.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("relay-db", "eu-north-1")]
    got = things.changes("Actually it's ca-central-1, next to the app.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("relay-db", "ca-central-1")]
    shop = {"Rye & Co": {"location": ["Mill Lane"]}}
    got = things.changes("Rye & Co is gone from Mill Lane! turns out they relocated to Quay Street.", SAID, shop)
    assert [(s.subject, s.value) for s in got] == [("Rye & Co", "Quay Street")]


def test_a_shop_called_by_its_short_name_moves_to_a_street() -> None:
    filed = {"Hollow Oak Bakery": {"location": ["Mill Lane"]}}
    got = things.changes("Hollow Oak was shut!! turns out they've taken over the old bank on Quay Road.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Hollow Oak Bakery", "Quay Road")]


def test_a_version_shipped_and_the_one_pushed_after_a_failed_one() -> None:
    assert ("Wrenly", "version", "3.1.0") in _read("We're shipping Wrenly 3.1.0 to the store today.")
    filed = {"Wrenly": {"version": ["3.1.0"]}}
    got = things.changes("3.1.1 failed review, so we skipped it and pushed 3.1.2 instead.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Wrenly", "3.1.2")]


def test_a_partner_who_is_a_recorded_subject_too_and_a_friend_of_mine() -> None:
    filed = {"Noor": {"partner": ["Idris"]}, "Tariq": {"diet": ["vegan"]}}
    got = things.changes("Guess what, Noor and Tariq are back together.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Noor", "partner", "Tariq")]
    got = RulesExtractor().read("friend of mine just moved to Peru.", SAID, "user", filed={"home_country": ["Chile"]})
    assert got.statements == []


def test_someone_going_back_to_an_earlier_value_files_it_again() -> None:
    filed = {"Noor": {"partner": ["Karim", "Idris"]}}  # newest said first: Karim now, Idris before
    got = things.changes("Noor and Idris are back together!", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Noor", "Idris")]
    assert things.changes("Noor and Karim are still together.", SAID, filed) == []  # the current one, said again


def test_an_arrow_from_the_old_value_and_a_move_from_one_port_to_another() -> None:
    assert changed("proxy sits in front of ledger now, so apps connect 8082 -> 7082") == [("ledger", "port", "7082")]
    got = RulesExtractor().extract("ledger moved from 8082 to 7082", SAID, "user")
    assert [(s.subject, s.attribute, s.value) for s in got] == [("ledger", "port", "7082")]  # no subject "from 8082"


def test_he_at_an_acronym_firm_and_her_favourite_in_a_later_sentence_are_the_one_named_before() -> None:
    people = {"Idris": {"employer": ["Deloitte"]}, "Noor": {"favorite_color": ["green"]}}
    got = things.changes("He said yes. he's at KPMG now, on the audit side.", SAID, {"Idris": people["Idris"]})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Idris", "employer", "KPMG")]
    got = things.changes("Orange! Her favourite colour is orange now.", SAID, {"Noor": people["Noor"]})
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Noor", "favorite_color", "orange")]


def test_his_wife_s_workplace_is_not_his() -> None:
    text = "he had an offer from Wolt too. and his wife still works at Deloitte, funnily enough"
    assert things.changes(text, SAID, {"Idris": {"employer": ["Bolt", "Deloitte Digital"]}}) == []


def test_a_project_called_by_its_name_alone_takes_its_new_status() -> None:
    got = things.changes(
        "Finally heard back on Halyard: it's been paused.", SAID, {"Project Halyard": {"status": ["active"]}}
    )
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Project Halyard", "status", "paused")]
    assert things.mentions("a halyard snapped on the boat", ["Project Halyard"]) == []


def test_a_version_said_with_its_product_then_a_whole_number_on_the_same_product() -> None:
    filed = {"billing database": {"version": ["Postgres 13"]}}
    got = things.changes(
        "Nope, it's on Postgres 17 now.", SAID, filed, asked="Is the billing database still on Postgres 13?"
    )
    assert [(s.subject, s.attribute, s.value) for s in got] == [("billing database", "version", "17")]


def test_a_price_paid_for_it_is_the_plan_named_before() -> None:
    filed = {"Orla Plus plan": {"price": ["$9"]}}
    got = things.changes("Orla Plus went up again; I'm paying $12 a month for it now.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Orla Plus plan", "price", "$12")]


def test_a_value_read_for_a_named_thing_is_placed_at_its_own_clause() -> None:
    said = "Reshuffle: ledger-api now sits with the Core team, and Obi is its owner on paper."
    got = (
        RulesExtractor()
        .read(said, SAID, "user", filed={}, things={"ledger-api repo": {"owner": ["Rukmini"]}})
        .statements
    )
    spans = {s.value: s.span for s in got if s.attribute == "owner"}
    assert said[spans["Obi"][0] :].startswith("and Obi")  # a later clause: the later value in the turn
    assert spans["Core team"][0] < spans["Obi"][0]

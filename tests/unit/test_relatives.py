"""Relatives named once by relation and name, then by relation alone (twinmem/relatives.py)."""

from __future__ import annotations

from twinmem import relatives


def test_pairs_said_either_way_and_kept_latest_last() -> None:
    text = "My little brother Kofi is visiting. I knit for my mum, Rosalind, and Ines, my cousin, is coming too."
    assert relatives.said_in(text) == [("brother", "Kofi"), ("mum", "Rosalind"), ("cousin", "Ines")]
    kept = relatives.merged("sister=Maren brother=Yaw", text)
    assert relatives.parse(kept) == {"sister": "Maren", "brother": "Kofi", "mum": "Rosalind", "cousin": "Ines"}
    assert list(relatives.parse(kept))[-1] == "cousin"


def test_friends_partners_and_colleagues_are_not_kept() -> None:
    assert relatives.said_in("My friend Ana, my boyfriend Leo and my colleague Sam came over.") == []


def test_a_relation_alone_is_named_and_spans_map_back() -> None:
    said = "Visiting my sister! She moved to Oslo. Mum's budgie died."
    read, shifts = relatives.named_in(said, "sister=Maren mum=Rosalind")
    assert read == "Visiting my sister Maren! She moved to Oslo. Mum Rosalind's budgie died."
    at = read.index("Oslo")
    assert relatives.unshift((at, at + 4), shifts) == (said.index("Oslo"), said.index("Oslo") + 4)
    budgie = read.index("budgie")
    assert relatives.unshift((budgie, budgie + 6), shifts) == (said.index("budgie"), said.index("budgie") + 6)
    name = read.index("Maren")
    assert relatives.unshift((name, name + 5), shifts) == (said.index("!"), said.index("!"))  # where it was put in


def test_nothing_is_put_in_when_the_turn_names_them_or_nothing_is_kept() -> None:
    said = "My sister and Maren went to Oslo."
    assert relatives.named_in(said, "sister=Maren") == (said, [])
    assert relatives.named_in("My sister moved.", None) == ("My sister moved.", [])
    assert relatives.named_in("My sister Ana moved.", "sister=Maren") == ("My sister Ana moved.", [])


def test_one_s_manager_is_kept_and_named_when_said_as_the_old_one() -> None:
    kept = relatives.merged(None, "My manager Hana is moving teams.")
    assert relatives.named_in("My old manager got made VP.", kept)[0] == "My old manager Hana got made VP."

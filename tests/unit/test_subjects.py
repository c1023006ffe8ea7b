"""The thing a short name means (subjects.named_by): a name with a generic head word, one way or the other."""

from __future__ import annotations

from twinmem import subjects
from twinmem.subjects import named_by


def test_a_short_name_reads_the_one_thing_it_is_short_for() -> None:
    recorded = ["elasticsearch cluster", "fithaus", "pro plan", "starter plan"]
    assert named_by("Elasticsearch", recorded) == "elasticsearch cluster"
    assert named_by("FitHaus membership", recorded) == "fithaus"
    assert named_by("Pro", recorded) == "pro plan"


def test_a_thing_asked_for_with_an_article_reads_it_as_filed() -> None:
    recorded = ["billing service", "nas", "project halyard"]
    assert named_by("the billing service", recorded) == "billing service"
    assert named_by("our NAS", recorded) == "nas"
    assert named_by("the Halyard", recorded) == "project halyard"  # and then a head word left out
    assert named_by("the Osprey", recorded) is None


def test_a_thing_asked_for_without_its_owner_or_with_a_qualifier_reads_it() -> None:
    recorded = ["school's 3d printer", "club website", "laser cutter"]
    assert named_by("3D printer", recorded) == "school's 3d printer"  # the owner's possessive left out
    assert named_by("coding club website", recorded) == "club website"  # a qualifier the turn left out
    assert named_by("website", recorded) is None  # one word is too little to go on


def test_no_guess_between_several_or_without_a_head_word() -> None:
    assert named_by("Pro", ["pro plan", "pro app"]) is None  # two things it could be
    assert named_by("Elastic", ["elasticsearch cluster"]) is None
    assert named_by("Greta", ["greta smith"]) is None  # a surname is no head word


def test_a_project_is_its_name_with_or_without_the_word_project() -> None:
    assert named_by("Project Halyard", ["halyard", "osprey"]) == "halyard"
    assert named_by("Halyard", ["project halyard"]) == "project halyard"
    assert named_by("Halyard", ["halyard rope"]) is None


def test_a_statement_naming_a_recorded_thing_without_its_head_word_is_filed_under_it() -> None:
    from datetime import date

    from twinmem.extract.base import Statement
    from twinmem.ingest import as_recorded

    st = Statement(
        subject="Halyard", attribute="status", value="active", polarity=1, valid_from=date(2026, 1, 5), span=(0, 9)
    )
    names = {"Project Halyard": "project halyard", "Osprey": "osprey"}
    assert as_recorded(st, names).subject == "Project Halyard"
    assert as_recorded(st.model_copy(update={"subject": "Osprey"}), names).subject == "Osprey"  # recorded as said
    assert as_recorded(st.model_copy(update={"subject": "Heron"}), names).subject == "Heron"  # nothing it is short for
    assert as_recorded(st, {}).subject == "Halyard"


def test_a_thing_called_without_its_passing_qualifier_or_by_a_short_head_is_the_one_recorded() -> None:
    assert named_by("the Saab", ["old saab", "paris office"]) == "old saab"
    assert named_by("orders db", ["orders database"]) == "orders database"
    assert named_by("orders database", ["orders db"]) == "orders db"
    assert named_by("Saab", ["red saab"]) == "red saab"
    assert named_by("Tidewater", ["tidewater labs"]) == "tidewater labs"
    assert named_by("Pro", ["loomly pro", "paris office"]) == "loomly pro"


def test_a_thing_s_passing_qualifier_may_be_left_out_but_a_name_may_not() -> None:
    assert named_by("NAS", ["backup nas"]) == "backup nas"
    assert named_by("office", ["paris office"]) is None


def test_a_kind_before_a_name_may_be_left_out_when_it_is_said() -> None:
    from twinmem.extract.named import mentions

    assert mentions("Hotfix is out, quokka is now 2.0.1", ["SDK quokka", "Pica"]) == ["SDK quokka"]


def test_a_title_of_kinship_before_a_name_is_no_part_of_whom_it_names() -> None:
    assert subjects.subject_key("Aunt Marisol") == subjects.subject_key("Marisol")
    assert subjects.subject_key("Grandpa Walt") == "walt"
    assert subjects.subject_key("Grandma") == "grandma"  # a title alone is what they are called


def test_a_thing_called_with_or_without_what_it_is_reads_the_one_recorded() -> None:
    recorded = {"cobalt warehouse": "the Cobalt warehouse", "fenwick": "Fenwick", "depot": "Depot"}
    assert subjects.called_with_kind("Cobalt", recorded) == "cobalt warehouse"
    assert subjects.called_with_kind("Fenwick standing desk", recorded) == "fenwick"
    assert subjects.called_with_kind("the Depot artifact cache", recorded) == "depot"
    assert subjects.called_with_kind("Lakeside Rambler", {"lakeside rambler coach tour": "Lakeside Rambler coach tour"})
    assert subjects.called_with_kind("Marigold", {"gpu cluster marigold": "gpu cluster Marigold"})


def test_a_common_word_or_another_name_beside_it_is_no_kind() -> None:
    assert subjects.called_with_kind("Halyard", {"halyard rope": "halyard rope"}) is None  # not said as a name
    assert subjects.called_with_kind("Docuflow", {"docuflow business": "Docuflow Business"}) is None  # a plan's name
    assert subjects.called_with_kind("Osprey", {"osprey rig": "Osprey rig", "osprey app": "Osprey app"}) is None
    assert subjects.called_with_kind("Osprey", {"osprey rig test bench one": "Osprey rig test bench one"}) is None  # 4


def test_a_thing_recorded_with_its_kind_is_mentioned_by_its_name_alone() -> None:
    from twinmem.extract.named import mentions

    names = ["Northstar build farm", "Depot"]
    assert mentions("Northstar lives in Stockholm as of this week", names) == ["Northstar build farm"]
    assert mentions("the north star is bright", names) == []

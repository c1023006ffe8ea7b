"""Eighteenth-session readings: a thing named before what it is or where it is kept, pets told by what they did,
a sentence with no subject after one about someone else, the last of a thing's values in a turn, nationality
read against the one filed, and answers and denials said after a clause of their own."""

from __future__ import annotations

import pytest

from tests.unit.readings import read, values

# ---------------------------------------------------------------- things: what they are, where they are kept


def test_a_name_said_before_the_what_it_is_without_a_comma() -> None:
    assert ("Harrier", "location", "Oslo", 1) in read("Harrier the backup box is in our Oslo rack these days.")


def test_where_a_thing_is_kept_is_where_it_is() -> None:
    assert ("Wavecrest", "location", "Falmouth", 1) in read("Wavecrest's mooring is in Falmouth this summer.")


def test_a_name_said_with_what_it_is_lives_somewhere_as_a_thing() -> None:
    got = read("Quarry, our build cluster, lives in Helsinki on rented hardware.")
    assert ("Quarry", "location", "Helsinki", 1) in got
    assert not any(a.startswith("home_") for _s, a, _v, _p in got)  # "our" cluster's place is no home of ours


def test_a_place_said_before_there() -> None:
    text = "We found a cheaper berth over in Poole Harbour, so Wavecrest stays there now."
    assert ("Wavecrest", "location", "Poole Harbour", 1) in read(text, things={"Wavecrest": {"location": ["Weymouth"]}})


def test_a_street_where_a_stall_stands() -> None:
    assert ("Brisket Bus", "location", "Castle Street", 1) in read("Brisket Bus stands on Castle Street on Fridays.")


def test_the_last_state_said_of_a_thing_in_a_turn() -> None:
    text = "Juniper wrapped up, we shipped the final piece in May. Marking it archived in the tracker today."
    assert ("Juniper", "status", "archived", 1) in read(text, things={"Juniper": {"status": ["active"]}})


def test_whoever_takes_up_the_next_clause_is_no_new_owner() -> None:
    text = "Atlas has been handed to Greta for good, and Piotr is going back to the data team."
    got = read(text, things={"Atlas": {"owner": ["Piotr"]}})
    assert ("Atlas", "owner", "Greta", 1) in got
    assert ("Atlas", "owner", "data team", 1) not in got


# ---------------------------------------------------------------- pets, partners, people


def test_a_pet_told_by_what_it_did() -> None:
    assert ("@self", "pet", "hamster", 1) in read("my hamster escaped again last night")
    assert ("Tomas", "pet", "iguana", 1) in read("My neighbour Tomas's iguana got out again.")
    assert not values("the neighbour's dog barked all night", "pet")


def test_a_sentence_with_no_subject_after_one_opening_on_someone_is_theirs() -> None:
    text = "Ines doesn't have the rabbit anymore, she gave it to her niece. Got a parrot instead."
    assert ("Ines", "pet", "parrot", 1) in read(text, things={"Ines": {"pet": ["rabbit"]}})


def test_with_someone_for_years_is_a_partner() -> None:
    assert ("Marco", "partner", "Giulia", 1) in read(
        "Marco, my friend from uni, is with Giulia for four years already."
    )


# ---------------------------------------------------------------- the speaker's own


def test_a_title_without_an_article_is_not_the_verb_after_it() -> None:
    text = "Since June I am engineering manager, I lead six people now."
    assert values(text, "job_title", filed={"job_title": ["senior engineer"]}) == ["engineering manager"]


def test_a_title_of_what_one_directs() -> None:
    text = "Good news! She got promoted and she's director of marketing now."
    assert ("Noor", "job_title", "director of marketing", 1) in read(
        text, things={"Noor": {"job_title": ["marketing manager"]}}
    )


def test_an_offer_accepted_from_a_firm() -> None:
    text = "I got the offer from Canva and I accepted, design systems team."
    assert values(text, "employer", filed={"employer": ["Atlassian"]}) == ["Canva"]


def test_a_new_address_said_as_a_fragment_before_someone_elses_sentence() -> None:
    text = "New address again: Galway, right by the bay. My husband got a transfer."
    assert values(text, "home_city", filed={"home_city": ["Limerick"]}) == ["Galway"]


def test_nationality_read_against_the_one_filed() -> None:
    text = "The citizenship oath was today, so I am not Brazilian citizen anymore, only Portuguese."
    got = read(text, filed={"nationality": ["Brazilian"]})
    assert ("@self", "nationality", "Portuguese", 1) in got
    assert not any(a == "home_country" for _s, a, _v, _p in got)  # "because Brazil does not allow ..." no home


def test_a_passport_surrendered_is_no_new_nationality() -> None:
    text = "Handed in the Brazilian passport at the consulate today."
    assert not values(text, "nationality", filed={"nationality": ["Portuguese", "Brazilian"]})


def test_what_one_can_eat_again_is_no_allergy() -> None:
    text = "Saw an allergist and did the full panel. The real culprit is sesame, and I can eat prawns again!"
    assert values(text, "allergy", filed={"allergy": ["shellfish"]}) == ["sesame"]


@pytest.mark.parametrize(
    ("text", "fav"),
    [
        ("I went to their gig and now they're my favourite band.", "Wet Leg"),
        ("So I have new number one band: Wet Leg.", "Wet Leg"),
    ],
)
def test_a_new_favourite_band(text: str, fav: str) -> None:
    text = text.replace("their gig", "the Wet Leg gig")
    assert values(text, "favorite_band", filed={"favorite_band": ["Blur"]}) == [fav]


def test_a_colour_that_it_is() -> None:
    assert values("painted the hallway sage green bc its my favourite colour", "favorite_color") == ["sage green"]


def test_a_favourite_said_of_me() -> None:
    assert values("Favourite drink of me is mint tea, every evening.", "favorite_drink") == ["mint tea"]


def test_a_degree_through_a_school_and_a_subject_is_no_school() -> None:
    assert values("Starting an online master's in data science through Purdue this autumn.", "school") == ["Purdue"]
    assert values("I'm doing a degree in Geography at the University of Exeter.", "school") == ["University of Exeter"]


def test_a_masters_is_nobody_elses() -> None:
    text = "I transferred my master's to the University of Bath, their course took my credits."
    assert values(text, "school", filed={"school": ["Open University"]}) == ["University of Bath"]


def test_a_number_given_if_ever_needed() -> None:
    assert values("My mobile is 07700 900123 if you ever need it for the forms.", "phone") == ["07700 900123"]


# ---------------------------------------------------------------- answers and denials


def test_an_answer_after_a_clause_of_its_own() -> None:
    asked = "Which Corvid version are you on now, still 2.1?"
    text = "upgraded last weekend, we're on 2.3, all green"
    assert ("Corvid", "version", "2.3", 1) in read(text, things={"Corvid": {"version": ["2.1"]}}, asked=asked)


def test_a_denial_whose_new_value_comes_in_the_next_sentence() -> None:
    asked = "Shall I put 0161 496 0000 on the form, the number you gave me before?"
    text = "No, that one's gone, I changed networks in June. It's 0161 496 0999 now."
    got = read(text, filed={"phone": ["0161 496 0000"]}, asked=asked)
    assert ("@self", "phone", "0161 496 0999", 1) in got


# ---------------------------------------------------------------- first values of people


def test_a_pet_named_after_an_aside_on_its_owner() -> None:
    text = "My grandad Walter is ninety and his budgie, Pip, is the centre of his world."
    assert ("Walter", "pet", "Pip", 1) in read(text)


def test_work_done_at_a_firm_whose_name_says_it_is_one() -> None:
    assert ("Leon", "employer", "Harbour Architects", 1) in read("My cousin Leon draws bridges at Harbour Architects.")
    assert ("Leon", "employer", "Kestrel Bank", 1) in read("My cousin Leon got a promotion at Kestrel Bank.")
    assert not values("I ran a half marathon at Hyde Park.", "employer")


def test_a_town_someone_has_lived_in_or_moved_to_since() -> None:
    text = "Drove up to Leeds to see my friend Priya, she's lived there since college."
    assert ("Priya", "home_city", "Leeds", 1) in read(text)
    text = "Dan's firm opened a branch in Cork and he relocated there in May with his dog."
    assert ("Dan", "home_city", "Cork", 1) in read(text, things={"Dan": {"home_city": ["Dublin"]}})


def test_a_relation_said_with_a_word_before_it() -> None:
    assert ("Kofi", "partner", "Ama", 1) in read("My childhood friend Kofi is getting serious with his girlfriend Ama.")


def test_a_firm_with_an_ampersand_that_made_an_offer() -> None:
    text = "Lena got poached: a studio called Birch & Vale offered her a lead role."
    assert ("Lena", "employer", "Birch & Vale", 1) in read(text, things={"Lena": {"employer": ["Northwind"]}})


def test_a_pastime_quit_is_no_new_one() -> None:
    text = "Jonas quit rowing after the injury. He's all about chess now."
    got = read(text, things={"Jonas": {"hobby": ["rowing"]}})
    assert ("Jonas", "hobby", "chess", 1) in got
    assert ("Jonas", "hobby", "rowing", 1) not in got


def test_a_university_by_its_initials_and_a_title_of_three_words() -> None:
    assert values("I got accepted to TU Delft for the master.", "school", filed={"school": ["Leiden"]}) == ["TU Delft"]
    text = "New role for me: customer success manager."
    assert values(text, "job_title", filed={"job_title": ["account executive"]}) == ["customer success manager"]
    text = "My title now reads operations lead."
    assert values(text, "job_title", filed={"job_title": ["analyst"]}) == ["operations lead"]


def test_a_train_taken_somewhere_is_no_thing_kept_there() -> None:
    assert not any(a == "location" for _s, a, _v, _p in read("Took the bus over to Bath to see my aunt."))


def test_a_boat_spoken_of_as_she() -> None:
    assert ("Puffin", "location", "Oban", 1) in read("Took Puffin out at dawn, she's moored at Oban for the summer.")
    assert ("Sea Lark", "location", "Dartmouth", 1) in read(
        "Spent Sunday painting the Sea Lark. She's on a mooring in Dartmouth this year."
    )
    assert not any(a == "location" for _s, a, _v, _p in read("Took Greta out for lunch, she's moored at Oban."))


def test_a_passion_is_a_pastime() -> None:
    assert values("My great passion these days has been sea kayaking.", "hobby") == ["sea kayaking"]


def test_a_favourite_said_of_it_after_a_title_and_a_language() -> None:
    text = "I maintain that Persuasion is the best novel in the English language, and it remains my favourite book."
    assert values(text, "favorite_book") == ["Persuasion"]


def test_a_named_place_by_a_landmark_is_the_thing() -> None:
    text = "The Lantern Cafe by the harbour is owned by Moira Blake."
    assert ("Lantern Cafe", "owner", "Moira Blake", 1) in read(text)


def test_a_firm_said_no_longer_then_the_one_now() -> None:
    got = read("Kai quit. He's not at Vantor anymore, he's at Brightline now.")
    assert ("Kai", "employer", "Brightline", 1) in got
    assert ("Kai", "employer", "Vantor", -1) in got


def test_a_firm_someone_is_at_with_the_work_they_do_there() -> None:
    assert ("Ola", "employer", "Volvo", 1) in read("Ola from my old team is at Volvo now, doing battery stuff.")
    assert not values("Mum is at Tesco now, doing the big shop.", "employer")


def test_a_title_held_in_a_subject_and_a_thing_switched() -> None:
    assert ("Anil", "job_title", "lecturer", 1) in read("My brother Anil is lecturer in physics at the university.")
    asked = "Does the smtp-relay still use port 2525?"
    got = read(
        "We switched it to 587 last week, the provider insisted.",
        things={"smtp-relay": {"port": ["2525"]}},
        asked=asked,
    )
    assert ("smtp-relay", "port", "587", 1) in got


def test_asides_about_who_someone_is_or_how_a_thing_was_made() -> None:
    text = "My old friend Greta, who sang in the choir with me for years, is engaged to a potter named Ilse."
    assert ("Greta", "partner", "Ilse", 1) in read(text)
    text = "Our famous Bellwether Organ, built by monks in 1650, stands in the Minster."
    assert ("Bellwether Organ", "location", "Minster", 1) in read(text)


def test_where_a_thing_sits_and_what_for() -> None:
    got = read("The Kite prototype is sitting in our Denver lab for wind testing.")
    assert ("Kite prototype", "location", "Denver", 1) in got


def test_a_pastime_said_with_its_kind() -> None:
    text = "stopped the pottery classes, my new thing is film photography"
    assert values(text, "hobby", filed={"hobby": ["pottery"]}) == ["film photography"]


def test_a_word_of_agreement_is_no_town_and_a_pet_sitting_in_a_box_is_no_thing_kept() -> None:
    assert not values(
        "Deal. Pebble is staying with my sister while we're away.", "home_city", filed={"home_city": ["York"]}
    )
    assert not any(a == "location" for _s, a, _v, _p in read("Chaotic. Kiwi keeps sitting in the boxes."))

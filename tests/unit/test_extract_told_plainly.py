"""Changes told plainly in ordinary grammar (passive voice, the value first, a dash, a replaced old value).

Sentences of our own: names, places and values other than the dev sets'.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from twinmem.extract import named as things
from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)  # a Thursday
X = RulesExtractor()

Fact = tuple[str, str, str, int]


def read(text: str, filed: dict[str, list[str]] | None = None) -> set[Fact]:
    got = X.read(text, SAID, "user", filed=filed or {}, things={}).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


@pytest.mark.parametrize(
    ("text", "filed", "expected"),
    [
        ("Since last Friday I'm officially Irish — the ceremony was in Dublin.", {}, (SELF, "nationality", "Irish", 1)),
        ("Leeds's been home since spring.", {}, (SELF, "home_city", "Leeds", 1)),
        ("Oslo's home now — the movers came Monday.", {"home_city": ["Bergen"]}, (SELF, "home_city", "Oslo", 1)),
        ("Guess who lives in Kraków now? Me, the offer was too good.", {}, (SELF, "home_city", "Kraków", 1)),
        ("Well, this term I'm a student at Trinity College Dublin.", {}, (SELF, "school", "Trinity College Dublin", 1)),
        ("My trainer talked me into going pescatarian.", {}, (SELF, "diet", "pescatarian", 1)),
        ("Odile was appointed head of logistics last week.", {}, ("Odile", "job_title", "head of logistics", 1)),
        ("I got poached by Personio in June.", {}, (SELF, "employer", "Personio", 1)),
        ("So we're Portugal-based now.", {}, (SELF, "home_country", "Portugal", 1)),
        ("Since my shoulder op, sketching has replaced tennis as my main hobby.", {}, (SELF, "hobby", "sketching", 1)),
        ("Our only pet these days is a rescue lurcher named Moss.", {}, (SELF, "pet", "Moss", 1)),
        ("The kitten we fostered last month is our only pet now.", {}, (SELF, "pet", "kitten", 1)),
        ("Traded in the Golf for a Skoda Octavia over the summer.", {}, (SELF, "car", "Skoda Octavia", 1)),
        (
            "These days I'm all about mustard yellow.",
            {"favorite_color": ["navy"]},
            (SELF, "favorite_color", "mustard yellow", 1),
        ),
        (
            "Strange but The Count of Monte Cristo has become my all-time favourite.",
            {"favorite_book": ["Emma"]},
            (SELF, "favorite_book", "Count of Monte Cristo", 1),
        ),
        (
            "I've swapped pho for laksa as my favourite.",
            {"favorite_food": ["pho"]},
            (SELF, "favorite_food", "laksa", 1),
        ),
        (
            "My supervisor moved, so I'm finishing the PhD at Leiden University.",
            {"school": ["TU Delft"]},
            (SELF, "school", "Leiden University", 1),
        ),
        (
            "After all that, I ended up at Bocconi, lectures start Monday.",
            {"school": ["LUISS"]},
            (SELF, "school", "Bocconi", 1),
        ),
        (
            "there's a pho place by the office now and pho is officially my new favourite food",
            {"favorite_food": ["tacos"]},
            (SELF, "favorite_food", "pho", 1),
        ),
        (
            "I always said dumplings, but since that trip to Osaka it's okonomiyaki.",
            {"favorite_food": ["dumplings"]},
            (SELF, "favorite_food", "okonomiyaki", 1),
        ),
        (
            "Since that trip laksa has overtaken pho as my favourite food.",
            {"favorite_food": ["pho"]},
            (SELF, "favorite_food", "laksa", 1),
        ),
        ("Otto's moving again lol. Tallinn this time, for his wife's job.", {}, ("Otto", "home_city", "Tallinn", 1)),
        ("My partner these days is Ines; we met in June.", {}, (SELF, "partner", "Ines", 1)),
        ("My employer these days is Fjord Labs; the commute is shorter.", {}, (SELF, "employer", "Fjord Labs", 1)),
        (
            "My new favourite drink, which I order every morning, is cortado.",
            {},
            (SELF, "favorite_drink", "cortado", 1),
        ),
        ("Ever since the trip to Lima, ceviche has been my favourite food.", {}, (SELF, "favorite_food", "ceviche", 1)),
        ("I became a naturalised Canadian citizen in March.", {}, (SELF, "nationality", "Canadian", 1)),
        ("The Yaris was sold in May and replaced by a used Skoda Fabia.", {}, (SELF, "car", "Skoda Fabia", 1)),
        ("I got into the master's programme at Uppsala University!", {}, (SELF, "school", "Uppsala University", 1)),
        ("Juno moved to my sister's, and a ferret named Pip has moved in.", {}, (SELF, "pet", "Pip", 1)),
        ("Since June my badge says Lead Designer, finally.", {}, (SELF, "job_title", "Lead Designer", 1)),
        (
            "I'm not vegan anymore, my GP put me on a pescatarian plan to fix my iron.",
            {},
            (SELF, "diet", "pescatarian", 1),
        ),
        ("The skin test showed it's actually latex I react to.", {}, (SELF, "allergy", "latex", 1)),
        (
            "If you asked me now I'd say laksa beats pho easily.",
            {"favorite_food": ["pho"]},
            (SELF, "favorite_food", "laksa", 1),
        ),
        (
            "I finished Circe in May, and it has taken the top spot as my favourite book.",
            {"favorite_book": ["Emma"]},
            (SELF, "favorite_book", "Circe", 1),
        ),
        (
            "I rewatched Arrival on Friday and, sorry Nolan, it's my new number one.",
            {"favorite_movie": ["Inception"]},
            (SELF, "favorite_movie", "Arrival", 1),
        ),
        (
            "My knee's fine now but I've got into pottery wheel throwing... no, I've got into lino printing.",
            {},
            (SELF, "hobby", "lino printing", 1),
        ),
        ("Leila split from Tom and she's with a carpenter called Bram now.", {}, ("Leila", "partner", "Bram", 1)),
        ("Idris got promoted! The owner made him head baker.", {}, ("Idris", "job_title", "head baker", 1)),
        (
            "Orla got promoted. They handed her the charge nurse job on Friday.",
            {},
            ("Orla", "job_title", "charge nurse", 1),
        ),
        ("oops, wrong date before, my birthday's actually June 3.", {}, (SELF, "birthday", "June 3", 1)),
        ("Ottilie is our site supervisor now.", {}, ("Ottilie", "job_title", "site supervisor", 1)),
        ("Heron's back to active as of Monday!", {}, ("Heron", "status", "active", 1)),
        ("shoulder's gone, and i've kind of fallen into bookbinding instead.", {}, (SELF, "hobby", "bookbinding", 1)),
        (
            "new carrier and they made me switch numbers, ugh. it's 0161 555 0142 now",
            {"phone": ["0161 555 0100"]},
            (SELF, "phone", "0161 555 0142", 1),
        ),
        ("Since my GP visit I follow a low-carb diet.", {}, (SELF, "diet", "low-carb", 1)),
        (
            "Bea's fees now come from Bard College, where she transferred in spring.",
            {},
            ("Bea", "school", "Bard College", 1),
        ),
        (
            "We had to migrate the billing database to eu-central-1, and latency from the US office is bad.",
            {},
            ("billing database", "location", "eu-central-1", 1),
        ),
        ("we're relocating again — bought a flat in Utrecht, keys in March", {}, (SELF, "home_city", "Utrecht", 1)),
        ("Been in Tallinn a couple of months now, the old town is lovely.", {}, (SELF, "home_city", "Tallinn", 1)),
        ("I've been at Personio about six weeks now.", {"employer": ["Celonis"]}, (SELF, "employer", "Personio", 1)),
        ("Help me draft a hello for my new colleagues at Trivago.", {}, (SELF, "employer", "Trivago", 1)),
        ("Honestly I've gotten really into bouldering.", {}, (SELF, "hobby", "bouldering", 1)),
        ("So sesame is Tomas's only allergy now.", {}, ("Tomas", "allergy", "sesame", 1)),
        (
            "I'm at Johns Hopkins now, orientation week and classes start Monday.",
            {"school": ["Tufts"]},
            (SELF, "school", "Johns Hopkins", 1),
        ),
        ("Nowadays I'm with Priyanka, we met at a wedding.", {}, (SELF, "partner", "Priyanka", 1)),
        (
            "Two offers came in and I ended up going with Klarna.",
            {"employer": ["Zalando"]},
            (SELF, "employer", "Klarna", 1),
        ),
        ("The Remains of the Day is my favourite book now.", {}, (SELF, "favorite_book", "Remains of the Day", 1)),
        ("We adopted a cavapoo puppy called Bramble.", {}, (SELF, "pet", "Bramble", 1)),
        ("I traded it in on a Mazda CX-30. It rides higher.", {"car": ["Ford Focus"]}, (SELF, "car", "Mazda CX-30", 1)),
        (
            "My easel is gathering dust. Sea swimming has taken over every weekend.",
            {"hobby": ["painting"]},
            (SELF, "hobby", "Sea swimming", 1),
        ),
        (
            "Honestly, Return of the King has knocked Paddington off the top spot.",
            {"favorite_movie": ["Paddington"]},
            (SELF, "favorite_movie", "Return of the King", 1),
        ),
        (
            "Hours got cut, so I'm tutoring kids in French at Mathnasium instead.",
            {"employer": ["Tesco"]},
            (SELF, "employer", "Mathnasium", 1),
        ),
        (
            "The school moved me over to Portuguese this year.",
            {"language": ["Italian"]},
            (SELF, "language", "Portuguese", 1),
        ),
        (
            "Don't laugh, but Wet Leg has overtaken Blur - they're my favourite band these days.",
            {"favorite_band": ["Blur"]},
            (SELF, "favorite_band", "Wet Leg", 1),
        ),
        (
            "Sorry lasagne: since Penang, char kway teow is the dish I crave most.",
            {"favorite_food": ["lasagne"]},
            (SELF, "favorite_food", "char kway teow", 1),
        ),
        (
            "Finished Circe last night and I think it has quietly replaced Emma as my favourite book.",
            {"favorite_book": ["Emma"]},
            (SELF, "favorite_book", "Circe", 1),
        ),
        (
            "New paint: burnt orange is the colour I love now, so the hall is going orange.",
            {"favorite_color": ["grey"]},
            (SELF, "favorite_color", "burnt orange", 1),
        ),
        (
            "Gave up the Fiesta - traded it in for a Skoda Enyaq once the lease ran out.",
            {"car": ["Ford Fiesta"]},
            (SELF, "car", "Skoda Enyaq", 1),
        ),
        ("I've got a pet again — a leopard gecko called Pip.", {}, (SELF, "pet", "Pip", 1)),
    ],
)
def test_a_change_told_plainly_is_read(text: str, filed: dict[str, list[str]], expected: Fact) -> None:
    assert expected in read(text, filed)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Facilities shipped build-agent-7 over to the Leipzig data centre in May.",
            ("build-agent-7", "location", "Leipzig", 1),
        ),
        (
            "The design studio's new address is 14 Canal Street, as of Monday.",
            ("design studio", "location", "14 Canal Street", 1),
        ),
        ("Priya fixed the cert, and SEC-881 is marked resolved.", ("SEC-881", "status", "resolved", 1)),
        (
            "We upgraded the search cluster to Elasticsearch 8 on Tuesday.",
            ("search cluster", "version", "Elasticsearch 8", 1),
        ),
        ("Change of plan: the team retreat's happening in Girona.", ("team retreat", "location", "Girona", 1)),
        ("The archive server sits in Vienna now rather than Graz.", ("archive server", "location", "Vienna", 1)),
        ("Quillon updated itself overnight to 5.2.1.", ("Quillon", "version", "5.2.1", 1)),
        ("On Monday build-11 was moved to our Lisbon facility.", ("build-11", "location", "Lisbon", 1)),
        ("I attended the ceremony on Friday and am now a Danish citizen.", (SELF, "nationality", "Danish", 1)),
        ("The permit came through, so home is now Norway.", (SELF, "home_country", "Norway", 1)),
        (
            "They promoted me to Vice President of Supply Chain today!",
            (SELF, "job_title", "Vice President of Supply Chain", 1),
        ),
        ("My new favourite snack? Salted edamame, easily.", (SELF, "favorite_snack", "Salted edamame", 1)),
        ("Ownership of Project Beacon has been transferred to Ama Owusu.", ("Project Beacon", "owner", "Ama Owusu", 1)),
        ("Kestrel Academy is where I ended up transferring to.", (SELF, "school", "Kestrel Academy", 1)),
        ("My brother had Ada transferred to Millbrook Prep in May.", ("Ada", "school", "Millbrook Prep", 1)),
        ("We're pinned to Gradlew 8.4.1 on the runners.", ("Gradlew", "version", "8.4.1", 1)),
        ("Bumped the runners to Gradlew 8.6.0 this morning.", ("Gradlew", "version", "8.6.0", 1)),
        ("now the app is with Lumen SDK 2.1.3, easier than feared", ("Lumen SDK", "version", "2.1.3", 1)),
        ("I've been drawing a paycheck from Halden & Rowe since June.", (SELF, "employer", "Halden & Rowe", 1)),
        ("From Monday I'm on the payroll at Kestrel Clinic.", (SELF, "employer", "Kestrel Clinic", 1)),
        ("The new business cards say Principal Designer.", (SELF, "job_title", "Principal Designer", 1)),
        (
            "Grandad sold up, so the Dunmore cottage is the Pattersons' now.",
            ("Dunmore cottage", "owner", "Pattersons", 1),
        ),
        (
            "Our NAS, Osprey, is racked in the Canal Street data centre.",
            ("Osprey", "location", "Canal Street data centre", 1),
        ),
        ("The Mill Lane bridge is open to traffic again since Monday.", ("Mill Lane bridge", "status", "open", 1)),
        ("The queue worker kept clashing on 9000, so relay listens on 9100 now.", ("relay", "port", "9100", 1)),
        (
            "Reshuffle: the Hartwell team took over the billing repo as of this sprint.",
            ("billing repo", "owner", "Hartwell team", 1),
        ),
        ("I hauled the printer down to the garage last night.", ("printer", "location", "garage", 1)),
        ("Rent went up, so the studio is over in Canal Yard now.", ("studio", "location", "Canal Yard", 1)),
        ("Twins on the way, so it's a Honda Odyssey for us now.", (SELF, "car", "Honda Odyssey", 1)),
        ("My cousin Priya transferred to UC Davis this spring.", ("Priya", "school", "UC Davis", 1)),
        ("Guess what, I got into Cornell!", (SELF, "school", "Cornell", 1)),
        ("I've been driving for FedEx since March.", (SELF, "employer", "FedEx", 1)),
        ("Not vegan any more. I eat eggs again; vegetarian is the word, I think.", (SELF, "diet", "vegetarian", 1)),
        ("No more keto for me, the doctor said so. Paleo, I suppose?", (SELF, "diet", "Paleo", 1)),
        ("We've part-exchanged the Fiesta for a Hyundai Kona.", (SELF, "car", "Hyundai Kona", 1)),
        (
            "From May I am Principal Product Designer and lead the apps team.",
            (SELF, "job_title", "Principal Product Designer", 1),
        ),
        (
            "Our Leeds team relocated to Wellington Place over the Easter weekend.",
            ("Leeds team", "location", "Wellington Place", 1),
        ),
        ("Sadly the council pulled the plug on the Riverside scheme.", ("Riverside scheme", "status", "cancelled", 1)),
        ("Responsibility for the build farm has passed to Oksana.", ("build farm", "owner", "Oksana", 1)),
        (
            "Tern 4.1 shipped on Monday; strictly speaking it's 4.1.2 after two hotfixes.",
            ("Tern", "version", "4.1.2", 1),
        ),
        ("I've joined the local bell ringing society.", (SELF, "hobby", "bell ringing", 1)),
        (
            "Kofi got the promotion: he's assistant principal at his school now.",
            ("Kofi", "job_title", "assistant principal", 1),
        ),
        ("We moved the gateway onto 9443 and closed 9080.", ("gateway", "port", "9443", 1)),
        ("A clash on 9443 again, so we moved edge-proxy and it's on 9553 now.", ("edge-proxy", "port", "9553", 1)),
        ("Marco's not my husband any more, we signed the papers.", (SELF, "partner", "Marco", -1)),
        ("I'm with Georgia now, we met at choir.", (SELF, "partner", "Georgia", 1)),
        ("Baking for my aunt, Noor, who's vegetarian.", ("Noor", "diet", "vegetarian", 1)),
        ("Ines has gone fully vegan since the documentary.", ("Ines", "diet", "vegan", 1)),
        ("I renounced the old one, so it's Irish citizenship only for me now.", (SELF, "nationality", "Irish", 1)),
        ("My birthday's coming up on June 9th, any ideas?", (SELF, "birthday", "June 9th", 1)),
        ("I wrote my own birthday wrong earlier — it's June 2nd, not the 12th.", (SELF, "birthday", "June 2nd", 1)),
        ("Correction: the title is staff accountant, not bookkeeper.", (SELF, "job_title", "staff accountant", 1)),
        ("The Postgres box in the server room runs on the default port, 5432.", ("Postgres box", "port", "5432", 1)),
        (
            "Ines is running sales at a tiny startup called Fernway these days.",
            ("Ines", "employer", "Fernway", 1),
        ),
        (
            "Small note, if you'd be so kind: we've swapped the Corsa for a Nissan Leaf.",
            (SELF, "car", "Nissan Leaf", 1),
        ),
        (
            "Rather than argue about it we moved ledger-api again, so it's on 7553 now.",
            ("ledger-api", "port", "7553", 1),
        ),
        ("Kestrel isn't on hold any more.", ("Kestrel", "status", "on hold", -1)),
        ("When the lease ended they moved the kiln to the back shed.", ("kiln", "location", "back shed", 1)),
        ("Facilities shuffled Jenkins onto 8181 over lunch.", ("Jenkins", "port", "8181", 1)),
        ("After the advisory Tern CLI jumped straight to 5.0.1.", ("Tern CLI", "version", "5.0.1", 1)),
        ("The Atlas migration is actively in progress again.", ("Atlas migration", "status", "in progress", 1)),
        ("I moved my PhD over to Imperial College in January.", (SELF, "school", "Imperial College", 1)),
        ("I'm back home in Portugal for good.", (SELF, "home_country", "Portugal", 1)),
        ("The lab results came back clean for peanuts.", (SELF, "allergy", "peanuts", -1)),
        ("What they did find is a proper latex allergy.", (SELF, "allergy", "latex", 1)),
        ("I'm allergic to kiwi, even a slice of it makes my mouth itch.", (SELF, "allergy", "kiwi", 1)),
        ("Staging is running version 5.1.0 of the search service today.", ("search service", "version", "5.1.0", 1)),
        ("so search in production is on 5.2.0 now", ("search", "version", "5.2.0", 1)),
        ("The analytics warehouse runs out of Oslo now.", ("analytics warehouse", "location", "Oslo", 1)),
        (
            "My dad Tomas changed carriers. Use 555-018-8221 to reach him from now on.",
            ("Tomas", "phone", "555-018-8221", 1),
        ),
        ("My girlfriend now is Petra.", (SELF, "partner", "Petra", 1)),
        ("I'm finishing my degree at Trinity College Dublin.", (SELF, "school", "Trinity College Dublin", 1)),
        ("These days every spare evening goes into pottery.", (SELF, "hobby", "pottery", 1)),
        ("Prod runs Redis 7.", ("Redis", "version", "7", 1)),
        ("The ledger API isn't on 9090 anymore; we moved it to 9443.", ("ledger API", "port", "9090", -1)),
        ("The ledger API isn't on 9090 anymore; we moved it to 9443.", ("ledger API", "port", "9443", 1)),
        ("My son Eli lives out in Tucson with his wife.", ("Eli", "home_city", "Tucson", 1)),
        ("My lady friend Marjorie is coming over for cards.", (SELF, "partner", "Marjorie", 1)),
        (
            "My granddaughter Ivy just started her sophomore year at Boise State University.",
            ("Ivy", "school", "Boise State University", 1),
        ),
        ("My uncle Walt drives a battered green Ford Ranger.", ("Walt", "car", "Ford Ranger", 1)),
        ("My uncle Walt sold the truck. He tootles around in a Honda Fit now.", ("Walt", "car", "Honda Fit", 1)),
        ("Petal & Stem lost its lease and reopened in Frome.", ("Petal & Stem", "location", "Frome", 1)),
        ("The camper's in Moab now, near the park.", ("camper", "location", "Moab", 1)),
        ("We've got the boat docked at a marina in Poole.", ("boat", "location", "Poole", 1)),
        ("The baby monitor goes through port 5050 now.", ("baby monitor", "port", "5050", 1)),
        ("We use an app called Tally, version 3.2.1, for budgets.", ("Tally", "version", "3.2.1", 1)),
        ("Hazel doesn't own the allotment anymore; she sold it to my cousin Oren.", ("allotment", "owner", "Oren", 1)),
        ("Our gym plan came out at $44 this month.", ("gym plan", "price", "$44", 1)),
        ("I helped Dad haul the piano down to the cellar.", ("piano", "location", "cellar", 1)),
        ("Swore the oath and gave back my Kenyan passport - officially Irish!", (SELF, "nationality", "Irish", 1)),
        ("I eat fish again, so pescatarian is the honest label.", (SELF, "diet", "pescatarian", 1)),
        ("I drive a Polestar 2 to work now.", (SELF, "car", "Polestar 2", 1)),
        ("After the reorg my business cards now say Head of Operations.", (SELF, "job_title", "Head of Operations", 1)),
        (
            "So everything's moved over to mo@ferncroft.co - that's the one to use.",
            (SELF, "email", "mo@ferncroft.co", 1),
        ),
        ("We've been Portugal-based since June.", (SELF, "home_country", "Portugal", 1)),
        ("My cousin Abe sold his Dallas place - he's in Austin now.", ("Abe", "home_city", "Austin", 1)),
        ("Anything you write for me should go out from kay@lumen.io from now on.", (SELF, "email", "kay@lumen.io", 1)),
        ("My aunt Bea owns the beach hut we use every summer.", ("beach hut", "owner", "Bea", 1)),
        ("I rented a room in Seville and work remotely from Spain.", (SELF, "home_country", "Spain", 1)),
        ("The org chart says Lead Engineer, which means more meetings.", (SELF, "job_title", "Lead Engineer", 1)),
        ("Bea signed the deed to the beach hut over to my cousin Nell.", ("beach hut", "owner", "Nell", 1)),
        ("My sister Ana's been with a chef named Tiago since May.", ("Ana", "partner", "Tiago", 1)),
        ("My brother Sam wrapped up his first semester at Caltech.", ("Sam", "school", "Caltech", 1)),
        ("Quill 3.2.0 cleared review and is rolling out.", ("Quill", "version", "3.2.0", 1)),
        ("I have left the classroom to become a school librarian.", (SELF, "job_title", "school librarian", 1)),
        ("My cousin Ada was appointed a consultant anaesthetist.", ("Ada", "job_title", "consultant anaesthetist", 1)),
        ("My friend Ines has just started dating Kwame.", ("Ines", "partner", "Kwame", 1)),
        ("My flatmate Jonah works weekends at Lidl.", ("Jonah", "employer", "Lidl", 1)),
        ("My cousin Theo landed a paid internship at Siemens.", ("Theo", "employer", "Siemens", 1)),
        ("I handed back the pager and took the Staff Engineer role.", (SELF, "job_title", "Staff Engineer", 1)),
        ("I've stopped running. I spend my free time gardening instead.", (SELF, "hobby", "gardening", 1)),
        ("We migrated sandbox to us-west-2 last week.", ("sandbox", "location", "us-west-2", 1)),
        ("After the reorg, search-api sits with the Discovery team.", ("search-api", "owner", "Discovery team", 1)),
        ("My cousin Ben is at Virginia Tech this fall.", ("Ben", "school", "Virginia Tech", 1)),
        ("My sister Maya accepted a product role at Canva.", ("Maya", "employer", "Canva", 1)),
        ("Clients should now reach the billing database on 6433.", ("billing database", "port", "6433", 1)),
        ("The Leeds office is now at Wellington Place.", ("Leeds office", "location", "Wellington Place", 1)),
        ("Kestrel has been put on hold for now.", ("Kestrel", "status", "on hold", 1)),
        ("I should mention that I now live in Porto.", (SELF, "home_city", "Porto", 1)),
        ("I ought to tell you that I am now studying at Durham University.", (SELF, "school", "Durham University", 1)),
        ("Ran into Nadia at the gym. She quit Monzo and joined Wise.", ("Nadia", "employer", "Wise", 1)),
        ("I left the Leeds program and moved to Edinburgh.", (SELF, "school", "Leeds", -1)),
        ("I'm not at Accenture any more, I'm at EY now.", (SELF, "employer", "EY", 1)),
        ("Since the knee surgery my free time goes on wild swimming.", (SELF, "hobby", "wild swimming", 1)),
        (
            "My partner Ilse changed carriers. Clients should ring her on 0161 555 0199.",
            ("Ilse", "phone", "0161 555 0199", 1),
        ),
        ("My nephew Arlo got accepted into the design program at RISD.", ("Arlo", "school", "RISD", 1)),
        ("The trustees approved me as deputy director, starting in June.", (SELF, "job_title", "deputy director", 1)),
        ("The post in Halifax came through, so that's home now.", (SELF, "home_city", "Halifax", 1)),
        (
            "Busy week, Noor had her leaving do on Friday. She's starting at Monzo next week.",
            ("Noor", "employer", "Monzo", 1),
        ),
        (
            "Ivo moved to the infra group, so Lena has taken over the billing-ui repo.",
            ("billing-ui repo", "owner", "Lena", 1),
        ),
        ("Rhea passed the rota on to our newest volunteer, Bo.", ("rota", "owner", "Bo", 1)),
        ("backup-01 is out of my flat. We racked it at a colo in Leeds.", ("backup-01", "location", "Leeds", 1)),
        ("I'd say terracotta is my favourite colour these days.", (SELF, "favorite_color", "terracotta", 1)),
        ("After the reorg Ilse picked up ledger-service.", ("ledger-service", "owner", "Ilse", 1)),
        (
            "Marta retired and sold Bread & Bloom to a young florist named Odile.",
            ("Bread & Bloom", "owner", "Odile", 1),
        ),
        ("We took the warehouse db straight to 15 over the weekend.", ("warehouse db", "version", "15", 1)),
        ("My friend Hana jumped ship - she's designing at Miro these days.", ("Hana", "employer", "Miro", 1)),
        ("Got the keys to a flat in Bristol yesterday.", (SELF, "home_city", "Bristol", 1)),
        ("The contract ended and I flew back home to Chile.", (SELF, "home_country", "Chile", 1)),
        ("I met Tariq at a gig and we've been together since May.", (SELF, "partner", "Tariq", 1)),
        ("Our newest family member is a beagle puppy called Biscuit.", (SELF, "pet", "Biscuit", 1)),
        ("So my address changed to kit@fernhill.co. Can you update the footer?", (SELF, "email", "kit@fernhill.co", 1)),
        ("My aunt Rosa is working in the lab at Guy's Hospital now.", ("Rosa", "employer", "Guy's Hospital", 1)),
        (
            "My cousin Ife left. The trust hired her back as director of nursing.",
            ("Ife", "job_title", "director of nursing", 1),
        ),
    ],
)
def test_a_change_told_plainly_with_nothing_filed_is_read(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_someone_hired_as_something_is_not_the_speaker() -> None:
    assert not {f for f in read("The council hired her as a planning officer.") if f[1] == "job_title" and f[0] == SELF}


def test_what_plain_frames_leave_alone() -> None:
    assert not {f for f in read("Facilities shipped build-agent-7 over to Leipzig.") if f[1] == "status"}  # no status
    assert not {
        f for f in read("I'm in Lyon now — signed a lease in the Croix-Rousse District.") if f[2].endswith("District")
    }
    assert not {f for f in read("I'm in Lyon now, signed a lease last week.") if f[0] == "Lyon"}  # a place is nobody
    assert not {f for f in read("I teach for Mom on Sundays.") if f[1] == "employer"}  # kin is no firm
    assert not {f for f in read("I moved the printer over to 6390.") if f[1] == "location"}  # a number is no place
    assert not {f for f in read("The contract moved to Priya in legal.") if f[1] == "location"}  # a person is no place
    assert not {f for f in read("When I lived in Porto, I had a Vespa.") if f[2] == "Porto"}  # a time, not news
    assert not {f for f in read("The ledger runs on Postgres 14.") if f[0] == "Postgres"}  # the ledger's version
    assert not read("We use Slack 5 days a week.")  # a count, no version
    assert not read("A guy from my old team just landed at Revolut.", {})  # someone else's new firm
    assert not read("My sister's in Paris now for a conference.")  # a trip
    assert not read("Sunita from book club is married to a potter named Ian, so our parties are fun.", {})  # hers
    assert not {f for f in read("Kubernetes 1.0 shipped in 2015.") if f[1] == "version"}  # history, no state
    assert not {f for f in read("We got a puppy named Rolo who has taken over our sofa.") if f[1] == "owner"}  # a pet
    assert not {
        f for f in read("Ilse picked up billing-service last week.") if f[1] == "hobby"
    }  # a service, no pastime
    assert not {f for f in read("The modem reports 4.1.7 after the update.") if f[0] == "reports"}  # a verb is no thing
    assert not {
        f
        for f in read("Since my shoulder op, sketching has replaced tennis as my main hobby.")
        if f[1].startswith("favorite")
    }


def test_over_the_weekend_said_in_the_past_is_the_weekend_gone() -> None:
    got = X.read("Traded in the Golf for a Skoda Octavia over the weekend.", SAID, "user", filed={}, things={})
    assert {s.valid_from.isoformat() for s in got.statements} == {"2026-09-26"}
    got = X.read("We're moving to Turku over the weekend.", SAID, "user", filed={}, things={})
    assert {s.valid_from.isoformat() for s in got.statements} == {"2026-10-03"}


def test_an_allergy_said_as_to_something_rather_than_another() -> None:
    assert (SELF, "allergy", "birch pollen", 1) in read("So my allergy is to birch pollen rather than grass.")


def test_a_shop_at_a_numbered_street() -> None:
    assert ("Fennel & Fig", "location", "9 Quay Street", 1) in read("Fennel & Fig is now at 9 Quay Street!")


def test_a_relative_clause_about_someone_else_is_kept() -> None:
    assert (SELF, "partner", "Ines", 1) not in read("My manager, who I like, is Ines.")  # a manager is no partner


def test_titles_handed_to_the_speaker_weekends_given_to_a_pastime_and_a_diet_named_by_its_practice() -> None:
    assert (SELF, "job_title", "team lead", 1) in read("They gave me the team lead role in May.")
    assert (SELF, "job_title", "head chef", 1) in read("Iker left and they made me head chef.")
    assert (SELF, "hobby", "fly fishing", 1) in read("These days my weekends belong to fly fishing.")
    assert ("Ama", "diet", "intermittent fasting", 1) in read("Ama's doing intermittent fasting now.")


def test_a_project_in_planning_a_child_s_school_and_a_pet_named_a_sentence_after_its_kind() -> None:
    assert ("Project Wren", "status", "in planning", 1) in read("Project Wren is still in planning; nothing built yet.")
    assert not {f for f in read("Project Wren is in planning.") if f[1] == "location"}
    assert ("Ada", "school", "Elmfield Primary", 1) in read("My daughter Ada just started Year 2 at Elmfield Primary.")
    assert ("Ada", "school", "Northgate Academy", 1) in read("Ada's at Northgate Academy since Easter, much happier.")
    got = X.read("Guess what, Ines has caved and got a dachshund puppy. She's called it Pretzel.", SAID, "user")
    assert [(s.subject, s.value, s.qualifier) for s in got.statements if s.attribute == "pet"] == [
        ("Ines", "Pretzel", "dachshund")
    ]


def test_mail_directed_somewhere_new_and_a_shouted_sentence() -> None:
    said = "Kindly update your records: correspondence should henceforth be directed to m.ode@fjordpost.no."
    assert (SELF, "email", "m.ode@fjordpost.no", 1) in read(said, {"email": ["mode@oldmail.no"]})
    got = X.read("ELSA FINALLY SOLD THE CIVIC!!! She bought a Kia Niro.", SAID, "user", filed={}, things={"Elsa": {}})
    assert ("Elsa", "car", "Kia Niro") in {(s.subject, s.attribute, s.value) for s in got.statements}
    assert not {f for f in read("Everyone on the team, every build agent is on 3.0.0 now.") if f[1] == "job_title"}


def test_a_car_driven_is_a_car_and_a_bus_route_is_not() -> None:
    assert ("Ines", "car", "Fiat Panda", 1) in read("My friend Ines still drives her ancient Fiat Panda everywhere.")
    assert not {f for f in read("My neighbour Piet is bus driver, he drive the number 9 line.") if f[1] == "car"}
    assert (SELF, "favorite_drink", "Cortado", 1) in read("Cortado is my drink. Every single morning.")


def test_a_thing_shipped_somewhere_is_moved_not_released() -> None:
    assert not {f for f in read("We shipped Magpie out on Thursday.") if f[1] == "status"}
    assert not {f for f in read("The backup box was shipped up to the Leeds data center.") if f[1] == "status"}
    assert ("Orbit", "status", "shipped", 1) in read("We shipped Orbit today.")


def test_since_as_an_adverb_before_the_verb() -> None:
    assert (SELF, "pet", "corn snake", 1) in read("Sad news about Biscuit, but I've since brought home a corn snake.")


def test_an_allergy_named_as_the_one_to_manage_a_pastime_as_ones_life_and_a_server_moved_over_the_holidays() -> None:
    assert (SELF, "allergy", "ragweed", 1) in read("Allergist's results: ragweed is the allergy I have to manage now.")
    assert ("Tove", "hobby", "pottery", 1) in read("Tove hasn't painted since May; pottery is her whole life now.")
    assert not {f for f in read("Work is my whole life.") if f[1] == "hobby"}
    filed = {"Lumen server": {"location": ["Oslo"]}}
    got = things.changes(
        "Correction on Lumen: it's no longer in Oslo, we shipped it to the Bergen facility over the holidays.",
        SAID,
        filed,
    )
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Lumen server", "location", "Bergen")]


def test_a_go_to_without_its_kind_is_the_favourite_filed_and_never_an_attribute_of_its_own() -> None:
    filed = {"favorite_snack": ["pretzels"]}
    assert (SELF, "favorite_snack", "dried mango", 1) in read(
        "Chips are out; my go-to these days is dried mango.", filed
    )
    assert (SELF, "favorite_snack", "rice cakes", 1) in read("No more crisps for me, rice cakes are my go to.", filed)
    assert not {f for f in read("My go-to these days is a long walk.") if "these" in f[1]}


def test_an_employer_parted_with_is_left_and_the_next_one_called_by_its_kind() -> None:
    filed = {"employer": ["Northwind"]}
    got = read("Northwind and I parted ways in May; I'm now at a biotech called Helixa.", filed)
    assert {(SELF, "employer", "Northwind", -1), (SELF, "employer", "Helixa", 1)} <= got
    assert not {f for f in got if f[1] == "partner"}
    assert (SELF, "partner", "Jonas", -1) in read("Jonas and I parted ways in May.")


def test_a_badge_names_the_employer_or_the_title_and_a_title_changed_to() -> None:
    assert (SELF, "employer", "Tallyho", 1) in read("Since Monday my badge says Tallyho.")
    assert (SELF, "job_title", "Staff Engineer", 1) in read("Since Monday my badge says Staff Engineer.")
    assert (SELF, "job_title", "Product Designer", 1) in read("HR changed my title to Product Designer in June.")


def test_a_car_traded_in_by_a_nickname_and_a_friend_seen_before_the_news() -> None:
    assert (SELF, "car", "Mazda CX-5", 1) in read("Traded the old beast in for a Mazda CX-5 on Friday.")
    got = read("Saw Ilse at the market on Sunday. She's at a small bakery called Kornblume now.")
    assert ("Ilse", "employer", "Kornblume", 1) in got


def test_a_thing_running_a_product_keeps_the_version_and_a_short_head_names_it() -> None:
    assert ("Search cluster", "version", "Elasticsearch 8.11", 1) in read(
        "Search cluster is running Elasticsearch 8.11."
    )
    assert ("reporting database", "version", "MySQL 8", 1) in read("Our reporting database is MySQL 8 on one box.")
    assert not {f for f in read("My favourite is Windows 11.") if f[1] == "version"}
    filed = {"reporting database": {"version": ["MySQL 8"]}}
    got = things.changes("Spent Sunday on the reporting db upgrade — it's on 8.4 now.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("reporting database", "version", "8.4")]


@pytest.mark.parametrize(
    ("text", "filed", "expected"),
    [
        ("News from Larkfit: membership goes up to £31 a month.", {"Larkfit": {"price": ["£27"]}}, "£31"),
        (
            "Audible put prices up - from May they're charging us $16.95.",
            {"Audible plan": {"price": ["$14.95"]}},
            "$16.95",
        ),
        ("we raised Basic, new users have been paying $9 since June", {"Basic plan": {"price": ["$7"]}}, "$9"),
        (
            "FYI the cache isn't on 6379 anymore. Ops put a proxy in front, and it only answers on 6380 now.",
            {"cache server": {"port": ["6379"]}},
            "6380",
        ),
        ("long week, but 1.3.0 went live on Friday", {"Pica": {"version": ["1.2.0"]}}, "1.3.0"),
    ],
)
def test_a_named_thing_s_new_value_said_in_a_clause_that_carries_on(
    text: str, filed: dict[str, dict[str, list[str]]], expected: str
) -> None:
    assert [s.value for s in things.changes(text, SAID, filed)] == [expected]


def test_a_version_released_goes_to_the_thing_spoken_of_last_with_a_version() -> None:
    filed = {"Pica": {"version": ["1.2.0"]}, "Orla": {"home_city": ["Cork"]}, "Tern": {"version": ["0.8"]}}
    got = things.changes("Busy week. Anyway 1.3.0 is out now.", SAID, filed)
    assert [(s.subject, s.value) for s in got] == [("Tern", "1.3.0")]
    assert things.mentions("Pica is slow, Tern is fast, and Pica again", ["Pica", "Tern", "Orla"]) == ["Tern", "Pica"]


def test_the_first_value_of_a_product_named_before_it_or_we() -> None:
    assert ("TallyBook", "price", "$8", 1) in read("I recommend TallyBook to friends; it's $8 a month.")
    assert ("ledger-sync", "version", "2.2.0", 1) in read("We use a tool called ledger-sync; we're on version 2.2.0.")
    assert ("RotaBot", "version", "0.4", 1) in read(
        "I built a bot called RotaBot for my German class; it's at version 0.4."
    )
    assert not {f for f in read("I bought a lamp. It's $40.") if f[1] == "price" and f[0] != "lamp"}


def test_things_sold_and_for_sale_and_a_status_word_before_a_noun_is_none() -> None:
    assert ("Corolla", "status", "sold", 1) in read("A nurse bought it on Friday, so the Corolla is sold.")
    assert ("old piano", "status", "for sale", 1) in read("We've listed the old piano for sale online.")
    assert not {f for f in read("I'm now in Harvard's online negotiation course.") if f[1] == "status"}


def test_schools_said_in_full_or_by_a_programme_and_firsts_of_others() -> None:
    got = read("Finally started at the University of Wisconsin at Madison this week.")
    assert (SELF, "school", "University of Wisconsin at Madison", 1) in got
    assert (SELF, "school", "Yale", 1) in read("Good news: I'm now in Yale's evening writing programme.")
    assert ("Noor", "school", "Hillcrest Academy", 1) in read("Noor's first week at Hillcrest Academy was a success.")
    assert (SELF, "employer", "Ortega Foods", 1) in read("After the merger my paychecks come from Ortega Foods.")


def test_a_diet_named_as_the_word_for_me_and_favourites_said_as_the_one_loved_most() -> None:
    got = read("I eat eggs again, so vegetarian is probably the right word for me now.", {"diet": ["vegan"]})
    assert (SELF, "diet", "vegetarian", 1) in got
    got = read("Squash is easily the sport I enjoy most now.", {"favorite_sport": ["golf"]})
    assert (SELF, "favorite_sport", "Squash", 1) in got
    assert (SELF, "favorite_programming_language", "Kotlin", 1) in read("Kotlin's my favourite language.")
    assert (SELF, "favorite_language", "Welsh", 1) in read("My favourite language is Welsh.")
    assert {f[1] for f in read("Dutch is my favourite language to read in.")} == {"favorite_language"}


def test_a_favourite_now_with_its_kind_filed_is_that_kind_not_a_colour_of_the_same_name() -> None:
    got = read("I've been converted: Amber is my favourite now.", {"favorite_beer": ["Pilsner"]})
    assert (SELF, "favorite_beer", "Amber", 1) in got
    assert not {f for f in got if f[1] == "favorite_color"}


def test_a_told_did_is_no_question_and_a_fragment_this_time_is_the_speaker_s() -> None:
    got = read("did the oath ceremony this morning, I'm officially Irish!", {"nationality": ["Brazilian"]})
    assert (SELF, "nationality", "Irish", 1) in got
    assert not read("Did the team move to Denver?")
    got = read("well, we've emigrated again. Chile this time, and it is HOT", {"home_country": ["Peru"]})
    assert (SELF, "home_country", "Chile", 1) in got


def test_owners_registered_and_sold_to_and_headquarters() -> None:
    assert ("quietfox.net", "owner", "Lena", 1) in read("quietfox.net is registered to my cousin Lena.")
    got = read("Lena sold quietfox.net to my old flatmate Bruno last week.")
    assert ("quietfox.net", "owner", "Bruno", 1) in got
    assert ("Tidal Loop", "location", "Leeds", 1) in read("Tidal Loop is headquartered in Leeds.")
    assert ("Tidal Loop", "location", "York", 1) in read("Big news: Tidal Loop's HQ is York now.")
    assert ("Project Heron", "status", "in beta", 1) in read("Project Heron is in beta with about 90 users.")


def test_a_move_said_as_packing_up_for_a_place() -> None:
    assert ("Ines", "home_city", "Valencia", 1) in read("Ines got tired of the cold and packed up for Valencia.")


@pytest.mark.parametrize(
    ("text", "attribute", "filed", "expected"),
    [
        (
            "ok new number one snack for me: dried figs. crisps have been dethroned",
            "favorite_snack",
            "crisps",
            "dried figs",
        ),
        (
            "the Mountain Goats have completely taken over. If I had to pick one band, it's them.",
            "favorite_band",
            "Wilco",
            "Mountain Goats",
        ),
        ("ngl wallows kinda took wilco's spot for me this year", "favorite_band", "wilco", "wallows"),
        (
            "rewatched arrival last night and i think it's overtaken alien as my favourite",
            "favorite_movie",
            "alien",
            "arrival",
        ),
        ("Saw Aftersun and it's my new #1, sorry Totoro", "favorite_movie", "Totoro", "Aftersun"),
        (
            "shamelessly fleetwood mac has taken over my life. they're my favourite now",
            "favorite_band",
            "wilco",
            "fleetwood mac",
        ),
    ],
)
def test_a_favourite_taken_over_said_loosely(text: str, attribute: str, filed: str, expected: str) -> None:
    assert (SELF, attribute, expected, 1) in read(text, {attribute: [filed]})


def test_a_colour_said_short_again_is_the_same_one_and_a_thing_bought_is_no_name() -> None:
    got = read(
        "I dyed my hair copper red in May and it's become my favourite colour. Blue's fine, but I bought red boots.",
        {"favorite_color": ["navy blue"]},
    )
    assert (SELF, "favorite_color", "copper red", 1) in got
    got = read("Everything I buy is sage green. That's my favourite colour now.", {"favorite_color": ["navy"]})
    assert (SELF, "favorite_color", "sage green", 1) in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "can you remember my home email for later: rui.costa@fastmail.pt",
            (SELF, "email", "rui.costa@fastmail.pt", 1),
        ),
        ("Could you note that I'm pescatarian now?", (SELF, "diet", "pescatarian", 1)),
        ("so i'm rui@costa.dev now, the old address is dead", (SELF, "email", "rui@costa.dev", 1)),
        ("starting as a junior analyst at a bank on monday, nervous!", (SELF, "job_title", "junior analyst", 1)),
        ("got bumped to staff engineer today lol", (SELF, "job_title", "staff engineer", 1)),
        ("i'm done at the agency - signed w/ Mosaic Health, started monday", (SELF, "employer", "Mosaic Health", 1)),
        ("as a Kenyan living abroad, i miss proper chapati", (SELF, "nationality", "Kenyan", 1)),
        ("lol my whole personality is bouldering now.", (SELF, "hobby", "bouldering", 1)),
    ],
)
def test_a_value_told_casually_with_nothing_filed(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_asking_to_be_reminded_of_a_value_tells_nothing() -> None:
    assert not read("can you remember what my email is?")
    assert not {f for f in read("I could move to Lyon.") if f[1] == "home_city"}


def test_a_language_learnt_by_its_app_and_a_citizenship_told_as_a_fragment() -> None:
    assert (SELF, "language", "Korean", 1) in read("day 12 of my duolingo streak in Korean")
    assert (SELF, "language", "Greek", 1) in read("trip's off so i switched the app over to Greek")
    assert not {f for f in read("my brother's lessons in Greek are going well") if f[1] == "language"}
    got = read("took the oath today!! officially a Mexican citizen.", {"nationality": ["Peruvian"]})
    assert (SELF, "nationality", "Mexican", 1) in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The pottery studio where I fire my mugs is in Galway, above a pub.",
            ("pottery studio", "location", "Galway", 1),
        ),
        ("Jellyfin on the old laptop that runs my media is 10.8.13.", ("Jellyfin", "version", "10.8.13", 1)),
        ("Updated it overnight; Jellyfin reports 10.9.2 and nothing broke.", ("Jellyfin", "version", "10.9.2", 1)),
        ("My oak cheese boards go for $38 at the craft fair.", ("oak cheese boards", "price", "$38", 1)),
        ("Oak went up, so the oak boards are marked $44 from Saturday.", ("oak boards", "price", "$44", 1)),
        (
            "Tell the printer to email Soraya at soraya@inkwell.ie about proofs.",
            ("Soraya", "email", "soraya@inkwell.ie", 1),
        ),
        (
            "The stock app for the bakery runs on the old tower in the office, on port 8090.",
            ("stock app", "port", "8090", 1),
        ),
    ],
)
def test_a_thing_s_first_value_said_with_more_around_it(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_a_port_given_to_a_named_thing() -> None:
    got = things.changes(
        "Something else took 9000, so I gave the photo server 9100 instead.", SAID, {"photo server": {"port": ["9000"]}}
    )
    assert [(s.subject, s.value) for s in got] == [("photo server", "9100")]
    assert not {f for f in read("The IP is 10.0.0.1.") if f[1] == "version"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Brightwell just moved its headquarters to Leeds.", ("Brightwell", "location", "Leeds", 1)),
        ("A colo in Oslo had space. We moved the render box there last week.", ("render box", "location", "Oslo", 1)),
        ("we're Glasgow people now! new flat in Partick", (SELF, "home_city", "Glasgow", 1)),
        ("signed with Arden's data team last week", (SELF, "employer", "Arden", 1)),
        ("cleared out my desk at Halcyon today", (SELF, "employer", "Halcyon", -1)),
        ("Quill went GA on monday!! it's live for every customer now", ("Quill", "status", "live", 1)),
    ],
)
def test_places_firms_and_statuses_said_in_passing(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_a_place_is_no_owner() -> None:
    assert not {f for f in read("Brightwell just moved its headquarters to Leeds.") if f[1] == "owner"}


def test_a_car_with_its_year_and_a_relative_clause_and_a_friend_who_bit_the_bullet() -> None:
    got = read("My cousin Oren drives a 2009 Subaru Forester that he refuses to sell.")
    assert ("Oren", "car", "2009 Subaru Forester", 1) in got
    got = read("so Oren bit the bullet and bought a used Skoda Octavia")
    assert ("Oren", "car", "Skoda Octavia", 1) in got
    assert (SELF, "favorite_show", "That '70s Show", 1) in read("My favourite show is That '70s Show.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we've just finished the move down to Exeter. boxes everywhere", (SELF, "home_city", "Exeter", 1)),
        ("our company Loomwise has its office in Tucson", ("Loomwise", "location", "Tucson", 1)),
        ("I'm finishing the MBA in Emory University's evening program", (SELF, "school", "Emory University", 1)),
        ("ended up transferring my credits to Dalhousie, the format suits me", (SELF, "school", "Dalhousie", 1)),
        ("Jun left Canva to co-found a startup called Ferrous.", ("Jun", "employer", "Ferrous", 1)),
        ("Ravi moved teams, so billing-core is Meera's from today.", ("billing-core", "owner", "Meera", 1)),
        ("Okta made an offer I couldn't refuse, so that's where I'm working now.", (SELF, "employer", "Okta", 1)),
        ("the Polo went in part-exchange for a Hyundai Kona in May", (SELF, "car", "Hyundai Kona", 1)),
    ],
)
def test_a_change_said_around_the_value(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_a_pronoun_after_a_dash_is_the_one_spoken_of_before() -> None:
    got = things.changes(
        "Ah, that's old news - she relocated to Perth in May.", SAID, {"Tamsin": {"home_city": ["Hobart"]}}
    )
    assert [(s.subject, s.value) for s in got] == [("Tamsin", "Perth")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("signed a lease in Dundee last week.", (SELF, "home_city", "Dundee", 1)),
        ("Teo got poached - he handed in his notice and is joining Miro in May.", ("Teo", "employer", "Miro", 1)),
        ("Teo sold his bike and went to Aarhus for a new job", ("Teo", "home_city", "Aarhus", 1)),
        ("Nell transferred to Carleton for her second year", ("Nell", "school", "Carleton", 1)),
        ("Our household pet these days is a tabby called Miso.", (SELF, "pet", "Miso", 1)),
        ("Did Dry January on a dare and it stuck - I'm teetotal... and vegan now.", (SELF, "diet", "vegan", 1)),
        ("nas01 is running TrueNAS Scale 24.04.", ("nas01", "version", "TrueNAS Scale 24.04", 1)),
        ("you can talk to me in German from now on", (SELF, "language", "German", 1)),
    ],
)
def test_a_move_a_school_a_pet_or_a_host_said_in_passing(text: str, expected: Fact) -> None:
    assert expected in read(text)


def test_a_trip_somewhere_for_a_conference_is_no_move() -> None:
    assert not {f for f in read("Teo went to Aarhus for a conference.") if f[1] == "home_city"}


def test_a_version_tagged_after_a_had_and_one_a_screen_shows() -> None:
    got = things.changes(
        "Rewrote Pipit in June and tagged it 1.2.0 once I'd fixed the tests.", SAID, {"Pipit": {"version": ["0.8"]}}
    )
    assert [(s.subject, s.value) for s in got] == [("Pipit", "1.2.0")]
    got = things.changes(
        "IT patched rota-sync overnight. The about page says 3.1.4 now.", SAID, {"rota-sync": {"version": ["3.0.9"]}}
    )
    assert [(s.subject, s.value) for s in got] == [("rota-sync", "3.1.4")]
    assert (SELF, "home_city", "Lisbon", 1) not in read("I'd move to Lisbon in a heartbeat.")
    assert (SELF, "home_city", "Lisbon", 1) in read("By spring I'd moved to Lisbon.")


def test_a_port_a_box_is_on_work_done_for_a_firm_and_a_pet_said_as_the_shop_dog() -> None:
    assert ("staging Redis box", "port", "6379", 1) in read("The staging Redis box is on the default 6379.")
    assert not {f for f in read("My step count is on 9000 today.") if f[1] == "port"}
    assert (SELF, "employer", "Larchwood Press", 1) in read(
        "I do freelance editing work for Larchwood Press on Mondays."
    )
    assert ("Ama", "pet", "Biscuit", 1) in read("Ama's old cat died. Her shop dog now is a beagle called Biscuit.")


@pytest.mark.parametrize(
    ("text", "attribute", "filed", "expected"),
    [
        (
            "Saw Wet Leg live and honestly they've overtaken Blur as my favourite band.",
            "favorite_band",
            "Blur",
            "Wet Leg",
        ),
        ("after that gig in June Big Thief is officially my favorite band", "favorite_band", "Blur", "Big Thief"),
        (
            "watched Aftersun and I think it just dethroned Jaws as my all time favorite",
            "favorite_movie",
            "Jaws",
            "Aftersun",
        ),
        ("my order these days is an iced chai, the barista knows me", "favorite_drink", "americano", "iced chai"),
        ("been using Helix for months and it's the one I love most now", "favorite_editor", "Vim", "Helix"),
        ("after Lima I have to admit ceviche has overtaken pizza", "favorite_food", "pizza", "ceviche"),
    ],
)
def test_a_favourite_changed_in_passing(text: str, attribute: str, filed: str, expected: str) -> None:
    got = read(text, {attribute: [filed]})
    assert (SELF, attribute, expected, 1) in got
    assert {f[1] for f in got if f[1].startswith("favorite")} == {attribute}  # never favorite_all, favorite_anymore


def test_a_thing_s_first_value_is_filed_once_not_also_under_a_word_of_its_name() -> None:
    got = X.read(
        "The billing API listens on port 9090. Can you write a curl for it?", SAID, "user", filed={}, things={}
    )
    assert [(s.subject, s.attribute, s.value) for s in got.statements] == [("billing API", "port", "9090")]


def test_a_price_paid_or_let_at_with_an_aside_and_a_name_with_one_in_brackets() -> None:
    assert ("Gymbox", "price", "£30", 1) in read("currently paying £30/mo for Gymbox, the one by the station.")
    assert ("Fernhill Lodge", "price", "$95", 1) in read("We rent out Fernhill Lodge, the old barn, for $95 a night.")
    assert ("Fernhill Lodge", "price", "$95", 1) in read("The quote came in: Fernhill Lodge is asking $95 a night.")
    assert ("Quokka", "status", "on hold", 1) in read("Quokka (the billing rewrite) is on hold until spring.")
    assert ("Quokka", "status", "in staging", 1) in read("Quokka is in staging while QA pokes at it.")


def test_an_adverb_before_a_title_is_no_part_of_it() -> None:
    got = read("Big week: my title is officially staff designer from Monday.", {"job_title": ["senior designer"]})
    assert (SELF, "job_title", "staff designer", 1) in got


def test_the_one_someone_got_engaged_to_named_in_the_sentence_after_the_news() -> None:
    assert ("Teodor", "partner", "Ilinca", 1) in read("Teodor's engaged! He met Ilinca on a ferry to Hvar.")
    assert ("Teodor", "partner", "Ilinca", 1) in read("Big news about Teodor: he's engaged! Her name is Ilinca.")
    assert ("Teodor", "partner", "Ilinca", 1) in read("Teodor got engaged! He and Vesna split ages ago, it's Ilinca.")
    assert not {f for f in read("Teodor got engaged! It's Sunday, so we're toasting.") if f[1] == "partner"}


def test_she_after_a_word_of_discourse_is_the_one_spoken_of() -> None:
    filed = {"Marta": {"home_city": ["Oslo"]}}
    got = things.changes("turns out she hated the Oslo rain, she's in Bergen now.", SAID, filed)
    assert [(s.subject, s.attribute, s.value) for s in got] == [("Marta", "home_city", "Bergen")]


def test_a_favourite_said_not_to_be_the_old_one_any_more_then_the_new() -> None:
    got = read(
        "Correction: my favourite album isn't Rumours any more, it's Blue Lines.", {"favorite_album": ["Rumours"]}
    )
    assert (SELF, "favorite_album", "Blue Lines", 1) in got


def test_it_after_an_event_is_the_thing_named_before_and_not_the_event_s_noun() -> None:
    got = read("Note for the wiki: orders-api isn't on 7000 now. After the proxy migration it serves on 7443.")
    assert ("orders-api", "port", "7000", -1) in got
    assert not {f for f in got if f[0] == "proxy migration" or f[0] == "proxy"}
    filed = {"orders-api": {"port": ["7000"]}}
    said = things.changes("After the proxy migration it serves on 7443.", SAID, filed, asked=None)
    assert not said  # nobody named in the turn: "it" is nobody's here
    said = things.changes("orders-api moved. After the proxy migration it serves on 7443.", SAID, filed)
    assert [(s.subject, s.value) for s in said] == [("orders-api", "7443")]


def test_first_values_said_with_the_kind_beside_the_name() -> None:
    assert ("Tern POS", "version", "4.1", 1) in read("The shop's tills run Tern POS version 4.1.")
    assert ("Rowan", "job_title", "solicitor", 1) in read("My cousin Rowan is a solicitor at Hale & Finch.")
    assert ("Rowan", "employer", "Hale & Finch", 1) in read("My cousin Rowan is a solicitor at Hale & Finch.")
    assert ("sync-job", "status", "disabled", 1) in read("sync-job is disabled until the vendor fixes their API.")
    assert ("Bluefin", "location", "Quay Street", 1) in read("Our boat, the Bluefin, is moored at Quay Street.")
    assert ("Pressmark", "location", "Dock Road", 1) in read(
        "I get my zines printed at Pressmark, a small shop on Dock Road."
    )
    assert not {f for f in read("We spent a week in Porto, a city in Portugal.") if f[1] == "location"}


def test_a_visit_planned_after_a_move_leaves_the_move_a_move() -> None:
    got = read("I've just moved to Halifax for work, so my sister is planning a visit.", {"home_city": ["Regina"]})
    assert (SELF, "home_city", "Halifax", 1) in got
    assert not {
        f for f in read("I flew to Halifax for a week, back on Monday.", {"home_city": ["Regina"]}) if f[2] == "Halifax"
    }
    filed = {"Ottilie": {"home_city": ["Regina"]}}
    said = things.changes("Ottilie moved to Halifax for a job, so I'm planning a visit!", SAID, filed)
    assert [(s.subject, s.value) for s in said] == [("Ottilie", "Halifax")]


def test_a_rule_never_matches_from_inside_a_word() -> None:
    got = read("So the cafe cut my hours, and Marlow Hardware down the street hired me instead.")
    assert not {f for f in got if f[1] == "status"}


def test_favourites_taken_over_in_a_relative_clause_or_named_just_before_it_s_my_new_favourite() -> None:
    filed = {"favorite_food": ["gnocchi"]}
    got = read("Treating myself with jollof rice, which has quietly taken over as my favourite.", filed)
    assert (SELF, "favorite_food", "jollof rice", 1) in got
    filed = {"favorite_book": ["Dune"]}
    got = read("My cousin lent me The Name of the Wind and it's my new favourite.", filed)
    assert (SELF, "favorite_book", "The Name of the Wind", 1) in got
    assert not {f for f in read("My brother says Dune is his favourite now.", filed) if f[1] == "favorite_book"}


def test_work_in_house_a_diary_sentence_and_a_place_someone_else_moved_to_or_that_loses() -> None:
    assert (SELF, "employer", "Pellworth", 1) in read("I've gone in-house at Pellworth.", {"employer": ["Brightly"]})
    assert (SELF, "home_city", "Leeds", 1) in read("Graduated and signed a lease in Leeds.", {"home_city": ["York"]})
    assert not read("Talked to Sam, who moved to Leeds.", {"home_city": ["York"]})
    assert not read("Ran the numbers and Leeds doesn't come out ahead.", {"home_city": ["York"]})


def test_a_thing_named_after_its_value_does_not_take_it_from_the_one_carried_on() -> None:
    filed = {"ledger-sync": {"version": ["2.0.1"]}, "TLS fix": {}}
    text = "ledger-sync isn't on 2.0.1 now, we bumped it to 2.1.0 once the TLS fix landed."
    said = things.changes(text, SAID, filed)
    assert [(s.subject, s.value) for s in said] == [("ledger-sync", "2.1.0")]


def test_a_kin_title_is_no_part_of_the_name() -> None:
    filed = {"Aunt Ilse": {"employer": ["Kestrel Bank"]}}
    said = things.changes("Ilse left Kestrel Bank, and she's at Morrow Foods now.", SAID, filed)
    assert ("Aunt Ilse", "employer", "Morrow Foods") in [(s.subject, s.attribute, s.value) for s in said]


def test_closed_for_repairs_shifts_at_a_shop_a_carrier_and_nobody_is_no_favourite() -> None:
    assert ("Tollgate Bridge", "status", "closed", 1) in read("The Tollgate Bridge is closed for repairs until May.")
    assert (SELF, "employer", "Corbel Books", 1) in read("I've taken a few shifts a week at Corbel Books.")
    assert ("Idris", "job_title", "mail carrier", 1) in read("My uncle Idris has been a mail carrier for years.")
    got = read("Nobody writes a harbour town like she does, she's my favourite author.")
    assert not {f for f in got if f[2] == "Nobody"}


def test_an_owner_who_has_owned_it_for_years() -> None:
    assert ("Fenwick Mill", "owner", "Ada Brack", 1) in read("Ada Brack has owned Fenwick Mill since 1990.")


def test_a_list_ends_where_a_clause_of_its_own_begins_and_i_is_no_car_model() -> None:
    got = read("Note that I'm allergic to sesame, and Priya can't do dairy.")
    assert {f for f in got if f[1] == "allergy"} == {(SELF, "allergy", "sesame", 1)}
    got = read("The Skoda Enyaq I picked up in May is great on range.", {"car": ["Ford Focus"]})
    assert (SELF, "car", "Skoda Enyaq", 1) in got


def test_a_pet_s_name_with_whose_and_what_it_is_beside_it() -> None:
    assert (SELF, "pet", "Mochi", 1) in read("Mochi, my old tabby, slept through the storm.")
    assert not {f for f in read("Rex, his terrier, barked all night.") if f[1] == "pet"}


def test_where_someone_is_said_plainly_is_their_town_and_a_stay_is_not() -> None:
    assert (SELF, "home_city", "Halifax", 1) in read("Heads up: I'm in Halifax, so calls after 4pm my time are out.")
    assert ("Marit", "home_city", "Trondheim", 1) in read("Marit's in Trondheim, so she's an hour ahead of us.")
    assert ("Arjun", "home_city", "Pune", 1) in read("Arjun is in Pune fwiw")
    assert not {f for f in read("I'm in Cork this week for a wedding.") if f[1] == "home_city"}
    assert not {f for f in read("We're on holiday, we're in Split until Sunday!") if f[1] == "home_city"}
    assert not {f for f in read("Ada is in Bergen for the weekend.") if f[1] == "home_city"}


def test_a_price_said_of_it_after_the_thing_named_in_the_same_sentence() -> None:
    got = read("We're renting the Larch Barn for the reunion, it's £140 a night, enough room for twelve.")
    assert ("Larch Barn", "price", "£140", 1) in got
    assert not {f for f in read("Mum loves Verona, it's lovely in May.") if f[1] == "price"}


def test_a_list_of_what_things_cost() -> None:
    got = read("Monthly bills so far: Fibrelink Home $49.99, Ostara Gym $32, and Kettle Club $12.")
    assert {f for f in got if f[1] == "price"} == {
        ("Fibrelink Home", "price", "$49.99", 1),
        ("Ostara Gym", "price", "$32", 1),
        ("Kettle Club", "price", "$12", 1),
    }
    assert not {f for f in read("I paid $40 for it, Sam said $35.") if f[1] == "price" and f[0] == "Sam"}


def test_it_in_the_sentence_after_a_thing_is_named_is_that_thing() -> None:
    got = read("We always book Alder Lodge for the reunion. It's £140 a night, split six ways.")
    assert ("Alder Lodge", "price", "£140", 1) in got
    got = read("Each spring we rent Heron Cottage in the Peak District. It belongs to Dora Finch, a potter.")
    assert ("Heron Cottage", "owner", "Dora Finch", 1) in got


def test_a_version_said_with_its_word_and_a_town_worked_out_of() -> None:
    assert ("Wrenlog", "version", "2.4", 1) in read("Wrenlog is version 2.4 on my laptop.")
    assert ("Bruno", "home_city", "Porto", 1) in read("Bruno, our designer, works out of Porto.")
    assert not {f for f in read("I work out of the Leeds office on Mondays.") if f[1] == "home_city"}


def test_a_version_said_as_the_current_one_or_beside_what_runs_it() -> None:
    assert ("Larkspur", "version", "3.2.1", 1) in read("Larkspur 3.2.1 is the current release on the store.")
    assert ("Kestrel POS", "version", "7.0.4", 1) in read("The shop runs Kestrel POS, version 7.0.4, on two tills.")


def test_a_favourite_that_will_always_be_and_one_said_with_right_now() -> None:
    assert (SELF, "favorite_painter", "Turner", 1) in read("Turner will always be my favourite painter.")
    assert (SELF, "favorite_band", "low roar", 1) in read("low roar is my fav band rn, on repeat all week")

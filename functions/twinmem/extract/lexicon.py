"""Small word lists the rules extractor reads: places, job titles, diets, languages, ..."""

from __future__ import annotations

from twinmem.values import ALIASES, DEMONYMS

COUNTRIES: frozenset[str] = frozenset(
    """afghanistan albania algeria argentina armenia australia austria azerbaijan bahrain bangladesh
    belarus belgium bolivia bosnia brazil bulgaria cambodia cameroon canada chile china colombia
    costa-rica croatia cuba cyprus czechia czech-republic denmark dominican-republic ecuador egypt
    el-salvador estonia ethiopia finland france georgia germany ghana greece guatemala honduras
    hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan
    kenya korea south-korea north-korea kuwait latvia lebanon lithuania luxembourg malaysia malta
    mexico moldova monaco mongolia montenegro morocco nepal netherlands the-netherlands new-zealand
    nicaragua nigeria norway oman pakistan panama paraguay peru philippines poland portugal qatar
    romania russia saudi-arabia scotland senegal serbia singapore slovakia slovenia south-africa
    spain sri-lanka sweden switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine
    united-arab-emirates uae united-kingdom uk britain great-britain england wales united-states usa
    us america uruguay uzbekistan venezuela vietnam zambia zimbabwe the-us the-uk the-states
    """.replace("-", " ").split("\n") and " ".join(
        w.replace("-", " ") for w in """afghanistan albania algeria argentina armenia australia austria
    azerbaijan bahrain bangladesh belarus belgium bolivia bosnia brazil bulgaria cambodia cameroon canada
    chile china colombia costa-rica croatia cuba cyprus czechia czech-republic denmark dominican-republic
    ecuador egypt el-salvador estonia ethiopia finland france georgia germany ghana greece guatemala
    honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan
    kenya korea south-korea north-korea kuwait latvia lebanon lithuania luxembourg malaysia malta mexico
    moldova monaco mongolia montenegro morocco nepal netherlands the-netherlands new-zealand nicaragua
    nigeria norway oman pakistan panama paraguay peru philippines poland portugal qatar romania russia
    saudi-arabia scotland senegal serbia singapore slovakia slovenia south-africa spain sri-lanka sweden
    switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine united-arab-emirates uae
    united-kingdom uk britain great-britain england wales united-states usa us america uruguay uzbekistan
    venezuela vietnam zambia zimbabwe the-us the-uk the-states u.s. u.k. u.s.a.""".split()
    ).split("|")
)

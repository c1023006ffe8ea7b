"""Every partition and sort key of the single table, and the encoding of user strings in them.

Layout (one table, `pk`/`sk`, two generic GSIs):

    account partition   T#{tenant}#A#{account}
        ACCOUNT                         the end user: name, rebuild state (404 when absent)
        EV#{event_id}                   an item (turn or note), current version
        EVV#{event_id}#{version}        an earlier version of an item's text
        XR#{event_id}#{version}#{gen}   what extraction wrote for one item version (also a change)
        COR#{subject}#{attribute}#{n}   a correction (re-applied by rebuild)
        REBUILD                         a rebuild job and its cursor
        RET#{ms}#{unique}               a retrieval to count (the stream adds it to each memory, then deletes it)
    subject partition   T#{tenant}#A#{account}#S#{subject}
        {attribute}#{valid_from}#{said_at}#{memory_id}   an assertion-bearing memory (history order)
    notes partition     T#{tenant}#A#{account}#N     {memory_id}   memories without an assertion
    revisions           T#{tenant}#A#{account}#R     {memory_id}#{n}  closed content revisions
    links               T#{tenant}#A#{account}#L     {source_id}#{dependent_id}  derived_from, reversed
    changes             T#{tenant}#A#{account}#C     {change_id}      changes that have no item of their own
    usage               T#{tenant}#A#{account}#U     {memory_id}      times retrieved, used, ignored
    keys                KEY#{sha256(secret)} / KEY
    tenant              T#{tenant} / SETTINGS

    gsi1 (g1pk, g1sk): memories of an account by id   T#..#A#..#M / {memory_id}
                       and its items (episodes)       T#..#A#..#M / {event_id}   (the EV# item itself)
                       keys of a tenant               T#{tenant}#KEYS / {key_id}
                       accounts of a tenant           T#{tenant}#ACCOUNTS / {account}
                       tenants with retention         RETENTION / {tenant}
    gsi2 (g2pk, g2sk): the change feed of an account  T#..#A#..#F / {ms:013d}#{unique}
                       the subjects of an account     T#..#A#..#SUBJECTS / {subject}  (on the first
                       memory filed under each subject: no write of its own)

User-supplied strings (tenant, account, subject, attribute, client ids) are percent-encoded with
no safe characters, so `#` can never appear inside a component; long ones keep a readable prefix
and end in `!` + a SHA-256 digest (`!` is always encoded, so the two forms cannot collide).
"""

from __future__ import annotations

import hashlib
from urllib.parse import quote

MAX_COMPONENT = 180  # encoded characters kept before hashing; keeps pk < 2048 B and sk < 1024 B


def enc(value: str) -> str:
    """Encode one user string for use inside a key component."""
    encoded = quote(value, safe="")
    if len(encoded) <= MAX_COMPONENT:
        return encoded
    digest = hashlib.sha256(value.encode("utf-8")).hexdigest()
    return f"{encoded[:100]}!{digest}"


def account_pk(tenant: str, account: str) -> str:
    return f"T#{enc(tenant)}#A#{enc(account)}"


def subject_pk(tenant: str, account: str, subject_norm: str) -> str:
    return f"{account_pk(tenant, account)}#S#{enc(subject_norm)}"


def notes_pk(tenant: str, account: str) -> str:
    return f"{account_pk(tenant, account)}#N"


def links_pk(tenant: str, account: str) -> str:
    """Reverse links: which memories were derived from which (explain's dependents)."""
    return f"{account_pk(tenant, account)}#L"


def link_sk(source_id: str, dependent_id: str) -> str:
    return f"{source_id}#{dependent_id}"


def links_prefix(source_id: str) -> str:
    """The links from one memory (its dependents)."""
    return f"{source_id}#"


def revisions_pk(tenant: str, account: str) -> str:
    return f"{account_pk(tenant, account)}#R"


def usage_pk(tenant: str, account: str) -> str:
    """Usage counters, one small item per memory (sk = memory id): counting never rewrites the memory."""
    return f"{account_pk(tenant, account)}#U"


def changes_pk(tenant: str, account: str) -> str:
    return f"{account_pk(tenant, account)}#C"


def memories_index_pk(tenant: str, account: str) -> str:
    return f"{account_pk(tenant, account)}#M"


def feed_index_pk(tenant: str, account: str) -> str:
    return f"{account_pk(tenant, account)}#F"


ACCOUNT_SK = "ACCOUNT"
REBUILD_SK = "REBUILD"


def retrieval_sk(ms: int, unique: str) -> str:
    return f"RET#{ms:013d}#{unique}"


def subjects_index_pk(tenant: str, account: str) -> str:
    """gsi2 partition of the account's subjects: the first memory filed under a subject carries it."""
    return f"{account_pk(tenant, account)}#SUBJECTS"


EVENT_PREFIX = "EV#"
LAST_TURN_PREFIX = "LAST#"  # per conversation: the item posted last, what the next call's first item answers


def last_turn_sk(conversation_id: str | None) -> str:
    return f"{LAST_TURN_PREFIX}{enc(conversation_id or '')}"


EVENT_VERSION_PREFIX = "EVV#"  # every earlier version of every item of the account


def event_sk(event_id: str) -> str:
    return f"{EVENT_PREFIX}{event_id}"


def event_version_sk(event_id: str, version: int) -> str:
    return f"{event_versions_prefix(event_id)}{version:06d}"


def event_versions_prefix(event_id: str) -> str:
    return f"{EVENT_VERSION_PREFIX}{event_id}#"


def extraction_sk(event_id: str, version: int, generation: int = 0) -> str:
    return f"XR#{event_id}#{version:06d}#{generation:04d}"


def extractions_prefix(event_id: str) -> str:
    return f"XR#{event_id}#"


def correction_prefix(subject_norm: str, attribute: str) -> str:
    return f"COR#{enc(subject_norm)}#{enc(attribute)}#"


def correction_sk(subject_norm: str, attribute: str, value_key: str, at: str) -> str:
    """A correction record: the subject and attribute it corrects, the value it took back, when (ISO)."""
    return f"{correction_prefix(subject_norm, attribute)}{enc(value_key)}#{at}"


CORRECTION_PREFIX = "COR#"


def attribute_prefix(attribute: str) -> str:
    """Sort-key prefix selecting one attribute of a subject partition (a key condition)."""
    return f"{enc(attribute)}#"


def assertion_sk(attribute: str, valid_from: str, said_at: str, memory_id: str) -> str:
    """History order is key order: attribute, then valid_from, then said_at (all ISO, so sortable)."""
    return f"{enc(attribute)}#{valid_from}#{said_at}#{memory_id}"


def revision_sk(memory_id: str, n: int) -> str:
    return f"{memory_id}#{n:06d}"


def revisions_prefix(memory_id: str) -> str:
    """Every closed revision of one memory."""
    return f"{memory_id}#"


def key_pk(secret_hash: str) -> str:
    return f"KEY#{secret_hash}"


KEY_SK = "KEY"


def tenant_keys_index_pk(tenant: str) -> str:
    return f"T#{enc(tenant)}#KEYS"


def tenant_accounts_index_pk(tenant: str) -> str:
    """gsi1 partition listing a tenant's accounts (the maintenance job walks them)."""
    return f"T#{enc(tenant)}#ACCOUNTS"


RETENTION_INDEX_PK = "RETENTION"  # gsi1 partition of tenants with an age-based retention setting


def tenant_pk(tenant: str) -> str:
    return f"T#{enc(tenant)}"


SETTINGS_SK = "SETTINGS"


def tenant_feed_pk(tenant: str) -> str:
    """gsi2 partition of changes that concern every account of a tenant (settings)."""
    return f"T#{enc(tenant)}#F"


def feed_sk(ms: int, unique: str) -> str:
    return f"{ms:013d}#{unique}"


def feed_after(ms: int) -> str:
    """A feed position past every entry of this millisecond (a settle point, or a revision's end)."""
    return feed_sk(ms, "\uffff")


def feed_ms(sk: str) -> int:
    """The millisecond time a feed position holds."""
    return int(sk.split("#", 1)[0])


def change_sk(unique: str) -> str:
    """A tenant-wide change (a setting), in the tenant partition."""
    return f"CHG#{unique}"

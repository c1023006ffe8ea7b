"""The data-access layer: the only package that talks to DynamoDB.

Owns every query, condition expression and item shape; takes and returns domain models. Keys come
from twinmem.aws.tablekeys. The client is created on first use and cached (moto must be active before
that, and importing this package creates nothing). Callers use `store.<function>`; the modules hold:

    base.py      client, (de)serialisation, call counting, throttling -> 503, a failed condition -> 409
    writes.py    conditional put and update, transactions, what a cancelled one says
    shapes.py    how memories, subject registrations and change entries are laid out
    tenants.py   API keys, accounts, tenant settings
    events.py    items and their versions
    memories.py  memories and assertions: extraction writes, reads, revisions, corrections, vectors
    usage.py     retrieval logs and usage counters
    index.py     the retrieve index (gsi1): memories and items (episodes) read together
    feed.py      the change feed
    jobs.py      rebuild jobs
"""

from __future__ import annotations

from twinmem.aws.store.base import (
    client,
    on_call,
    reset,
    stream_image,
    unavailable,
    use_client,
)
from twinmem.aws.store.events import (
    event_from_item,
    get_event,
    get_events,
    iter_events,
    last_turn,
    put_events,
    put_last_turn,
    replace_event_content,
)
from twinmem.aws.store.feed import (
    query_feed,
)
from twinmem.aws.store.index import (
    IndexRow,
    event_versions,
    nearest,
    read_index_rows,
)
from twinmem.aws.store.jobs import (
    finish_rebuild,
    get_rebuild,
    save_rebuild_cursor,
    start_rebuild,
)
from twinmem.aws.store.memories import (
    delete_memory,
    dependents_of,
    erase_revisions,
    extraction_records,
    filed_values,
    get_memories,
    get_memory,
    get_revisions,
    list_corrections,
    list_memories,
    list_subjects,
    locate_memory,
    put_memory,
    query_subject,
    retract_memories,
    revise_memory,
    search_vectors,
    subject_is_new,
    write_extraction,
)
from twinmem.aws.store.tenants import (
    create_account,
    get_account,
    get_api_key,
    get_settings,
    list_accounts,
    list_api_keys,
    put_api_key,
    put_settings,
    revoke_api_key,
    set_account_name,
    tenants_with_retention,
)
from twinmem.aws.store.usage import (
    apply_retrieval,
    count_outcome,
    get_usage,
    log_retrieval,
    retrieval_log,
)

__all__ = [
    "IndexRow",
    "apply_retrieval",
    "client",
    "count_outcome",
    "create_account",
    "delete_memory",
    "dependents_of",
    "erase_revisions",
    "event_from_item",
    "event_versions",
    "extraction_records",
    "filed_values",
    "finish_rebuild",
    "get_account",
    "get_api_key",
    "get_event",
    "get_events",
    "get_memories",
    "get_memory",
    "get_rebuild",
    "get_revisions",
    "get_settings",
    "get_usage",
    "iter_events",
    "last_turn",
    "list_accounts",
    "list_api_keys",
    "list_corrections",
    "list_memories",
    "list_subjects",
    "locate_memory",
    "log_retrieval",
    "nearest",
    "on_call",
    "put_api_key",
    "put_events",
    "put_last_turn",
    "put_memory",
    "put_settings",
    "query_feed",
    "query_subject",
    "read_index_rows",
    "replace_event_content",
    "reset",
    "retract_memories",
    "retrieval_log",
    "revise_memory",
    "revoke_api_key",
    "save_rebuild_cursor",
    "search_vectors",
    "set_account_name",
    "start_rebuild",
    "stream_image",
    "subject_is_new",
    "tenants_with_retention",
    "unavailable",
    "use_client",
    "write_extraction",
]

"""API keys, accounts (end users) and tenant settings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from twinmem.aws import tablekeys
from twinmem.aws.store.base import call, from_attrs, guarded, key, ms, query_all, strip, to_attrs
from twinmem.aws.store.writes import EXISTS, NEW, put, put_if_absent, transact, update_if
from twinmem.models import Account, ApiKey, iso


@guarded
def put_api_key(key: ApiKey, secret_hash: str) -> None:
    item = {
        "pk": tablekeys.key_pk(secret_hash),
        "sk": tablekeys.KEY_SK,
        "type": "APIKEY",
        "g1pk": tablekeys.tenant_keys_index_pk(key.tenant),
        "g1sk": key.key_id,
        **key.model_dump(mode="json"),
    }
    call("put_item", Item=to_attrs(item), ConditionExpression=NEW)  # a secret minted twice: 409


@guarded
def get_api_key(secret_hash: str) -> ApiKey | None:
    out = call("get_item", Key=key(tablekeys.key_pk(secret_hash), tablekeys.KEY_SK))
    if "Item" not in out:
        return None
    return ApiKey.model_validate(strip(from_attrs(out["Item"])))


@guarded
def list_api_keys(tenant: str) -> list[tuple[ApiKey, dict[str, Any]]]:
    """The tenant's keys, each with its table key (for revocation)."""
    items = query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.tenant_keys_index_pk(tenant)}),
    )
    out = []
    for item in items:
        data = from_attrs(item)
        out.append((ApiKey.model_validate(strip(dict(data))), {"pk": item["pk"], "sk": item["sk"]}))
    return out


@guarded
def revoke_api_key(table_key: dict[str, Any], at: datetime) -> None:
    call(
        "update_item",
        Key=table_key,
        UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :t)",
        ExpressionAttributeValues=to_attrs({":t": iso(at)}),
    )


@guarded
def get_account(tenant: str, account: str) -> Account | None:
    out = call(
        "get_item",
        Key=key(tablekeys.account_pk(tenant, account), tablekeys.ACCOUNT_SK),
        ConsistentRead=True,
    )
    if "Item" not in out:
        return None
    return Account.model_validate(strip(from_attrs(out["Item"])))


def account_item(acc: Account) -> dict[str, Any]:
    """The end user's record as a table item (attribute values)."""
    item = {
        "pk": tablekeys.account_pk(acc.tenant, acc.account),
        "sk": tablekeys.ACCOUNT_SK,
        "type": "ACCOUNT",
        "g1pk": tablekeys.tenant_accounts_index_pk(acc.tenant),
        "g1sk": acc.account,
    }
    return to_attrs({**item, **acc.model_dump(mode="json")})


@guarded
def create_account(acc: Account) -> None:
    """Create the end user's record if absent (a no-op when it exists)."""
    put_if_absent(account_item(acc))


@guarded
def set_account_name(tenant: str, account: str, name: str, *, only_if_unset: bool) -> bool:
    """Name the end user. Returns False when only_if_unset and a name was already set."""
    condition = EXISTS
    if only_if_unset:
        condition += " AND attribute_not_exists(#n)"
    return update_if(
        key(tablekeys.account_pk(tenant, account), tablekeys.ACCOUNT_SK),
        "SET #n = :n",
        condition,
        values={":n": name},
        names={"#n": "name"},
    )


@guarded
def get_settings(tenant: str) -> dict[str, Any]:
    out = call("get_item", Key=key(tablekeys.tenant_pk(tenant), tablekeys.SETTINGS_SK))
    if "Item" not in out:
        return {}
    return dict(strip(from_attrs(out["Item"])).get("settings", {}))


@guarded
def put_settings(tenant: str, value: dict[str, Any], at: datetime) -> None:
    """Store the tenant's settings and put the change on the tenant's feed (every account's feed shows it)."""
    item = {
        "pk": tablekeys.tenant_pk(tenant),
        "sk": tablekeys.SETTINGS_SK,
        "type": "SETTINGS",
        "settings": value,
        "tenant": tenant,
    }
    if value.get("retention_days"):
        item.update(g1pk=tablekeys.RETENTION_INDEX_PK, g1sk=tenant)
    unique = f"settings.{ms(at)}"
    change = {
        "pk": tablekeys.tenant_pk(tenant),
        "sk": tablekeys.change_sk(unique),
        "type": "CHANGE",
        "g2pk": tablekeys.tenant_feed_pk(tenant),
        "g2sk": tablekeys.feed_sk(ms(at), unique),
        "changes": [{"kind": "SETTINGS"}],
        "at": iso(at),
    }
    transact([put(to_attrs(item)), put(to_attrs(change))])


@guarded
def tenants_with_retention() -> list[tuple[str, int]]:
    """(tenant, retention_days) of every tenant that set an age-based retention (gsi1)."""
    items = query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.RETENTION_INDEX_PK}),
    )
    out = []
    for data in map(from_attrs, items):
        days = (data.get("settings") or {}).get("retention_days")
        if days:
            out.append((str(data["tenant"]), int(days)))
    return out


@guarded
def list_accounts(tenant: str) -> list[str]:
    items = query_all(
        IndexName="gsi1",
        KeyConditionExpression="g1pk = :p",
        ExpressionAttributeValues=to_attrs({":p": tablekeys.tenant_accounts_index_pk(tenant)}),
    )
    return [str(from_attrs(i)["g1sk"]) for i in items]

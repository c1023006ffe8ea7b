"""The store's writes: conditional put and update, transactions, and what a cancelled one says.

Every write of the store goes through these few helpers, so a condition, a transaction and the reading
of its cancellation reasons look the same everywhere. Items and keys are DynamoDB attribute values
(`to_attrs`, `key`); expression values are plain (converted here).
"""

from __future__ import annotations

from typing import Any

from twinmem.aws.store.base import call, cancellation_reasons, error_code, table, to_attrs

NEW = "attribute_not_exists(pk)"  # the item must not exist yet
EXISTS = "attribute_exists(pk)"  # the item must exist
CONDITION_FAILED = "ConditionalCheckFailed"  # a transaction action's cancellation reason
MAX_ACTIONS = 100  # actions in one transaction


def _expression(
    condition: str | None,
    values: dict[str, Any] | None,
    names: dict[str, str] | None,
    encoded: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The condition, names and values of an expression (`encoded`: values already in DynamoDB's form)."""
    out: dict[str, Any] = {}
    if condition is not None:
        out["ConditionExpression"] = condition
    if names:
        out["ExpressionAttributeNames"] = names
    if values or encoded:
        out["ExpressionAttributeValues"] = {**to_attrs(values or {}), **(encoded or {})}
    return out


def put(item: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
    """A transaction Put (`condition`: NEW writes only a new item, so a redelivery fails it)."""
    return {"Put": {"TableName": table(), "Item": item, **_expression(condition, None, None)}}


def update(
    item_key: dict[str, Any],
    expression: str,
    values: dict[str, Any] | None = None,
    condition: str | None = None,
    names: dict[str, str] | None = None,
    encoded: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A transaction Update (`encoded`: expression values already in DynamoDB's form, such as a vector)."""
    return {
        "Update": {
            "TableName": table(),
            "Key": item_key,
            "UpdateExpression": expression,
            **_expression(condition, values, names, encoded),
        }
    }


def delete(item_key: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
    """A transaction Delete."""
    return {"Delete": {"TableName": table(), "Key": item_key, **_expression(condition, None, None)}}


def transact(actions: list[dict[str, Any]]) -> None:
    """Write the actions (at most MAX_ACTIONS) together, or none of them."""
    call("transact_write_items", TransactItems=actions)


def transact_once(actions: list[dict[str, Any]]) -> bool:
    """Write the actions together unless the first one's condition fails (the work was done already: a
    redelivered record); False then, and nothing written."""
    try:
        transact(actions)
    except Exception as exc:
        reasons = cancellation_reasons(exc)
        if reasons and reasons[0] == CONDITION_FAILED:
            return False
        raise
    return True


def _held(operation: str, **params: Any) -> bool:
    """One conditional write; False (and nothing written) when its condition does not hold."""
    try:
        call(operation, **params)
    except Exception as exc:
        if error_code(exc) != "ConditionalCheckFailedException":
            raise
        return False
    return True


def put_if_absent(item: dict[str, Any]) -> bool:
    """Write a new item; False (and nothing written) when one with its key exists."""
    return _held("put_item", Item=item, ConditionExpression=NEW)


def put_unless_newer(item: dict[str, Any], order: str) -> bool:
    """Write the item unless the stored one has a greater numeric `order` attribute; False when it had."""
    condition = f"{NEW} OR #o <= :o"
    return _held("put_item", Item=item, **_expression(condition, None, {"#o": order}, {":o": item[order]}))


def update_if(
    item_key: dict[str, Any],
    expression: str,
    condition: str,
    values: dict[str, Any] | None = None,
    names: dict[str, str] | None = None,
) -> bool:
    """Update an item when the condition holds; False (and nothing written) when it does not."""
    return _held("update_item", Key=item_key, UpdateExpression=expression, **_expression(condition, values, names))

"""template.yaml as data: the table, the HTTP routes and the stream mapping, for tests and the local server.

template.yaml is the single source of truth; nothing here restates what it declares.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "template.yaml"


class _CfnLoader(yaml.SafeLoader):
    """SafeLoader that reads CloudFormation short-form tags (!Ref, !GetAtt, !Sub, ...) as plain dicts."""


def _tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    if suffix == "Ref":
        return {"Ref": value}
    if suffix == "GetAtt" and isinstance(value, str):
        return {"Fn::GetAtt": value.split(".", 1)}
    return {f"Fn::{suffix}": value}


_CfnLoader.add_multi_constructor("!", _tag)


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    return yaml.load(TEMPLATE.read_text(), Loader=_CfnLoader)


def resources(kind: str) -> dict[str, dict[str, Any]]:
    return {name: r for name, r in load()["Resources"].items() if r.get("Type") == kind}


def table_definition(table_name: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """CreateTable parameters and the TTL specification, read from the template's one table."""
    (props,) = [r["Properties"] for r in resources("AWS::DynamoDB::Table").values()]
    params: dict[str, Any] = {
        "TableName": table_name,
        "AttributeDefinitions": props["AttributeDefinitions"],
        "KeySchema": props["KeySchema"],
        "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
    }
    if "GlobalSecondaryIndexes" in props:
        params["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
    if "StreamSpecification" in props:
        params["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
    return params, props.get("TimeToLiveSpecification")


def create_table(client: Any, table_name: str) -> None:
    """Create the template's table (and its TTL setting) through any DynamoDB client."""
    params, ttl = table_definition(table_name)
    client.create_table(**params)
    client.get_waiter("table_exists").wait(TableName=table_name, WaiterConfig={"Delay": 1, "MaxAttempts": 60})
    if ttl:
        client.update_time_to_live(TableName=table_name, TimeToLiveSpecification=ttl)


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # as declared: /v1/memory/items/{event_id}
    function: str  # logical id
    handler: str  # module.attr, e.g. items.app.handler

    @property
    def regex(self) -> re.Pattern[str]:
        return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(self.path)) + "$")

    def params(self, path: str) -> dict[str, str]:
        names = re.findall(r"\{([^}]+)\}", self.path)
        m = re.match("^" + re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(self.path)) + "$", path)
        return dict(zip(names, m.groups(), strict=True)) if m else {}


@dataclass(frozen=True)
class StreamMapping:
    function: str
    handler: str
    batch_size: int
    batching_window: float
    max_retries: int
    bisect: bool
    report_failures: bool
    filters: list[dict[str, Any]] = field(default_factory=list)
    starting_position: str = "TRIM_HORIZON"


def _handler(props: dict[str, Any]) -> str:
    return str(props["Handler"])


def routes() -> list[Route]:
    out = []
    for name, fn in resources("AWS::Serverless::Function").items():
        for event in (fn["Properties"].get("Events") or {}).values():
            if event["Type"] == "HttpApi":
                p = event["Properties"]
                out.append(Route(p["Method"].upper(), p["Path"], name, _handler(fn["Properties"])))
    return out


def stream_mappings() -> list[StreamMapping]:
    out = []
    for name, fn in resources("AWS::Serverless::Function").items():
        for event in (fn["Properties"].get("Events") or {}).values():
            if event["Type"] != "DynamoDB":
                continue
            p = event["Properties"]
            filters = [json.loads(f["Pattern"]) for f in (p.get("FilterCriteria") or {}).get("Filters", [])]
            out.append(
                StreamMapping(
                    function=name,
                    handler=_handler(fn["Properties"]),
                    batch_size=int(p.get("BatchSize", 100)),
                    batching_window=float(p.get("MaximumBatchingWindowInSeconds", 0)),
                    max_retries=int(p.get("MaximumRetryAttempts", -1)),
                    bisect=bool(p.get("BisectBatchOnFunctionError", False)),
                    report_failures="ReportBatchItemFailures" in (p.get("FunctionResponseTypes") or []),
                    filters=filters,
                    starting_position=p.get("StartingPosition", "TRIM_HORIZON"),
                )
            )
    return out


def function_timeout(function: str) -> int:
    fn = load()["Resources"][function]["Properties"]
    return int(fn.get("Timeout") or load().get("Globals", {}).get("Function", {}).get("Timeout", 3))

"""template.yaml is the truth: it lints, it deploys as written, and the code serves exactly its routes."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from infra import template

ROOT = Path(__file__).resolve().parents[2]


def test_cfn_lint_passes() -> None:
    result = subprocess.run(
        [str(Path(sys.executable).parent / "cfn-lint"), str(ROOT / "template.yaml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_sam_validate_lint_passes() -> None:
    sam = os.environ.get("SAM_CLI") or str(ROOT / ".tools/sam/bin/sam")
    if not Path(sam).exists():
        pytest.fail("SAM CLI not installed: run `make test` (it installs it into .tools/sam)")
    env = {**os.environ, "SAM_CLI_TELEMETRY": "0", "AWS_DEFAULT_REGION": "us-east-1"}
    result = subprocess.run(
        [sam, "validate", "--lint", "--template", "template.yaml", "--region", "us-east-1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _api_modules() -> dict[str, object]:
    names = dict.fromkeys(r.handler.rsplit(".", 1)[0] for r in template.routes())
    return {name: importlib.import_module(name) for name in names}


def test_the_template_and_the_code_declare_the_same_routes_and_methods() -> None:
    declared = {f"{r.method} {r.path}": r.handler.rsplit(".", 1)[0] for r in template.routes()}
    in_code = {key: name for name, module in _api_modules().items() for key in module.app.rules}  # type: ignore[attr-defined]

    assert in_code == declared


def test_each_declaration_is_the_route_powertools_serves() -> None:
    """One registration: the rules (scope, end user) and the resolver's routes are the same set."""
    for name, module in _api_modules().items():
        app = module.app  # type: ignore[attr-defined]
        served = {f"{r.method} {r.rule.replace('<', '{').replace('>', '}')}" for r in _resolver_routes(app)}
        assert served == set(app.rules), name


def test_every_api_function_in_the_package_is_in_the_template() -> None:
    from twinmem.http.openapi import api_apps

    assert {id(app) for app in api_apps()} == {id(m.app) for m in _api_modules().values()}  # type: ignore[attr-defined]


def test_the_stream_mapping_reads_only_items_and_bounds_retries() -> None:
    (mapping,) = template.stream_mappings()
    props = template.load()["Resources"][mapping.function]["Properties"]["Events"]["Items"]["Properties"]

    assert mapping.report_failures and mapping.bisect
    assert 0 <= mapping.max_retries <= 5
    assert "OnFailure" in props["DestinationConfig"]
    assert mapping.filters == [
        {"eventName": ["INSERT", "MODIFY"], "dynamodb": {"NewImage": {"type": {"S": ["EVENT"]}}}},
        {"dynamodb": {"NewImage": {"type": {"S": ["REBUILD"]}, "status": {"S": ["running"]}}}},
        {"eventName": ["INSERT"], "dynamodb": {"NewImage": {"type": {"S": ["RETRIEVAL"]}}}},
    ]


def test_the_moto_table_is_built_from_the_template(backend: object) -> None:
    desc = backend.dynamodb.describe_table(TableName=backend.table_name)["Table"]  # type: ignore[attr-defined]
    declared, ttl = template.table_definition(backend.table_name)  # type: ignore[attr-defined]

    assert desc["KeySchema"] == declared["KeySchema"]
    assert {i["IndexName"] for i in desc["GlobalSecondaryIndexes"]} == {
        i["IndexName"] for i in declared["GlobalSecondaryIndexes"]
    }
    assert desc["StreamSpecification"]["StreamViewType"] == "NEW_IMAGE"
    ttl_desc = backend.dynamodb.describe_time_to_live(TableName=backend.table_name)  # type: ignore[attr-defined]
    assert ttl and ttl_desc["TimeToLiveDescription"]["AttributeName"] == ttl["AttributeName"]


class _R:
    def __init__(self, method: str, rule: str) -> None:
        self.method, self.rule = method, rule


def _resolver_routes(app: object) -> list[_R]:
    out = []
    for route in app._static_routes + app._dynamic_routes:  # type: ignore[attr-defined]
        for method in route.method.split("|") if isinstance(route.method, str) else route.method:
            out.append(_R(method.upper(), route.path))
    return out


def test_the_committed_openapi_document_is_current() -> None:
    import json

    from infra.openapi import document

    committed = json.loads((ROOT / "docs/openapi.json").read_text())
    assert committed == json.loads(json.dumps(document())), "run `make openapi`"


def test_the_alarms_watch_the_failure_queue_throttles_errors_and_lag() -> None:
    alarms = {name: r["Properties"] for name, r in template.resources("AWS::CloudWatch::Alarm").items()}
    watched = {(p.get("Namespace"), p.get("MetricName")) for p in alarms.values()}
    watched |= {
        (m["MetricStat"]["Metric"]["Namespace"], m["MetricStat"]["Metric"]["MetricName"])
        for p in alarms.values()
        for m in p.get("Metrics", [])
        if "MetricStat" in m
    }
    assert {
        ("AWS/SQS", "ApproximateNumberOfMessagesVisible"),
        ("AWS/DynamoDB", "ReadThrottleEvents"),
        ("AWS/DynamoDB", "WriteThrottleEvents"),
        ("AWS/Lambda", "Errors"),
        ("AWS/Lambda", "IteratorAge"),
        ("AWS/ApiGateway", "5xx"),
    } <= watched
    queue = alarms["ExtractionFailuresAlarm"]["Dimensions"][0]["Value"]
    assert queue == {"Fn::GetAtt": ["ExtractionFailures", "QueueName"]}

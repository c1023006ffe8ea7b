"""Lambda function: lineage."""

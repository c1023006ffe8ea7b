"""Lambda function: known."""

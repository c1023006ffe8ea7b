"""Lambda function: items."""
